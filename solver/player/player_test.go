package player

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/variants"
)

func game(t testing.TB, name string, opts ...[2]string) *engine.Game {
	t.Helper()
	var o variants.Options
	for _, kv := range opts {
		if err := o.Set(kv[0], kv[1]); err != nil {
			t.Fatal(err)
		}
	}
	_, r, err := variants.Resolve(name, o)
	if err != nil {
		t.Fatal(err)
	}
	return engine.MustGame(r)
}

func deal(t testing.TB, g *engine.Game, seed uint64) engine.State {
	t.Helper()
	s, err := g.NewState(engine.NativeDeal(&g.Rules, seed))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// reveals tells whether move m shows the player a card he had not seen
// (or has forgotten): a face-down card turned, a draw, a card taken off
// the waste, a deal of the stock.
func reveals(m engine.Move) bool {
	return m.Kind() != engine.KindMove || m.Flips() || m.From() == engine.LocWaste
}

// sameUntilReveal checks that two lines played on twin deals (the same
// but for hidden cards) agree up to and including their first revealing
// move: until then the player saw the same things.
func sameUntilReveal(a, b []engine.Move) bool {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return false
		}
		if reveals(a[i]) {
			return true
		}
	}
	return len(a) == len(b)
}

// cheater is a player that is handed the true state behind the table: it
// prefers moves that turn a red card up. The twin test must catch it.
type cheater struct{ truth func() engine.State }

func (c cheater) Choose(_ *engine.View, moves []engine.Move) int {
	s := c.truth()
	for i, m := range moves {
		if m.Flips() {
			p := s.Pile(int(m.From() - engine.LocPile0))
			under := p[s.Down(int(m.From()-engine.LocPile0))-1]
			if under.Red() {
				return i
			}
		}
	}
	return len(moves) - 1
}

// TestPlayersCannotSeeHiddenCards plays each player on deals and on twins
// of them whose face-down and stock cards are shuffled: the players must
// play the same moves until the first card is revealed. A player that is
// given the hidden cards (cheater) fails the same check.
func TestPlayersCannotSeeHiddenCards(t *testing.T) {
	g := game(t, "klondike", [2]string{"draw", "1"})
	twin := func(s engine.State, seed uint64) engine.State {
		v := engine.NewTable(s, engine.RememberTalon).View()
		return v.Sample(rand.New(rand.NewPCG(seed, 1)))
	}
	for _, name := range []string{"random", "greedy", "human", "planner", "expert"} {
		f, err := New(name, Config{Samples: 2, Nodes: 300})
		if err != nil {
			t.Fatal(err)
		}
		deals, moves := 30, 200
		if name == "planner" || name == "expert" {
			deals, moves = 3, 60
		}
		for seed := uint64(0); seed < uint64(deals); seed++ {
			s := deal(t, g, seed)
			a := Play(context.Background(), s, f(seed), Options{Line: true, MaxMoves: moves})
			b := Play(context.Background(), twin(s, seed), f(seed), Options{Line: true, MaxMoves: moves})
			if !sameUntilReveal(a.Line, b.Line) {
				t.Fatalf("%s seed %d: plays differently on a twin deal before any card is revealed:\n%v\n%v", name, seed, a.Line, b.Line)
			}
		}
	}
	// The check catches a player that sees the truth: a cheater that
	// turns red cards first plays the twins differently on some deal.
	caught := false
	for seed := uint64(0); seed < 50 && !caught; seed++ {
		s := deal(t, g, seed)
		var lines [2][]engine.Move
		for k, st := range []engine.State{s, twin(s, seed)} {
			cur := st
			c := cheater{truth: func() engine.State { return cur }}
			tab := engine.NewTable(st, engine.RememberTalon)
			var buf []engine.Move
			for ply := 0; ply < 40; ply++ {
				buf = tab.Moves(buf[:0])
				if len(buf) == 0 {
					break
				}
				v := tab.View()
				cur = tab.Reveal()
				m := buf[c.Choose(&v, buf)]
				tab.Play(m)
				lines[k] = append(lines[k], m)
			}
		}
		caught = !sameUntilReveal(lines[0], lines[1])
	}
	if !caught {
		t.Fatal("the twin check never caught a player that reads hidden cards")
	}
}

// TestPlayIsRepeatable plays every player twice on the same deals: the
// same seed gives the same game.
func TestPlayIsRepeatable(t *testing.T) {
	g := game(t, "klondike")
	for _, name := range []string{"random", "greedy", "human", "planner", "expert"} {
		f, _ := New(name, Config{Samples: 2, Nodes: 300})
		deals := 20
		if name == "planner" || name == "expert" {
			deals = 2
		}
		for seed := uint64(0); seed < uint64(deals); seed++ {
			o := Options{Line: true}
			if name == "planner" || name == "expert" {
				o.MaxMoves = 80
			}
			a := Play(context.Background(), deal(t, g, seed), f(seed), o)
			b := Play(context.Background(), deal(t, g, seed), f(seed), o)
			if !slices.Equal(a.Line, b.Line) || a.End != b.End {
				t.Fatalf("%s seed %d: two plays differ", name, seed)
			}
		}
	}
}

