package main

import (
	"context"
	"fmt"
	"time"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/solver"
)

func main() {
	for _, draw := range []int{1, 3} {
		r := engine.Klondike(draw, 0)
		g := engine.MustGame(r)
		won, lost, unk := 0, 0, 0
		var tot time.Duration
		var maxT time.Duration
		for seed := uint64(0); seed < 200; seed++ {
			s, err := g.NewState(engine.NativeDeal(&r, seed))
			if err != nil {
				panic(err)
			}
			res := solver.Solve(context.Background(), s, solver.Options{Budget: 10 * time.Second})
			tot += res.Stats.Elapsed
			if res.Stats.Elapsed > maxT {
				maxT = res.Stats.Elapsed
			}
			switch res.Verdict {
			case solver.Won:
				won++
			case solver.Lost:
				lost++
			default:
				unk++
			}
		}
		fmt.Println("draw", draw, won, lost, unk, tot/200, maxT)
	}
}
