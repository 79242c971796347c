//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package main

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestBusyResultDirectory: a result directory another process is writing
// (its flock held) is refused by every command that writes one, with one
// line and exit 2, and left as it was.
func TestBusyResultDirectory(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "d3")
	run := []string{"winrate", "--game", "klondike", "--draw", "3", "--deals", "4", "--budget", "0",
		"--max-nodes", "300", "--workers", "1", "--out", dir}
	if _, errs, code := klondike(t, run...); code != exitOK {
		t.Fatalf("winrate: exit %d: %s", code, errs)
	}
	records, err := os.ReadFile(filepath.Join(dir, "records.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		t.Fatal(err)
	}
	busy := dir + " is in use by another klondike process"
	checkOneLineError(t, append(run[:len(run):len(run)], "--deals", "8", "--grow"), exitUsage, busy)
	checkOneLineError(t, []string{"retry", "--out", dir, "--max-nodes", "3000", "--workers", "1"}, exitUsage, busy)
	checkOneLineError(t, []string{"compress", dir}, exitUsage, busy)
	checkOneLineError(t, []string{"merge", "--out", filepath.Join(t.TempDir(), "m"), dir}, exitUsage, busy)
	if got, err := os.ReadFile(filepath.Join(dir, "records.jsonl")); err != nil || string(got) != string(records) {
		t.Fatalf("the busy directory's records changed (%v)", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_UN); err != nil {
		t.Fatal(err)
	}
	if _, errs, code := klondike(t, "retry", "--out", dir, "--max-nodes", "3000", "--workers", "1"); code != exitOK {
		t.Fatalf("retry once the directory is free: exit %d: %s", code, errs)
	}
}
