package solver

import (
	"context"
	"testing"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/variants"
)

// TestPartialFaceUp checks the partial-run restriction where piles are
// dealt face up, so that a run may lie on a card it does not fit: on the
// small Agnes Bernauer dealt face up (four ranks, four piles of 1..4
// cards face up, four reserves), the search agrees with the search
// without pruning on every deal. Deals 123 and 242 were called lost,
// though winnable, before the restriction asked that the run fit the card
// it leaves (a review found them).
func TestPartialFaceUp(t *testing.T) {
	_, r, err := variants.Resolve("agnes-bernauer", variants.Options{FaceUp: true})
	if err != nil {
		t.Fatal(err)
	}
	r.Ranks, r.Reserves = 4, 4
	r.Deal = []engine.PileDeal{{Up: 1}, {Up: 2}, {Up: 3}, {Up: 4}}
	g, err := engine.NewGame(r)
	if err != nil {
		t.Fatal(err)
	}
	deals := uint64(400)
	if testing.Short() {
		deals = 250
	}
	for seed := uint64(0); seed < deals; seed++ {
		s, err := g.NewState(engine.NativeDeal(&g.Rules, seed))
		if err != nil {
			t.Fatal(err)
		}
		got := Solve(context.Background(), s, Options{MaxNodes: 2_000_000}).Verdict
		want := Solve(context.Background(), s, Options{NoPrune: true, MaxNodes: 2_000_000}).Verdict
		if got != want && got != Unknown && want != Unknown {
			t.Errorf("deal %d: the search says %v, the search without pruning %v", seed, got, want)
		}
	}
}
