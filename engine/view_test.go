package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// twin returns a table whose true state differs from t's only in the
// hidden cards (filled in afresh from the view) and which has seen the
// same talon cards: the same game as far as the player can tell.
func twin(t *Table, rng *rand.Rand) *Table {
	v := t.View()
	return &Table{s: v.Sample(rng), memory: t.memory, seen: t.seen}
}

// TestViewCarriesNoHiddenInformation plays games and, at every move, makes
// a twin table whose hidden cards are shuffled: the two views must be
// identical in every byte, so nothing a player is given can depend on a
// hidden card. Playing the same move on both must keep them identical
// until the move shows a new card (turns a face-down card, or uncovers a
// waste card the player has forgotten).
func TestViewCarriesNoHiddenInformation(t *testing.T) {
	holdout := Klondike(1, 1)
	holdout.Cells = 2
	wb := Klondike(3, 0)
	wb.WorryBack = true
	for _, r := range []Rules{Klondike(3, 0), Klondike(1, 1), holdout, wb} {
		g := MustGame(r)
		for _, mem := range []Memory{RememberNone, RememberTalon, RememberStock} {
			for seed := uint64(0); seed < 40; seed++ {
				s, err := g.NewState(NativeDeal(&g.Rules, seed))
				if err != nil {
					t.Fatal(err)
				}
				tab := NewTable(s, mem)
				rng := rand.New(rand.NewPCG(seed, 5))
				var buf []Move
				differ := 0
				for ply := 0; ply < 300 && !tab.Won(); ply++ {
					tw := twin(tab, rng)
					if tw.s != tab.s {
						differ++
					}
					v1, v2 := tab.View(), tw.View()
					if v1 != v2 {
						t.Fatalf("seed %d ply %d: views of twins differ", seed, ply)
					}
					buf = tab.Moves(buf[:0])
					if len(buf) == 0 {
						break
					}
					m := buf[rng.IntN(len(buf))]
					tab.Play(m)
					tw.Play(m)
					if m.Kind() == KindMove && !m.Flips() && m.From() != LocWaste || mem == RememberStock && !m.Flips() {
						if v1, v2 := tab.View(), tw.View(); v1 != v2 {
							t.Fatalf("seed %d ply %d: %v showed no new card but the twins' views differ", seed, ply, m)
						}
					}
				}
				if differ == 0 {
					t.Fatalf("seed %d: no twin ever differed from the truth: the test tests nothing", seed)
				}
			}
		}
	}
}

// TestViewMemory checks what is remembered of the talon: without memory
// only the waste's top is seen; with it, after one pass through the stock
// the whole talon is known.
func TestViewMemory(t *testing.T) {
	g := MustGame(Klondike(3, 0))
	s, err := g.NewState(NativeDeal(&g.Rules, 3))
	if err != nil {
		t.Fatal(err)
	}
	none, all := NewTable(s, RememberNone), NewTable(s, RememberTalon)
	for _, tab := range []*Table{none, all} {
		if v := tab.View(); v.Hidden() != 21+24 {
			t.Fatalf("fresh deal hides %d cards, want 45", v.Hidden())
		}
	}
	for i := 0; i < 8; i++ {
		none.Play(MoveDraw)
		all.Play(MoveDraw)
	}
	none.Play(MoveRecycle)
	all.Play(MoveRecycle)
	if v := none.View(); v.Hidden() != 21+24 {
		t.Fatalf("without memory, after a pass, %d hidden; want 45", v.Hidden())
	}
	if v := all.View(); v.Hidden() != 21 {
		t.Fatalf("with memory, after a pass, %d hidden; want 21 (the face-down cards)", v.Hidden())
	}
	v := all.View()
	ms := v.State()
	truth := all.Reveal()
	for i := 0; i < truth.Talon(); i++ {
		if ms.TalonCard(i) != truth.TalonCard(i) {
			t.Fatalf("talon card %d: view %v, truth %v", i, ms.TalonCard(i), truth.TalonCard(i))
		}
	}
	if !slices.IsSorted(v.Unseen()) {
		t.Fatal("unseen cards not sorted")
	}
}

// TestViewStockKnown checks the stock-known model: the whole talon is
// seen from the deal on and exactly the face-down pile cards are hidden,
// as play goes on.
func TestViewStockKnown(t *testing.T) {
	for _, r := range []Rules{Klondike(3, 0), Klondike(1, 1)} {
		g := MustGame(r)
		for seed := uint64(0); seed < 20; seed++ {
			s, err := g.NewState(NativeDeal(&g.Rules, seed))
			if err != nil {
				t.Fatal(err)
			}
			tab := NewTable(s, RememberStock)
			rng := rand.New(rand.NewPCG(seed, 9))
			var buf []Move
			for ply := 0; ply < 200 && !tab.Won(); ply++ {
				v := tab.View()
				truth := tab.Reveal()
				ms := v.State()
				if got, want := v.Hidden(), truth.DownCards(); got != want {
					t.Fatalf("seed %d ply %d: %d hidden, want %d (the face-down cards)", seed, ply, got, want)
				}
				for i := 0; i < truth.Talon(); i++ {
					if ms.TalonCard(i) != truth.TalonCard(i) {
						t.Fatalf("seed %d ply %d: talon card %d is %v in the view, %v in truth", seed, ply, i, ms.TalonCard(i), truth.TalonCard(i))
					}
				}
				for p := 0; p < g.Piles(); p++ {
					for i, c := range ms.Pile(p) {
						if hidden := c == Unknown; hidden != (i < truth.Down(p)) {
							t.Fatalf("seed %d ply %d: pile %d card %d: hidden %v, face down %v", seed, ply, p, i, hidden, i < truth.Down(p))
						}
					}
				}
				buf = tab.Moves(buf[:0])
				if len(buf) == 0 {
					break
				}
				tab.Play(buf[rng.IntN(len(buf))])
			}
		}
	}
}

