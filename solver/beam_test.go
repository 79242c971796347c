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
				path, st := beamSolve(context.Background(), s, Options{}, 16, 60000, time.Time{}, false)
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

// TestBuriedCards counts the cards that lie above a card of their suit
// that goes up before them, face down or up, on a small Alaska deal (Ace
// base): in t1 (2C 3D 3H AD 3C AC | AS) the Three of Clubs lies above the
// Two; in t2 (| 2H 2D 3S AH 2S) no card lies above an earlier one of its
// suit. beamScore takes buriedWeight off for it when asked to.
func TestBuriedCards(t *testing.T) {
	s := smallAlaskaCut(t)
	if n := buriedCards(&s); n != 1 {
		t.Errorf("Ace base: %d buried cards, want 1 (the Three of Clubs)", n)
	}
	if b := beamScore(&s, true); b != beamScore(&s, false)-buriedWeight {
		t.Errorf("beamScore with buried cards %d, without %d", b, beamScore(&s, false))
	}
}
