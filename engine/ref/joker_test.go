package ref

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// Joker Klondike: every rule of notes/joker-rules.md on a hand-built
// position, then random playouts and perft over Joker deals.

// jokerGame is Joker Klondike draw 1, unlimited passes, 13 ranks.
var jokerGame = Game{Draw: 1, Passes: 0, Ranks: 13, Joker: true}

// jokerPos returns a position with the given piles (down counts all 0 but
// where down says otherwise), waste, stock and foundations.
func jokerPos(piles [][]string, down []int, waste, stock []string, found [4][]string) Position {
	if down == nil {
		down = make([]int, len(piles))
	}
	return Position{Piles: piles, Down: down, Waste: waste, Stock: stock, Foundations: found}
}

// applyFlip applies m and returns the new position and whether it turned a
// card face up.
func applyFlip(t *testing.T, g Game, p Position, m string) (Position, bool) {
	t.Helper()
	q, flipped, err := apply(g, p, m)
	if err != nil {
		t.Fatalf("apply(%q): %v", m, err)
	}
	return q, flipped
}

func TestJokerValidateGame(t *testing.T) {
	bad := map[string]Game{
		"two decks":        {Draw: 1, Ranks: 13, Joker: true, Decks: 2},
		"worry back":       {Draw: 1, Ranks: 13, Joker: true, WorryBack: true},
		"stock to piles":   {Ranks: 13, Joker: true, StockTo: "piles"},
		"stock to reserve": {Ranks: 13, Joker: true, StockTo: "reserves", Reserves: 2},
		"dealt base":       {Draw: 1, Ranks: 13, Joker: true, BaseDealt: true},
		"cells":            {Draw: 1, Ranks: 13, Joker: true, Cells: 2},
		"reserves":         {Draw: 1, Ranks: 13, Joker: true, Reserves: 2},
	}
	for name, g := range bad {
		err := validateGame(g)
		if err == nil {
			t.Errorf("%s: validateGame = nil, want an error", name)
		} else if !strings.Contains(err.Error(), "joker") {
			t.Errorf("%s: error %q does not name the joker", name, err)
		}
	}
	good := []Game{
		jokerGame,
		{Draw: 3, Passes: 1, Ranks: 4, Joker: true},
		{Draw: 1, Ranks: 13, Joker: true, Decks: 1, StockTo: "waste"},
		{Draw: 1, Ranks: 13, Joker: true, Strict: true},
	}
	for _, g := range good {
		if err := validateGame(g); err != nil {
			t.Errorf("%+v: validateGame = %v", g, err)
		}
	}
}

func TestJokerMalformed(t *testing.T) {
	classicJ := Game{Draw: 1, Ranks: 13}
	tests := []struct {
		name string
		g    Game
		p    Position
	}{
		{"joker without Game.Joker", classicJ, jokerPos([][]string{{"JK"}}, nil, nil, nil, [4][]string{})},
		{"waiting without Game.Joker", classicJ, Position{JokerWaiting: true}},
		{"joker twice", jokerGame, jokerPos([][]string{{"JK"}}, nil, []string{"JK"}, nil, [4][]string{})},
		{"joker waiting and in the stock", jokerGame, Position{Stock: []string{"JK"}, JokerWaiting: true}},
		{"joker waiting and on a foundation", jokerGame, Position{Foundations: [4][]string{{"AC", "JK"}}, JokerWaiting: true}},
		{"joker below the Ace", jokerGame, Position{Foundations: [4][]string{{"JK"}}}},
		{"card out of order past the joker", jokerGame, Position{Foundations: [4][]string{{"AC", "JK", "2C"}}}},
		{"too many cards with the joker", Game{Draw: 1, Ranks: 2, Joker: true}, Position{Foundations: [4][]string{{"AC", "2C", "JK"}}}},
	}
	for _, tt := range tests {
		if err := validate(tt.g, tt.p); err == nil {
			t.Errorf("%s: validate = nil, want an error", tt.name)
		}
	}
	ok := []Position{
		{Foundations: [4][]string{{"AC", "JK"}}},
		{Foundations: [4][]string{{"AC", "JK", "3C", "4C"}}},
		{Foundations: [4][]string{append(run("C", 1, 12), "JK")}},
		{Piles: [][]string{{"JK", "5D"}}, Down: []int{1}},
		{JokerWaiting: true},
	}
	for i, p := range ok {
		if err := validate(jokerGame, p); err != nil {
			t.Errorf("position %d: validate = %v", i, err)
		}
	}
}

