package solver_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/solver"
	"github.com/klondike-family/klondike/variants"
)

// samplerVariants is every small Klondike rule set the Sampler plays:
// allVariants' without cells or whole-run moves.
func samplerVariants(ranks, piles int) []variant {
	var vs []variant
	for _, v := range allVariants(ranks, piles) {
		if v.rules.Cells == 0 && v.rules.Unit == engine.UnitAnyRun {
			vs = append(vs, v)
		}
	}
	return vs
}

// TestSamplerFits pins the games the Sampler plays: Klondike's rules,
// with any draw, passes and worrying back; not Strict's whole runs, not
// Holdout's cells, not Thumb and Pouch's builds; of the named games,
// Klondike and Klondike Familiar (the same rules) alone: not two decks,
// not the Joker, not the other builds.
func TestSamplerFits(t *testing.T) {
	for _, c := range []struct {
		name string
		r    engine.Rules
		want bool
	}{
		{"draw 3", engine.Klondike(3, 0), true},
		{"draw 1 one pass", engine.Klondike(1, 1), true},
		{"draw 3 worrying back", worried(engine.Klondike(3, 3)), true},
		{"whole runs", func() engine.Rules { r := engine.Klondike(3, 0); r.Unit = engine.UnitWholeRun; return r }(), false},
		{"a cell", func() engine.Rules { r := engine.Klondike(3, 0); r.Cells = 1; return r }(), false},
		{"any suit but its own", func() engine.Rules { r := engine.Klondike(3, 0); r.Build = engine.BuildOtherSuit; return r }(), false},
		{"any card fills", func() engine.Rules { r := engine.Klondike(3, 0); r.Fill = engine.FillAny; return r }(), false},
	} {
		if got := solver.SamplerFits(engine.MustGame(c.r)); got != c.want {
			t.Errorf("%s: SamplerFits %v, want %v", c.name, got, c.want)
		}
	}
	for _, name := range variants.Names() {
		_, r, err := variants.Resolve(name, variants.Options{})
		if err != nil {
			t.Fatal(err)
		}
		want := name == "klondike" || name == "klondike-familiar" // the same rules
		if got := solver.SamplerFits(engine.MustGame(r)); got != want {
			t.Errorf("game %s: SamplerFits %v, want %v", name, got, want)
		}
	}
}

// TestSamplerAgreesWithBFS solves small deals (Klondike cut down to fewer
// ranks and piles, every option the Sampler plays) and positions played
// into them at random, with one reused Sampler whose limit lets it end:
// each verdict must be the truth (Solve's, held to the BFS oracle by
// TestSolverAgreesWithBFS, or the oracle's where Solve runs out), and
// each win must replay. This is the twin positions' theorem put to the
// test: a search of them that wins a lost position, or loses a won one,
// fails it.
func TestSamplerAgreesWithBFS(t *testing.T) {
	n := 12
	if testing.Short() {
		n = 3
	}
	z := solver.NewSampler(2_000_000)
	rng := rand.New(rand.NewPCG(5, 9))
	var sol, moves []engine.Move
	won, lost := 0, 0
	for _, size := range [][2]int{{5, 4}, {6, 4}, {4, 5}} {
		for _, v := range samplerVariants(size[0], size[1]) {
			g := engine.MustGame(v.rules)
			if !solver.SamplerFits(g) {
				t.Fatalf("%s: the Sampler does not fit", v.name)
			}
			for seed := uint64(0); seed < uint64(n); seed++ {
				s, err := g.NewState(engine.NativeDeal(&v.rules, seed))
				if err != nil {
					t.Fatal(err)
				}
				// the deal, then positions a few random moves in
				for k := 0; k < 3; k++ {
					got := z.Solve(&s)
					sv := solver.Solve(context.Background(), s, solver.Options{MaxNodes: 5_000_000}).Verdict
					want := sv == solver.Won
					if sv == solver.Unknown {
						o := bfs(s, 3_000_000)
						if o.capped {
							t.Fatalf("%s seed %d/%d: Solve and the oracle both ran out", v.name, seed, k)
						}
						want = o.won
					}
					switch {
					case got == solver.Unknown:
						t.Errorf("%s seed %d/%d: unknown after %d nodes on a small game", v.name, seed, k, z.Nodes())
					case (got == solver.Won) != want:
						t.Errorf("%s seed %d/%d: the Sampler says %v, the truth is won=%v\n%s", v.name, seed, k, got, want,
							engine.FormatText(s.Layout(), engine.TextOptions{}))
					case got == solver.Won:
						won++
						sol = z.AppendSolution(sol[:0])
						if err := engine.VerifyMoves(s, sol); err != nil {
							t.Errorf("%s seed %d/%d: the solution does not replay: %v\n%s", v.name, seed, k, err,
								engine.FormatText(s.Layout(), engine.TextOptions{}))
						}
					default:
						lost++
					}
					for ply := 0; ply < 8; ply++ {
						if moves = s.Moves(moves[:0]); len(moves) > 0 {
							s.Apply(moves[rng.IntN(len(moves))])
						}
					}
				}
			}
		}
	}
	t.Logf("%d won, %d lost", won, lost)
	if won == 0 || lost == 0 {
		t.Errorf("%d won and %d lost: the test needs both", won, lost)
	}
}

