package solver

import (
	"testing"

	"github.com/klondike-family/klondike/engine"
)

// TestFaceUpSomewhereSeesEverySource: the "no use is possible" checks that
// drop moves must see a card wherever it can be moved from, reserve tops
// included (a card missed there would drop a needed move).
func TestFaceUpSomewhereSeesEverySource(t *testing.T) {
	r := engine.Klondike(1, 1)
	r.StockTo, r.Reserves, r.Fill, r.Wrap, r.BaseDealt = engine.StockToReserves, 7, engine.FillRank, true, true
	g := engine.MustGame(r)
	for seed := uint64(0); seed < 20; seed++ {
		s, err := g.NewState(engine.NativeDeal(&r, seed))
		if err != nil {
			t.Fatal(err)
		}
		sr := &search{}
		for k := 0; k < r.Reserves; k++ {
			rv := s.Reserve(k)
			top := rv[len(rv)-1]
			if !faceUpSomewhere(&s, top, false) {
				t.Errorf("seed %d: reserve %d's top card %v not seen", seed, k+1, top)
			}
			if s.CanFill(top) && !sr.fillerExists(&s, -1) {
				t.Errorf("seed %d: reserve %d's top card %v can fill a space but is not seen", seed, k+1, top)
			}
		}
	}
}
