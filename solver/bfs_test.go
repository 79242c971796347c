package solver_test

// An independent oracle for the solver: a plain breadth-first search over
// every reachable state of small games, using only the engine's atomic
// moves (State.Moves and State.Apply), with no pruning, no K+ stock and its
// own exact visited set keyed by the whole position written out. It
// shares nothing with the solver's search, generation or canonical key
// (engine.State.AppendKey), so it checks all of them at once.

import (
	"context"
	"flag"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/solver"
)

var deepSolve = flag.Bool("deep-solve", false, "run the heavy solver verdict tests (thousands of small deals per rule set, more full deals)")

// fullKey writes out the whole position plainly: every pile with its
// face-down count and all its cards in place, the stock and waste, every
// foundation, every cell in place, the recycles when the passes are
// limited, and where the Joker is and what it stands for. Nothing is folded: no pile symmetry, no waste-cycle merging.
// (With unlimited passes the rules never look at the number of recycles,
// so leaving it out is exact, and it keeps the search finite.)
func fullKey(s *engine.State, dst []byte) []byte {
	g := s.Game()
	r := &g.Rules
	for i := 0; i < g.Piles(); i++ {
		dst = append(dst, 'p', byte(s.Down(i)))
		for _, c := range s.Pile(i) {
			dst = append(dst, byte(c))
		}
	}
	dst = append(dst, 's')
	for _, c := range s.Stock() {
		dst = append(dst, byte(c))
	}
	dst = append(dst, 'w')
	for _, c := range s.Waste() {
		dst = append(dst, byte(c))
	}
	dst = append(dst, 'f')
	for i := 0; i < r.Foundations(); i++ {
		dst = append(dst, byte(s.Foundation(i)))
	}
	dst = append(dst, 'c')
	for i := 0; i < r.Cells; i++ {
		dst = append(dst, byte(s.Cell(i)))
	}
	for i := 0; i < r.Reserves; i++ {
		dst = append(dst, 'r')
		for _, c := range s.Reserve(i) {
			dst = append(dst, byte(c))
		}
	}
	if r.Passes > 0 {
		dst = append(dst, 'r', byte(s.Recycles()))
	}
	if r.Joker {
		// Where the Joker is; in play its card is in a pile or the talon
		// above, on a foundation the card it stands for fixes its height.
		where, f, stands := s.JokerAt()
		dst = append(dst, 'j', byte(where), byte(f+1), byte(stands))
	}
	return dst
}

// bfsResult is the oracle's answer.
type bfsResult struct {
	won    bool
	states int  // distinct states reached (up to the win, when won)
	capped bool // the state cap was hit: no answer
}

// bfs searches every state reachable from start and tells whether a won
// state is among them. It gives up (capped) past maxStates states.
func bfs(start engine.State, maxStates int) bfsResult {
	if start.Won() {
		return bfsResult{won: true, states: 1}
	}
	seen := map[bfsKey]struct{}{}
	var kb []byte
	key := func(s *engine.State) bfsKey {
		kb = fullKey(s, kb[:0])
		var k bfsKey
		if len(kb) > len(k) {
			panic("bfs: key too long for a small game")
		}
		copy(k[:], kb)
		return k
	}
	seen[key(&start)] = struct{}{}
	// The work list is taken from its end (depth first): the set of states
	// reached is the same as in breadth-first order, and wins are found
	// sooner.
	stack := []engine.State{start}
	var moves []engine.Move
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		moves = s.Moves(moves[:0])
		for _, m := range moves {
			c := s
			c.Apply(m)
			if c.Won() {
				return bfsResult{won: true, states: len(seen) + 1}
			}
			k := key(&c)
			if _, ok := seen[k]; ok {
				continue
			}
			seen[k] = struct{}{}
			if len(seen) > maxStates {
				return bfsResult{states: len(seen), capped: true}
			}
			stack = append(stack, c)
		}
	}
	return bfsResult{states: len(seen)}
}

// bfsKey holds a fullKey: the games of these tests write at most 96 bytes.
type bfsKey [96]byte

