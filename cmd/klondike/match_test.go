package main

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/klondike-family/klondike/results"
)

// matchRecords reads a match directory's records with times zeroed.
func matchRecords(t *testing.T, dir string) []results.MatchRecord {
	t.Helper()
	recs, _, err := results.ReadMatchRecords(dir)
	if err != nil {
		t.Fatal(err)
	}
	for i := range recs {
		recs[i].TimeMS = 0
	}
	return recs
}

// runOK runs args and fails the test unless it exits 0 (progress goes to
// stderr).
func runOK(t *testing.T, args ...string) string {
	t.Helper()
	out, errs, code := klondike(t, args...)
	if code != 0 {
		t.Fatalf("klondike %s: exit %d, stderr %q", strings.Join(args, " "), code, errs)
	}
	return out
}

// TestMatchResumes: a match cut short (a torn last line, games missing)
// continues to the same records as one run straight through, in both
// modes; shards cover the range; the summary counts every game.
func TestMatchResumes(t *testing.T) {
	for _, mode := range [][]string{
		{"--mode", "turns", "--players", "greedy,human,random", "--forced-play"},
		{"--mode", "simultaneous", "--players", "greedy,human", "--speeds", "1,1.5"},
	} {
		whole := filepath.Join(t.TempDir(), "whole")
		args := append([]string{"match", "--games", "30", "--from", "5", "--workers", "2", "--out", whole}, mode...)
		out := runOK(t, args...)
		if !strings.Contains(out, "30/30 games") {
			t.Fatalf("summary %q", out)
		}
		want := matchRecords(t, whole)
		if len(want) != 30 {
			t.Fatalf("%d records", len(want))
		}
		// Cut: keep 12 lines and half of the 13th.
		part := filepath.Join(t.TempDir(), "part")
		runOK(t, append([]string{"match", "--games", "30", "--from", "5", "--workers", "1", "--out", part}, mode...)...)
		path := filepath.Join(part, results.MatchRecordsFile)
		data, _ := os.ReadFile(path)
		lines := strings.SplitAfter(string(data), "\n")
		torn := strings.Join(lines[:12], "") + lines[12][:len(lines[12])/2]
		if err := os.WriteFile(path, []byte(torn), 0o644); err != nil {
			t.Fatal(err)
		}
		_, errs, code := klondike(t, append([]string{"match", "--games", "30", "--from", "5", "--out", part}, mode...)...)
		if code != 0 || !strings.HasPrefix(errs, "match: dropped a torn last line (") {
			t.Fatalf("resume: exit %d, stderr %q; want the torn line's notice first", code, errs)
		}
		got := matchRecords(t, part)
		index := func(rs []results.MatchRecord) map[uint64]results.MatchRecord {
			m := map[uint64]results.MatchRecord{}
			for _, r := range rs {
				m[r.Seed] = r
			}
			return m
		}
		if !reflect.DeepEqual(index(got), index(want)) {
			t.Fatalf("%v: resumed records differ from a straight run", mode)
		}
		// Shards.
		s1, s2 := filepath.Join(t.TempDir(), "s1"), filepath.Join(t.TempDir(), "s2")
		runOK(t, append([]string{"match", "--games", "30", "--from", "5", "--shard", "1/2", "--out", s1}, mode...)...)
		runOK(t, append([]string{"match", "--games", "30", "--from", "5", "--shard", "2/2", "--out", s2}, mode...)...)
		all := append(matchRecords(t, s1), matchRecords(t, s2)...)
		if !reflect.DeepEqual(index(all), index(want)) {
			t.Fatalf("%v: shards differ from a straight run", mode)
		}
		merged := filepath.Join(t.TempDir(), "merged")
		checkOneLineError(t, []string{"merge", "--out", merged, s1}, exitUsage, "missing")
		if out := mustRun(t, "merge", "--allow-gaps", "--out", filepath.Join(t.TempDir(), "gaps"), s1); !strings.Contains(out, " games of seeds 5..34 from 1 directory (merged 1 of 2), 15 seeds missing") {
			t.Errorf("merge of one shard: %q", out)
		}
		if out := mustRun(t, "merge", "--out", merged, s1, s2); !strings.Contains(out, "30 games") {
			t.Fatalf("merge: %q", out)
		}
		if !reflect.DeepEqual(index(matchRecords(t, merged)), index(want)) {
			t.Fatalf("%v: merged shards differ from a straight run", mode)
		}
		runOK(t, "compress", merged)
		// status sums the shards' games; report makes them one row
		if out := mustRun(t, "status", s1, s2); !strings.HasPrefix(out, "30 of 30 games (2 of 2 shards started): player 1 (") || !strings.Contains(out, "done") {
			t.Errorf("status of the shards: %q", out)
		}
		rep2 := filepath.Join(t.TempDir(), "r2.md")
		mustRun(t, "report", "--out", rep2, s1, s2)
		md2, _ := os.ReadFile(rep2)
		if row := "| " + filepath.ToSlash(s1) + " + 1 shard | "; !strings.Contains(string(md2), row) || strings.Contains(string(md2), "| "+filepath.ToSlash(s2)+" |") {
			t.Errorf("report of two shards: no one row %q:\n%s", row, md2)
		}
		checkOneLineError(t, []string{"claims", "--out", filepath.Join(t.TempDir(), "c.md"), s1}, exitUsage, "is a match (klondike match), not a win-rate experiment")
		// Compress, then report reads it.
		mustRun(t, "compress", whole)
		if _, err := os.Stat(filepath.Join(whole, results.CompressedMatchRecordsFile)); err != nil {
			t.Fatal(err)
		}
		if got := matchRecords(t, whole); !reflect.DeepEqual(index(got), index(want)) {
			t.Fatal("compressed records differ")
		}
		checkOneLineError(t, args, exitUsage, "compressed")
		rep := filepath.Join(t.TempDir(), "r.md")
		mustRun(t, "report", "--out", rep, "--plots", filepath.Join(t.TempDir(), "plots"), whole)
		md, _ := os.ReadFile(rep)
		if !strings.Contains(string(md), "Games between players") {
			t.Fatalf("report has no match section:\n%s", md)
		}
	}
}

