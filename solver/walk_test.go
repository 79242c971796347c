package solver

import (
	"math/rand/v2"
	"testing"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/variants"
)

// walkedPositions returns native deals 0..n-1 of game (with opts), each
// after up to moves random moves (rng seeded with seed), for the solves
// of many mid-game positions (BenchmarkSampleSolves, TestSolveReusesScratch).
func walkedPositions(tb testing.TB, game string, opts variants.Options, n, moves int, seed [2]uint64) []engine.State {
	tb.Helper()
	_, r, err := variants.Resolve(game, opts)
	if err != nil {
		tb.Fatal(err)
	}
	g := engine.MustGame(r)
	rng := rand.New(rand.NewPCG(seed[0], seed[1]))
	out := make([]engine.State, 0, n)
	var buf []engine.Move
	for d := uint64(0); d < uint64(n); d++ {
		s, err := g.NewState(engine.NativeDeal(&r, d))
		if err != nil {
			tb.Fatal(err)
		}
		for k := 0; k < moves; k++ {
			if buf = s.Moves(buf[:0]); len(buf) == 0 {
				break
			}
			s.Apply(buf[rng.IntN(len(buf))])
		}
		out = append(out, s)
	}
	return out
}

// WalkedPositions is walkedPositions for the package's external tests.
var WalkedPositions = walkedPositions
