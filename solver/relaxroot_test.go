package solver

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/klondike-family/klondike/engine"
)

// TestRealizeRelaxedWins takes native Klondike deals (draw 1 and draw 3,
// worrying back or not) whose root search of the relaxed game finds a
// relaxed win, and requires realize to turn every such win into a real
// line that replays to a win: the solver relies on it to decide won deals
// without the guided search. A realize that fails on some deal falls back
// to the real search and is not wrong, so the test asks for most, and
// reports the count.
func TestRealizeRelaxedWins(t *testing.T) {
	deals := uint64(40)
	if testing.Short() {
		deals = 10
	}
	for _, draw := range []int{1, 3} {
		for _, worry := range []bool{false, true} {
			r := engine.Klondike(draw, 0)
			r.WorryBack = worry
			g := engine.MustGame(r)
			won, realized := 0, 0
			for seed := uint64(0); seed < deals; seed++ {
				s, err := g.NewState(engine.NativeDeal(&r, seed))
				if err != nil {
					t.Fatal(err)
				}
				rg, root, ok := newRgame(&s)
				if !ok {
					t.Fatalf("%s seed %d: no relaxed game", rulesLabel(&r), seed)
				}
				rr := newRroot(rg, 0, 1, defaults)
				if rr.search(&root, 200_000, time.Time{}, context.Background()) != Won {
					continue
				}
				won++
				var z realizer
				path := z.realize(context.Background(), s, rg, root, rr.line, realizeNodes)
				if path == nil {
					continue
				}
				if err := engine.VerifyMoves(s, path); err != nil {
					t.Fatalf("%s seed %d: the realized line does not replay: %v", rulesLabel(&r), seed, err)
				}
				realized++
			}
			t.Logf("%s: %d relaxed wins, %d realized", rulesLabel(&r), won, realized)
			if won == 0 || realized*10 < won*9 {
				t.Errorf("%s: %d relaxed wins, only %d realized", rulesLabel(&r), won, realized)
			}
		}
	}
}

