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
// growth, under a thousand, not one per node.
func TestSolveAllocs(t *testing.T) {
	if testing.Short() {
		t.Skip("a solve of 160,000 nodes")
	}
	r := engine.Klondike(3, 0)
	g := engine.MustGame(r)
	s, err := g.NewState(engine.NativeDeal(&r, 2))
	if err != nil {
		t.Fatal(err)
	}
	var res Result
	allocs := testing.AllocsPerRun(2, func() {
		res = Solve(context.Background(), s, Options{Mem: 1 << 30})
	})
	if res.Verdict != Lost || res.Stats.Nodes < 100_000 {
		t.Fatalf("native deal 2, draw 3: %v after %d nodes, want lost after 100,000 or more", res.Verdict, res.Stats.Nodes)
	}
	if allocs > 1000 {
		t.Errorf("a solve of %d nodes made %.0f allocations, want at most 1,000 (none per node)", res.Stats.Nodes, allocs)
	}
}
