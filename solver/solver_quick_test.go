package solver_test

import (
	"context"
	"slices"
	"testing"

	"github.com/klondike-family/klondike/solver"
)

// TestQuickNodes: Options.QuickNodes cuts the quick search short, so the
// relaxed game's searches start sooner; the verdicts stay Solve's. On
// native draw-3 deals 0..29 the two budgets never disagree where both
// decide, every win replays, and some deal is searched differently (its
// node count differs).
func TestQuickNodes(t *testing.T) {
	differ := 0
	for seed, s := range draw3Deals(t, 30) {
		a := solver.Solve(context.Background(), s, solver.Options{MaxNodes: 200_000, Workers: 1})
		b := solver.Solve(context.Background(), s, solver.Options{MaxNodes: 200_000, Workers: 1, QuickNodes: 100})
		if a.Verdict != solver.Unknown && b.Verdict != solver.Unknown && a.Verdict != b.Verdict {
			t.Fatalf("deal %d: %v with the default quick search, %v with 100 nodes", seed, a.Verdict, b.Verdict)
		}
		if b.Verdict == solver.Won {
			if err := replay(s, b.Solution); err != nil {
				t.Fatalf("deal %d: %v", seed, err)
			}
		}
		if a.Stats.Nodes != b.Stats.Nodes {
			differ++
		}
	}
	if differ == 0 {
		t.Fatal("QuickNodes changed no search")
	}
	t.Logf("%d of 30 deals searched differently", differ)
}

// TestSolveReusesScratch: the root search's and the realizer's buffers
// come from pools (relaxroot.go's rscratch, realize.go's realizerBufs),
// so a solve may start with another's leftovers. Solving deals in one
// order and again in the reverse order, each after others of other sizes,
// gives the same verdicts, node counts and solutions.
func TestSolveReusesScratch(t *testing.T) {
	deals := draw3Deals(t, 20)
	opt := solver.Options{MaxNodes: 100_000, Workers: 1, QuickNodes: 100}
	first := make([]solver.Result, len(deals))
	for i, s := range deals {
		first[i] = solver.Solve(context.Background(), s, opt)
	}
	for i := len(deals) - 1; i >= 0; i-- {
		r := solver.Solve(context.Background(), deals[i], opt)
		a := first[i]
		if r.Verdict != a.Verdict || r.Stats.Nodes != a.Stats.Nodes || !slices.Equal(r.Solution, a.Solution) {
			t.Fatalf("deal %d: %v in %d nodes (%d moves) first, %v in %d nodes (%d moves) again",
				i, a.Verdict, a.Stats.Nodes, len(a.Solution), r.Verdict, r.Stats.Nodes, len(r.Solution))
		}
	}
}
