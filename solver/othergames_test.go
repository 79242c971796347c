package solver

import (
	"context"
	"testing"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/variants"
)

// TestSolveLinkLoss: Solve proves Yukon's native deal 34 lost by the link
// game within 500,000 nodes, and counts the link game's states.
func TestSolveLinkLoss(t *testing.T) {
	if testing.Short() {
		t.Skip("a search of 247,000 states")
	}
	s := variantDeal(t, "yukon", 34)
	res := Solve(context.Background(), s, Options{MaxNodes: 500_000, Mem: 1 << 30, Workers: 1})
	if res.Verdict != Lost || res.Stats.RelaxedNodes < 100_000 || res.Stats.Nodes < res.Stats.RelaxedNodes {
		t.Errorf("yukon native deal 34: %v, %d nodes of which %d link states; want lost, 100,000 link states or more, counted in the nodes",
			res.Verdict, res.Stats.Nodes, res.Stats.RelaxedNodes)
	}
}

// variantDeal is native deal seed of the game name, with its default
// rules.
func variantDeal(t testing.TB, name string, seed uint64) engine.State {
	t.Helper()
	_, r, err := variants.Resolve(name, variants.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := engine.MustGame(r).NewState(engine.NativeDeal(&r, seed))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestProofGame: each game's proof of loss is named as Solve chooses it.
func TestProofGame(t *testing.T) {
	for game, want := range map[string]string{
		"klondike": "relaxed game", "joker-klondike": "relaxed game", "yukon": "link game",
		"agnes-bernauer": "reserve game", "agnes-sorel": "segment game",
		"alaska": "", "double-klondike": "", "gargantua": "", "whitehead": "",
	} {
		s := variantDeal(t, game, 0)
		if got := ProofGame(&s); got != want {
			t.Errorf("%s: ProofGame = %q, want %q", game, got, want)
		}
	}
}
