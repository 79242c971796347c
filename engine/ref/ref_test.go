package ref

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// classic is Klondike draw 1, one pass, 13 ranks, no options.
var classic = Game{Draw: 1, Passes: 1, Ranks: 13}

// run returns the cards from rank lo to rank hi of suit s ("C", "D", "H", "S").
func run(s string, lo, hi int) []string {
	var out []string
	for r := lo; r <= hi; r++ {
		out = append(out, rankNames[r]+s)
	}
	return out
}

// checkMoves fails unless Moves(g, p) is want, in any order.
func checkMoves(t *testing.T, g Game, p Position, want ...string) {
	t.Helper()
	got := Moves(g, p)
	gs := slices.Clone(got)
	ws := slices.Clone(want)
	slices.Sort(gs)
	slices.Sort(ws)
	if !slices.Equal(gs, ws) {
		t.Errorf("Moves = %v, want %v", gs, ws)
	}
}

// mustApply applies m and fails the test on an error.
func mustApply(t *testing.T, g Game, p Position, m string) Position {
	t.Helper()
	q, err := Apply(g, p, m)
	if err != nil {
		t.Fatalf("Apply(%q): %v", m, err)
	}
	return q
}

// checkStrings fails unless got and want hold the same strings (nil and
// empty are the same).
func checkStrings(t *testing.T, what string, got, want []string) {
	t.Helper()
	if len(got) == 0 && len(want) == 0 {
		return
	}
	if !slices.Equal(got, want) {
		t.Errorf("%s = %v, want %v", what, got, want)
	}
}

func TestDrawThree(t *testing.T) {
	g := Game{Draw: 3, Passes: 0, Ranks: 13}
	p := Position{
		Piles: [][]string{{"KS"}},
		Down:  []int{0},
		Stock: []string{"3C", "4C", "5C", "6C"},
		Waste: []string{"2D"},
	}
	q := mustApply(t, g, p, "draw")
	checkStrings(t, "stock after first draw", q.Stock, []string{"3C"})
	checkStrings(t, "waste after first draw", q.Waste, []string{"2D", "6C", "5C", "4C"})

	// Fewer than three cards left: what remains is dealt, the deepest on top.
	p.Stock = []string{"5H", "9C"}
	q = mustApply(t, g, p, "draw")
	checkStrings(t, "stock after short draw", q.Stock, nil)
	checkStrings(t, "waste after short draw", q.Waste, []string{"2D", "9C", "5H"})
	checkMoves(t, g, q, "recycle")
}

func TestDrawOne(t *testing.T) {
	p := Position{
		Piles: [][]string{{"KS"}},
		Down:  []int{0},
		Stock: []string{"3C", "4C"},
	}
	q := mustApply(t, classic, p, "draw")
	checkStrings(t, "stock", q.Stock, []string{"3C"})
	checkStrings(t, "waste", q.Waste, []string{"4C"})
}

func TestRecycle(t *testing.T) {
	p := Position{
		Piles: [][]string{{"KS"}},
		Down:  []int{0},
		Waste: []string{"3C", "4C", "5C"},
	}
	tests := []struct {
		passes, recycles int
		allowed          bool
	}{
		{0, 0, true},
		{0, 7, true},
		{1, 0, false},
		{2, 0, true},
		{2, 1, false},
		{3, 0, true},
		{3, 1, true},
		{3, 2, false},
	}
	for _, tt := range tests {
		g := Game{Draw: 3, Passes: tt.passes, Ranks: 13}
		p.Recycles = tt.recycles
		got := slices.Contains(Moves(g, p), "recycle")
		if got != tt.allowed {
			t.Errorf("passes %d, recycles %d: recycle listed = %v, want %v", tt.passes, tt.recycles, got, tt.allowed)
		}
	}

	g := Game{Draw: 3, Passes: 0, Ranks: 13}
	p.Recycles = 4
	q := mustApply(t, g, p, "recycle")
	checkStrings(t, "stock after recycle", q.Stock, []string{"5C", "4C", "3C"})
	checkStrings(t, "waste after recycle", q.Waste, nil)
	if q.Recycles != 5 {
		t.Errorf("Recycles = %d, want 5", q.Recycles)
	}
	// The bottom card of the old waste is turned first.
	r := mustApply(t, g, q, "draw")
	checkStrings(t, "waste after recycle and draw", r.Waste, []string{"3C", "4C", "5C"})

	// Not while the stock has cards, and not with an empty waste.
	p.Stock = []string{"6C"}
	if slices.Contains(Moves(g, p), "recycle") {
		t.Errorf("recycle listed with a non-empty stock")
	}
	empty := Position{Piles: [][]string{{"KS"}}, Down: []int{0}}
	checkMoves(t, g, empty)
}

