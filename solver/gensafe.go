package solver

import (
	"math/bits"

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
	a, b := otherColour(c)
	return safeCard(c, sr.worry, s.Foundation(a), s.Foundation(b))
}

// safeCard is the rule of safe for card c, whose other colour's
// foundations hold fa and fb cards: an Ace; without worrying back a card
// of rank r when both hold r-1; with it a Two when both hold their Aces.
// It is the one statement of the rule: solver.Sampler asks it too.
func safeCard(c engine.Card, worry bool, fa, fb int) bool {
	r := c.Rank()
	if r == 1 {
		return true
	}
	if worry && r > 2 {
		return false
	}
	return fa >= r-1 && fb >= r-1
}

// otherColour returns the two suits of the other colour than c's.
func otherColour(c engine.Card) (a, b int) {
	if c.Red() {
		return engine.Clubs, engine.Spades
	}
	return engine.Diamonds, engine.Hearts
}

// safeAnyApplies tells whether the general safe-foundation rule (safeAny)
// is proven for the rules: the other one-deck games without a Joker,
// without worrying back, and whose deals of the stock onto the piles or
// reserves may be made at any time; where the stock is dealt onto the
// piles, only built runs may move (no game here deals onto piles whose
// any face-up group moves).
func safeAnyApplies(r *engine.Rules) bool {
	return !safeRulesApply(r) && r.Decks == 1 && !r.Joker && !r.WorryBack && !r.DealOnlyWhenStuck &&
		(r.StockTo != engine.StockToPiles || r.Unit != engine.UnitAnyFaceUp)
}

// safeAny tells whether moving a card c up from a pile, a reserve or a
// cell (move m) can be done at once, in the games of safeAnyApplies: it
// can when every card that fits on c (its kids, by the game's building
// rule) is on a foundation.
//
// Proof. No card leaves a foundation, so in any winning line σ from the
// position before, nothing is ever built on c, and only a deal of the
// stock may cover it: otherwise c lies on top of whatever it lies on (or
// alone in its pile, cell or reserve) until it goes up, or it moves alone
// or on top of a group, onto another card or into an empty pile, to lie on
// top there. Delete from σ every move of c alone and c's move up, and drop
// c from every group moved with it on top: the group's bottom card, and so
// the move's legality, is unchanged, and the group left is one the rules
// let move (a built run, a same-suit run or the whole face-up run
// shortened at its top is one still; any face-up group is one). Every move
// left is legal after c goes up: no move of σ builds on c; the card under
// c is uncovered sooner, and a pile c leaves empty or never goes to stays
// empty, which only adds choices (no rule here asks for a card to be
// covered or a pile to be filled); a cell c leaves is free sooner (cells
// are interchangeable: σ's later moves to cells are renumbered, the engine
// filling the lowest free one); a deal of the stock puts its card where σ
// puts it, but on the card under c (or into the empty place) instead of on
// c, where it may also lie in a run with that card, which only adds
// choices, and that card is then free sooner: everything under c is
// reached in σ only after c and the dealt card left, and no group of σ
// holds c under the dealt card (it does not fit on c, no kid being left,
// and where deals go onto the piles only built runs move); c's foundation
// grows on c in σ too, and the next card of c's suit can go up sooner. A
// deal allowed only when no other move is (r.DealOnlyWhenStuck) is the one
// move this could make illegal, so those rules are left out; with worrying
// back a kid may come down again, and with two decks c could go to either
// of two foundations: left out too. The waste's top is left out (taking it
// away changes which cards the draws turn). The result is a winning line
// from the position after.
func (sr *search) safeAny(s *engine.State, m engine.Move) bool {
	from := m.From()
	if !from.IsPile() && !from.IsCell() && !from.IsReserve() {
		return false
	}
	c := s.MovedCard(m)
	ranks, base := s.Game().Rules.Ranks, s.Base()
	for k := sr.fitters[c&63]; k != 0; k &= k - 1 {
		kid := engine.Card(bits.TrailingZeros64(k))
		if s.Foundation(kid.Suit()) <= (kid.Rank()-base+ranks)%ranks {
			return false
		}
	}
	return true
}
