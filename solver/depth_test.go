package solver

import (
	"context"
	"testing"
	"time"

	"github.com/klondike-family/klondike/engine"
)

// TestDepthLimit: a search that would go deeper than tuning.maxDepth stops with
// "depth" and an unknown verdict, never a loss it did not prove (the real
// search, guided or not, and the relaxed search alone).
func TestDepthLimit(t *testing.T) {
	r := engine.Klondike(3, 0)
	g := engine.MustGame(r)
	// a lost deal and a won one, with the depth unbounded
	var lost, won engine.State
	var haveLost, haveWon bool
	for seed := uint64(0); seed < 100 && !(haveLost && haveWon); seed++ {
		s, _ := g.NewState(engine.NativeDeal(&r, seed))
		switch Solve(context.Background(), s, Options{MaxNodes: 200_000}).Verdict {
		case Lost:
			lost, haveLost = s, true
		case Won:
			won, haveWon = s, true
		}
	}
	if !haveLost || !haveWon {
		t.Fatal("no lost or no won deal among seeds 0..99")
	}
	tn := defaults
	tn.maxDepth = 12
	for _, tc := range []struct {
		name string
		s    engine.State
		opt  Options
	}{
		{"lost, guided", lost, Options{MaxNodes: 200_000, tune: &tn}},
		{"lost, no pruning", lost, Options{MaxNodes: 200_000, NoPrune: true, tune: &tn}},
		{"won, no pruning", won, Options{MaxNodes: 200_000, NoPrune: true, tune: &tn}},
		{"lost, 2 workers", lost, Options{MaxNodes: 200_000, Workers: 2, tune: &tn}},
	} {
		res := Solve(context.Background(), tc.s, tc.opt)
		if res.Verdict != Unknown || res.Stats.Stop != StopDepth {
			t.Errorf("%s, depth at most %d: %v (stop %q), want unknown (depth)", tc.name, tn.maxDepth, res.Verdict, res.Stats.Stop)
		}
	}
	st, _, ok := relaxSolve(context.Background(), &lost, 0, time.Time{}, 0, tn.maxDepth)
	if ok && (st.Verdict == Lost || st.Verdict == Unknown && st.Stop != StopDepth) {
		t.Errorf("relaxed search, depth at most %d: %v (stop %q), want won or unknown (depth)", tn.maxDepth, st.Verdict, st.Stop)
	}
}