// smallRules is Klondike cut down to ranks A..ranks and the first piles of
// the triangle deal.
func smallRules(draw, passes, ranks, piles int) engine.Rules {
	r := engine.Klondike(draw, passes)
	r.Ranks = ranks
	r.Deal = r.Deal[:piles]
	return r
}

// variant is one rule set of the small-game comparison.
type variant struct {
	name  string
	rules engine.Rules
}

func ruleName(r *engine.Rules) string {
	var b strings.Builder
	fmt.Fprintf(&b, "R%dP%d/draw%d/", r.Ranks, len(r.Deal), r.Draw)
	if r.Passes == 0 {
		b.WriteString("unlimited")
	} else {
		fmt.Fprintf(&b, "passes%d", r.Passes)
	}
	if r.WorryBack {
		b.WriteString("/worry")
	}
	if r.Unit == engine.UnitWholeRun {
		b.WriteString("/strict")
	}
	if r.Cells > 0 {
		fmt.Fprintf(&b, "/cells%d", r.Cells)
	}
	return b.String()
}

// allVariants is every combination of the Klondike options on one small
// game size: draw 1, 2, 3; passes unlimited, 1, 2, 3; worrying back off and
// on; any-run or whole-run (strict) moves; no cells or two.
func allVariants(ranks, piles int) []variant {
	var vs []variant
	for _, draw := range []int{1, 2, 3} {
		for _, passes := range []int{0, 1, 2, 3} {
			for _, worry := range []bool{false, true} {
				for _, strict := range []bool{false, true} {
					for _, cells := range []int{0, 2} {
						r := smallRules(draw, passes, ranks, piles)
						r.WorryBack = worry
						if strict {
							r.Unit = engine.UnitWholeRun
						}
						r.Cells = cells
						vs = append(vs, variant{ruleName(&r), r})
					}
				}
			}
		}
	}
	return vs
}

// tally counts outcomes per rule set.
type tally struct {
	won, lost int
	relaxGap  int // lost deals whose relaxed game is won
}

// checkAgainstBFS solves deals seed0..seed0+n-1 of rules three ways (the
// BFS oracle, the solver with all its pruning, the solver with NoPrune)
// and reports every disagreement, every Unknown, and every solution that
// does not replay.
func checkAgainstBFS(t *testing.T, rules engine.Rules, seed0 uint64, n int) tally {
	t.Helper()
	g := engine.MustGame(rules)
	var tl tally
	bad := 0
	for seed := seed0; seed < seed0+uint64(n); seed++ {
		if bad >= 5 {
			t.Errorf("%s: stopping after %d failures", ruleName(&rules), bad)
			break
		}
		l := engine.NativeDeal(&rules, seed)
		start, err := g.NewState(l)
		if err != nil {
			t.Fatalf("%s seed %d: %v", ruleName(&rules), seed, err)
		}
		want := bfs(start, 3_000_000)
		if want.capped {
			t.Fatalf("%s seed %d: the BFS oracle passed %d states; choose a smaller game", ruleName(&rules), seed, want.states)
		}
		if want.won {
			tl.won++
		} else {
			tl.lost++
		}
		// The relaxed game alone: its loss must be a real loss (its
		// completeness theorem); its win proves nothing.
		if rv, ok := solver.Relaxed(context.Background(), start, 5_000_000, 0); ok {
			switch {
			case rv.Verdict == solver.Unknown:
				bad++
				t.Errorf("%s seed %d: the relaxed search ran out (%s) on a small game", ruleName(&rules), seed, rv.Stop)
			case rv.Verdict == solver.Lost && want.won:
				bad++
				t.Errorf("%s seed %d: the relaxed game says lost, exhaustive BFS says won\n%s",
					ruleName(&rules), seed, engine.FormatText(l, engine.TextOptions{}))
			case rv.Verdict == solver.Won && !want.won:
				tl.relaxGap++
			}
		}
		for _, noPrune := range []bool{false, true} {
			opt := solver.Options{NoPrune: noPrune, Budget: time.Minute, MaxNodes: 50_000_000}
			res := solver.Solve(context.Background(), start, opt)
			label := "pruned"
			if noPrune {
				label = "NoPrune"
			}
			switch {
			case res.Verdict == solver.Unknown:
				bad++
				t.Errorf("%s seed %d (%s): verdict unknown (stop %q, %d nodes) on a small game",
					ruleName(&rules), seed, label, res.Stats.Stop, res.Stats.Nodes)
			case (res.Verdict == solver.Won) != want.won:
				bad++
				t.Errorf("%s seed %d (%s): solver says %v, exhaustive BFS says won=%v (%d states)\n%s",
					ruleName(&rules), seed, label, res.Verdict, want.won, want.states,
					engine.FormatText(l, engine.TextOptions{}))
			case res.Verdict == solver.Won:
				if err := engine.VerifyMoves(start, res.Solution); err != nil {
					bad++
					t.Errorf("%s seed %d (%s): the solution does not replay: %v\n%s",
						ruleName(&rules), seed, label, err, engine.FormatText(l, engine.TextOptions{}))
				}
			}
		}
	}
	return tl
}

