package solver

import (
	"context"
	"testing"

	"github.com/klondike-family/klondike/engine"
)

// TestSmallSureWin checks surewin.go's theorem along won games: at every
// position of a winning line (Solve's, on native deals of Klondike with
// draw 1 and 3, with and without worrying back, and one pass of draw 1)
// that sureWin accepts, the proof's line (finishSureWin) wins, and
// solver.Small says won at once with a line that replays to a won state.
func TestSmallSureWin(t *testing.T) {
	sure := 0
	for _, r := range []engine.Rules{engine.Klondike(1, 0), engine.Klondike(3, 0), engine.Klondike(1, 1), withWorry(engine.Klondike(3, 0))} {
		g := engine.MustGame(r)
		if !sureWins(&g.Rules) {
			t.Fatalf("%+v: not a rule set of the theorem", r)
		}
		z := NewSmall(1000)
		for seed := uint64(0); seed < 12; seed++ {
			s, err := g.NewState(engine.NativeDeal(&g.Rules, seed))
			if err != nil {
				t.Fatal(err)
			}
			res := Solve(context.Background(), s, Options{MaxNodes: 2_000_000})
			if res.Verdict != Won {
				continue
			}
			for _, m := range res.Solution {
				if sureWin(&s) {
					sure++
					f := s
					if finishSureWin(&f, nil); !f.Won() {
						t.Fatalf("draw %d seed %d: the proof's line does not win from a sure win", r.Draw, seed)
					}
					if v := z.Solve(&s); v != Won || z.Nodes() != 0 {
						t.Fatalf("draw %d seed %d: Small says %v after %d nodes at a sure win", r.Draw, seed, v, z.Nodes())
					}
					w := s
					for _, mv := range z.AppendSolution(nil) {
						w.Apply(mv)
					}
					if !w.Won() {
						t.Fatalf("draw %d seed %d: Small's line from a sure win does not replay to a win", r.Draw, seed)
					}
				}
				s.Apply(m)
			}
		}
	}
	if sure == 0 {
		t.Fatal("no sure win met: the test shows nothing")
	}
	t.Logf("%d sure wins checked", sure)
}

func withWorry(r engine.Rules) engine.Rules {
	r.WorryBack = true
	return r
}
