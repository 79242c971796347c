package solver

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/klondike-family/klondike/engine"
)

// relaxRuleSets are the rule sets of the relaxed game's tests: full
// Klondike with each option, and small games.
func relaxRuleSets() []engine.Rules {
	var out []engine.Rules
	for _, draw := range []int{1, 3} {
		for _, passes := range []int{0, 1, 3} {
			for _, worry := range []bool{false, true} {
				r := engine.Klondike(draw, passes)
				r.WorryBack = worry
				out = append(out, r)
			}
		}
	}
	strict := engine.Klondike(1, 1)
	strict.Unit = engine.UnitWholeRun
	holdout := engine.Klondike(1, 1)
	holdout.Cells = 2
	small := engine.Klondike(2, 2)
	small.Ranks, small.Deal = 5, small.Deal[:3]
	small.Cells = 1
	small.WorryBack = true
	return append(out, strict, holdout, small)
}

// jokerRelaxSets are Joker Klondike's rule sets for the relaxed game's
// tests: draw 1 and 3, with unlimited, one and three passes.
func jokerRelaxSets() []engine.Rules {
	var out []engine.Rules
	for _, draw := range []int{1, 3} {
		for _, passes := range []int{0, 1, 3} {
			r := engine.Klondike(draw, passes)
			r.Joker = true
			out = append(out, r)
		}
	}
	return out
}

func rulesLabel(r *engine.Rules) string {
	l := fmt.Sprintf("R%d/P%d/draw%d/passes%d/worry%v/unit%d/cells%d", r.Ranks, len(r.Deal), r.Draw, r.Passes, r.WorryBack, r.Unit, r.Cells)
	if r.Joker {
		l += "/joker"
	}
	return l
}

// relaxDeals calls f with native deals 0..deals-1 of each rule set in
// sets, each with its relaxed game and relaxed root.
func relaxDeals(t *testing.T, sets []engine.Rules, deals int, f func(r *engine.Rules, seed uint64, s engine.State, rg *rgame, root rstate)) {
	t.Helper()
	for i := range sets {
		r := &sets[i]
		g := engine.MustGame(*r)
		for seed := uint64(0); seed < uint64(deals); seed++ {
			s, err := g.NewState(engine.NativeDeal(r, seed))
			if err != nil {
				t.Fatal(err)
			}
			rg, root, ok := newRgame(&s)
			if !ok {
				t.Fatalf("%s: the relaxed game does not apply", rulesLabel(r))
			}
			f(r, seed, s, rg, root)
		}
	}
}

// relaxedStates calls f with the relaxed state (α) of positions of a random
// real game from each deal of relaxDeals: every every-th ply of at most
// plies, the moves drawn with rand.NewPCG(seed, stream), until the game is
// won or stuck.
func relaxedStates(t *testing.T, sets []engine.Rules, deals, plies, every int, stream uint64,
	f func(r *engine.Rules, seed uint64, ply int, rg *rgame, a rstate)) {
	t.Helper()
	relaxDeals(t, sets, deals, func(r *engine.Rules, seed uint64, s engine.State, rg *rgame, _ rstate) {
		rng := rand.New(rand.NewPCG(seed, stream))
		var moves []engine.Move
		for ply := 0; ply < plies && !s.Won(); ply++ {
			if ply%every == 0 {
				a, ok := rg.alpha(&s)
				if !ok {
					t.Fatalf("%s seed %d: α undefined", rulesLabel(r), seed)
				}
				f(r, seed, ply, rg, a)
			}
			moves = s.Moves(moves[:0])
			if len(moves) == 0 {
				break
			}
			s.Apply(moves[rng.IntN(len(moves))])
		}
	})
}

