package main

import (
	"fmt"
	"io"
	"os"
)

// maxInputBytes bounds what an input file (a deal, a solution, a player's
// moves) may hold: the largest real one is a few tens of kilobytes.
const maxInputBytes = 4 << 20

// readInput reads an input file, or stdin when path is "-", refusing more
// than maxInputBytes. Errors say what was read and why it failed, without
// the caller's prefix.
func readInput(path string, stdin io.Reader) ([]byte, error) {
	var r io.Reader
	if path == "-" {
		if stdin == nil {
			return nil, fmt.Errorf("no standard input to read")
		}
		r = stdin
	} else {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	data, err := io.ReadAll(io.LimitReader(r, maxInputBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxInputBytes {
		return nil, fmt.Errorf("%s holds more than %d MiB", inputName(path), maxInputBytes>>20)
	}
	return data, nil
}

// inputName names an input for messages: "standard input" for "-".
func inputName(path string) string {
	if path == "-" {
		return "standard input"
	}
	return path
}
