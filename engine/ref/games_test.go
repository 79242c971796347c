package ref

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// The games of VARIANTS.md as option sets (13 ranks). The tests below use
// them, or smaller copies of them, on hand-made positions.
var (
	doubleKlondike = Game{Draw: 3, Passes: 0, Ranks: 13, Decks: 2}
	gargantua      = Game{Draw: 1, Passes: 2, Ranks: 13, Decks: 2}
	steps          = Game{Draw: 1, Passes: 2, Ranks: 13, Decks: 2, Fill: "any"}
	yukon          = Game{Draw: 1, Ranks: 13, Move: "any-face-up"}
	alaska         = Game{Draw: 1, Ranks: 13, Move: "any-face-up", Build: "updown-suit"}
	thumbAndPouch  = Game{Draw: 1, Passes: 1, Ranks: 13, Build: "other-suit", Fill: "any"}
	whitehead      = Game{Draw: 1, Passes: 1, Ranks: 13, Build: "colour", Move: "suit-run", Fill: "any", BaseDealt: true}
	agnesSorel     = Game{Ranks: 13, Build: "colour", Move: "suit-run", Fill: "none", Wrap: true, BaseDealt: true, StockTo: "piles"}
	agnesBernauer  = Game{Ranks: 13, Wrap: true, BaseDealt: true, StockTo: "reserves", Reserves: 7}
)

// hasMove reports whether m is one of Moves(g, p).
func hasMove(g Game, p Position, m string) bool {
	return slices.Contains(Moves(g, p), m)
}

// checkHas fails unless each of yes is listed and none of no is.
func checkHas(t *testing.T, g Game, p Position, yes, no []string) {
	t.Helper()
	moves := Moves(g, p)
	for _, m := range yes {
		if !slices.Contains(moves, m) {
			t.Errorf("%s not listed; Moves = %v", m, moves)
		}
	}
	for _, m := range no {
		if slices.Contains(moves, m) {
			t.Errorf("%s listed; Moves = %v", m, moves)
		}
	}
}

// buildPosition has the waste card 7H and the piles 8D, 8C, 8H, 6H, 6C, KD.
func buildPosition(waste string) Position {
	return Position{
		Piles: [][]string{{"8D"}, {"8C"}, {"8H"}, {"6H"}, {"6C"}, {"KD"}},
		Down:  []int{0, 0, 0, 0, 0, 0},
		Waste: []string{waste},
	}
}

