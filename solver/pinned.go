package solver

import (
	"math/bits"

	"github.com/klondike-family/klondike/engine"
)

// Pinned cards: a dead-card proof of loss for the games the relaxed game
// of relax.go does not bound.
//
// Theorem. In a game of one deck, without a Joker and without cells, take
// piles that have face-down cards under their face-up ones; for such a
// pile i let X_i be its lowest face-up card and U_i the set of its cards
// under X_i (all face down). Let S be a non-empty set of such piles and U
// the union of their U_i. If for every i in S (1) every card X_i may be
// built on is in U, (2) X_i may not fill an empty pile, and (3) X_i is not
// of the foundations' first rank and the card X_i follows on its
// foundation (its suit's next lower rank; past the King to the Ace where
// ranks wrap) is in U, then the game cannot be won from this position.
//
// Proof. Suppose some X_i (i in S) leaves the card it lies on, and take
// the first such move. Until then every card of U is still face down:
// a card of U_j is turned only once nothing lies on it, so only after X_j
// has left (cards only ever go onto a pile's top, so nothing comes between
// X_j and the card under it). X_i leaves by a move of its own or of a
// group it heads, as no card under it (face down) can head a group. Such
// a move takes X_i (a) onto a pile's top card that X_i may be built on:
// every such card is in U, face down, so no pile's top; (b) into an empty
// pile: excluded by (2); (c) onto its foundation, which takes X_i only
// after the card X_i follows has gone up: that card is in U, face down;
// (d) into a cell: there are none; nor does any move put a pile's card
// into a reserve (reserves are only dealt to). A stock dealt onto the
// piles, or a foundation card worried back, puts cards on pile tops and
// leaves X_i where it is. So no X_i ever leaves, no card of U ever goes
// up, and the game is not won.
//
// Finding S: the largest set that meets (1)-(3) is found by starting from
// every pile with face-down cards whose X_i meets (2) and the rank part
// of (3), and dropping, until none is dropped, each pile whose X_i fails
// (1) or (3) against the union of the piles left: a pile of any set that
// meets them is never dropped, so the set left is empty only when no such
// set exists. With one pile in S, X_i is pinned by its own pile: Yukon's
// native deal 95 has the Nine of Clubs face up on the Eight of Clubs and
// both red Tens.
//
// The search uses it twice (pinApplies): at the root of every search
// (Solve and solver.Small answer lost at once; the root is a deal, or a
// position a player or an advice solves) and after every move that turns
// a pile's face-down card, whose child is not searched when a set S
// exists (the conditions read only the X_i and U_i, which change only when
// a card is turned). Where any card fills an empty pile (Thumb and Pouch,
// Whitehead) condition (2) never holds, and the proof is not used. The rules it applies to are those of the other games
// (Yukon, Alaska, Agnes Sorel, Agnes Bernauer and the like); Klondike's
// rule sets, which the relaxed game bounds, keep their search unchanged.
// It is a pruning that correctness does not need, so NoPrune turns it
// off, and the differential tests compare the two.

// pinApplies tells whether the pinned-card proof holds for the rules and
// is used there.
func pinApplies(r *engine.Rules) bool {
	return r.Decks == 1 && !r.Joker && r.Cells == 0 && !relaxApplies(r)
}

// pinTable is what the proof needs of a deal: for each card, the cards it
// may be built on and the card it follows on its foundation.
type pinTable struct {
	hosts [64]uint64 // hosts[x]: the cards x may be built on
	after [64]uint64 // after[x]: the card x follows on its foundation; 0 for none or unknown
	fill  uint64     // the cards that may fill an empty pile
}

// newPinTable works out the proof's table for s's deal (its foundation
// base included) from the deal rules' fitters (fitters[t]: the cards that
// may be built on t) and fillers (the cards that may fill an empty pile);
// nil when every card of the game may fill an empty pile, so that none is
// ever pinned.
func newPinTable(s *engine.State, fitters *[64]uint64, fillers uint64) *pinTable {
	g := s.Game()
	r := &g.Rules
	pt := &pinTable{fill: fillers}
	var cards uint64
	base := s.Base()
	for x := engine.Card(0); x < 64; x++ {
		if !x.Valid() || x.IsJoker() || x.Rank() > r.Ranks {
			continue
		}
		cards |= 1 << x
		for t := engine.Card(0); t < 64; t++ {
			if fitters[t]&(1<<x) != 0 {
				pt.hosts[x] |= 1 << t
			}
		}
		rk := x.Rank()
		switch {
		case rk == base:
			// the first card of its foundation: it follows nothing
		case r.Wrap:
			p := rk - 1
			if p < 1 {
				p = r.Ranks
			}
			pt.after[x] = 1 << engine.NewCard(p, x.Suit())
		case rk > base:
			pt.after[x] = 1 << engine.NewCard(rk-1, x.Suit())
		}
		// otherwise (a rank below the base where Rules.Wrap is off) it is
		// left unknown and the card never taken for pinned: a deliberate
		// under-approximation (the engine's foundations wrap past the King
		// whenever the base is above the Ace)
	}
	if cards&^fillers == 0 {
		return nil
	}
	return pt
}

// pinnedAny tells whether s has a set S of piles that meets the
// theorem's conditions.
func (pt *pinTable) pinnedAny(s *engine.State) bool {
	var xs [engine.MaxPiles]engine.Card
	var unders [engine.MaxPiles]uint64
	var in uint16 // the piles of S so far
	for i := 0; i < s.Game().Piles(); i++ {
		d := s.Down(i)
		p := s.Pile(i)
		if d == 0 || d >= len(p) {
			continue
		}
		x := p[d]
		if !x.Valid() || pt.fill&(1<<x) != 0 || pt.after[x] == 0 {
			continue
		}
		var u uint64
		for _, c := range p[:d] {
			u |= 1 << c
		}
		xs[i], unders[i], in = x, u, in|1<<i
	}
	for in != 0 {
		var all uint64
		for ps := in; ps != 0; ps &= ps - 1 {
			all |= unders[bits.TrailingZeros16(ps)]
		}
		left := in
		for ps := in; ps != 0; ps &= ps - 1 {
			i := bits.TrailingZeros16(ps)
			x := xs[i]
			if pt.after[x]&all == 0 || pt.hosts[x]&^all != 0 {
				left &^= 1 << i
			}
		}
		if left == in {
			return true
		}
		in = left
	}
	return false
}
