package solver_test

import (
	"context"
	"testing"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/solver"
	"github.com/klondike-family/klondike/variants"
)

// FuzzLayoutAnyGame reads arbitrary text as a deal file and gives the
// layout to every game, as solve --game G --deal FILE does: the game's
// NewState refuses it or the solver searches it (a few hundred nodes)
// without failing, and a win replays. Game.NewState is the one place a
// layout is checked; the fuzz target looks for a layout it lets through
// that the search cannot hold.
func FuzzLayoutAnyGame(f *testing.F) {
	for _, name := range variants.Names() {
		_, r, err := variants.Resolve(name, variants.Options{})
		if err != nil {
			f.Fatal(err)
		}
		f.Add(engine.FormatText(engine.NativeDeal(&r, 3), engine.TextOptions{}))
	}
	f.Add("t1: | AS\nf1:\n")
	f.Add("stock: AS\nwaste: 2S\nrecycles: 5\n")
	var games []*engine.Game
	for _, name := range variants.Names() {
		_, r, err := variants.Resolve(name, variants.Options{})
		if err != nil {
			f.Fatal(err)
		}
		g, err := engine.NewGame(r)
		if err != nil {
			f.Fatal(err)
		}
		games = append(games, g)
	}
	f.Fuzz(func(t *testing.T, text string) {
		l, err := engine.ParseText(text)
		if err != nil {
			return
		}
		for _, g := range games {
			s, err := g.NewState(l)
			if err != nil {
				continue
			}
			res := solver.Solve(context.Background(), s, solver.Options{MaxNodes: 300, Mem: 16 << 20})
			if res.Verdict == solver.Won {
				if err := engine.Verify(s, engine.Steps(s, res.Solution)); err != nil {
					t.Fatalf("a win that does not replay: %v", err)
				}
			}
		}
	})
}
