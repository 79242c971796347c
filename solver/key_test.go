package solver

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/variants"
)

// TestPackedKeyExact: on random walks through Klondike deals under many
// options and through the other games the packed key serves (with the
// Joker, every child of each state walked too), two states have equal
// packed keys exactly when they have equal engine keys (AppendKey), so the
// packed table is as exact as the other.
func TestPackedKeyExact(t *testing.T) {
	type opt struct {
		draw, passes, cells, ranks, piles int
		worry, faceUp, strict             bool
	}
	var opts []opt
	for _, draw := range []int{1, 3} {
		for _, passes := range []int{0, 2} {
			opts = append(opts,
				opt{draw: draw, passes: passes, ranks: 13, piles: 7},
				opt{draw: draw, passes: passes, ranks: 13, piles: 7, worry: true},
				opt{draw: draw, passes: passes, ranks: 13, piles: 7, faceUp: true, worry: true},
				opt{draw: draw, passes: passes, ranks: 13, piles: 7, cells: 2},
				opt{draw: draw, passes: passes, ranks: 13, piles: 7, strict: true},
				opt{draw: draw, passes: passes, ranks: 5, piles: 3, worry: true},
			)
		}
	}
	type ruleSet struct {
		name  string
		rules engine.Rules
	}
	var sets []ruleSet
	for _, o := range opts {
		r := engine.Klondike(o.draw, o.passes)
		r.Ranks = o.ranks
		r.Deal = r.Deal[:o.piles]
		r.WorryBack = o.worry
		r.Cells = o.cells
		if o.strict {
			r.Unit = engine.UnitWholeRun
		}
		if o.faceUp {
			for i := range r.Deal {
				r.Deal[i].Up += r.Deal[i].Down
				r.Deal[i].Down = 0
			}
		}
		sets = append(sets, ruleSet{fmt.Sprintf("%+v", o), r})
	}
	// the other games the packed key serves: other builds (by suit, by
	// colour, any suit but the card's own), any face-up card moving,
	// dealt bases, one pass, stocks dealt onto piles or reserves
	for _, v := range []struct {
		game string
		opts variants.Options
	}{
		{"yukon", variants.Options{}},
		{"alaska", variants.Options{}},
		{"whitehead", variants.Options{}},
		{"whitehead", variants.Options{Base: "ace"}},
		{"thumb-and-pouch", variants.Options{}},
		{"thumb-and-pouch", variants.Options{Draw: 1}},
		// stocks dealt onto the piles and onto the reserves (version 33)
		{"agnes-sorel", variants.Options{}},
		{"agnes-sorel", variants.Options{FaceUp: true, FaceUpSet: true}},
		{"agnes-bernauer", variants.Options{}},
		{"agnes-bernauer", variants.Options{FaceUp: true, FaceUpSet: true}},
		// the Joker: foundations and its place written, and the cycle it stops
		{"joker-klondike", variants.Options{}},
		{"joker-klondike", variants.Options{Draw: 1}},
		{"joker-klondike", variants.Options{Draw: 1, Passes: 2}},
	} {
		_, r, err := variants.Resolve(v.game, v.opts)
		if err != nil {
			t.Fatal(err)
		}
		sets = append(sets, ruleSet{fmt.Sprintf("%s %+v", v.game, v.opts), r})
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, rs := range sets {
		o, r := rs.name, rs.rules
		if !packable(&r) {
			t.Fatalf("%s: not packable", o)
		}
		g := engine.MustGame(r)
		for seed := uint64(0); seed < 8; seed++ {
			s0, err := g.NewState(engine.NativeDeal(&r, seed))
			if err != nil {
				t.Fatal(err)
			}
			pk := newPacker(&s0)
			byEngine := map[string]string{}
			byPacked := map[string]string{}
			var moves []engine.Move
			see := func(s *engine.State) {
				ek := string(s.AppendKey(nil))
				pkey := string(pk.appendKey(s, nil))
				if p, ok := byEngine[ek]; ok && p != pkey {
					t.Fatalf("%s seed %d: one engine key, two packed keys", o, seed)
				}
				if e, ok := byPacked[pkey]; ok && e != ek {
					t.Fatalf("%s seed %d: one packed key for two engine keys", o, seed)
				}
				byEngine[ek], byPacked[pkey] = pkey, ek
			}
			for walk := 0; walk < 40; walk++ {
				s := s0
				for step := 0; step < 150; step++ {
					see(&s)
					moves = s.Moves(moves[:0])
					if len(moves) == 0 {
						break
					}
					if r.Joker {
						// every child: siblings that differ only in
						// the foundation the Joker went to
						for _, m := range moves {
							c := s
							c.Apply(m)
							see(&c)
						}
					}
					s.Apply(moves[rng.IntN(len(moves))])
				}
			}
			if len(byEngine) < 50 {
				t.Errorf("%s seed %d: only %d states seen", o, seed, len(byEngine))
			}
		}
	}
}

// TestPileCodeInjective: the code of a pile's face-up cards (bitw.pile)
// is uniquely decodable on its own: two piles written one after the other
// give the same bits only when they are the same two piles, so no key
// relies on where the other cards lie to tell two positions apart (with
// one deck they nearly always would, which is why the random walks of
// TestPackedKeyExact do not catch a code that drops a bit). The piles are
// random sequences of distinct cards, most of them continuing an
// alternating run (so that the short code is written often), the rest
// any card.
func TestPileCodeInjective(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	randomPile := func() []engine.Card {
		n := rng.IntN(20)
		used := map[engine.Card]bool{}
		var up []engine.Card
		for len(up) < n {
			c := engine.Card(4 + rng.IntN(52))
			if k := len(up); k > 0 && rng.IntN(8) > 0 {
				c = (up[k-1]>>2-1)<<2 | engine.Card(rng.IntN(4)) // one rank lower
				if (c+1)&2 == (up[k-1]+1)&2 && rng.IntN(4) > 0 {
					c ^= 1 // mostly of the other colour
				}
			}
			if c < 4 || c >= 56 || used[c] {
				if len(up) > 0 && rng.IntN(4) == 0 {
					break
				}
				continue
			}
			used[c] = true
			up = append(up, c)
		}
		return up
	}
	seen := map[string]string{}
	short := 0
	for i := 0; i < 200_000; i++ {
		a, b := randomPile(), randomPile()
		w := bitw{}
		w.pile(a)
		w.pile(b)
		code := string(w.flush())
		piles := fmt.Sprint(a, b)
		if p, ok := seen[code]; ok && p != piles {
			t.Fatalf("%s and %s have the same code", p, piles)
		}
		seen[code] = piles
		if len(a) > 2 && len(a) <= 16 && len(code)*8 < 14+6*(len(a)+len(b)) {
			short++
		}
	}
	if short < 1000 {
		t.Errorf("only %d codes with a short run: the short code is not tested", short)
	}
}