func TestMatchUsageErrors(t *testing.T) {
	dir := t.TempDir()
	runOK(t, "match", "--players", "greedy,greedy", "--games", "4", "--out", dir)
	wr := t.TempDir()
	runOK(t, append(wrArgs(wr), "--deals", "2")...)
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"match", "--games", "3", "--out", "x"}, []string{"--players"}},
		{[]string{"match", "--players", "greedy", "--games", "3", "--out", "x"}, []string{"--players: 1 player; want 2 to 5"}},
		{[]string{"match", "--players", "a,b,c,d,e,f", "--games", "3", "--out", "x"}, []string{`unknown player "a"`}},
		{[]string{"match", "--players", "greedy,greedy,greedy,greedy,greedy,greedy", "--games", "3", "--out", "x"}, []string{"6 players"}},
		{[]string{"match", "--players", "greedy,planner", "--games", "3", "--out", "x"}, []string{`unknown player "planner"`}},
		{[]string{"match", "--players", "greedy,human", "--out", "x"}, []string{"--games"}},
		{[]string{"match", "--players", "greedy,human", "--games", "3"}, []string{"--out"}},
		{[]string{"match", "--players", "greedy,human", "--games", "3", "--out", "x", "--mode", "fast"}, []string{`--mode "fast"`}},
		{[]string{"match", "--players", "greedy,human", "--games", "3", "--out", "x", "--speeds", "1,2"}, []string{"--speeds is for --mode simultaneous"}},
		{[]string{"match", "--players", "greedy,human", "--games", "3", "--out", "x", "--mode", "simultaneous", "--speeds", "1,0"}, []string{`"0"`}},
		{[]string{"match", "--players", "greedy,human", "--games", "3", "--out", "x", "--mode", "simultaneous", "--speeds", "1"}, []string{"--speeds: 1 speed for 2 players"}},
		{[]string{"match", "--players", "greedy,human", "--games", "3", "--out", "x", "--mode", "simultaneous", "--forced-play"}, []string{"--forced-play"}},
		{[]string{"match", "--players", "greedy,human", "--games", "3", "--out", "x", "--game", "klondike"}, []string{"--game"}},
		{[]string{"match", "--players", "greedy,human", "--games", "3", "--out", "x", "--shard", "3/2"}, []string{"--shard"}},
		{[]string{"match", "--players", "greedy,human", "--games", "3", "--out", "x", "--from", "-1"}, []string{"--from"}},
		{[]string{"match", "--players", "greedy,human", "--games", "3", "--out", "x", "--workers", "0"}, []string{"--workers 0"}},
		{[]string{"match", "--players", "greedy,human", "--games", "4", "--out", dir}, []string{"different experiment", "players"}},
		{[]string{"match", "--players", "greedy,greedy", "--games", "4", "--out", wr}, []string{"different experiment", "kind"}},
		{append(wrArgs(dir), "--deals", "2"), []string{"different experiment", "kind"}},
	} {
		checkOneLineError(t, tc.args, exitUsage, tc.want...)
	}
}
