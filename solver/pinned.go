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
// of the foundations' first rank and a card that goes up before X_i on its
// foundation (a card of its suit from the foundations' first rank to the
// rank below X_i's, past the King to the Ace where ranks wrap) is in U,
// then the game cannot be won from this position.
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
// after every card of its suit below it has gone up: one of them is in U,
// face down;
// (d) into a cell: there are none; nor does any move put a pile's card
// into a reserve (reserves are only dealt to). A stock dealt onto the
// piles, or a foundation card worried back, puts cards on pile tops and
// leaves X_i where it is. So no X_i ever leaves, no card of U ever goes
// up, and the game is not won.
//
// Three extensions keep the proof and widen it.
//
// Breaks. Where a group that moves is a built run (every unit but Yukon's
// any face-up group), a face-up card X that may not lie on the card W
// under it within a group (it does not fit on W, or not in W's suit where
// only suit runs move) may be taken as X_i too, with U_i every card under
// it, face up or down; a pile may give several. No group holds both W and
// X, so a card of U_i moves, or becomes a top that may go up, only after
// X_i has left, as a face-down one does: the proof above goes through
// word for word with "face down" read as "under X_j". Stocks dealt onto
// the piles (Agnes Sorel) make such cards.
//
// Reserves. A reserve's card X with cards under it (a deal of the stock
// onto the reserves put it there) may be taken as X_i too, with U_i the
// cards under it in its reserve: only a reserve's top card moves, alone,
// so a card of U_i moves only after X_i has left, and X_i leaves only as
// in (a)-(c); the proof goes through word for word with "face down" read
// as "under X_j". A deal onto the reserves covers X_i and leaves it where
// it is.
//
// Dead hosts. Without worrying back a card on a foundation stays there:
// in (1) a card X_i may be built on may also be on a foundation, as it is
// never a pile's top again. The search then looks for S after moves to a
// foundation too.
//
// Held cards. Where only a pile's whole face-up part moves to another
// pile (Klondike Strict: engine.UnitWholeRun), a face-up card X with a
// face-up card under it may be taken as X_i too, with U_i the face-up
// cards under it (not the face-down ones below them), and it need meet
// only (3). X leaves the card it lies on only onto a foundation, as the
// pile's top: a move to another pile takes the pile's whole face-up part,
// headed by its lowest card, which is under X, and carries X with the card
// it lies on. A card of U_i is then never a top while X stays (cards only
// go onto a pile's top, so nothing comes between), nor goes up, nor heads
// a group of its own: the proof above goes through word for word with
// "face down" read as "under X_j". (Where a pile's face-up cards are one
// run, as in play from a Klondike deal, a set of held cards alone is
// never found: under a card lie only cards of higher ranks, so (3) would
// ask of each a held card of a lower rank, without end. A member of S
// that must meet (1) is then always there: a surface or a waste card.)
//
// The last pass's waste. Where the passes are limited and none is left,
// a waste card with cards under it may be taken as X_i too, with U_i the
// waste cards under it: only the waste's top card moves, alone, onto a
// pile or a foundation (no recycle takes the waste back), and the stock's
// draws put cards on it, so the proof goes through as for the reserves
// below. It is used where held cards are (pt.whole).
//
// Finding S: the largest set that meets (1)-(3) is found by starting from
// every candidate X (a pile's lowest face-up card over face-down ones,
// with breaks every face-up card that breaks its pile's run, every
// reserve card with cards under it, and with held cards every face-up
// card over another and the last pass's waste cards with cards under
// them) that meets (2) (held cards need not) and the rank part of (3),
// and dropping, until none is dropped, each candidate that fails (1)
// (held cards need not meet it) or (3) against the union of the U of
// the candidates left: a member of
// any set that meets them is never dropped, so the set left is empty only
// when no such set exists. With one pile in S, X_i is pinned by its own
// pile: Yukon's native deal 95 has the Nine of Clubs face up on the Eight
// of Clubs and both red Tens; Agnes Bernauer's native deal 23 (base Nine)
// has the Seven of Hearts face up on the Eight of Clubs, the Eight of
// Spades and the Jack of Hearts, which goes up before it.
//
// The search uses it (pinApplies) at the root of every search (Solve and
// solver.Small answer lost at once; the root is a deal, or a position a
// player or an advice solves) and after every move that may have made a
// set S (afterMove): one that turns a pile's face-down card, deals the
// stock (new breaks, new reserve candidates) or, with dead hosts, puts a
// card on a foundation; its child is not searched when a set S exists.
// Other moves mostly take candidates away or put on a pile cards that
// continue its run; where they make a break (a card of another suit where
// only suit runs move, any card where only top cards move) the search does
// not look for S: a pruning missed, never a wrong one, as the theorem
// holds of a position whenever it is checked. Where any card fills an
// empty pile (Thumb and Pouch, Whitehead) condition (2) never holds, and
// the proof is not used. The rules it applies to are those of
// the other games (Yukon, Alaska, Agnes Sorel, Agnes Bernauer and the
// like) and Klondike Strict, whose lost deals the relaxed game bounds
// poorly (it forgets where face-up cards lie, and in Strict they cannot
// be rearranged); the other Klondike rule sets keep their search
// unchanged. With held cards a card put on a pile or brought to the waste
// makes a candidate too, so the search looks at every new node (counted
// as a node, and stored, so that the same key is not looked at again).
// It is a pruning that correctness does not need, so NoPrune turns it
// off, and the differential tests compare the two.

