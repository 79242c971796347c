package engine

import (
	"strings"
	"testing"
)

// ksReadmeDeck is the example of Klondike-Solver's README ("Minimal
// Klondike Solver"), which shows it dealt as
//
//	+7D TH 2H 4D 9S KS JC
//	   +9D 5C 3S 4S 7S JS
//	      +5D QH AC 8H QD
//	         +AD KC 9C 8D
//	            +QS 6S AS
//	               +9H 3H
//	                  +JD
//
//	 7C TS KD 5H KH TD 8S
//	 4C AH 7H 6H 3C 6C 4H
//	 8C 5S JH 6D 2S 2C TC
//	 2D 3D QC
//
// with 7C the first card turned from the stock, then TS, KD, ...
const ksReadmeDeck = "072103023042094134111092051034044074114052123011083122012131091082124064014093033112" +
	"071104132053133102084041013073063031061043081054113062024021101022032121"

func ksReadmeLayout(t *testing.T) Layout {
	t.Helper()
	cols := []string{
		"7D", "TH 9D", "2H 5C 5D", "4D 3S QH AD", "9S 4S AC KC QS",
		"KS 7S 8H 9C 6S 9H", "JC JS QD 8D AS 3H JD",
	}
	l := Layout{Piles: make([][]Card, 7), FaceDown: []int{0, 1, 2, 3, 4, 5, 6}, Foundations: make([][]Card, 4)}
	for i, c := range cols {
		l.Piles[i] = dealfmtCards(t, c)
	}
	turned := dealfmtCards(t, "7C TS KD 5H KH TD 8S 4C AH 7H 6H 3C 6C 4H 8C 5S JH 6D 2S 2C TC 2D 3D QC")
	for i := len(turned) - 1; i >= 0; i-- {
		l.Stock = append(l.Stock, turned[i])
	}
	return l
}

func TestParseDeckReadme(t *testing.T) {
	got, err := ParseDeck(ksReadmeDeck)
	if err != nil {
		t.Fatalf("ParseDeck(README example): %v", err)
	}
	dealfmtSameLayout(t, got, ksReadmeLayout(t))
	// White space anywhere is ignored.
	spaced := ""
	for i := 0; i < len(ksReadmeDeck); i += 3 {
		spaced += ksReadmeDeck[i:i+3] + " \n\t"[i%3:i%3+1]
	}
	got, err = ParseDeck(spaced)
	if err != nil {
		t.Fatalf("ParseDeck(spaced README example): %v", err)
	}
	dealfmtSameLayout(t, got, ksReadmeLayout(t))
}

func TestFormatDeckReadme(t *testing.T) {
	got, err := FormatDeck(ksReadmeLayout(t))
	if err != nil {
		t.Fatalf("FormatDeck(README example): %v", err)
	}
	if got != ksReadmeDeck {
		t.Errorf("FormatDeck(README example)\n got %s\nwant %s", got, ksReadmeDeck)
	}
}

func TestDeckRoundTrip(t *testing.T) {
	k := Klondike(1, 0)
	for seed := uint64(0); seed < 20; seed++ {
		for name, deal := range map[string]func(*Rules, uint64) (Layout, error){
			"klondike-solver": KlondikeSolverDeal, "solvitaire": SolvitaireDeal,
		} {
			l, err := deal(&k, seed)
			if err != nil {
				t.Fatalf("%s deal %d: %v", name, seed, err)
			}
			s, err := FormatDeck(l)
			if err != nil {
				t.Fatalf("FormatDeck(%s deal %d): %v", name, seed, err)
			}
			back, err := ParseDeck(s)
			if err != nil {
				t.Fatalf("ParseDeck(FormatDeck(%s deal %d)): %v", name, seed, err)
			}
			if d := dealfmtLayoutDiff(back, l); d != "" {
				t.Errorf("%s deal %d: deck string round trip differs: %s", name, seed, d)
			}
		}
	}
}