// TestJokerForced: rule 3, with 0, 1 and 2 open foundations.
func TestJokerForced(t *testing.T) {
	g := jokerGame

	// No foundation open: the Joker stays where it is; nothing is built on
	// it, it goes to no pile (not even an empty one), and play goes on.
	p := jokerPos([][]string{{"5C", "JK"}, {"KD"}, {}, {"4H"}}, []int{1, 0, 0, 0}, []string{"3S"}, []string{"9S"}, [4][]string{})
	checkMoves(t, g, p, "draw", "t2-t3/1", "w-t4/1")
	p.Waste = []string{"10S", "JK"}
	p.Piles[0] = []string{"5C", "QS"}
	checkMoves(t, g, p, "draw", "t2-t3/1", "t1-t2/1")
	// A complete foundation is not open.
	small := Game{Draw: 1, Ranks: 2, Joker: true}
	p2 := jokerPos([][]string{{"JK"}, {"2H"}}, nil, nil, []string{"AD"}, [4][]string{run("C", 1, 2)})
	checkMoves(t, small, p2, "draw")

	// One open foundation: the Joker's move to it is the only move (no
	// draw, no Ace or other card to a foundation, no building).
	p = jokerPos([][]string{{"AH"}, {"6S"}, {}}, nil, []string{"5H", "JK"}, []string{"KS"}, [4][]string{nil, {"AD"}, nil, nil})
	checkMoves(t, g, p, "w-f2/1")
	q := mustApply(t, g, p, "w-f2/1")
	checkStrings(t, "f2", q.Foundations[1], []string{"AD", "JK"})
	checkStrings(t, "waste", q.Waste, []string{"5H"})
	checkMoves(t, g, q, "draw", "w-t2/1", "t1-f3/1")

	// Two open foundations (f4 is complete, f2 empty): one move each, the
	// player's choice; from a pile it turns up the card below.
	p = jokerPos([][]string{{"9D", "JK"}, {"AD"}}, []int{1, 0}, nil, []string{"7C"},
		[4][]string{{"AC", "2C"}, nil, {"AH"}, run("S", 1, 13)})
	checkMoves(t, g, p, "t1-f1/1", "t1-f3/1")
	q, flipped := applyFlip(t, g, p, "t1-f3/1")
	if !flipped || q.Down[0] != 0 {
		t.Errorf("t1-f3/1: flipped %v, Down %v; want a flip, Down 0", flipped, q.Down)
	}
	checkStrings(t, "f3", q.Foundations[2], []string{"AH", "JK"})
	checkStrings(t, "f1", q.Foundations[0], []string{"AC", "2C"})

	// A face-down Joker turned up on a pile is forced at once.
	p = jokerPos([][]string{{"JK", "7C"}, {"8H"}}, []int{1, 0}, nil, []string{"2D"}, [4][]string{{"AC"}})
	q, flipped = applyFlip(t, g, p, "t1-t2/1")
	if !flipped {
		t.Errorf("t1-t2/1 did not turn up the Joker")
	}
	checkMoves(t, g, q, "t1-f1/1")

	// The first Ace played opens a foundation: a Joker waiting on a pile
	// top is then forced onto it.
	p = jokerPos([][]string{{"JK"}, {"AS"}}, nil, nil, []string{"3C"}, [4][]string{})
	checkMoves(t, g, p, "draw", "t2-f4/1")
	q = mustApply(t, g, p, "t2-f4/1")
	checkMoves(t, g, q, "t1-f4/1")
	q = mustApply(t, g, q, "t1-f4/1")
	checkStrings(t, "f4", q.Foundations[3], []string{"AS", "JK"})
	if len(q.Piles[0]) != 0 || q.JokerWaiting {
		t.Errorf("after t1-f4/1: pile 1 %v, waiting %v", q.Piles[0], q.JokerWaiting)
	}
}