// TestRootSearchBudget checks that the root search stops at its node
// budget with "nodes" and at a cancelled context with "cancelled", and
// at its memory limit with "memory", each an unknown verdict.
func TestRootSearchBudget(t *testing.T) {
	r := engine.Klondike(1, 0)
	r.WorryBack = true
	g := engine.MustGame(r)
	s, err := g.NewState(engine.NativeDeal(&r, 83)) // lost: millions of relaxed states
	if err != nil {
		t.Fatal(err)
	}
	rg, root, _ := newRgame(&s)
	rr := newRroot(rg, 0, 1, defaults)
	if v := rr.search(&root, 5000, time.Time{}, context.Background()); v != Unknown || rr.stop != StopNodes || rr.nodes != 5000 {
		t.Errorf("node budget 5000: %v, stop %q, %d nodes", v, rr.stop, rr.nodes)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rr = newRroot(rg, 0, 1, defaults)
	if v := rr.search(&root, 0, time.Time{}, ctx); v != Unknown || rr.stop != StopCancelled {
		t.Errorf("cancelled: %v, stop %q", v, rr.stop)
	}
	rr = newRroot(rg, 4<<20, 1, defaults)
	if v := rr.search(&root, 0, time.Time{}, context.Background()); v != Unknown || rr.stop != StopMemory || rr.bytes() > 4<<20 {
		t.Errorf("4 MiB: %v, stop %q, %d bytes", v, rr.stop, rr.bytes())
	}
}

// TestRootWorkers checks that the root search gives one worker's verdict
// with two and three workers sharing the set, on native deals of draw 1
// and draw 3 with worrying back (lost deals 74 and 90 among them, which
// take the whole relaxed game), and that every relaxed win it returns is
// a relaxed line that wins.
func TestRootWorkers(t *testing.T) {
	seeds := []uint64{74, 90, 0, 1, 2}
	if testing.Short() {
		seeds = seeds[:3]
	}
	for _, draw := range []int{1, 3} {
		r := engine.Klondike(draw, 0)
		r.WorryBack = true
		g := engine.MustGame(r)
		for _, seed := range seeds {
			s, err := g.NewState(engine.NativeDeal(&r, seed))
			if err != nil {
				t.Fatal(err)
			}
			rg, root, _ := newRgame(&s)
			one := newRroot(rg, 0, 1, defaults).search(&root, 3_000_000, time.Time{}, context.Background())
			for _, w := range []int{2, 3} {
				rr := newRroot(rg, 0, w, defaults)
				v := rr.search(&root, 6_000_000, time.Time{}, context.Background())
				if v != one {
					t.Fatalf("%s seed %d: %d workers say %v, one worker %v", rulesLabel(&r), seed, w, v, one)
				}
				if v == Won {
					st := root
					for _, m := range rr.line {
						rg.apply(&st, m)
					}
					if !rg.won(&st) {
						t.Fatalf("%s seed %d, %d workers: the relaxed line does not win", rulesLabel(&r), seed, w)
					}
				}
			}
		}
	}
}

// TestPositionDominance checks the position dominance of the root search
// (relaxroot.go) on small games that draw one card with two or three
// passes, worrying back or not: from relaxed states met in random real
// games, the root search with it finds a relaxed win exactly when the
// plain search of every move (relaxedWinReachable, no pruning, no
// dominance) does, with one worker and with two, and it stores fewer
// states than the search without it on some of them.
func TestPositionDominance(t *testing.T) {
	const deals = 20 // fewer leave too few lost states to exercise it (-short too: 1 s)
	var sets []engine.Rules
	for _, passes := range []int{2, 3} {
		for _, ranks := range []int{5, 6} {
			for _, worry := range []bool{false, true} {
				r := engine.Klondike(1, passes)
				r.Ranks, r.Deal = ranks, r.Deal[:3]
				r.WorryBack = worry
				sets = append(sets, r)
			}
		}
	}
	root := func(rg *rgame, st rstate, dominance bool, workers int) (Verdict, int) {
		tn := defaults
		tn.dominance = dominance
		tn.probes = 0 // the main search itself, whose stored states are compared
		rr := newRroot(rg, 0, workers, tn)
		if (rr.pos != 0) != dominance {
			t.Fatalf("dominance %v, position mask %#x", dominance, rr.pos)
		}
		v := rr.search(&st, 0, time.Time{}, nil)
		return v, rr.n
	}
	checked, won, smaller, lostSmaller := 0, 0, 0, 0
	relaxedStates(t, sets, deals, 60, 4, 31, func(r *engine.Rules, seed uint64, ply int, rg *rgame, a rstate) {
		want := relaxedWinReachable(rg, a, false)
		with, nWith := root(rg, a, true, 1)
		with2, _ := root(rg, a, true, 2)
		without, nWithout := root(rg, a, false, 1)
		if (with == Won) != want || (with2 == Won) != want || (without == Won) != want {
			t.Fatalf("%s seed %d ply %d: relaxed win reachable %v; root search %v with dominance (%v with two workers), %v without",
				rulesLabel(r), seed, ply, want, with, with2, without)
		}
		checked++
		if want {
			won++
		}
		if nWith < nWithout {
			smaller++
			if !want {
				lostSmaller++
			}
		}
	})
	lost := checked - won
	t.Logf("%d states, %d won, %d lost; dominance stored fewer states on %d (%d lost)", checked, won, lost, smaller, lostSmaller)
	if won == 0 || lost < 20 || lostSmaller < lost/8 {
		t.Errorf("the test did not exercise the dominance: %d states, %d won, %d lost; fewer states stored on %d (%d lost)", checked, won, lost, smaller, lostSmaller)
	}
}

// TestNarrow64Keys checks the one-word set of 64-bit keys (narrowXor: a
// key stored XOR'd with the key of no state) against the two-word set on
// Klondike rules whose relaxed keys take 64 bits (draw 1 and draw 3 with
// three passes, the first with position dominance): from each deal's
// root and from relaxed states met in random real games, the root search
// (probes off, so that the order does not depend on the hash) gives the
// same verdict, the same nodes and the same number of stored states with
// either set.
func TestNarrow64Keys(t *testing.T) {
	deals := 6
	if testing.Short() {
		deals = 2
	}
	var sets []engine.Rules
	for _, draw := range []int{1, 3} {
		for _, worry := range []bool{false, true} {
			r := engine.Klondike(draw, 3)
			r.WorryBack = worry
			sets = append(sets, r)
		}
	}
	search := func(rg *rgame, st rstate, wide bool) (Verdict, int64, int) {
		tn := defaults
		tn.probes, tn.probesMany = 0, 0
		rr := newRroot(rg, 0, 1, tn)
		if rr.xor == 0 || rr.xor == 1<<63 {
			t.Fatalf("%d-bit keys: xor %#x, want the no-state key", rg.keyBits(), rr.xor)
		}
		if wide {
			rr.xor = 0
		}
		v := rr.search(&st, 100_000, time.Time{}, nil)
		return v, rr.nodes, rr.n
	}
	checked := map[Verdict]int{}
	relaxedStates(t, sets, deals, 60, 15, 37, func(r *engine.Rules, seed uint64, ply int, rg *rgame, a rstate) {
		if rg.keyBits() != 64 {
			t.Fatalf("%s: %d-bit keys, want 64", rulesLabel(r), rg.keyBits())
		}
		v1, n1, s1 := search(rg, a, false)
		v2, n2, s2 := search(rg, a, true)
		if v1 != v2 || n1 != n2 || s1 != s2 {
			t.Fatalf("%s seed %d ply %d: one word %v in %d nodes (%d stored), two words %v in %d (%d)",
				rulesLabel(r), seed, ply, v1, n1, s1, v2, n2, s2)
		}
		checked[v1]++
	})
	t.Logf("searches compared: %v", checked)
	if checked[Lost]+checked[Won] == 0 {
		t.Errorf("searches compared: %v; want decided ones", checked)
	}
}

// TestGrowInPlace fills one-worker sets that double in place
// (rset.growInPlace: narrow keys and wide ones, with and without a
// position mask) and checks them against a map: each key is added once and
// found after every doubling. One narrow key in 16 is chosen to have its
// home slot among the set's last 1/64, so that clusters wrap past the
// last slot and probes in the doubled set run past it; the test requires
// doublings in place with the last slot full.
func TestGrowInPlace(t *testing.T) {
	const golden = 0x9e3779b97f4a7c15
	inv := uint64(golden) // the inverse of golden mod 2^64, by Newton's iteration
	for range 6 {
		inv *= 2 - golden*inv
	}
	n := 1_200_000
	if testing.Short() {
		n = 800_000
	}
	for _, c := range []struct {
		name string
		xor  uint64
		pos  uint64
	}{{"narrow", 1 << 63, 0}, {"narrow, position mask", 1 << 63, 0xf0}, {"wide", 0, 0}} {
		s := newRset(c.xor, 10, c.pos)
		s.room = 1 << 30
		rng := rand.New(rand.NewPCG(1, 2))
		ref := map[[2]uint64]bool{}
		full := func(i int) bool {
			if c.xor != 0 {
				return s.set1[i] != 0
			}
			return s.set2[i] != [2]uint64{}
		}
		inPlace, wrapped := 0, 0
		for i := 0; len(ref) < n; i++ {
			var k [2]uint64
			switch {
			case c.xor == 0:
				k = [2]uint64{rng.Uint64(), rng.Uint64() | 1<<63}
			case i%16 == 0 && c.pos == 0:
				// a hash whose top 6 bits are set: a home among the last 1/64 of the slots
				if w := (rng.Uint64() | 0x3f<<58) * inv; w>>63 == 1 {
					k[0] = w ^ c.xor
				} else {
					continue
				}
			default:
				k[0] = rng.Uint64() >> 1
			}
			if c.pos != 0 {
				k[0] &^= c.pos // one position a rest: no key dominates another
			}
			if s.full() {
				if s.inPlace() {
					inPlace++
					if full(s.slots() - 1) {
						wrapped++
					}
				}
				s.grow(0)
			}
			if added := s.insert(&k, setHash(c.xor, k, c.pos)); added == ref[k] {
				t.Fatalf("%s: key %d (%x) added %v, already in the set %v", c.name, i, k, added, ref[k])
			}
			ref[k] = true
		}
		for k := range ref {
			if s.insert(&k, setHash(c.xor, k, c.pos)) {
				t.Fatalf("%s: key %x lost", c.name, k)
			}
		}
		nfull := 0
		for i := range s.slots() {
			if full(i) {
				nfull++
			}
		}
		if nfull != len(ref) {
			t.Fatalf("%s: %d slots full for %d keys", c.name, nfull, len(ref))
		}
		if s.n != len(ref) || inPlace < 2 || c.xor != 0 && c.pos == 0 && wrapped == 0 {
			t.Fatalf("%s: %d keys counted, %d added; %d doublings in place (want 2 or more), %d with the last slot full", c.name, s.n, len(ref), inPlace, wrapped)
		}
		t.Logf("%s: %d doublings in place, %d with the last slot full", c.name, inPlace, wrapped)
		s.free()
	}
}
