package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestCardMovesPlain checks CardMoves, which the solver asks for every
// talon card it plays K+ style, against a plain list made from the rules
// (fitsRule, fillRule and CanFound, pile by pile): for every card of the
// talon, as if it came from the waste, at every position of random games
// of every rule set with a stock. The waste top's moves must also be Moves' waste
// moves, in the same order, where the Joker is not forced.
func TestCardMovesPlain(t *testing.T) {
	deals, plies := 8, 200
	if testing.Short() {
		deals = 3
	}
	forHashGames(t, 13, func(t *testing.T, g *Game, deal func(seed uint64) (State, *rand.Rand)) {
		var buf, got []Move
		checked := 0
		for seed := uint64(0); seed < uint64(deals); seed++ {
			s, rng := deal(seed)
			for ply := 0; ply < plies; ply++ {
				for w := 0; w < s.Talon(); w++ {
					c := s.TalonCard(w)
					got = s.CardMoves(c, LocWaste, got[:0])
					var want []Move
					if s.CanFound(c) {
						want = s.toFoundation(want, c, LocWaste, false)
					}
					for j := 0; j < g.piles; j++ {
						p := s.Pile(j)
						if len(p) > 0 && g.fitsRule(c, p[len(p)-1]) || len(p) == 0 && g.fillRule(c, s.Base()) {
							want = append(want, NewMove(LocWaste, LocPile0+Loc(j), 1))
						}
					}
					if cell := s.emptyCell(); cell >= 0 {
						want = append(want, NewMove(LocWaste, LocCell0+Loc(cell), 1))
					}
					if !slices.Equal(got, want) {
						t.Fatalf("deal %d ply %d: CardMoves(%v) from the waste %v, the plain list %v", seed, ply, c, got, want)
					}
					checked++
				}
				buf = s.Moves(buf[:0])
				if len(buf) == 0 {
					break
				}
				if s.WastePos() > 0 && !(g.joker && s.JokerForced()) {
					var waste []Move
					for _, m := range buf {
						if m.Kind() == KindMove && m.From() == LocWaste {
							waste = append(waste, m)
						}
					}
					if got = s.WasteMoves(got[:0]); !slices.Equal(got, waste) {
						t.Fatalf("deal %d ply %d: WasteMoves %v, Moves' waste moves %v", seed, ply, got, waste)
					}
				}
				s.Apply(buf[rng.IntN(len(buf))])
			}
		}
		if checked == 0 && g.Rules.StockCount() > 0 {
			t.Fatal("no talon card checked")
		}
	})
}