// TestRelaxCompleteness checks the completeness theorem's step move by
// move, with the engine's own moves: in random games, for every legal move
// m from a position Q (and every waste move after the stock steps that
// the K+ stock passes, at their first occurrence), α(m(Q)) is α(Q) itself
// or one of the relaxed moves' results from α(Q). This is the whole
// content of the theorem (the talon invariant aside), checked on the real
// move generator rather than on its own reading of the rules.
func TestRelaxCompleteness(t *testing.T) {
	deals, plies := 12, 250
	if testing.Short() {
		deals = 4
	}
	for _, r := range append(relaxRuleSets(), jokerRelaxSets()...) {
		checked, same, jokers := 0, 0, 0
		relaxDeals(t, []engine.Rules{r}, deals, func(_ *engine.Rules, seed uint64, s engine.State, rg *rgame, root rstate) {
			if a, ok := rg.alpha(&s); !ok || rg.key(&a) != rg.key(&root) { // newRgame is built on alpha: a consistency check
				t.Fatalf("%s seed %d: α of the deal differs from the relaxed root", rulesLabel(&r), seed)
			}
			rng := rand.New(rand.NewPCG(seed, 7))
			var moves []engine.Move
			var rmoves []rMove
			for ply := 0; ply < plies && !s.Won(); ply++ {
				a, ok := rg.alpha(&s)
				if !ok {
					t.Fatalf("%s seed %d ply %d: α undefined", rulesLabel(&r), seed, ply)
				}
				succ := map[[2]uint64]bool{rg.key(&a): true}
				rmoves = rg.moves(&a, rmoves[:0], false)
				for _, m := range rmoves {
					c := a
					rg.apply(&c, m)
					succ[rg.key(&c)] = true
				}
				check := func(q engine.State, m engine.Move, steps int) {
					q0 := q
					q.Apply(m)
					b, ok := rg.alpha(&q)
					if !ok {
						t.Fatalf("%s seed %d ply %d: α undefined after %v", rulesLabel(&r), seed, ply, m)
					}
					checked++
					if m.JokerTo() != 0 || m.To().IsFoundation() && jokerMoved(&q0, m) {
						jokers++
					}
					if rg.key(&b) == rg.key(&a) {
						same++
					}
					if !succ[rg.key(&b)] {
						t.Fatalf("%s seed %d ply %d: move %v (after %d stock steps) leads to a relaxed state that is not a relaxed successor\n%s",
							rulesLabel(&r), seed, ply, m, steps, engine.FormatText(s.Layout(), engine.TextOptions{}))
					}
					if q.Won() && !rg.won(&b) {
						t.Fatalf("%s seed %d: a won position's relaxed state is not won", rulesLabel(&r), seed)
					}
				}
				moves = s.Moves(moves[:0])
				for _, m := range moves {
					if m.Kind() == engine.KindDraw || m.Kind() == engine.KindRecycle {
						continue
					}
					check(s, m, 0)
				}
				// waste moves deeper in the talon, at the first occurrence
				// of each waste position
				q, seen := s, map[int]bool{s.WastePos(): true}
				for steps := 1; ; steps++ {
					var st engine.Move
					found := false
					for _, m := range q.Moves(moves[:0]) {
						if m.Kind() == engine.KindDraw || m.Kind() == engine.KindRecycle {
							st, found = m, true
						}
					}
					if !found {
						break
					}
					q.Apply(st)
					if seen[q.WastePos()] {
						break
					}
					seen[q.WastePos()] = true
					for _, m := range q.Moves(moves[:0]) {
						if m.From() == engine.LocWaste && m.Kind() != engine.KindDraw && m.Kind() != engine.KindRecycle {
							check(q, m, steps)
						}
					}
				}
				moves = s.Moves(moves[:0])
				if len(moves) == 0 {
					break
				}
				s.Apply(moves[rng.IntN(len(moves))])
			}
		})
		t.Logf("%s: %d moves checked, %d unseen by α, %d of the Joker's (it moves, or takes another along)", rulesLabel(&r), checked, same, jokers)
		if r.Joker && jokers == 0 {
			t.Errorf("%s: no move of the Joker was checked", rulesLabel(&r))
		}
	}
}

// jokerMoved tells whether m, a move to a foundation from s, moves the
// Joker itself.
func jokerMoved(s *engine.State, m engine.Move) bool {
	switch from := m.From(); {
	case from == engine.LocWaste:
		w := s.Waste()
		return len(w) > 0 && w[len(w)-1] == engine.Joker
	case from.IsPile():
		p := s.Pile(int(from - engine.LocPile0))
		return len(p) > 0 && p[len(p)-1] == engine.Joker
	}
	return false
}

