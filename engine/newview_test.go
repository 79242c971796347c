package engine

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestNewViewRoundTrip writes what a player sees during random games in
// the text format ("??" for every card not seen) and reads it back with
// NewView: the view must be the player's own: the same position, the same
// unseen cards, and the same samples from the same random stream.
func TestNewViewRoundTrip(t *testing.T) {
	holdout := Klondike(1, 1)
	holdout.Cells = 2
	for _, r := range []Rules{Klondike(3, 0), Klondike(1, 1), holdout} {
		g := MustGame(r)
		for _, mem := range []Memory{RememberNone, RememberTalon} {
			for seed := uint64(0); seed < 10; seed++ {
				s, err := g.NewState(NativeDeal(&g.Rules, seed))
				if err != nil {
					t.Fatal(err)
				}
				tab := NewTable(s, mem)
				rng := rand.New(rand.NewPCG(seed, 9))
				var buf []Move
				for ply := 0; ply < 200 && !tab.Won(); ply++ {
					if ply%7 == 0 {
						want := tab.View()
						vs := want.State()
						text := FormatText(vs.Layout(), TextOptions{})
						l, err := ParseText(text)
						if err != nil {
							t.Fatalf("seed %d ply %d: ParseText: %v\n%s", seed, ply, err, text)
						}
						if l.HasUnknown() != (want.Hidden() > 0) {
							t.Fatalf("seed %d ply %d: HasUnknown %v with %d hidden", seed, ply, l.HasUnknown(), want.Hidden())
						}
						got, err := g.NewView(l)
						if err != nil {
							t.Fatalf("seed %d ply %d: NewView: %v\n%s", seed, ply, err, text)
						}
						gs := got.State()
						if d := dealfmtLayoutDiff(gs.Layout(), vs.Layout()); d != "" || !slices.Equal(got.Unseen(), want.Unseen()) {
							t.Fatalf("seed %d ply %d: NewView differs from the player's view (%s)\n%s", seed, ply, d, text)
						}
						// the same samples: the hidden places are the same
						r1, r2 := rand.New(rand.NewPCG(seed, 1)), rand.New(rand.NewPCG(seed, 1))
						s1, s2 := got.Sample(r1), want.Sample(r2)
						if string(s1.AppendKey(nil)) != string(s2.AppendKey(nil)) || s1.Validate() != nil {
							t.Fatalf("seed %d ply %d: samples differ\n%s", seed, ply, text)
						}
					}
					if buf = tab.Moves(buf[:0]); len(buf) == 0 {
						break
					}
					tab.Play(buf[rng.IntN(len(buf))])
				}
			}
		}
	}
}

// TestNewViewRefuses checks the one-line refusals of positions with
// unseen cards that cannot be a player's view.
func TestNewViewRefuses(t *testing.T) {
	r := Klondike(3, 0)
	g := MustGame(r)
	deal := FormatText(NativeDeal(&r, 1), TextOptions{})
	hidden := strings.Replace(deal, "t7: 9H JS 9D AD 6D 9S | AS", "t7: ?? ?? ?? ?? ?? ?? | AS", 1)
	hidden = strings.Replace(hidden, "t6: 5D 10D 5H 6S QH | 4D", "t6: ?? ?? ?? ?? ?? | 4D", 1)
	for _, tc := range []struct{ name, from, to, want string }{
		{"ok", "", "", ""},
		{"face-up ??", "| AS", "| ??", "tableau pile 7: a face-up card is ??"},
		{"one ?? too many", "t6: ?? ?? ?? ?? ?? |", "t6: ?? ?? ?? ?? ?? ?? |", "11 cards are not in sight but the position has 12 unseen"},
		{"card twice", "t6: ?? ?? ?? ?? ?? |", "t6: ?? ?? ?? ?? 4D |", "card 4D appears twice"},
		{"a ?? seen", "t6: ?? ?? ?? ?? ?? |", "t6: ?? ?? ?? ?? 5D |", ""},
		{"missing ??", "t6: ?? ?? ?? ?? ?? |", "t6: ?? ?? ?? ?? |", "11 cards are not in sight but the position has 10 unseen"},
		{"waste top", "waste:", "waste: ??", "the waste's top card is ??"},
		{"foundation", "f1:", "f1: ??", "a foundation or reserve card is ??"},
	} {
		text := hidden
		if tc.from != "" {
			text = strings.Replace(hidden, tc.from, tc.to, 1)
		}
		l, err := ParseText(text)
		if err != nil {
			t.Fatalf("%s: ParseText: %v", tc.name, err)
		}
		_, err = g.NewView(l)
		switch {
		case tc.want == "" && err != nil:
			t.Fatalf("%s: %v", tc.name, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Fatalf("%s: error %v, want %q", tc.name, err, tc.want)
		}
	}
}
