package solver_test

import (
	"fmt"
	"sync"
	"testing"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/variants"
)

// TestJokerAgainstBFS checks the solver on small Joker Klondike games
// against the exhaustive oracle, pruned and NoPrune: the verdicts agree and
// every win replays. The games: joker-klondike's small version (4 ranks, 3
// piles: 16 real cards and the Joker) and a bigger one, where more deals
// are lost (7 ranks; 6 with draw 1 and limited passes, where the oracle's
// state space grows past its cap at 7), each under draw 1 and 3 with
// unlimited, one and two passes. The family test covers the game's
// defaults; this covers its options, on more deals. It fails unless both
// verdicts occur, so that the pruning is checked on lost deals too.
func TestJokerAgainstBFS(t *testing.T) {
	small, ok := variants.Small("joker-klondike")
	if !ok || !small.Joker {
		t.Fatalf("no small joker-klondike: %+v", small)
	}
	seven := small
	seven.Ranks = 7
	var mu sync.Mutex
	var won, lost int
	t.Run("sets", func(t *testing.T) {
		for _, base := range []engine.Rules{small, seven} {
			for _, draw := range []int{1, 3} {
				for _, passes := range []int{0, 1, 2} {
					r := base
					r.Draw, r.Passes = draw, passes
					if r.Ranks > 4 && draw == 1 && passes > 0 {
						r.Ranks = 6
					}
					deals := 40
					if testing.Short() {
						deals = max(deals/4, 2)
					}
					if *deepSolve {
						deals *= 25
					}
					t.Run(fmt.Sprintf("R%d/draw%d-passes%d", r.Ranks, draw, passes), func(t *testing.T) {
						t.Parallel()
						tl := checkAgainstBFS(t, r, 1000, deals)
						mu.Lock()
						won, lost = won+tl.won, lost+tl.lost
						mu.Unlock()
					})
				}
			}
		}
	})
	if won == 0 || lost == 0 {
		t.Errorf("%d won, %d lost: the small games did not give both verdicts", won, lost)
	}
	t.Logf("%d won, %d lost", won, lost)
}
