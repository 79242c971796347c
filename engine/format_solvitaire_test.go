package engine

import (
	"fmt"
	"strings"
	"testing"
)

// dealfmtSameLayout fails the test unless got and want describe the same
// position; nil and empty slices count as the same.
func dealfmtSameLayout(t *testing.T, got, want Layout) {
	t.Helper()
	if d := dealfmtLayoutDiff(got, want); d != "" {
		t.Errorf("layouts differ: %s\n got %s\nwant %s", d, dealfmtShow(got), dealfmtShow(want))
	}
}

func dealfmtLayoutDiff(a, b Layout) string {
	cards := func(name string, x, y []Card) string {
		if len(x) != len(y) {
			return fmt.Sprintf("%s: %d cards, want %d", name, len(x), len(y))
		}
		for i := range x {
			if x[i] != y[i] {
				return fmt.Sprintf("%s card %d: %v, want %v", name, i+1, x[i], y[i])
			}
		}
		return ""
	}
	piles := func(name string, x, y [][]Card) string {
		if len(x) != len(y) {
			return fmt.Sprintf("%d %s, want %d", len(x), name, len(y))
		}
		for i := range x {
			if d := cards(fmt.Sprintf("%s %d", name, i+1), x[i], y[i]); d != "" {
				return d
			}
		}
		return ""
	}
	if d := piles("tableau piles", a.Piles, b.Piles); d != "" {
		return d
	}
	if len(a.FaceDown) != len(b.FaceDown) {
		return fmt.Sprintf("%d face-down counts, want %d", len(a.FaceDown), len(b.FaceDown))
	}
	for i := range a.FaceDown {
		if a.FaceDown[i] != b.FaceDown[i] {
			return fmt.Sprintf("tableau pile %d: %d face down, want %d", i+1, a.FaceDown[i], b.FaceDown[i])
		}
	}
	for _, d := range []string{
		cards("stock", a.Stock, b.Stock),
		cards("waste", a.Waste, b.Waste),
		piles("foundations", a.Foundations, b.Foundations),
		piles("reserves", a.Reserves, b.Reserves),
		cards("cells", a.Cells, b.Cells),
	} {
		if d != "" {
			return d
		}
	}
	if a.Recycles != b.Recycles {
		return fmt.Sprintf("recycles %d, want %d", a.Recycles, b.Recycles)
	}
	if a.JokerWaiting != b.JokerWaiting {
		return fmt.Sprintf("Joker waiting %v, want %v", a.JokerWaiting, b.JokerWaiting)
	}
	return ""
}

func dealfmtShow(l Layout) string {
	var b strings.Builder
	for i, p := range l.Piles {
		fmt.Fprintf(&b, "%d:", i+1)
		for k, c := range p {
			if i < len(l.FaceDown) && k < l.FaceDown[i] {
				fmt.Fprintf(&b, " (%v)", c)
			} else {
				fmt.Fprintf(&b, " %v", c)
			}
		}
		b.WriteString(" | ")
	}
	fmt.Fprintf(&b, "stock %v waste %v found %v res %v cells %v", l.Stock, l.Waste, l.Foundations, l.Reserves, l.Cells)
	return b.String()
}

func dealfmtCards(t *testing.T, s string) []Card {
	t.Helper()
	var cs []Card
	for _, f := range strings.Fields(s) {
		c, _, err := ParseCard(f)
		if err != nil {
			t.Fatalf("dealfmtCards(%q): %v", s, err)
		}
		cs = append(cs, c)
	}
	return cs
}

func TestParseSolvitaire(t *testing.T) {
	in := `{
	  "tableau piles": [["AS"], ["2h", "3D"], [], ["kc", "1d", "13S", "QH"]],
	  "stock": ["4C", "5d"],
	  "waste": ["6H"],
	  "foundations": [["AC", "2C"], [], [], ["AD"]],
	  "reserve": ["7S", "8S"],
	  "cells": ["9C", ""]
	}`
	got, err := ParseSolvitaire([]byte(in))
	if err != nil {
		t.Fatalf("ParseSolvitaire: %v", err)
	}
	want := Layout{
		Piles:       [][]Card{dealfmtCards(t, "AS"), dealfmtCards(t, "2H 3D"), nil, dealfmtCards(t, "KC AD KS QH")},
		FaceDown:    []int{0, 1, 0, 2},
		Stock:       dealfmtCards(t, "4C 5D"),
		Waste:       dealfmtCards(t, "6H"),
		Foundations: [][]Card{dealfmtCards(t, "AC 2C"), nil, nil, dealfmtCards(t, "AD")},
		Reserves:    [][]Card{dealfmtCards(t, "7S"), dealfmtCards(t, "8S")},
		Cells:       []Card{NewCard(9, Clubs), NoCard},
	}
	dealfmtSameLayout(t, got, want)
}

