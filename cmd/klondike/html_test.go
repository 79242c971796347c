package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHTMLPages writes the page of solve, play, hint (with and without
// unseen cards) and analyze: one self-contained file each, holding the
// line it shows; and refuses to write over an input file.
func TestHTMLPages(t *testing.T) {
	dir := t.TempDir()
	game := writeFile(t, "game.json", mustRun(t, "play", "--seed", "4", "--player", "greedy", "--json"))
	for _, tc := range []struct {
		name string
		args []string
		want []string // in the page
	}{
		{"solve", []string{"solve", "--seed", fastSeed}, []string{`"name":"solution"`}},
		{"play", []string{"play", "--seed", "4", "--player", "greedy"}, []string{`"name":"game"`, "result: lost"}},
		{"hint", []string{"hint", "--seed", fastSeed, "--max-nodes", "300000"}, []string{`"name":"winning line"`, "winning moves:"}},
		{"hint unseen", []string{"hint", "--deal", "testdata/inprogress.txt", "--samples", "2", "--max-nodes", "200000"}, []string{`"??"`, "unseen cards: 26"}},
		{"analyze", []string{"analyze", "--seed", "4", "--moves", game, "--max-nodes", "300000"},
			[]string{`"decisive":55`, `"name":"winning alternative","from":54`, "verdict: lost (searched)"}},
	} {
		path := filepath.Join(dir, tc.name+".html")
		mustRun(t, append(tc.args, "--html", path)...)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		page := string(data)
		for _, w := range append(tc.want, "<!DOCTYPE html>") {
			if !strings.Contains(page, w) {
				t.Errorf("%s: the page lacks %q", tc.name, w)
			}
		}
	}
	checkOneLineError(t, []string{"analyze", "--seed", "4", "--moves", game, "--html", game}, exitUsage, "write it elsewhere")
}
