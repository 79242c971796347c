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

// TestMatchShardsStatusAndGroup: a match in three shards, the third not
// started: status sums the two (wins by player, the ETA from the
// unfinished one's workers); the report's grouping joins them into one
// result equal to the merged directory; a shard given twice is named.
func TestMatchShardsStatusAndGroup(t *testing.T) {
	base := t.TempDir()
	var dirs []string
	var parts []MatchResult
	for k := uint64(1); k <= 2; k++ {
		m, err := NewMatchManifest(ModeTurns, []string{"greedy", "human"}, nil, false, 0, 12, Shard{k, 3}, 1)
		if err != nil {
			t.Fatal(err)
		}
		d := filepath.Join(base, "ms", "shard-"+string(rune('0'+k)))
		if _, err := RunMatches(context.Background(), MatchRunOptions{Dir: d, Manifest: m}); err != nil {
			t.Fatal(err)
		}
		r, err := LoadMatch(d)
		if err != nil {
			t.Fatal(err)
		}
		dirs, parts = append(dirs, d), append(parts, r)
	}
	// shard 2 cut to its first two games: unfinished
	path := filepath.Join(dirs[1], MatchRecordsFile)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	if err := os.WriteFile(path, []byte(lines[0]+lines[1]), 0o644); err != nil {
		t.Fatal(err)
	}
	parts[1].Records = parts[1].Records[:2]

	s, err := ReadMatchStatus(dirs)
	if err != nil {
		t.Fatalf("ReadMatchStatus: %v", err)
	}
	wins := make([]int, 2)
	ties := 0
	for _, p := range parts {
		for _, r := range p.Records {
			if r.Winner == 0 {
				ties++
			} else {
				wins[r.Slots[r.Winner-1]-1]++
			}
		}
	}
	if s.Total != 12 || s.Done != 6 || s.Shards != 3 || s.Dirs != 2 || s.Workers != 1 ||
		s.Wins[0] != wins[0] || s.Wins[1] != wins[1] || s.Ties != ties {
		t.Fatalf("status %+v; want 6 of 12 games, 2 of 3 shards, one worker, wins %v, %d ties", s, wins, ties)
	}
	line := s.Line()
	for _, want := range []string{"6 of 12 games (2 of 3 shards started): player 1 (greedy) won ", ", player 2 (human) won ", "a game, ", "ETA "} {
		if !strings.Contains(line, want) {
			t.Errorf("line %q lacks %q", line, want)
		}
	}
	if _, err := ReadMatchStatus([]string{dirs[0], dirs[0]}); err == nil || !strings.Contains(err.Error(), "shard 1/3 is given twice") {
		t.Errorf("a shard twice: %v", err)
	}
	if _, err := ReadStatus(dirs); err == nil || !strings.Contains(err.Error(), "is a match") {
		t.Errorf("win-rate status of a match: %v", err)
	}

	g, err := GroupMatchShards(parts)
	if err != nil || len(g) != 1 {
		t.Fatalf("GroupMatchShards: %d results, %v; want one", len(g), err)
	}
	if g[0].Dir != filepath.Join(base, "ms") || g[0].Manifest.Shard != "merged 2 of 3" || len(g[0].Records) != 6 {
		t.Fatalf("grouped: %s, shard %q, %d records", g[0].Dir, g[0].Manifest.Shard, len(g[0].Records))
	}
	for i := 1; i < len(g[0].Records); i++ {
		if g[0].Records[i-1].Seed >= g[0].Records[i].Seed {
			t.Fatalf("grouped records not sorted by seed at %d", i)
		}
	}
	// a lone shard stays itself
	if g, err := GroupMatchShards(parts[:1]); err != nil || len(g) != 1 || g[0].Dir != dirs[0] {
		t.Fatalf("a lone shard: %+v, %v", g, err)
	}
	if _, _, _, err := MergeMatches(filepath.Join(base, "out"), []string{dirs[0], dirs[0]}, true); err == nil || !strings.Contains(err.Error(), "shard 1/3 is given twice") {
		t.Errorf("merge of a shard twice: %v", err)
	}
}

// TestMatchSmallSamples: a rate of no games and a mean of one value have
// no interval to give.
func TestMatchSmallSamples(t *testing.T) {
	if got := pctIv(0, 0); got != "–" {
		t.Errorf("pctIv(0, 0) = %q, want –", got)
	}
	if got := NewMean([]float64{77}).String(); got != "77.00 (n = 1)" {
		t.Errorf("the mean of one value: %q", got)
	}
	if got := NewMean(nil).String(); got != "–" {
		t.Errorf("the mean of none: %q", got)
	}
	if got := NewMean([]float64{1, 3}).String(); !strings.HasPrefix(got, "2.00 ± ") {
		t.Errorf("the mean of two values: %q", got)
	}
}
