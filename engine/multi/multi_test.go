package multi

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/klondike-family/klondike/engine"
)

// rnd is a random player (the real ones live in solver/mplayer, which
// imports this package).
type rnd struct{ r *rand.Rand }

func (p rnd) Choose(_ *View, moves []Move) int { return p.r.IntN(len(moves)) }

// eager plays the first move that is not Pass, Deal or Recycle, else the
// first move.
type eager struct{}

func (eager) Choose(_ *View, moves []Move) int {
	for i, m := range moves {
		if m.Kind != Pass && m.Kind != Deal && m.Kind != Recycle && m.Kind != PileToPile {
			return i
		}
	}
	return 0
}

// passer always passes (or deals) when it may.
type passer struct{}

func (passer) Choose(_ *View, moves []Move) int {
	for i, m := range moves {
		if m.Kind == Pass || m.Kind == Deal || m.Kind == Recycle {
			return i
		}
	}
	return 0
}

func c(s string) engine.Card {
	x, _, err := engine.ParseCard(s)
	if err != nil {
		panic(err)
	}
	return x
}

// deckWithTops returns a deck whose pile tops are the given cards (pile 1
// first), the rest in a fixed order.
func deckWithTops(tops ...engine.Card) []engine.Card {
	// Deal order: pile i's top (its card in row i) is the deck position
	// sum over rows r < i of (7 - r) plus 0.
	pos := make([]int, Piles)
	k := 0
	for row := range Piles {
		for i := row; i < Piles; i++ {
			if i == row {
				pos[i] = k
			}
			k++
		}
	}
	deck := make([]engine.Card, DeckSize)
	used := map[engine.Card]bool{}
	for i, t := range tops {
		deck[pos[i]] = t
		used[t] = true
	}
	var rest []engine.Card
	for s := 0; s < 4; s++ {
		for r := 1; r <= 13; r++ {
			if x := engine.NewCard(r, s); !used[x] {
				rest = append(rest, x)
			}
		}
	}
	j := 0
	for i := range deck {
		if deck[i] == engine.NoCard {
			deck[i] = rest[j]
			j++
		}
	}
	return deck
}

func TestDealAndValidate(t *testing.T) {
	g, err := NewGame(7, 3)
	if err != nil {
		t.Fatal(err)
	}
	for s := range 3 {
		l := &g.Layouts[s]
		for i := range Piles {
			if len(l.Piles[i]) != i+1 || l.Down[i] != i {
				t.Fatalf("seat %d pile %d: %d cards %d down", s, i, len(l.Piles[i]), l.Down[i])
			}
		}
		if len(l.Stock) != 24 || len(l.Waste) != 0 {
			t.Fatalf("seat %d: stock %d waste %d", s, len(l.Stock), len(l.Waste))
		}
	}
	if len(g.Found) != 12 {
		t.Fatalf("%d foundations for 3 players; want 12", len(g.Found))
	}
	// Validate catches a lost card, a duplicated card and a bad build.
	b := g.Clone()
	b.Layouts[1].Stock = b.Layouts[1].Stock[1:]
	if b.Validate() == nil {
		t.Error("a missing card passed Validate")
	}
	b = g.Clone()
	b.Layouts[0].Stock[0] = b.Layouts[0].Piles[0][0]
	if b.Validate() == nil {
		t.Error("a card twice passed Validate")
	}
	b = g.Clone()
	b.Found[0] = append(b.Found[0], Card{b.Layouts[0].Stock[0], 0})
	b.Layouts[0].Stock = b.Layouts[0].Stock[1:]
	if b.Found[0][0].Rank() != 1 && b.Validate() == nil {
		t.Error("a foundation not starting with an Ace passed Validate")
	}
	if _, err := NewGame(1, 1); err == nil {
		t.Error("one player accepted")
	}
	if _, err := NewGame(1, 6); err == nil {
		t.Error("six players accepted")
	}
}

