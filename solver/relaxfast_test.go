package solver

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/klondike-family/klondike/engine"
)

// fastRuleSets are the rule sets of relaxfast.go's tests: the relaxed
// game's (full Klondike with each option, Strict, Holdout, a small game
// with a cell) and the small games of the deferred moves.
func fastRuleSets() []engine.Rules {
	return append(relaxRuleSets(), deferSets()...)
}

// TestRootMovesMatch checks rootMoves and rootReaders against the plain
// generators on the states of random relaxed games: the same moves in the
// same order, after every deferrable move too.
func TestRootMovesMatch(t *testing.T) {
	deals, plies := 60, 300
	if testing.Short() {
		deals = 15
	}
	var ks [64]kpos
	states, readers := 0, 0
	relaxDeals(t, fastRuleSets(), deals, func(r *engine.Rules, seed uint64, _ engine.State, rg *rgame, st rstate) {
		rng := rand.New(rand.NewPCG(seed, 23))
		for ply := 0; ply < plies && !rg.won(&st); ply++ {
			want := rg.moves(&st, nil, true)
			var v rview
			got, nk := rg.rootMoves(&st, nil, &ks, &v)
			if v != rg.view(&st) {
				t.Fatalf("%s seed %d ply %d: rootMoves' view differs from view's", rulesLabel(r), seed, ply)
			}
			if !slices.Equal(got, want) {
				t.Fatalf("%s seed %d ply %d: rootMoves %+v, want %+v", rulesLabel(r), seed, ply, got, want)
			}
			var wantKs [64]kpos
			if wn := rg.kplus(&st, &wantKs); nk >= 0 && (wn != nk || !slices.Equal(ks[:nk], wantKs[:wn])) {
				t.Fatalf("%s seed %d ply %d: rootMoves' K+ positions differ from kplus's", rulesLabel(r), seed, ply)
			}
			states++
			for _, m := range want {
				res, ok := rg.deferrable(&st, m)
				if !ok {
					continue
				}
				st1 := st
				rg.apply(&st1, m)
				wantR := rg.readers(&st1, res, nil)
				v1 := v.sets().after(m)
				if fresh := rg.view(&st1); v1 != fresh.sets() {
					t.Fatalf("%s seed %d ply %d: after %+v, rsets.after %+v, want %+v", rulesLabel(r), seed, ply, m, v1, fresh.sets())
				}
				var ks1 [64]kpos
				for _, known := range []bool{false, true} {
					n := -1
					if known && m.from != rfTalon {
						ks1, n = ks, nk // the talon is st's
					}
					if gotR := rg.rootReaders(&st1, res, nil, &ks1, n, &v1); !slices.Equal(gotR, wantR) {
						t.Fatalf("%s seed %d ply %d: after %+v, rootReaders %+v, want %+v", rulesLabel(r), seed, ply, m, gotR, wantR)
					}
				}
				readers++
			}
			// play on with every relaxed move, so that the states met are
			// not only those the pruned generator leads to
			all := rg.moves(&st, nil, false)
			if len(all) == 0 {
				break
			}
			rg.apply(&st, all[rng.IntN(len(all))])
		}
	})
	if states == 0 || readers == 0 {
		t.Fatalf("checked %d states and %d readers; want both", states, readers)
	}
	t.Logf("checked %d states and %d readers", states, readers)
}

// TestRootSearchFastMatchesPlain checks that the root search visits the
// same states in the same order with the set-based generators and the keys
// rewritten field by field as with the plain generators and whole keys:
// the same verdict, node count and winning line, from the deals' roots and
// from relaxed states met in random real games.
func TestRootSearchFastMatchesPlain(t *testing.T) {
	deals := 6
	if testing.Short() {
		deals = 2
	}
	search := func(rg *rgame, st rstate, plain bool) (Verdict, int64, []rMove) {
		tn := defaults
		tn.plainGen = plain
		rr := newRroot(rg, 0, 1, tn)
		v := rr.search(&st, 50_000, time.Time{}, nil)
		return v, rr.nodes, rr.line
	}
	checked := map[Verdict]int{}
	relaxedStates(t, fastRuleSets(), deals, 40, 10, 29, func(r *engine.Rules, seed uint64, ply int, rg *rgame, a rstate) {
		v1, n1, l1 := search(rg, a, false)
		v2, n2, l2 := search(rg, a, true)
		if v1 != v2 || n1 != n2 || !slices.Equal(l1, l2) {
			t.Fatalf("%s seed %d ply %d: fast %v in %d nodes (line of %d), plain %v in %d (line of %d)",
				rulesLabel(r), seed, ply, v1, n1, len(l1), v2, n2, len(l2))
		}
		checked[v1]++
	})
	t.Logf("searches compared: %v", checked)
	if checked[Won] == 0 || checked[Lost] == 0 {
		t.Errorf("searches compared: %v; want won and lost ones", checked)
	}
}

// TestTablesGivenBack checks that a solve gives back every table it mapped
// from the operating system (bigmem.go), with one worker and two, narrow
// keys and wide ones, when it ends on a verdict or on its node budget.
func TestTablesGivenBack(t *testing.T) {
	type tc struct {
		draw, passes int
		worry        bool
		cells        int
		seed         uint64
		workers      int
		nodes        int64
	}
	cases := []tc{
		{1, 0, true, 0, 83, 1, 700_000},    // narrow keys, stopped on nodes
		{1, 0, true, 0, 83, 2, 700_000},    // the lock-free set of two workers
		{3, 3, false, 0, 7965, 1, 700_000}, // 64-bit keys (recycles counted) in one word
		{3, 3, false, 0, 7965, 2, 700_000}, // 64-bit keys, shards of two workers
		{1, 1, false, 2, 1154, 1, 700_000}, // wide keys (Holdout's cells)
		{1, 1, false, 2, 1154, 2, 700_000}, // wide keys, shards of two workers
		{1, 0, false, 0, 917, 1, 0},        // a lost deal, searched to the end
	}
	if testing.Short() {
		cases = cases[:2]
	}
	for _, c := range cases {
		r := engine.Klondike(c.draw, c.passes)
		r.WorryBack, r.Cells = c.worry, c.cells
		g := engine.MustGame(r)
		s, err := g.NewState(engine.NativeDeal(&r, c.seed))
		if err != nil {
			t.Fatal(err)
		}
		before := mappedBytes.Load()
		res := Solve(context.Background(), s, Options{Mem: 1 << 30, MaxNodes: c.nodes, Workers: c.workers})
		if res.Stats.TableSize < hugeMin {
			t.Errorf("%+v: the tables reached %d bytes, under the %d from which they are mapped: the case tests nothing", c, res.Stats.TableSize, hugeMin)
		}
		if after := mappedBytes.Load(); after != before {
			t.Errorf("%+v: %d bytes mapped before the solve, %d after (%v, %d nodes)", c, before, after, res.Verdict, res.Stats.Nodes)
		}
	}
}
