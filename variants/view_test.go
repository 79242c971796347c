package variants

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/klondike-family/klondike/engine"
)

// TestViewHidesExactlyTheHiddenCards plays random games of every game and
// checks each View against the true state after every move: the cards a
// player sees are the true ones, the ones he does not are Unknown and
// exactly the face-down cards and the talon cards not in sight, the
// unseen multiset is theirs, move generation on the masked state gives
// the true legal moves, and a sample filled in from the view is a valid
// state that looks the same.
func TestViewHidesExactlyTheHiddenCards(t *testing.T) {
	for _, rs := range ruleSets(t) {
		if rs.name != rs.game.Name {
			continue
		}
		t.Run(rs.name, func(t *testing.T) {
			t.Parallel()
			g := engine.MustGame(rs.rules)
			for _, mem := range []engine.Memory{engine.RememberNone, engine.RememberTalon} {
				for seed := uint64(0); seed < 20; seed++ {
					checkViews(t, g, seed, mem)
				}
			}
		})
	}
}

func checkViews(t *testing.T, g *engine.Game, seed uint64, mem engine.Memory) {
	t.Helper()
	s, err := g.NewState(engine.NativeDeal(&g.Rules, seed))
	if err != nil {
		t.Fatal(err)
	}
	tab := engine.NewTable(s, mem)
	rng := rand.New(rand.NewPCG(seed, 7))
	var buf, vbuf, sbuf []engine.Move
	everSeen := make([]bool, s.Talon()) // by talon index, for RememberTalon
	for ply := 0; ply < 400; ply++ {
		truth := tab.Reveal()
		v := tab.View()
		ms := v.State()
		// Every card either shows as itself or is Unknown, and the
		// Unknowns are exactly the hidden places.
		var hidden []engine.Card
		check := func(where string, tc, vc engine.Card, wantHidden bool) {
			if wantHidden {
				if vc != engine.Unknown {
					t.Fatalf("seed %d ply %d: %s shows %v, should be hidden", seed, ply, where, vc)
				}
				hidden = append(hidden, tc)
			} else if vc != tc {
				t.Fatalf("seed %d ply %d: %s shows %v, truth %v", seed, ply, where, vc, tc)
			}
		}
		for p := 0; p < g.Piles(); p++ {
			tp, vp := truth.Pile(p), ms.Pile(p)
			if len(tp) != len(vp) || truth.Down(p) != ms.Down(p) {
				t.Fatalf("seed %d ply %d: pile %d shape differs", seed, ply, p+1)
			}
			for i := range tp {
				check("pile card", tp[i], vp[i], i < truth.Down(p))
			}
		}
		if truth.Talon() != ms.Talon() || truth.WastePos() != ms.WastePos() {
			t.Fatalf("seed %d ply %d: talon shape differs", seed, ply)
		}
		w := truth.WastePos()
		for i := 0; i < truth.Talon(); i++ {
			if i < w {
				everSeen[i] = true
			}
			visible := i == w-1 || (mem == engine.RememberTalon && everSeen[i])
			check("talon card", truth.TalonCard(i), ms.TalonCard(i), !visible)
		}
		slices.Sort(hidden)
		if !slices.Equal(hidden, v.Unseen()) {
			t.Fatalf("seed %d ply %d: unseen %v, hidden %v", seed, ply, v.Unseen(), hidden)
		}
		buf = tab.Moves(buf[:0])
		vbuf = ms.Moves(vbuf[:0])
		if !slices.Equal(buf, vbuf) {
			t.Fatalf("seed %d ply %d: moves on the view %v, true moves %v", seed, ply, vbuf, buf)
		}
		sample := v.Sample(rng)
		if err := sample.Validate(); err != nil {
			t.Fatalf("seed %d ply %d: sample invalid: %v", seed, ply, err)
		}
		sbuf = sample.Moves(sbuf[:0])
		if !slices.Equal(buf, sbuf) {
			t.Fatalf("seed %d ply %d: moves on a sample %v, true moves %v", seed, ply, sbuf, buf)
		}
		if len(buf) == 0 || truth.Won() {
			return
		}
		m := pickGreedy(rng, buf)
		tab.Play(m)
		// everSeen follows talon indices: a card leaving the waste shifts
		// the later ones down.
		if m.Kind() == engine.KindMove && m.From() == engine.LocWaste {
			everSeen = append(everSeen[:w-1], everSeen[w:]...)
		}
	}
}