func TestParseDeckErrors(t *testing.T) {
	swapped := "072" + "072" + ksReadmeDeck[6:] // 7D twice, TH missing
	for _, tc := range []struct{ name, in, want string }{
		{"short", ksReadmeDeck[:153], "deck string: 153 digits, want 156"},
		{"long", ksReadmeDeck + "0", "deck string: 157 digits, want 156"},
		{"empty", "", "deck string: 0 digits, want 156"},
		{"one", "0", "deck string: 1 digit, want 156"},
		{"letter", ksReadmeDeck[:10] + "x" + ksReadmeDeck[10:], `deck string position 4: bad character "x"`},
		{"byte", ksReadmeDeck[:10] + "\xfe" + ksReadmeDeck[10:], `deck string position 4: bad character "\xfe"`},
		{"character", ksReadmeDeck[:10] + "é" + ksReadmeDeck[10:], `deck string position 4: bad character "é"`},
		{"suit", ksReadmeDeck[:38] + "7" + ksReadmeDeck[39:], "deck string position 13: bad suit digit 7 in 117"},
		{"suit zero", ksReadmeDeck[:2] + "0" + ksReadmeDeck[3:], "deck string position 1: bad suit digit 0 in 070"},
		{"rank", "14" + ksReadmeDeck[2:], "deck string position 1: bad rank 14 in 142"},
		{"rank zero", ksReadmeDeck[:3] + "00" + ksReadmeDeck[5:], "deck string position 2: bad rank 00 in 003"},
		{"twice", swapped, "deck string: card 7D appears twice (positions 1 and 2)"},
	} {
		_, err := ParseDeck(tc.in)
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s: ParseDeck error %v, want %q", tc.name, err, tc.want)
		}
	}
}

func TestFormatDeckErrors(t *testing.T) {
	base := ksReadmeLayout(t)
	edit := func(f func(l *Layout)) Layout {
		l := base.Clone()
		f(&l)
		return l
	}
	for _, tc := range []struct {
		name string
		l    Layout
		want string
	}{
		{"six piles", edit(func(l *Layout) { l.Piles = l.Piles[:6]; l.FaceDown = l.FaceDown[:6] }), "deck string: 6 tableau piles"},
		{"face up", edit(func(l *Layout) { l.FaceDown[3] = 0 }), "deck string: tableau pile 4 holds 4 cards, 0 face down"},
		{"waste", edit(func(l *Layout) {
			l.Waste = l.Stock[23:]
			l.Stock = l.Stock[:23]
		}), "deck string: stock of 23 cards"},
		{"foundation", edit(func(l *Layout) { l.Foundations = [][]Card{nil, {NewCard(1, Spades)}} }), "deck string: foundation 2 is not empty"},
		{"twice", edit(func(l *Layout) { l.Stock[0] = l.Stock[1] }), "deck string: card 3D appears twice (both in stock)"},
	} {
		_, err := FormatDeck(tc.l)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s: FormatDeck error %v, want one starting %q", tc.name, err, tc.want)
		}
	}
}

func FuzzParseDeck(f *testing.F) {
	f.Add(ksReadmeDeck)
	f.Add(ksGame0Deck)
	f.Add(ksReadmeDeck[:100] + "\n" + ksReadmeDeck[100:])
	f.Add("072072")
	f.Add("")
	f.Add("14" + ksReadmeDeck[2:])
	k := Klondike(1, 0)
	f.Fuzz(func(t *testing.T, s string) {
		l, err := ParseDeck(s)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error %q is not one line", err)
			}
			return
		}
		if err := CheckCards(&k, l); err != nil {
			t.Fatalf("ParseDeck accepted %q but CheckCards says %v", s, err)
		}
		out, err := FormatDeck(l)
		if err != nil {
			t.Fatalf("FormatDeck of a parsed deck: %v", err)
		}
		back, err := ParseDeck(out)
		if err != nil {
			t.Fatalf("ParseDeck(FormatDeck(l)): %v", err)
		}
		if d := dealfmtLayoutDiff(back, l); d != "" {
			t.Fatalf("round trip differs: %s", d)
		}
	})
}
