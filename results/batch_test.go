package results

import (
	"context"
	"slices"
	"testing"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/solver"
)

// TestSolveDealsWorkerIndependent: verdicts and node counts do not depend
// on the number of workers.
func TestSolveDealsWorkerIndependent(t *testing.T) {
	r := engine.Klondike(3, 0)
	g := engine.MustGame(r)
	deal := func(seed uint64) (engine.Layout, error) { return engine.NativeDeal(&r, seed), nil }
	seeds := []uint64{0, 1, 2, 3, 4, 5, 6, 7}
	opt := solver.Options{MaxNodes: 20000}
	run := func(workers int) []Record {
		var recs []Record
		if err := SolveDeals(context.Background(), g, deal, seeds, opt, workers, func(r Record) {
			r.TimeMS = 0
			recs = append(recs, r)
		}); err != nil {
			t.Fatalf("SolveDeals: %v", err)
		}
		slices.SortFunc(recs, func(a, b Record) int { return int(a.Seed) - int(b.Seed) })
		return recs
	}
	one, two := run(1), run(2)
	if len(one) != len(seeds) {
		t.Fatalf("got %d records, want %d", len(one), len(seeds))
	}
	for i := range one {
		if one[i] != two[i] {
			t.Errorf("seed %d: 1 worker %+v, 2 workers %+v", one[i].Seed, one[i], two[i])
		}
	}
}

func TestSummarise(t *testing.T) {
	recs := []Record{
		{Verdict: "won", TimeMS: 1, Nodes: 10}, {Verdict: "won", TimeMS: 3, Nodes: 30},
		{Verdict: "lost", TimeMS: 2, Nodes: 20, TableBytes: 7}, {Verdict: "unknown", TimeMS: 10, Nodes: 40},
	}
	s := Summarise(recs)
	if s.Deals != 4 || s.Won != 2 || s.Lost != 1 || s.Unknown != 1 {
		t.Fatalf("counts %+v", s)
	}
	if s.MeanMS != 4 || s.MedianMS != 2 || s.MaxMS != 10 || s.P99MS != 10 || s.MaxTableBytes != 7 {
		t.Errorf("times %+v: want mean 4, median 2, p99 10, max 10, table 7", s)
	}
	if s.NodesPerSec != 100*1000/16 {
		t.Errorf("nodes/s %v, want %v", s.NodesPerSec, 100*1000/16)
	}
}