// strictPosition has a three-card face-up group on t1 that can move whole
// (to t2), in part (to t3 and t4), and lose its top card to a foundation.
func strictPosition() Position {
	return Position{
		Piles: [][]string{
			{"QS", "9C", "8H", "7S"},
			{"10D"},
			{"8D"},
			{"9S"},
		},
		Down:        []int{1, 0, 0, 0},
		Foundations: [4][]string{nil, nil, nil, run("S", 1, 6)},
	}
}

func TestGroupMoves(t *testing.T) {
	checkMoves(t, classic, strictPosition(),
		"t1-t2/3", "t1-t3/1", "t1-t4/2", "t1-f4/1", "t3-t4/1", "t4-t2/1")

	q := mustApply(t, classic, strictPosition(), "t1-t4/2")
	if !reflect.DeepEqual(q.Piles, [][]string{{"QS", "9C"}, {"10D"}, {"8D"}, {"9S", "8H", "7S"}}) {
		t.Errorf("piles after t1-t4/2 = %v", q.Piles)
	}
	if !slices.Equal(q.Down, []int{1, 0, 0, 0}) {
		t.Errorf("Down after t1-t4/2 = %v, want [1 0 0 0]", q.Down)
	}
}

func TestStrict(t *testing.T) {
	g := classic
	g.Strict = true
	checkMoves(t, g, strictPosition(), "t1-t2/3", "t1-f4/1", "t3-t4/1", "t4-t2/1")

	q := mustApply(t, g, strictPosition(), "t1-t2/3")
	if !reflect.DeepEqual(q.Piles, [][]string{{"QS"}, {"10D", "9C", "8H", "7S"}, {"8D"}, {"9S"}}) {
		t.Errorf("piles after t1-t2/3 = %v", q.Piles)
	}
	if !slices.Equal(q.Down, []int{0, 0, 0, 0}) {
		t.Errorf("Down after t1-t2/3 = %v, want all 0", q.Down)
	}
	if _, err := Apply(g, strictPosition(), "t1-t4/2"); err == nil {
		t.Errorf("Apply(t1-t4/2) under Strict: got no error, want one")
	}
}

func TestCells(t *testing.T) {
	g := Game{Draw: 1, Passes: 1, Cells: 2, Ranks: 13}
	p := Position{
		Piles:       [][]string{{"8C"}, {}},
		Down:        []int{0, 0},
		Waste:       []string{"KH"},
		Foundations: [4][]string{nil, run("D", 1, 6), nil, nil},
		Cells:       []string{"7D", ""},
	}
	// c1 is full, so c2 is the cell offered; foundation cards never go to a
	// cell and cell cards never go to another cell.
	checkMoves(t, g, p, "c1-t1/1", "c1-f2/1", "w-t2/1", "w-c2/1", "t1-c2/1")

	q := mustApply(t, g, p, "t1-c2/1")
	checkStrings(t, "cells after t1-c2/1", q.Cells, []string{"7D", "8C"})
	checkStrings(t, "t1 after t1-c2/1", q.Piles[0], nil)
	// Both cells full: nothing goes to a cell.
	checkMoves(t, g, q, "c1-f2/1", "w-t1/1", "w-t2/1")
	if _, err := Apply(g, q, "w-c1/1"); err == nil {
		t.Errorf("Apply(w-c1/1) to a full cell: got no error, want one")
	}

	// Both cells empty: only c1 is offered. A King in a cell fills a space.
	p2 := Position{
		Piles: [][]string{{"8C"}, {}},
		Down:  []int{0, 0},
		Cells: []string{"", "KS"},
	}
	checkMoves(t, g, p2, "t1-c1/1", "c2-t2/1")
	p2.Cells = []string{"", ""}
	checkMoves(t, g, p2, "t1-c1/1")

	q = mustApply(t, g, p, "c1-f2/1")
	checkStrings(t, "f2 after c1-f2/1", q.Foundations[1], run("D", 1, 7))
	checkStrings(t, "cells after c1-f2/1", q.Cells, []string{"", ""})
}

