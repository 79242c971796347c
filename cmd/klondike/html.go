package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/results/page"
)

// writePage writes a page to path, refusing to write over an input file.
func writePage(path string, inputs []string, p page.Page) error {
	for _, in := range inputs {
		if in != "" && in != "-" && samePath(in, path) {
			return usageErrorf("--html %s is an input file; name another", path)
		}
	}
	var b bytes.Buffer
	if err := page.Write(&b, p); err != nil {
		return failErrorf("%v", err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		return failErrorf("--html: %v", err)
	}
	return nil
}

// samePath tells whether two paths name the same file.
func samePath(a, b string) bool {
	if ia, err := os.Stat(a); err == nil {
		if ib, err := os.Stat(b); err == nil {
			return os.SameFile(ia, ib)
		}
	}
	aa, err1 := filepath.Abs(a)
	bb, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && aa == bb
}

// lineOf draws the line of steps (in the file's foundation names) played
// from pos's start.
func lineOf(name string, s engine.State, pos position, steps []engine.Step) (page.Line, error) {
	ln, err := page.NewLine(name, s, steps, pos.labels, stepText)
	if err != nil {
		return ln, failErrorf("page: %v", err)
	}
	return ln, nil
}

// pageTitle is the heading of a page: the game and its rules.
func pageTitle(game, rules string) string { return fmt.Sprintf("%s (%s)", game, rules) }
