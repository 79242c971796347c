package solver

import (
	"context"
	"testing"
	"time"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/variants"
)

// TestBeamLinesReplay runs the beam search on the deals of every game the
// relaxed game does not cover, full size and small: every line it finds
// must replay as a win under the engine's rules (its stock steps and
// Joker rules included). In Gargantua and Steps, where the depth-first
// search alone wins almost nothing within such budgets, it must win some.
func TestBeamLinesReplay(t *testing.T) {
	deals := uint64(6)
	if testing.Short() {
		deals = 3
	}
	for _, name := range variants.Names() {
		_, full, err := variants.Resolve(name, variants.Options{})
		if err != nil {
			t.Fatal(err)
		}
		small, _ := variants.Small(name)
		for _, r := range []engine.Rules{full, small} {
			g := engine.MustGame(r)
			s0, err := g.NewState(engine.NativeDeal(&r, 0))
			if err != nil {
				t.Fatal(err)
			}
			if _, _, ok := newRgame(&s0); ok {
				continue // Solve does not use the beam there
			}
			won := 0
			for seed := uint64(0); seed < deals; seed++ {
				s, err := g.NewState(engine.NativeDeal(&r, seed))
				if err != nil {
					t.Fatal(err)
				}
				path, st := beamSolve(context.Background(), s, Options{}, 16, 60000, time.Time{})
				if st.Nodes > 60000 || st.Stored > st.Nodes+1 {
					t.Errorf("%s seed %d: %d nodes, %d stored, budget 60000", name, seed, st.Nodes, st.Stored)
				}
				if path == nil {
					continue
				}
				won++
				moves := expand(s, path)
				if err := engine.Verify(s, engine.Steps(s, moves)); err != nil {
					t.Errorf("%s (%d ranks) seed %d: beam line does not replay: %v", name, r.Ranks, seed, err)
				}
			}
			t.Logf("%s, %d ranks: beam won %d of %d", name, r.Ranks, won, deals)
			if (name == "gargantua" || name == "steps") && r.Ranks == 13 && won == 0 {
				t.Errorf("%s: the beam won none of %d deals", name, deals)
			}
		}
	}
}
