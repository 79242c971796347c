package bench

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/klondike-family/klondike/engine"
)

// dealSeeds are the native Klondike deals the benchmarks play, kept in
// testdata/deals as text files.
var dealSeeds = []uint64{0, 1, 2, 3, 4, 5, 6, 7}

func dealPath(seed uint64) string {
	return filepath.Join("testdata", "deals", fmt.Sprintf("klondike-seed%d.txt", seed))
}

func dealText(seed uint64) string {
	r := engine.Klondike(1, 0)
	return fmt.Sprintf("# %s deal %d of Klondike\n", engine.NativeDealID, seed) +
		engine.FormatText(engine.NativeDeal(&r, seed), engine.TextOptions{})
}

// TestDealFiles checks that the benchmark deal files are the native deals
// they are named after. With -update it rewrites them.
func TestDealFiles(t *testing.T) {
	for _, seed := range dealSeeds {
		want := dealText(seed)
		if *update {
			if err := os.WriteFile(dealPath(seed), []byte(want), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(dealPath(seed))
		if err != nil {
			t.Fatalf("%v (run with -update)", err)
		}
		if string(got) != want {
			t.Errorf("%s is not native deal %d:\n got\n%s\nwant\n%s", dealPath(seed), seed, got, want)
		}
	}
}