// TestSamplerFullDeals checks the Sampler on full Klondike deals (draw 3
// and 1, with and without worrying back, unlimited and limited passes)
// at a player's budget and a larger one: its wins replay, a larger limit
// never turns a verdict into another, and a loss is never Solve's win.
func TestSamplerFullDeals(t *testing.T) {
	n := 20
	if testing.Short() {
		n = 6
	}
	var sol []engine.Move
	for _, rules := range []engine.Rules{engine.Klondike(3, 0), worried(engine.Klondike(3, 0)), engine.Klondike(1, 0), worried(engine.Klondike(1, 3)), engine.Klondike(3, 3)} {
		g := engine.MustGame(rules)
		small, big := solver.NewSampler(1_000), solver.NewSampler(500_000)
		won := 0
		for seed := uint64(0); seed < uint64(n); seed++ {
			s, err := g.NewState(engine.NativeDeal(&rules, seed))
			if err != nil {
				t.Fatal(err)
			}
			a, b := small.Solve(&s), big.Solve(&s)
			if a != solver.Unknown && b != solver.Unknown && a != b {
				t.Errorf("%s seed %d: 1,000 nodes say %v, 500,000 say %v", ruleName(&rules), seed, a, b)
			}
			switch b {
			case solver.Won:
				won++
				sol = big.AppendSolution(sol[:0])
				if err := engine.VerifyMoves(s, sol); err != nil {
					t.Errorf("%s seed %d: the solution does not replay: %v", ruleName(&rules), seed, err)
				}
			case solver.Lost:
				if v := solver.Solve(context.Background(), s, solver.Options{MaxNodes: 20_000_000, Mem: 1 << 30}).Verdict; v == solver.Won {
					t.Errorf("%s seed %d: the Sampler says lost, Solve won", ruleName(&rules), seed)
				}
			}
		}
		if won == 0 {
			t.Errorf("%s: no deal won: the test tests nothing", ruleName(&rules))
		}
	}
}

// TestSamplerAllocates checks that a warm Sampler's solves allocate
// nothing.
func TestSamplerAllocates(t *testing.T) {
	z := solver.NewSampler(1_000)
	checkWarmSolves(t, "Sampler", func(s *engine.State) { z.Solve(s) })
}

// BenchmarkSampler measures 1,000-node solves of draw-3 deals, as
// BenchmarkSmall does for the Small.
func BenchmarkSampler(b *testing.B) {
	z := solver.NewSampler(1_000)
	benchSolves(b, func(s *engine.State) int64 { z.Solve(s); return z.Nodes() })
}

// worried returns r with worrying back.
func worried(r engine.Rules) engine.Rules {
	r.WorryBack = true
	return r
}

// TestSamplerLargeLimit solves with a limit far beyond what a table could
// be allocated for at once (the table grows as it is used), and checks
// that the verdicts of a few draw-3 deals are those of a modest limit's
// where that decided.
func TestSamplerLargeLimit(t *testing.T) {
	huge, modest := solver.NewSampler(1<<40), solver.NewSampler(200_000)
	for seed, s := range draw3Deals(t, 6) {
		a, b := huge.Solve(&s), modest.Solve(&s)
		if b != solver.Unknown && a != b {
			t.Errorf("deal %d: a limit of 2^40 says %v, 200,000 says %v", seed, a, b)
		}
		if a == solver.Unknown {
			t.Errorf("deal %d: unknown with a limit of 2^40", seed)
		}
	}
}
