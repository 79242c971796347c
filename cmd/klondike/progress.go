package main

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/klondike-family/klondike/results"
)

// progressEvery is the least time between two plain progress lines of a
// long command (winrate, retry, winnable, match, report, claims).
var progressEvery = 10 * time.Second

// lineClock lets a plain progress line through at most every its every
// (progressEvery when made), counting from when it was made.
type lineClock struct {
	last  time.Time // of the last line let through, or the start
	every time.Duration
}

func newLineClock() lineClock { return lineClock{last: time.Now(), every: progressEvery} }

// due tells whether a line may be written now, and if so takes it as
// written.
func (c *lineClock) due() bool {
	if time.Since(c.last) < c.every {
		return false
	}
	c.last = time.Now()
	return true
}

// progressPrinter shows progress on stderr: a bar on a terminal, or a
// plain line at most every progressEvery and at the end.
type progressPrinter struct {
	name  string // the command, starting each line
	w     io.Writer
	bar   *progressBar // nil: not a terminal
	clock lineClock    // of the plain lines
	wrote bool         // a line was written
	done  int          // the deals done in the last line written
	// counts only: a retry pass's deals are the hardest of a run, whose
	// win rate would mislead
	countsOnly bool
}

func newProgressPrinter(name string, w io.Writer) *progressPrinter {
	pp := &progressPrinter{name: name, w: w, clock: newLineClock()}
	if cols, ok := terminalWidth(w); ok {
		pp.bar = &progressBar{w: w, width: cols, every: 200 * time.Millisecond}
	}
	return pp
}

// update is Run's progress callback, called from one goroutine at a time.
func (pp *progressPrinter) update(p results.Progress) {
	if pp.bar != nil {
		pp.bar.update(p, pp.description(p), time.Now())
		return
	}
	if p.Final || pp.clock.due() {
		if p.Final && pp.wrote && p.Done == pp.done {
			return // the last line written gave these counts already
		}
		pp.wrote, pp.done = true, p.Done
		fmt.Fprintf(pp.w, "%s: %s\n", pp.name, progressLine(p, pp.countsOnly))
	}
}

// description is what the bar shows after its counts: the win rate so
// far and the unknowns, or the counts alone.
func (pp *progressPrinter) description(p results.Progress) string {
	wr := p.WinRate()
	desc := fmt.Sprintf("win rate %s %%, %d unknown", wr.Text(), p.Unknown)
	if pp.countsOnly {
		desc = fmt.Sprintf("%d won, %d lost, %d unknown", p.Won, p.Lost, p.Unknown)
	}
	if p.Resumed > 0 {
		desc = fmt.Sprintf("%d/%d in all, %s", p.Done, p.Total, desc)
	}
	return desc
}

// finish ends the bar's line.
func (pp *progressPrinter) finish() {
	if pp.bar != nil {
		pp.bar.finish()
	}
}

// progressLine writes progress for a log.
func progressLine(p results.Progress, countsOnly bool) string {
	wr := p.WinRate()
	s := fmt.Sprintf("%d/%d deals, %.1f deals/s", p.Done, p.Total, p.Rate())
	if eta := p.ETA(); eta > 0 && p.Done < p.Total {
		s += fmt.Sprintf(", ETA %v", eta.Round(time.Second))
	}
	switch {
	case countsOnly:
		return s + fmt.Sprintf(", %d won, %d lost, %d unknown", p.Won, p.Lost, p.Unknown)
	case p.Done > 0:
		s += fmt.Sprintf(", win rate %s %% (%s)", wr.Text(), wr.Basis())
	}
	return s + fmt.Sprintf(", %d unknown", p.Unknown)
}

// progressBar is a progress line on a terminal, redrawn in place (a
// carriage return, then the line padded over the last one) at most once
// every b.every, and on the final update. Its length, count, rate and ETA are
// this run's: deals resumed from earlier runs are left out.
type progressBar struct {
	w     io.Writer
	width int // the terminal's columns: a longer line is cut to fit
	every time.Duration
	last  time.Time // of the last drawing; zero before the first
	drawn int       // runes of the line on screen
}

// The bar itself is barCells wide, or narrower (down to minBarCells) to
// fit the line on the terminal.
const (
	barCells    = 30
	minBarCells = 10
)

// update redraws the line for p when b.every has passed since the last
// drawing, and when p is final.
func (b *progressBar) update(p results.Progress, desc string, now time.Time) {
	if !p.Final && !b.last.IsZero() && now.Sub(b.last) < b.every {
		return
	}
	b.last = now
	line := []rune(barLine(p, desc, b.width-1)) // never the last column: some terminals wrap there
	if b.width > 1 && len(line) > b.width-1 {
		line = line[:b.width-1]
	}
	pad := max(b.drawn-len(line), 0)
	fmt.Fprintf(b.w, "\r%s%s", string(line), strings.Repeat(" ", pad))
	b.drawn = len(line)
}

// finish ends the line, if one was drawn.
func (b *progressBar) finish() {
	if b.drawn > 0 {
		fmt.Fprintln(b.w)
		b.drawn = 0
	}
}

// barLine is the bar's line for p: " 45% |█████████     | 450/1000
// deals, 12.3 deals/s, ETA 45s; " and the description, with the bar
// narrowed as far as minBarCells to keep the line within width runes.
func barLine(p results.Progress, desc string, width int) string {
	done, total := p.Done-p.Resumed, p.Total-p.Resumed
	frac := 1.0
	if total > 0 {
		frac = min(max(float64(done)/float64(total), 0), 1)
	}
	text := fmt.Sprintf("| %d/%d deals, %.1f deals/s", done, total, p.Rate())
	if eta := p.ETA(); eta > 0 && p.Done < p.Total {
		text += fmt.Sprintf(", ETA %v", eta.Round(time.Second))
	}
	text += "; " + desc
	head := fmt.Sprintf("%3d%% |", int(frac*100))
	cells := min(barCells, max(minBarCells, width-len(head)-len([]rune(text))))
	full := int(frac * float64(cells))
	return head + strings.Repeat("█", full) + strings.Repeat(" ", cells-full) + text
}

// tornNotice is the notice of a run that drops the torn last line of its
// records file (the trace of a write cut short): cmd says who, redo what
// is done again ("solved its deal"). It is written when the line is
// dropped, before the run's progress.
func tornNotice(w io.Writer, cmd, redo string) func(file string, bytes int64) {
	return func(file string, bytes int64) {
		fmt.Fprintf(w, "%s: dropped a torn last line (%d bytes) of %s and %s again\n", cmd, bytes, file, redo)
	}
}
