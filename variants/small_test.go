package variants

import (
	"reflect"
	"slices"
	"testing"

	"github.com/klondike-family/klondike/engine"
)

// TestSmall checks the small version of every game: it is valid, tiny,
// keeps every rule but the ranks, piles and reserves, deals positions the
// engine accepts, plays, and is won now and then by random play.
func TestSmall(t *testing.T) {
	if _, ok := Small("nope"); ok {
		t.Errorf("Small(nope) is ok")
	}
	for _, g := range All() {
		t.Run(g.Name, func(t *testing.T) {
			t.Parallel()
			r, ok := Small(g.Name)
			if !ok {
				t.Fatalf("Small(%s) not ok", g.Name)
			}
			eg, err := engine.NewGame(r)
			if err != nil {
				t.Fatalf("NewGame: %v", err)
			}
			if r.Ranks > 4 || len(r.Deal) < 3 || len(r.Deal) > 4 || r.Reserves > len(r.Deal) {
				t.Errorf("not small: %d ranks, %d piles, %d reserves", r.Ranks, len(r.Deal), r.Reserves)
			}
			d, err := g.Rules(Options{})
			if err != nil {
				t.Fatal(err)
			}
			if d.Reserves > 0 && r.Reserves == 0 {
				t.Errorf("the small version lost the reserves")
			}
			if stockCards(&d) == 0 && stockCards(&r) != 0 {
				t.Errorf("the small version of a game without a stock has %d stock cards", stockCards(&r))
			}
			if stockCards(&d) > 0 && stockCards(&r) == 0 {
				t.Errorf("the small version lost the stock")
			}
			faceUp := func(r engine.Rules) bool {
				return !slices.ContainsFunc(r.Deal, func(p engine.PileDeal) bool { return p.Down > 0 })
			}
			if faceUp(r) != faceUp(d) {
				t.Errorf("the small deal %v is not face up like the game's %v", r.Deal, d.Deal)
			}
			kept := r
			kept.Ranks, kept.Deal, kept.Reserves = d.Ranks, d.Deal, d.Reserves
			if !reflect.DeepEqual(kept, d) {
				t.Errorf("the small version changes more than ranks, piles and reserves:\n got %+v\nwant %+v", r, d)
			}
			deals, wins := 300, 0
			if testing.Short() {
				deals = 60
			}
			var buf []engine.Move
			for seed := uint64(0); seed < uint64(deals); seed++ {
				checkLayout(t, g.Name+" small", r, engine.NativeDeal(&r, seed))
				var won bool
				won, buf = playout(t, eg, seed, 300, buf)
				if won {
					wins++
				}
			}
			if wins == 0 {
				t.Errorf("no random game of the small version won in %d deals", deals)
			}
		})
	}
}
