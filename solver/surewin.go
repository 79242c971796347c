package solver

import "github.com/klondike-family/klondike/engine"

// A sure win is a position won whatever is played, as long as some card
// goes home: solver.Small stops its search there (lonelybot's hop player
// does the same), which saves the nodes of the end of every won sample.
//
// Theorem. In a one-deck game whose foundations build up by suit from the
// Ace, let s have no face-down card, every pile's face-up cards in
// strictly falling rank from the bottom up, and either at most one talon
// card, or one card drawn at a time with unlimited passes. Then s is won.
//
// Proof. Let c be a lowest-ranked card not home. Every card of lower rank
// is home, so c's foundation holds rank(c)-1 of its suit and takes c. If
// c is on a pile it is the pile's lowest card, so its top; in a cell it
// can be played. If it is the one talon card, it is the waste's top or
// one draw turns it. With a card a draw and unlimited passes, every talon
// card is the waste's top at some point of a pass (recycling when the
// stock runs out), so c can be reached. Moving c home keeps the
// hypothesis (a pile's top leaves, the rest still falls; the talon only
// shrinks), so by induction on the cards not home the game is won. ∎
//
// The hypotheses are checked, not assumed: sureWins says which rules
// qualify, sureWin checks the position, and finishSureWin plays the
// proof's line, which TestSmallSureWin replays.

// sureWins tells whether the rules are those of the theorem.
func sureWins(r *engine.Rules) bool {
	return packable(r) && !r.Joker && r.Reserves == 0 && r.StockTo == engine.StockToWaste && !r.BaseDealt && !r.Wrap
}

// sureWin tells whether s (of rules for which sureWins holds) is a sure
// win.
func sureWin(s *engine.State) bool {
	if s.DownCards() != 0 {
		return false
	}
	r := &s.Game().Rules
	if s.Talon() > 1 && !(r.Draw == 1 && r.Unlimited()) {
		return false
	}
	for i := 0; i < s.Game().Piles(); i++ {
		p := s.Pile(i)
		for k := 1; k < len(p); k++ {
			if p[k].Rank() >= p[k-1].Rank() {
				return false
			}
		}
	}
	return true
}

// finishSureWin appends to dst the moves that win from s, a sure win or
// a won state, as the proof plays them (a card home whenever one can go,
// else a draw or a recycle), and leaves s won. From any other state it
// stops when nothing can be played and returns what it played.
func finishSureWin(s *engine.State, dst []engine.Move) []engine.Move {
	var buf []engine.Move
	for idle := 0; !s.Won(); {
		buf = s.Moves(buf[:0])
		var next engine.Move
		found := false
		for _, m := range buf {
			if m.Kind() == engine.KindMove && m.To().IsFoundation() {
				next, found = m, true
				break
			}
		}
		if !found {
			for _, m := range buf {
				if k := m.Kind(); k == engine.KindDraw || k == engine.KindRecycle {
					next, found = m, true
					break
				}
			}
			idle++
		} else {
			idle = 0
		}
		if !found || idle > 2*(s.Talon()+2) {
			return dst
		}
		dst = append(dst, next)
		s.Apply(next)
	}
	return dst
}
