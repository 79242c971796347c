package solver

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/variants"
)

// segTestRules are the small Agnes Sorel games the segment game's tests
// play (smallVariants), one of them dealt face up.
func segTestRules(t *testing.T) []namedRules {
	return smallVariants(t, "agnes-sorel", true, segApplies)
}

// TestSegGameIsLost checks the segment game's theorem against the plain
// search (NoPrune, which does not use it) on small Agnes Sorel games: in
// random play from each deal, every position that the segment game calls
// lost must be lost. Each position is searched twice: by a guide kept for
// the whole deal, whose lost marks from earlier positions serve it, and by
// a new one; the two must agree, which holds the keys to naming a state
// whatever it was reached from. Enough positions must be called lost, some
// of them before the last deal, for the check to mean something. It also
// checks the game's stock against the position's.
func TestSegGameIsLost(t *testing.T) {
	deals := 1000
	if testing.Short() {
		deals = 200
	}
	for _, v := range segTestRules(t) {
		name := v.name
		t.Run(name, func(t *testing.T) {
			deals := deals
			if v.rules.Ranks > 4 {
				deals /= 4 // its plain searches take longer
			}
			search := func(sg *sguide, s *engine.State) Verdict {
				st, ok := sg.ss.sg.alpha(s)
				if !ok {
					t.Fatalf("no id left for a frozen part of\n%s", engine.FormatText(s.Layout(), engine.TextOptions{}))
				}
				sg.ss.budget, sg.ss.stop = sg.ss.nodes+200_000, NotStopped
				switch won := sg.ss.visit(st, 0); {
				case won:
					return Won
				case sg.ss.stop == NotStopped:
					return Lost
				case sg.ss.stop != StopNodes:
					t.Fatalf("the search stopped: %v", sg.ss.stop)
				}
				return Unknown
			}
			checked, early, wonSeen := checkLostInRandomPlay(t, v.rules, deals, rand.New(rand.NewPCG(11, uint64(len(name)))),
				func(seed uint64, s *engine.State) (func(ply int, s *engine.State) bool, func()) {
					kept := newSguide(context.Background(), s, 0, 0, time.Time{})
					if kept == nil {
						t.Fatalf("seed %d: the segment game does not apply", seed)
					}
					sg := kept.ss.sg
					return func(ply int, s *engine.State) bool {
						stock := s.Stock()
						if !slices.Equal(sg.stock[len(sg.stock)-len(stock):], stock) {
							t.Fatalf("seed %d ply %d: the game's stock is not the position's", seed, ply)
						}
						fresh := newSguide(context.Background(), s, 0, 0, time.Time{})
						defer fresh.release()
						byKept, byFresh := search(kept, s), search(fresh, s)
						if byKept != byFresh && byKept != Unknown && byFresh != Unknown {
							t.Fatalf("seed %d ply %d: the guide kept for the deal says %v, a new one %v", seed, ply, byKept, byFresh)
						}
						return byKept == Lost
					}, kept.release
				})
			if checked < deals/20 || early < deals/100 {
				t.Errorf("only %d positions called lost (%d before the last deal) in %d deals' random play: the check tests little", checked, early, deals)
			}
			t.Logf("%d positions called lost (%d before the last deal), each lost; %d random games won", checked, early, wonSeen)
		})
	}
}

// TestSegGuideAgreesWithNoPrune: on the small Agnes Sorel games, the full
// search guided by the segment game, with the quick search and the beams
// off so that every deal is decided by the guided search, gives NoPrune's
// verdict, and its wins replay. The guide's budget is lowered (16 states a
// check, checkGuidedAgainstNoPrune), so that its searches run out and
// their marks are met again from other nodes.
func TestSegGuideAgreesWithNoPrune(t *testing.T) {
	deals := 1000
	if testing.Short() {
		deals = 150
	}
	checkGuidedAgainstNoPrune(t, segTestRules(t), deals, func(s *engine.State) bool {
		return segApplies(&s.Game().Rules)
	})
}

// TestSegDeal pins the segment game's effect on a full deal: Agnes Sorel's
// native deal 6, unknown after 10 M nodes of version 40's search, is lost
// within 2 M nodes, and the search allocates nothing per state.
func TestSegDeal(t *testing.T) {
	if testing.Short() {
		t.Skip("a search of 2 M nodes")
	}
	checkDealLost(t, "agnes-sorel", 6, 2_000_000)
}

// TestSegGameApplies pins the games the segment game bounds: of the
// games the variants define, as dealt, Agnes Sorel alone (its stock dealt
// onto the piles, spaces that stay empty, no reserves), dealt face up or
// not; Agnes Bernauer (reserves), the games with a waste or with cells
// and those whose spaces may be filled are refused.
func TestSegGameApplies(t *testing.T) {
	for _, name := range variants.Names() {
		for _, o := range []variants.Options{{}, {FaceUp: true}} {
			_, r, err := variants.Resolve(name, o)
			if err != nil {
				continue // the game has no such option
			}
			if want := name == "agnes-sorel"; segApplies(&r) != want {
				t.Errorf("%s %+v: segApplies says %v, want %v", name, o, !want, want)
			}
		}
	}
}
