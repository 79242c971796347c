package solver

import (
	"context"
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

// TestUselessEmptyingCarriesAFiller: where any face-up card moves with what
// lies on it (Yukon), the group that empties a pile may carry the card
// that fills it. A small Yukon game (four ranks, TestLinkGameSmall's shape
// R4P5D0), native deal 797, is won only by moving 2S 4H from t5 onto 3H
// and then 4H, the top rank, into the emptied t5; before solver version
// 37 useless dropped the first move and the solver called the deal lost.
func TestUselessEmptyingCarriesAFiller(t *testing.T) {
	var rules engine.Rules
	for _, v := range linkRuleSets(t) {
		if v.name == "yukon/R4P5D0" {
			rules = v.rules
		}
	}
	s, err := engine.MustGame(rules).NewState(engine.NativeDeal(&rules, 797))
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, m := range s.Moves(nil) {
		if m.To().IsFoundation() {
			s.Apply(m) // AC up
			found = true
			break
		}
	}
	two, _, _ := engine.ParseCard("2S")
	four, _, _ := engine.ParseCard("4H")
	if p := s.Pile(4); !found || len(p) != 2 || p[0] != two || p[1] != four {
		t.Fatalf("deal 797 after AC up: t5 holds %v, want 2S 4H", p)
	}
	sr := &search{dealRules: dealRulesFor(&s, false)}
	m := engine.NewMove(engine.LocPile0+4, engine.LocPile0+2, 2)
	if sr.useless(&s, m, false) {
		t.Errorf("2S 4H from t5 onto 3H dropped as useless; 4H can fill t5 after it")
	}
	if res := Solve(context.Background(), s, Options{MaxNodes: 1_000_000}); res.Verdict != Won {
		t.Errorf("deal 797 after AC up: %v, want won", res.Verdict)
	}
}
