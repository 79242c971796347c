package engine

import (
	"bufio"
	"math/big"
	"os"
	"strconv"
	"strings"
	"testing"
)

// lonelybotExact is lonelybot's "exact" integer of a one-deck Klondike
// deal (its shuffler.rs encode_shuffle, as ../shared/peers/exact.py
// computes it): the piles left to right, each bottom to top, then the
// stock from the card turned first; cards numbered rank·4 + suit with
// hearts 0, diamonds 1, clubs 2, spades 3; the permutation's rank built
// from the last card down, swapping each card into its place.
func lonelybotExact(t *testing.T, l Layout) *big.Int {
	t.Helper()
	suit := [4]int{Clubs: 2, Diamonds: 1, Hearts: 0, Spades: 3}
	var codes []int
	add := func(c Card) { codes = append(codes, (c.Rank()-1)*4+suit[c.Suit()]) }
	for _, p := range l.Piles {
		for _, c := range p {
			add(c)
		}
	}
	for i := len(l.Stock) - 1; i >= 0; i-- {
		add(l.Stock[i])
	}
	if len(codes) != 52 {
		t.Fatalf("%d cards, want 52", len(codes))
	}
	n := new(big.Int)
	for i := 51; i > 0; i-- {
		pos := -1
		for j := 0; j <= i; j++ {
			if codes[j] == i {
				pos = j
			}
		}
		if pos < 0 {
			t.Fatalf("card %d twice or missing", i)
		}
		n.Mul(n, big.NewInt(int64(i+1)))
		n.Add(n, big.NewInt(int64(pos)))
		codes[pos], codes[i] = codes[i], codes[pos]
	}
	return n
}

// TestGreenfeltMatchesLonelybot checks GreenfeltDeal against lonelybot's
// greenfelt deals: testdata/greenfelt-lonelybot.txt holds the exact
// integers "lonelybot exact greenfelt N" printed.
func TestGreenfeltMatchesLonelybot(t *testing.T) {
	f, err := os.Open("testdata/greenfelt-lonelybot.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := Klondike(1, 0)
	checked := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		fields := strings.Fields(line)
		seed, err := strconv.ParseUint(fields[0], 10, 64)
		if err != nil || len(fields) != 2 {
			t.Fatalf("bad line %q", line)
		}
		want, ok := new(big.Int).SetString(fields[1], 10)
		if !ok {
			t.Fatalf("bad integer in %q", line)
		}
		l, err := GreenfeltDeal(&r, seed)
		if err != nil {
			t.Fatalf("GreenfeltDeal(%d): %v", seed, err)
		}
		if _, err := MustGame(r).NewState(l); err != nil {
			t.Fatalf("GreenfeltDeal(%d): %v", seed, err)
		}
		if got := lonelybotExact(t, l); got.Cmp(want) != 0 {
			t.Errorf("greenfelt %d: exact %v, lonelybot %v", seed, got, want)
		}
		checked++
	}
	if checked < 5 {
		t.Fatalf("only %d seeds checked", checked)
	}
}

func TestGreenfeltRefuses(t *testing.T) {
	k := Klondike(3, 0)
	two := Klondike(3, 0)
	two.Decks = 2
	yukon := Klondike(3, 0)
	yukon.Deal = []PileDeal{{Up: 1}, {Down: 1, Up: 5}, {Down: 2, Up: 5}, {Down: 3, Up: 5}, {Down: 4, Up: 5}, {Down: 5, Up: 5}, {Down: 6, Up: 5}}
	for _, tc := range []struct {
		name string
		r    Rules
		seed uint64
	}{
		{"seed past 32 bits", k, 1 << 32},
		{"two decks", two, 1},
		{"Yukon's deal", yukon, 1},
	} {
		if _, err := GreenfeltDeal(&tc.r, tc.seed); err == nil {
			t.Errorf("%s: want an error", tc.name)
		}
	}
}
