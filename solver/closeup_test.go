package solver

import (
	"fmt"
	"testing"

	"github.com/klondike-family/klondike/engine"
)

// TestCloseUp: closeUp moves up each pile top lying on a face-up card it
// fits that its foundation takes, again and again (7H, then the 8C it lay
// on), but not a card on a face-down card (9H), nor one its foundation
// does not take yet (5S); a second call finds nothing; and a line marked
// with closeBit replays the moves it made.
func TestCloseUp(t *testing.T) {
	const pos = `stock: 8D 10D JD QD KD 4S 6S 7S 8S 9S 10S JS QS KS 9C 10C JC QC KC 8H 10H JH QH KH
waste:
f1: AC 2C 3C 4C 5C 6C 7C
f2: AD
f3: AH 2H 3H 4H 5H 6H
f4: AS 2S 3S
t1: 9D | 9H 8C 7H
t2: | 6D 5S
t3: 2D 3D 4D 5D | 7D
t4: |
t5: |
t6: |
t7: |
recycles: 0
`
	s := drawOneWorryPosition(t, pos)
	r := s.Game().Rules
	if !closeUpsApply(&r) {
		t.Fatal("closeUpsApply: false for Klondike with worrying back")
	}
	start := s
	var rec []engine.Move
	if !closeUp(&s, &rec) {
		t.Fatal("closeUp moved nothing")
	}
	if got, want := fmt.Sprint(rec), "[t1-f3/1 t1-f1/1]"; got != want {
		t.Errorf("moves %s, want %s", got, want)
	}
	if got := fmt.Sprint(s.Pile(0), s.Pile(1), s.Foundation(0), s.Foundation(2)); got != "[9D 9H] [6D 5S] 8 7" {
		t.Errorf("after: %s", got)
	}
	if closeUp(&s, nil) {
		t.Error("a second closeUp moved cards")
	}
	// a line of one draw marked with closeBit: the draw, then the moves up
	line := appendLine(nil, &start, []sMove{pack(engine.MoveDraw, 0, 0) | closeBit})
	if got, want := fmt.Sprint(line), "[draw t1-f3/1 t1-f1/1]"; got != want {
		t.Errorf("line %s, want %s", got, want)
	}
	r.WorryBack = false
	if closeUpsApply(&r) {
		t.Error("closeUpsApply: true without worrying back, where a card moved up cannot come back")
	}
}