// TestJokerCoveredOnWaste: with no foundation open the Joker on the waste is
// covered by later draws and not forced while covered; once uncovered with
// a foundation open it is forced; a recycle takes it into the stock.
func TestJokerCoveredOnWaste(t *testing.T) {
	g := jokerGame
	p := jokerPos([][]string{{"AC"}, {"6S"}}, nil, []string{"JK"}, []string{"5H"}, [4][]string{})
	checkMoves(t, g, p, "draw", "t1-f1/1")
	q := mustApply(t, g, p, "draw")
	checkStrings(t, "waste", q.Waste, []string{"JK", "5H"})
	q = mustApply(t, g, q, "t1-f1/1")
	checkMoves(t, g, q, "w-t2/1", "recycle") // the Joker is covered: not forced
	q = mustApply(t, g, q, "w-t2/1")
	checkMoves(t, g, q, "w-f1/1") // uncovered: forced

	// A recycle takes the Joker back into the stock.
	p = jokerPos([][]string{{"KD"}}, nil, []string{"3C", "JK"}, nil, [4][]string{})
	checkMoves(t, g, p, "recycle")
	q = mustApply(t, g, p, "recycle")
	checkStrings(t, "stock", q.Stock, []string{"JK", "3C"})
	checkStrings(t, "waste", q.Waste, nil)
}

// TestJokerInStock: a draw that turns up the Joker as the waste top forces
// it; a draw of three that covers it does not.
func TestJokerInStock(t *testing.T) {
	g := jokerGame
	p := jokerPos([][]string{{"8H"}}, nil, nil, []string{"4H", "JK"}, [4][]string{nil, nil, {"AH"}, {"AS"}})
	q := mustApply(t, g, p, "draw")
	checkMoves(t, g, q, "w-f3/1", "w-f4/1")
	q = mustApply(t, g, q, "w-f4/1")
	checkStrings(t, "f4", q.Foundations[3], []string{"AS", "JK"})

	g3 := Game{Draw: 3, Passes: 0, Ranks: 13, Joker: true}
	p = jokerPos([][]string{{"10H"}}, nil, nil, []string{"9C", "JK", "4H"}, [4][]string{nil, nil, {"AH"}, nil})
	q = mustApply(t, g3, p, "draw")
	checkStrings(t, "waste", q.Waste, []string{"4H", "JK", "9C"})
	checkMoves(t, g3, q, "w-t1/1", "recycle")
	q = mustApply(t, g3, q, "w-t1/1")
	checkMoves(t, g3, q, "w-f3/1")
}

// TestJokerRelease: rule 4 with other open foundations: the real card takes
// the Joker's place and the Joker goes on to the chosen open foundation.
func TestJokerRelease(t *testing.T) {
	g := jokerGame
	// f1 = AC, Joker (for 2C); f2 = AD and f3 = AH..3H are open, f4 empty.
	found := [4][]string{{"AC", "JK"}, {"AD"}, run("H", 1, 3), nil}
	p := jokerPos([][]string{{"9S", "2C"}, {"3D"}, {"3C"}}, []int{1, 0, 0}, nil, []string{"5S"}, found)
	checkMoves(t, g, p,
		"draw",
		"t1-f1/1+f2", "t1-f1/1+f3", // the release, one per choice
		"t1-t2/1", // 2C played another way: on 3D
		"t3-f1/1", // 3C built on the Joker
	)
	q, flipped := applyFlip(t, g, p, "t1-f1/1+f3")
	if !flipped || q.Down[0] != 0 {
		t.Errorf("t1-f1/1+f3: flipped %v, Down %v", flipped, q.Down)
	}
	checkStrings(t, "f1", q.Foundations[0], []string{"AC", "2C"})
	checkStrings(t, "f3", q.Foundations[2], []string{"AH", "2H", "3H", "JK"})
	checkStrings(t, "t1", q.Piles[0], []string{"9S"})
	if q.JokerWaiting {
		t.Errorf("the Joker waits after going to f3")
	}
	// f1 is open again and takes 3C; the Joker now stands for 4H.
	checkHas(t, g, q, []string{"t3-f1/1"}, nil)

	// From the waste, with the Joker in the middle of its foundation (3C,
	// 4C built on it): the real card takes its place under them.
	found = [4][]string{{"AC", "JK", "3C", "4C"}, {"AD"}, nil, nil}
	p = jokerPos([][]string{{"KH"}}, nil, []string{"2C"}, nil, found)
	checkMoves(t, g, p, "w-f1/1+f2", "recycle")
	q = mustApply(t, g, p, "w-f1/1+f2")
	checkStrings(t, "f1", q.Foundations[0], run("C", 1, 4))
	checkStrings(t, "f2", q.Foundations[1], []string{"AD", "JK"})
	checkStrings(t, "waste", q.Waste, nil)
}

