package solver

// The coarse relaxed game: the relaxed game (relax.go) of a deal with its
// talon turned one card at a time with unlimited passes, whatever the
// rules' draw and passes.
//
// Theorem (the coarse game bounds the relaxed game). If a relaxed state
// can be won, so can the same state in the coarse game.
//
// Proof. Map a relaxed state to the coarse one with the same foundations,
// structures, cells and talon cards left (the waste position and the
// recycles are not part of a coarse state: with one card drawn and
// unlimited passes every position is folded into one, relax.go's key).
// Every relaxed move maps to a coarse move from the mapped state to the
// mapped result: a move that does not touch the talon is the same move
// (its guards read only what the map keeps); a move of a talon card
// takes a card the K+ stock reaches, and the coarse game offers every
// talon card left at every state (with one card drawn, each position is
// a card, and unlimited passes reach every position), so it takes the
// same card to the same place, and the talon cards left agree after it.
// A winning line maps to a winning line. ∎
//
// So the coarse game's loss proves the relaxed game's, and through the
// completeness theorem of relax.go the deal's. Its root search has far
// fewer states where the rules draw three cards or limit the passes: it
// forgets the talon's order, and the deferred talon placements of
// relaxdefer.go apply to it. Its wins prove nothing (it offers talon cards
// the real stock does not reach), so when it finds one the solver goes on
// with the relaxed game itself.

// coarse returns the coarse game of rg, or nil where the solver does not
// search it: where rg draws one card with unlimited passes (it is rg) or
// one pass. With one pass it rarely proves a loss, the pass being what
// loses most such deals: on native deals 0..199 at 30 M nodes it made 5 %
// fewer nodes and 4 % more time (draw 1, one pass), 2 % fewer and 1 % more
// (Strict), 1 % more nodes and 2 % more time (Holdout). With two passes or
// more most lost deals are lost with unlimited passes too, and it proves
// them at once: draw 1, three passes, 110.8 M nodes to 16.0 M (152 s to
// 16 s, one deal unknown to none); two passes 66.8 M to 26.7 M (57 s to
// 18 s); no verdict contradicted (results/bench.md).
func (rg *rgame) coarse() *rgame {
	if rg.draw == 1 && rg.passes <= 1 {
		return nil
	}
	c := *rg
	c.draw, c.passes = 1, 0
	// the waste position is always folded to 0, and no recycle is counted
	c.wBits, c.recBits = 0, 0
	if !c.layout() {
		return nil
	}
	return &c
}