// TestParseMemory checks that every memory's name reads back as itself.
func TestParseMemory(t *testing.T) {
	for _, m := range []Memory{RememberNone, RememberTalon, RememberStock} {
		got, err := ParseMemory(m.String())
		if err != nil || got != m {
			t.Errorf("ParseMemory(%q) = %v, %v; want %v", m.String(), got, err, m)
		}
	}
	if _, err := ParseMemory("all"); err == nil {
		t.Error(`ParseMemory("all"): no error`)
	}
}

// TestSampleHiddenFills checks that a sample of the hidden cards kept by
// SampleHidden deals Sample's state (the same random numbers) and that it
// fills a position reached by moves that turn no hidden card consistently:
// the masked position filled equals the sample's state after the same
// moves.
func TestSampleHiddenFills(t *testing.T) {
	for _, mem := range []Memory{RememberNone, RememberTalon, RememberStock} {
		g := MustGame(Klondike(3, 0))
		for seed := uint64(0); seed < 30; seed++ {
			s, err := g.NewState(NativeDeal(&g.Rules, seed))
			if err != nil {
				t.Fatal(err)
			}
			tab := NewTable(s, mem)
			rng := rand.New(rand.NewPCG(seed, 11))
			var buf []Move
			for ply := 0; ply < 60 && !tab.Won(); ply++ {
				v := tab.View()
				a := rand.New(rand.NewPCG(seed, uint64(ply)))
				b := rand.New(rand.NewPCG(seed, uint64(ply)))
				want := v.Sample(a)
				hid := v.SampleHidden(b, nil)
				got := v.State()
				if n := got.FillUnknown(hid); n != v.Hidden() {
					t.Fatalf("mem %v seed %d ply %d: filled %d places, %d hidden", mem, seed, ply, n, v.Hidden())
				}
				if got != want {
					t.Fatalf("mem %v seed %d ply %d: SampleHidden and FillUnknown do not deal Sample's state", mem, seed, ply)
				}
				// a walk of moves that show no card, on the mask and on the sample
				ms, full := v.State(), want
				for k := 0; k < 6; k++ {
					buf = ms.Moves(buf[:0])
					var quiet []Move
					for _, m := range buf {
						if !showsCard(&ms, m) {
							quiet = append(quiet, m)
						}
					}
					if len(quiet) == 0 {
						break
					}
					m := quiet[rng.IntN(len(quiet))]
					ms.Apply(m)
					full.Apply(m)
				}
				ms.FillUnknown(hid)
				if ms != full {
					t.Fatalf("mem %v seed %d ply %d: the sample filled after a quiet walk is not the sample walked", mem, seed, ply)
				}
				buf = tab.Moves(buf[:0])
				if len(buf) == 0 {
					break
				}
				tab.Play(buf[rng.IntN(len(buf))])
			}
		}
	}
}

// showsCard tells whether move m on the masked state s turns a hidden
// card face up or takes a card from the talon (which may uncover one).
func showsCard(s *State, m Move) bool {
	if m.Flips() || m.Kind() == KindMove && m.From() == LocWaste {
		return true
	}
	if m.Kind() == KindDraw {
		c := *s
		c.Apply(m)
		for _, x := range c.Waste() {
			if x == Unknown {
				return true
			}
		}
	}
	return m.Kind() == KindRecycle && slices.Contains(s.Waste(), Unknown)
}

// TestUnknownIsInert checks that the Unknown card plays nowhere.
func TestUnknownIsInert(t *testing.T) {
	for _, r := range []Rules{Klondike(1, 0), {Decks: 1, Ranks: 13, Deal: Klondike(1, 0).Deal, Draw: 1, Fill: FillAny, Build: BuildAnySuit}} {
		g := MustGame(r)
		if Unknown.Valid() {
			t.Fatal("Unknown is a valid card")
		}
		var s State
		s.g = g
		s.base = 1
		for c := Card(0); c < 64; c++ {
			if g.fits(Unknown, c) || g.fits(c, Unknown) {
				t.Fatalf("Unknown fits with %v", c)
			}
		}
		if s.fillOK(Unknown) || s.foundationFor(Unknown) >= 0 {
			t.Fatal("Unknown fills a space or goes to a foundation")
		}
	}
}