func TestStarter(t *testing.T) {
	k, q, two, five := c("KS"), c("QH"), c("2C"), c("5D")
	cases := []struct {
		name string
		tops [][]engine.Card
		want int
	}{
		{"first pile decides", [][]engine.Card{{k}, {two}}, 1},
		{"first pile decides for seat 1", [][]engine.Card{{two}, {k}}, 0},
		{"second pile breaks a tie", [][]engine.Card{{five, k}, {c("5S"), q}}, 1},
		{"seventh pile breaks a tie", [][]engine.Card{
			{c("AC"), c("2C"), c("3C"), c("4C"), c("5C"), c("6C"), c("9C")},
			{c("AD"), c("2D"), c("3D"), c("4D"), c("5D"), c("6D"), c("7D")}}, 1},
		{"all piles tie: lowest seat", [][]engine.Card{
			{c("AC"), c("2C"), c("3C"), c("4C"), c("5C"), c("6C"), c("7C")},
			{c("AD"), c("2D"), c("3D"), c("4D"), c("5D"), c("6D"), c("7D")}}, 0},
		{"three players, two tie low, second pile", [][]engine.Card{{c("3C"), c("2C")}, {two, k}, {c("2D"), c("4D")}}, 2},
		{"three players, all tie: lowest of the tied", [][]engine.Card{
			{c("AC"), c("2C"), c("3C"), c("4C"), c("5C"), c("6C"), c("8C")},
			{c("AD"), c("2D"), c("3D"), c("4D"), c("5D"), c("6D"), c("7D")},
			{c("AH"), c("2H"), c("3H"), c("4H"), c("5H"), c("6H"), c("7H")}}, 1},
	}
	for _, tc := range cases {
		var decks [][]engine.Card
		for _, tops := range tc.tops {
			decks = append(decks, deckWithTops(tops...))
		}
		g, err := NewGameFromDecks(decks)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		for s, tops := range tc.tops {
			for i, x := range tops {
				if top := g.Layouts[s].Piles[i][i]; top != x {
					t.Fatalf("%s: seat %d pile %d top %v, want %v", tc.name, s, i, top, x)
				}
			}
		}
		if got := Starter(g); got != tc.want {
			t.Errorf("%s: starter seat %d, want %d", tc.name, got+1, tc.want+1)
		}
	}
}

func TestStartTurnOneCardAndRecycle(t *testing.T) {
	g, _ := NewGame(3, 2)
	l := &g.Layouts[0]
	stock := append([]engine.Card(nil), l.Stock...)
	for i := 0; i < 24; i++ {
		if !StartTurn(l) {
			t.Fatal("no card turned")
		}
		if len(l.Waste) != i+1 || len(l.Stock) != 23-i || l.Waste[i] != stock[23-i] {
			t.Fatalf("turn %d: waste %d stock %d", i, len(l.Waste), len(l.Stock))
		}
	}
	// Stock spent: the next turn turns the waste over and turns its
	// top, which is the first card turned.
	StartTurn(l)
	if len(l.Waste) != 1 || len(l.Stock) != 23 || l.Waste[0] != stock[23] || l.Stock[len(l.Stock)-1] != stock[22] {
		t.Fatalf("after the recycle: waste %v stock %d", l.Waste, len(l.Stock))
	}
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	l.Stock, l.Waste = l.Stock[:0], l.Waste[:0]
	if StartTurn(l) {
		t.Error("a card turned from nothing")
	}
}

// TestTurnsPassing: players who only pass turn exactly one card a turn
// (none on their first), recycle the spent stock, and the game ends with
// everyone stuck once each talon went round with no play.
func TestTurnsPassing(t *testing.T) {
	g, _ := NewGame(11, 2)
	starter := Starter(g)
	p := &watcher{t: t}
	res, err := PlayTurns(g, []Player{p, p}, Options{OnAction: mustValid(t)})
	if err != nil {
		t.Fatal(err)
	}
	if res.End != EndStuck {
		t.Fatalf("end %q, want stuck", res.End)
	}
	if res.Starter != starter {
		t.Errorf("starter %d, want %d", res.Starter, starter)
	}
	// No progress: each seat needs 24+2 idle turns.
	if res.Turns != 2*26 || p.calls[0] != 26 || p.calls[1] != 26 {
		t.Errorf("%d turns (%v); want 52 for two passers", res.Turns, p.calls)
	}
	if res.Cards[0] != 0 || res.Cards[1] != 0 || !res.Tie() || res.Places[0] != 1 || res.Places[1] != 1 {
		t.Errorf("passers: cards %v places %v winner %d", res.Cards, res.Places, res.Winner)
	}
}

