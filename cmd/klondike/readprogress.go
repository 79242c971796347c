package main

import (
	"fmt"
	"io"
	"time"
)

// readProgress tells on stderr, at most every readEvery, how far a
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
	last    time.Time // of the last line, or the start
}

// readEvery is the least time between two lines of readProgress.
var readEvery = 10 * time.Second

func newReadProgress(name string, w io.Writer, of int) *readProgress {
	return &readProgress{name: name, w: w, of: of, last: time.Now()}
}

// read counts a directory read, of records records; no line is written
// for the last one (the command's own line follows).
func (p *readProgress) read(records int) {
	p.done++
	p.records += int64(records)
	if p.done < p.of && time.Since(p.last) >= readEvery {
		p.last = time.Now()
		fmt.Fprintf(p.w, "%s: read %d of %d directories, %s\n", p.name, p.done, p.of, counted(p.records, "record"))
	}
}