func TestWorryBack(t *testing.T) {
	p := Position{
		Piles:       [][]string{{"4H"}, {}},
		Down:        []int{0, 0},
		Foundations: [4][]string{run("C", 1, 3), nil, nil, run("S", 1, 13)},
	}
	checkMoves(t, classic, p)

	g := classic
	g.WorryBack = true
	checkMoves(t, g, p, "f1-t1/1", "f4-t2/1")
	q := mustApply(t, g, p, "f1-t1/1")
	checkStrings(t, "t1 after f1-t1/1", q.Piles[0], []string{"4H", "3C"})
	checkStrings(t, "f1 after f1-t1/1", q.Foundations[0], run("C", 1, 2))

	// Foundation cards go to piles only, never to cells.
	g.Cells = 2
	p.Cells = []string{"", ""}
	checkMoves(t, g, p, "f1-t1/1", "f4-t2/1", "t1-c1/1")
}

func TestFlipOnUncover(t *testing.T) {
	p := Position{
		Piles:       [][]string{{"KD", "QH", "5H", "4S"}, {"5D"}},
		Down:        []int{2, 0},
		Foundations: [4][]string{nil, nil, nil, run("S", 1, 3)},
	}
	// Part of the face-up group moves: no flip.
	q := mustApply(t, classic, p, "t1-t2/1")
	if !slices.Equal(q.Down, []int{2, 0}) {
		t.Errorf("Down after t1-t2/1 = %v, want [2 0]", q.Down)
	}
	r := mustApply(t, classic, p, "t1-f4/1")
	if !slices.Equal(r.Down, []int{2, 0}) {
		t.Errorf("Down after t1-f4/1 = %v, want [2 0]", r.Down)
	}
	// The last face-up card goes: QH turns up.
	p2 := Position{
		Piles:       [][]string{{"KD", "QH", "4S"}, {"5D"}},
		Down:        []int{2, 0},
		Foundations: [4][]string{nil, nil, nil, run("S", 1, 3)},
	}
	for _, m := range []string{"t1-f4/1", "t1-t2/1"} {
		r := mustApply(t, classic, p2, m)
		if !slices.Equal(r.Down, []int{1, 0}) {
			t.Errorf("Down after %s = %v, want [1 0]", m, r.Down)
		}
		checkStrings(t, "t1 after "+m, r.Piles[0], []string{"KD", "QH"})
	}
	if got := Perft(classic, p2, 1)[0].Flips; got != 2 {
		t.Errorf("Perft flips = %d, want 2", got)
	}
}

func TestKingToEmpty(t *testing.T) {
	g := Game{Draw: 1, Passes: 0, Ranks: 13}
	p := Position{
		Piles: [][]string{{"2C", "KH", "QS"}, {}, {"KC"}, {}},
		Down:  []int{1, 0, 0, 0},
		Waste: []string{"JD"},
	}
	// The King group goes to each space; a lone King with nothing under it
	// is still listed; QS and JD may not fill a space.
	checkMoves(t, g, p, "t1-t2/2", "t1-t4/2", "t3-t2/1", "t3-t4/1", "w-t1/1", "recycle")

	q := mustApply(t, g, p, "t1-t4/2")
	if !reflect.DeepEqual(q.Piles, [][]string{{"2C"}, {}, {"KC"}, {"KH", "QS"}}) {
		t.Errorf("piles after t1-t4/2 = %v", q.Piles)
	}
	if !slices.Equal(q.Down, []int{0, 0, 0, 0}) {
		t.Errorf("Down after t1-t4/2 = %v, want all 0", q.Down)
	}

	// With fewer ranks the King is the highest rank.
	small := Game{Draw: 1, Passes: 1, Ranks: 3}
	p3 := Position{Piles: [][]string{{"3H"}, {"2H"}, {}}, Down: []int{0, 0, 0}}
	checkMoves(t, small, p3, "t1-t3/1")
}

func TestApplyErrors(t *testing.T) {
	p := strictPosition()
	bad := []string{
		"", "garbage", "draw", "recycle", "t1-t9/1", "t1-t2/4", "t1-t2/2", "t1-f1/1",
		"t1-t1/1", "T1-t2/3", "t1-t2/03", "t01-t2/3", "t1-t2", "t1-c1/1", "f4-t1/1",
		"t1-w/1", " t1-t2/3",
	}
	for _, m := range bad {
		if _, err := Apply(classic, p, m); err == nil {
			t.Errorf("Apply(%q): got no error, want one", m)
		}
	}

	malformed := []struct {
		name string
		g    Game
		p    Position
	}{
		{"down count missing", classic, Position{Piles: [][]string{{"KS"}}}},
		{"top face down", classic, Position{Piles: [][]string{{"KS"}}, Down: []int{1}}},
		{"unknown card", classic, Position{Piles: [][]string{{"1S"}}, Down: []int{0}}},
		{"card twice", classic, Position{Piles: [][]string{{"KS"}}, Down: []int{0}, Waste: []string{"KS"}}},
		{"rank too high", Game{Draw: 1, Ranks: 3}, Position{Piles: [][]string{{"4S"}}, Down: []int{0}}},
		{"foundation out of order", classic, Position{Foundations: [4][]string{{"2C"}}}},
		{"foundation wrong suit", classic, Position{Foundations: [4][]string{{"AD"}}}},
		{"cells missing", Game{Draw: 1, Cells: 2, Ranks: 13}, Position{}},
		{"draw zero", Game{Ranks: 13}, Position{}},
	}
	for _, tt := range malformed {
		if _, err := Apply(tt.g, tt.p, "draw"); err == nil {
			t.Errorf("%s: Apply: got no error, want one", tt.name)
		}
	}
}