// TestGuidedAgreesWithNoPrune checks the relaxed game's searches of Solve
// on small games, with the quick real search off: the root search of the
// relaxed game with its realized wins (relaxroot.go, realize.go), then,
// with the root search off so that every deal goes through the guide, the
// guided search (real search skipping what relaxed searches prove lost,
// lost marks kept from one relaxed search to the next). Each verdict must
// be NoPrune's (the plain exhaustive real search, itself checked against
// the BFS oracle), and every win must replay.
func TestGuidedAgreesWithNoPrune(t *testing.T) {
	withRoot, guidedOnly := defaults, defaults
	withRoot.quickNodes, guidedOnly.quickNodes, guidedOnly.rootSearch = 0, 0, false
	deals := 40
	if testing.Short() {
		deals = 10
	}
	var sets []engine.Rules
	for _, draw := range []int{1, 3} {
		for _, passes := range []int{0, 1, 2} {
			for _, worry := range []bool{false, true} {
				for _, cells := range []int{0, 1} {
					r := engine.Klondike(draw, passes)
					r.Ranks, r.Deal = 5, r.Deal[:3]
					r.WorryBack, r.Cells = worry, cells
					sets = append(sets, r)
				}
			}
			// Joker Klondike's (no cells, no worrying back with the Joker)
			r := engine.Klondike(draw, passes)
			r.Ranks, r.Deal, r.Joker = 5, r.Deal[:3], true
			sets = append(sets, r)
		}
	}
	// the rounds of probes and guided searches where the rules have cells
	// (solver.go), with budgets so small that most deals reach them
	rounds := defaults
	rounds.quickNodes, rounds.guidedFirstNodes, rounds.noBeams = 0, 20, true
	rounds.probesCells, rounds.probeNodesCells, rounds.roundProbes, rounds.roundGuidedNodes = 8, 30, 1, 20
	noRounds := rounds
	noRounds.roundGuidedNodes = 0
	won, lost, guided, pruned, inRounds := 0, 0, 0, 0, 0
	for _, r := range sets {
		g := engine.MustGame(r)
		for seed := uint64(0); seed < uint64(deals); seed++ {
			s, err := g.NewState(engine.NativeDeal(&r, seed))
			if err != nil {
				t.Fatal(err)
			}
			want := plainVerdict(t, &r, seed, s)
			// with the root search of the relaxed game, then without it
			// (the guided search then decides the deal)
			solveAgrees(t, &r, seed, s, want, &withRoot, "the root search")
			if r.Cells > 0 {
				got := solveAgrees(t, &r, seed, s, want, &rounds, "with rounds the solver")
				if Solve(context.Background(), s, Options{MaxNodes: 20_000_000, tune: &noRounds}).Stats.Nodes != got.Stats.Nodes {
					inRounds++
				}
			}
			got := solveAgrees(t, &r, seed, s, want, &guidedOnly, "the guided search")
			if got.Verdict == Won {
				won++
			} else {
				lost++
			}
			if got.Stats.RelaxedNodes > 0 {
				guided++
			}
			if got.Stats.Pruned > 0 {
				pruned++
			}
		}
	}
	t.Logf("%d won, %d lost, %d guided, %d with nodes pruned by the guide, %d whose nodes the rounds changed", won, lost, guided, pruned, inRounds)
	if lost == 0 || guided < (won+lost)/2 || pruned < lost/2 {
		t.Errorf("the test did not exercise the guide: %d won, %d lost, %d guided, %d pruned", won, lost, guided, pruned)
	}
	if inRounds < deals {
		t.Errorf("the rounds changed the nodes of only %d deals", inRounds)
	}
}

// plainVerdict is the verdict of the search without pruning on the start s
// of rules r's deal seed, the truth the differential tests compare with;
// it fails the test when that search does not decide the deal.
func plainVerdict(t *testing.T, r *engine.Rules, seed uint64, s engine.State) Verdict {
	t.Helper()
	want := Solve(context.Background(), s, Options{NoPrune: true, MaxNodes: 20_000_000})
	if want.Verdict == Unknown {
		t.Fatalf("%s seed %d: NoPrune says unknown", rulesLabel(r), seed)
	}
	return want.Verdict
}

