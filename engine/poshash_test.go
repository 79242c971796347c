package engine

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"
)

// hashRuleSets are the rule sets the hash tests play: the perft and
// family sets, and variations of them the beams meet that those lack
// (worrying back in every game without it, foundations from the Ace where
// the base is dealt, draws of 4 and 5).
func hashRuleSets() map[string]Rules {
	sets := playRuleSets()
	maps.Copy(sets, familyRuleSets())
	for name, r := range maps.Clone(sets) {
		if !r.WorryBack && r.Validate() == nil {
			r.WorryBack = true
			if r.Validate() == nil {
				sets[name+"+wb"] = r
			}
			r.WorryBack = false
		}
		if r.BaseDealt {
			r.BaseDealt = false
			if r.Validate() == nil {
				sets[name+"+base-ace"] = r
			}
			r.BaseDealt = true
		}
		if r.Draw == 3 && r.StockTo == StockToWaste {
			for _, d := range []int{4, 5} {
				r.Draw = d
				if r.Validate() == nil {
					sets[fmt.Sprintf("%s+draw%d", name, d)] = r
				}
			}
		}
	}
	return sets
}

// forHashGames runs f as a parallel subtest of each rule set of
// hashRuleSets, with the game and its deals: deal gives native deal seed
// and a random source of the test's stream for its moves.
func forHashGames(t *testing.T, stream uint64, f func(t *testing.T, g *Game, deal func(seed uint64) (State, *rand.Rand))) {
	sets := hashRuleSets()
	for _, name := range slices.Sorted(maps.Keys(sets)) {
		r := sets[name]
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			g := MustGame(r)
			f(t, g, func(seed uint64) (State, *rand.Rand) {
				s, err := g.NewState(NativeDeal(&r, seed))
				if err != nil {
					t.Fatalf("deal %d: %v", seed, err)
				}
				return s, rand.New(rand.NewPCG(seed, stream))
			})
		})
	}
}

// TestUpdateParts plays random games of every rule set (Klondike's
// options, the family's games, the Joker's) and checks after every move
// that UpdateParts, which rehashes only the parts the move touched, brings
// the parent's parts to the child's as hashing every part does, so that
// the fingerprints the beam search makes child by child are the
// position's own; and that ChildFingerprint, which changes only the terms
// the move touched, gives the fingerprint made from every term.
func TestUpdateParts(t *testing.T) {
	deals, plies := 20, 300
	if testing.Short() {
		deals = 4
	}
	forHashGames(t, 7, func(t *testing.T, g *Game, deal func(seed uint64) (State, *rand.Rand)) {
		var buf []Move
		for seed := uint64(0); seed < uint64(deals); seed++ {
			s, rng := deal(seed)
			p := s.PositionParts()
			f := s.PositionFingerprint(&p)
			for ply := 0; ply < plies; ply++ {
				buf = s.Moves(buf[:0])
				if len(buf) == 0 {
					break
				}
				m := pickGreedy(rng, buf)
				parent, pp := s, p
				s.Apply(m)
				s.UpdateParts(m, &p)
				if full := s.PositionParts(); p != full {
					t.Fatalf("deal %d ply %d: UpdateParts after %v gives %x, hashing every part %x", seed, ply, m, p, full)
				}
				f = s.ChildFingerprint(&parent, f, &pp, &p, m)
				if full := s.PositionFingerprint(&p); f != full {
					t.Fatalf("deal %d ply %d: ChildFingerprint after %v gives %x, every term %x", seed, ply, m, f, full)
				}
			}
		}
	})
}

// TestChildParts plays random games of every rule set and, at each
// position, checks every legal move that ChildParts takes against the
// child made: the same parts as UpdateParts brings, the fingerprint made
// from every term, and the win (and, asked without parts, the same
// fingerprint and win). It also requires ChildParts to take the
// moves it names (every draw, recycle and pile or waste move to a pile or
// foundation where the game has no reserves, cells or Joker, but draws
// and recycles where the piles' places count), so that a fast path that
// gave up everywhere would fail.
func TestChildParts(t *testing.T) {
	deals, plies := 10, 300
	if testing.Short() {
		deals = 3
	}
	forHashGames(t, 11, func(t *testing.T, g *Game, deal func(seed uint64) (State, *rand.Rand)) {
		plain := g.reserves == 0 && g.cells == 0 && !g.joker
		var buf []Move
		taken := 0
		for seed := uint64(0); seed < uint64(deals); seed++ {
			s, rng := deal(seed)
			p := s.PositionParts()
			f := s.PositionFingerprint(&p)
			for ply := 0; ply < plies; ply++ {
				buf = s.Moves(buf[:0])
				if len(buf) == 0 {
					break
				}
				for _, m := range buf {
					var cp PositionParts
					cf, won, ok := s.ChildParts(m, &p, f, &cp)
					from, to := m.From(), m.To()
					named := m.Kind() == KindDraw || m.Kind() == KindRecycle ||
						m.Kind() == KindMove && (from.IsPile() || from == LocWaste) && (to.IsPile() || to.IsFoundation())
					if !ok {
						// a draw or recycle may be refused where the piles'
						// places count while the stock lasts; nothing else
						if plain && named && (g.symPiles || m.Kind() == KindMove) {
							t.Fatalf("deal %d ply %d: ChildParts does not take %v", seed, ply, m)
						}
						continue
					}
					taken++
					c := s
					c.Apply(m)
					wp := p
					c.UpdateParts(m, &wp)
					if cp != wp {
						t.Fatalf("deal %d ply %d: ChildParts of %v gives parts %x, the child's %x", seed, ply, m, cp, wp)
					}
					if wf := c.PositionFingerprint(&wp); cf != wf {
						t.Fatalf("deal %d ply %d: ChildParts of %v gives fingerprint %x, the child's %x", seed, ply, m, cf, wf)
					}
					if won != c.Won() {
						t.Fatalf("deal %d ply %d: ChildParts of %v says won %v, the child %v", seed, ply, m, won, c.Won())
					}
					if nf, nwon, nok := s.ChildParts(m, &p, f, nil); nf != cf || nwon != won || !nok {
						t.Fatalf("deal %d ply %d: ChildParts of %v without parts gives %x, %v, %v; with them %x, %v, true", seed, ply, m, nf, nwon, nok, cf, won)
					}
				}
				m := pickGreedy(rng, buf)
				s.Apply(m)
				s.UpdateParts(m, &p)
				f = s.PositionFingerprint(&p)
			}
		}
		if plain && taken == 0 {
			t.Errorf("ChildParts took no move of %d deals", deals)
		}
	})
}

