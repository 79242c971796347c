package engine

import (
	"strings"
	"testing"
)

// The C++ standard requires the 10000th output of a default-constructed
// std::mt19937 (seed 5489) to be 4123659995.
func TestMT19937(t *testing.T) {
	m := newMT19937(5489)
	var v uint32
	for i := 0; i < 10000; i++ {
		v = m.next()
	}
	if v != 4123659995 {
		t.Errorf("10000th mt19937 output = %d, want 4123659995", v)
	}
	m = newMT19937(1)
	if v := m.next(); v != 1791095845 {
		t.Errorf("first mt19937(1) output = %d, want 1791095845", v)
	}
}

func TestBoostUniform32(t *testing.T) {
	// With i+1 a power of two the bucket is exactly 2^32/(i+1): the draw's
	// top bits are the answer and nothing is redrawn.
	m, ref := newMT19937(9), newMT19937(9)
	for k := 0; k < 100; k++ {
		if got, want := boostUniform32(m, 3), ref.next()>>30; got != want {
			t.Fatalf("draw %d: boostUniform32(0..3) = %d, want %d", k, got, want)
		}
	}
	m = newMT19937(10)
	for k := 0; k < 1000; k++ {
		if got := boostUniform32(m, 51); got > 51 {
			t.Fatalf("boostUniform32(0..51) = %d", got)
		}
	}
}

// lonelybot pins the permutation numbers of its solvitaire_shuffle: seed 0
// in its shuffler tests (test_exact), seed 22 in its README ("lonecli exact
// solvitaire 22").
func TestSolvitaireDealLonelybotNumbers(t *testing.T) {
	r := Klondike(1, 0)
	for _, tc := range []struct {
		seed uint64
		want string
	}{
		{0, "12954810653509400169295621394006691876957783508183809583464865425989"},
		{22, "75815935119064350470717521029623259780400326814603147288883495865917"},
	} {
		l, err := SolvitaireDeal(&r, tc.seed)
		if err != nil {
			t.Fatalf("SolvitaireDeal(%d): %v", tc.seed, err)
		}
		if got := lonelybotNumber(t, l); got != tc.want {
			t.Errorf("lonelybot number of Solvitaire deal %d = %s, want %s", tc.seed, got, tc.want)
		}
	}
}

// solvitaireDeal1 is Solvitaire's Klondike deal for "--random 1", pinned
// from this implementation (which matches lonelybot for seeds 0 and 22).
const solvitaireDeal1 = `{
  "tableau piles": [
    ["9D"],
    ["4c", "AS"],
    ["Qd", "10d", "JC"],
    ["9s", "Js", "8s", "6D"],
    ["6s", "8h", "5h", "8d", "JH"],
    ["3d", "3c", "8c", "7h", "9h", "AH"],
    ["2h", "5d", "Kd", "7s", "2c", "Kh", "JD"]
  ],
  "stock": ["6H", "KS", "10C", "QH", "AC", "2S", "4H", "QC", "QS", "3S", "AD", "5C", "2D", "4D", "KC", "7C", "4S", "9C", "5S", "7D", "10H", "3H", "6C", "10S"],
  "waste": [],
  "foundations": [[], [], [], []]
}
`

func TestSolvitaireDealGolden(t *testing.T) {
	r := Klondike(1, 0)
	l, err := SolvitaireDeal(&r, 1)
	if err != nil {
		t.Fatal(err)
	}
	got, err := FormatSolvitaire(l)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != solvitaireDeal1 {
		t.Errorf("Solvitaire deal 1\n got %s\nwant %s", got, solvitaireDeal1)
	}
}

func TestSolvitaireDealShape(t *testing.T) {
	two := Klondike(1, 0)
	two.Decks = 2
	two.Deal = make([]PileDeal, 9)
	for i := range two.Deal {
		two.Deal[i] = PileDeal{Down: i, Up: 1}
	}
	for _, tc := range []struct {
		name  string
		r     Rules
		stock int
	}{
		{"Klondike", Klondike(1, 0), 24},
		{"two decks", two, 59},
	} {
		for seed := uint64(0); seed < 50; seed++ {
			l, err := SolvitaireDeal(&tc.r, seed)
			if err != nil {
				t.Fatalf("%s: SolvitaireDeal(%d): %v", tc.name, seed, err)
			}
			if len(l.Stock) != tc.stock {
				t.Fatalf("%s deal %d: stock of %d, want %d", tc.name, seed, len(l.Stock), tc.stock)
			}
			for i, p := range l.Piles {
				if len(p) != i+1 || l.FaceDown[i] != i {
					t.Fatalf("%s deal %d: pile %d has %d cards, %d face down", tc.name, seed, i+1, len(p), l.FaceDown[i])
				}
			}
			if err := CheckCards(&tc.r, l); err != nil {
				t.Fatalf("%s deal %d: CheckCards = %v", tc.name, seed, err)
			}
		}
	}
}

func TestSolvitaireDealErrors(t *testing.T) {
	k := Klondike(1, 0)
	small := k
	small.Ranks = 7
	joker := k
	joker.Joker = true
	for _, tc := range []struct {
		name string
		r    Rules
		seed uint64
		want string
	}{
		{"ranks", small, 1, "7 ranks"},
		{"joker", joker, 1, "no Joker"},
		{"seed", k, 1 << 40, "out of range"},
	} {
		_, err := SolvitaireDeal(&tc.r, tc.seed)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		}
	}
}
