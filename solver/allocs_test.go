package solver

import (
	"context"
	"testing"

	"github.com/klondike-family/klondike/engine"
)

// TestSolveAllocs: the searches allocate nothing per node. A solve of a
// lost deal whose root search visits about 160,000 relaxed states (and a
// quick real search of 2,000 nodes and a root search of the coarse game
// before it) makes only the allocations of its setup and of its tables'
// growth, under a thousand, not one per node; so does one with worrying
// back, whose macros pull hosts (relaxdefer.go).
func TestSolveAllocs(t *testing.T) {
	if testing.Short() {
		t.Skip("solves of 160,000 nodes")
	}
	for _, c := range []struct {
		worry bool
		seed  uint64
	}{{false, 2}, {true, 23}} {
		r := engine.Klondike(3, 0)
		r.WorryBack = c.worry
		g := engine.MustGame(r)
		s, err := g.NewState(engine.NativeDeal(&r, c.seed))
		if err != nil {
			t.Fatal(err)
		}
		var res Result
		allocs := testing.AllocsPerRun(2, func() {
			res = Solve(context.Background(), s, Options{Mem: 1 << 30})
		})
		if res.Verdict != Lost || res.Stats.Nodes < 100_000 {
			t.Fatalf("native deal %d, draw 3, worrying back %v: %v after %d nodes, want lost after 100,000 or more", c.seed, c.worry, res.Verdict, res.Stats.Nodes)
		}
		if allocs > 1000 {
			t.Errorf("native deal %d, worrying back %v: a solve of %d nodes made %.0f allocations, want at most 1,000 (none per node)", c.seed, c.worry, res.Stats.Nodes, allocs)
		}
	}
}

// TestUnknownHasStop: every unknown verdict says why it stopped, whichever
// search spent the last nodes (the quick real search, the coarse game's,
// the relaxed game's, the guided or beam searches).
func TestUnknownHasStop(t *testing.T) {
	unknown := 0
	for _, draw := range []int{1, 3} {
		r := engine.Klondike(draw, 0)
		r.WorryBack = true
		g := engine.MustGame(r)
		for seed := uint64(0); seed < 40; seed++ {
			s, err := g.NewState(engine.NativeDeal(&r, seed))
			if err != nil {
				t.Fatal(err)
			}
			for _, n := range []int64{1500, 2500, 6000, 20000} {
				res := Solve(context.Background(), s, Options{MaxNodes: n, Mem: 64 << 20})
				if res.Verdict == Unknown {
					unknown++
					if res.Stats.Stop == NotStopped {
						t.Fatalf("draw %d seed %d, %d nodes: unknown with no stop reason (%+v)", draw, seed, n, res.Stats)
					}
				}
			}
		}
	}
	if unknown == 0 {
		t.Error("no solve ended unknown: the test checked nothing")
	}
}

// TestSolveAllocsLinkGuide: the same for Yukon's full search guided by the
// link game (linkguide.go): native deal 480, whose link game is won (so
// the guided search runs), at a million nodes with real nodes pruned by
// the guide, makes only the allocations of setup and growth.
func TestSolveAllocsLinkGuide(t *testing.T) {
	if testing.Short() {
		t.Skip("a solve of a million nodes")
	}
	s := variantDeal(t, "yukon", 480)
	var res Result
	allocs := testing.AllocsPerRun(1, func() {
		res = Solve(context.Background(), s, Options{MaxNodes: 1_000_000, Mem: 1 << 30, Workers: 1})
	})
	if res.Stats.Pruned == 0 {
		t.Fatalf("yukon native deal 480: %v, %d nodes, none pruned by the link game's guide; the test no longer runs it", res.Verdict, res.Stats.Nodes)
	}
	if allocs > 3000 {
		t.Errorf("a solve of %d nodes (%d pruned by the guide) made %.0f allocations, want at most 3,000 (none per node)", res.Stats.Nodes, res.Stats.Pruned, allocs)
	}
}
