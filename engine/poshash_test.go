package engine

import (
	"maps"
	"math/rand/v2"
	"slices"
	"testing"
)

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
	sets := playRuleSets()
	maps.Copy(sets, familyRuleSets())
	for _, name := range slices.Sorted(maps.Keys(sets)) {
		r := sets[name]
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			g := MustGame(r)
			var buf []Move
			for seed := uint64(0); seed < uint64(deals); seed++ {
				s, err := g.NewState(NativeDeal(&r, seed))
				if err != nil {
					t.Fatalf("deal %d: %v", seed, err)
				}
				rng := rand.New(rand.NewPCG(seed, 7))
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
}
