package engine

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// goldenGames are the games whose native deals are pinned.
var goldenGames = []struct {
	name  string
	rules func() Rules
}{
	{"klondike", func() Rules { return Klondike(1, 0) }},
	{"small-5x4", func() Rules { return klondikeRuleSets()["small-5x4"] }},
}

var goldenSeeds = []uint64{0, 1, 2, 12345}

// goldenText is the content of a golden deal file: a comment naming the
// deal, then the deal in the text format.
func goldenText(game string, r *Rules, seed uint64) string {
	head := fmt.Sprintf("# %s deal %d of %s (%d ranks, %d piles)\n", NativeDealID, seed, game, r.Ranks, len(r.Deal))
	return head + FormatText(NativeDeal(r, seed), TextOptions{})
}

// TestNativeDealGolden pins the native deals of fixed seeds byte for byte:
// the same seed must give the same deal forever. Run with -update to
// rewrite the files, only when NativeDealID changes.
func TestNativeDealGolden(t *testing.T) {
	for _, gg := range goldenGames {
		r := gg.rules()
		for _, seed := range goldenSeeds {
			path := filepath.Join("testdata", "golden", fmt.Sprintf("%s-seed%d.txt", gg.name, seed))
			got := goldenText(gg.name, &r, seed)
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("%s: NativeDeal(%d) changed\n got\n%s\nwant\n%s", path, seed, got, want)
			}
			l, err := ParseText(string(want))
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			if _, err := MustGame(r).NewState(l); err != nil {
				t.Errorf("%s: not a valid deal of %s: %v", path, gg.name, err)
			}
		}
	}
}

// TestNativeDealVariantsShare checks that rule sets differing only in play
// get the same deals, as NativeDeal promises.
func TestNativeDealVariantsShare(t *testing.T) {
	base := Klondike(1, 0)
	sets := klondikeRuleSets()
	for _, name := range ruleSetNames() {
		r := sets[name]
		if r.Ranks != base.Ranks || len(r.Deal) != len(base.Deal) {
			continue
		}
		for _, seed := range goldenSeeds {
			got := FormatText(NativeDeal(&r, seed), TextOptions{})
			want := FormatText(NativeDeal(&base, seed), TextOptions{})
			if r.Cells == 0 && got != want {
				t.Errorf("%s deal %d differs from Klondike's:\n got\n%s\nwant\n%s", name, seed, got, want)
			}
			if d := dealfmtLayoutDiff(withoutCells(NativeDeal(&r, seed)), NativeDeal(&base, seed)); d != "" {
				t.Errorf("%s deal %d differs from Klondike's: %s", name, seed, d)
			}
		}
	}
}

func withoutCells(l Layout) Layout {
	l.Cells = nil
	return l
}