// watcher passes and checks the one-card-a-turn rule between its calls.
type watcher struct {
	t      *testing.T
	talons map[int][2]int
	calls  map[int]int
}

func (w *watcher) Choose(v *View, moves []Move) int {
	if w.talons == nil {
		w.talons, w.calls = map[int][2]int{}, map[int]int{}
	}
	s := v.Me()
	st, wa := v.StockLen(s), v.WasteLen(s)
	if prev, ok := w.talons[s]; ok {
		switch {
		case prev[0] > 0 && (st != prev[0]-1 || wa != prev[1]+1):
			w.t.Fatalf("seat %d: stock %d waste %d after %v; want one card turned", s, st, wa, prev)
		case prev[0] == 0 && (st != prev[1]-1 || wa != 1):
			w.t.Fatalf("seat %d: stock %d waste %d after %v; want the waste turned over and one card turned", s, st, wa, prev)
		}
	} else if wa != 0 || st != 24 {
		w.t.Fatalf("seat %d first turn: stock %d waste %d; want nothing turned", s, st, wa)
	}
	w.talons[s] = [2]int{st, wa}
	w.calls[s]++
	for i, m := range moves {
		if m.Kind == Pass {
			return i
		}
	}
	w.t.Fatal("no pass offered")
	return 0
}

// TestRandomGamesConserveCards plays random games of 2..5 players in both
// modes and validates every invariant after every action.
func TestRandomGamesConserveCards(t *testing.T) {
	games := 12
	if testing.Short() {
		games = 4
	}
	for n := MinPlayers; n <= MaxPlayers; n++ {
		for seed := uint64(0); seed < uint64(games); seed++ {
			for _, sim := range []bool{false, true} {
				g, err := NewGame(seed, n)
				if err != nil {
					t.Fatal(err)
				}
				ps := make([]Player, n)
				for s := range ps {
					if (int(seed)+s)%2 == 0 {
						ps[s] = rnd{rand.New(rand.NewPCG(seed, uint64(s)))}
					} else {
						ps[s] = eager{}
					}
				}
				actions := 0
				o := Options{OnAction: func(g *Game) {
					actions++
					if err := g.Validate(); err != nil {
						t.Fatalf("%d players seed %d sim %v action %d: %v", n, seed, sim, actions, err)
					}
				}, ForcedPlay: seed%3 == 0, MaxTurns: 3000, MaxActions: 30000}
				var res Result
				if sim {
					res, err = PlaySimultaneous(g, ps, seed, o)
				} else {
					res, err = PlayTurns(g, ps, o)
				}
				if err != nil {
					t.Fatal(err)
				}
				checkResult(t, g, &res)
			}
		}
	}
}

func checkResult(t *testing.T, g *Game, res *Result) {
	t.Helper()
	n := g.Players()
	total := 0
	for f := range g.Found {
		total += len(g.Found[f])
	}
	sum := 0
	for s := range n {
		sum += res.Cards[s]
		if res.Cards[s] != g.FoundationCards(s) {
			t.Fatalf("cards %v", res.Cards)
		}
	}
	if sum != total {
		t.Fatalf("cards %v sum to %d; foundations hold %d", res.Cards, sum, total)
	}
	for i, s := range res.Finish {
		if res.Places[s] != i+1 || res.Cards[s] != DeckSize {
			t.Fatalf("finisher %d: place %d cards %d", s, res.Places[s], res.Cards[s])
		}
	}
	switch res.End {
	case EndOut:
		if len(res.Finish) == 0 || (n > 2 && len(res.Finish) < n-1) {
			t.Fatalf("end out with finishers %v of %d", res.Finish, n)
		}
	case EndStuck, EndLimit:
	default:
		t.Fatalf("end %q", res.End)
	}
	firsts := 0
	for s := range n {
		if res.Places[s] == 1 {
			firsts++
		}
	}
	if (firsts == 1) != (res.Winner >= 0) || firsts == 0 {
		t.Fatalf("places %v winner %d", res.Places, res.Winner)
	}
}