// TestJokerReleaseWaits: rule 4 with no other open foundation: the Joker
// waits, even though its own foundation is open again; nothing else moves it.
func TestJokerReleaseWaits(t *testing.T) {
	g := Game{Draw: 1, Passes: 1, Ranks: 3, Joker: true}
	// f2 is complete (3 ranks), f3, f4 empty: no other foundation is open.
	found := [4][]string{{"AC", "JK"}, run("D", 1, 3), nil, nil}
	p := jokerPos([][]string{{"2C"}, {"3C"}, {"2S"}}, nil, nil, []string{"AH"}, found)
	checkMoves(t, g, p, "draw", "t1-f1/1+wait", "t2-f1/1")
	q := mustApply(t, g, p, "t1-f1/1+wait")
	if !q.JokerWaiting {
		t.Fatalf("the Joker is not waiting")
	}
	checkStrings(t, "f1", q.Foundations[0], []string{"AC", "2C"})
	if err := CheckFull(g, completeSmall(q)); err != nil {
		t.Errorf("CheckFull: %v", err)
	}
	// f1 is open but the Joker waits; 3C goes on f1 without it (or, the
	// King of 3 ranks, to the space).
	checkMoves(t, g, q, "draw", "t2-f1/1", "t2-t1/1")
	r := mustApply(t, g, q, "t2-f1/1")
	checkStrings(t, "f1", r.Foundations[0], run("C", 1, 3))
	if !r.JokerWaiting {
		t.Errorf("the Joker stopped waiting without an Ace")
	}
}

// completeSmall adds to a 3-rank position the cards it lacks, in the stock,
// so that CheckFull can be used on it.
func completeSmall(p Position) Position {
	q := clonePosition(p)
	have := map[string]bool{}
	for _, s := range slices.Concat(q.Stock, q.Waste, slices.Concat(q.Piles...), slices.Concat(q.Foundations[:]...)) {
		have[s] = true
	}
	for s := range 4 {
		for r := 1; r <= 3; r++ {
			if c := cardName(r, s); !have[c] {
				q.Stock = append([]string{c}, q.Stock...)
			}
		}
	}
	return q
}

// TestJokerRidesAce: rule 5: the next Ace to a foundation carries the
// waiting Joker onto its foundation as its 2.
func TestJokerRidesAce(t *testing.T) {
	g := jokerGame
	p := jokerPos([][]string{{"7D", "AH"}, {"3C"}}, []int{1, 0}, []string{"AS"}, []string{"5D"}, [4][]string{run("C", 1, 2)})
	p.JokerWaiting = true
	checkMoves(t, g, p, "draw", "t1-f3/1", "w-f4/1", "t2-f1/1")

	// A card on an already open foundation does not carry it.
	q := mustApply(t, g, p, "t2-f1/1")
	if !q.JokerWaiting {
		t.Errorf("3C to f1 took the Joker")
	}
	// The Ace from a pile: the Joker rides as 2H; the pile turns up 7D.
	q, flipped := applyFlip(t, g, p, "t1-f3/1")
	checkStrings(t, "f3", q.Foundations[2], []string{"AH", "JK"})
	if q.JokerWaiting || !flipped {
		t.Errorf("t1-f3/1: waiting %v, flipped %v", q.JokerWaiting, flipped)
	}
	// The Ace from the waste.
	q = mustApply(t, g, p, "w-f4/1")
	checkStrings(t, "f4", q.Foundations[3], []string{"AS", "JK"})
	if q.JokerWaiting {
		t.Errorf("w-f4/1: the Joker still waits")
	}
	// Then the 2 it stands for releases it to the other open foundation.
	q.Piles[1] = []string{"2S"}
	checkHas(t, g, q, []string{"t2-f4/1+f1"}, []string{"t2-f4/1+wait", "t2-f4/1"})
}

