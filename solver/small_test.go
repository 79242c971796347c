package solver_test

import (
	"context"
	"testing"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/solver"
)

// TestSmallAgreesWithSolve solves many small deals (Klondike cut down to
// fewer ranks and piles, every option combination) with one reused Small
// and with Solve: a decided verdict must agree with Solve's and with the
// BFS oracle's, and a win must replay. The Small, reused across games and
// deals, must decide nearly all of them with a large limit.
func TestSmallAgreesWithSolve(t *testing.T) {
	n := 12
	if testing.Short() {
		n = 4
	}
	z := solver.NewSmall(200_000)
	var sol []engine.Move
	decided, total := 0, 0
	for _, v := range allVariants(5, 4) {
		g := engine.MustGame(v.rules)
		for seed := uint64(0); seed < uint64(n); seed++ {
			s, err := g.NewState(engine.NativeDeal(&v.rules, seed))
			if err != nil {
				t.Fatal(err)
			}
			total++
			got := z.Solve(&s)
			if got == solver.Unknown {
				continue
			}
			decided++
			want := solver.Solve(context.Background(), s, solver.Options{MaxNodes: 5_000_000}).Verdict
			if want == solver.Unknown {
				want = solver.Lost
				if bfs(s, 3_000_000).won {
					want = solver.Won
				}
			}
			if got != want {
				t.Errorf("%s seed %d: Small says %v, Solve %v", v.name, seed, got, want)
			}
			if got == solver.Won {
				sol = z.AppendSolution(sol[:0])
				if err := engine.VerifyMoves(s, sol); err != nil {
					t.Errorf("%s seed %d: the Small's solution does not replay: %v", v.name, seed, err)
				}
			}
		}
	}
	if decided < total*9/10 {
		t.Errorf("the Small decided %d of %d small deals; want at least 90 %%", decided, total)
	}
}

// TestSmallFullDeals checks the Small on full Klondike draw-3 deals with a
// player's budget: its wins replay, its losses are Solve's, and a larger
// limit never turns its win into anything else.
func TestSmallFullDeals(t *testing.T) {
	small, big := solver.NewSmall(2_000), solver.NewSmall(50_000)
	var sol []engine.Move
	won, lost := 0, 0
	for seed, s := range draw3Deals(t, 40) {
		a := small.Solve(&s)
		b := big.Solve(&s)
		if a != solver.Unknown && b != solver.Unknown && a != b {
			t.Errorf("seed %d: 2,000 nodes say %v, 50,000 say %v", seed, a, b)
		}
		switch b {
		case solver.Won:
			won++
			sol = big.AppendSolution(sol[:0])
			if err := engine.VerifyMoves(s, sol); err != nil {
				t.Errorf("seed %d: the solution does not replay: %v", seed, err)
			}
		case solver.Lost:
			lost++
			if v := solver.Solve(context.Background(), s, solver.Options{MaxNodes: 20_000_000, Mem: 1 << 30}).Verdict; v == solver.Won {
				t.Errorf("seed %d: the Small says lost, Solve won", seed)
			}
		}
	}
	if won == 0 {
		t.Error("no deal won: the test tests nothing")
	}
}

// TestSmallAllocates checks that a Small's solves allocate nothing once it
// is warm.
func TestSmallAllocates(t *testing.T) {
	z := solver.NewSmall(1_000)
	checkWarmSolves(t, "Small", func(s *engine.State) { z.Solve(s) })
}

// checkWarmSolves checks that solve, a searcher's, allocates nothing a
// solve once it has solved draw-3 deals 0..7.
func checkWarmSolves(t *testing.T, name string, solve func(*engine.State)) {
	t.Helper()
	deals := draw3Deals(t, 8)
	for i := range deals {
		solve(&deals[i])
	}
	k := 0
	if n := testing.AllocsPerRun(50, func() {
		solve(&deals[k%len(deals)])
		k++
	}); n != 0 {
		t.Errorf("a warm %s allocates %v times a solve; want 0", name, n)
	}
}

// BenchmarkSmall measures 1,000-node solves of draw-3 deals.
func BenchmarkSmall(b *testing.B) {
	z := solver.NewSmall(1_000)
	benchSolves(b, func(s *engine.State) int64 { z.Solve(s); return z.Nodes() })
}

// benchSolves measures solve, a searcher's solves of draw-3 deals 0..63
// returning the nodes each spent, and reports the states a second.
func benchSolves(b *testing.B, solve func(*engine.State) int64) {
	deals := draw3Deals(b, 64)
	b.ReportAllocs()
	k, nodes := 0, int64(0)
	for b.Loop() {
		nodes += solve(&deals[k%len(deals)])
		k++
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "states/s")
}

// draw3Deals returns native deals 0..n-1 of Klondike draw 3.
func draw3Deals(tb testing.TB, n int) []engine.State {
	tb.Helper()
	rules := engine.Klondike(3, 0)
	g := engine.MustGame(rules)
	deals := make([]engine.State, n)
	for seed := range deals {
		s, err := g.NewState(engine.NativeDeal(&rules, uint64(seed)))
		if err != nil {
			tb.Fatal(err)
		}
		deals[seed] = s
	}
	return deals
}
