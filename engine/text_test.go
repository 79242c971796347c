package engine

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestTextRoundTrip writes played positions of every rule set, with cells,
// foundations and recycles, in the text format (with letters and with suit
// symbols) and reads them back: the same layout and the same key.
func TestTextRoundTrip(t *testing.T) {
	sets := klondikeRuleSets()
	var withCells, withFound, withRecycles int
	for _, name := range ruleSetNames() {
		r := sets[name]
		g := MustGame(r)
		var buf []Move
		for seed := uint64(0); seed < 4; seed++ {
			s, err := g.NewState(NativeDeal(&r, seed))
			if err != nil {
				t.Fatalf("%s deal %d: %v", name, seed, err)
			}
			rng := rand.New(rand.NewPCG(seed, 11))
			for ply := 0; ply < 300; ply++ {
				if ply%10 == 0 {
					l := s.Layout()
					for _, o := range []TextOptions{{}, {Symbols: true}} {
						text := FormatText(l, o)
						got, err := ParseText(text)
						if err != nil {
							t.Fatalf("%s: ParseText(FormatText()): %v\n%s", name, err, text)
						}
						if d := dealfmtLayoutDiff(got, l); d != "" {
							t.Fatalf("%s: round trip with %+v: %s\n%s", name, o, d, text)
						}
						again, err := g.NewState(got)
						if err != nil {
							t.Fatalf("%s: NewState of the parsed layout: %v\n%s", name, err, text)
						}
						if k1, k2 := string(again.AppendKey(nil)), string(s.AppendKey(nil)); k1 != k2 {
							t.Fatalf("%s: the parsed position has another key\n%s", name, text)
						}
					}
					if strings.Contains(FormatText(l, TextOptions{}), "c1: ") && !strings.Contains(FormatText(l, TextOptions{}), "c1: -") {
						withCells++
					}
					if s.FoundationCards() > 0 {
						withFound++
					}
					if s.Recycles() > 0 {
						withRecycles++
					}
				}
				buf = s.Moves(buf[:0])
				if len(buf) == 0 {
					break
				}
				s.Apply(pickMove(rng, buf))
			}
		}
	}
	for _, c := range []struct {
		what string
		n    int
	}{{"a card in a cell", withCells}, {"foundation cards", withFound}, {"recycles", withRecycles}} {
		if c.n == 0 {
			t.Errorf("no position with %s was written", c.what)
		}
	}
}

// TestParseTextErrors checks that ParseText refuses bad input with an
// error naming the line (or, for a problem of the whole deal, the pile,
// foundation or cell concerned).
func TestParseTextErrors(t *testing.T) {
	for _, c := range []struct {
		in, want string
	}{
		{"t1: | AS\nbogus line", "line 2"},
		{"t1: | AS\nt1: | 2S", "line 2"},
		{"t1: | AS\nT1: | 2S", "line 2"},
		{"t1: | AS\nt01: | 2S", "line 2"},
		{"t1: | AS\nt+1: | 2S", "line 2"},
		{"t1: AS 2S", "line 1"},
		{"stock: XX\nt1: | AS", "line 1"},
		{"\n\n# a comment\nt1: | ZZ", "line 4"},
		{"t1: | AS\n  waste: 1X # bad rank", "line 2"},
		{"t1: | AS\nrecycles: -1", "line 2"},
		{"t1: | AS\nrecycles: many", "line 2"},
		{"t1: | AS\nc1: AS 2S", "line 2"},
		{"t1: | AS\nfoo: AS", "line 2"},
		{"t1: | AS\nt0: | 2S", "line 2"},
		{"t1: | AS\nf1: 2Q", "line 2"},
		{"t1: | AS\nr1: AS |", "line 2"},
		{"t1: | AS\nt3: | 2S", "pile 2 is missing: pile numbers run from 1 without a gap (pile 3 is given)"},
		// the first pile missing is named, whatever the map's order
		{"t2: | AS\nt3: | 2S\nt4: | 3S\nt5: | 4S\nt6: | 5S\nt7: | 6S", "pile 1 is missing"},
		{"t1: | AS\nf2: 2S", "foundation 2"},
		{"t1: | AS\nc2: -", "cell 1"},
		{"stock: AS", "no tableau piles"},
		{"", "no tableau piles"},
		// a byte that is no character is quoted as a byte, a character whole
		{"stock: 10\xfe\nt1: | AS", `bad card "10\xfe": unknown suit "\xfe"`},
		{"stock: 10é\nt1: | AS", `bad card "10é": unknown suit "é"`},
	} {
		_, err := ParseText(c.in)
		if err == nil {
			t.Errorf("ParseText(%q) = nil error, want one naming %q", c.in, c.want)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseText(%q) error %q, want it to name %q", c.in, err, c.want)
		}
	}
}

// FuzzParseText checks that ParseText never panics and that what it reads
// writes out and reads back the same: parse, format, parse is stable.
func FuzzParseText(f *testing.F) {
	r := Klondike(1, 0)
	f.Add(FormatText(NativeDeal(&r, 0), TextOptions{}))
	f.Add(FormatText(NativeDeal(&r, 1), TextOptions{Symbols: true}))
	f.Add("t1: AS 2D | 3C 4H\nc1: -\nc2: JK\nrecycles: 2\nr1: 5S\nf1: AC 2C # two\nwaste: 10H T♦")
	f.Add("t2: |\nt1: |\nf1:\nstock:\n")
	f.Fuzz(func(t *testing.T, in string) {
		l, err := ParseText(in)
		if err != nil {
			return
		}
		out := FormatText(l, TextOptions{})
		l2, err := ParseText(out)
		if err != nil {
			t.Fatalf("ParseText(FormatText(l)): %v\n%s", err, out)
		}
		if d := dealfmtLayoutDiff(l2, l); d != "" {
			t.Fatalf("parse, format, parse: %s\n%s", d, out)
		}
		if out2 := FormatText(l2, TextOptions{}); out2 != out {
			t.Fatalf("format is not stable:\n%s\n%s", out, out2)
		}
		if sym := FormatText(l, TextOptions{Symbols: true}); true {
			l3, err := ParseText(sym)
			if err != nil {
				t.Fatalf("ParseText(FormatText(l, symbols)): %v\n%s", err, sym)
			}
			if d := dealfmtLayoutDiff(l3, l); d != "" {
				t.Fatalf("symbols round trip: %s\n%s", d, sym)
			}
		}
	})
}