// TestJokerStandsForKing: the Joker on a Queen stands for the King, and
// that foundation counts as complete (not open).
func TestJokerStandsForKing(t *testing.T) {
	g := jokerGame
	// Forced onto the only open foundation, at its Queen.
	p := jokerPos([][]string{{"KC"}, {"2D"}}, nil, []string{"JK"}, nil, [4][]string{run("C", 1, 12)})
	checkMoves(t, g, p, "w-f1/1")
	q := mustApply(t, g, p, "w-f1/1")
	if len(q.Foundations[0]) != 13 || isOpen(g, q, 0) {
		t.Errorf("f1 = %v, open %v; want 13 cards, not open", q.Foundations[0], isOpen(g, q, 0))
	}
	// KC releases it; no other foundation is open, so it waits.
	checkMoves(t, g, q, "t1-f1/1+wait")
	r := mustApply(t, g, q, "t1-f1/1+wait")
	checkStrings(t, "f1", r.Foundations[0], run("C", 1, 13))
	if !r.JokerWaiting {
		t.Errorf("the Joker does not wait")
	}

	// With f2 open the King's release sends it there.
	q.Foundations[1] = []string{"AD"}
	q.Piles[1] = []string{"3D"}
	checkMoves(t, g, q, "t1-f1/1+f2")
	r = mustApply(t, g, q, "t1-f1/1+f2")
	checkStrings(t, "f2", r.Foundations[1], []string{"AD", "JK"})
	// The Joker now stands for 2D, 3D builds on it.
	checkMoves(t, g, r, "t2-f2/1")

	// With 4 ranks the King is 4: a complete foundation (the Joker not on
	// it) does not force a Joker on a pile top; the Joker on 3C stands for
	// the King 4C and its foundation is not open either.
	small := Game{Draw: 1, Ranks: 4, Joker: true}
	p = jokerPos([][]string{{"JK"}, {"AH"}}, nil, nil, nil, [4][]string{run("C", 1, 4)})
	checkMoves(t, small, p, "t2-f3/1")
	p = jokerPos([][]string{{"4C"}}, nil, nil, nil, [4][]string{{"AC", "2C", "3C", "JK"}})
	if isOpen(small, p, 0) {
		t.Errorf("f1 = %v is open", p.Foundations[0])
	}
	checkMoves(t, small, p, "t1-f1/1+wait")
}

// TestJokerBuildPastJoker: rule 2: cards go on the Joker's foundation as if
// the card it stands for were there.
func TestJokerBuildPastJoker(t *testing.T) {
	g := jokerGame
	found := [4][]string{{"AC", "JK"}, nil, nil, nil}
	p := jokerPos([][]string{{"3C"}, {"2C"}, {"4C"}}, nil, nil, nil, found)
	// 3C builds on the Joker (standing for 2C); 4C must wait for 3C; 2C
	// releases it (no other foundation open: it would wait).
	checkMoves(t, g, p, "t1-f1/1", "t2-f1/1+wait")
	q := mustApply(t, g, p, "t1-f1/1")
	checkStrings(t, "f1", q.Foundations[0], []string{"AC", "JK", "3C"})
	checkMoves(t, g, q, "t3-f1/1", "t2-f1/1+wait")
	q = mustApply(t, g, q, "t3-f1/1")
	checkStrings(t, "f1", q.Foundations[0], []string{"AC", "JK", "3C", "4C"})
	q = mustApply(t, g, q, "t2-f1/1+wait")
	checkStrings(t, "f1", q.Foundations[0], run("C", 1, 4))
	if !q.JokerWaiting {
		t.Errorf("the Joker does not wait")
	}
}

// TestJokerGroups: the Joker never moves to a pile, alone or in a group,
// and nothing is built on it (whatever the Move and Fill rules).
func TestJokerGroups(t *testing.T) {
	g := Game{Draw: 1, Ranks: 13, Joker: true, Move: "any-face-up", Fill: "any"}
	p := jokerPos([][]string{{"8C", "JK", "4D"}, {"9H"}, {}, {"3S"}}, nil, nil, nil, [4][]string{})
	// 4D alone moves (onto the space); 8C with the Joker on it does not.
	checkMoves(t, g, p, "t1-t3/1", "t2-t3/1", "t4-t3/1", "t4-t1/1")
	p.Piles[0] = []string{"8C", "JK"}
	p.Waste = []string{"JH"}
	checkMoves(t, g, p, "t2-t3/1", "t4-t3/1", "w-t3/1", "recycle")
}

