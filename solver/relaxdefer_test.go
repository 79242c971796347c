package solver

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/klondike-family/klondike/engine"
)

// deferSets are small games where the deferred moves apply: both kinds
// with one card drawn and unlimited passes, only E otherwise; worrying
// back or not.
func deferSets() []engine.Rules {
	var sets []engine.Rules
	for _, draw := range []int{1, 2} {
		for _, passes := range []int{0, 2} {
			for _, ranks := range []int{5, 6} {
				for _, worry := range []bool{false, true} {
					r := engine.Klondike(draw, passes)
					r.Ranks, r.Deal = ranks, r.Deal[:3]
					r.WorryBack = worry
					sets = append(sets, r)
				}
			}
		}
	}
	return sets
}

// jokerDeferSets are small Joker Klondike games where talon placements
// are deferred (one card drawn, unlimited passes): their readers include
// the credits and releases. The Joker's game is searched with the plain
// generators only (relaxroot.go), so the set-based ones are not tested on
// them.
func jokerDeferSets() []engine.Rules {
	var sets []engine.Rules
	for _, ranks := range []int{5, 6} {
		for _, piles := range []int{3, 4} {
			r := engine.Klondike(1, 0)
			r.Ranks, r.Deal, r.Joker = ranks, r.Deal[:piles], true
			sets = append(sets, r)
		}
	}
	return sets
}

// TestReaders checks readers, the generator of a macro's followers,
// against its definition: after every deferrable move met in random
// relaxed games, the moves of rgame.moves (unpruned) that read what the
// move provides, no more and no fewer.
func TestReaders(t *testing.T) {
	deals, plies := 20, 120
	if testing.Short() {
		deals = 6
	}
	checked := map[bool]int{}
	relaxDeals(t, append(deferSets(), jokerDeferSets()...), deals, func(r *engine.Rules, seed uint64, _ engine.State, rg *rgame, st rstate) {
		rng := rand.New(rand.NewPCG(seed, 5))
		for ply := 0; ply < plies && !rg.won(&st); ply++ {
			moves := rg.moves(&st, nil, false)
			if len(moves) == 0 {
				break
			}
			for _, m := range moves {
				res, ok := rg.deferrable(&st, m)
				if !ok {
					continue
				}
				st1 := st
				rg.apply(&st1, m)
				var want []rMove
				for _, m2 := range rg.moves(&st1, nil, false) {
					if rg.reads(m2, res) {
						want = append(want, m2)
					}
				}
				got := rg.readers(&st1, res, nil)
				less := func(a, b rMove) int {
					return int(a.kind)<<24 + int(a.from)<<16 + int(a.card)<<8 + int(a.pile) - (int(b.kind)<<24 + int(b.from)<<16 + int(b.card)<<8 + int(b.pile))
				}
				slices.SortFunc(want, less)
				slices.SortFunc(got, less)
				if !slices.Equal(got, want) {
					t.Fatalf("%s seed %d ply %d: after %+v (provides %+v): readers %+v, want %+v", rulesLabel(r), seed, ply, m, res, got, want)
				}
				checked[res.rank == 0]++
			}
			rg.apply(&st, moves[rng.IntN(len(moves))])
		}
	})
	if checked[false] == 0 || checked[true] == 0 {
		t.Errorf("readers checked after %d talon placements and %d emptying reveals; want both", checked[false], checked[true])
	}
}

// TestDeferredMovesKeepWins checks the lemma and theorem of relaxdefer.go
// on small games: from relaxed states met in random real games, the root
// search with deferred moves finds a relaxed win exactly when a plain
// search of every relaxed move does, and so does the root search without
// them.
func TestDeferredMovesKeepWins(t *testing.T) {
	deals := 25
	if testing.Short() {
		deals = 8
	}
	with, without := defaults, defaults
	without.deferMoves = false
	var d deferCheck
	relaxedStates(t, append(deferSets(), jokerDeferSets()...), deals, 60, 5, 17, func(r *engine.Rules, seed uint64, ply int, rg *rgame, a rstate) {
		d.check(t, "deferred moves", r, seed, ply, rg, a, with, without)
	})
	d.exercised(t)
}

