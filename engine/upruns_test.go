package engine

import (
	"strings"
	"testing"
)

// TestUpRunsRefused: in a game whose piles' face-up cards are always
// built runs (Klondike), a position with a face-up card on one it does not
// build on is refused, naming the pile and the cards (a Yukon position
// given to Klondike was solved as Klondike); one with a built run is
// taken; a game whose face-up cards need not be built (any face-up card
// moves, as in Yukon) takes both.
func TestUpRunsRefused(t *testing.T) {
	r := Klondike(3, 0)
	g := MustGame(r)
	l := NativeDeal(&r, 7)
	up := l.Piles[1][len(l.Piles[1])-1]
	fit, misfit := -1, -1 // stock cards that build on pile 2's face-up card, and that do not
	for i, c := range l.Stock {
		switch {
		case fit < 0 && g.Fits(c, up):
			fit = i
		case misfit < 0 && !g.Fits(c, up):
			misfit = i
		}
	}
	if fit < 0 || misfit < 0 {
		t.Fatalf("deal 7: want a stock card that builds on pile 2's %v and one that does not (%d, %d)", up, fit, misfit)
	}
	with := func(k int) Layout {
		m := l
		m.Piles = append([][]Card(nil), l.Piles...)
		m.Piles[1] = append(append([]Card(nil), l.Piles[1]...), l.Stock[k])
		m.Stock = append(append([]Card(nil), l.Stock[:k]...), l.Stock[k+1:]...)
		return m
	}
	if _, err := g.NewState(with(fit)); err != nil {
		t.Errorf("a built run on pile 2: %v", err)
	}
	_, err := g.NewState(with(misfit))
	want := "tableau pile 2: " + l.Stock[misfit].String() + " lies face up on " + up.String()
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("a face-up card that does not build: err %v, want one containing %q", err, want)
	}
	// The same layout under rules where any face-up card moves with
	// what lies on it: taken.
	y := r
	y.Unit = UnitAnyFaceUp
	if _, err := MustGame(y).NewState(with(misfit)); err != nil {
		t.Errorf("the same position where any face-up card moves: %v", err)
	}
}
