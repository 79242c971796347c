package solver

import (
	"math/rand/v2"
	"testing"

	"github.com/klondike-family/klondike/engine"
)

// TestDeferredWorryKeepsWins checks the theorem of the worried-back cards
// deferred (relaxdefer.go) where the deals that broke earlier rules came
// from: relaxed states whose foundations are high and whose cards go back
// and forth. From each small deal it walks the relaxed game itself (every
// relaxed move, the foundation moves first three times in four), and at
// every fourth state compares the root search, with the worried-back
// cards deferred and without, against a plain search of every relaxed
// move.
func TestDeferredWorryKeepsWins(t *testing.T) {
	deals := 40
	if testing.Short() {
		deals = 10
	}
	var sets []engine.Rules
	for _, dp := range [][2]int{{1, 0}, {3, 0}, {1, 2}} {
		for _, ranks := range []int{6, 8} {
			for _, piles := range []int{3, 5} {
				r := engine.Klondike(dp[0], dp[1])
				r.Ranks, r.Deal = ranks, r.Deal[:piles]
				r.WorryBack = true
				sets = append(sets, r)
			}
		}
	}
	with, without := defaults, defaults
	with.deferWorry, without.deferWorry = worryAndTalonDeferred, worryNotDeferred
	var d deferCheck
	relaxDeals(t, sets, deals, func(r *engine.Rules, seed uint64, _ engine.State, rg *rgame, st rstate) {
		rng := rand.New(rand.NewPCG(seed, 41))
		for ply := 0; ply < 160 && !rg.won(&st); ply++ {
			if ply%4 == 3 {
				d.check(t, "worried-back cards deferred", r, seed, ply, rg, st, with, without)
			}
			moves := rg.moves(&st, nil, false)
			if len(moves) == 0 {
				break
			}
			m := moves[rng.IntN(len(moves))]
			if rng.IntN(4) != 0 {
				for _, m2 := range moves {
					if m2.kind == rmFound {
						m = m2
						break
					}
				}
			}
			rg.apply(&st, m)
		}
	})
	d.exercised(t)
}