func TestBuildRules(t *testing.T) {
	tests := []struct {
		build string
		yes   []string // waste moves onto t1..t5 (8D, 8C, 8H, 6H, 6C)
	}{
		{"", []string{"w-t2/1"}},
		{"alt", []string{"w-t2/1"}},
		{"colour", []string{"w-t1/1", "w-t3/1"}},
		{"suit", []string{"w-t3/1"}},
		{"other-suit", []string{"w-t1/1", "w-t2/1"}},
		{"any", []string{"w-t1/1", "w-t2/1", "w-t3/1"}},
		{"updown-suit", []string{"w-t3/1", "w-t4/1"}},
	}
	all := []string{"w-t1/1", "w-t2/1", "w-t3/1", "w-t4/1", "w-t5/1"}
	for _, tt := range tests {
		g := Game{Draw: 1, Passes: 1, Ranks: 13, Build: tt.build}
		var got []string
		for _, m := range Moves(g, buildPosition("7H")) {
			if slices.Contains(all, m) {
				got = append(got, m)
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, tt.yes) {
			t.Errorf("build %q: 7H goes by %v, want %v", tt.build, got, tt.yes)
		}
	}
}

func TestWrapBuilding(t *testing.T) {
	p := Position{
		Piles: [][]string{{"AS"}, {"AH"}, {"KC"}, {"9D"}},
		Down:  []int{0, 0, 0, 0},
		Waste: []string{"KD"},
	}
	g := Game{Draw: 1, Passes: 1, Ranks: 13}
	checkMoves(t, g, p, "t1-f4/1", "t2-f3/1") // no wrap: the Kings go nowhere

	g.Wrap = true // a King on an Ace, alternating colour
	checkMoves(t, g, p, "w-t1/1", "t3-t2/1", "t1-f4/1", "t2-f3/1")

	g.Build = "colour"
	checkMoves(t, g, p, "w-t2/1", "t3-t1/1", "t1-f4/1", "t2-f3/1")

	// Building up or down with wrap: an Ace on a King and a King on an Ace.
	g = Game{Draw: 1, Passes: 1, Ranks: 13, Build: "updown-suit", Wrap: true}
	p2 := Position{Piles: [][]string{{"AC"}, {"KC"}, {"KH"}}, Down: []int{0, 0, 0}}
	checkMoves(t, g, p2, "t1-t2/1", "t2-t1/1", "t1-f1/1")
	g.Wrap = false
	checkMoves(t, g, p2, "t1-f1/1")

	// With fewer ranks the King is rank Ranks.
	small := Game{Draw: 1, Passes: 1, Ranks: 3, Wrap: true}
	p3 := Position{Piles: [][]string{{"AS"}, {"3D"}}, Down: []int{0, 0}}
	checkMoves(t, small, p3, "t2-t1/1", "t1-f4/1")
}

func TestBaseDealtFoundations(t *testing.T) {
	g := Game{Draw: 1, Passes: 1, Ranks: 13, BaseDealt: true}
	p := Position{
		Piles:       [][]string{{"AC"}, {"QD"}, {"AD"}, {"KH"}},
		Down:        []int{0, 0, 0, 0},
		Foundations: [4][]string{{"QC", "KC"}, nil, nil, nil},
		Base:        12,
	}
	// After Q, K of clubs the Ace of clubs follows; an empty foundation
	// takes only a Queen (the base); the Ace of diamonds waits. Nothing
	// fills: no space. KH goes nowhere (no wrap in the tableau).
	checkMoves(t, g, p, "t1-f1/1", "t2-f2/1")
	q := mustApply(t, g, p, "t1-f1/1")
	checkStrings(t, "f1", q.Foundations[0], []string{"QC", "KC", "AC"})

	// A full foundation: Q K A 2 .. J.
	full := []string{"QC", "KC"}
	full = append(full, run("C", 1, 11)...)
	p2 := Position{Piles: [][]string{{"QD"}}, Down: []int{0}, Foundations: [4][]string{full}, Base: 12}
	checkMoves(t, g, p2, "t1-f2/1")

	// Wrong foundations are malformed.
	bad := []Position{
		{Foundations: [4][]string{{"AC"}}, Base: 12},       // does not start at the base
		{Foundations: [4][]string{{"QC", "AC"}}, Base: 12}, // K missing
		{Foundations: [4][]string{{"QC"}}, Base: 0},        // no base
		{Foundations: [4][]string{{"QC"}}, Base: 14},       // base out of range
	}
	for i, b := range bad {
		if err := validate(g, b); err == nil {
			t.Errorf("position %d: validate = nil, want an error", i)
		}
	}
	if err := validate(g, Position{Foundations: [4][]string{{"QC", "KC", "AC"}}, Base: 12}); err != nil {
		t.Errorf("Q K A of clubs from base Q: %v", err)
	}
	if err := validate(Game{Draw: 1, Ranks: 3, BaseDealt: true}, Position{Base: 4}); err == nil {
		t.Errorf("base 4 with 3 ranks: validate = nil, want an error")
	}
	// A base without BaseDealt is malformed.
	if err := validate(classic, Position{Base: 3}); err == nil {
		t.Errorf("base without BaseDealt: validate = nil, want an error")
	}
}

func TestFillRules(t *testing.T) {
	p := Position{
		Piles: [][]string{{"9C", "5H"}, {}, {"KS"}},
		Down:  []int{1, 0, 0},
		Waste: []string{"QD"},
	}
	g := Game{Draw: 1, Passes: 1, Ranks: 13}
	checkMoves(t, g, p, "t3-t2/1", "w-t3/1")

	g.Fill = "king"
	checkMoves(t, g, p, "t3-t2/1", "w-t3/1")

	g.Fill = "any"
	checkMoves(t, g, p, "t1-t2/1", "t3-t2/1", "w-t2/1", "w-t3/1")

	g.Fill = "none"
	checkMoves(t, g, p, "w-t3/1")

	// Below the base: with base 6 only a 5 (or a group headed by one)
	// fills a space (Agnes Bernauer); with base A the King does.
	g = Game{Draw: 1, Passes: 1, Ranks: 13, BaseDealt: true}
	p.Base = 6
	checkMoves(t, g, p, "t1-t2/1", "w-t3/1")
	p.Base = 1
	checkMoves(t, g, p, "t3-t2/1", "w-t3/1")
	p.Base = 13 // the Queen fills; the King starts a foundation
	checkMoves(t, g, p, "w-t2/1", "w-t3/1", "t3-f4/1")

	// A group headed by the fill rank moves as a unit to the space.
	p4 := Position{
		Piles: [][]string{{"2C", "5H", "4S"}, {}},
		Down:  []int{1, 0},
		Base:  6,
	}
	checkMoves(t, g, p4, "t1-t2/2")
}

func TestRunsMustBeBuilt(t *testing.T) {
	// 10S 4D 9H 8C face up after deals: only built groups move.
	p := Position{
		Piles: [][]string{{"2C", "10S", "4D", "9H", "8C"}, {"10C"}, {"5S"}, {"9D"}, {}},
		Down:  []int{1, 0, 0, 0, 0},
	}
	g := Game{Draw: 1, Passes: 1, Ranks: 13}
	checkMoves(t, g, p, "t1-t2/2", "t1-t4/1", "t4-t2/1")

	g.Move = "top"
	checkMoves(t, g, p, "t1-t4/1", "t4-t2/1")

	g.Move = "whole" // the face-up cards of t1 are not built: t1 moves nothing
	checkMoves(t, g, p, "t4-t2/1")
	g.Move = ""
	g.Strict = true
	checkMoves(t, g, p, "t4-t2/1")

	g.Strict = false
	g.Move = "any-face-up" // Yukon: the 4D group goes on 5S, unbuilt
	checkMoves(t, g, p, "t1-t2/2", "t1-t3/3", "t1-t4/1", "t4-t2/1")
	q := mustApply(t, g, p, "t1-t3/3")
	if !reflect.DeepEqual(q.Piles, [][]string{{"2C", "10S"}, {"10C"}, {"5S", "4D", "9H", "8C"}, {"9D"}, {}}) {
		t.Errorf("piles after t1-t3/3 = %v", q.Piles)
	}
	if !slices.Equal(q.Down, []int{1, 0, 0, 0, 0}) {
		t.Errorf("Down after t1-t3/3 = %v", q.Down)
	}
	// The whole face-up part, from the bottom face-up card, with a flip.
	p.Piles[0][1] = "KS"
	checkMoves(t, g, p, "t1-t2/2", "t1-t3/3", "t1-t4/1", "t1-t5/4", "t4-t2/1")
	q = mustApply(t, g, p, "t1-t5/4")
	if !slices.Equal(q.Down, []int{0, 0, 0, 0, 0}) {
		t.Errorf("Down after t1-t5/4 = %v, want all 0", q.Down)
	}
	if got := Perft(g, p, 1)[0].Flips; got != 1 {
		t.Errorf("flips = %d, want 1", got)
	}
}

func TestYukonAndAlaska(t *testing.T) {
	p := Position{
		Piles: [][]string{
			{"3S", "8H", "KC", "5D", "QH"},
			{"9S"},
			{"6D"},
			{},
		},
		Down: []int{1, 0, 0, 0},
	}
	// Yukon: 8H (with KC 5D QH on it) on 9S; KC with its cards to the space.
	checkMoves(t, yukon, p, "t1-t2/4", "t1-t4/3")
	// Alaska: up or down in suit; 5D on 6D, and the King to the space.
	checkMoves(t, alaska, p, "t1-t3/2", "t1-t4/3")
}

func TestSuitRuns(t *testing.T) {
	g := whitehead
	p := Position{
		Piles: [][]string{
			{"10D", "9H", "8H"}, // built in colour; only 9H 8H is one suit
			{"10H"},
			{"9C"},
			{},
		},
		Down: []int{0, 0, 0, 0},
		Base: 1,
	}
	// 9H 8H moves to 10H and to the space; the whole three (built in
	// colour but not of one suit) never moves as a unit.
	checkMoves(t, g, p, "t1-t2/2", "t1-t4/1", "t1-t4/2", "t2-t4/1", "t3-t4/1")

	g.Move = "run" // colour runs: the whole three move too
	checkMoves(t, g, p, "t1-t2/2", "t1-t4/1", "t1-t4/2", "t1-t4/3", "t2-t4/1", "t3-t4/1")

	// Agnes Sorel: suit runs in colour, wrapping (K on A), and no fill:
	// KS QS go on AC; AS KS QS would need a black 2; nothing fills t3.
	p2 := Position{
		Piles: [][]string{{"2S", "AS", "KS", "QS"}, {"AC"}, {}},
		Down:  []int{1, 0, 0},
		Base:  5,
	}
	checkMoves(t, agnesSorel, p2, "t1-t2/2")
	g = agnesSorel
	g.Wrap = false
	checkMoves(t, g, p2)
}

func TestTwoDeckFoundations(t *testing.T) {
	g := Game{Draw: 1, Passes: 1, Ranks: 13, Decks: 2}
	p := Position{
		Piles: [][]string{{"AC"}, {"AC"}, {"2C"}},
		Down:  []int{0, 0, 0},
		Waste: []string{"2C"},
	}
	// Both clubs foundations are empty: each Ace goes only to f1.
	checkMoves(t, g, p, "t1-f1/1", "t2-f1/1")
	// f1 holds the Ace: the other Ace goes to f5, the 2 to f1.
	q := mustApply(t, g, p, "t1-f1/1")
	checkMoves(t, g, q, "t2-f5/1", "t3-f1/1", "w-f1/1")
	// Both hold the Ace: a 2 goes only to f1.
	q = mustApply(t, g, q, "t2-f5/1")
	checkMoves(t, g, q, "t3-f1/1", "w-f1/1")
	checkStrings(t, "f5", q.ExtraFoundations[0], []string{"AC"})
	// f1 holds A 2: the second 2 goes to f5 only.
	q = mustApply(t, g, q, "t3-f1/1")
	checkMoves(t, g, q, "w-f5/1")
	q = mustApply(t, g, q, "w-f5/1")
	checkStrings(t, "f1", q.Foundations[0], []string{"AC", "2C"})
	checkStrings(t, "f5", q.ExtraFoundations[0], []string{"AC", "2C"})
}

func TestTwoDeckWorryBack(t *testing.T) {
	g := Game{Draw: 1, Passes: 0, Ranks: 13, Decks: 2, WorryBack: true}
	p := Position{
		Piles:            [][]string{{"4H"}, {"4D"}, {"3D"}},
		Down:             []int{0, 0, 0},
		Foundations:      [4][]string{run("C", 1, 3), nil, nil, nil},
		ExtraFoundations: [4][]string{run("C", 1, 3), nil, nil, nil},
	}
	// Same height: only the lower-numbered foundation offers its card.
	checkMoves(t, g, p, "f1-t1/1", "f1-t2/1")
	// Different heights: both top cards are offered.
	p.ExtraFoundations[0] = run("C", 1, 2)
	checkMoves(t, g, p, "f1-t1/1", "f1-t2/1", "f5-t3/1")
	q := mustApply(t, g, p, "f5-t3/1")
	checkStrings(t, "f5 after f5-t3/1", q.ExtraFoundations[0], run("C", 1, 1))
	checkStrings(t, "t3 after f5-t3/1", q.Piles[2], []string{"3D", "2C"})
	p.Foundations[0] = run("C", 1, 2)
	p.ExtraFoundations[0] = run("C", 1, 3)
	checkMoves(t, g, p, "f1-t3/1", "f5-t1/1", "f5-t2/1")
	if got := Perft(g, p, 1)[0].FromFoundation; got != 3 {
		t.Errorf("FromFoundation = %d, want 3", got)
	}
}

func TestDecksValidation(t *testing.T) {
	two := Game{Draw: 1, Ranks: 13, Decks: 2}
	ok := Position{Piles: [][]string{{"AC", "AC"}}, Down: []int{1}}
	if _, err := Apply(two, ok, "t1-f1/1"); err != nil {
		t.Errorf("two Aces of clubs in two decks: %v", err)
	}
	bad := []struct {
		name string
		g    Game
		p    Position
	}{
		{"card three times", two, Position{Piles: [][]string{{"AC", "AC"}}, Down: []int{1}, Waste: []string{"AC"}}},
		{"card twice, one deck", classic, Position{Piles: [][]string{{"AC", "AC"}}, Down: []int{1}}},
		{"second deck's foundation, one deck", classic, Position{ExtraFoundations: [4][]string{{"AC"}}}},
		{"extra foundation out of order", two, Position{ExtraFoundations: [4][]string{{"2C"}}}},
		{"extra foundation wrong suit", two, Position{ExtraFoundations: [4][]string{nil, {"AC"}}}},
		{"three decks", Game{Draw: 1, Ranks: 13, Decks: 3}, Position{}},
		{"reserves missing", Game{Draw: 1, Ranks: 13, Reserves: 2}, Position{}},
		{"waste without a waste", Game{Ranks: 13, StockTo: "piles"}, Position{Waste: []string{"AC"}}},
		{"reserves dealt, none", Game{Ranks: 13, StockTo: "reserves"}, Position{}},
		{"unknown build", Game{Draw: 1, Ranks: 13, Build: "down"}, Position{}},
		{"unknown move", Game{Draw: 1, Ranks: 13, Move: "all"}, Position{}},
		{"unknown fill", Game{Draw: 1, Ranks: 13, Fill: "queen"}, Position{}},
		{"unknown stock", Game{Draw: 1, Ranks: 13, StockTo: "tableau"}, Position{}},
		{"strict and suit-run", Game{Draw: 1, Ranks: 13, Strict: true, Move: "suit-run"}, Position{}},
	}
	for _, tt := range bad {
		if err := validate(tt.g, tt.p); err == nil {
			t.Errorf("%s: validate = nil, want an error", tt.name)
		}
		if _, err := Apply(tt.g, tt.p, "draw"); err == nil {
			t.Errorf("%s: Apply = nil error, want one", tt.name)
		}
	}
}

// sorelPosition is an Agnes Sorel position (base 5, all moves blocked)
// with a nine-card stock: one deal of 7, then one of 2.
func sorelPosition() Position {
	return Position{
		Piles: [][]string{{"5C", "KC"}, {}, {"JD"}, {"9S"}, {"7C"}, {"3D"}, {"AD"}},
		Down:  []int{1, 0, 0, 0, 0, 0, 0},
		Stock: []string{"2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H"},
		Base:  5,
	}
}

func TestDealToPiles(t *testing.T) {
	g := agnesSorel
	p := sorelPosition()
	checkMoves(t, g, p, "deal") // no draw, no waste
	q := mustApply(t, g, p, "deal")
	want := [][]string{{"5C", "KC", "10H"}, {"9H"}, {"JD", "8H"}, {"9S", "7H"}, {"7C", "6H"}, {"3D", "5H"}, {"AD", "4H"}}
	if !reflect.DeepEqual(q.Piles, want) {
		t.Errorf("piles after the first deal = %v, want %v", q.Piles, want)
	}
	if !slices.Equal(q.Down, []int{1, 0, 0, 0, 0, 0, 0}) {
		t.Errorf("Down after the first deal = %v", q.Down)
	}
	checkStrings(t, "stock after the first deal", q.Stock, []string{"2H", "3H"})
	checkHas(t, g, q, []string{"deal", "t3-t2/1", "t7-t6/1", "t6-f3/1"}, []string{"draw", "recycle"})

	// The last, short deal: two cards to t1 and t2.
	r := mustApply(t, g, q, "deal")
	want[0] = append(want[0], "3H")
	want[1] = append(want[1], "2H")
	if !reflect.DeepEqual(r.Piles, want) {
		t.Errorf("piles after the second deal = %v, want %v", r.Piles, want)
	}
	checkStrings(t, "stock after the second deal", r.Stock, nil)
	checkHas(t, g, r, nil, []string{"deal", "draw", "recycle"})

	counts := Perft(g, p, 2)
	if counts[0] != (Counts{Nodes: 1, Deal: 1}) {
		t.Errorf("perft depth 1 = %+v, want one deal", counts[0])
	}
	if counts[1].Deal != 1 || counts[1].Nodes != int64(len(Moves(g, q))) {
		t.Errorf("perft depth 2 = %+v, want %d nodes, one deal", counts[1], len(Moves(g, q)))
	}
}

func TestDealWhenStuck(t *testing.T) {
	g := agnesSorel
	g.DealWhenStuck = true
	p := sorelPosition()
	checkMoves(t, g, p, "deal") // stuck: the deal is the only move
	q := mustApply(t, g, p, "deal")
	checkHas(t, g, q, []string{"t3-t2/1"}, []string{"deal"})

	// One other move, then none: the deal comes back.
	p.Piles[6] = []string{"4D"}
	checkMoves(t, g, p, "t6-t7/1")
	r := mustApply(t, g, p, "t6-t7/1")
	checkMoves(t, g, r, "deal")

	// With the stock dealt to the reserves too.
	g = agnesBernauer
	g.Reserves = 3
	g.DealWhenStuck = true
	checkMoves(t, g, bernauerPosition(), "r1-f2/1")
}

// bernauerPosition is an Agnes Bernauer position with three reserves, base
// 4 (so a 3 fills a space) and a four-card stock: one deal of 3, then 1.
func bernauerPosition() Position {
	return Position{
		Piles:    [][]string{{"9C"}, {}},
		Down:     []int{0, 0},
		Stock:    []string{"2H", "8D", "10H", "3C"},
		Reserves: [][]string{{"4D"}, {}, {"KS"}},
		Base:     4,
	}
}

func TestReserves(t *testing.T) {
	g := agnesBernauer
	g.Reserves = 3
	p := bernauerPosition()
	// 4D from its reserve to the foundation; KS (under no card) waits for a
	// red Ace; the deal.
	checkMoves(t, g, p, "r1-f2/1", "deal")

	q := mustApply(t, g, p, "deal")
	if !reflect.DeepEqual(q.Reserves, [][]string{{"4D", "3C"}, {"10H"}, {"KS", "8D"}}) {
		t.Errorf("reserves after the deal = %v", q.Reserves)
	}
	checkStrings(t, "stock after the deal", q.Stock, []string{"2H"})
	// 3C fills the space (one below the base); 8D goes on 9C; 9C never
	// goes on the reserve 10H; 4D under 3C is not playable.
	checkMoves(t, g, q, "r1-t2/1", "r3-t1/1", "deal")
	r := mustApply(t, g, q, "r1-t2/1")
	checkStrings(t, "t2", r.Piles[1], []string{"3C"})
	checkStrings(t, "r1", r.Reserves[0], []string{"4D"})
	checkHas(t, g, r, []string{"r1-f2/1"}, nil)

	// The short deal: one card to r1.
	r = mustApply(t, g, q, "deal")
	if !reflect.DeepEqual(r.Reserves, [][]string{{"4D", "3C", "2H"}, {"10H"}, {"KS", "8D"}}) {
		t.Errorf("reserves after the second deal = %v", r.Reserves)
	}
	checkHas(t, g, r, nil, []string{"deal"})

	// Worked by hand: depth 1 is r1-f2/1 and deal; after r1-f2/1 only the
	// deal; after the deal r1-t2/1, r3-t1/1 and the deal again.
	want := []Counts{
		{Nodes: 2, ToFoundation: 1, Deal: 1},
		{Nodes: 4, ReserveToPile: 2, Deal: 2},
	}
	if got := Perft(g, p, 2); !slices.Equal(got, want) {
		t.Errorf("Perft = %+v, want %+v", got, want)
	}
	g.DealWhenStuck = true
	want = []Counts{
		{Nodes: 1, ToFoundation: 1},
		{Nodes: 1, Deal: 1},
	}
	if got := Perft(g, p, 2); !slices.Equal(got, want) {
		t.Errorf("Perft with DealWhenStuck = %+v, want %+v", got, want)
	}

	// A reserve card is not won.
	won := Position{Reserves: [][]string{{}, {"AC"}, {}}}
	if Won(won) {
		t.Errorf("Won(a card on a reserve) = true")
	}
	won.Reserves[1] = nil
	if !Won(won) {
		t.Errorf("Won(empty reserves) = false")
	}
}

func TestNewMoveKinds(t *testing.T) {
	tests := map[string]string{
		"deal":    "deal",
		"r2-t3/1": "reserve-to-pile",
		"r1-f2/1": "to-foundation",
		"t1-f7/1": "to-foundation",
		"f6-t2/1": "from-foundation",
	}
	for m, want := range tests {
		if got := moveKind(m); got != want {
			t.Errorf("moveKind(%q) = %q, want %q", m, got, want)
		}
	}
}

// shuffled returns every card of g's decks, shuffled by seed.
func shuffled(g Game, seed uint64) []string {
	var deck []string
	for range decks(g) {
		for s := range 4 {
			for r := 1; r <= g.Ranks; r++ {
				deck = append(deck, cardName(r, s))
			}
		}
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	for i := len(deck) - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		deck[i], deck[j] = deck[j], deck[i]
	}
	return deck
}

// layout deals a shuffled deck of g: a triangle of piles of 1..piles cards
// (face down but the top one unless faceUp), then extra[j] face-up cards on
// pile j, then one card to each reserve, then (with BaseDealt) one card to
// its foundation, fixing the base; the rest is the stock.
func layout(g Game, seed uint64, piles int, faceUp bool, extra []int) Position {
	deck := shuffled(g, seed)
	take := func() string {
		s := deck[0]
		deck = deck[1:]
		return s
	}
	p := Position{Piles: make([][]string, piles), Down: make([]int, piles), Cells: make([]string, g.Cells)}
	for i := range piles {
		for range i + 1 {
			p.Piles[i] = append(p.Piles[i], take())
		}
		if !faceUp {
			p.Down[i] = i
		}
	}
	for j, n := range extra {
		for range n {
			p.Piles[j] = append(p.Piles[j], take())
		}
	}
	for range g.Reserves {
		p.Reserves = append(p.Reserves, []string{take()})
	}
	if g.BaseDealt {
		s := take()
		c := mustCard(s)
		p.Base = c.rank
		p.Foundations[c.suit] = []string{s}
	}
	p.Stock = deck
	return p
}

// TestPerftInvariantsGames checks the perft invariants of
// TestPerftInvariants on small deals of each game, and that the deals hold
// every card Decks times.
func TestPerftInvariantsGames(t *testing.T) {
	small := func(g Game, ranks int) Game {
		g.Ranks = ranks
		return g
	}
	stuck := func(g Game) Game {
		g.DealWhenStuck = true
		return g
	}
	wb := func(g Game) Game {
		g.WorryBack = true
		return g
	}
	sorel4 := small(agnesSorel, 4)
	bernauer4 := small(agnesBernauer, 4)
	bernauer4.Reserves = 3
	tests := []struct {
		name   string
		g      Game
		piles  int
		faceUp bool
		extra  []int
	}{
		{"double klondike", small(doubleKlondike, 3), 5, false, nil},
		{"double klondike wb", wb(small(doubleKlondike, 3)), 5, false, nil},
		{"gargantua", small(gargantua, 3), 5, false, nil},
		{"steps", small(steps, 3), 4, false, nil},
		{"yukon", small(yukon, 4), 4, false, []int{0, 2, 2, 2}},
		{"alaska", small(alaska, 4), 4, false, []int{0, 2, 2, 2}},
		{"thumb and pouch", small(thumbAndPouch, 4), 4, false, nil},
		{"whitehead", small(whitehead, 4), 4, true, nil},
		{"agnes sorel", sorel4, 3, false, nil},
		{"agnes sorel stuck", stuck(sorel4), 3, false, nil},
		{"agnes bernauer", bernauer4, 3, false, nil},
		{"agnes bernauer stuck", stuck(bernauer4), 3, true, nil},
	}
	const depth = 4
	for _, tt := range tests {
		for seed := range uint64(3) {
			g := tt.g
			p := layout(g, seed, tt.piles, tt.faceUp, tt.extra)
			if err := CheckFull(g, p); err != nil {
				t.Fatalf("%s seed %d: deal: %v", tt.name, seed, err)
			}
			got := Perft(g, p, depth)
			if int(got[0].Nodes) != len(Moves(g, p)) {
				t.Errorf("%s seed %d: depth 1 nodes %d, len(Moves) %d", tt.name, seed, got[0].Nodes, len(Moves(g, p)))
			}
			for d, c := range got {
				sum := c.ToFoundation + c.PileToPile + c.WasteToPile + c.Draw + c.Recycle + c.FromFoundation + c.Cell + c.Deal + c.ReserveToPile
				if sum != c.Nodes {
					t.Errorf("%s seed %d depth %d: kinds sum to %d, Nodes %d", tt.name, seed, d+1, sum, c.Nodes)
				}
			}
			var below int64
			for _, m := range Moves(g, p) {
				q := mustApply(t, g, p, m)
				if err := CheckFull(g, q); err != nil {
					t.Fatalf("%s seed %d: after %s: %v", tt.name, seed, m, err)
				}
				below += Perft(g, q, depth-1)[depth-2].Nodes
			}
			if below != got[depth-1].Nodes {
				t.Errorf("%s seed %d: depth %d nodes %d, sum over children %d", tt.name, seed, depth, got[depth-1].Nodes, below)
			}
		}
	}
}

func TestCheckFull(t *testing.T) {
	g := Game{Draw: 1, Ranks: 1, Decks: 2}
	p := Position{
		Piles:            [][]string{{"AC", "AD"}},
		Down:             []int{1},
		Stock:            []string{"AH", "AS", "AD"},
		Waste:            []string{"AH"},
		ExtraFoundations: [4][]string{{"AC"}, nil, nil, {"AS"}},
	}
	if err := CheckFull(g, p); err != nil {
		t.Errorf("CheckFull(all eight cards) = %v", err)
	}
	p.Waste = nil
	if err := CheckFull(g, p); err == nil {
		t.Errorf("CheckFull(a card missing) = nil, want an error")
	}
}
