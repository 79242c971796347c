package main

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/klondike-family/klondike/results"
)

// TestDealOfAnotherGame is finding 1 of issue 23: a Klondike deal, with its
// 24-card stock, given to --game yukon crashed solve in the solver and was
// played by play. Every command that reads a deal refuses it in one line.
func TestDealOfAnotherGame(t *testing.T) {
	deal := writeFile(t, "deal.txt", mustRun(t, "deal", "--seed", "1"))
	sol := writeFile(t, "sol.json", "[]")
	for _, args := range [][]string{
		{"solve", "--game", "yukon", "--deal", deal},
		{"play", "--game", "yukon", "--player", "greedy", "--deal", deal},
		{"verify", "--game", "yukon", "--deal", deal, "--solution", sol},
		{"solve", "--game", "whitehead", "--deal", deal},
	} {
		checkOneLineError(t, args, exitUsage, "cards in the stock and waste")
	}
}

// snapshot reads every file under the given paths (files or directories)
// into a map from path to contents and mode, to check later that nothing
// there changed.
func snapshot(t *testing.T, paths ...string) map[string]string {
	t.Helper()
	snap := map[string]string{}
	for _, p := range paths {
		err := filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			info, err := d.Info()
			if err != nil {
				return err
			}
			if d.IsDir() {
				snap[path] = "dir " + info.Mode().String()
				return nil
			}
			if !info.Mode().IsRegular() {
				snap[path] = info.Mode().String()
				return nil
			}
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			snap[path] = info.Mode().String() + " " + string(data)
			return nil
		})
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			t.Fatalf("snapshot %s: %v", p, err)
		}
	}
	return snap
}

// checkUnchanged fails the test when a file of before changed, went or
// came.
func checkUnchanged(t *testing.T, what string, before map[string]string, paths ...string) {
	t.Helper()
	after := snapshot(t, paths...)
	for p, b := range before {
		if a, ok := after[p]; !ok {
			t.Errorf("%s: %s was removed", what, p)
		} else if a != b {
			t.Errorf("%s: %s changed", what, p)
		}
	}
	for p := range after {
		if _, ok := before[p]; !ok {
			t.Errorf("%s: %s was created", what, p)
		}
	}
}

// smallRun makes a finished win-rate directory of a few deals.
func smallRun(t *testing.T, dir string, deals string) string {
	t.Helper()
	if _, errs, code := klondike(t, wrArgs(dir, "--deals", deals, "--workers", "1")...); code != 0 {
		t.Fatalf("winrate --out %s: exit %d, stderr %q", dir, code, errs)
	}
	return dir
}

// TestOutputOntoInput is finding 2 of issue 23: report, claims and merge
// with --out (or --plots) onto an input, inside an input directory, through
// a symbolic link or as a hard link of an input file are refused (exit 2)
// and leave the input as it was.
func TestOutputOntoInput(t *testing.T) {
	tmp := t.TempDir()
	run := smallRun(t, filepath.Join(tmp, "d3"), "5")
	link := filepath.Join(tmp, "link")
	if err := os.Symlink(run, link); err != nil {
		t.Fatal(err)
	}
	hard := filepath.Join(tmp, "hard.md")
	if err := os.Link(filepath.Join(run, results.RecordsFile), hard); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, tmp)
	for _, args := range [][]string{
		{"report", "--out", filepath.Join(run, results.RecordsFile), run},
		{"report", "--out", filepath.Join(run, results.ManifestFile), run},
		{"report", "--out", filepath.Join(link, "report.md"), run},
		{"report", "--out", filepath.Join(tmp, "r.md"), "--plots", run, run},
		{"report", "--out", filepath.Join(run, "r.md"), "--bench", run},
		{"report", "--out", hard, run},
		{"claims", "--out", filepath.Join(run, results.RecordsFile), run},
		{"claims", "--out", filepath.Join(link, results.ManifestFile), run},
		{"merge", "--out", run, run},
		{"merge", "--out", filepath.Join(run, "merged"), run},
	} {
		checkOneLineError(t, args, exitUsage, "write it elsewhere")
	}
	checkUnchanged(t, "output onto an input", before, tmp)
}

