package variants

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klondike-family/klondike/engine"
)

// pysolfcFile is a PySolFC deal in testdata/pysolfc: piles bottom to top
// (face-down cards in lower case), the stock bottom to top (its last card
// dealt next), the reserves and the foundation base.
type pysolfcFile struct {
	Piles    [][]string `json:"tableau piles"`
	Stock    []string   `json:"stock"`
	Reserves []string   `json:"reserves"`
	Base     []string   `json:"base"`
}

// pysolfcOptions are the options under which our game deals as PySolFC's:
// Whitehead builds from the Aces, the Agnes games are dealt face up.
var pysolfcOptions = map[string]Options{
	"whitehead":      {Base: BaseAce},
	"agnes-sorel":    {FaceUp: true, FaceUpSet: true},
	"agnes-bernauer": {FaceUp: true, FaceUpSet: true},
}

// cardText writes a card as the files do: upper case when face up.
func cardText(c engine.Card, up bool) string {
	s := c.String()
	if !up {
		s = strings.ToLower(s)
	}
	return s
}

// TestPySolFCDeals compares the pysolfc numbering with PySolFC's deals in
// testdata/pysolfc (GAME-NUMBER.json). Where the files of klondike and
// yukon came from: ../shared/reference/pysolfc (pysol_cards 0.24.0, the
// dealing library of PySolFC's maintainer; see its README), both
// generators and a number past 2^64. The other games have no such
// reference: their files were made by testdata/pysolfc/pysolfc_deal.py, a
// transcription of PySolFC's startGame methods and shuffle, apart from
// this code, with CPython's random as the Mersenne Twister; 32000, where
// pysol_cards and PySolFC part, is PySolFC's (the Mersenne Twister).
func TestPySolFCDeals(t *testing.T) {
	files, err := filepath.Glob("testdata/pysolfc/*.json")
	if err != nil || len(files) < 8 {
		t.Fatalf("%d PySolFC deals (%v)", len(files), err)
	}
	st, err := LookupSeedType("pysolfc")
	if err != nil {
		t.Fatal(err)
	}
	games := map[string]bool{}
	for _, path := range files {
		base := strings.TrimSuffix(filepath.Base(path), ".json")
		i := strings.LastIndex(base, "-")
		name, num := base[:i], base[i+1:]
		games[name] = true
		g, r, err := Resolve(name, pysolfcOptions[name])
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		n, err := st.Parse(num)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		l, err := st.Deal(g, r, n)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		checkLayout(t, path, r, l)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var want pysolfcFile
		if err := json.Unmarshal(data, &want); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		var got pysolfcFile
		for p, pile := range l.Piles {
			var cs []string
			for k, c := range pile {
				cs = append(cs, cardText(c, k >= l.FaceDown[p]))
			}
			got.Piles = append(got.Piles, cs)
		}
		for _, c := range l.Stock {
			got.Stock = append(got.Stock, cardText(c, true))
		}
		for _, rv := range l.Reserves {
			got.Reserves = append(got.Reserves, cardText(rv[0], true))
		}
		for _, f := range l.Foundations {
			for _, c := range f {
				got.Base = append(got.Base, cardText(c, true))
			}
		}
		// The reference files write a face-down 10 as "10h", a court card
		// as "kd"; upper-case the rank of both sides alike.
		norm := func(f pysolfcFile) string {
			for _, p := range f.Piles {
				for k, c := range p {
					p[k] = strings.ToUpper(c[:len(c)-1]) + c[len(c)-1:]
				}
			}
			b, _ := json.Marshal(f)
			return strings.ReplaceAll(string(b), "null", "[]")
		}
		if g, w := norm(got), norm(want); g != w {
			t.Errorf("%s:\n got %s\nwant %s", path, g, w)
		}
	}
	for _, g := range All() {
		if g.pysolfc != nil && !games[g.Name] {
			t.Errorf("game %s is dealt by PySolFC's numbering but has no deal in testdata/pysolfc", g.Name)
		}
	}
}

