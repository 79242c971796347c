package solver

import (
	"context"
	"testing"

	"github.com/klondike-family/klondike/engine"
)

// BenchmarkSolve solves fixed native deals and reports the nodes searched
// per second of the benchmark's time beside the time per solve: lost
// deals decided by the root search of the relaxed game, a won deal it
// finds late, and the real search alone within a node budget.
//
//	go test -run - -bench Solve ./solver
func BenchmarkSolve(b *testing.B) {
	for _, c := range []struct {
		name  string
		draw  int
		worry bool
		seed  uint64
		opt   Options
	}{
		{"draw3/lost/seed2", 3, false, 2, Options{Mem: 1 << 30}},
		{"draw1-worry/lost/seed83", 1, true, 83, Options{Mem: 1 << 30}},
		{"draw3-worry/lost/seed23", 3, true, 23, Options{Mem: 1 << 30}},
		{"draw3-worry/won/seed41", 3, true, 41, Options{Mem: 1 << 30}},
		{"draw3/real-200k/seed2", 3, false, 2, Options{Mem: 1 << 30, NoPrune: true, MaxNodes: 200_000}},
	} {
		b.Run(c.name, func(b *testing.B) {
			r := engine.Klondike(c.draw, 0)
			r.WorryBack = c.worry
			g := engine.MustGame(r)
			s, err := g.NewState(engine.NativeDeal(&r, c.seed))
			if err != nil {
				b.Fatal(err)
			}
			var nodes int64
			for b.Loop() {
				nodes += Solve(context.Background(), s, c.opt).Stats.Nodes
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}