// TestBFSOracleSelf checks the oracle on tiny cases where the answer is
// plain: a game dealt out already sorted onto one pile can be won, and the
// oracle's solver-independent replay rejects a bogus line.
func TestBFSOracleSelf(t *testing.T) {
	r := smallRules(1, 0, 2, 1)
	r.Deal = []engine.PileDeal{{Down: 0, Up: 1}}
	g := engine.MustGame(r)
	s, err := g.NewState(engine.NativeDeal(&r, 1))
	if err != nil {
		t.Fatal(err)
	}
	res := bfs(s, 1000)
	if res.capped {
		t.Fatal("capped on a 8-card game")
	}
	// An empty line does not win.
	if err := engine.VerifyMoves(s, nil); err == nil {
		t.Error("replay accepted an empty line on an unfinished game")
	}
	// A recycle on a fresh deal is never legal.
	if err := engine.VerifyMoves(s, []engine.Move{engine.MoveRecycle}); err == nil {
		t.Error("replay accepted a recycle on a fresh deal")
	}
	// With unlimited passes and draw 1, eight cards, one pile, Kings on
	// empty piles only... whatever the oracle says, the solver must agree.
	sol := solver.Solve(context.Background(), s, solver.Options{Budget: time.Minute})
	if (sol.Verdict == solver.Won) != res.won {
		t.Errorf("tiny game: solver %v, BFS won=%v", sol.Verdict, res.won)
	}
}

// smallSizes are the game sizes of the comparison: small enough for an
// exhaustive search, big enough that both wins and losses occur (losses
// come mostly with limited passes; with two cells nearly every small deal
// is won). deep is the number of deals per rule set with -deep-solve.
var smallSizes = []struct{ ranks, piles, quick, deep int }{
	{4, 2, 8, 2000}, // 16 cards: 1 face-down, 13 in the stock
	{5, 2, 8, 2000}, // 20 cards: 1 face-down, 17 in the stock
	{4, 3, 0, 300},  // 16 cards: 3 face-down, 10 in the stock
}

// TestSolverAgreesWithBFS compares the solver (pruned and NoPrune) with the
// exhaustive oracle on native deals of small games under every combination
// of the rule options. Default: a few deals per rule set; -deep-solve:
// thousands.
func TestSolverAgreesWithBFS(t *testing.T) {
	for _, sz := range smallSizes {
		n := sz.quick
		if *deepSolve {
			n = sz.deep
		}
		if n == 0 {
			continue
		}
		for _, v := range allVariants(sz.ranks, sz.piles) {
			t.Run(v.name, func(t *testing.T) {
				t.Parallel()
				tl := checkAgainstBFS(t, v.rules, 0, n)
				if t.Failed() || testing.Verbose() {
					t.Logf("%s: %d deals, %d won, %d lost (exhaustive search); %d lost deals with a relaxed win",
						v.name, n, tl.won, tl.lost, tl.relaxGap)
				}
			})
		}
	}
}
