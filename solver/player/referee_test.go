package player

import (
	"context"
	"slices"
	"testing"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/variants"
)

// playPlain is the referee of Play written the plain way: every child's
// exact key is built and looked up, with no hash filter in front. It is
// the reference that Play's faster bookkeeping must match move for move.
func playPlain(s engine.State, p Player, limit int) Result {
	tab := engine.NewTable(s, engine.RememberNone)
	played, recycled := map[string]bool{}, map[string]bool{}
	here := func() string { return string(tab.AppendPositionKey(nil)) }
	played[here()] = true
	st := tab.Reveal()
	mostFound, down, talon := st.FoundationCards(), st.DownCards(), st.Talon()
	idlePasses, passProgress := 0, false
	var res Result
	for {
		if tab.Won() {
			res.End = "won"
			break
		}
		if res.Moves >= limit {
			res.End = "limit"
			break
		}
		var cand []engine.Move
		for _, m := range tab.Moves(nil) {
			k := string(tab.AppendChildPositionKey(nil, m))
			seen := played[k]
			if m.Kind() == engine.KindRecycle {
				seen = seen || recycled[k] || (!passProgress && idlePasses >= MaxIdlePasses-1)
			}
			if !seen {
				cand = append(cand, m)
			}
		}
		if len(cand) == 0 {
			res.End = "stuck"
			break
		}
		i := 0
		if len(cand) > 1 {
			v := tab.View()
			i = p.Choose(&v, cand)
		}
		m := cand[i]
		tab.Play(m)
		res.Moves++
		res.Line = append(res.Line, m)
		st = tab.Reveal()
		progress := false
		if f := st.FoundationCards(); f > mostFound {
			mostFound, progress = f, true
		}
		if d := st.DownCards(); d < down {
			down, progress = d, true
		}
		if t := st.Talon(); t < talon {
			talon, progress = t, true
		}
		passProgress = passProgress || progress
		if m.Kind() == engine.KindRecycle {
			recycled[here()] = true
			if passProgress {
				idlePasses = 0
			} else {
				idlePasses++
			}
			passProgress = false
		}
		if progress || m.Kind() != engine.KindMove {
			clear(played)
		}
		played[here()] = true
	}
	res.Won = tab.Won()
	res.Cards = tab.FoundationCards()
	return res
}

// TestPlayMatchesPlainReferee plays the cheap players on every game (and
// Double Klondike with worrying back, where random games run long) with
// Play and with playPlain: the games must be the same move for move.
func TestPlayMatchesPlainReferee(t *testing.T) {
	type gameOpts struct {
		name string
		opts [][2]string
	}
	var games []gameOpts
	for _, vg := range variants.All() {
		games = append(games, gameOpts{vg.Name, nil})
	}
	games = append(games, gameOpts{"double-klondike", [][2]string{{"defoundation", "true"}}},
		gameOpts{"klondike", [][2]string{{"draw", "1"}, {"passes", "1"}}})
	deals, limit := 6, 3000
	if testing.Short() {
		deals = 2
	}
	moves := 0
	for _, gm := range games {
		g := game(t, gm.name, gm.opts...)
		for _, name := range []string{"random", "greedy", "human"} {
			f, _ := New(name, DefaultConfig)
			for seed := uint64(0); seed < uint64(deals); seed++ {
				a := Play(context.Background(), deal(t, g, seed), f(seed), Options{Line: true, MaxMoves: limit})
				b := playPlain(deal(t, g, seed), f(seed), limit)
				if !slices.Equal(a.Line, b.Line) || a.End != b.End || a.Cards != b.Cards {
					t.Fatalf("%s %v %s seed %d: Play ended %s after %d moves, the plain referee %s after %d",
						gm.name, gm.opts, name, seed, a.End, a.Moves, b.End, b.Moves)
				}
				moves += a.Moves
			}
		}
	}
	t.Logf("%d moves compared", moves)
}
