package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/klondike-family/klondike/results"
)

func TestBarLine(t *testing.T) {
	p := results.Progress{Total: 1100, Resumed: 100, Done: 550, Won: 400, Lost: 50, Elapsed: 45 * time.Second}
	got := barLine(p, "desc", 200)
	want := " 45% |" + strings.Repeat("█", 13) + strings.Repeat(" ", 17) + "| 450/1000 deals, 10.0 deals/s, ETA 55s; desc"
	if got != want {
		t.Errorf("barLine = %q, want %q", got, want)
	}
	p.Done = 1100
	if got := barLine(p, "d", 200); !strings.HasPrefix(got, "100% |"+strings.Repeat("█", 30)+"| 1000/1000 deals") || strings.Contains(got, "ETA") {
		t.Errorf("barLine at the end = %q, want a full bar and no ETA", got)
	}
	if got := barLine(results.Progress{}, "d", 200); !strings.HasPrefix(got, "100% |") {
		t.Errorf("barLine of no deals = %q, want a full bar", got)
	}
	// A narrow terminal narrows the bar, down to 10 cells.
	p.Done = 550
	if got := barLine(p, "win rate 12%", 79); len([]rune(got)) != 79 || !strings.Contains(got, "|"+strings.Repeat("█", 9)+strings.Repeat(" ", 11)+"|") {
		t.Errorf("barLine in 79 columns = %q, want 79 runes with a bar of 20 cells", got)
	}
	if got := barLine(p, strings.Repeat("x", 100), 79); !strings.Contains(got, "|"+strings.Repeat("█", 4)+strings.Repeat(" ", 6)+"|") {
		t.Errorf("barLine with a long description = %q, want a bar of 10 cells", got)
	}
}

// TestProgressBarRedraw checks the throttle (one drawing per interval,
// the final update always), the padding over a longer last line, the cut
// to the terminal's width and the newline at the end.
func TestProgressBarRedraw(t *testing.T) {
	var buf bytes.Buffer
	b := &progressBar{w: &buf, width: 200, every: 200 * time.Millisecond}
	t0 := time.Unix(1000, 0)
	p := results.Progress{Total: 10, Done: 1, Elapsed: time.Second}
	b.update(p, "a long description", t0)
	b.update(p, "not drawn: too soon", t0.Add(100*time.Millisecond))
	p.Done = 2
	b.update(p, "short", t0.Add(250*time.Millisecond))
	p.Done, p.Final = 10, true
	b.update(p, "final", t0.Add(260*time.Millisecond))
	b.finish()
	out := buf.String()
	draws := strings.Split(strings.TrimSuffix(out, "\n"), "\r")[1:]
	if len(draws) != 3 || !strings.HasSuffix(out, "\n") || strings.Count(out, "\n") != 1 {
		t.Fatalf("output %q, want 3 drawings after carriage returns and one newline at the end", out)
	}
	if strings.Contains(out, "too soon") {
		t.Errorf("drew within the interval: %q", out)
	}
	first, second := []rune(draws[0]), []rune(draws[1])
	if len(second) != len(first) || !strings.HasSuffix(strings.TrimRight(draws[1], " "), "; short") {
		t.Errorf("second drawing %q does not cover the first %q", draws[1], draws[0])
	}

	buf.Reset()
	b = &progressBar{w: &buf, width: 40, every: time.Second}
	b.update(p, "cut", t0)
	if n := len([]rune(strings.TrimPrefix(buf.String(), "\r"))); n != 39 {
		t.Errorf("line of %d runes on a 40-column terminal, want 39: %q", n, buf.String())
	}
	buf.Reset()
	(&progressBar{w: &buf}).finish()
	if buf.Len() != 0 {
		t.Errorf("finish without a drawing wrote %q", buf.String())
	}
}

// TestProgressLinesOnce: without a terminal, a line at most every
// interval and one at the end, but not the end's when the line just
// written gave the same counts (winnable printed its last line twice).
func TestProgressLinesOnce(t *testing.T) {
	var buf bytes.Buffer
	pp := newProgressPrinter("x", &buf)
	pp.clock.every = 0 // every update writes a line
	p := results.Progress{Total: 2, Done: 2, Won: 2}
	pp.update(p)
	p.Final = true
	pp.update(p)
	if n := strings.Count(buf.String(), "\n"); n != 1 {
		t.Errorf("a line then the final one with the same counts: %d lines, want 1:\n%s", n, buf.String())
	}
	buf.Reset()
	pp = newProgressPrinter("x", &buf)
	pp.update(results.Progress{Total: 2, Done: 1, Won: 1}) // within the interval: no line
	pp.update(results.Progress{Total: 2, Done: 2, Won: 2, Final: true})
	if n := strings.Count(buf.String(), "\n"); n != 1 || !strings.Contains(buf.String(), "2/2 deals") {
		t.Errorf("the final line alone: %q, want one line of 2/2 deals", buf.String())
	}
}
