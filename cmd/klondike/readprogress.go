package main

import (
	"fmt"
	"io"
)

// readProgress tells on stderr, at most every progressEvery, how far a
// command that reads many result directories (report, claims) has got,
// as "report: read 57 of 140 directories, 4123456 records": reading the
// committed results takes tens of seconds, and the command writes
// nothing else until it is done.
type readProgress struct {
	name    string // the command, starting each line
	w       io.Writer
	of      int
	done    int
	records int64
	clock   lineClock
}

func newReadProgress(name string, w io.Writer, of int) *readProgress {
	return &readProgress{name: name, w: w, of: of, clock: newLineClock()}
}

// read counts a directory read, of records records; no line is written
// for the last one (the command's own line follows).
func (p *readProgress) read(records int) {
	p.done++
	p.records += int64(records)
	if p.done < p.of && p.clock.due() {
		fmt.Fprintf(p.w, "%s: read %d of %d directories, %s\n", p.name, p.done, p.of, counted(p.records, "record"))
	}
}
