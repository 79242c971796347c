package solver_test

import (
	"context"
	"testing"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/solver"
	"github.com/klondike-family/klondike/variants"
)

// TestOtherGamesDeals gives every game the deals of every other game (as a
// user does with --game G --deal FILE holding another game's deal). The
// game's NewState is the one place a layout is checked: it either refuses
// the layout or the solver searches it without failing, and a win found
// replays. Klondike's deal given to Yukon, whose stock it cannot turn, was
// once accepted and the solver divided by Yukon's draw count of 0.
func TestOtherGamesDeals(t *testing.T) {
	names := variants.Names()
	rules := make(map[string]engine.Rules, len(names))
	for _, n := range names {
		_, r, err := variants.Resolve(n, variants.Options{})
		if err != nil {
			t.Fatalf("Resolve(%s) = %v", n, err)
		}
		rules[n] = r
	}
	for _, g := range names {
		r := rules[g]
		game, err := engine.NewGame(r)
		if err != nil {
			t.Fatalf("NewGame(%s) = %v", g, err)
		}
		for _, h := range names {
			if h == g {
				continue
			}
			hr := rules[h]
			l := engine.NativeDeal(&hr, 1)
			s, err := game.NewState(l)
			if err != nil {
				continue
			}
			res := solver.Solve(context.Background(), s, solver.Options{MaxNodes: 2000, Mem: 64 << 20})
			if res.Verdict == solver.Won {
				if err := engine.Verify(s, engine.Steps(s, res.Solution)); err != nil {
					t.Errorf("game %s, deal of %s: the win does not replay: %v", g, h, err)
				}
			}
		}
	}
	// The deal of the issue: Klondike's, with its 24-card stock, for Yukon.
	k := rules["klondike"]
	yg, err := engine.NewGame(rules["yukon"])
	if err != nil {
		t.Fatal(err)
	}
	if _, err := yg.NewState(engine.NativeDeal(&k, 1)); err == nil {
		t.Errorf("yukon NewState(a Klondike deal) = nil, want an error about the stock")
	}
}