// TestSameSeedSameGame: the same seed and players give the same result.
func TestSameSeedSameGame(t *testing.T) {
	for _, sim := range []bool{false, true} {
		var prev Result
		for k := range 2 {
			g, _ := NewGame(42, 3)
			ps := []Player{rnd{rand.New(rand.NewPCG(1, 0))}, eager{}, rnd{rand.New(rand.NewPCG(1, 2))}}
			var res Result
			var err error
			if sim {
				res, err = PlaySimultaneous(g, ps, 42, Options{Speeds: []float64{1, 1.5, 2}})
			} else {
				res, err = PlayTurns(g, ps, Options{})
			}
			if err != nil {
				t.Fatal(err)
			}
			if k == 1 && !reflect.DeepEqual(prev, res) {
				t.Errorf("sim %v: %+v then %+v", sim, prev, res)
			}
			prev = res
		}
	}
}

// TestPlayOutEnds: a seat that plays out wins at once with two players;
// with three the others play on and are ranked.
func TestPlayOutEnds(t *testing.T) {
	// A rigged game: seat 1's cards are all on the foundations but the
	// King of spades, on its seventh pile; it plays it out.
	for _, n := range []int{2, 3} {
		g, _ := NewGame(5, n)
		rig(g, 0)
		ps := make2(n, passer{})
		ps[0] = eager{} // the others pass: none takes the King's spot
		res, err := PlayTurns(g, ps, Options{OnAction: mustValid(t)})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Finish) == 0 || res.Finish[0] != 0 || res.Winner != 0 || res.Places[0] != 1 {
			t.Fatalf("%d players: finish %v winner %d places %v", n, res.Finish, res.Winner, res.Places)
		}
		if n == 2 && res.Turns != 1 && res.Starter == 0 {
			t.Errorf("2 players: game went on for %d turns after the play-out", res.Turns)
		}
		if n == 3 && res.Turns < 10 {
			t.Errorf("3 players: the others did not play on (%d turns)", res.Turns)
		}
		checkResult(t, g, &res)
		g, _ = NewGame(5, n)
		rig(g, 0)
		res, err = PlaySimultaneous(g, ps, 5, Options{OnAction: mustValid(t)})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Finish) == 0 || res.Finish[0] != 0 || res.Winner != 0 {
			t.Fatalf("sim %d players: finish %v winner %d", n, res.Finish, res.Winner)
		}
		checkResult(t, g, &res)
	}
}

func make2(n int, p Player) []Player {
	ps := make([]Player, n)
	for i := range ps {
		ps[i] = p
	}
	return ps
}

func mustValid(t *testing.T) func(*Game) {
	return func(g *Game) {
		if err := g.Validate(); err != nil {
			t.Fatal(err)
		}
	}
}

// rig puts all of seat's cards but the King of spades on foundations
// 0..3 (by suit) and leaves the King alone on its last pile.
func rig(g *Game, seat int) {
	l := &g.Layouts[seat]
	for i := range Piles {
		l.Piles[i] = l.Piles[i][:0]
		l.Down[i] = 0
	}
	l.Stock, l.Waste = l.Stock[:0], l.Waste[:0]
	for s := 0; s < 4; s++ {
		for r := 1; r <= 13; r++ {
			if s == engine.Spades && r == 13 {
				continue
			}
			g.Found[s] = append(g.Found[s], Card{engine.NewCard(r, s), uint8(seat)})
		}
	}
	l.Piles[6] = append(l.Piles[6], c("KS"))
}

