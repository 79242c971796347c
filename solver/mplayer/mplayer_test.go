package mplayer

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/engine/multi"
)

// twin returns a copy of g whose hidden cards (every face-down card and
// every stock card, of every seat) are shuffled among their own places,
// seat by seat: a position no player can tell from g.
func twin(g *multi.Game, rng *rand.Rand) *multi.Game {
	t := g.Clone()
	for s := range t.Layouts {
		l := &t.Layouts[s]
		var hid []engine.Card
		for i := range multi.Piles {
			hid = append(hid, l.Piles[i][:l.Down[i]]...)
		}
		hid = append(hid, l.Stock...)
		engine.Shuffle(hid, rng)
		k := 0
		for i := range multi.Piles {
			for j := 0; j < l.Down[i]; j++ {
				l.Piles[i][j] = hid[k]
				k++
			}
		}
		for j := range l.Stock {
			l.Stock[j] = hid[k]
			k++
		}
	}
	return t
}

// TestPlayersCannotReadHiddenCards plays games and, before every
// decision, builds twin positions that differ only in hidden cards: the
// views must be equal, hidden cards must show as Unknown, and every player
// must choose the same move in both.
func TestPlayersCannotReadHiddenCards(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for seed := uint64(0); seed < 6; seed++ {
		for _, sim := range []bool{false, true} {
			g, err := multi.NewGame(seed, 3)
			if err != nil {
				t.Fatal(err)
			}
			decisions := 0
			for step := 0; step < 300; step++ {
				seat := step % 3
				if g.Out(seat) {
					continue
				}
				moves := g.Moves(seat, sim, nil)
				tw := twin(g, rng)
				if reflect.DeepEqual(tw.Layouts, g.Layouts) && step == 0 {
					t.Fatal("the twin is the same position")
				}
				if err := tw.Validate(); err != nil {
					t.Fatal(err)
				}
				twMoves := tw.Moves(seat, sim, nil)
				if !reflect.DeepEqual(moves, twMoves) {
					t.Fatalf("moves differ between twins: %v / %v", moves, twMoves)
				}
				v1, v2 := multi.NewView(g, seat, sim), multi.NewView(tw, seat, sim)
				p1, p2 := v1.Snapshot(), v2.Snapshot()
				if !reflect.DeepEqual(p1, p2) {
					t.Fatalf("seed %d step %d: the views differ", seed, step)
				}
				for s := range g.Layouts {
					for i := range multi.Piles {
						for k := 0; k < g.Layouts[s].Down[i]; k++ {
							if v1.PileCard(s, i, k) != engine.Unknown {
								t.Fatal("a face-down card is shown")
							}
						}
					}
				}
				for _, name := range Names() {
					f, _ := New(name)
					a := f(seed, seat).Choose(v1, moves)
					b := f(seed, seat).Choose(v2, twMoves)
					if a != b {
						t.Fatalf("%s chose %v in one twin and %v in the other", name, moves[a], twMoves[b])
					}
				}
				decisions++
				// Play on with the human's choice (or the turn's start).
				hf, _ := New("human")
				m := moves[hf(seed, seat).Choose(v1, moves)]
				if m.Kind == multi.Pass {
					multi.StartTurn(&g.Layouts[(seat+1)%3])
					continue
				}
				g.Apply(seat, m)
			}
			if decisions < 100 {
				t.Fatalf("only %d decisions", decisions)
			}
		}
	}
}

// TestHumanRacesAndHoldsBack: the human plays a contested card first and
// holds back a card that would feed a player ahead.
func TestHumanRacesAndHoldsBack(t *testing.T) {
	g, err := multi.NewGame(3, 2)
	if err != nil {
		t.Fatal(err)
	}
	// Clear both tableaus into the stocks and set the scene by hand.
	for s := range 2 {
		l := &g.Layouts[s]
		for i := range multi.Piles {
			l.Stock = append(l.Stock, l.Piles[i]...)
			l.Piles[i] = l.Piles[i][:0]
			l.Down[i] = 0
		}
	}
	place := func(s, pile int, x engine.Card) {
		l := &g.Layouts[s]
		for k, y := range l.Stock {
			if y == x {
				l.Stock = append(l.Stock[:k], l.Stock[k+1:]...)
				break
			}
		}
		l.Piles[pile] = append(l.Piles[pile], x)
	}
	found := func(s, f int, x engine.Card) {
		l := &g.Layouts[s]
		for k, y := range l.Stock {
			if y == x {
				l.Stock = append(l.Stock[:k], l.Stock[k+1:]...)
				break
			}
		}
		g.Found[f] = append(g.Found[f], multi.Card{Card: x, Owner: uint8(s)})
	}
	c := func(s string) engine.Card { x, _, _ := engine.ParseCard(s); return x }
	// Seat 2 is ahead (3 cards up against 1) and shows the 3 of clubs;
	// seat 1 could play the 2 of clubs (feeding him) or the Ace of
	// diamonds, which seat 2 shows too (a race).
	found(1, 0, c("AC"))
	found(1, 1, c("AH"))
	found(1, 1, c("2H"))
	found(0, 3, c("AS"))
	place(0, 0, c("2C"))
	place(0, 1, c("AD"))
	place(1, 0, c("3C"))
	place(1, 1, c("AD"))
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	f, _ := New("human")
	p := f(0, 0)
	v := multi.NewView(g, 0, false)
	moves := g.Moves(0, false, nil)
	m := moves[p.Choose(v, moves)]
	if m.Kind != multi.PileToFound || m.From != 1 {
		t.Fatalf("human chose %v; want the contested Ace of diamonds", m)
	}
	g.Apply(0, m)
	// The Ace of diamonds is gone from seat 1: now only the feeding 2 of
	// clubs is left to play, and the human passes rather than play it.
	moves = g.Moves(0, false, moves[:0])
	m = moves[p.Choose(v, moves)]
	if m.Kind != multi.Pass {
		t.Fatalf("human chose %v; want to pass rather than feed the leader", m)
	}
	// Greedy plays it.
	gf, _ := New("greedy")
	if m := moves[gf(0, 0).Choose(v, moves)]; m.Kind != multi.PileToFound {
		t.Fatalf("greedy chose %v", m)
	}
}

func TestNew(t *testing.T) {
	for _, n := range Names() {
		if _, err := New(n); err != nil {
			t.Error(err)
		}
	}
	if _, err := New("planner"); err == nil {
		t.Error("planner accepted")
	}
}
