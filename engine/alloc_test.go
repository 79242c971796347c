package engine

import (
	"math/rand/v2"
	"testing"
	"unsafe"
)

// allocPositions returns played positions of a few rule sets, with cells,
// foundations and waste cards, for the allocation tests.
func allocPositions(t *testing.T) []State {
	t.Helper()
	sets := klondikeRuleSets()
	var out []State
	for _, name := range []string{"draw1-passes0", "draw3-passes3-wb", "holdout-draw3-wb", "small-4x3-draw3-wb-cells"} {
		out = append(out, perftPositions(t, sets[name], 2)...)
	}
	jokers := jokerRuleSets()
	for _, name := range []string{"joker-draw3", "small-joker-4x3-p2"} {
		out = append(out, perftPositions(t, jokers[name], 4)...)
	}
	// The Joker forced onto two foundations, released with a choice, and
	// waiting for an Ace.
	for _, text := range []string{
		"stock: 3H 3S\nf1: AC\nf2:\nf3:\nf4: AS\nt1: 2S | JK\nt2: 2C | 3C\nt3: AD 2D 3D AH | 2H\n",
		"stock: 3S 2S\nwaste: 2H\nf1: AC JK\nf2: AD\nf3: AH\nt1: AS | 3H\nt2: 3C | 2C\nt3: 2D | 3D\n",
		"joker: waiting\nstock: 3S 2S 2H\nf1: AC 2C\nt1: 3H | AH\nt2: | 3C\nt3: AD 2D AS | 3D\n",
	} {
		out = append(out, jokerState(t, joker3, text))
	}
	return out
}

// TestStateSize pins the size of State: a value copied on every Child.
func TestStateSize(t *testing.T) {
	if got := unsafe.Sizeof(State{}); got != 168 {
		t.Errorf("State is %d bytes, want 168 (update the layout doc and this test together)", got)
	}
}

// TestHotPathAllocs checks that the hot path allocates nothing: Moves into
// a buffer with room, Apply, Child, AppendKey into a buffer with room,
// Hash, and the beams' ChildParts and ChildFingerprint.
func TestHotPathAllocs(t *testing.T) {
	buf := make([]Move, 0, 256)
	key := make([]byte, 0, MaxKeyLen)
	var sink uint64
	for i, s := range allocPositions(t) {
		ms := s.Moves(nil)
		if len(ms) == 0 {
			continue
		}
		m := ms[rand.New(rand.NewPCG(uint64(i), 3)).IntN(len(ms))]
		var child State
		pp := s.PositionParts()
		pf := s.PositionFingerprint(&pp)
		var cp PositionParts
		for _, c := range []struct {
			name string
			f    func()
		}{
			{"Moves", func() { buf = s.Moves(buf[:0]) }},
			{"Apply", func() { c := s; c.Apply(m); child = c }},
			{"Child", func() { s.Child(m, &child) }},
			{"AppendKey", func() { key = s.AppendKey(key[:0]) }},
			{"Hash", func() { sink += s.Hash() }},
			{"ChildParts", func() { f, _, _ := s.ChildParts(m, &pp, pf, &cp); sink += f.H0 }},
			{"ChildFingerprint", func() {
				c := s
				c.Apply(m)
				cp = pp
				c.UpdateParts(m, &cp)
				sink += c.ChildFingerprint(&s, pf, &pp, &cp, m).H0
			}},
		} {
			if got := testing.AllocsPerRun(50, c.f); got != 0 {
				t.Errorf("position %d: %s allocates %v times per call, want 0", i, c.name, got)
			}
		}
	}
	_ = sink
}

// TestPerftAllocs checks that Perft's allocations do not grow with the
// number of nodes: a fixed few per call, whatever the depth's width.
func TestPerftAllocs(t *testing.T) {
	r := Klondike(1, 0)
	checked := 0
	for i, s := range perftPositions(t, r, 3) {
		if n := Perft(s, 5)[4].Nodes; n < 1000 {
			continue // too few nodes to tell a per-node allocation apart
		}
		checked++
		if got := testing.AllocsPerRun(3, func() { Perft(s, 5) }); got > 6 {
			t.Errorf("position %d: Perft(5) allocates %v times, want at most 6", i, got)
		}
		if got := testing.AllocsPerRun(3, func() { Divide(s, 5) }); got > 8 {
			t.Errorf("position %d: Divide(5) allocates %v times, want at most 8", i, got)
		}
	}
	if checked == 0 {
		t.Fatal("no position with 1000 leaves at depth 5: the test checked nothing")
	}
}
