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

// TestProofGame: Solve names, in its stats, the abstraction whose states
// it counted: each game's proof of loss on the first of its native deals
// 0..19 where one was searched (200,000 nodes a deal), and none where the
// game has no such abstraction.
func TestProofGame(t *testing.T) {
	if testing.Short() {
		t.Skip("up to 180 solves of 200,000 nodes")
	}
	for _, c := range []struct{ game, want string }{
		{"klondike", "relaxed game"}, {"joker-klondike", "relaxed game"}, {"yukon", "link game"},
		{"agnes-bernauer", "reserve game"}, {"agnes-sorel", "segment game"},
		{"alaska", ""}, {"double-klondike", ""}, {"gargantua", ""}, {"whitehead", ""},
	} {
		found := false
		for seed := uint64(0); seed < 20 && !found; seed++ {
			res := Solve(context.Background(), variantDeal(t, c.game, seed), Options{MaxNodes: 200_000, Mem: 64 << 20, Workers: 1})
			st := res.Stats
			switch {
			case st.RelaxedNodes > 0 && st.ProofGame != c.want:
				t.Errorf("%s native deal %d: %d states of %q counted, want %q", c.game, seed, st.RelaxedNodes, st.ProofGame, c.want)
			case st.RelaxedNodes == 0 && st.ProofGame != "":
				t.Errorf("%s native deal %d: proof game %q with no state of it counted", c.game, seed, st.ProofGame)
			}
			found = st.RelaxedNodes > 0
		}
		if c.want != "" && !found {
			t.Errorf("%s: no native deal of 0..19 searched the %s", c.game, c.want)
		}
	}
}
