package engine

import (
	"strings"
	"testing"
)

// TestMessagesOfOne reads positions whose faults count one of something and
// requires the singular: "1 face-down card", "1 cell", not "1 cells".
func TestMessagesOfOne(t *testing.T) {
	r := Klondike(3, 0)
	deal := FormatText(NativeDeal(&r, 1), TextOptions{})
	edit := func(old, new string) string {
		t.Helper()
		if !strings.Contains(deal, old) {
			t.Fatalf("deal 1 has no %q:\n%s", old, deal)
		}
		return strings.Replace(deal, old, new, 1)
	}
	onePass := Klondike(3, 1)
	for _, tc := range []struct {
		name  string
		rules Rules
		text  string
		view  bool // read as a position with unseen cards
		want  string
	}{
		{"face down", r, edit("t1: | 4C", "t1: 4C |"), false, "pile 1 has 1 face-down card of 1: its top must be face up"},
		{"cell", r, deal + "c1: -\n", false, "1 cell; the game has 0"},
		{"reserve", r, deal + "r1:\n", false, "1 reserve; the game has 0"},
		{"pile", r, "t1: | AS\n", false, "1 tableau pile; the game has 7"},
		{"recycle", onePass, "recycles: 1\n" + deal, false, "1 recycle done but the game allows one pass through the stock"},
		{"unseen", r, strings.Replace(edit("t1: | 4C", "t1: ?? ?? | 4C"), "t2: 2H | 5C", "t2: | 5C", 1), true,
			"1 card is not in sight but the position has 2 unseen (??); write ?? for each card not seen"},
	} {
		l, err := ParseText(tc.text)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		g := MustGame(tc.rules)
		if tc.view {
			_, err = g.NewView(l)
		} else {
			_, err = g.NewState(l)
		}
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.want)
		}
	}
}
