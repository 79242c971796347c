package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/klondike-family/klondike/engine/ref"
)

// refCountsOf writes engine perft counts in the reference's kinds.
func refCountsOf(c PerftCounts) ref.Counts {
	return ref.Counts{
		Nodes:          c.Nodes,
		ToFoundation:   c.ByClass[ClassToFoundation],
		PileToPile:     c.ByClass[ClassPileToPile],
		WasteToPile:    c.ByClass[ClassWasteToPile],
		Draw:           c.ByClass[ClassDraw],
		Recycle:        c.ByClass[ClassRecycle],
		FromFoundation: c.ByClass[ClassFromFoundation],
		Cell:           c.ByClass[ClassCell],
		Flips:          c.Flips,
	}
}

// perftPositions returns the positions the perft tests start from: the deals
// of a few seeds and positions reached from them by random play, so that
// foundations, cells, recycles and emptied piles all show up.
func perftPositions(t *testing.T, r Rules, seeds int) []State {
	t.Helper()
	g := MustGame(r)
	var out []State
	var buf []Move
	for seed := uint64(0); seed < uint64(seeds); seed++ {
		s, err := g.NewState(NativeDeal(&r, seed))
		if err != nil {
			t.Fatalf("deal %d: %v", seed, err)
		}
		out = append(out, s)
		rng := rand.New(rand.NewPCG(seed, 7))
		for ply := 1; ply <= 60; ply++ {
			buf = s.Moves(buf[:0])
			if len(buf) == 0 {
				break
			}
			s.Apply(pickMove(rng, buf))
			if ply == 20 || ply == 60 {
				out = append(out, s)
			}
		}
	}
	return out
}

// TestPerftReference checks Perft against the plain reference's perft, kind
// by kind and depth by depth, on deals and played positions of every rule
// set.
func TestPerftReference(t *testing.T) {
	depth, seeds := 3, 2
	if *deep {
		seeds = 10
	}
	sets := playRuleSets()
	for _, name := range playSetNames() {
		r := sets[name]
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			rg := refGame(&r)
			for i, s := range perftPositions(t, r, seeds) {
				got := Perft(s, depth)
				want := ref.Perft(rg, refOf(t, &s), depth)
				if len(got) != len(want) {
					t.Fatalf("position %d: %d depths, want %d", i, len(got), len(want))
				}
				for d := range got {
					if g := refCountsOf(got[d]); g != want[d] {
						t.Errorf("position %d depth %d:\n got %+v\nwant %+v\nposition:\n%s", i, d+1, g, want[d], FormatText(s.Layout(), TextOptions{}))
					}
				}
			}
		})
	}
}

// TestPerftSums checks that each depth's class counts add up to its nodes
// and that a depth's nodes are the sum over the previous depth's positions.
func TestPerftSums(t *testing.T) {
	sets := playRuleSets()
	for _, name := range playSetNames() {
		r := sets[name]
		for i, s := range perftPositions(t, r, 1) {
			counts := Perft(s, 3)
			for d, c := range counts {
				var sum int64
				for _, n := range c.ByClass {
					sum += n
				}
				if sum != c.Nodes {
					t.Errorf("%s position %d depth %d: classes sum to %d, nodes %d", name, i, d+1, sum, c.Nodes)
				}
				if c.Flips > c.Nodes {
					t.Errorf("%s position %d depth %d: %d flips of %d nodes", name, i, d+1, c.Flips, c.Nodes)
				}
			}
			var next int64
			var child State
			for _, m := range s.Moves(nil) {
				s.Child(m, &child)
				next += int64(len(child.Moves(nil)))
			}
			if counts[1].Nodes != next {
				t.Errorf("%s position %d: depth 2 has %d nodes, children have %d moves", name, i, counts[1].Nodes, next)
			}
		}
	}
}

// TestDivide checks that Divide lists the root moves in Moves order with
// the perft of each child, and that they add up to Perft's leaves.
func TestDivide(t *testing.T) {
	sets := klondikeRuleSets()
	for _, name := range []string{"draw1-passes0", "holdout-draw3-wb", "small-4x3-draw3-wb-cells"} {
		r := sets[name]
		for i, s := range perftPositions(t, r, 2) {
			for depth := 1; depth <= 3; depth++ {
				div := Divide(s, depth)
				root := s.Moves(nil)
				if len(div) != len(root) {
					t.Fatalf("%s position %d depth %d: %d entries, want %d", name, i, depth, len(div), len(root))
				}
				var sum int64
				var child State
				for k, e := range div {
					if e.Move != root[k] {
						t.Fatalf("%s position %d depth %d: entry %d is %v, want %v", name, i, depth, k, e.Move, root[k])
					}
					want := int64(1)
					if depth > 1 {
						s.Child(e.Move, &child)
						want = Perft(child, depth-1)[depth-2].Nodes
					}
					if e.Nodes != want {
						t.Errorf("%s position %d depth %d: %v has %d nodes, want %d", name, i, depth, e.Move, e.Nodes, want)
					}
					sum += e.Nodes
				}
				if want := Perft(s, depth)[depth-1].Nodes; sum != want {
					t.Errorf("%s position %d depth %d: divide sums to %d, perft %d", name, i, depth, sum, want)
				}
			}
		}
	}
}

func TestPerftDepthZero(t *testing.T) {
	r := Klondike(1, 0)
	s, err := MustGame(r).NewState(NativeDeal(&r, 0))
	if err != nil {
		t.Fatal(err)
	}
	for _, depth := range []int{0, -1} {
		if got := Perft(s, depth); got != nil {
			t.Errorf("Perft(depth %d) = %v, want nil", depth, got)
		}
		if got := Divide(s, depth); got != nil {
			t.Errorf("Divide(depth %d) = %v, want nil", depth, got)
		}
	}
}

// TestMoveClassLookup checks Move.Class's table against classOf for every
// from, to and kind, with every other field of the move set or not: the
// lookup must read the fields a class depends on and no other.
func TestMoveClassLookup(t *testing.T) {
	for from := Loc(0); from < 32; from++ {
		for to := Loc(0); to < 32; to++ {
			for kind := Move(0); kind < 4; kind++ {
				for _, rest := range []Move{0, 127 << 10, 1 << 19, 31 << 20, 127<<10 | 1<<19 | 31<<20, 1 << 31} {
					m := NewMove(from, to, 0) | kind<<17 | rest
					if got, want := m.Class(), classOf(m); got != want {
						t.Fatalf("move %#x: Class %v, classOf %v", uint32(m), got, want)
					}
				}
			}
		}
	}
}
