package solver_test

import (
	"context"
	"slices"
	"testing"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/solver"
	"github.com/klondike-family/klondike/variants"
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
			if err := engine.VerifyMoves(s, b.Solution); err != nil {
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
// as do small tables' memory (table.go's tableBufs), small keysets'
// arrays (keyset.go) and the guided search's relaxed tables and buffers
// (relaxsearch.go's rsolverBufs), so a solve may start with another's
// leftovers.
// Solving positions in one order and again in the reverse order, each
// after others of other sizes, gives the same verdicts, node counts,
// stored states, table bytes and solutions: Klondike draw 3 from the deal,
// and Yukon after 20 random moves, whose small solves go through the
// beams and the link game, with a memory limit that stops some; Holdout
// after 20 random moves (its first guided search comes before the root
// searches), and Klondike draw 3 with a memory limit under which the
// guided search's first table fits and a doubled one does not.
func TestSolveReusesScratch(t *testing.T) {
	yukon := solver.WalkedPositions(t, "yukon", variants.Options{}, 30, 20, [2]uint64{3, 4})
	holdout := solver.WalkedPositions(t, "klondike-holdout", variants.Options{}, 20, 20, [2]uint64{5, 6})
	for _, c := range []struct {
		name  string
		deals []engine.State
		opt   solver.Options
	}{
		{"klondike-d3", draw3Deals(t, 20), solver.Options{MaxNodes: 100_000, Workers: 1, QuickNodes: 100}},
		{"yukon", yukon, solver.Options{MaxNodes: 3_000, Workers: 1, QuickNodes: 300}},
		{"yukon-mem", yukon, solver.Options{MaxNodes: 50_000, Workers: 1, QuickNodes: 300, Mem: 160 << 10}},
		// the guided search's relaxed tables (rsolverPool), within and at
		// the memory limit (guideMem is half of Mem: the first table
		// fits, a doubled one does not)
		{"holdout", holdout, solver.Options{MaxNodes: 20_000, Workers: 1, QuickNodes: 300}},
		{"klondike-d3-mem", draw3Deals(t, 20), solver.Options{MaxNodes: 100_000, Workers: 1, QuickNodes: 100, Mem: 1 << 20}},
	} {
		first := make([]solver.Result, len(c.deals))
		for i, s := range c.deals {
			first[i] = solver.Solve(context.Background(), s, c.opt)
		}
		stops := 0
		for i := len(c.deals) - 1; i >= 0; i-- {
			r := solver.Solve(context.Background(), c.deals[i], c.opt)
			a := first[i]
			if r.Verdict != a.Verdict || r.Stats.Nodes != a.Stats.Nodes || r.Stats.Stored != a.Stats.Stored ||
				r.Stats.TableSize != a.Stats.TableSize || r.Stats.Stop != a.Stats.Stop || !slices.Equal(r.Solution, a.Solution) {
				t.Fatalf("%s %d: %v in %d nodes, %d stored, %d bytes (%d moves) first, %v in %d nodes, %d stored, %d bytes (%d moves) again",
					c.name, i, a.Verdict, a.Stats.Nodes, a.Stats.Stored, a.Stats.TableSize, len(a.Solution),
					r.Verdict, r.Stats.Nodes, r.Stats.Stored, r.Stats.TableSize, len(r.Solution))
			}
			if r.Stats.Stop == solver.StopMemory {
				stops++
			}
		}
		t.Logf("%s: %d positions, %d stopped on memory", c.name, len(c.deals), stops)
	}
}
