package main

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"time"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/solver"
)

func main() {
	draw, _ := strconv.Atoi(os.Args[1])
	n, _ := strconv.Atoi(os.Args[2])
	budget, _ := time.ParseDuration(os.Args[3])
	r := engine.Klondike(draw, 0)
	g := engine.MustGame(r)
	won, lost, unk := 0, 0, 0
	var tot time.Duration
	var nodes int64
	for seed := uint64(0); seed < uint64(n); seed++ {
		s, _ := g.NewState(engine.NativeDeal(&r, seed))
		res := solver.Solve(context.Background(), s, solver.Options{Budget: budget})
		tot += res.Stats.Elapsed
		nodes += res.Stats.Nodes
		switch res.Verdict {
		case solver.Won:
			won++
		case solver.Lost:
			lost++
		default:
			unk++
			fmt.Println("unknown", seed, res.Stats.Nodes)
		}
	}
	fmt.Println("draw", draw, "won", won, "lost", lost, "unk", unk, "mean", tot/time.Duration(n), "nodes/s", float64(nodes)/tot.Seconds())
}
