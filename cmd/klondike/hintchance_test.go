package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestWriteChancesInterrupted: a sampling cut short by an interrupt says
// how many samples were solved of those asked; a complete one does not.
func TestWriteChancesInterrupted(t *testing.T) {
	rep := chanceReport{Unseen: 26, Samples: 65, Asked: 2000, Interrupted: true, Winning: 3}
	var b bytes.Buffer
	writeChances(&b, &rep)
	if first, _, _ := strings.Cut(b.String(), "\n"); first != "unseen cards: 26; 65 of the 2000 deals asked solved (interrupted)" {
		t.Errorf("interrupted: first line %q", first)
	}
	rep.Samples, rep.Asked, rep.Interrupted = 20, 20, false
	b.Reset()
	writeChances(&b, &rep)
	if first, _, _ := strings.Cut(b.String(), "\n"); first != "unseen cards: 26; 20 deals of them solved" {
		t.Errorf("complete: first line %q", first)
	}
}