// pinApplies tells whether the pinned-card proof holds for the rules and
// is used there.
func pinApplies(r *engine.Rules) bool {
	return r.Decks == 1 && !r.Joker && r.Cells == 0 && (!relaxApplies(r) || r.Unit == engine.UnitWholeRun)
}

// pinTable is what the proof needs of a deal: for each card, the cards it
// may be built on and the cards that go up before it on its foundation.
type pinTable struct {
	hosts [64]uint64 // hosts[x]: the cards x may be built on
	after [64]uint64 // after[x]: the cards that go up before x on its foundation; 0 for none or unknown
	fill  uint64     // the cards that may fill an empty pile
	// chain[w] is the set of the cards that may lie on w within one
	// group; breaks tells that groups are built runs, so that a card
	// outside chain[w] lying on w is a break (the extension above).
	chain  [64]uint64
	breaks bool
	// deadUp tells that cards on a foundation never come back (no
	// worrying back); up[h] is then the set of the clubs cards of a
	// foundation of h cards from the deal's base (shifted by a suit, its
	// cards in that suit).
	deadUp bool
	up     [16]uint64
	// whole tells that only a pile's whole face-up part moves to another
	// pile: held cards and the last pass's waste are candidates too
	whole bool
	// lastPass is the recycles after which none is left (Rules.Passes -
	// 1); -1 where the passes are unlimited
	lastPass int
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
		if rk != base && (r.Wrap || rk > base) {
			// every card of x's suit that goes up before it: the ranks
			// from the base to the one below x's, past the King to the
			// Ace where ranks wrap
			for p := rk; p != base; {
				if p--; p < 1 {
					p = r.Ranks
				}
				pt.after[x] |= 1 << engine.NewCard(p, x.Suit())
			}
		}
		// otherwise (a rank below the base where Rules.Wrap is off) it is
		// left unknown and the card never taken for pinned: a deliberate
		// under-approximation (the engine's foundations wrap past the King
		// whenever the base is above the Ace)
	}
	if cards&^fillers == 0 {
		return nil
	}
	pt.whole, pt.lastPass = r.Unit == engine.UnitWholeRun, r.Passes-1
	switch r.Unit {
	case engine.UnitAnyFaceUp:
		// any face-up card moves with what lies on it: no breaks
	case engine.UnitTopCard:
		pt.breaks = true // every card is a group of its own
	default:
		pt.breaks = true
		for w := engine.Card(0); w < 64; w++ {
			pt.chain[w] = fitters[w]
			if r.Unit == engine.UnitSameSuitRun {
				pt.chain[w] &= suitCards(w.Suit())
			}
		}
	}
	if !r.WorryBack {
		pt.deadUp = true
		for h := 1; h <= r.Ranks && h < len(pt.up); h++ {
			rk := (base-1+h-1)%r.Ranks + 1
			pt.up[h] = pt.up[h-1] | 1<<engine.NewCard(rk, 0)
		}
	}
	return pt
}

