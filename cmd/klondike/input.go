package main

import (
	"bytes"
	"fmt"
	"io"

	"github.com/klondike-family/klondike/results"
)

// readInput is the one reader of the input files the commands take by
// flag (a deal or position, a solution, a player's moves): the file at
// path, or standard input when path is "-", refusing more than limit bytes
// (maxDealBytes, maxSolutionBytes) without reading past limit+1. A file is
// read by results.ReadFileLimit (a directory refused, a device without end
// cut off); standard input gets the same bound. Errors name what was read
// ("standard input" for "-"), without the caller's prefix. A UTF-8
// byte-order mark at the start, which some editors write (Windows
// Notepad), is dropped: every format read is text or JSON in UTF-8.
func readInput(path string, stdin io.Reader, limit int64) ([]byte, error) {
	data, err := readInputRaw(path, stdin, limit)
	return bytes.TrimPrefix(data, []byte("\uFEFF")), err
}

func readInputRaw(path string, stdin io.Reader, limit int64) ([]byte, error) {
	if path != "-" {
		return results.ReadFileLimit(path, limit)
	}
	if stdin == nil {
		return nil, fmt.Errorf("no standard input to read")
	}
	data, err := io.ReadAll(io.LimitReader(stdin, limit+1))
	if err != nil {
		return nil, fmt.Errorf("standard input: %v", bareErr(err))
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("standard input is too large (over %s)", results.FormatBytes(limit))
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
