package advice

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/solver"
)

// TestEstimateChances compares the estimate, with its economies, against
// the plain count: the same samples drawn again, every move's position
// solved in each; and checks that the same seed gives the same estimate.
func TestEstimateChances(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name  string
		rules engine.Rules
		seed  uint64
		plies int
	}{
		{"draw 3 deal 6", engine.Klondike(3, 0), 6, 10},
		{"draw 1 deal 4", engine.Klondike(1, 0), 4, 30},
		{"draw 1 one pass deal 3", engine.Klondike(1, 1), 3, 0},
		{"draw 1 one pass deal 7", engine.Klondike(1, 1), 7, 15},
		{"draw 3 deal 1", engine.Klondike(3, 0), 1, 20},
	} {
		tab := engine.NewTable(deal(t, tc.rules, tc.seed), engine.RememberTalon)
		for _, m := range randomGame(tab.Reveal(), tc.seed, tc.plies) {
			tab.Play(m)
		}
		v := tab.View()
		const samples = 6
		got := EstimateChances(ctx, &v, samples, 7, budget)
		if again := EstimateChances(ctx, &v, samples, 7, budget); !equalChances(got, again) {
			t.Fatalf("%s: two estimates with one seed differ", tc.name)
		}
		vs := v.State()
		moves := vs.Moves(nil)
		want := map[engine.Move]int{}
		rng := rand.New(rand.NewPCG(7, 0x6869_6e74))
		winning := 0
		for k := 0; k < samples; k++ {
			s := v.Sample(rng)
			any := false
			for _, m := range moves {
				var child engine.State
				s.Child(m, &child)
				r := solver.Solve(ctx, child, budget.Solve)
				if r.Verdict == solver.Unknown {
					t.Fatalf("%s: a sample's move is unknown within the budget; the test needs them decided", tc.name)
				}
				if child.Won() || r.Verdict == solver.Won {
					want[m]++
					any = true
				}
			}
			if any {
				winning++
			}
		}
		if got.Samples != samples || got.Winning != winning || len(got.Moves) != len(moves) {
			t.Fatalf("%s: %d samples, %d winning, %d moves; want %d, %d, %d", tc.name, got.Samples, got.Winning, len(got.Moves), samples, winning, len(moves))
		}
		for i, c := range got.Moves {
			if c.Wins != want[c.Move] || c.Unknown != 0 {
				t.Fatalf("%s: move %v wins %d samples (%d unknown), want %d", tc.name, c.Move, c.Wins, c.Unknown, want[c.Move])
			}
			if i > 0 && c.Wins > got.Moves[i-1].Wins {
				t.Fatalf("%s: moves not in order of wins", tc.name)
			}
		}
	}
}

func equalChances(a, b Chances) bool {
	if a.Samples != b.Samples || a.Winning != b.Winning || len(a.Moves) != len(b.Moves) {
		return false
	}
	for i := range a.Moves {
		if a.Moves[i] != b.Moves[i] {
			return false
		}
	}
	return true
}
