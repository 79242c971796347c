package solver

import (
	"testing"
	"time"

	"github.com/klondike-family/klondike/engine"
)

// rootMarksSets are small games whose relaxed game has no cycle (no
// cells, no worrying back): draw 1 and 3 with unlimited, one and two
// passes, with the Joker too, and with Strict's whole runs where strict
// (the relaxed game is the same as without them).
func rootMarksSets(strict bool) []engine.Rules {
	var out []engine.Rules
	for _, draw := range []int{1, 3} {
		for _, passes := range []int{0, 1, 2} {
			r := engine.Klondike(draw, passes)
			r.Ranks, r.Deal = 5, r.Deal[:3]
			out = append(out, r)
			if strict {
				sr := r
				sr.Unit = engine.UnitWholeRun
				out = append(out, sr)
			}
			joker := r
			joker.Ranks, joker.Joker = 4, true
			out = append(out, joker)
		}
	}
	return out
}

// TestRootMarksLost checks rootmarks.go's theorem on small games: after a
// root search that wins and hands its set to a guide, every state the
// guide takes for lost (markedLost, and not in its won table) is lost, by
// a plain search of all the relaxed moves (every state reachable from the
// root is visited, so every mark is checked, and every key of the set must
// be met). The plain search also checks the lemma: it fails on a cycle.
func TestRootMarksLost(t *testing.T) {
	deals := 40
	if testing.Short() {
		deals = 10
	}
	searches, checked := 0, 0
	relaxDeals(t, rootMarksSets(false), deals, func(r *engine.Rules, seed uint64, _ engine.State, rg *rgame, root rstate) {
		if !rootMarksApply(rg, 1) {
			t.Fatalf("%s: the root marks do not apply", rulesLabel(r))
		}
		// wins tells whether each state reachable from the root can be
		// won with all the relaxed moves (the game has no cycle, which
		// onStack checks)
		wins := map[[2]uint64]bool{}
		onStack := map[[2]uint64]bool{}
		var bufs [][]rMove
		var win func(st *rstate, depth int) bool
		win = func(st *rstate, depth int) bool {
			if rg.won(st) {
				return true
			}
			k := rg.key(st)
			if v, ok := wins[k]; ok {
				return v
			}
			if onStack[k] {
				t.Fatalf("%s seed %d: a cycle of relaxed moves", rulesLabel(r), seed)
			}
			onStack[k] = true
			if len(bufs) <= depth {
				bufs = append(bufs, nil)
			}
			bufs[depth] = rg.moves(st, bufs[depth][:0], false)
			w := false
			for i := range bufs[depth] {
				c := *st
				rg.apply(&c, bufs[depth][i])
				if win(&c, depth+1) {
					w = true // every child is still searched, so that every state is met
				}
			}
			delete(onStack, k)
			wins[k] = w
			return w
		}
		if !win(&root, 0) {
			return // the root searches lose it
		}
		for _, dom := range []bool{true, false} {
			tn := defaults
			tn.dominance = dom
			tn.probes, tn.probesMany = 0, 0 // the probes' wins keep no set
			rr := newRroot(rg, 0, 1, tn)
			rr.keep = true
			if rr.search(&root, 0, time.Time{}, nil) != Won {
				t.Fatalf("%s seed %d: the root search does not win a relaxed game the plain search wins", rulesLabel(r), seed)
			}
			rs := newRsolver(rg, 0, defaults.maxDepth)
			if !rr.handOver(rs, &root) {
				t.Fatalf("%s seed %d: the guide did not take the set", rulesLabel(r), seed)
			}
			searches++
			exact := 0
			for k, w := range wins {
				if sk, ok := rs.marks.holds(k); ok && sk == k {
					exact++
				}
				if !rs.won.contains(k) && rs.markedLost(k) {
					checked++
					if w {
						t.Fatalf("%s seed %d (dominance %v): a state marked lost can be won", rulesLabel(r), seed, dom)
					}
				}
			}
			if exact != rs.marks.n {
				t.Fatalf("%s seed %d: %d states in the set, %d of them reachable", rulesLabel(r), seed, rs.marks.n, exact)
			}
			rs.release()
		}
	})
	t.Logf("%d won root searches, %d states taken for lost checked", searches, checked)
	if searches < deals || checked < 10*searches {
		t.Errorf("the test did not exercise the marks: %d searches, %d marks", searches, checked)
	}
}

// TestRootMarksAgree solves small games whose relaxed game wins where the
// real game may not (Strict's whole runs, and plain Klondike) with and
// without the root search's lost marks: each verdict agrees with the
// search without pruning, each win replays, and the marks change the
// nodes of some deals (they are used).
func TestRootMarksAgree(t *testing.T) {
	deals := 150
	if testing.Short() {
		deals = 40
	}
	on, off := defaults, defaults
	on.quickNodes, off.quickNodes, off.rootMarks = 0, 0, false
	on.noBeams, off.noBeams = true, true
	// the probes off but for probed, whose probes' wins keep no set
	probed := on
	on.probes, on.probesMany, off.probes, off.probesMany = 0, 0, 0, 0
	changed, lost := 0, 0
	for _, r := range rootMarksSets(true) {
		g := engine.MustGame(r)
		for seed := uint64(0); seed < uint64(deals); seed++ {
			s, err := g.NewState(engine.NativeDeal(&r, seed))
			if err != nil {
				t.Fatal(err)
			}
			want := plainVerdict(t, &r, seed, s)
			got := solveAgrees(t, &r, seed, s, want, &on, "with the marks the solver")
			if got.Verdict != Won {
				lost++
			}
			solveAgrees(t, &r, seed, s, want, &probed, "with the probes the solver")
			o := solveAgrees(t, &r, seed, s, want, &off, "without the marks the solver")
			if o.Stats.Nodes != got.Stats.Nodes {
				changed++
			}
		}
	}
	t.Logf("%d deals lost, %d whose nodes the marks changed", lost, changed)
	if changed < deals/4 {
		t.Errorf("the marks changed the nodes of only %d deals", changed)
	}
}
