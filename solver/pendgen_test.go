package solver

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/klondike-family/klondike/engine"
)

// TestPendMovesSame: on random walks through Klondike deals under the
// options pendMoves serves, it gives exactly the moves usesOf keeps of the
// engine's moves (less the waste's), in the same order, for every kind of
// pend and every pile top, and for pendEmpty.
func TestPendMovesSame(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	checked := 0
	for _, draw := range []int{1, 3} {
		for _, worry := range []bool{false, true} {
			for _, cells := range []int{0, 2} {
				for _, strict := range []bool{false, true} {
					for _, faceUp := range []bool{false, true} {
						r := engine.Klondike(draw, 0)
						r.WorryBack, r.Cells = worry, cells
						if strict {
							r.Unit = engine.UnitWholeRun
						}
						if faceUp {
							for i := range r.Deal {
								r.Deal[i].Up += r.Deal[i].Down
								r.Deal[i].Down = 0
							}
						}
						if !pendGenApplies(&r) {
							t.Fatalf("draw %d worry %v cells %d strict %v: not served", draw, worry, cells, strict)
						}
						g := engine.MustGame(r)
						for seed := uint64(0); seed < 4; seed++ {
							s0, err := g.NewState(engine.NativeDeal(&r, seed))
							if err != nil {
								t.Fatal(err)
							}
							sr := &search{}
							var all, want, got []engine.Move
							for walk := 0; walk < 8; walk++ {
								s := s0
								for step := 0; step < 120; step++ {
									pends := []pendT{pendEmpty}
									for j := 0; j < g.Piles(); j++ {
										if p := s.Pile(j); len(p) > 0 {
											u := pendT(p[len(p)-1])
											pends = append(pends, pendCard|u, pendWorry|u, pendTalon|u, pendPartial|u)
										}
									}
									for _, pend := range pends {
										all = s.Moves(all[:0])
										want = usesOf(&s, pend, all)
										want = slices.DeleteFunc(want, func(m engine.Move) bool { return m.From() == engine.LocWaste })
										got = sr.pendMoves(&s, pend, got[:0])
										if !slices.Equal(got, want) {
											t.Fatalf("%s seed %d pend %#x:\n got %v\nwant %v", ruleName(&r), seed, pend, got, want)
										}
										checked++
									}
									all = s.Moves(all[:0])
									if len(all) == 0 {
										break
									}
									s.Apply(all[rng.IntN(len(all))])
								}
							}
						}
					}
				}
			}
		}
	}
	if checked < 10000 {
		t.Errorf("only %d cases checked", checked)
	}
}

func ruleName(r *engine.Rules) string {
	return fmt.Sprintf("draw %d worry %v cells %d unit %v deal %v", r.Draw, r.WorryBack, r.Cells, r.Unit, r.Deal)
}
