//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package results

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// snapshot reads every file of dir, to check that a refused writer
// changed nothing.
func snapshot(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		files[e.Name()] = b
	}
	return files
}

func sameFiles(t *testing.T, what string, got, want map[string][]byte) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d files, want %d", what, len(got), len(want))
	}
	for name, b := range want {
		if !bytes.Equal(got[name], b) {
			t.Fatalf("%s: %s changed", what, name)
		}
	}
}

// wantInUse fails unless err is a *DirInUseError for dir.
func wantInUse(t *testing.T, what string, err error, dir string) {
	t.Helper()
	var e *DirInUseError
	if !errors.As(err, &e) || e.Dir != dir {
		t.Fatalf("%s: error %v, want %s in use", what, err, dir)
	}
}

// TestDirLock: while a result directory's lock is held (as by another
// process: flock locks belong to open files, so a second open in this
// process conflicts as another process's would), every writer is refused
// with *DirInUseError and leaves every file as it was; once it is released
// they work.
func TestDirLock(t *testing.T) {
	ctx := context.Background()
	dir, m := retryBase(t, Shard{1, 1})
	before := snapshot(t, dir)
	unlock, err := lockDir(dir, false)
	if err != nil {
		t.Fatal(err)
	}
	// a second lock of the same directory is refused while it is held
	if _, err := lockDir(dir, false); err == nil {
		t.Fatal("a second lock was taken")
	}
	_, err = Run(ctx, RunOptions{Dir: dir, Manifest: m})
	wantInUse(t, "Run", err, dir)
	_, err = RunRetry(ctx, RetryOptions{Dir: dir, MaxNodes: 5000, Workers: 1})
	wantInUse(t, "RunRetry", err, dir)
	wantInUse(t, "CompressRecords", CompressRecords(dir), dir)
	out := filepath.Join(t.TempDir(), "merged")
	_, err = Merge(out, []string{dir}, false)
	wantInUse(t, "Merge of a locked shard", err, dir)
	if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("a refused merge made %s: %v", out, err)
	}
	sameFiles(t, "the locked directory", snapshot(t, dir), before)
	unlock()

	// a merge's shared hold: another merge may read the shard, a writer
	// may not write it
	unlockShared, err := lockDirs([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Merge(filepath.Join(t.TempDir(), "beside"), []string{dir}, false); err != nil {
		t.Fatalf("Merge beside another merge: %v", err)
	}
	_, err = RunRetry(ctx, RetryOptions{Dir: dir, MaxNodes: 5000, Workers: 1})
	wantInUse(t, "RunRetry of a shard being merged", err, dir)
	sameFiles(t, "the shard being merged", snapshot(t, dir), before)
	unlockShared()

	// a shard named twice is locked once: the merge itself refuses it
	if _, err := Merge(filepath.Join(t.TempDir(), "twice"), []string{dir, dir}, false); err == nil || errors.As(err, new(*DirInUseError)) {
		t.Fatalf("Merge of one directory twice: %v", err)
	}

	// a locked output directory: the merge is refused and writes nothing
	if err := os.Mkdir(out, 0o755); err != nil {
		t.Fatal(err)
	}
	unlockOut, err := lockDir(out, false)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Merge(out, []string{dir}, false)
	wantInUse(t, "Merge into a locked directory", err, out)
	if files := snapshot(t, out); len(files) != 0 {
		t.Fatalf("a refused merge wrote %d files", len(files))
	}
	unlockOut()
	if _, err := Merge(out, []string{dir}, false); err != nil {
		t.Fatalf("Merge after the lock: %v", err)
	}

	// released: the writers work again, and release their own locks
	res := retry(t, ctx, dir, 5000, nil)
	if res.Done == 0 {
		t.Fatalf("retry after the lock: %+v", res)
	}
	if err := CompressRecords(dir); err != nil {
		t.Fatalf("CompressRecords after the lock: %v", err)
	}
	u, err := lockDir(dir, false)
	if err != nil {
		t.Fatalf("the writers left the lock held: %v", err)
	}
	u()

	// a directory that does not exist: nothing to guard, the read says so
	missing := filepath.Join(t.TempDir(), "none")
	if _, err := RunRetry(ctx, RetryOptions{Dir: missing, MaxNodes: 5000}); err == nil || errors.As(err, new(*DirInUseError)) {
		t.Fatalf("retry of a missing directory: %v", err)
	}
}

// TestDirLockMatches: the same for a match directory's writers.
func TestDirLockMatches(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "m")
	m, err := NewMatchManifest(ModeTurns, []string{"greedy", "human"}, nil, false, 10, 6, Whole, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := RunMatches(ctx, MatchRunOptions{Dir: dir, Manifest: m}); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, dir)
	unlock, err := lockDir(dir, false)
	if err != nil {
		t.Fatal(err)
	}
	_, err = RunMatches(ctx, MatchRunOptions{Dir: dir, Manifest: m})
	wantInUse(t, "RunMatches", err, dir)
	wantInUse(t, "CompressMatchRecords", CompressMatchRecords(dir), dir)
	out := filepath.Join(t.TempDir(), "merged")
	_, _, _, err = MergeMatches(out, []string{dir}, false)
	wantInUse(t, "MergeMatches of a locked directory", err, dir)
	sameFiles(t, "the locked match directory", snapshot(t, dir), before)
	unlock()
	if err := CompressMatchRecords(dir); err != nil {
		t.Fatalf("CompressMatchRecords after the lock: %v", err)
	}
}
