package solver

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/variants"
)

// BenchmarkBeam runs one beam search of Gargantua's native deal 7 (width
// 4,096, at most 1 M nodes), the kind of search that decides the deals the
// depth-first search does not reach, and reports its nodes per second.
//
//	go test -run - -bench Beam ./solver
func BenchmarkBeam(b *testing.B) {
	s := variantDeal(b, "gargantua", 7)
	var nodes int64
	for b.Loop() {
		_, st := beamSolve(context.Background(), s, Options{Mem: 1 << 30}, 4096, 1<<20, time.Time{}, 0, 0)
		nodes += st.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// TestBeamFastPaths checks that the beam's fast paths (beamPaths) give
// the same lines and node counts as its slow ones, each alone and both
// together, on the first deals of every game and at several widths.
func TestBeamFastPaths(t *testing.T) {
	deals := uint64(4)
	if testing.Short() {
		deals = 2
	}
	slow := beamPaths{fullGen: true, exact: true}
	for _, name := range variants.Names() {
		_, r, err := variants.Resolve(name, variants.Options{})
		if err != nil {
			t.Fatal(err)
		}
		g := engine.MustGame(r)
		rel := relaxApplies(&r)
		scs := append(beamPlan(&r, rel, false), beamPlan(&r, rel, true)...) // the scores Solve's beams use
		for seed := uint64(0); seed < deals; seed++ {
			s, err := g.NewState(engine.NativeDeal(&r, seed))
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range []int{16, 256} {
				sc := scs[(int(seed)+w)%len(scs)] // each score on some deals and widths
				p1, s1 := beamRun(context.Background(), s, Options{}, w, 30000, time.Time{}, slow, sc, 0)
				for _, fast := range []beamPaths{{fullGen: true}, {exact: true}, {}} {
					p2, s2 := beamRun(context.Background(), s, Options{}, w, 30000, time.Time{}, fast, sc, 0)
					if s1.Nodes != s2.Nodes || s1.Stored != s2.Stored || s1.Stop != s2.Stop || !slices.Equal(p1, p2) {
						t.Errorf("%s seed %d width %d score %d %+v: slow paths %d nodes, %d stored, %v, line of %d; fast %d, %d, %v, %d",
							name, seed, w, sc, fast, s1.Nodes, s1.Stored, s1.Stop, len(p1), s2.Nodes, s2.Stored, s2.Stop, len(p2))
					}
				}
			}
		}
	}
}
