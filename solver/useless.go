package solver

import (
	"math/bits"

	"github.com/klondike-family/klondike/engine"
)

// The real search's useless moves: moves after which the restricted node
// could do nothing, dropped before they are searched.

// useless tells whether a pile-to-pile move can be dropped because the
// node after it could do nothing:
//   - a whole pile with no face-down card moved to an empty pile, when the
//     piles are interchangeable: the same state, by the canonical key;
//   - a partial-run move after which no use of the exposed card u can
//     exist: u cannot go to a foundation, no cell is free, and no other
//     card that fits on u (of g's rank and colour, g the moved run's
//     bottom card) lies face up anywhere (one deck only: with two decks
//     this check is skipped);
//   - an emptying move after which nothing could fill the empty pile: no
//     card that may fill it lies face up anywhere but at the bottom of a
//     pile with no face-down card (the moved pile's cards count), in the
//     talon, in a cell, or on top of a foundation when worrying back is
//     allowed.
//
// Each is a node with no moves under the restrictions proven above, so
// dropping it loses nothing; it only saves a table entry. With worrying
// back a restricted node also offers worry-back moves that are not uses
// (see "Restrictions together"). Counted as if it offered them all (which
// only keeps more moves), these can bring any foundation card within
// reach (a chain of them down one foundation), so "face up anywhere" and
// the fillers count every foundation card, not the tops alone
// (foundationMask). In a node that
// plays the stock atomically (atomic) no restriction is made, so only the
// first holds there. With the Joker the first still holds (the Joker is
// never in a group that moves), and the others look at the moves the
// restricted node would have: CanFound sees the release of u as well.
func (sr *search) useless(s *engine.State, m engine.Move, atomic bool) bool {
	from, to := m.From(), m.To()
	if sr.worryPend && sr.oneDeck && m.Kind() == engine.KindMove && from.IsFoundation() && to.IsPile() {
		return sr.uselessWorry(s, m)
	}
	if m.Kind() != engine.KindMove || !from.IsPile() || !to.IsPile() {
		return false
	}
	i := int(from - engine.LocPile0)
	p := s.Pile(i)
	rest := len(p) - m.N()
	dstEmpty := len(s.Pile(int(to-engine.LocPile0))) == 0
	r := &s.Game().Rules
	switch {
	case rest == 0 && dstEmpty:
		return r.StockTo != engine.StockToPiles
	case atomic:
		return false
	case rest == 0 && sr.empties:
		return !sr.fillerExists(s, i)
	case r.Decks == 1 && sr.partialRestricted(s, i, rest):
		u, g := p[rest-1], p[rest]
		if s.CanFound(u) || s.EmptyCell() >= 0 {
			return false
		}
		return !sr.faceUp(s, engine.NewCard(g.Rank(), g.Suit()^3))
	}
	return false
}

// uselessWorry tells, with one deck and worryPendApplies, whether
// worrying card f back onto pile y (move m) is useless: the node after it
// (pendWorry) would have no move, as none of its uses can exist, not even
// after any other worry-back move a restricted node may offer (see
// "Restrictions together"; each may bring a foundation card up, so
// "face up" counts every foundation card, see foundationMask):
//   - a card put on f: no card that fits on f lies face up anywhere (m
//     only adds f and the card under it, e, to the places a card can be
//     moved from; f does not fit on itself, and when e fits on f, as in
//     games built up or down in suit, the move is kept);
//   - f to a cell: no cell is free;
//   - the card under f worried back: f is its foundation's only card, or
//     the card under f, e, fits on no pile top but y's (which is f after
//     m, of e's suit), on no foundation card but f (one worried back
//     first would be a pile top), and no pile is empty that e may fill.
func (sr *search) uselessWorry(s *engine.State, m engine.Move) bool {
	f := s.MovedCard(m)
	if sr.fitters[f&63]&sr.faceUpSet(s) != 0 || s.EmptyCell() >= 0 {
		return false
	}
	fi := int(m.From() - engine.LocFound0)
	if s.Foundation(fi) < 2 {
		return true
	}
	e := engine.NewCard(f.Rank()-1, f.Suit())
	if f.Rank() == 1 { // a wrapped foundation: the card under an Ace is a King
		e = engine.NewCard(s.Game().Rules.Ranks, f.Suit())
	}
	g := s.Game()
	if g.Fits(e, f) { // building up or down in suit: e may go on f
		return false
	}
	// e may also go on a card worried back meanwhile: any foundation card
	// but f (see foundationMask)
	for h := foundationMask(s) &^ (1 << (f & 63)); h != 0; h &= h - 1 {
		if sr.fitters[bits.TrailingZeros64(h)]&(1<<(e&63)) != 0 {
			return false
		}
	}
	y := int(m.To() - engine.LocPile0)
	for j := 0; j < g.Piles(); j++ {
		if j == y {
			continue
		}
		p := s.Pile(j)
		if len(p) == 0 {
			if s.CanFill(e) {
				return false
			}
		} else if sr.fitters[p[len(p)-1]&63]&(1<<(e&63)) != 0 {
			return false
		}
	}
	return true
}

// uselessCard tells, when talonFreeApplies, whether playing talon card x
// to a pile is useless: no card that fits on x lies face up anywhere, so
// the restricted node after it could do nothing.
func (sr *search) uselessCard(s *engine.State, x engine.Card) bool {
	if x.Rank() == 1 {
		return true
	}
	a, b := engine.NewCard(x.Rank()-1, engine.Clubs), engine.NewCard(x.Rank()-1, engine.Spades)
	if !x.Red() {
		a, b = engine.NewCard(x.Rank()-1, engine.Diamonds), engine.NewCard(x.Rank()-1, engine.Hearts)
	}
	return !sr.faceUp(s, a) && !sr.faceUp(s, b)
}

