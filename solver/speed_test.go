package solver_test

import (
	"context"
	"flag"
	"fmt"
	"testing"
	"time"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/solver"
)

var (
	speedDeals = flag.Int("speed-deals", 0, "TestSpeed: deals of Klondike with worrying back to solve (0 skips)")
	speedDraw  = flag.Int("speed-draw", 1, "TestSpeed: draw count")
	speedFrom  = flag.Uint64("speed-from", 0, "TestSpeed: first seed")
	speedNodes = flag.Int64("speed-nodes", 1_000_000, "TestSpeed: node budget per deal")
	speedLog   = flag.Bool("speed-log", false, "TestSpeed: one line per deal")
)

// TestSpeed is a measuring tool, not a check: it solves native Klondike
// deals with worrying back under a node budget (deterministic) and prints
// the verdicts, the nodes and the time, so two builds can be compared on
// the same deals. Run: go test ./solver/ -run TestSpeed -speed-deals 50.
func TestSpeed(t *testing.T) {
	if *speedDeals == 0 {
		t.Skip("-speed-deals not set")
	}
	r := engine.Klondike(*speedDraw, 0)
	r.WorryBack = true
	g := engine.MustGame(r)
	var won, lost, unknown int
	var nodes, stored int64
	var el time.Duration
	for seed := *speedFrom; seed < *speedFrom+uint64(*speedDeals); seed++ {
		s, err := g.NewState(engine.NativeDeal(&r, seed))
		if err != nil {
			t.Fatal(err)
		}
		res := solver.Solve(context.Background(), s, solver.Options{MaxNodes: *speedNodes})
		switch res.Verdict {
		case solver.Won:
			won++
			if err := engine.VerifyMoves(s, res.Solution); err != nil {
				t.Errorf("seed %d: %v", seed, err)
			}
		case solver.Lost:
			lost++
		default:
			unknown++
		}
		nodes += res.Stats.Nodes
		stored += res.Stats.Stored
		el += res.Stats.Elapsed
		if *speedLog {
			fmt.Printf("seed %d: %v nodes %d stored %d table %d %.1f ms\n", seed, res.Verdict, res.Stats.Nodes,
				res.Stats.Stored, res.Stats.TableSize, float64(res.Stats.Elapsed.Microseconds())/1000)
		}
	}
	fmt.Printf("draw %d, %d deals from %d, %d nodes each at most: %d won, %d lost, %d unknown; %d nodes, %d stored, %.2f s, %.0f nodes/s\n",
		*speedDraw, *speedDeals, *speedFrom, *speedNodes, won, lost, unknown, nodes, stored, el.Seconds(), float64(nodes)/el.Seconds())
}
