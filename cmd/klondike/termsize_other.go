//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package main

import "io"

// terminalWidth tells whether w is a terminal (here: a character device)
// and takes it to have 80 columns.
func terminalWidth(w io.Writer) (int, bool) {
	return 80, isTerminal(w)
}
