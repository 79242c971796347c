package solver_test

import (
	"context"
	"testing"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/solver"
	"github.com/klondike-family/klondike/variants"
)

// BenchmarkSolve solves fixed native deals and reports the nodes searched
// per second of the benchmark's time beside the time per solve: lost
// deals decided by the root search of the relaxed game (a Joker
// Klondike one too), a won deal it finds late, and the real search alone
// within a node budget.
//
//	go test -run - -bench Solve ./solver
func BenchmarkSolve(b *testing.B) {
	for _, c := range []struct {
		name  string
		draw  int
		worry bool
		seed  uint64
		opt   solver.Options
		joker bool
	}{
		{"draw3/lost/seed2", 3, false, 2, solver.Options{Mem: 1 << 30}, false},
		{"draw1-worry/lost/seed83", 1, true, 83, solver.Options{Mem: 1 << 30}, false},
		{"draw3-worry/lost/seed23", 3, true, 23, solver.Options{Mem: 1 << 30}, false},
		{"draw3-worry/won/seed41", 3, true, 41, solver.Options{Mem: 1 << 30}, false},
		{"draw3/real-200k/seed2", 3, false, 2, solver.Options{Mem: 1 << 30, NoPrune: true, MaxNodes: 200_000}, false},
		{"joker/lost/seed604", 3, false, 604, solver.Options{Mem: 1 << 30}, true},
		{"joker/lost/seed491", 3, false, 491, solver.Options{Mem: 1 << 30}, true},
	} {
		b.Run(c.name, func(b *testing.B) {
			r := engine.Klondike(c.draw, 0)
			r.WorryBack, r.Joker = c.worry, c.joker
			g := engine.MustGame(r)
			s, err := g.NewState(engine.NativeDeal(&r, c.seed))
			if err != nil {
				b.Fatal(err)
			}
			var nodes int64
			for b.Loop() {
				nodes += solver.Solve(context.Background(), s, c.opt).Stats.Nodes
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// BenchmarkSampleSolves is the expert player's kind of solve (many small
// solves in a row, solver/player): positions of native deals 0..39, each
// after 30 random moves (a fixed seed), solved in turn with the quick
// search cut to 300 nodes, as the expert's samples are. Klondike draw 3
// with worrying back within 5,000 nodes (the expert's default budget);
// Yukon within 300 and 500 nodes (the budgets of the packs' grades);
// Double Klondike within 5,000 nodes (the expert's rows), where the beams
// take most of the time.
// ns/solve is the figure to compare; nodes/solve must not change with a
// change that only makes the solver faster; allocs/op counts a whole
// round of 40 solves.
//
//	go test -run - -bench SampleSolves ./solver
func BenchmarkSampleSolves(b *testing.B) {
	for _, c := range []struct {
		name  string
		game  string
		opts  variants.Options
		nodes int64
	}{
		{"klondike-d3-wb/5000", "klondike", variants.Options{Draw: 3, Defoundation: true, DefoundSet: true}, 5000},
		{"yukon/300", "yukon", variants.Options{}, 300},
		{"yukon/500", "yukon", variants.Options{}, 500},
		{"double-klondike/5000", "double-klondike", variants.Options{}, 5000},
	} {
		b.Run(c.name, func(b *testing.B) {
			pos := solver.WalkedPositions(b, c.game, c.opts, 40, 30, [2]uint64{1, 2})
			opt := solver.Options{MaxNodes: c.nodes, QuickNodes: 300, Workers: 1}
			b.ReportAllocs()
			var nodes int64
			for b.Loop() {
				for i := range pos {
					nodes += solver.Solve(context.Background(), pos[i], opt).Stats.Nodes
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(pos)), "ns/solve")
			b.ReportMetric(float64(nodes)/float64(b.N*len(pos)), "nodes/solve")
		})
	}
}