func TestSolvitaireRoundTrip(t *testing.T) {
	k := Klondike(1, 0)
	ks, err := KlondikeSolverDeal(&k, 7)
	if err != nil {
		t.Fatal(err)
	}
	sv, err := SolvitaireDeal(&k, 7)
	if err != nil {
		t.Fatal(err)
	}
	two := Klondike(1, 0)
	two.Decks = 2
	two.Deal = make([]PileDeal, 9)
	for i := range two.Deal {
		two.Deal[i] = PileDeal{Down: i, Up: 1}
	}
	sv2, err := SolvitaireDeal(&two, 3)
	if err != nil {
		t.Fatal(err)
	}
	mid := Layout{
		Piles:       [][]Card{nil, dealfmtCards(t, "KS QH JC"), dealfmtCards(t, "2D 10H")},
		FaceDown:    []int{0, 1, 2},
		Stock:       dealfmtCards(t, "3C"),
		Waste:       dealfmtCards(t, "4D 5S"),
		Foundations: [][]Card{dealfmtCards(t, "AC 2C"), nil, dealfmtCards(t, "AH"), nil},
		Reserves:    [][]Card{dealfmtCards(t, "9D")},
		Cells:       []Card{NoCard, Joker},
	}
	for name, l := range map[string]Layout{"KS game 7": ks, "Solvitaire 7": sv, "two decks": sv2, "mid-game": mid} {
		data, err := FormatSolvitaire(l)
		if err != nil {
			t.Fatalf("%s: FormatSolvitaire: %v", name, err)
		}
		back, err := ParseSolvitaire(data)
		if err != nil {
			t.Fatalf("%s: ParseSolvitaire(FormatSolvitaire(l)): %v\n%s", name, err, data)
		}
		if d := dealfmtLayoutDiff(back, l); d != "" {
			t.Errorf("%s: round trip differs: %s\n%s", name, d, data)
		}
	}
}

func TestFormatSolvitaireText(t *testing.T) {
	l := Layout{
		Piles:       [][]Card{dealfmtCards(t, "AS"), dealfmtCards(t, "10H 3D")},
		FaceDown:    []int{0, 1},
		Stock:       dealfmtCards(t, "4C 5D"),
		Foundations: [][]Card{nil, dealfmtCards(t, "AD")},
	}
	got, err := FormatSolvitaire(l)
	if err != nil {
		t.Fatal(err)
	}
	want := `{
  "tableau piles": [
    ["AS"],
    ["10h", "3D"]
  ],
  "stock": ["4C", "5D"],
  "waste": [],
  "foundations": [[], ["AD"]]
}
`
	if string(got) != want {
		t.Errorf("FormatSolvitaire\n got %s\nwant %s", got, want)
	}
}

func TestParseSolvitaireErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`[1,2]`, "solvitaire deal: not a JSON object"},
		{`{"tableau piles": [["AS"]`, "solvitaire deal: bad JSON"},
		{`null`, "solvitaire deal: not a JSON object"},
		{`{"stock": []}`, `missing key "tableau piles"`},
		{`{"tableau piles": [], "stok": []}`, `unknown key "stok"`},
		{`{"tableau piles": [], "hole": "AS"}`, `key "hole" is not supported`},
		{`{"tableau piles": [["AS"], [], ["2C", "1X"]]}`, `tableau pile 3, card 2: bad card "1X"`},
		{`{"tableau piles": [["AS", 5]]}`, `tableau pile 1, card 2: 5 is not a string`},
		{`{"tableau piles": [["AS"], "2C"]}`, `tableau pile 2: not an array: "2C"`},
		{`{"tableau piles": [["as", "2C", "3h"]]}`, `tableau pile 1, card 3: face-down 3h above a face-up card`},
		{`{"tableau piles": [], "stock": ["ZZ"]}`, `stock, card 1: bad card "ZZ"`},
		{`{"tableau piles": [], "waste": ["14C"]}`, `waste, card 1: bad card "14C"`},
		{`{"tableau piles": [], "foundations": [[], ["AC", "2Q"]]}`, `foundation 2, card 2: bad card "2Q"`},
		{`{"tableau piles": [], "cells": ["", "x"]}`, `cell 2: bad card "x"`},
		{`{"tableau piles": [], "foundations": [], "foundation": []}`, `both "foundations" and "foundation"`},
	} {
		_, err := ParseSolvitaire([]byte(tc.in))
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("ParseSolvitaire(%s): error %v, want one starting %q", tc.in, err, tc.want)
			continue
		}
		if strings.Contains(err.Error(), "\n") {
			t.Errorf("ParseSolvitaire(%s): error %q is not one line", tc.in, err)
		}
	}
}

func TestFormatSolvitaireErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		l    Layout
		want string
	}{
		{"face-down counts", Layout{Piles: [][]Card{nil}}, "0 face-down counts for 1 tableau piles"},
		{"too many face down", Layout{Piles: [][]Card{dealfmtCards(t, "AS")}, FaceDown: []int{2}}, "tableau pile 1: 2 face-down cards but the pile holds 1"},
		{"no card", Layout{Piles: [][]Card{nil}, FaceDown: []int{0}, Stock: []Card{NoCard}}, "stock, card 1: no card"},
		{"big reserve", Layout{Piles: [][]Card{nil}, FaceDown: []int{0}, Reserves: [][]Card{dealfmtCards(t, "AS 2S")}}, "reserve 1 holds 2 cards"},
	} {
		_, err := FormatSolvitaire(tc.l)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one starting %q", tc.name, err, tc.want)
		}
	}
}

func FuzzParseSolvitaire(f *testing.F) {
	f.Add([]byte(ksGame0JSON))
	f.Add([]byte(`{"tableau piles": [["AS"], ["2h", "3D"]], "stock": ["4C"], "waste": [], "foundations": [[], [], [], []]}`))
	f.Add([]byte(`{"tableau piles": [], "reserve": ["7S"], "cells": ["9C", ""]}`))
	f.Add([]byte(`{"tableau piles": [["jk", "10c", "KS"]], "foundation": [["AC"]]}`))
	f.Add([]byte(`{"tableau piles": 3}`))
	k := Klondike(1, 0)
	if l, err := SolvitaireDeal(&k, 1); err == nil {
		if data, err := FormatSolvitaire(l); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := ParseSolvitaire(data)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error %q is not one line", err)
			}
			return
		}
		out, err := FormatSolvitaire(l)
		if err != nil {
			if CheckCards(&k, l) == nil {
				t.Fatalf("FormatSolvitaire of a valid Klondike layout: %v", err)
			}
			return
		}
		back, err := ParseSolvitaire(out)
		if err != nil {
			t.Fatalf("ParseSolvitaire(FormatSolvitaire(l)): %v\n%s", err, out)
		}
		if d := dealfmtLayoutDiff(back, l); d != "" {
			t.Fatalf("round trip differs: %s\n%s", d, out)
		}
	})
}

