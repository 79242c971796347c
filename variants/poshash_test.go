package variants

import (
	"math/rand/v2"
	"reflect"
	"slices"
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
//     whose card buffers differ past their last card and positions with
//     interchangeable piles in another order (counted);
//   - every fourth ply, the position against twins built from its layout:
//     with two piles swapped (SamePosition must agree with the keys, which
//     tell the twin apart when a pile's place matters), and in a two-deck
//     game with a suit's two foundations holding their heights the other
//     way round (the same position, key and hash);
//   - the fingerprint (PositionFingerprint): its first word is the hash,
//     the parts UpdateParts brings up to date from the parent's give the
//     child's fingerprint from all its parts, equal keys have equal
//     fingerprints, and no two different keys seen share one.
func TestPositionHash(t *testing.T) {
	plies := 300
	sameKeyOtherState, samePosOtherState, samePosPilesMoved, samePosTwinFound := 0, 0, 0, 0
	swapped := map[bool]int{} // positions checked against a twin with two piles swapped, by whether it is the same position
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
				h  uint64
				fp engine.Fingerprint
				s  engine.State
			}
			byKey := map[string]seen{}
			byFP := map[engine.Fingerprint]string{}
			type pos struct {
				key string
				s   engine.State
			}
			byHash := map[uint64][]pos{}
			record := func(tb *engine.Table, ply int) {
				k := string(tb.AppendPositionKey(nil))
				h := tb.PositionHash()
				st := tb.Reveal()
				parts := st.PositionParts()
				fp := st.PositionFingerprint(&parts)
				if fp.H0 != h {
					t.Fatalf("%s deal %d ply %d: fingerprint's first word %x, position hash %x", rs.name, seed, ply, fp.H0, h)
				}
				if ok, found := byFP[fp]; found && ok != k {
					t.Fatalf("%s deal %d ply %d: two different position keys share the fingerprint %x", rs.name, seed, ply, fp)
				}
				byFP[fp] = k
				for _, o := range byHash[h] {
					if o.s.SamePosition(&st) {
						if o.key != k {
							t.Fatalf("%s deal %d ply %d: SamePosition but keys differ", rs.name, seed, ply)
						}
						if o.s != st {
							samePosOtherState++
							if samePosPilesMoved < 1000 && !reflect.DeepEqual(o.s.Layout().Piles, st.Layout().Piles) { // counted up to 1,000
								samePosPilesMoved++
							}
						}
					}
				}
				if g.Rules.Foundations() == 8 && ply%4 == 0 {
					l := st.Layout()
					// The same position with a suit's two foundations
					// swapped: the same to SamePosition, key and hash.
					for i := 0; i < 4; i++ {
						if len(l.Foundations[i]) == len(l.Foundations[i+4]) {
							continue
						}
						l.Foundations[i], l.Foundations[i+4] = l.Foundations[i+4], l.Foundations[i]
						twin, err := g.NewState(l)
						if err != nil {
							t.Fatalf("%s deal %d ply %d: foundations %d and %d swapped: %v", rs.name, seed, ply, i, i+4, err)
						}
						if !twin.SamePosition(&st) || !st.SamePosition(&twin) ||
							string(twin.AppendPositionKey(nil)) != k || engine.NewTable(twin, engine.RememberNone).PositionHash() != h {
							t.Fatalf("%s deal %d ply %d: foundations %d and %d swapped: not the same position, key and hash", rs.name, seed, ply, i, i+4)
						}
						samePosTwinFound++
						break
					}
				}
				if ply%4 == 0 {
					// The position with two piles swapped that have as many
					// face-down cards and other face-up cards: SamePosition
					// must call it the same exactly when the key does (when
					// neither pile has a face-down card and their places
					// cannot matter).
					l := st.Layout()
				pairs:
					for i := range l.Piles {
						for j := i + 1; j < len(l.Piles); j++ {
							d := l.FaceDown[i]
							if d != l.FaceDown[j] || slices.Equal(l.Piles[i][d:], l.Piles[j][d:]) {
								continue // (face-down cards never move in a game: the key names them by their count)
							}
							l.Piles[i], l.Piles[j] = l.Piles[j], l.Piles[i]
							twin, err := g.NewState(l)
							if err != nil {
								t.Fatalf("%s deal %d ply %d: piles %d and %d swapped: %v", rs.name, seed, ply, i, j, err)
							}
							same, sameKey := twin.SamePosition(&st), string(twin.AppendPositionKey(nil)) == k
							if same != sameKey || st.SamePosition(&twin) != same {
								t.Fatalf("%s deal %d ply %d: piles %d and %d swapped: SamePosition %v, equal keys %v", rs.name, seed, ply, i, j, same, sameKey)
							}
							swapped[same]++
							break pairs
						}
					}
				}
				byHash[h] = append(byHash[h], pos{k, st})
				if old, ok := byKey[k]; ok {
					if old.fp != fp {
						t.Fatalf("%s deal %d ply %d: equal position keys, fingerprints %x and %x", rs.name, seed, ply, old.fp, fp)
					}
					if old.h != h {
						t.Fatalf("%s deal %d ply %d: equal position keys, hashes %x and %x\n%s\n%s", rs.name, seed, ply, old.h, h,
							engine.FormatText(old.s.Layout(), engine.TextOptions{}), engine.FormatText(st.Layout(), engine.TextOptions{}))
					}
					if old.s != st {
						sameKeyOtherState++
					}
					return
				}
				byKey[k] = seen{h, fp, st}
			}
			rng := rand.New(rand.NewPCG(seed, 3))
			record(tab, 0)
			for ply := 1; ply <= plies && !tab.Won(); ply++ {
				buf = tab.Moves(buf[:0])
				if len(buf) == 0 {
					break
				}
				parent := tab.Reveal()
				parentParts := parent.PositionParts()
				for _, m := range buf {
					child := engine.NewTable(tab.Reveal(), engine.RememberNone)
					child.Play(m)
					var cs engine.State
					if got, want := tab.ChildPosition(m, &cs), child.PositionHash(); got != want {
						t.Fatalf("%s deal %d ply %d: ChildPosition(%v) hashes %x, after playing it %x", rs.name, seed, ply, m, got, want)
					}
					p := parentParts
					cs.UpdateParts(m, &p)
					full := cs.PositionParts()
					if got, want := cs.PositionFingerprint(&p), cs.PositionFingerprint(&full); got != want {
						t.Fatalf("%s deal %d ply %d: after %v the parts brought up to date give the fingerprint %x, all the parts %x", rs.name, seed, ply, m, got, want)
					}
					if played := child.Reveal(); !cs.SamePosition(&played) ||
						!reflect.DeepEqual(cs.Layout().Foundations, played.Layout().Foundations) {
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
	if samePosPilesMoved < 100 {
		t.Errorf("only %d positions were the same as another with piles in another order: that check hardly ran", samePosPilesMoved)
	}
	if swapped[false] < 100 || swapped[true] < 100 {
		t.Errorf("positions checked against a twin with two piles swapped: %d another position, %d the same: too few to tell", swapped[false], swapped[true])
	}
	if samePosTwinFound < 100 {
		t.Errorf("only %d positions were checked against a twin with a suit's foundations the other way round: that check hardly ran", samePosTwinFound)
	}
	t.Logf("%d positions with another's key and another state; %d the same position as another with another state, %d of them (up to 1,000) with piles in another order; %d checked against a twin with a suit's foundations the other way round; %d against a twin with two piles swapped, %d of them the same",
		sameKeyOtherState, samePosOtherState, samePosPilesMoved, samePosTwinFound, swapped[false]+swapped[true], swapped[true])
}