// blockedLayout gives seat a layout with no progress move ever: seven
// black tops (no builds, no Aces) over face-down cards, no stock.
func blockedLayout(t *testing.T, g *Game, seat int) {
	tops := []engine.Card{c("5C"), c("5S"), c("9C"), c("9S"), c("KC"), c("KS"), c("3C")}
	top := map[engine.Card]bool{}
	for _, x := range tops {
		top[x] = true
	}
	var rest []engine.Card
	for s := 0; s < 4; s++ {
		for r := 1; r <= 13; r++ {
			if x := engine.NewCard(r, s); !top[x] {
				rest = append(rest, x)
			}
		}
	}
	l := &g.Layouts[seat]
	for i := range Piles {
		k := len(rest) / (Piles - i)
		l.Piles[i] = append(append([]engine.Card{}, rest[:k]...), tops[i])
		l.Down[i] = k
		rest = rest[k:]
	}
	l.Stock, l.Waste = l.Stock[:0], l.Waste[:0]
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
}

// TestForcedPlay: a player who would pass with a card to play must play
// it under the option when the other has no move.
func TestForcedPlay(t *testing.T) {
	for _, forced := range []bool{false, true} {
		g, err := NewGameFromDecks([][]engine.Card{deckWithTops(c("AH")), deckWithTops(c("2C"))})
		if err != nil {
			t.Fatal(err)
		}
		blockedLayout(t, g, 1)
		res, err := PlayTurns(g, []Player{passer{}, passer{}}, Options{ForcedPlay: forced, OnAction: mustValid(t)})
		if err != nil {
			t.Fatal(err)
		}
		if forced {
			if res.Forced == 0 || res.Moves[0] == 0 {
				t.Errorf("forced: %d forced turns, moves %v", res.Forced, res.Moves)
			}
		} else if res.Forced != 0 || res.Moves[0] != 0 || res.End != EndStuck {
			t.Errorf("not forced: %d forced turns, moves %v, end %s", res.Forced, res.Moves, res.End)
		}
	}
}

// TestForcedPlayNeedsEveryoneStuck: no demand while the other player has
// a move in hand too.
func TestForcedPlayNeedsEveryoneStuck(t *testing.T) {
	g, err := NewGameFromDecks([][]engine.Card{deckWithTops(c("AH")), deckWithTops(c("AS"))})
	if err != nil {
		t.Fatal(err)
	}
	res, err := PlayTurns(g, []Player{passer{}, passer{}}, Options{ForcedPlay: true, OnAction: mustValid(t)})
	if err != nil {
		t.Fatal(err)
	}
	if res.Forced != 0 || res.Moves[0] != 0 || res.Moves[1] != 0 {
		t.Errorf("%d demands, moves %v; want none", res.Forced, res.Moves)
	}
}

// TestCollision: two players race for one foundation spot; the card that
// lands first stands and the other goes back.
func TestCollision(t *testing.T) {
	g, err := NewGameFromDecks([][]engine.Card{deckWithTops(c("2H")), deckWithTops(c("2H"))})
	if err != nil {
		t.Fatal(err)
	}
	// Seat 1's Ace of hearts to foundation 1, from wherever it is (it
	// swaps places with the stock's bottom card first).
	l := &g.Layouts[0]
	for i := range Piles {
		for k, x := range l.Piles[i] {
			if x == c("AH") {
				l.Piles[i][k], l.Stock[0] = l.Stock[0], l.Piles[i][k]
			}
		}
	}
	for k, x := range l.Stock {
		if x == c("AH") {
			l.Stock = append(l.Stock[:k], l.Stock[k+1:]...)
			break
		}
	}
	g.Found[0] = append(g.Found[0], Card{c("AH"), 0})
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	race := raceTo{c("2H")}
	res, err := PlaySimultaneous(g, []Player{race, race}, 3, Options{OnAction: mustValid(t), MaxActions: 2})
	if err != nil {
		t.Fatal(err)
	}
	if res.Collisions != 1 {
		t.Fatalf("%d collisions; want 1", res.Collisions)
	}
	if len(g.Found[0]) != 2 || g.Found[0][1].Card != c("2H") {
		t.Fatalf("foundation 1: %v", g.Found[0])
	}
	winner := int(g.Found[0][1].Owner)
	for s := range 2 {
		p := g.Layouts[s].Piles[0]
		back := len(p) == 1 && p[0] == c("2H")
		if s == winner && back {
			t.Error("the winning card is still on its pile")
		}
		if s != winner && !back {
			t.Errorf("seat %d: the losing card did not go back", s+1)
		}
	}
	if res.Moves[winner] != 1 || res.Moves[1-winner] != 0 {
		t.Errorf("moves %v", res.Moves)
	}
}

