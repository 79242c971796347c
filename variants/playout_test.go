package variants

import (
	"math/rand/v2"
	"testing"

	"github.com/klondike-family/klondike/engine"
)

// pickGreedy chooses a move to a foundation three times in four when there
// is one, else any move, so that random games get somewhere.
func pickGreedy(rng *rand.Rand, ms []engine.Move) engine.Move {
	if rng.IntN(4) != 0 {
		for _, m := range ms {
			if m.Class() == engine.ClassToFoundation {
				return m
			}
		}
	}
	return ms[rng.IntN(len(ms))]
}

// checkGameMoves checks the move list of s against the game's rules where
// the variants differ: what fills an empty pile, that nothing is built on
// a reserve, and that a strict deal comes only when nothing else is
// possible.
func checkGameMoves(t *testing.T, s *engine.State, ms []engine.Move) {
	t.Helper()
	r := &s.Game().Rules
	for _, m := range ms {
		if m.Kind() == engine.KindDeal && r.DealOnlyWhenStuck && len(ms) != 1 {
			t.Fatalf("deal offered with other moves %v under deal-only-when-stuck", ms)
		}
		if m.Kind() != engine.KindMove {
			continue
		}
		to := m.To()
		if to.IsReserve() {
			t.Fatalf("move %v builds on a reserve", m)
		}
		if !to.IsPile() || len(s.Pile(int(to-engine.LocPile0))) > 0 {
			continue
		}
		c := s.MovedCard(m)
		below := s.Base() - 1
		if below == 0 {
			below = r.Ranks
		}
		switch {
		case r.Fill == engine.FillNone:
			t.Fatalf("move %v fills an empty pile in a game where spaces stay empty", m)
		case r.Fill == engine.FillKing && c.Rank() != r.Ranks:
			t.Fatalf("move %v fills an empty pile with %v, not a King", m, c)
		case r.Fill == engine.FillRank && c.Rank() != below:
			t.Fatalf("move %v fills an empty pile with %v; base %d", m, c, s.Base())
		}
	}
}

// playout plays one random game of plies moves at most from the native
// deal seed, checking every move: Child leaves the parent alone and equals
// Apply on a copy, and the child is valid. It reports whether the game was
// won.
func playout(t *testing.T, g *engine.Game, seed uint64, plies int, buf []engine.Move) (bool, []engine.Move) {
	t.Helper()
	s, err := g.NewState(engine.NativeDeal(&g.Rules, seed))
	if err != nil {
		t.Fatalf("deal %d: %v", seed, err)
	}
	rng := rand.New(rand.NewPCG(seed, 2))
	var child engine.State
	for ply := 0; ply < plies; ply++ {
		buf = s.Moves(buf[:0])
		if s.Won() {
			return true, buf
		}
		if len(buf) == 0 {
			break
		}
		checkGameMoves(t, &s, buf)
		m := pickGreedy(rng, buf)
		before := s
		s.Child(m, &child)
		if s != before {
			t.Fatalf("deal %d ply %d: Child(%v) changed its parent", seed, ply, m)
		}
		s.Apply(m)
		if s != child {
			t.Fatalf("deal %d ply %d: Child(%v) differs from Apply on a copy", seed, ply, m)
		}
		if err := s.Validate(); err != nil {
			t.Fatalf("deal %d ply %d: after %v: %v\nbefore:\n%s", seed, ply, m, err,
				engine.FormatText(before.Layout(), engine.TextOptions{}))
		}
	}
	l := s.Layout()
	if _, err := g.NewState(l); err != nil {
		t.Fatalf("deal %d: NewState(Layout()) at the end: %v\n%s", seed, err, engine.FormatText(l, engine.TextOptions{}))
	}
	return s.Won(), buf
}

// TestPlayouts plays random games of every game with its defaults (a few
// hundred deals) and with each option (fewer), checking every move.
func TestPlayouts(t *testing.T) {
	plies := 300
	for _, rs := range ruleSets(t) {
		deals := 200
		if rs.name != rs.game.Name {
			deals = 40
		}
		if testing.Short() {
			deals /= 5
		}
		t.Run(rs.name, func(t *testing.T) {
			t.Parallel()
			g := engine.MustGame(rs.rules)
			var buf []engine.Move
			for seed := uint64(0); seed < uint64(deals); seed++ {
				_, buf = playout(t, g, seed, plies, buf)
			}
		})
	}
}