// suitCards is the set of every card of the suit.
func suitCards(suit int) uint64 {
	var m uint64
	for rk := 1; rk <= 13; rk++ {
		m |= 1 << engine.NewCard(rk, suit)
	}
	return m
}

// afterMove tells whether move m, just played, may have made a set S where
// there was none: it turned a card, dealt the stock onto the piles (new
// breaks) or the reserves (new reserve candidates) or, where foundation
// cards are dead hosts, put a card up. With held cards any move may (one
// that puts a card on a pile or on the waste makes a candidate): there the
// search looks at each new node instead (search.node), after its table
// has told a new position from one met before, so that a position met
// again by another order of moves is not looked at again.
func (pt *pinTable) afterMove(m engine.Move) bool {
	return m.Flips() || m.Kind() == engine.KindDeal ||
		(pt.deadUp && m.Kind() == engine.KindMove && m.To().IsFoundation())
}

// pinnedAny tells whether s has a set S of cards that meets the
// theorem's conditions (with its extensions).
func (pt *pinTable) pinnedAny(s *engine.State) bool {
	// The candidates X: each pile's lowest face-up card over face-down
	// ones and, with breaks, every face-up card that breaks its pile's
	// run; unders[n] is the set of the cards under candidate n. held has
	// bit n set for a held card, which need not meet (1).
	var xs [64]engine.Card
	var unders [64]uint64
	var in, held uint64 // the candidates of S so far, bit n for candidate n
	n := 0
	for i := 0; i < s.Game().Piles(); i++ {
		d := s.Down(i)
		p := s.Pile(i)
		if pt.whole {
			var u uint64 // the face-up cards under p[k]
			for k := d; k < len(p); k++ {
				if x := p[k]; k > d && pt.after[x&63] != 0 && n < len(xs) {
					xs[n], unders[n], in, held = x, u, in|1<<n, held|1<<n
					n++
				}
				u |= 1 << (p[k] & 63)
			}
		}
		var u uint64
		for k, x := range p {
			if k >= d && k > 0 && (k == d || pt.breaks && pt.chain[p[k-1]&63]&(1<<(x&63)) == 0) &&
				x.Valid() && pt.fill&(1<<x) == 0 && pt.after[x] != 0 && n < len(xs) {
				xs[n], unders[n], in = x, u, in|1<<n
				n++
			}
			u |= 1 << (x & 63)
		}
	}
	// A reserve's card with cards under it (dealt onto it), and the last
	// pass's waste card: only the top moves, so each is a break (see
	// Reserves in the theorem's comment, and the last pass's waste).
	stack := func(cards []engine.Card) {
		var u uint64
		for j, x := range cards {
			if j > 0 && x.Valid() && pt.fill&(1<<x) == 0 && pt.after[x] != 0 && n < len(xs) {
				xs[n], unders[n], in = x, u, in|1<<n
				n++
			}
			u |= 1 << (x & 63)
		}
	}
	if pt.wasteHeld(s) {
		stack(s.Waste())
	}
	for k := 0; k < s.Game().Rules.Reserves; k++ {
		stack(s.Reserve(k))
	}
	if in == 0 {
		return false
	}
	dead := pt.deadCards(s)
	for in != 0 {
		var all uint64
		for cs := in; cs != 0; cs &= cs - 1 {
			all |= unders[bits.TrailingZeros64(cs)]
		}
		left := in
		for cs := in; cs != 0; cs &= cs - 1 {
			c := bits.TrailingZeros64(cs)
			x := xs[c]
			if pt.after[x]&all == 0 || held&(1<<c) == 0 && pt.hosts[x]&^(all|dead) != 0 {
				left &^= 1 << c
			}
		}
		if left == in {
			return true
		}
		in = left
	}
	return false
}

// wasteHeld tells whether s's waste cards are candidates: cards are held
// and no recycle is left.
func (pt *pinTable) wasteHeld(s *engine.State) bool {
	return pt.whole && pt.lastPass >= 0 && s.Recycles() >= pt.lastPass
}

