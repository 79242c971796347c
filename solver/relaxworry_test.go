package solver

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/klondike-family/klondike/engine"
)

// TestDeferredWorryKeepsWins checks the theorem of the worried-back cards
// deferred (relaxdefer.go) where the deals that broke earlier rules came
// from: relaxed states whose foundations are high and whose cards go back
// and forth. From each small deal it walks the relaxed game itself (every
// relaxed move, the foundation moves first three times in four), and at
// every fourth state compares the root search, with the worried-back
// cards deferred and without, against a plain search of every relaxed
// move; and the states stored with the pulls skipped where mayBeRead
// allows against those stored without skipping any (the same, as the
// skipped pulls make no child). Without the safe clause of mayBeRead it
// fails; the hole version 52 closed (an emptying reveal pulled from low on
// the foundations) is too rare to show here.
func TestDeferredWorryKeepsWins(t *testing.T) {
	deals := 40
	if testing.Short() {
		deals = 10
	}
	var sets []engine.Rules
	for _, dp := range [][2]int{{1, 0}, {3, 0}, {1, 2}} {
		for _, size := range [][2]int{{6, 3}, {6, 5}, {8, 3}, {8, 5}, {9, 7}} { // ranks, piles
			r := engine.Klondike(dp[0], dp[1])
			r.Ranks, r.Deal = size[0], r.Deal[:size[1]]
			r.WorryBack = true
			sets = append(sets, r)
		}
	}
	with, without := defaults, defaults
	with.deferWorry, without.deferWorry = worryAndTalonDeferred, worryNotDeferred
	noSkip := with
	noSkip.pullsSkipped = false
	var d deferCheck
	relaxDeals(t, sets, deals, func(r *engine.Rules, seed uint64, _ engine.State, rg *rgame, st rstate) {
		rng := rand.New(rand.NewPCG(seed, 41))
		for ply := 0; ply < 160 && !rg.won(&st); ply++ {
			if ply%4 == 3 {
				d.check(t, "worried-back cards deferred", r, seed, ply, rg, st, with, without)
				// the pulls skipped only where no child comes of them:
				// the same states either way
				if a, b := rootStates(rg, st, with), rootStates(rg, st, noSkip); a != b {
					t.Fatalf("%s seed %d ply %d: %d relaxed states stored with the pulls skipped where mayBeRead allows, %d without",
						rulesLabel(r), seed, ply, a, b)
				}
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

// rootStates returns the states the root search tuned by tn (its probes
// off) stores from st, searching to the end (no win) or to a win.
func rootStates(rg *rgame, st rstate, tn tuning) int {
	tn.probes, tn.probesMany = 0, 0
	rr := newRroot(rg, 0, 1, tn)
	rr.search(&st, 0, time.Time{}, nil)
	return rr.n
}