// solveAgrees solves s with the tuning tn within 20 M nodes, fails the
// test (naming the search who) unless the verdict is want, replays a win,
// and returns the result.
func solveAgrees(t *testing.T, r *engine.Rules, seed uint64, s engine.State, want Verdict, tn *tuning, who string) Result {
	t.Helper()
	got := Solve(context.Background(), s, Options{MaxNodes: 20_000_000, tune: tn})
	if got.Verdict != want {
		t.Fatalf("%s seed %d: %s says %v (%+v), NoPrune says %v", rulesLabel(r), seed, who, got.Verdict, got.Stats, want)
	}
	if got.Verdict == Won {
		if err := engine.VerifyMoves(s, got.Solution); err != nil {
			t.Fatalf("%s seed %d (%s): %v", rulesLabel(r), seed, who, err)
		}
	}
	return got
}

// uncoveredLoop is the plain count uncovered is checked against: for each
// type, its visible cards less the placed cards of its children's type.
func uncoveredLoop(rg *rgame, vis, placed uint64) uint64 {
	var m uint64
	for r := 1; r <= rg.ranks; r++ {
		for col := 0; col < 2; col++ {
			t := rg.typ[r][col]
			n := bits.OnesCount64(vis & t)
			if n == 0 {
				continue
			}
			if r > 1 {
				n -= bits.OnesCount64(placed & rg.typ[r-1][1-col])
			}
			if n > 0 {
				m |= t
			}
		}
	}
	return m
}

// TestUncoveredMatchesLoop checks the bit-parallel count of uncovered
// types against the plain loop on random visible and placed sets, for
// full and short decks.
func TestUncoveredMatchesLoop(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 4))
	for _, ranks := range []int{13, 7, 4} {
		var cards uint64
		rg := &rgame{ranks: ranks}
		for c := engine.Card(0); c < 64; c++ {
			if c.Valid() && !c.IsJoker() && c.Rank() <= ranks {
				rg.typ[c.Rank()][c.Colour()] |= 1 << c
				cards |= 1 << c
			}
		}
		for i := 0; i < 200000; i++ {
			vis := rnd.Uint64() & rnd.Uint64() & cards
			placed := vis & rnd.Uint64()
			if got, want := rg.uncovered(vis, placed), uncoveredLoop(rg, vis, placed); got != want {
				t.Fatalf("ranks %d vis %#x placed %#x: %#x, want %#x", ranks, vis, placed, got, want)
			}
		}
	}
}

// TestRelaxKeyAfter plays random relaxed games and checks, for every
// relaxed move at every node, that keyAfter (the search's incremental key)
// equals key of the child. Every kind of move (from a pile's structure, a
// placed card, the talon, a cell, a foundation; to a foundation, a cell,
// the piles) must occur, so no case of keyAfter goes unchecked.
func TestRelaxKeyAfter(t *testing.T) {
	deals, plies := 20, 200
	if testing.Short() {
		deals = 5
	}
	seen := map[[2]uint8]int{}
	relaxDeals(t, append(relaxRuleSets(), jokerRelaxSets()...), deals, func(r *engine.Rules, seed uint64, _ engine.State, rg *rgame, st rstate) {
		rng := rand.New(rand.NewPCG(seed, 11))
		var moves []rMove
		for ply := 0; ply < plies && !rg.won(&st); ply++ {
			k := rg.key(&st)
			moves = rg.moves(&st, moves[:0], false)
			if len(moves) == 0 {
				break
			}
			for _, m := range moves {
				c := st
				rg.apply(&c, m)
				var got [2]uint64
				got[0], got[1] = rg.keyAfter(k[0], k[1], &c, m)
				if want := rg.key(&c); got != want {
					t.Fatalf("%s seed %d ply %d: move %+v: keyAfter %x, key %x", rulesLabel(r), seed, ply, m, got, want)
				}
				from := m.from
				if from == rfPile && m.pile == 255 {
					from = 4 // a placed card
				}
				seen[[2]uint8{from, m.kind}]++
			}
			rg.apply(&st, moves[rng.IntN(len(moves))])
		}
	})
	for _, want := range [][2]uint8{{rfPile, rmReveal}, {rfPile, rmFound}, {rfPile, rmCell}, {4, rmFound}, {4, rmCell},
		{rfTalon, rmFound}, {rfTalon, rmPlace}, {rfTalon, rmCell}, {rfCell, rmFound}, {rfCell, rmPlace}, {rfFound, rmPlace}} {
		if seen[want] == 0 {
			t.Errorf("no relaxed move from %d of kind %d was checked", want[0], want[1])
		}
	}
}