func TestApplyCopies(t *testing.T) {
	g := Game{Draw: 1, Passes: 0, Cells: 2, Ranks: 13}
	p := Position{
		Piles:       [][]string{{"QS", "9C", "8H", "7S"}, {"10D"}},
		Down:        []int{1, 0},
		Stock:       []string{"2H"},
		Waste:       []string{"3H"},
		Foundations: [4][]string{nil, nil, nil, run("S", 1, 6)},
		Cells:       []string{"", ""},
	}
	before := clonePosition(p)
	for _, m := range Moves(g, p) {
		q := mustApply(t, g, p, m)
		// Scribble over every slice of the child.
		for i := range q.Piles {
			q.Piles[i] = append(q.Piles[i][:0], strings.Repeat("x", i+1))
		}
		for i := range q.Down {
			q.Down[i] = 99
		}
		for i := range q.Stock {
			q.Stock[i] = "x"
		}
		for i := range q.Waste {
			q.Waste[i] = "x"
		}
		for f := range q.Foundations {
			for i := range q.Foundations[f] {
				q.Foundations[f][i] = "x"
			}
		}
		for i := range q.Cells {
			q.Cells[i] = "x"
		}
		if !reflect.DeepEqual(clonePosition(p), before) {
			t.Fatalf("Apply(%q) result aliases its input: input now %+v", m, p)
		}
	}
}

func TestWon(t *testing.T) {
	won := Position{
		Piles:       [][]string{{}, {}},
		Down:        []int{0, 0},
		Foundations: [4][]string{run("C", 1, 2), run("D", 1, 2), run("H", 1, 2), run("S", 1, 2)},
		Cells:       []string{"", ""},
	}
	if !Won(won) {
		t.Errorf("Won(all on foundations) = false, want true")
	}
	notWon := clonePosition(won)
	notWon.Foundations[3] = run("S", 1, 1)
	notWon.Cells[1] = "2S"
	if Won(notWon) {
		t.Errorf("Won(2S in a cell) = true, want false")
	}
	notWon.Cells[1] = ""
	notWon.Waste = []string{"2S"}
	if Won(notWon) {
		t.Errorf("Won(2S in the waste) = true, want false")
	}
	notWon.Waste = nil
	notWon.Piles[0] = []string{"2S"}
	if Won(notWon) {
		t.Errorf("Won(2S on a pile) = true, want false")
	}
}

// tinyPosition is a two-rank, two-pile position whose perft was counted by
// hand (see TestPerftTiny).
func tinyPosition() Position {
	return Position{
		Piles:       [][]string{{"2D", "AC"}, {"2S"}},
		Down:        []int{1, 0},
		Stock:       []string{"2C", "AH", "2H"},
		Waste:       []string{"AD"},
		Foundations: [4][]string{nil, nil, nil, {"AS"}},
	}
}