// TestSeedTypeRanges checks each numbering's first and last numbers and
// the numbers just outside, written as a user would.
func TestSeedTypeRanges(t *testing.T) {
	for _, tc := range []struct {
		typ      string
		good     []string
		bad      []string
		badRange string // in every error
	}{
		{"native", []string{"0", "18446744073709551615"}, []string{"-1", "18446744073709551616", "x", ""}, "0..18446744073709551615"},
		{"solvitaire", []string{"0", "4294967295", "-1", "-2147483648"}, []string{"4294967296", "-2147483649", "-0"}, "0..4294967295 (or -2147483648..-1"},
		{"klondike-solver", []string{"0", "4294967295", "-2147483648"}, []string{"4294967296", "-2147483649", "1.5"}, "0..4294967295 (or -2147483648..-1"},
		{"greenfelt", []string{"0", "4294967295"}, []string{"4294967296", "-1", "+1"}, "greenfelt deal numbers are 0..4294967295"},
		{"pysolfc", []string{"1", "31999", "32000", "99999999999999999999"}, []string{"0", "100000000000000000000", "-5"}, "pysolfc deal numbers are 1..99999999999999999999"},
	} {
		st, err := LookupSeedType(tc.typ)
		if err != nil {
			t.Fatal(err)
		}
		g, r, err := Resolve("klondike", Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range tc.good {
			n, err := st.Parse(s)
			if err != nil {
				t.Errorf("%s %q: %v", tc.typ, s, err)
				continue
			}
			l, err := st.Deal(g, r, n)
			if err != nil {
				t.Errorf("%s %q: %v", tc.typ, s, err)
				continue
			}
			checkLayout(t, tc.typ+" "+s, r, l)
		}
		for _, s := range tc.bad {
			_, err := st.Parse(s)
			if err == nil || !strings.Contains(err.Error(), tc.badRange) || strings.Contains(err.Error(), "\n") {
				t.Errorf("%s %q: error %v, want one line naming %q", tc.typ, s, err, tc.badRange)
			}
		}
	}
	if n, _ := mustSeedType(t, "solvitaire").Parse("-5"); n != engine.SeedOf(1<<32-5) {
		t.Errorf("solvitaire -5 is %v, want 2^32-5", n)
	}
}

func mustSeedType(t *testing.T, name string) *SeedType {
	t.Helper()
	st, err := LookupSeedType(name)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// TestSeedTypeGames checks which games each numbering deals: every game
// it claims, by its Dealer, and a one-line refusal naming the numbering
// for the others. Each game is taken with pysolfcOptions (Whitehead with
// --base ace, a plain triangle that the 52-card numberings deal).
func TestSeedTypeGames(t *testing.T) {
	deals := map[string][]string{
		"native":          Names(),
		"solvitaire":      {"klondike", "klondike-strict", "klondike-holdout", "klondike-familiar", "thumb-and-pouch", "whitehead", "double-klondike", "gargantua", "steps", "yukon", "alaska"},
		"klondike-solver": {"klondike", "klondike-strict", "klondike-holdout", "klondike-familiar", "thumb-and-pouch", "whitehead"},
		"greenfelt":       {"klondike", "klondike-strict", "klondike-holdout", "klondike-familiar", "thumb-and-pouch", "whitehead"},
		"pysolfc":         {"klondike", "klondike-familiar", "thumb-and-pouch", "whitehead", "double-klondike", "gargantua", "steps", "yukon", "alaska", "agnes-sorel", "agnes-bernauer"},
	}
	for _, st := range SeedTypes() {
		want, ok := deals[st.Name]
		if !ok {
			t.Fatalf("numbering %s: no expectation here", st.Name)
		}
		for _, g := range All() {
			r, err := g.Rules(pysolfcOptions[g.Name])
			if err != nil {
				t.Fatal(err)
			}
			deal, err := st.Dealer(g, r)
			can := false
			for _, w := range want {
				can = can || w == g.Name
			}
			switch {
			case can && err != nil:
				t.Errorf("%s cannot deal %s: %v", st.Name, g.Name, err)
			case can:
				l, err := deal(st.Min)
				if err != nil {
					t.Fatalf("%s %s: %v", st.Name, g.Name, err)
				}
				checkLayout(t, st.Name+" "+g.Name, r, l)
			case err == nil:
				t.Errorf("%s deals %s; want a refusal", st.Name, g.Name)
			case !strings.HasPrefix(err.Error(), "--seed-type "+st.Name+" cannot deal "+g.Name+": ") || strings.Contains(err.Error(), "\n"):
				t.Errorf("%s refuses %s with %q; want one line naming both", st.Name, g.Name, err)
			}
		}
	}
	if _, err := mustSeedType(t, "pysolfc").Dealer(mustGame(t, "whitehead"), mustRules(t, "whitehead", Options{})); err == nil ||
		!strings.Contains(err.Error(), "--base ace") {
		t.Errorf("pysolfc deals Whitehead with a dealt base: %v", err)
	}
	for _, name := range []string{"native", "solvitaire", engine.NativeDealID, "pysolfc-lcg-mt"} {
		if _, err := LookupSeedType(name); err != nil {
			t.Errorf("LookupSeedType(%q): %v", name, err)
		}
	}
	if _, err := LookupSeedType("pysol"); err == nil || !strings.Contains(err.Error(), "greenfelt") {
		t.Errorf("LookupSeedType(pysol): %v, want the names listed", err)
	}
}

func mustGame(t *testing.T, name string) *Game {
	t.Helper()
	g, err := Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func mustRules(t *testing.T, name string, o Options) engine.Rules {
	t.Helper()
	r, err := mustGame(t, name).Rules(o)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
