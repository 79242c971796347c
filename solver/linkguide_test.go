package solver

import (
	"context"
	"testing"

	"github.com/klondike-family/klondike/engine"
)

// TestLinkGuideAgreesWithNoPrune: on small games of Yukon's rules, the full
// search guided by the link game (linkguide.go), with the quick search,
// the beams and the link game's search from the root off so that every
// deal is decided by the guided search, gives NoPrune's verdict (the
// plain exhaustive real search), and its wins replay. The guide's budget
// is lowered too, so that its searches run out and their marks are met
// again from other nodes. The walk of TestLinkGameSmall checks β' itself.
func TestLinkGuideAgreesWithNoPrune(t *testing.T) {
	deals := 1000
	if testing.Short() {
		deals = 100
	}
	checkGuidedAgainstNoPrune(t, linkRuleSets(t), deals, func(s *engine.State) bool {
		lg, _ := otherGame(s)
		return lg != nil
	})
}

// checkGuidedAgainstNoPrune solves deals 0..deals-1 of each rule set
// (those where applies, which tells whether the guide under test guides
// the search) with the full search alone (the quick search, the beams and
// the abstractions' searches from the root off, the guide's budget 16
// states) and with the plain search (NoPrune): the verdicts must agree,
// and the guided wins replay. The guide must have pruned nodes on at
// least half as many deals as are lost.
func checkGuidedAgainstNoPrune(t *testing.T, sets []namedRules, deals int, applies func(s *engine.State) bool) {
	t.Helper()
	tn := defaults
	tn.quickNodes, tn.noBeams, tn.linkRootShare, tn.linkGuideStates, tn.segGuideStates = 0, true, -1, 16, 16
	won, lost, pruned := 0, 0, 0
	for _, v := range sets {
		g := engine.MustGame(v.rules)
		for seed := uint64(0); seed < uint64(deals); seed++ {
			s, err := g.NewState(engine.NativeDeal(&v.rules, seed))
			if err != nil {
				t.Fatal(err)
			}
			if !applies(&s) {
				continue
			}
			want := Solve(context.Background(), s, Options{NoPrune: true, MaxNodes: 20_000_000})
			got := Solve(context.Background(), s, Options{MaxNodes: 20_000_000, tune: &tn})
			if want.Verdict == Unknown || got.Verdict != want.Verdict {
				t.Fatalf("%s seed %d: the guided search says %v (%+v), NoPrune says %v", v.name, seed, got.Verdict, got.Stats, want.Verdict)
			}
			if got.Verdict == Won {
				won++
				if err := engine.VerifyMoves(s, got.Solution); err != nil {
					t.Fatalf("%s seed %d: %v", v.name, seed, err)
				}
			} else {
				lost++
			}
			if got.Stats.Pruned > 0 {
				pruned++
			}
		}
	}
	t.Logf("%d won, %d lost, %d with nodes pruned by the guide", won, lost, pruned)
	if won == 0 || lost == 0 || pruned < lost/2 {
		t.Errorf("the test did not exercise the guide: %d won, %d lost, %d pruned", won, lost, pruned)
	}
}
