package solver

import (
	"context"
	"slices"
	"testing"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/variants"
)

// TestChildrenAheadSame checks that making a node's children ahead
// (childrenAhead, which the real search does in tables larger than the
// caches) changes nothing the search does: every game's native deals,
// with the pruning and without, searched with children made ahead at every
// node and never, give the same verdict, nodes, stored states, guide
// counts and solution, with the default depth limit and with one so small
// that lines are cut. The tables of these small searches are below
// aheadSlots, so the default never makes children ahead here.
func TestChildrenAheadSame(t *testing.T) {
	deals, nodes := uint64(4), int64(10_000)
	if testing.Short() {
		deals, nodes = 2, 3000
	}
	always, never := defaults, defaults
	always.aheadSlots, never.aheadSlots = 0, 1<<62
	// the same at the depth limit too: a line cut there is unknown, not lost
	shallowAlways, shallowNever := always, never
	shallowAlways.maxDepth, shallowNever.maxDepth = 12, 12
	ahead, cut := 0, 0
	for _, name := range variants.Names() {
		_, r, err := variants.Resolve(name, variants.Options{})
		if err != nil {
			t.Fatalf("Resolve(%s) = %v", name, err)
		}
		rs := []engine.Rules{r}
		if name == "klondike" {
			wb := r
			wb.WorryBack = true
			d1 := r
			d1.Draw, d1.Passes = 1, 1
			rs = append(rs, wb, d1)
		}
		for _, r := range rs {
			g, err := engine.NewGame(r)
			if err != nil {
				t.Fatalf("NewGame(%s) = %v", name, err)
			}
			for seed := uint64(0); seed < deals; seed++ {
				s, err := g.NewState(engine.NativeDeal(&r, seed))
				if err != nil {
					t.Fatalf("%s deal %d: %v", name, seed, err)
				}
				for _, noPrune := range []bool{false, true} {
					a := Solve(context.Background(), s, Options{MaxNodes: nodes, Mem: 64 << 20, NoPrune: noPrune, tune: &always})
					b := Solve(context.Background(), s, Options{MaxNodes: nodes, Mem: 64 << 20, NoPrune: noPrune, tune: &never})
					as, bs := a.Stats, b.Stats
					as.Elapsed, bs.Elapsed = 0, 0
					if a.Verdict != b.Verdict || as != bs || !slices.Equal(a.Solution, b.Solution) {
						t.Errorf("%s (%s) deal %d, no pruning %v: children ahead %v %+v, never %v %+v",
							name, rulesLabel(&r), seed, noPrune, a.Verdict, as, b.Verdict, bs)
					}
					if a.Stats.Nodes > 1 {
						ahead++
					}
					if noPrune {
						continue
					}
					a = Solve(context.Background(), s, Options{MaxNodes: nodes, Mem: 64 << 20, tune: &shallowAlways})
					b = Solve(context.Background(), s, Options{MaxNodes: nodes, Mem: 64 << 20, tune: &shallowNever})
					as, bs = a.Stats, b.Stats
					as.Elapsed, bs.Elapsed = 0, 0
					if a.Verdict != b.Verdict || as != bs || !slices.Equal(a.Solution, b.Solution) {
						t.Errorf("%s (%s) deal %d, depth at most 12: children ahead %v %+v, never %v %+v",
							name, rulesLabel(&r), seed, a.Verdict, as, b.Verdict, bs)
					}
					if a.Stats.Stop == StopDepth {
						cut++
					}
				}
			}
		}
	}
	if ahead == 0 || cut == 0 {
		t.Fatalf("%d searches took more than one node, %d stopped at the depth limit: want some of each", ahead, cut)
	}
}
