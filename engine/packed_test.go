package engine

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"
)

// packedRuleSets are the rule sets the packed positions are checked on:
// every Klondike rule set of the differential tests, Thumb and Pouch's
// builds (any suit but its own, any card fills a space), the other builds
// and units with and without worrying back and cells, and the layout's
// limits.
func packedRuleSets() map[string]Rules {
	sets := klondikeRuleSets()
	tp := Klondike(3, 0)
	tp.Build, tp.Fill = BuildOtherSuit, FillAny
	sets["thumb-and-pouch"] = tp
	tp1 := Klondike(1, 1)
	tp1.Build, tp1.Fill, tp1.WorryBack = BuildOtherSuit, FillAny, true
	sets["thumb-and-pouch-draw1-passes1-wb"] = tp1
	for _, b := range []Build{BuildSameSuit, BuildSameColour, BuildAnySuit} {
		r := Klondike(1, 0)
		r.Build = b
		r.Unit = UnitSameSuitRun
		r.Cells = 1
		sets["build-"+b.String()+"-suit-runs-cell"] = r
	}
	top := Klondike(3, 3)
	top.Unit, top.Fill = UnitTopCard, FillNone
	sets["top-card-no-fill"] = top
	// The layout's limits: eight piles and seven cards face down, a talon
	// of 31, fewer ranks, a pile dealt empty.
	eight := Klondike(1, 0)
	eight.Deal = nil
	for i := range MaxPackedPiles {
		eight.Deal = append(eight.Deal, PileDeal{Down: i, Up: 1})
	}
	sets["eight-piles"] = eight
	long := Klondike(3, 2)
	long.Deal = long.Deal[:6]
	long.WorryBack = true
	sets["six-piles-talon-31-wb"] = long
	nine := Klondike(2, 0)
	nine.Ranks, nine.Fill = 9, FillAny
	nine.Deal = []PileDeal{{Down: 0, Up: 0}, {Down: 1, Up: 1}, {Down: 2, Up: 1}, {Down: 3, Up: 1}, {Down: 4, Up: 1}}
	sets["nine-ranks-fill-any-empty-pile"] = nine
	strict3 := Klondike(3, 0)
	strict3.Unit, strict3.WorryBack = UnitWholeRun, true
	sets["strict-draw3-wb"] = strict3
	return sets
}

func TestPackedSize(t *testing.T) {
	if n := unsafe.Sizeof(Packed{}); n > 64 {
		t.Fatalf("Packed is %d bytes, want at most 64", n)
	}
}

// TestPackedAgainstState plays random games with a State and a Packed side
// by side, from native deals of every packed rule set: at every position
// both list the same moves in the same order, and after every move the
// packed position unpacks to the State's position; the key of a position
// is the key of every position equal to it and of no other.
func TestPackedAgainstState(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 8
	}
	names := make([]string, 0)
	sets := packedRuleSets()
	for name := range sets {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		r := sets[name]
		t.Run(name, func(t *testing.T) {
			g := MustGame(r)
			if err := g.Packable(); err != nil {
				t.Fatalf("Packable: %v", err)
			}
			rng := rand.New(rand.NewPCG(7, uint64(len(name))))
			var sm, pm []Move
			for seed := range uint64(games) {
				s, err := g.NewState(NativeDeal(&g.Rules, seed))
				if err != nil {
					t.Fatal(err)
				}
				p, err := Pack(&s)
				if err != nil {
					t.Fatalf("deal %d: Pack: %v", seed, err)
				}
				keys := map[PackedKey]string{}
				texts := map[string]PackedKey{}
				for ply := 0; ply < 600; ply++ {
					checkPacked(t, &p, &s, keys, texts)
					sm = s.Moves(sm[:0])
					pm = p.Moves(pm[:0])
					if !slices.Equal(sm, pm) {
						t.Fatalf("deal %d ply %d: moves differ:\nstate  %v\npacked %v\n%s", seed, ply, sm, pm, FormatText(s.Layout(), TextOptions{}))
					}
					if len(sm) == 0 {
						break
					}
					m := pickGreedy(rng, sm)
					var child Packed
					p.Child(m, &child)
					s.Apply(m)
					p.Apply(m)
					if child != p {
						t.Fatalf("deal %d ply %d: Child(%v) differs from Apply", seed, ply, m)
					}
				}
			}
		})
	}
}