// faceUp is faceUpSomewhere for one-deck games, with the cards of the
// node at hand gathered once into a mask (upOK is cleared for each node).
func (sr *search) faceUp(s *engine.State, c engine.Card) bool {
	return sr.faceUpSet(s)&(1<<(c&63)) != 0
}

// faceUpSet is the node's faceUpMask, gathered once.
func (sr *search) faceUpSet(s *engine.State) uint64 {
	if !sr.upOK {
		sr.up, sr.upOK = faceUpMask(s, sr.worry), true
	}
	return sr.up
}

// faceUpMask is the set of the cards faceUpSomewhere finds, for one deck.
func faceUpMask(s *engine.State, worry bool) uint64 {
	g := s.Game()
	var m uint64
	for j := 0; j < g.Piles(); j++ {
		for _, x := range s.Pile(j)[s.Down(j):] {
			m |= 1 << (x & 63)
		}
	}
	for k := 0; k < s.Talon(); k++ {
		m |= 1 << (s.TalonCard(k) & 63)
	}
	for k := 0; k < g.Rules.Cells; k++ {
		m |= 1 << (s.Cell(k) & 63)
	}
	for k := 0; k < g.Rules.Reserves; k++ {
		if rv := s.Reserve(k); len(rv) > 0 {
			m |= 1 << (rv[len(rv)-1] & 63)
		}
	}
	if worry {
		m |= foundationMask(s)
	}
	return m &^ 1 // NoCard is no card
}

// foundationMask is the set of the cards on the foundations at any depth
// (with two decks, cards of which a copy is there), every card when the
// Joker stands on one, at any depth. With worrying back these may all come up: a
// restricted node may offer worry-back moves beside its uses (see
// "Restrictions together"; counting them all keeps more moves, never
// fewer), so a line may worry back a foundation's top to bring the
// card under it within reach, and the card under that, and so on. The
// useless checks must count them all, not the tops alone: a waste card x
// whose only possible partner lies under a foundation's top is not useless
// (the line x to a pile, the top worried back, the partner worried back
// onto x wins Klondike draw 1 with worrying back, native deal 91604, which
// counting the tops alone called lost).
func foundationMask(s *engine.State) uint64 {
	if where, _, _ := s.JokerAt(); where == engine.JokerOnFoundation {
		return ^uint64(0)
	}
	g := s.Game()
	ranks := g.Rules.Ranks
	var m uint64
	for f := 0; f < g.Rules.Foundations(); f++ {
		t := s.FoundationTop(f)
		if t == engine.NoCard {
			continue
		}
		r := t.Rank()
		for k := 0; k < s.Foundation(f); k++ {
			m |= 1 << (engine.NewCard(r, t.Suit()) & 63)
			if r--; r < 1 {
				r = ranks
			}
		}
	}
	return m
}

// faceUpSomewhere tells whether card c lies face up in a pile, anywhere in
// the talon, in a cell, on top of a reserve, or (with worrying back) on a
// foundation at any depth (see foundationMask): everywhere a card can be
// moved from, or brought within reach of a restricted node's moves.
func faceUpSomewhere(s *engine.State, c engine.Card, worry bool) bool {
	g := s.Game()
	for j := 0; j < g.Piles(); j++ {
		for _, x := range s.Pile(j)[s.Down(j):] {
			if x == c {
				return true
			}
		}
	}
	for k := 0; k < s.Talon(); k++ {
		if s.TalonCard(k) == c {
			return true
		}
	}
	for k := 0; k < g.Rules.Cells; k++ {
		if s.Cell(k) == c {
			return true
		}
	}
	for k := 0; k < g.Rules.Reserves; k++ {
		if rv := s.Reserve(k); len(rv) > 0 && rv[len(rv)-1] == c {
			return true
		}
	}
	return worry && foundationMask(s)&(1<<(c&63)) != 0
}

// fillerExists tells whether some card that may fill an empty pile lies
// face up anywhere (talon, cells, reserve tops, foundation tops with
// worrying back) except at the bottom of a pile with no face-down card
// (moving such a pile to an empty one changes nothing); every card of
// pile moved, the pile being emptied (all face up), counts: it is about
// to lie on another pile's card, and where any face-up card moves with
// what lies on it (Yukon) a card that may fill can lie anywhere in the
// group, not only at its bottom (were the pile skipped, the move would be
// dropped: a small Yukon game, four ranks, native
// deal 797 of TestLinkGuideAgreesWithNoPrune's shape R4P5D0, would be
// lost that way, its only win moving 2S 4H onto 3H, then 4H into the
// emptied pile).
func (sr *search) fillerExists(s *engine.State, moved int) bool {
	g := s.Game()
	for j := 0; j < g.Piles(); j++ {
		p := s.Pile(j)
		lo := s.Down(j)
		if lo == 0 && j != moved {
			lo = 1
		}
		for k := lo; k < len(p); k++ {
			if s.CanFill(p[k]) {
				return true
			}
		}
	}
	for k := 0; k < s.Talon(); k++ {
		if s.CanFill(s.TalonCard(k)) {
			return true
		}
	}
	for k := 0; k < g.Rules.Cells; k++ {
		if c := s.Cell(k); c != engine.NoCard && s.CanFill(c) {
			return true
		}
	}
	for k := 0; k < g.Rules.Reserves; k++ {
		if rv := s.Reserve(k); len(rv) > 0 && s.CanFill(rv[len(rv)-1]) {
			return true
		}
	}
	if sr.worry {
		// any foundation card, not the tops alone (see foundationMask)
		for m := foundationMask(s); m != 0; m &= m - 1 {
			if c := engine.Card(bits.TrailingZeros64(m)); c.Valid() && s.CanFill(c) {
				return true
			}
		}
	}
	return false
}