// TestJokerWon: rule 7: won when all the real cards are on the foundations,
// wherever the Joker is.
func TestJokerWon(t *testing.T) {
	all := [4][]string{run("C", 1, 13), run("D", 1, 13), run("H", 1, 13), run("S", 1, 13)}
	g := jokerGame
	places := map[string]Position{
		"waste":   {Waste: []string{"JK"}, Foundations: all},
		"stock":   {Stock: []string{"JK"}, Foundations: all},
		"pile":    {Piles: [][]string{{"JK"}, {}}, Down: []int{0, 0}, Foundations: all},
		"waiting": {Foundations: all, JokerWaiting: true},
	}
	for where, p := range places {
		if err := CheckFull(g, p); err != nil {
			t.Errorf("Joker in the %s: CheckFull: %v", where, err)
		}
		if !Won(p) {
			t.Errorf("Joker in the %s: Won = false, want true", where)
		}
	}
	// The Joker on a foundation standing for the last card still out.
	f := all
	f[3] = append(run("S", 1, 12), "JK")
	p := Position{Piles: [][]string{{"KS"}}, Down: []int{0}, Foundations: f}
	if Won(p) {
		t.Errorf("KS on a pile: Won = true")
	}
	q := mustApply(t, g, p, "t1-f4/1+wait")
	if !Won(q) || !q.JokerWaiting {
		t.Errorf("after the release: Won %v, waiting %v", Won(q), q.JokerWaiting)
	}
	if err := CheckFull(g, q); err != nil {
		t.Errorf("CheckFull: %v", err)
	}
}

func TestJokerCheckFull(t *testing.T) {
	g := Game{Draw: 1, Ranks: 2, Joker: true}
	good := map[string]Position{
		"pile":       {Piles: [][]string{{"JK", "2D"}}, Down: []int{1}, Stock: []string{"AD", "2C", "2H", "AS", "2S"}, Waste: []string{"AH"}, Foundations: [4][]string{{"AC"}}},
		"stock":      {Stock: []string{"JK", "AD", "2D", "AH", "2H", "AS", "2S"}, Foundations: [4][]string{{"AC", "2C"}}},
		"waste":      {Stock: []string{"AD", "2D", "AH", "2H", "AS", "2S"}, Waste: []string{"JK"}, Foundations: [4][]string{{"AC", "2C"}}},
		"foundation": {Stock: []string{"2C", "AD", "2D", "AH", "2H", "AS", "2S"}, Foundations: [4][]string{{"AC", "JK"}}},
		"waiting":    {Stock: []string{"AD", "2D", "AH", "2H", "AS", "2S"}, Foundations: [4][]string{{"AC", "2C"}}, JokerWaiting: true},
	}
	for where, p := range good {
		if err := CheckFull(g, p); err != nil {
			t.Errorf("Joker in the %s: CheckFull = %v", where, err)
		}
	}
	bad := map[string]Position{
		"no joker":           {Stock: []string{"AD", "2D", "AH", "2H", "AS", "2S"}, Foundations: [4][]string{{"AC", "2C"}}},
		"a card missing":     {Stock: []string{"JK", "AD", "2D", "AH", "2H", "AS"}, Foundations: [4][]string{{"AC", "2C"}}},
		"joker twice":        {Stock: []string{"JK", "AD", "2D", "AH", "2H", "AS", "2S"}, Foundations: [4][]string{{"AC", "2C"}}, JokerWaiting: true},
		"joker as 53rd card": {Stock: []string{"JK", "JK", "AD", "2D", "AH", "2H", "AS", "2S"}, Foundations: [4][]string{{"AC", "2C"}}},
	}
	for what, p := range bad {
		if err := CheckFull(g, p); err == nil {
			t.Errorf("%s: CheckFull = nil, want an error", what)
		}
	}
	// Without Game.Joker the Joker is an unknown card.
	plain := Game{Draw: 1, Ranks: 2}
	if err := CheckFull(plain, good["stock"]); err == nil {
		t.Errorf("a Joker in a game without one: CheckFull = nil, want an error")
	}
}

func TestJokerMoveKinds(t *testing.T) {
	for _, m := range []string{"w-f1/1", "t3-f2/1", "t3-f2/1+f4", "w-f2/1+wait", "t7-f4/1+f1"} {
		if got := moveKind(m); got != "to-foundation" {
			t.Errorf("moveKind(%q) = %q, want to-foundation", m, got)
		}
	}
	// Perft by hand: the forced Joker over a face-down card has two moves,
	// both to a foundation, both flips. After t1-f1/1 (the Joker on AC,
	// standing for 2C): draw and t2-f1/1+f3 (2C releases it to f3; 9D,
	// turned up, goes nowhere) = 2; after t1-f3/1 (the Joker on AH): draw
	// and 2C on f1 = 2.
	g := Game{Draw: 1, Passes: 1, Ranks: 13, Joker: true}
	p := jokerPos([][]string{{"9D", "JK"}, {"2C"}}, []int{1, 0}, nil, []string{"5S"}, [4][]string{{"AC"}, nil, {"AH"}, nil})
	want := []Counts{
		{Nodes: 2, ToFoundation: 2, Flips: 2},
		{Nodes: 4, ToFoundation: 2, Draw: 2},
	}
	if got := Perft(g, p, 2); !slices.Equal(got, want) {
		t.Errorf("Perft = %+v, want %+v", got, want)
	}
}

