package variants

import (
	"math/rand/v2"
	"testing"

	"github.com/klondike-family/klondike/engine"
)

// TestPlayedPositionsReload: every position random play reaches in every
// game, dealt as it is and face up, is taken back by NewState from its
// layout; so the checks NewState makes of a position file (engine's
// checkUpRuns among them) refuse no position a game can reach.
func TestPlayedPositionsReload(t *testing.T) {
	deals, plies := 12, 400
	if testing.Short() {
		deals = 4
	}
	for _, name := range Names() {
		for _, o := range []Options{{}, {FaceUp: true}} {
			_, r, err := Resolve(name, o)
			if err != nil {
				continue // the option does not apply to the game
			}
			g := engine.MustGame(r)
			rng := rand.New(rand.NewPCG(uint64(len(name)), 5))
			var buf []engine.Move
			for seed := uint64(0); seed < uint64(deals); seed++ {
				s, err := g.NewState(engine.NativeDeal(&r, seed))
				if err != nil {
					t.Fatalf("%s %+v deal %d: %v", name, o, seed, err)
				}
				for ply := 0; ply < plies; ply++ {
					buf = s.Moves(buf[:0])
					if len(buf) == 0 {
						break
					}
					s.Apply(buf[rng.IntN(len(buf))])
					if _, err := g.NewState(s.Layout()); err != nil {
						t.Fatalf("%s %+v deal %d ply %d: a position reached in play is refused: %v", name, o, seed, ply, err)
					}
				}
			}
		}
	}
}
