package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klondike-family/klondike/engine"
)

// FuzzReadSolution feeds arbitrary bytes to verify's solution reader and
// replays what it accepts from a deal: an error or a verdict of the
// replay, never a panic.
func FuzzReadSolution(f *testing.F) {
	f.Add([]byte(`[{"op":"move","from":"t3","to":"f2","n":1,"card":"AD"},{"op":"draw"},{"op":"recycle"}]`))
	f.Add([]byte(`{"game":"klondike","solution":[{"op":"deal"}]}`))
	f.Add([]byte(`{"solution":null}`))
	f.Add([]byte(`[{"op":"draw","` + strings.Repeat("x", 1000) + `":1}]`))
	f.Add([]byte(`[{"op":"move","from":"waste","to":"f1","n":1,"card":"AC","joker":"f1"}]`))
	g := engine.MustGame(engine.Klondike(3, 0))
	start, err := g.NewState(engine.NativeDeal(&g.Rules, 6))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "solution.json")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		sol, err := readSolution(path, nil)
		if err != nil {
			if len(err.Error()) > 200+len(path) {
				t.Fatalf("error of %d bytes: %.300s", len(err.Error()), err)
			}
			return
		}
		_ = engine.Verify(start, sol.Steps)
	})
}