// TestRelaxSafeMovesKeepWins checks the relaxed game's safe moves (safe)
// against the relaxed game without them: from relaxed states met in
// random games (small games, so that the plain search is exhaustive), a
// relaxed win is reachable through the generated moves with safe pruning
// exactly when it is reachable through every relaxed move. Worrying back,
// where the safe rule asks most, is in every rule set but one.
func TestRelaxSafeMovesKeepWins(t *testing.T) {
	var sets []engine.Rules
	for _, draw := range []int{1, 2} {
		for _, passes := range []int{0, 2} {
			for _, ranks := range []int{5, 6} {
				for _, cells := range []int{0, 1} {
					r := engine.Klondike(draw, passes)
					r.Ranks, r.Deal = ranks, r.Deal[:3]
					r.WorryBack, r.Cells = true, cells
					sets = append(sets, r)
				}
			}
		}
	}
	plain := engine.Klondike(1, 0)
	plain.Ranks, plain.Deal = 6, plain.Deal[:3]
	sets = append(sets, plain)
	// the Joker's games (never with worrying back: safe's proof with the
	// Joker), draw 1 and 3, unlimited and one pass
	for _, draw := range []int{1, 3} {
		for _, passes := range []int{0, 1} {
			r := engine.Klondike(draw, passes)
			r.Ranks, r.Deal, r.Joker = 5, r.Deal[:3], true
			sets = append(sets, r)
		}
	}
	deals := 30
	if testing.Short() {
		deals = 10
	}
	win := relaxedWinReachable // every move, or with the safe-move pruning
	checked, won, safeTaken, jokerSafe := 0, 0, 0, 0
	relaxedStates(t, sets, deals, 60, 6, 11, func(r *engine.Rules, seed uint64, ply int, rg *rgame, a rstate) {
		all, pruned := win(rg, a, false), win(rg, a, true)
		if all != pruned {
			t.Fatalf("%s seed %d ply %d: a relaxed win is reachable: %v with every move, %v with safe moves alone where they apply",
				rulesLabel(r), seed, ply, all, pruned)
		}
		checked++
		if all {
			won++
		}
		if ms := rg.moves(&a, nil, true); len(ms) == 1 && ms[0].kind == rmFound && len(rg.moves(&a, nil, false)) > 1 {
			safeTaken++
			if r.Joker && a.jk != rjInPlay {
				jokerSafe++
			}
		}
	})
	t.Logf("%d relaxed states checked, %d won, %d where a safe move stood alone (%d with the Joker out of play)", checked, won, safeTaken, jokerSafe)
	if won == 0 || won == checked || safeTaken < checked/20 || jokerSafe < 50 {
		t.Errorf("the test did not exercise the safe moves: %d states, %d won, %d with a safe move alone, %d with the Joker out of play", checked, won, safeTaken, jokerSafe)
	}
}

// relaxedWinReachable tells whether a relaxed win is reachable from st with
// the moves rgame.moves(prune) generates: a plain depth-first search with a
// visited set, the reference the pruned searches are checked against.
func relaxedWinReachable(rg *rgame, st rstate, prune bool) bool {
	seen := map[[2]uint64]bool{}
	var visit func(st *rstate) bool
	visit = func(st *rstate) bool {
		if rg.won(st) {
			return true
		}
		k := rg.key(st)
		if seen[k] {
			return false
		}
		seen[k] = true
		for _, m := range rg.moves(st, nil, prune) {
			c := *st
			rg.apply(&c, m)
			if visit(&c) {
				return true
			}
		}
		return false
	}
	return visit(&st)
}
