package variants

import (
	"math/rand/v2"
	"testing"

	"github.com/klondike-family/klondike/engine"
)

// TestPositionHash plays random games of every game and option through a
// referee's Table and checks the position hash, the filter in front of
// the referee's exact position keys:
//   - for every legal move, ChildPosition's hash equals PositionHash of the
//     table after the move is played (the cached part hashes are updated
//     exactly);
//   - positions with equal position keys have equal hashes, checked over
//     every position and child seen in a game, which include positions
//     reached by different routes (piles in another order, say): those
//     are counted, so the check cannot pass vacuously;
//   - positions SamePosition calls the same have equal keys, checked over
//     the positions with equal hashes, among which are equal positions
//     whose card buffers differ past their last card (also counted).
func TestPositionHash(t *testing.T) {
	plies := 300
	sameKeyOtherState, samePosOtherState := 0, 0
	for _, rs := range ruleSets(t) {
		deals := 20
		if rs.name != rs.game.Name {
			deals = 5
		}
		if testing.Short() {
			deals = 2
		}
		g := engine.MustGame(rs.rules)
		var buf []engine.Move
		for seed := uint64(0); seed < uint64(deals); seed++ {
			s, err := g.NewState(engine.NativeDeal(&g.Rules, seed))
			if err != nil {
				t.Fatalf("%s deal %d: %v", rs.name, seed, err)
			}
			tab := engine.NewTable(s, engine.RememberNone)
			type seen struct {
				h uint64
				s engine.State
			}
			byKey := map[string]seen{}
			type pos struct {
				key string
				s   engine.State
			}
			byHash := map[uint64][]pos{}
			record := func(tb *engine.Table, ply int) {
				k := string(tb.AppendPositionKey(nil))
				h := tb.PositionHash()
				st := tb.Reveal()
				for _, o := range byHash[h] {
					if o.s.SamePosition(&st) {
						if o.key != k {
							t.Fatalf("%s deal %d ply %d: SamePosition but keys differ", rs.name, seed, ply)
						}
						if o.s != st {
							samePosOtherState++
						}
					}
				}
				byHash[h] = append(byHash[h], pos{k, st})
				if old, ok := byKey[k]; ok {
					if old.h != h {
						t.Fatalf("%s deal %d ply %d: equal position keys, hashes %x and %x\n%s\n%s", rs.name, seed, ply, old.h, h,
							engine.FormatText(old.s.Layout(), engine.TextOptions{}), engine.FormatText(st.Layout(), engine.TextOptions{}))
					}
					if old.s != st {
						sameKeyOtherState++
					}
					return
				}
				byKey[k] = seen{h, st}
			}
			rng := rand.New(rand.NewPCG(seed, 3))
			record(tab, 0)
			for ply := 1; ply <= plies && !tab.Won(); ply++ {
				buf = tab.Moves(buf[:0])
				if len(buf) == 0 {
					break
				}
				for _, m := range buf {
					child := engine.NewTable(tab.Reveal(), engine.RememberNone)
					child.Play(m)
					var cs engine.State
					if got, want := tab.ChildPosition(m, &cs), child.PositionHash(); got != want {
						t.Fatalf("%s deal %d ply %d: ChildPosition(%v) hashes %x, after playing it %x", rs.name, seed, ply, m, got, want)
					}
					if played := child.Reveal(); !cs.SamePosition(&played) {
						t.Fatalf("%s deal %d ply %d: ChildPosition(%v) is not the position playing it leads to", rs.name, seed, ply, m)
					}
					record(child, ply)
				}
				tab.Play(pickGreedy(rng, buf))
			}
		}
	}
	if sameKeyOtherState < 100 {
		t.Errorf("only %d positions had another's key with another state: the equal-key check hardly ran", sameKeyOtherState)
	}
	if samePosOtherState < 100 {
		t.Errorf("only %d positions were the same as another with another state: the SamePosition check hardly ran", samePosOtherState)
	}
	t.Logf("%d positions with another's key and another state; %d the same position as another with another state", sameKeyOtherState, samePosOtherState)
}
