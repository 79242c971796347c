package engine

import (
	"math/big"
	"strings"
	"testing"
)

// lonelybot's test of its Solvitaire writer (src/solvitaire.rs,
// test_solvitaire_format) prints ks_shuffle(0), Klondike-Solver's game 0.
const ksGame0JSON = `{"tableau piles": [
[ "3D"],
["Ad","8H"],
["Qs","9d","8C"],
["Jh","2c","3c","AC"],
["9c","As","10s","Qc","4S"],
["6d","6h","Qh","4d","6s","8D"],
["2h","Ks","Js","2s","5d","6c","4H"]
],"stock": ["QD","10H","3S","5S","8S","7D","KC","JD","9H","JC","4C","5H","10D","AH","7C","9S","3H","7H","5C","7S","10C","2D","KD","KH"],"waste": [],
"foundation": [[],[],[],[]]}`

func TestKlondikeSolverDealGame0(t *testing.T) {
	r := Klondike(1, 0)
	got, err := KlondikeSolverDeal(&r, 0)
	if err != nil {
		t.Fatalf("KlondikeSolverDeal(0): %v", err)
	}
	want, err := ParseSolvitaire([]byte(ksGame0JSON))
	if err != nil {
		t.Fatalf("ParseSolvitaire(lonelybot's game 0): %v", err)
	}
	dealfmtSameLayout(t, got, want)
	if err := CheckCards(&r, got); err != nil {
		t.Errorf("CheckCards(game 0) = %v, want nil", err)
	}
}

// lonelybot's test_exact pins the permutation number of its
// ks_shuffle(0).
func TestKlondikeSolverDealLonelybotNumber(t *testing.T) {
	r := Klondike(1, 0)
	l, err := KlondikeSolverDeal(&r, 0)
	if err != nil {
		t.Fatal(err)
	}
	const want = "35511235380175238168226668580770214465574563740067205469369780560069"
	if got := lonelybotNumber(t, l); got != want {
		t.Errorf("lonelybot number of KS game 0 = %s, want %s", got, want)
	}
}

func TestKlondikeSolverDealGolden(t *testing.T) {
	// Pinned from this implementation (checked above against lonelybot for
	// game 0) so that the numbering cannot drift.
	r := Klondike(3, 0)
	for _, tc := range []struct {
		seed uint64
		deck string
	}{
		{0, ksGame0Deck},
	} {
		l, err := KlondikeSolverDeal(&r, tc.seed)
		if err != nil {
			t.Fatalf("KlondikeSolverDeal(%d): %v", tc.seed, err)
		}
		got, err := FormatDeck(l)
		if err != nil {
			t.Fatalf("FormatDeck(game %d): %v", tc.seed, err)
		}
		if got != tc.deck {
			t.Errorf("game %d deck string\n got %s\nwant %s", tc.seed, got, tc.deck)
		}
	}
}

// ksGame0Deck is ksGame0JSON as a deck string: row 1 is 3D (up) Ad Qs Jh
// 9c 6d 2h, ..., then the stock from KH (turned first) down to QD.
const ksGame0Deck = "032012124113091062023083092021014063134081031104123114011121042024044064052082061043" +
	"133132022101074051073033094071013102053041111093112131072084054034103122"

func TestKlondikeSolverDealSeeds(t *testing.T) {
	r := Klondike(1, 0)
	seen := map[string]uint64{}
	for seed := uint64(0); seed < 200; seed++ {
		l, err := KlondikeSolverDeal(&r, seed)
		if err != nil {
			t.Fatalf("KlondikeSolverDeal(%d): %v", seed, err)
		}
		if err := CheckCards(&r, l); err != nil {
			t.Fatalf("CheckCards(KS game %d) = %v", seed, err)
		}
		d, err := FormatDeck(l)
		if err != nil {
			t.Fatalf("FormatDeck(KS game %d): %v", seed, err)
		}
		if s, ok := seen[d]; ok {
			t.Fatalf("KS games %d and %d are the same deal", s, seed)
		}
		seen[d] = seed
	}
	// The largest seed is Klondike-Solver's -1 bit pattern; it still deals.
	if _, err := KlondikeSolverDeal(&r, 1<<32-1); err != nil {
		t.Errorf("KlondikeSolverDeal(2^32-1): %v", err)
	}
}

func TestKlondikeSolverDealErrors(t *testing.T) {
	k := Klondike(1, 0)
	two := k
	two.Decks = 2
	eight := k
	eight.Deal = append(append([]PileDeal(nil), k.Deal...), PileDeal{7, 1})
	odd := k
	odd.Deal = append([]PileDeal(nil), k.Deal...)
	odd.Deal[3] = PileDeal{1, 1}
	for _, tc := range []struct {
		name string
		r    Rules
		seed uint64
		want string
	}{
		{"two decks", two, 1, "needs one deck"},
		{"eight piles", eight, 1, "8 tableau piles"},
		{"not a triangle", odd, 1, "pile 4 is dealt 1+1 cards"},
		{"seed too big", k, 1 << 32, "seed 4294967296 out of range"},
	} {
		_, err := KlondikeSolverDeal(&tc.r, tc.seed)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		}
	}
}

// lonelybotNumber returns the number lonelybot's encode_shuffle gives a
// fresh Klondike deal: its cards in lonelybot's standard order (pile j's
// card i at j(j+1)/2+i, then the stock in turning order), each card
// numbered 4*(rank-1) + suit with suits hearts, diamonds, clubs, spades,
// read as a Fisher–Yates permutation code from the last position down.
func lonelybotNumber(t *testing.T, l Layout) string {
	t.Helper()
	if len(l.Piles) != 7 || len(l.Stock) != 24 {
		t.Fatalf("lonelybotNumber: not a fresh Klondike deal")
	}
	lbSuit := [4]int{Clubs: 2, Diamonds: 1, Hearts: 0, Spades: 3}
	var cards [52]int
	for j, p := range l.Piles {
		for i, c := range p {
			cards[j*(j+1)/2+i] = 4*(c.Rank()-1) + lbSuit[c.Suit()]
		}
	}
	for k := 0; k < 24; k++ {
		c := l.Stock[23-k]
		cards[28+k] = 4*(c.Rank()-1) + lbSuit[c.Suit()]
	}
	code := new(big.Int)
	for i := 51; i >= 1; i-- {
		pos := -1
		for p := 0; p <= i; p++ {
			if cards[p] == i {
				pos = p
				break
			}
		}
		if pos < 0 {
			t.Fatalf("lonelybotNumber: card %d not in place", i)
		}
		code.Mul(code, big.NewInt(int64(i+1)))
		code.Add(code, big.NewInt(int64(pos)))
		cards[pos], cards[i] = cards[i], cards[pos]
	}
	return code.String()
}
