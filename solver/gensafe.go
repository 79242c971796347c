package solver

import (
	"github.com/klondike-family/klondike/engine"
)

// The real search's safe foundation moves: a card that may go up at once,
// alone of all moves, with the proof that it keeps a win.

// safeRulesApply tells whether the safe-foundation pruning is proven for
// the rules: one deck, no Joker, foundations from the Ace without wrapping,
// tableau built down in alternating colour, stock dealt to a waste.
//
// With the Joker the proof below fails, so the pruning is off: a card
// going up early can change what the Joker does. An Ace opens a
// foundation, which forces a Joker lying on a pile's or the waste's top
// (σ may first draw over the Joker on the waste) and takes a waiting
// Joker along; any card can be the one the Joker stands for, whose move
// up is a release that sends the Joker on to a foundation chosen now; and
// a card going up can complete a foundation, closing it to the Joker.
func safeRulesApply(r *engine.Rules) bool {
	return r.Decks == 1 && !r.Joker && r.Build == engine.BuildAltColour && !r.Wrap &&
		!r.BaseDealt && r.StockTo == engine.StockToWaste && r.Reserves == 0
}

// safe tells whether moving card c to its foundation can be done at once,
// without searching the alternatives (a dominance: if the position before
// can be won, so can the position after).
//
// Proof, without worrying back. Let c have rank r, and let both foundations
// of the other colour hold at least r-1 cards. The only cards that can be
// built on c are the two of rank r-1 in the other colour, and they are on
// foundations that nothing leaves, so in any winning line σ from the
// position before, nothing is ever built on c: c stays a top card until it
// goes up. Delete from σ every move of c alone and c's move to the
// foundation, and drop c from every group moved with it on top (the group's
// bottom card, hence the move's legality, is unchanged; with whole-run
// moves the shortened group is still the whole run). Every move left is
// legal after c goes up: no move of σ builds on c; the face-down card under
// c (if any) turns up sooner, but in σ nothing else happened on that pile
// while c lay there; c's foundation only grows on c in σ as well. When c is
// a cell card, its cell is free sooner, which only adds choices (cells are
// interchangeable). When c is the waste top and the draw count is 1,
// delete also every draw in σ that turned c: every other draw turns the same
// card as in σ, and the stock empties at the same moments, so recycles and
// passes match. (With a larger draw count removing a waste card shifts the
// packets, so waste cards are not taken as safe then.) The result is a
// winning line from the position after.
//
// With worrying back, cards of rank r-1 may come back from the foundations,
// so only Aces and Twos are taken: nothing is ever built on an Ace, and an
// Ace off its foundation is never useful (no card can be built on it, so
// any excursion of an Ace from its foundation can be deleted from σ along
// with the moves of c); a Two whose other-colour Aces are up has only those
// Aces to take on, handled the same way.
func (sr *search) safe(s *engine.State, m engine.Move) bool {
	from := m.From()
	if from == engine.LocWaste && !sr.draw1 {
		return false
	}
	if !from.IsPile() && !from.IsCell() && from != engine.LocWaste {
		return false
	}
	c := s.MovedCard(m)
	r := c.Rank()
	if r == 1 {
		return true
	}
	if sr.worry && r > 2 {
		return false
	}
	// the two suits of the other colour
	a, b := engine.Clubs, engine.Spades
	if !c.Red() {
		a, b = engine.Diamonds, engine.Hearts
	}
	return s.Foundation(a) >= r-1 && s.Foundation(b) >= r-1
}