// checkPacked checks that p unpacks to s and that p's key names exactly
// the positions equal to it among those seen: keys maps the keys seen to
// their positions' text, texts the texts to their keys.
func checkPacked(t *testing.T, p *Packed, s *State, keys map[PackedKey]string, texts map[string]PackedKey) {
	t.Helper()
	u := p.State()
	if err := u.Validate(); err != nil {
		t.Fatalf("unpacked: %v", err)
	}
	want, got := s.Layout(), u.Layout()
	if d := dealfmtLayoutDiff(got, want); d != "" {
		t.Fatalf("unpacked position differs: %s\nstate\n%s", d, FormatText(want, TextOptions{}))
	}
	if !bytes.Equal(u.AppendKey(nil), s.AppendKey(nil)) {
		t.Fatalf("unpacked position has another key")
	}
	if p.Won() != s.Won() {
		t.Fatalf("Won: packed %v, state %v", p.Won(), s.Won())
	}
	text := FormatText(want, TextOptions{})
	if prev, ok := keys[p.Key()]; ok && prev != text {
		t.Fatalf("two positions share a key:\n%s\n%s", prev, text)
	}
	keys[p.Key()] = text
	if prev, ok := texts[text]; ok && prev != p.Key() {
		t.Fatalf("one position has two keys:\n%s", text)
	}
	texts[text] = p.Key()
	again, err := Pack(&u)
	if err != nil {
		t.Fatalf("Pack(unpacked): %v", err)
	}
	if back := again.State(); dealfmtLayoutDiff(back.Layout(), want) != "" {
		t.Fatalf("Pack(State()) changed the position")
	}
}

// TestPackedPerft pins the packed perft to the State's on a few deals of
// every packed rule set, by class and flips, and the packed divide to the
// State's.
func TestPackedPerft(t *testing.T) {
	sets := packedRuleSets()
	for name, r := range sets {
		g := MustGame(r)
		for seed := range uint64(2) {
			s, err := g.NewState(NativeDeal(&g.Rules, seed))
			if err != nil {
				t.Fatal(err)
			}
			p, err := Pack(&s)
			if err != nil {
				t.Fatal(err)
			}
			want, got := Perft(s, 5), PerftPacked(p, 5)
			if !slices.Equal(want, got) {
				t.Errorf("%s deal %d: packed perft %v, want %v", name, seed, got, want)
			}
			if want, got := Divide(s, 3), DividePacked(p, 3); !slices.Equal(want, got) {
				t.Errorf("%s deal %d: packed divide %v, want %v", name, seed, got, want)
			}
		}
	}
}

// TestPackableRefuses checks that the games a packed position cannot hold
// are refused with a reason, and Pack with them.
func TestPackableRefuses(t *testing.T) {
	two := Klondike(3, 0)
	two.Decks = 2
	two.Deal = append(two.Deal, PileDeal{Down: 7, Up: 1}, PileDeal{Down: 8, Up: 1})
	yukon := Klondike(1, 0)
	yukon.Unit = UnitAnyFaceUp
	allUp := Klondike(1, 1)
	for i := range allUp.Deal {
		allUp.Deal[i] = PileDeal{Down: 0, Up: i + 1}
	}
	joker := Klondike(3, 0)
	joker.Joker = true
	for name, r := range map[string]Rules{"two decks": two, "yukon": yukon, "all face up": allUp, "joker": joker} {
		g, err := NewGame(r)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if g.Packable() == nil {
			t.Errorf("%s: Packable() = nil, want a reason", name)
		}
		s, err := g.NewState(NativeDeal(&g.Rules, 1))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if _, err := Pack(&s); err == nil {
			t.Errorf("%s: Pack succeeded", name)
		}
	}
}

func TestPackedAllocs(t *testing.T) {
	g := MustGame(Klondike(1, 0))
	s, err := g.NewState(NativeDeal(&g.Rules, 3))
	if err != nil {
		t.Fatal(err)
	}
	start, err := Pack(&s)
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]Move, 0, 256)
	rng := rand.New(rand.NewPCG(1, 2))
	allocs := testing.AllocsPerRun(20, func() {
		p := start
		for range 300 {
			buf = p.Moves(buf[:0])
			if len(buf) == 0 {
				break
			}
			p.Apply(buf[rng.IntN(len(buf))])
		}
	})
	if allocs != 0 {
		t.Fatalf("a packed playout allocates %v times", allocs)
	}
}
