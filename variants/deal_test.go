package variants

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/klondike-family/klondike/engine"
)

// nativeSeeds are the native deals checked and pinned for every game.
var nativeSeeds = []uint64{0, 1}

// solvitaireSeeds are the Solvitaire deals checked and pinned for the
// two-deck games.
var solvitaireSeeds = []uint64{0, 1, 2, 3}

// twoDeckGames are the games Solvitaire's numbering deals.
var twoDeckGames = []string{"double-klondike", "gargantua", "steps"}

// checkLayout checks that a deal of rules r is a start position the
// engine accepts and that it has the shape the rules say.
func checkLayout(t *testing.T, name string, r engine.Rules, l engine.Layout) {
	t.Helper()
	g, err := engine.NewGame(r)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	s, err := g.NewState(l)
	if err != nil {
		t.Fatalf("%s: NewState: %v\n%s", name, err, engine.FormatText(l, engine.TextOptions{}))
	}
	if err := s.Validate(); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	for i, d := range r.Deal {
		if len(l.Piles[i]) != d.Down+d.Up || l.FaceDown[i] != d.Down {
			t.Errorf("%s: pile %d has %d cards, %d face down; want %+v", name, i+1, len(l.Piles[i]), l.FaceDown[i], d)
		}
	}
	if len(l.Stock) != stockCards(&r) || len(l.Waste) != 0 {
		t.Errorf("%s: stock %d, waste %d; want %d and 0", name, len(l.Stock), len(l.Waste), stockCards(&r))
	}
	if len(l.Reserves) != r.Reserves {
		t.Errorf("%s: %d reserves, want %d", name, len(l.Reserves), r.Reserves)
	}
	for i, rv := range l.Reserves {
		if len(rv) != 1 {
			t.Errorf("%s: reserve %d holds %d cards, want 1", name, i+1, len(rv))
		}
	}
	if n := s.FoundationCards(); r.BaseDealt != (n == 1) || n > 1 {
		t.Errorf("%s: %d foundation cards with BaseDealt %v", name, n, r.BaseDealt)
	}
}

// TestNativeDeals checks the native deals of every rule set.
func TestNativeDeals(t *testing.T) {
	for _, rs := range ruleSets(t) {
		for _, seed := range nativeSeeds {
			checkLayout(t, fmt.Sprintf("%s deal %d", rs.name, seed), rs.rules, engine.NativeDeal(&rs.rules, seed))
		}
	}
}

// TestSolvitaireDeals checks that Solvitaire's numbering deals the
// two-deck games.
func TestSolvitaireDeals(t *testing.T) {
	for _, name := range twoDeckGames {
		g, _ := Lookup(name)
		r, err := g.Rules(Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, seed := range solvitaireSeeds {
			l, err := engine.SolvitaireDeal(&r, seed)
			if err != nil {
				t.Fatalf("%s: SolvitaireDeal(%d): %v", name, seed, err)
			}
			checkLayout(t, fmt.Sprintf("%s Solvitaire deal %d", name, seed), r, l)
		}
	}
}

// goldenDeal is one pinned deal.
type goldenDeal struct {
	file string // under testdata/golden
	game string
	r    engine.Rules
	text string // the file's content
}

// goldenDeals returns the deals pinned in testdata/golden: the native
// deals of every game with its defaults, and with each option that
// changes the deal (<game>-<option>-<value>-seed<N>.txt); Solvitaire's
// deals of the two-deck games (<game>-solvitaire-seed<N>.txt).
func goldenDeals(t *testing.T) []goldenDeal {
	t.Helper()
	var out []goldenDeal
	defaults := map[string]engine.Rules{}
	for _, rs := range ruleSets(t) {
		if rs.name == rs.game.Name {
			defaults[rs.name] = rs.rules
		}
	}
	for _, rs := range ruleSets(t) {
		r := rs.rules
		d := defaults[rs.game.Name]
		for _, seed := range nativeSeeds {
			text := engine.FormatText(engine.NativeDeal(&r, seed), engine.TextOptions{})
			if rs.name != rs.game.Name && text == engine.FormatText(engine.NativeDeal(&d, seed), engine.TextOptions{}) {
				continue // options of play only: the default's deal
			}
			head := fmt.Sprintf("# %s deal %d of %s\n", engine.NativeDealID, seed, rs.name)
			out = append(out, goldenDeal{fmt.Sprintf("%s-seed%d.txt", rs.name, seed), rs.name, r, head + text})
		}
	}
	for _, name := range twoDeckGames {
		r := defaults[name]
		for _, seed := range solvitaireSeeds {
			l, err := engine.SolvitaireDeal(&r, seed)
			if err != nil {
				t.Fatal(err)
			}
			head := fmt.Sprintf("# Solvitaire deal %d of %s (2 decks, %d piles)\n", seed, name, len(r.Deal))
			out = append(out, goldenDeal{fmt.Sprintf("%s-solvitaire-seed%d.txt", name, seed), name, r,
				head + engine.FormatText(l, engine.TextOptions{})})
		}
	}
	return out
}

// TestGoldenDeals pins the deals of goldenDeals byte for byte: the same
// seed must give the same deal forever. Run with -update to write them.
func TestGoldenDeals(t *testing.T) {
	dir := filepath.Join("testdata", "golden")
	for _, gd := range goldenDeals(t) {
		path := filepath.Join(dir, gd.file)
		if *update {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(gd.text), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Errorf("%v (run go test ./variants -run TestGoldenDeals -update to write it)", err)
			continue
		}
		if gd.text != string(want) {
			t.Errorf("%s: deal changed\n got\n%s\nwant\n%s", path, gd.text, want)
			continue
		}
		l, err := engine.ParseText(string(want))
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		checkLayout(t, path, gd.r, l)
	}
}
