package player

import "github.com/klondike-family/klondike/engine"

// human plays by rules of thumb: the tips of rule text 002 (Solitaire Till
// Dawn's Klondike Holdout page) and common advice for Klondike, applied in
// this order (the first rule that some move meets decides; ties go to the
// move from the pile with the most face-down cards, then to the earliest):
//
//  1. "Build the foundations evenly": a card goes up at once only when it
//     is safe: it is an Ace or a 2 (the first or second card of its
//     foundation), or no card that could be built on it in the tableau is
//     still in play (for alternating colours: both foundations of the
//     other colour have reached the rank just below it).
//  2. "Try hard to expose face down cards": a move that turns a face-down
//     card up, most face-down cards first. Into a holdout only while
//     another holdout stays empty, or once the stock is gone ("at the end
//     of the game, you can use the holdouts as storage ... to turn up a
//     couple of new hidden cards").
//  3. "Play cards from the hand before playing from the tableau": the
//     waste's top card onto a pile ("try to place Kings in empty tableau
//     piles": a King from the waste into a space counts).
//  4. A holdout card back onto a pile, freeing the holdout.
//  5. "You can move partial builds ... leaving the 5 of Hearts free to go
//     to the foundations": a pile-to-pile move that uncovers a face-up card
//     which can then go to a foundation.
//  6. The waste's top card to a foundation even when not safe: the next
//     draw would bury it.
//  7. Draw (or deal the stock).
//  8. Any other card to a foundation.
//  9. Recycle the waste.
//  10. Any other move, those that empty a pile for nothing (a whole pile
//     without face-down cards onto another pile, with no King waiting) and
//     those into a holdout or back from a foundation last.
type human struct{}

func (human) Choose(v *engine.View, moves []engine.Move) int {
	return byPriority(v, moves, humanPriority)
}

func humanPriority(s *engine.State, m engine.Move) (prio, tie int) {
	switch m.Kind() {
	case engine.KindDraw, engine.KindDeal:
		return 7, 0
	case engine.KindRecycle:
		return 9, 0
	}
	from, to := m.From(), m.To()
	down := 0
	if from.IsPile() {
		down = s.Down(int(from - engine.LocPile0))
	}
	switch {
	case to.IsFoundation() && safeToFound(s, m):
		return 1, down
	case m.Flips() && !to.IsCell():
		return 2, down
	case m.Flips() && to.IsCell() && (freeCells(s) >= 2 || len(s.Stock()) == 0):
		return 2, down
	case from == engine.LocWaste && to.IsPile():
		return 3, 0
	case from.IsCell() && to.IsPile():
		return 4, 0
	case from.IsPile() && to.IsPile() && uncoversFoundationCard(s, m):
		return 5, down
	case from == engine.LocWaste && to.IsFoundation():
		return 6, 0
	case to.IsFoundation():
		return 8, down
	case to.IsCell() || from.IsFoundation() || emptiesForNothing(s, m):
		return 11, 0
	}
	return 10, down
}

// freeCells counts the empty holdouts.
func freeCells(s *engine.State) int {
	n := 0
	for i := 0; i < s.Game().Rules.Cells; i++ {
		if s.Cell(i) == engine.NoCard {
			n++
		}
	}
	return n
}

// safeToFound tells whether the card move m puts on a foundation can no
// longer be needed in the tableau: nothing that could be built on it is
// still out. Heights are counted from each foundation's first card, so
// the test holds for dealt bases and wrapping ranks too.
func safeToFound(s *engine.State, m engine.Move) bool {
	f := int(m.To() - engine.LocFound0)
	h := s.Foundation(f) // the card becomes the foundation's card h+1
	if h < 2 {
		return true
	}
	c := s.MovedCard(m)
	r := &s.Game().Rules
	for g := 0; g < r.Foundations(); g++ {
		if g == f || !couldBuildOn(r, g&3, c) {
			continue
		}
		if s.Foundation(g) < h {
			return false
		}
	}
	return true
}

// couldBuildOn tells whether a card of suit might be built on c in the
// tableau under the game's building rule.
func couldBuildOn(r *engine.Rules, suit int, c engine.Card) bool {
	other := engine.NewCard(1, suit)
	switch r.Build {
	case engine.BuildAltColour:
		return other.Colour() != c.Colour()
	case engine.BuildSameColour:
		return other.Colour() == c.Colour()
	case engine.BuildSameSuit, engine.BuildUpDownSuit:
		return suit == c.Suit()
	case engine.BuildOtherSuit:
		return suit != c.Suit()
	}
	return true
}

// uncoversFoundationCard tells whether pile-to-pile move m leaves on top
// of its source a face-up card that can go to a foundation.
func uncoversFoundationCard(s *engine.State, m engine.Move) bool {
	i := int(m.From() - engine.LocPile0)
	p := s.Pile(i)
	k := len(p) - m.N() - 1
	if k < s.Down(i) || k < 0 {
		return false
	}
	return s.CanFound(p[k])
}

// emptiesForNothing tells whether m moves a whole pile that has no
// face-down cards onto another pile while no King waits for the space.
func emptiesForNothing(s *engine.State, m engine.Move) bool {
	if !m.From().IsPile() || !m.To().IsPile() {
		return false
	}
	i := int(m.From() - engine.LocPile0)
	if s.Down(i) > 0 || m.N() != len(s.Pile(i)) {
		return false
	}
	if w := s.WastePos(); w > 0 && s.CanFill(s.TalonCard(w-1)) {
		return false
	}
	return true
}