// raceTo plays its card to a foundation whenever it can, else deals.
type raceTo struct{ c engine.Card }

func (r raceTo) Choose(v *View, moves []Move) int {
	for i, m := range moves {
		if m.ToFoundation() && v.MovedCard(m) == r.c {
			return i
		}
	}
	for i, m := range moves {
		if m.Kind == Deal {
			return i
		}
	}
	return 0
}

// TestLimits: the safety caps end a game as "limit", with places by
// cards.
func TestLimits(t *testing.T) {
	g, _ := NewGame(2, 2)
	res, err := PlayTurns(g, []Player{eager{}, eager{}}, Options{MaxTurns: 3, OnAction: mustValid(t)})
	if err != nil {
		t.Fatal(err)
	}
	if res.End != EndLimit || res.Turns != 3 {
		t.Fatalf("end %s after %d turns; want limit after 3", res.End, res.Turns)
	}
	checkResult(t, g, &res)
	g, _ = NewGame(2, 4)
	res, err = PlaySimultaneous(g, make2(4, eager{}), 2, Options{MaxActions: 10, OnAction: mustValid(t)})
	if err != nil {
		t.Fatal(err)
	}
	if res.End != EndLimit || res.Turns != 10 {
		t.Fatalf("end %s after %d actions; want limit after 10", res.End, res.Turns)
	}
	checkResult(t, g, &res)
	// Bad speeds are refused.
	if _, err := PlaySimultaneous(g, make2(4, eager{}), 2, Options{Speeds: []float64{1, 0, 1, 1}}); err == nil {
		t.Error("speed 0 accepted")
	}
	if _, err := PlaySimultaneous(g, make2(4, eager{}), 2, Options{Speeds: []float64{1, 1}}); err == nil {
		t.Error("2 speeds for 4 seats accepted")
	}
}

// TestPlaces: finishers first in order, the others by cards, equal
// counts sharing a place.
func TestPlaces(t *testing.T) {
	g, _ := NewGame(4, 4)
	rig(g, 2) // seat 3: 51 cards up
	res := Result{Finish: []int{}}
	finishResult(g, &res)
	if res.Places[2] != 1 || res.Winner != 2 || res.Places[0] != 2 || res.Places[1] != 2 || res.Places[3] != 2 {
		t.Fatalf("places %v winner %d", res.Places, res.Winner)
	}
	res = Result{Finish: []int{1}}
	finishResult(g, &res)
	if res.Places[1] != 1 || res.Places[2] != 2 || res.Places[0] != 3 || res.Places[3] != 3 || res.Winner != 1 {
		t.Fatalf("places %v winner %d", res.Places, res.Winner)
	}
}

// TestMovesAllocationFree: generating moves into a buffer with room, and
// applying them, allocate nothing.
func TestMovesAllocationFree(t *testing.T) {
	g, _ := NewGame(8, 3)
	buf := make([]Move, 0, 256)
	allocs := testing.AllocsPerRun(100, func() {
		for s := range 3 {
			buf = g.Moves(s, false, buf[:0])
			buf = g.Moves(s, true, buf[:0])
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations a run", allocs)
	}
	allocs = testing.AllocsPerRun(50, func() {
		c := g.Clone()
		for s := range 3 {
			for k := 0; k < 30; k++ {
				buf = c.Moves(s, true, buf[:0])
				c.Apply(s, buf[len(buf)-1])
			}
		}
	})
	// Clone allocates (a fixed number); Apply must not add to it.
	clone := testing.AllocsPerRun(50, func() { _ = g.Clone() })
	if allocs != clone {
		t.Errorf("%v allocations a run with moves applied, %v for the clone alone", allocs, clone)
	}
}
