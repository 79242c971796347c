package solver

import (
	"context"
	"testing"
	"time"

	"github.com/klondike-family/klondike/engine"
)

func BenchmarkSolveDraw1(b *testing.B) {
	r := engine.Klondike(1, 0)
	g := engine.MustGame(r)
	for b.Loop() {
		for seed := uint64(0); seed < 10; seed++ {
			s, _ := g.NewState(engine.NativeDeal(&r, seed))
			Solve(context.Background(), s, Options{Budget: 2 * time.Second})
		}
	}
}