func TestJokerApplyCopies(t *testing.T) {
	g := jokerGame
	p := jokerPos([][]string{{"9S", "2C"}, {"3D"}, {"3C"}}, []int{1, 0, 0}, []string{"AS"}, []string{"5S"},
		[4][]string{{"AC", "JK"}, {"AD"}, run("H", 1, 3), nil})
	before := clonePosition(p)
	for _, m := range Moves(g, p) {
		q := mustApply(t, g, p, m)
		for i := range q.Piles {
			q.Piles[i] = append(q.Piles[i][:0], "x")
		}
		for f := range q.Foundations {
			for i := range q.Foundations[f] {
				q.Foundations[f][i] = "x"
			}
		}
		for i := range q.Waste {
			q.Waste[i] = "x"
		}
		q.JokerWaiting = !q.JokerWaiting
		if !reflect.DeepEqual(clonePosition(p), before) {
			t.Fatalf("Apply(%q) result aliases its input", m)
		}
	}
	// clonePosition keeps the waiting Joker.
	p.JokerWaiting = true
	p.Foundations[0] = []string{"AC"}
	if !clonePosition(p).JokerWaiting {
		t.Errorf("clonePosition dropped JokerWaiting")
	}
}

// jokerDeal deals a shuffled deck of g.Ranks ranks plus the Joker as
// Klondike does: piles of 1..piles cards, the top one face up, the rest in
// the stock (25 cards with 13 ranks and 7 piles).
func jokerDeal(g Game, piles int, seed uint64) Position {
	deck := append(shuffled(g, seed), joker)
	rng := rand.New(rand.NewPCG(seed, 2))
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	p := Position{Piles: make([][]string, piles), Down: make([]int, piles)}
	for i := range piles {
		p.Piles[i] = slices.Clone(deck[:i+1])
		p.Down[i] = i
		deck = deck[i+1:]
	}
	p.Stock = deck
	return p
}

// jokerCoverage counts what random playouts did with the Joker.
type jokerCoverage struct {
	forced, forcedChoice, releaseOn, releaseWait, ride, king, won int
}

// jokerPlayout plays random legal moves from p (preferring foundation
// moves) and checks after every move: CheckFull, that the input is
// unchanged, that a forced position lists only the Joker's moves, and
// that Won agrees with a count of the real cards on the foundations.
func jokerPlayout(t *testing.T, name string, g Game, p Position, rng *rand.Rand, steps int, cov *jokerCoverage) {
	t.Helper()
	if err := CheckFull(g, p); err != nil {
		t.Fatalf("%s: deal: %v", name, err)
	}
	for step := range steps {
		if Won(p) {
			cov.won++
			return
		}
		moves := Moves(g, p)
		if len(moves) == 0 {
			return
		}
		if from := jokerForcedFrom(g, p); from != "" {
			cov.forced++
			if len(moves) > 1 {
				cov.forcedChoice++
			}
			open := openFoundations(g, p, -1)
			if len(moves) != len(open) {
				t.Fatalf("%s step %d: forced from %s, %d open foundations, Moves %v", name, step, from, len(open), moves)
			}
			for _, m := range moves {
				if !strings.HasPrefix(m, from+"-f") || !strings.HasSuffix(m, "/1") || strings.Contains(m, "+") {
					t.Fatalf("%s step %d: forced from %s, Moves %v", name, step, from, moves)
				}
			}
		}
		var toFound []string
		for _, m := range moves {
			if moveKind(m) == "to-foundation" {
				toFound = append(toFound, m)
			}
		}
		m := moves[rng.IntN(len(moves))]
		if len(toFound) > 0 && rng.IntN(3) > 0 {
			m = toFound[rng.IntN(len(toFound))]
		}
		before := clonePosition(p)
		q := mustApply(t, g, p, m)
		if !reflect.DeepEqual(clonePosition(p), before) {
			t.Fatalf("%s step %d: Apply(%q) changed its input", name, step, m)
		}
		if err := CheckFull(g, q); err != nil {
			t.Fatalf("%s step %d: after %s: %v", name, step, m, err)
		}
		switch {
		case strings.HasSuffix(m, "+wait"):
			cov.releaseWait++
		case strings.Contains(m, "+"):
			cov.releaseOn++
		case p.JokerWaiting && !q.JokerWaiting:
			cov.ride++
		}
		if f, k := jokerFoundation(q); f >= 0 && k == g.Ranks-1 {
			cov.king++
		}
		onFound := 0
		for _, found := range q.Foundations {
			for _, s := range found {
				if s != joker {
					onFound++
				}
			}
		}
		if Won(q) != (onFound == 4*g.Ranks) {
			t.Fatalf("%s step %d: Won %v with %d real cards on the foundations", name, step, Won(q), onFound)
		}
		p = q
	}
}

