package solver

import (
	"context"
	"testing"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/variants"
)

// TestWorkersSameVerdict: one deal searched by several workers sharing a
// table gets the verdict of one worker, and a won solution replays. Small
// Agnes Sorel has each worker guided by its own segment game.
func TestWorkersSameVerdict(t *testing.T) {
	small := engine.Klondike(3, 0)
	small.Ranks = 5
	small.Deal = small.Deal[:4]
	full := engine.Klondike(1, 0)
	sorel, ok := variants.Small("agnes-sorel")
	if !ok {
		t.Fatal("agnes-sorel has no small version")
	}
	sorel.Ranks = 5
	cases := []struct {
		name  string
		rules engine.Rules
		deals int
		nodes int64
	}{
		{"small-5x4-draw3", small, 300, 0},
		{"klondike-draw1", full, 6, 0},
		{"small-agnes-sorel-5", sorel, 300, 0},
	}
	for _, c := range cases {
		g := engine.MustGame(c.rules)
		won, lost := 0, 0
		for seed := uint64(0); seed < uint64(c.deals); seed++ {
			s, err := g.NewState(engine.NativeDeal(&c.rules, seed))
			if err != nil {
				t.Fatalf("%s seed %d: %v", c.name, seed, err)
			}
			one := Solve(context.Background(), s, Options{MaxNodes: 2_000_000})
			if one.Verdict == Unknown {
				continue
			}
			for _, w := range []int{2, 3} {
				many := Solve(context.Background(), s, Options{MaxNodes: 4_000_000, Workers: w})
				if many.Verdict != one.Verdict {
					t.Fatalf("%s seed %d: %d workers say %v, one worker %v", c.name, seed, w, many.Verdict, one.Verdict)
				}
				if many.Verdict == Won {
					if err := engine.VerifyMoves(s, many.Solution); err != nil {
						t.Fatalf("%s seed %d, %d workers: %v", c.name, seed, w, err)
					}
				}
			}
			if one.Verdict == Won {
				won++
			} else {
				lost++
			}
		}
		if c.deals > 50 && (won == 0 || lost == 0) {
			t.Errorf("%s: %d won, %d lost: the test needs both", c.name, won, lost)
		}
	}
}