func TestCheckCards(t *testing.T) {
	k := Klondike(1, 0)
	deal, err := KlondikeSolverDeal(&k, 0) // ksGame0JSON
	if err != nil {
		t.Fatal(err)
	}
	if err := CheckCards(&k, deal); err != nil {
		t.Fatalf("CheckCards(KS game 0) = %v", err)
	}
	two := Klondike(1, 0)
	two.Decks = 2
	two.Deal = make([]PileDeal, 9)
	for i := range two.Deal {
		two.Deal[i] = PileDeal{Down: i, Up: 1}
	}
	deal2, err := SolvitaireDeal(&two, 5)
	if err != nil {
		t.Fatal(err)
	}
	joker := k
	joker.Joker = true
	dealJ := deal.Clone()
	dealJ.Stock = append(dealJ.Stock, Joker)
	base := k
	base.BaseDealt = true
	base.Reserves = 1
	base.Cells = 1

	// KS game 0: piles 3D | Ad 8H | Qs 9d 8C | Jh 2c 3c AC | ...; the
	// stock runs QD (bottom) .. KH (top).
	edit := func(l Layout, f func(l *Layout)) Layout {
		l = l.Clone()
		f(&l)
		return l
	}
	for _, tc := range []struct {
		name string
		r    Rules
		l    Layout
		want string
	}{
		{"pile count", k, edit(deal, func(l *Layout) { l.Piles = l.Piles[:6]; l.FaceDown = l.FaceDown[:6] }), "6 tableau piles; the game has 7"},
		{"face-down count", k, edit(deal, func(l *Layout) { l.FaceDown[1] = 3 }), "tableau pile 2: 3 face-down cards but the pile holds 2"},
		{"negative face down", k, edit(deal, func(l *Layout) { l.FaceDown[1] = -1 }), "tableau pile 2: negative face-down count -1"},
		{"face-down list", k, edit(deal, func(l *Layout) { l.FaceDown = nil }), "0 face-down counts for 7 tableau piles"},
		{"twice", k, edit(deal, func(l *Layout) { l.Stock[0] = NewCard(8, Hearts) }), "card 8H appears twice (tableau pile 2 and stock)"},
		{"twice in stock", k, edit(deal, func(l *Layout) { l.Stock[0] = l.Stock[1] }), "card 10H appears twice (both in stock)"},
		{"missing", k, edit(deal, func(l *Layout) { l.Stock = l.Stock[1:] }), "card QD is missing"},
		{"extra foundation", k, edit(deal, func(l *Layout) { l.Foundations = make([][]Card, 5) }), "5 foundations; the game has 4"},
		{"no card", k, edit(deal, func(l *Layout) { l.Waste = []Card{NoCard} }), "waste, card 1: no card"},
		{"Joker", k, dealJ, "the Joker (stock) is not in this game"},
		{"Joker missing", joker, deal, "the Joker is missing"},
		{"two decks, three copies", two, edit(deal2, func(l *Layout) { l.Stock[0] = l.Piles[8][8]; l.Stock[1] = l.Piles[8][8] }), "appears 4 times (tableau pile 3, tableau pile 9 and stock); the game has 2"},
		{"two decks, one copy", two, edit(deal2, func(l *Layout) { l.Stock = l.Stock[1:] }), "is missing: 1 of 2 found"},
		{"stock in a game without one", Rules{Decks: 1, Ranks: 13, Deal: []PileDeal{{0, 1}, {1, 5}, {2, 5}, {3, 5}, {4, 5}, {5, 5}, {6, 5}}, Unit: UnitAnyFaceUp},
			deal, "24 cards in the stock and waste; the game has no stock"},
		{"stock larger than dealt", base, deal, "24 cards in the stock and waste; the game deals 22 to its stock"},
		{"small game", Rules{Decks: 1, Ranks: 7, Deal: k.Deal}, deal, "card 8H (tableau pile 2) is not in this game: its ranks are A..7"},
		{"foundation start", k, edit(deal, func(l *Layout) {
			l.Foundations[2] = []Card{l.Piles[0][0]}
			l.Piles[0] = nil
			l.FaceDown[0] = 0
		}), "foundation 3 starts with 3D; want an Ace"},
		{"foundation suit", k, edit(deal, func(l *Layout) {
			l.Foundations[0] = []Card{l.Piles[3][3], l.Piles[1][0]} // AC, AD
			l.Piles[3] = l.Piles[3][:3]
			l.FaceDown[3] = 2
			l.Piles[1] = l.Piles[1][1:]
			l.FaceDown[1] = 0
		}), "foundation 1: AD on AC is not of one suit"},
		{"foundation order", k, edit(deal, func(l *Layout) {
			l.Foundations[0] = []Card{l.Piles[3][3], l.Piles[2][2]} // AC, 8C
			l.Piles[3] = l.Piles[3][:3]
			l.FaceDown[3] = 2
			l.Piles[2] = l.Piles[2][:2]
			l.FaceDown[2] = 1
		}), "foundation 1: 8C on AC is out of sequence"},
		{"dealt base", base, edit(deal, func(l *Layout) {
			l.Foundations[0] = []Card{l.Piles[2][2]} // 8C
			l.Foundations[1] = []Card{l.Piles[1][1]} // 8H
			l.Foundations[2] = []Card{l.Piles[0][0]} // 3D
			l.Piles[0], l.Piles[1], l.Piles[2] = nil, l.Piles[1][:1], l.Piles[2][:2]
			l.FaceDown[0], l.FaceDown[1], l.FaceDown[2] = 0, 1, 2
		}), "foundation 3 starts with 3D; the base is 8"},
	} {
		err := CheckCards(&tc.r, tc.l)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: CheckCards = %v, want an error containing %q", tc.name, err, tc.want)
		}
	}

	// A dealt base wraps past the King; a Joker stands for the card due.
	take := func(l *Layout, c Card) {
		for i, p := range l.Piles {
			for k := range p {
				if p[k] == c {
					l.Piles[i] = append(append([]Card(nil), p[:k]...), p[k+1:]...)
					l.FaceDown[i] = max(0, min(l.FaceDown[i], len(l.Piles[i])-1))
					return
				}
			}
		}
		for k := range l.Stock {
			if l.Stock[k] == c {
				l.Stock = append(append([]Card(nil), l.Stock[:k]...), l.Stock[k+1:]...)
				return
			}
		}
		t.Fatalf("card %v not found", c)
	}
	ok := edit(dealJ, func(l *Layout) {
		for _, c := range dealfmtCards(t, "KS AS 2S KH AH") {
			take(l, c)
		}
		take(l, Joker)
		l.Foundations[0] = append(dealfmtCards(t, "KS AS"), Joker, NewCard(3, Spades))
		l.Foundations[1] = dealfmtCards(t, "KH AH")
		take(l, NewCard(3, Spades))
		l.Stock = append(l.Stock, NewCard(2, Spades))
	})
	baseJ := base
	baseJ.Joker = true
	if err := CheckCards(&baseJ, ok); err != nil {
		t.Errorf("CheckCards(based on Kings, with a Joker) = %v, want nil", err)
	}
	if err := CheckCards(&joker, ok); err == nil || !strings.Contains(err.Error(), "foundation 1 starts with KS; want an Ace") {
		t.Errorf("CheckCards(based on Kings, base not dealt) = %v, want foundation 1 starts with KS", err)
	}
}