// TestGamesEnd plays the cheap players on every game: every game ends by
// the referee's rules (won or stuck), within the cap, with legal moves
// only (Play takes them from the engine), and a won game has every card
// home.
func TestGamesEnd(t *testing.T) {
	for _, vg := range variants.All() {
		_, r, err := variants.Resolve(vg.Name, variants.Options{})
		if err != nil {
			t.Fatal(err)
		}
		g, err := engine.NewGame(r)
		if err != nil {
			continue // a game the engine cannot play yet
		}
		for _, name := range []string{"random", "greedy", "human"} {
			f, _ := New(name, DefaultConfig)
			for seed := uint64(0); seed < 10; seed++ {
				res := Play(context.Background(), deal(t, g, seed), f(seed), Options{})
				switch {
				case res.End == "limit":
					t.Errorf("%s %s seed %d: reached the move cap", vg.Name, name, seed)
				case res.End != "won" && res.End != "stuck":
					t.Errorf("%s %s seed %d: ended %q", vg.Name, name, seed, res.End)
				case res.Won != (res.End == "won"):
					t.Errorf("%s %s seed %d: won %v but ended %q", vg.Name, name, seed, res.Won, res.End)
				case res.Won && res.Cards != realCards(&r):
					t.Errorf("%s %s seed %d: won with %d cards home", vg.Name, name, seed, res.Cards)
				}
			}
		}
	}
}

// TestRefereeRules checks the referee on draw 3 against a player who
// draws and recycles whenever he can: a recycle is never offered to a
// position an earlier recycle led to, and never for a third pass in a row
// without progress.
func TestRefereeRules(t *testing.T) {
	g := game(t, "klondike")
	for seed := uint64(0); seed < 50; seed++ {
		s := deal(t, g, seed)
		res := Play(context.Background(), s, drawer{}, Options{Line: true})
		if res.End != "stuck" && res.End != "won" {
			t.Fatalf("seed %d: ended %q", seed, res.End)
		}
		tab := engine.NewTable(s, engine.RememberTalon)
		seen := map[string]bool{}
		idle, progress := 0, false
		most, down, talon := s.FoundationCards(), s.DownCards(), s.Talon()
		for _, m := range res.Line {
			tab.Play(m)
			st := tab.Reveal()
			if st.FoundationCards() > most || st.DownCards() < down || st.Talon() < talon {
				progress = true
				most, down, talon = max(most, st.FoundationCards()), st.DownCards(), st.Talon()
			}
			if m.Kind() != engine.KindRecycle {
				continue
			}
			k := string(tab.AppendPositionKey(nil))
			if seen[k] {
				t.Fatalf("seed %d: a recycle went back to an earlier recycle's position", seed)
			}
			seen[k] = true
			if progress {
				idle = 0
			} else {
				idle++
			}
			if idle >= MaxIdlePasses {
				t.Fatalf("seed %d: a pass began after %d idle passes", seed, idle)
			}
			progress = false
		}
	}
}

// drawer only draws and recycles when it can, else plays the first move.
type drawer struct{}

func (drawer) Choose(_ *engine.View, moves []engine.Move) int {
	for i, m := range moves {
		if m.Kind() != engine.KindMove {
			return i
		}
	}
	return 0
}

func TestNewRefusesBadPlayers(t *testing.T) {
	if _, err := New("nobody", DefaultConfig); err == nil {
		t.Fatal("an unknown player was accepted")
	}
	for _, tc := range []struct {
		name string
		c    Config
	}{
		{"planner", Config{Samples: 0, Nodes: 10}},
		{"expert", Config{Samples: 0, Nodes: 10}},
		{"expert", Config{Samples: 4, Nodes: 0}},
		{"expert", Config{Samples: 4, Nodes: 10, Workers: -1}},
	} {
		if _, err := New(tc.name, tc.c); err == nil {
			t.Fatalf("%s %+v was accepted", tc.name, tc.c)
		}
	}
}

// realCards is the number of cards that must go home: the Joker does not.
func realCards(r *engine.Rules) int {
	if r.Joker {
		return r.CardCount() - 1
	}
	return r.CardCount()
}

// TestPlayAllocations checks that the referee's work per move allocates
// nothing: a game of 5,000 moves allocates hardly more than one of 500
// (the sets' tables grow a few times; nothing is allocated per move).
// Double Klondike with worrying back keeps a random player wandering, so
// both games run to their cap.
func TestPlayAllocations(t *testing.T) {
	g := game(t, "double-klondike", [2]string{"defoundation", "true"})
	f, _ := New("random", DefaultConfig)
	s := deal(t, g, 0)
	allocs := func(moves int) float64 {
		return testing.AllocsPerRun(2, func() {
			if r := Play(context.Background(), s, f(0), Options{MaxMoves: moves}); r.End != "limit" {
				t.Fatalf("the game ended %q before %d moves", r.End, moves)
			}
		})
	}
	short, long := allocs(500), allocs(5000)
	if long > short+100 {
		t.Errorf("a game of 5,000 moves made %.0f allocations, one of 500 made %.0f: the referee allocates as it plays", long, short)
	}
	t.Logf("allocations per game: %.0f at 500 moves, %.0f at 5,000", short, long)
}