// TestJokerPlayouts plays random games of Joker Klondike, full size (7
// piles, 25-card stock) and small (4 ranks, 4 piles: 16 cards and the
// Joker), draw 1 and 3, unlimited passes and one pass, checking every
// position, and that the playouts reached every Joker rule.
func TestJokerPlayouts(t *testing.T) {
	seeds := uint64(20)
	if testing.Short() {
		seeds = 8
	}
	var cov jokerCoverage
	for _, ranks := range []int{13, 4} {
		piles := 7
		if ranks < 13 {
			piles = 4
		}
		for _, draw := range []int{1, 3} {
			for _, passes := range []int{0, 1} {
				g := Game{Draw: draw, Passes: passes, Ranks: ranks, Joker: true}
				for seed := range seeds {
					p := jokerDeal(g, piles, seed)
					if ranks == 13 && len(p.Stock) != 25 {
						t.Fatalf("stock of %d cards, want 25", len(p.Stock))
					}
					rng := rand.New(rand.NewPCG(seed, uint64(100*ranks+10*draw+passes)))
					name := fmt.Sprintf("ranks %d draw %d passes %d seed %d", ranks, draw, passes, seed)
					jokerPlayout(t, name, g, p, rng, 400, &cov)
				}
			}
		}
	}
	t.Logf("coverage: %+v", cov)
	if cov.forced == 0 || cov.forcedChoice == 0 || cov.releaseOn == 0 || cov.releaseWait == 0 || cov.ride == 0 || cov.king == 0 || cov.won == 0 {
		t.Errorf("the playouts missed a Joker rule: %+v", cov)
	}
}

// TestJokerPerftInvariants checks the perft invariants of
// TestPerftInvariants on Joker deals, full size and small, and on a
// position in the middle of a playout.
func TestJokerPerftInvariants(t *testing.T) {
	games := []struct {
		g     Game
		piles int
		depth int
	}{
		{Game{Draw: 1, Passes: 1, Ranks: 4, Joker: true}, 4, 5},
		{Game{Draw: 3, Passes: 0, Ranks: 4, Joker: true}, 4, 5},
		{Game{Draw: 3, Passes: 0, Ranks: 13, Joker: true}, 7, 4},
	}
	for gi, tt := range games {
		for seed := range uint64(4) {
			g := tt.g
			p := jokerDeal(g, tt.piles, seed)
			got := Perft(g, p, tt.depth)
			if int(got[0].Nodes) != len(Moves(g, p)) {
				t.Errorf("game %d seed %d: depth 1 nodes %d, len(Moves) %d", gi, seed, got[0].Nodes, len(Moves(g, p)))
			}
			for d, c := range got {
				sum := c.ToFoundation + c.PileToPile + c.WasteToPile + c.Draw + c.Recycle + c.FromFoundation + c.Cell + c.Deal + c.ReserveToPile
				if sum != c.Nodes || c.FromFoundation+c.Cell+c.Deal+c.ReserveToPile != 0 {
					t.Errorf("game %d seed %d depth %d: %+v", gi, seed, d+1, c)
				}
			}
			var below int64
			for _, m := range Moves(g, p) {
				q := mustApply(t, g, p, m)
				if err := CheckFull(g, q); err != nil {
					t.Fatalf("game %d seed %d: after %s: %v", gi, seed, m, err)
				}
				below += Perft(g, q, tt.depth-1)[tt.depth-2].Nodes
			}
			if below != got[tt.depth-1].Nodes {
				t.Errorf("game %d seed %d: depth %d nodes %d, sum over children %d", gi, seed, tt.depth, got[tt.depth-1].Nodes, below)
			}
		}
	}
}