// TestPerftTiny checks counts worked out by hand. With Ranks 2 the King is
// rank 2. Depth 1 has five moves: draw, w-t2/1 (AD on 2S), w-f2/1,
// t1-f1/1 (turns up 2D), t2-f4/1. Their children have:
//
//	draw:    draw, t1-f1/1 (flip), t2-f4/1                 = 3
//	w-t2/1:  draw, t1-f1/1 (flip), t2-f2/1                 = 3
//	w-f2/1:  draw, t1-f1/1 (flip), t2-f4/1                 = 3
//	t1-f1/1: draw, w-t2/1, w-f2/1, t2-f4/1                 = 4
//	t2-f4/1: draw, w-f2/1, t1-f1/1 (flip)                  = 3
//
// With WorryBack the children add f2-t2/1 (after w-f2/1), f1-t1/1 and
// f4-t1/1 (after t1-f1/1) and f4-t2/1 (after t2-f4/1): 4 more.
func TestPerftTiny(t *testing.T) {
	g := Game{Draw: 1, Passes: 1, Ranks: 2}
	want := []Counts{
		{Nodes: 5, Draw: 1, WasteToPile: 1, ToFoundation: 3, Flips: 1},
		{Nodes: 16, Draw: 5, WasteToPile: 1, ToFoundation: 10, Flips: 4},
	}
	if got := Perft(g, tinyPosition(), 2); !slices.Equal(got, want) {
		t.Errorf("Perft = %+v, want %+v", got, want)
	}

	g.WorryBack = true
	want[1].Nodes += 4
	want[1].FromFoundation = 4
	if got := Perft(g, tinyPosition(), 2); !slices.Equal(got, want) {
		t.Errorf("Perft with WorryBack = %+v, want %+v", got, want)
	}

	if got := Perft(g, tinyPosition(), 0); len(got) != 0 {
		t.Errorf("Perft depth 0 = %v, want empty", got)
	}
}

func TestMoveKind(t *testing.T) {
	tests := map[string]string{
		"draw":     "draw",
		"recycle":  "recycle",
		"w-f2/1":   "to-foundation",
		"c1-f3/1":  "to-foundation",
		"t10-f4/1": "to-foundation",
		"f3-t1/1":  "from-foundation",
		"t4-c1/1":  "cell",
		"w-c2/1":   "cell",
		"c2-t5/1":  "cell",
		"w-t3/1":   "waste-to-pile",
		"t1-t3/2":  "pile-to-pile",
	}
	for m, want := range tests {
		if got := moveKind(m); got != want {
			t.Errorf("moveKind(%q) = %q, want %q", m, got, want)
		}
	}
}

// deal lays out a shuffled deck of g.Ranks ranks as Klondike does: piles of
// 1..piles cards with the top one face up, the rest in the stock.
func deal(g Game, piles int, seed uint64) Position {
	var deck []string
	for s := range 4 {
		for r := 1; r <= g.Ranks; r++ {
			deck = append(deck, cardName(r, s))
		}
	}
	rng := rand.New(rand.NewPCG(seed, 0))
	for i := len(deck) - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		deck[i], deck[j] = deck[j], deck[i]
	}
	p := Position{Piles: make([][]string, piles), Down: make([]int, piles), Cells: make([]string, g.Cells)}
	for i := range piles {
		p.Piles[i] = slices.Clone(deck[:i+1])
		p.Down[i] = i
		deck = deck[i+1:]
	}
	p.Stock = deck
	return p
}

// TestPerftInvariants checks, on small dealt games under every option, that
// the kinds add up to Nodes, that depth 1 is len(Moves), and that each depth
// is the sum over the first moves of the depth below.
func TestPerftInvariants(t *testing.T) {
	games := []Game{
		{Draw: 1, Passes: 1, Ranks: 4},
		{Draw: 3, Passes: 0, Ranks: 4},
		{Draw: 2, Passes: 3, Ranks: 4, WorryBack: true},
		{Draw: 1, Passes: 1, Ranks: 4, Cells: 2},
		{Draw: 1, Passes: 1, Ranks: 4, Strict: true},
		{Draw: 3, Passes: 0, Ranks: 13, WorryBack: true, Cells: 2},
	}
	const depth = 4
	for gi, g := range games {
		for seed := range uint64(3) {
			p := deal(g, 4, seed)
			got := Perft(g, p, depth)
			if int(got[0].Nodes) != len(Moves(g, p)) {
				t.Errorf("game %d seed %d: depth 1 nodes %d, len(Moves) %d", gi, seed, got[0].Nodes, len(Moves(g, p)))
			}
			for d, c := range got {
				sum := c.ToFoundation + c.PileToPile + c.WasteToPile + c.Draw + c.Recycle + c.FromFoundation + c.Cell
				if sum != c.Nodes {
					t.Errorf("game %d seed %d depth %d: kinds sum to %d, Nodes %d", gi, seed, d+1, sum, c.Nodes)
				}
			}
			var below int64
			for _, m := range Moves(g, p) {
				q := mustApply(t, g, p, m)
				below += Perft(g, q, depth-1)[depth-2].Nodes
			}
			if below != got[depth-1].Nodes {
				t.Errorf("game %d seed %d: depth %d nodes %d, sum over children %d", gi, seed, depth, got[depth-1].Nodes, below)
			}
		}
	}
}