// Blocked pairs: a second dead-card proof of loss, for the same rules
// (pinApplies), about a card held above a card of its suit that goes up
// before it.
//
// Theorem. In a pile take a card X and, under it, a card Y that goes up
// before X on their foundation (Y in after[X]). Call a card B of the pile
// above Y and at or under X a separator when a group headed by B can hold
// X: B is X, or B and every card from B up to X are face up and each lies
// on the one under it within one group (chain). If no separator may fill
// an empty pile and every card a separator B may be built on is on a
// foundation (without worrying back) or lies in the pile from Y up to the
// card under B, then the game cannot be won from this position.
//
// Proof. Call the cards from Y up to X the segment. We show that the
// segment stays in one pile, whole and in order, with nothing added
// inside it, after any move; X then never goes up (Y, under it, goes up
// first), and the game is not won. Cards are only ever put on a pile's
// top (moves onto a pile, deals of the stock onto the piles, cards worried
// back), above X, so nothing comes inside the segment, and a face-down
// card in it stays face down (it is never the top). A move takes cards
// out of the segment only as (a) a group headed by one of its cards B:
// if B is Y or under Y, the group carries the whole segment, which stays
// whole; if B is above Y, the group holds X (a group is all the cards
// from its head to the top), so B is a separator: it goes onto a pile's
// top card it may be built on, or into an empty pile. The cards it may
// be built on are on a foundation (never a pile's top again: nothing
// comes back from a foundation) or in the segment under B, so in B's own
// pile and covered by B; and B may not fill an empty pile. So no such
// move exists. (b) The top card to a foundation, or into a reserve or a
// cell: the only card of the segment that can be a top is X, which goes
// up only after Y; the rules pinApplies admits have no cells, and no move
// puts a pile's card into a reserve. So the segment stays. (With worrying
// back the foundations are not dead and only the cards in the segment
// count.) ∎
//
// Where only a pile's whole face-up part moves (pt.whole, Klondike
// Strict), a group is headed only by the pile's lowest face-up card, so
// with X face up and Y face down the one separator is that card: it stays
// the lowest face-up card while the segment stays (the face-down cards
// between it and Y are never tops), and a face-up card above it heads no
// group. Only it need meet the condition. (A Y within the run under X
// is left to the general rule below, which asks more: with one run there
// it cannot go up first, and a held card covers the rest.)
//
// What it adds to the pinned cards: X need not head its pile's run nor
// lie on face-down cards, and the cards that go up before it may lie under
// the run it is in: a run put onto a pile that holds, lower down, a card
// of the run's suit that goes up first, and whose cards can go nowhere
// else (Agnes Sorel: the two cards of the same colour one rank up are
// under it or up).
//
// The search checks it at the root and after each move (blockedAfter: a
// position once blocked stays so, since the segment stays as it was, so
// only what the move changed is looked at), where groups are built runs
// (breaks); where any face-up group moves (Yukon, Alaska) it was measured
// to prune next to nothing, and is not checked.

// blockedPile tells whether pile i of s holds a blocked pair (above)
// whose X is its card lo or one above; dead is the set of the cards on the
// foundations where they stay there.
func (pt *pinTable) blockedPile(s *engine.State, i int, dead uint64, lo int) bool {
	p := s.Pile(i)
	d := s.Down(i)
	if len(p) < 2 || len(p) > pileMax {
		return false
	}
	var pre [pileMax + 1]uint64 // pre[k]: the cards p[0..k-1]
	for k, c := range p {
		pre[k+1] = pre[k] | 1<<(c&63)
	}
	for xi := len(p) - 1; xi >= max(lo, 1); xi-- {
		x := p[xi] & 63
		if pt.after[x]&pre[xi] == 0 {
			continue // no card under x goes up before it
		}
		// r: the lowest card that may head a group holding x (a
		// face-down x heads only itself, once it is the top); the
		// separators are the cards from r to hi
		r, hi := xi, xi
		if xi >= d {
			for r > d && (!pt.breaks || pt.chain[p[r-1]&63]&(1<<(p[r]&63)) != 0) {
				r--
			}
			if pt.whole {
				// only the lowest face-up card heads a group: the one
				// separator above a face-down Y
				r, hi = d, d
			}
		}
		// Y under r: the lowest one leaves the most cards in the segment
		if low := pt.after[x] & pre[r]; low != 0 {
			yi := 0
			for low&(1<<(p[yi]&63)) == 0 {
				yi++
			}
			if pt.separatorsDead(p, &pre, yi, r, hi, dead) {
				return true
			}
		}
		// Y within the run (ranks wrapping past the base)
		for yi := r; yi < xi; yi++ {
			if pt.after[x]&(1<<(p[yi]&63)) != 0 && pt.separatorsDead(p, &pre, yi, yi+1, xi, dead) {
				return true
			}
		}
	}
	return false
}

