package main

import (
	"bytes"
	"fmt"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/results/page"
)

// checkPage refuses an --html path that is one of the input files or lies
// inside an input directory (checkOutput); inputs "" (not given) and "-"
// (standard input) are skipped. Commands call it before their search, and
// writePage again before writing.
func checkPage(path string, inputs []string) error {
	var files []string
	for _, in := range inputs {
		if in != "" && in != "-" {
			files = append(files, in)
		}
	}
	return checkOutput("--html", path, files)
}

// writePage writes a page to path (--html) atomically, refusing to write
// over an input file (checkPage); an unwritable path is an input error.
func writePage(path string, inputs []string, p page.Page) error {
	if err := checkPage(path, inputs); err != nil {
		return err
	}
	var b bytes.Buffer
	if err := page.Write(&b, p); err != nil {
		return failErrorf("page: %v", err)
	}
	return writeOutput("--html", path, b.Bytes())
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
