package engine

import (
	"math/rand/v2"
	"testing"
)

// cardSetRules are rule sets that between them take every build, unit and
// fill rule, wrapping, a dealt base, two decks and the Joker: the card
// sets of move generation are checked on each.
func cardSetRules() map[string]Rules {
	sets := map[string]Rules{}
	for name, r := range klondikeRuleSets() {
		sets[name] = r
	}
	for name, r := range jokerRuleSets() {
		sets[name] = r
	}
	vary := func(name string, f func(r *Rules)) {
		r := Klondike(1, 0)
		f(&r)
		sets[name] = r
	}
	vary("same-suit", func(r *Rules) { r.Build = BuildSameSuit })
	vary("same-colour-suit-runs", func(r *Rules) { r.Build, r.Unit = BuildSameColour, UnitSameSuitRun })
	vary("other-suit-any-fill", func(r *Rules) { r.Build, r.Fill = BuildOtherSuit, FillAny })
	vary("any-suit-no-fill", func(r *Rules) { r.Build, r.Fill = BuildAnySuit, FillNone })
	vary("yukon-like", func(r *Rules) { r.Unit = UnitAnyFaceUp })
	vary("alaska-like", func(r *Rules) { r.Build, r.Unit = BuildUpDownSuit, UnitAnyFaceUp })
	vary("top-card", func(r *Rules) { r.Unit = UnitTopCard })
	vary("wrap-dealt-base", func(r *Rules) { r.Wrap, r.BaseDealt, r.Fill = true, true, FillRank })
	vary("two-decks", func(r *Rules) { r.Decks, r.Fill = 2, FillAny })
	return sets
}

// TestCardSetsAgreeWithRules checks the card sets that move generation
// filters with against the rules they stand for, card by card, on played
// positions: fitMask and fillMask against fitsRule and fillRule,
// foundationNext against foundationFor, the tableau's sets against the
// piles, and, in runs built down by rank without wrapping, the rank ranges
// and patterns against each run's cards and the cards they fit on.
func TestCardSetsAgreeWithRules(t *testing.T) {
	checked := 0
	for name, r := range cardSetRules() {
		g := MustGame(r)
		for c := Card(0); c < 64; c++ {
			for b := 1; b <= 13; b++ {
				if got, want := g.fillMask[b]&bit(c) != 0, g.fillRule(c, b); got != want {
					t.Fatalf("%s: fillMask[%d] has %v: %v, want %v", name, b, c, got, want)
				}
			}
			for u := Card(0); u < 64; u++ {
				want := c.Valid() && u.Valid() && c.Rank() <= g.ranks && u.Rank() <= g.ranks && g.fitsRule(c, u)
				if got := g.fits(c, u); got != want {
					t.Fatalf("%s: fits(%v, %v) = %v, want %v", name, c, u, got, want)
				}
			}
		}
		rankRuns := r.Build != BuildUpDownSuit && r.Unit != UnitAnyFaceUp && !r.Wrap
		for _, s := range perftPositions(t, r, 3) {
			checked++
			next := s.foundationNext()
			for c := Card(0); c < 64; c++ {
				if got, want := next&bit(c) != 0, s.foundationFor(c) >= 0; got != want {
					t.Fatalf("%s: foundationNext has %v: %v, want %v (foundationFor)", name, c, got, want)
				}
			}
			var tb tableau
			s.readTableau(&tb)
			var accept, tops uint64
			var full uint16
			for i := 0; i < g.piles; i++ {
				p := s.Pile(i)
				if len(p) == 0 {
					if tb.top[i] != NoCard {
						t.Fatalf("%s: empty pile %d has top %v", name, i+1, tb.top[i])
					}
					continue
				}
				top := p[len(p)-1]
				if tb.top[i] != top {
					t.Fatalf("%s: pile %d's top is %v, tableau says %v", name, i+1, top, tb.top[i])
				}
				accept |= g.fitMask[top&63]
				tops |= bit(top)
				full |= 1 << i
				if got := tb.pilesTopped(bit(top)); got&(1<<i) == 0 {
					t.Fatalf("%s: pilesTopped(%v) = %b misses pile %d", name, top, got, i+1)
				}
				if !rankRuns {
					continue
				}
				k := int(s.run[i])
				pat := g.runPattern[top&63]
				set := rankRange(top.Rank(), k) & pat
				hosts := rankRange(top.Rank()+1, k) & pat
				for _, c := range p[len(p)-k:] {
					if set&bit(c) == 0 {
						t.Fatalf("%s: pile %d's run card %v is outside the run's range %x", name, i+1, c, set)
					}
					for u := Card(0); u < 64; u++ {
						if g.fits(c, u) && hosts&bit(u) == 0 {
							t.Fatalf("%s: %v fits on %v, outside the hosts' range %x of pile %d", name, c, u, hosts, i+1)
						}
					}
				}
			}
			if tb.accept != accept || tb.tops != tops || tb.full != full {
				t.Fatalf("%s: tableau sets %x %x %b, want %x %x %b", name, tb.accept, tb.tops, tb.full, accept, tops, full)
			}
			if got := tb.pilesTopped(^uint64(0)); got != full {
				t.Fatalf("%s: pilesTopped(every card) = %b, want %b", name, got, full)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no position checked")
	}
}

// TestCardSetsTwoDecksSameTops checks that a card on top of two piles
// names both (tableau.dups), by playing two-deck games until it happens.
func TestCardSetsTwoDecksSameTops(t *testing.T) {
	r := Klondike(1, 0)
	r.Decks, r.Fill = 2, FillAny
	g := MustGame(r)
	found := 0
	var buf []Move
	for seed := uint64(0); seed < 50 && found < 5; seed++ {
		s, err := g.NewState(NativeDeal(&r, seed))
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 9))
		for ply := 0; ply < 400; ply++ {
			var tb tableau
			s.readTableau(&tb)
			for i := 0; i < g.piles; i++ {
				for j := i + 1; j < g.piles; j++ {
					if c := tb.top[i]; c != NoCard && c == tb.top[j] {
						found++
						if got := tb.pilesTopped(bit(c)); got != 1<<i|1<<j {
							t.Fatalf("piles %d and %d both topped by %v: pilesTopped = %b", i+1, j+1, c, got)
						}
					}
				}
			}
			if buf = s.Moves(buf[:0]); len(buf) == 0 {
				break
			}
			s.Apply(buf[rng.IntN(len(buf))])
		}
	}
	if found == 0 {
		t.Fatal("no two piles with the same top in 50 two-deck playouts: the test checked nothing")
	}
}
