package advice

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/solver"
)

// budget is the solves' budget in these tests: enough to decide every
// position of the games below.
var budget = Options{Solve: solver.Options{MaxNodes: 300_000, Workers: 1}}

func deal(t *testing.T, r engine.Rules, seed uint64) engine.State {
	t.Helper()
	s, err := engine.MustGame(r).NewState(engine.NativeDeal(&r, seed))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// checkHint checks a hint against the rules and independent solves: one
// choice per legal move, each won line a legal win starting with its move,
// the order won (shorter first), unknown, lost, and every decided verdict
// the verdict of solving the move's position alone.
func checkHint(t *testing.T, name string, s engine.State, h Hint) {
	t.Helper()
	moves := s.Moves(nil)
	if len(h.Choices) != len(moves) {
		t.Fatalf("%s: %d choices for %d moves", name, len(h.Choices), len(moves))
	}
	seen := map[engine.Move]bool{}
	last, lastLen := 0, 0
	for i, c := range h.Choices {
		if seen[c.Move] {
			t.Fatalf("%s: move %v twice", name, c.Move)
		}
		seen[c.Move] = true
		rank := map[solver.Verdict]int{solver.Won: 0, solver.Unknown: 1, solver.Lost: 2}[c.Verdict]
		if rank < last || (c.Verdict == solver.Won && i > 0 && len(c.Line) < lastLen) {
			t.Fatalf("%s: choice %d (%v, line %d) out of order", name, i, c.Verdict, len(c.Line))
		}
		last, lastLen = rank, len(c.Line)
		var child engine.State
		s.Child(c.Move, &child)
		want := solver.Solve(context.Background(), child, budget.Solve).Verdict
		if child.Won() {
			want = solver.Won
		}
		if want != solver.Unknown && c.Verdict != solver.Unknown && want != c.Verdict {
			t.Fatalf("%s: move %v is %v, its position solved alone %v", name, c.Move, c.Verdict, want)
		}
		if c.Verdict == solver.Won {
			if len(c.Line) == 0 || c.Line[0] != c.Move {
				t.Fatalf("%s: won move %v has line %v", name, c.Move, c.Line)
			}
			if err := engine.Verify(s, engine.Steps(s, c.Line)); err != nil {
				t.Fatalf("%s: line of %v: %v", name, c.Move, err)
			}
		} else if len(c.Line) != 0 {
			t.Fatalf("%s: %v move %v has a line", name, c.Verdict, c.Move)
		}
	}
	if (h.Winning() > 0) != (h.Verdict == solver.Won) && h.Verdict != solver.Unknown {
		t.Fatalf("%s: position %v with %d winning moves", name, h.Verdict, h.Winning())
	}
}

// randomGame plays uniformly random moves from s, at most n.
func randomGame(s engine.State, seed uint64, n int) []engine.Move {
	rng := rand.New(rand.NewPCG(seed, 3))
	var line []engine.Move
	for len(line) < n {
		ms := s.Moves(nil)
		if len(ms) == 0 {
			break
		}
		m := ms[rng.IntN(len(ms))]
		line = append(line, m)
		s.Apply(m)
	}
	return line
}

func TestAdvise(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name  string
		rules engine.Rules
		seed  uint64
		plies int // random moves played from the deal first
	}{
		{"draw 3 deal 6", engine.Klondike(3, 0), 6, 0},
		{"draw 3 deal 6 after 20 moves", engine.Klondike(3, 0), 6, 20},
		{"draw 1 one pass deal 3 after 40 moves", engine.Klondike(1, 1), 3, 40},
		{"draw 1 one pass deal 11", engine.Klondike(1, 1), 11, 0},
	} {
		s := deal(t, tc.rules, tc.seed)
		for _, m := range randomGame(s, tc.seed, tc.plies) {
			s.Apply(m)
		}
		h := Advise(ctx, s, budget)
		checkHint(t, tc.name, s, h)
		if h.Verdict == solver.Lost && h.Solves != 1 {
			t.Errorf("%s: lost position took %d solves, want 1 (its moves follow)", tc.name, h.Solves)
		}
	}
}

// TestAnalyze analyses random games (two lost by a decisive move, two still
// winnable at the end, one of a deal lost from the start) and checks every
// verdict it gives,
// searched or inferred, against solving that position alone, and the
// decisive move: won before it, lost after it, the move played among the
// lost alternatives and as many winning ones as the hint says.
func TestAnalyze(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name  string
		rules engine.Rules
		seed  uint64
		plies int
		want  string // decisive, winnable (still at the end) or lost (from the deal)
	}{
		{"draw 3 deal 6", engine.Klondike(3, 0), 6, 60, "decisive"},
		{"draw 3 deal 1", engine.Klondike(3, 0), 1, 80, "winnable"},
		{"draw 1 deal 2", engine.Klondike(1, 0), 2, 60, "decisive"},
		{"draw 1 deal 4", engine.Klondike(1, 0), 4, 60, "winnable"},
		{"draw 1 one pass deal 3", engine.Klondike(1, 1), 3, 40, "lost"},
	} {
		start := deal(t, tc.rules, tc.seed)
		line := randomGame(start, tc.seed+100, tc.plies)
		a := Analyze(ctx, start, line, budget)
		if len(a.Positions) != len(line)+1 {
			t.Fatalf("%s: %d positions for %d moves", tc.name, len(a.Positions), len(line))
		}
		s := start
		for k, p := range a.Positions {
			if k > 0 {
				s.Apply(line[k-1])
			}
			want := solver.Solve(ctx, s, budget.Solve).Verdict
			if s.Won() {
				want = solver.Won
			}
			if p.Verdict != solver.Unknown && want != solver.Unknown && p.Verdict != want {
				t.Fatalf("%s: position %d is %v (searched %v), solved alone %v", tc.name, k, p.Verdict, p.Searched, want)
			}
		}
		got := "decisive"
		switch {
		case a.WonUntil == len(line):
			got = "winnable"
		case a.LostFrom == 0:
			got = "lost"
		case a.Decisive == 0:
			got = "open"
		}
		if got != tc.want {
			t.Fatalf("%s: %s (won until %d, lost from %d), want %s", tc.name, got, a.WonUntil, a.LostFrom, tc.want)
		}
		if a.Decisive == 0 {
			continue
		}
		if a.Positions[a.Decisive-1].Verdict != solver.Won || a.Positions[a.Decisive].Verdict != solver.Lost {
			t.Fatalf("%s: decisive move %d between %v and %v", tc.name, a.Decisive,
				a.Positions[a.Decisive-1].Verdict, a.Positions[a.Decisive].Verdict)
		}
		before := start
		for _, m := range line[:a.Decisive-1] {
			before.Apply(m)
		}
		checkHint(t, tc.name+" alternatives", before, *a.Alternatives)
		for _, c := range a.Alternatives.Choices {
			if c.Move == line[a.Decisive-1] && c.Verdict != solver.Lost {
				t.Fatalf("%s: the decisive move is %v among the alternatives", tc.name, c.Verdict)
			}
		}
		if a.Alternatives.Winning() == 0 {
			t.Fatalf("%s: no winning alternative before the decisive move", tc.name)
		}
		if a.Solves > 2*bitsLen(len(line))+len(a.Alternatives.Choices)+2 {
			t.Errorf("%s: %d solves for %d moves: bisection should need about log2 of them", tc.name, a.Solves, len(line))
		}
	}
}

func bitsLen(n int) int {
	k := 0
	for ; n > 0; n >>= 1 {
		k++
	}
	return k
}