// TestHugeAndBinaryInput is finding 3 of issue 23: a deal or solution file
// that is a device without end, a large binary or a file of one huge line
// is refused after reading at most its bound, in a line that quotes at
// most a short excerpt of it.
func TestHugeAndBinaryInput(t *testing.T) {
	dir := t.TempDir()
	bin := make([]byte, 200<<10)
	for i := range bin {
		bin[i] = byte(i*7919 + i>>8) // no newline for long stretches
	}
	binPath := filepath.Join(dir, "bin")
	if err := os.WriteFile(binPath, bin, 0o644); err != nil {
		t.Fatal(err)
	}
	huge := writeFile(t, "huge.txt", "stock: "+strings.Repeat("X", 3<<20))
	longCard := writeFile(t, "long.json", `{"tableau piles": [["`+strings.Repeat("Q", 100000)+`"]]}`)
	manyCards := writeFile(t, "many.txt", "stock:"+strings.Repeat(" AS", 1000))
	inputs := []string{binPath, huge, longCard, manyCards}
	if runtime.GOOS != "windows" {
		inputs = append(inputs, "/dev/zero", "/dev/urandom")
	}
	for _, in := range inputs {
		for _, args := range [][]string{
			{"solve", "--deal", in},
			{"play", "--player", "greedy", "--deal", in},
			{"verify", "--seed", "1", "--solution", in},
		} {
			_, errs, code := klondike(t, args...)
			if code != exitUsage {
				t.Errorf("klondike %s: exit %d, want %d", strings.Join(args, " "), code, exitUsage)
			}
			if len(errs) > 300 || strings.Count(errs, "\n") != 1 {
				t.Errorf("klondike %s: stderr of %d bytes, want one short line: %.300q", strings.Join(args, " "), len(errs), errs)
			}
		}
	}
}

// TestRecordOutsideRange is finding 5 of issue 23: a record whose seed lies
// outside the run's range, which winrate refuses, is refused by every
// command that reads the directory, not counted.
func TestRecordOutsideRange(t *testing.T) {
	tmp := t.TempDir()
	run := smallRun(t, filepath.Join(tmp, "d3"), "5")
	f, err := os.OpenFile(filepath.Join(run, results.RecordsFile), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(`{"seed":99,"verdict":"won","time_ms":1,"nodes":1,"states":1,"table_bytes":1,"solution_len":1}` + "\n"); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, run)
	for _, args := range [][]string{
		wrArgs(run, "--deals", "5", "--workers", "1"),
		{"report", "--out", filepath.Join(tmp, "r.md"), run},
		{"claims", "--out", filepath.Join(tmp, "c.md"), run},
		{"retry", "--out", run, "--max-nodes", "5000"},
		{"compress", run},
	} {
		_, errs, code := klondike(t, args...)
		if code == 0 || !strings.Contains(errs, "seed 99 is not in shard") {
			t.Errorf("klondike %s: exit %d, stderr %q; want a refusal naming seed 99", strings.Join(args, " "), code, errs)
		}
	}
	checkUnchanged(t, "a record outside the range", before, run)
}

// TestRetryShard is finding 4 of issue 23: retry on a shard that was never
// merged is refused before anything is written, and the shard then merges.
func TestRetryShard(t *testing.T) {
	tmp := t.TempDir()
	var shards []string
	for k := 1; k <= 2; k++ {
		d := filepath.Join(tmp, "s"+strconv.Itoa(k))
		if _, errs, code := klondike(t, wrArgs(d, "--deals", "6", "--shard", strconv.Itoa(k)+"/2", "--workers", "1")...); code != 0 {
			t.Fatalf("winrate shard %d/2: exit %d, stderr %q", k, code, errs)
		}
		shards = append(shards, d)
	}
	before := snapshot(t, shards[0])
	_, errs, code := klondike(t, "retry", "--out", shards[0], "--max-nodes", "50000")
	if code == 0 || !strings.Contains(errs, "merge the shards first") {
		t.Errorf("retry of shard 1/2: exit %d, stderr %q; want a refusal", code, errs)
	}
	checkUnchanged(t, "retry of a shard", before, shards[0])
	mustRun(t, append([]string{"merge", "--out", filepath.Join(tmp, "merged")}, shards...)...)
}