// deferCheck compares the root search of relaxed states, with some moves
// deferred and with fewer or none, against a plain search of every
// relaxed move, and counts what it saw.
type deferCheck struct{ checked, won, smaller int }

// check compares the verdicts from st of the root searches tuned by with
// and without (their probes off: the main search itself, whose stored
// states are compared) with relaxedWinReachable's; what names the
// deferred moves.
func (d *deferCheck) check(t *testing.T, what string, r *engine.Rules, seed uint64, ply int, rg *rgame, st rstate, with, without tuning) {
	t.Helper()
	root := func(tn tuning) (Verdict, int) {
		tn.probes, tn.probesMany = 0, 0
		rr := newRroot(rg, 0, 1, tn)
		return rr.search(&st, 0, time.Time{}, nil), rr.n
	}
	want := relaxedWinReachable(rg, st, false)
	vWith, nWith := root(with)
	vWithout, nWithout := root(without)
	if (vWith == Won) != want || (vWithout == Won) != want {
		t.Fatalf("%s seed %d ply %d: relaxed win reachable %v; root search %v with %s, %v without",
			rulesLabel(r), seed, ply, want, vWith, what, vWithout)
	}
	d.checked++
	if want {
		d.won++
	}
	if nWith < nWithout {
		d.smaller++
	}
}

// exercised fails the test unless it met won and lost states, and at a
// tenth of them the deferred moves stored fewer states.
func (d *deferCheck) exercised(t *testing.T) {
	t.Helper()
	t.Logf("%d states, %d won, %d where the deferred moves stored fewer", d.checked, d.won, d.smaller)
	if d.won == 0 || d.won == d.checked || d.smaller < d.checked/10 {
		t.Errorf("the test did not exercise the deferred moves: %d states, %d won, %d where they stored fewer states", d.checked, d.won, d.smaller)
	}
}

// TestCoarseBoundsRelaxed checks the theorem of relaxcoarse.go on small
// games that draw two cards or limit the passes: from relaxed states met in
// random real games, the root search of the coarse game never proves lost
// a state whose relaxed game (searched plainly, every move) can be won,
// and it proves some lost.
func TestCoarseBoundsRelaxed(t *testing.T) {
	deals := 20
	if testing.Short() {
		deals = 6
	}
	var sets []engine.Rules
	for _, draw := range []int{1, 2, 3} {
		for _, passes := range []int{0, 2} {
			for _, worry := range []bool{false, true} {
				if draw == 1 && passes == 0 {
					continue // the coarse game is the relaxed game itself
				}
				r := engine.Klondike(draw, passes)
				r.Ranks, r.Deal = 7, r.Deal[:4]
				r.WorryBack = worry
				sets = append(sets, r)
			}
		}
	}
	checked, coarseLost := 0, 0
	relaxedStates(t, sets, deals, 60, 5, 23, func(r *engine.Rules, seed uint64, ply int, rg *rgame, a rstate) {
		c := rg.coarse()
		if c == nil {
			t.Fatalf("%s: no coarse game", rulesLabel(r))
		}
		fine := newRroot(rg, 0, 1, defaults).search(&a, 0, time.Time{}, nil)
		coarse := newRroot(c, 0, 1, defaults).search(&a, 0, time.Time{}, nil)
		if coarse == Lost && fine != Lost {
			t.Fatalf("%s seed %d ply %d: the coarse game is lost, the relaxed game %v", rulesLabel(r), seed, ply, fine)
		}
		checked++
		if coarse == Lost {
			coarseLost++
		}
	})
	if coarseLost == 0 || coarseLost == checked {
		t.Errorf("the coarse game was lost in %d of %d states; the test needs both kinds", coarseLost, checked)
	}
}