// BenchmarkChildParts compares the beams' two ways to a child's parts and
// fingerprint on Double Klondike: ChildParts from the parent alone, and
// the child made (a copy, Apply) with UpdateParts and ChildFingerprint.
// Each op takes every legal move of one of 64 positions of random games.
func BenchmarkChildParts(b *testing.B) {
	r := familyRuleSets()["double-klondike"]
	g := MustGame(r)
	type pos struct {
		s     State
		p     PositionParts
		f     Fingerprint
		moves []Move
	}
	var ps []pos
	for seed := uint64(0); len(ps) < 64; seed++ {
		s, err := g.NewState(NativeDeal(&r, seed))
		if err != nil {
			b.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 3))
		for ply := 0; ply < 40 && len(ps) < 64; ply++ {
			ms := s.Moves(nil)
			if len(ms) == 0 {
				break
			}
			p := s.PositionParts()
			ps = append(ps, pos{s, p, s.PositionFingerprint(&p), ms})
			s.Apply(pickGreedy(rng, ms))
		}
	}
	b.Run("from-parent", func(b *testing.B) {
		var sink [2]uint64
		i := 0
		for b.Loop() {
			x := &ps[i%len(ps)]
			for _, m := range x.moves {
				var cp PositionParts
				f, _, _ := x.s.ChildParts(m, &x.p, x.f, &cp)
				sink[0] += f.H0
			}
			i++
		}
		_ = sink
	})
	b.Run("child-made", func(b *testing.B) {
		var sink [2]uint64
		i := 0
		for b.Loop() {
			x := &ps[i%len(ps)]
			for _, m := range x.moves {
				c := x.s
				c.Apply(m)
				cp := x.p
				c.UpdateParts(m, &cp)
				f := c.ChildFingerprint(&x.s, x.f, &x.p, &cp, m)
				sink[0] += f.H0
			}
			i++
		}
		_ = sink
	})
}

// TestRunHash checks the pile runs' polynomial hash: seqMulInv undoes
// seqMul, runPop undoes runPush, a run's hash is the same pushed card by
// card or at once, and no two runs of up to three cards (every rank and
// suit, a card repeated as two decks allow) or the empty run share a hash.
func TestRunHash(t *testing.T) {
	if m, inv := uint64(seqMul), uint64(seqMulInv); m*inv != 1 {
		t.Fatalf("seqMul %#x times seqMulInv %#x is %#x, not 1", m, inv, m*inv)
	}
	var cards []Card
	for r := 1; r <= 13; r++ {
		for su := 0; su < 4; su++ {
			cards = append(cards, NewCard(r, su))
		}
	}
	seen := map[uint64][]Card{runHash(nil): nil}
	add := func(run []Card) {
		h := runHash(run)
		if o, ok := seen[h]; ok {
			t.Fatalf("runs %v and %v share hash %#x", o, run, h)
		}
		seen[h] = slices.Clone(run)
	}
	for _, a := range cards {
		add([]Card{a})
		for _, b := range cards {
			add([]Card{a, b})
			for _, c := range cards {
				add([]Card{a, b, c})
			}
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 1000 {
		run := make([]Card, rng.IntN(30))
		for k := range run {
			run[k] = cards[rng.IntN(len(cards))]
		}
		cut := rng.IntN(len(run) + 1)
		whole, head := runHash(run), runHash(run[:cut])
		if got := runPush(head, run[cut:]); got != whole {
			t.Fatalf("run %v: pushed from %d cards %#x, hashed whole %#x", run, cut, got, whole)
		}
		if got := runPop(whole, run[cut:]); got != head {
			t.Fatalf("run %v: popped to %d cards %#x, hashed %#x", run, cut, got, head)
		}
	}
}
