package results

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMatchRunAndReport plays a small match, checks its records against
// games played one by one, interrupts and resumes one, and reports it.
func TestMatchRunAndReport(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "m")
	m, err := NewMatchManifest(ModeTurns, []string{"greedy", "human", "random"}, nil, false, 10, 24, Whole, 2)
	if err != nil {
		t.Fatal(err)
	}
	// A run interrupted before it starts plays nothing and says so.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := RunMatches(ctx, MatchRunOptions{Dir: dir, Manifest: m})
	if err != nil || !res.Interrupted || res.Done != 0 {
		t.Fatalf("interrupted run: %+v, %v", res, err)
	}
	res, err = RunMatches(context.Background(), MatchRunOptions{Dir: dir, Manifest: m})
	if err != nil || res.Done != 24 || res.Interrupted {
		t.Fatalf("run: %+v, %v", res, err)
	}
	// Cut short after 10 games and half a line: the same call continues.
	path := filepath.Join(dir, MatchRecordsFile)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	if err := os.WriteFile(path, []byte(strings.Join(lines[:10], "")+lines[10][:20]), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err = RunMatches(context.Background(), MatchRunOptions{Dir: dir, Manifest: m})
	if err != nil || res.Done != 24 || res.Resumed != 10 || res.TornBytes != 20 {
		t.Fatalf("resumed run: %+v, %v", res, err)
	}
	r, err := LoadMatch(dir)
	if err != nil {
		t.Fatal(err)
	}
	wins := 0
	for _, rec := range r.Records {
		want, err := PlayMatch(&m, rec.Seed)
		if err != nil {
			t.Fatal(err)
		}
		if want.Winner != rec.Winner || want.Turns != rec.Turns || strings.Join(want.Players, ",") != strings.Join(rec.Players, ",") {
			t.Fatalf("seed %d: record %+v, replayed %+v", rec.Seed, rec, want)
		}
		if got := rec.Slots[0] - 1; got != int((rec.Seed)%3) {
			t.Fatalf("seed %d: seat 1 holds slot %d", rec.Seed, rec.Slots[0])
		}
		if rec.Winner > 0 {
			wins++
		}
	}
	s := SummariseMatch(&r)
	if s.Games != 24 || s.Ties+wins != 24 || s.SlotWins[0]+s.SlotWins[1]+s.SlotWins[2] != wins || s.StarterDecided != wins {
		t.Fatalf("summary %+v", s)
	}
	// Another experiment's flags are refused.
	m2 := m
	m2.Players = []string{"greedy", "greedy", "random"}
	var mm *MismatchError
	if _, err := RunMatches(context.Background(), MatchRunOptions{Dir: dir, Manifest: m2}); !errors.As(err, &mm) || mm.Field != "players" {
		t.Fatalf("a different match: %v", err)
	}
	var b strings.Builder
	WriteMatchSection(&b, []MatchResult{r})
	out := b.String()
	for _, want := range []string{"Games between players", "First-turn advantage", "| " + filepath.ToSlash(dir) + " | turns | greedy, human, random |"} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	files, err := WriteMatchPlots(filepath.Join(t.TempDir(), "plots"), []MatchResult{r})
	if err != nil || len(files) != 2 {
		t.Fatalf("plots %v, %v", files, err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f.Path)
		if err != nil {
			t.Fatal(err)
		}
		parseSVG(t, data)
	}
	if err := CompressMatchRecords(dir); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, CompressedMatchRecordsFile)); err != nil {
		t.Fatal(err)
	}
}