// separatorsDead tells whether every card p[lo..hi] may fill no empty
// pile and may be built only on dead cards or on cards of p[y..] under it.
func (pt *pinTable) separatorsDead(p []engine.Card, pre *[pileMax + 1]uint64, y, lo, hi int, dead uint64) bool {
	for b := lo; b <= hi; b++ {
		c := p[b] & 63
		if pt.fill&(1<<c) != 0 || pt.hosts[c]&^(dead|pre[b]&^pre[y]) != 0 {
			return false
		}
	}
	return true
}

// deadCards is the set of the cards on s's foundations where they stay
// there (no worrying back), else 0.
func (pt *pinTable) deadCards(s *engine.State) uint64 {
	var dead uint64
	if pt.deadUp {
		for f := 0; f < s.Game().Rules.Foundations(); f++ {
			dead |= pt.up[s.Foundation(f)&15] << (f & 3)
		}
	}
	return dead
}

// lostAtRoot tells whether the search's root s is lost by pinned cards or,
// where the search checks them (breaks), a blocked pair.
func (pt *pinTable) lostAtRoot(s *engine.State) bool {
	return pt.pinnedAny(s) || pt.breaks && pt.blockedAny(s)
}

// lostAfter tells whether s, just reached by move m from a position the
// search did not find lost so, is lost by pinned cards (except where
// cards are held: the search looks for those at each new node) or, where
// the search checks them (breaks), a blocked pair.
func (pt *pinTable) lostAfter(s *engine.State, m engine.Move) bool {
	return !pt.whole && pt.afterMove(m) && pt.pinnedAny(s) || pt.breaks && pt.blockedAfter(s, m)
}

// blockedAny tells whether some pile of s holds a blocked pair.
func (pt *pinTable) blockedAny(s *engine.State) bool {
	dead := pt.deadCards(s)
	for i := 0; i < s.Game().Piles(); i++ {
		if pt.blockedPile(s, i, dead, 0) {
			return true
		}
	}
	return false
}

// pileMax is the most cards a pile holds where pinApplies: one deck.
const pileMax = 52

// blockedAfter tells whether s, just reached by move m from a position
// with no blocked pair, holds one. A pair whose X lies under every card m
// put on a pile (or turned) was there before, with the same separators,
// unless m made a host dead: so after a move onto a pile only the cards it
// put there are taken for X (and the card it turned, in the pile it
// left), after a deal each pile's top card, and after a move to a
// foundation every card.
func (pt *pinTable) blockedAfter(s *engine.State, m engine.Move) bool {
	if m.Kind() != engine.KindDeal && m.To().IsFoundation() {
		return pt.blockedAny(s)
	}
	dead := pt.deadCards(s)
	if m.Kind() == engine.KindDeal {
		for i := 0; i < s.Game().Piles(); i++ {
			if pt.blockedPile(s, i, dead, len(s.Pile(i))-1) {
				return true
			}
		}
		return false
	}
	if m.To().IsPile() {
		to := int(m.To() - engine.LocPile0)
		if pt.blockedPile(s, to, dead, len(s.Pile(to))-max(m.N(), 1)) {
			return true
		}
	}
	if m.Flips() && m.From().IsPile() {
		from := int(m.From() - engine.LocPile0)
		return pt.blockedPile(s, from, dead, len(s.Pile(from))-1)
	}
	return false
}
