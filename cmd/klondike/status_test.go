package main

import (
	"fmt"
	"path/filepath"
	"regexp"
	"testing"
)

// TestStatus: two of three shards run, status sums them in one line over
// the whole range; bad directories are refused in one line.
func TestStatus(t *testing.T) {
	tmp := t.TempDir()
	var shards []string
	for k := 1; k <= 2; k++ {
		d := filepath.Join(tmp, fmt.Sprintf("s%d", k))
		if _, errs, code := klondike(t, wrArgs(d, "--deals", "10", "--shard", fmt.Sprintf("%d/3", k), "--workers", "1")...); code != 0 {
			t.Fatalf("winrate shard %d/3: exit %d, stderr %q", k, code, errs)
		}
		shards = append(shards, d)
	}
	out := mustRun(t, append([]string{"status"}, shards...)...)
	want := regexp.MustCompile(`^7 of 10 deals \(2 of 3 shards started\): \d+ won, \d+ lost, \d+ unknown; ` +
		`win rate [0-9.]+ ± [0-9.]+ % \(95% Wilson(, unknowns counted either way)?\); mean [0-9.]+ [mµ]?s a deal, ` +
		`[0-9.mµs]+ core time left; ETA unknown: no directory left unfinished \(start the missing shards\)\n$`)
	if !want.MatchString(out) {
		t.Errorf("status: %q, want it to match %s", out, want)
	}
	checkOneLineError(t, []string{"status", shards[0], shards[0]}, exitUsage, "shard 1/3 is given twice")
	checkOneLineError(t, []string{"status", filepath.Join(tmp, "none")}, exitUsage, "is not a result directory")
	checkOneLineError(t, []string{"status"}, exitUsage)
}
