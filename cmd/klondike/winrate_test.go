package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/klondike-family/klondike/results"
)

// wrFlags are the flags of a small, fast win-rate run: draw 3, 2,000
// nodes a deal (a few milliseconds).
var wrFlags = []string{"--max-nodes", "2000", "--budget", "0", "--mem", "64MiB"}

func wrArgs(dir string, extra ...string) []string {
	return append(append([]string{"winrate", "--out", dir}, wrFlags...), extra...)
}

// records reads a result directory's records sorted by seed, times
// zeroed, failing on a torn or bad line or a seed twice.
func records(t *testing.T, dir string) []results.Record {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, results.RecordsFile))
	if err != nil {
		t.Fatal(err)
	}
	if len(data) > 0 && data[len(data)-1] != '\n' {
		t.Errorf("%s: last line is torn", dir)
	}
	recs, _, err := results.ReadRecords(dir)
	if err != nil {
		t.Fatalf("%s: %v", dir, err)
	}
	for i := range recs {
		recs[i].TimeMS = 0
		recs[i].CPUMS = 0
	}
	slices.SortFunc(recs, func(a, b results.Record) int {
		switch {
		case a.Seed < b.Seed:
			return -1
		case a.Seed > b.Seed:
			return 1
		}
		return 0
	})
	return recs
}

// checkCovers checks that recs hold each seed of from..from+n-1 once.
func checkCovers(t *testing.T, recs []results.Record, from, n uint64) {
	t.Helper()
	if uint64(len(recs)) != n {
		t.Fatalf("%d records, want %d", len(recs), n)
	}
	for i, r := range recs {
		if r.Seed != from+uint64(i) {
			t.Fatalf("record %d is seed %d, want %d (each seed once)", i, r.Seed, from+uint64(i))
		}
	}
}

func TestWinrate(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "d3")
	out, errs, code := klondike(t, wrArgs(dir, "--deals", "8", "--from", "50", "--workers", "2")...)
	if code != 0 {
		t.Fatalf("winrate: exit %d, stderr %q", code, errs)
	}
	if !strings.HasPrefix(out, dir+": 8 of 8 deals: ") || strings.Count(out, "\n") != 1 {
		t.Errorf("stdout %q, want one summary line", out)
	}
	// stderr is not a terminal: one plain progress line at the end.
	if !strings.HasPrefix(errs, "winrate: 8/8 deals, ") || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "unknown") {
		t.Errorf("stderr %q, want one progress line", errs)
	}
	checkCovers(t, records(t, dir), 50, 8)
	m, err := results.ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	if m.Game != "klondike" || m.Rules.Draw != 3 || m.From != 50 || m.Deals != 8 || m.Shard != "1/1" ||
		m.MaxNodes != 2000 || m.Budget != "0s" || m.Mem != 64<<20 || m.Workers != 2 ||
		m.GoVersion != runtime.Version() || m.DealGenerator != "native-pcg-v1" || m.SolverVersion != results.SolverVersion {
		t.Errorf("manifest %+v", m)
	}
	// Again: nothing left to do; other workers are fine.
	out, errs, code = klondike(t, wrArgs(dir, "--deals", "8", "--from", "50", "--workers", "1")...)
	if code != 0 || !strings.HasPrefix(out, dir+": 8 of 8 deals") {
		t.Errorf("winrate again: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	checkCovers(t, records(t, dir), 50, 8)
	// Other rules: refused, naming the field.
	checkOneLineError(t, wrArgs(dir, "--deals", "8", "--from", "50", "--draw", "1"), exitUsage, "rules.Draw is 3 there, 1 here", "holds a different experiment")
	checkOneLineError(t, wrArgs(dir, "--deals", "9", "--from", "50"), exitUsage, "deals is 8 there, 9 here")
	checkOneLineError(t, wrArgs(dir, "--deals", "8", "--from", "50", "--mem", "512MiB"), exitUsage, "mem is 64.0 MiB there, 512.0 MiB here")
	// Another numbering or game: named first, though the range differs too.
	checkOneLineError(t, wrArgs(dir, "--deals", "8", "--from", "51", "--seed-type", "pysolfc"), exitUsage, `seed_type is "native" there, "pysolfc" here`)
	checkOneLineError(t, wrArgs(dir, "--deals", "8", "--from", "51", "--game", "klondike-holdout"), exitUsage, `game is "klondike" there, "klondike-holdout" here`)
}

func TestWinrateBadInput(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "x")
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"winrate", "--deals", "5"}, "--out DIR"},
		{wrArgs(dir), "--deals N"},
		{wrArgs(dir, "--deals", "5", "--shard", "4/3"), `shard "4/3"`},
		{wrArgs(dir, "--deals", "5", "--shard", "0/3"), `shard "0/3"`},
		{wrArgs(dir, "--deals", "5", "--from", "-1"), `--from "-1": native deal numbers are 0..`},
		{wrArgs(dir, "--deals", "5", "--seed-type", "nope"), `--seed-type "nope"`},
		{wrArgs(dir, "--deals", "5", "--seed-type", "solvitaire", "--from", "4294967295"), "solvitaire deal numbers are 0..4294967295"},
		{wrArgs(dir, "--deals", "5", "--seed-type", "pysolfc", "--game", "klondike-strict"), "PySolFC has no game klondike-strict"},
		{wrArgs(dir, "--deals", "5", "--workers", "0"), "--workers 0"},
		{wrArgs(dir, "--deals", "5", "--game", "klondike-strict", "--draw", "3"), "has no option --draw"},
	}
	for _, c := range cases {
		checkOneLineError(t, c.args, exitUsage, c.want)
	}
	if _, err := os.Stat(dir); err == nil {
		t.Errorf("bad input made %s", dir)
	}
}

// TestMergeReport: shards run in process, merged and reported.
func TestMergeReport(t *testing.T) {
	tmp := t.TempDir()
	shards := runShards(t, tmp, "s", 3)
	merged := filepath.Join(tmp, "merged")
	checkOneLineError(t, []string{"merge", "--out", merged, shards[0], shards[2]}, exitUsage, "seed 1 is missing")
	checkOneLineError(t, []string{"merge", "--out", merged}, exitUsage, "give the shard directories to merge")
	checkOneLineError(t, []string{"merge", "--out", merged, filepath.Join(tmp, "none")}, exitUsage, "none does not exist")
	if err := os.Mkdir(filepath.Join(tmp, "empty"), 0o755); err != nil {
		t.Fatal(err)
	}
	checkOneLineError(t, []string{"merge", "--out", merged, filepath.Join(tmp, "empty")}, exitUsage, "is not a result directory (it has no manifest.json)")
	checkOneLineError(t, []string{"merge", "--out", merged, shards[0], shards[1], shards[0]}, exitUsage, "shard 1/3 is given twice")
	out := mustRun(t, append([]string{"merge", "--out", merged}, shards...)...)
	if want := merged + ": 10 records of seeds 0..9 from 3 directories (merged 3 of 3)\n"; out != want {
		t.Errorf("merge: %q, want %q", out, want)
	}
	checkCovers(t, records(t, merged), 0, 10)
	checkOneLineError(t, []string{"merge", "--out", merged, shards[0]}, exitUsage, "already holds")

	gaps := filepath.Join(tmp, "gaps")
	out = mustRun(t, "merge", "--allow-gaps", "--out", gaps, shards[0], shards[2])
	if !strings.HasSuffix(out, "(merged 2 of 3), 3 seeds missing\n") {
		t.Errorf("merge --allow-gaps: %q", out)
	}

	md := filepath.Join(tmp, "report", "README.md")
	os.MkdirAll(filepath.Dir(md), 0o755)
	plots := filepath.Join(tmp, "report", "plots")
	mustRun(t, "report", "--out", md, "--plots", plots, merged, gaps)
	data, err := os.ReadFile(md)
	if err != nil {
		t.Fatal(err)
	}
	rep := string(data)
	for _, want := range []string{
		"`klondike report --out " + md + " --plots " + plots + " " + merged + " " + gaps + "`",
		"| " + filepath.ToSlash(merged) + " | klondike | draw 3, unlimited passes | native 0..9 (merged 3 of 3) | 10 |",
		"| " + filepath.ToSlash(gaps) + " | klondike | draw 3, unlimited passes | native 0..9 (merged 2 of 3) | 7 of 10 |",
		"](plots/winrate.svg)",
	} {
		if !strings.Contains(rep, want) {
			t.Errorf("report lacks %q:\n%s", want, rep)
		}
	}
	if _, err := os.Stat(filepath.Join(plots, "winrate.svg")); err != nil {
		t.Errorf("no win-rate plot: %v", err)
	}
	checkOneLineError(t, []string{"report", "--out", md, filepath.Join(tmp, "nothing")}, exitUsage, "nothing")
}

// buildCLI builds the command into a temporary directory (without VCS
// stamping) and returns its path.
func buildCLI(t *testing.T) string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		goTool = filepath.Join(runtime.GOROOT(), "bin", "go")
	}
	bin := filepath.Join(t.TempDir(), "klondike")
	cmd := exec.Command(goTool, "build", "-buildvcs=false", "-o", bin, ".")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// TestProcesses builds the command once and runs it as separate
// processes: shards at once, a run killed with SIGKILL, and a solve
// interrupted by Ctrl-C.
func TestProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the CLI; skipped with -short")
	}
	bin := buildCLI(t)
	t.Run("shards", func(t *testing.T) { testShardProcesses(t, bin) })
	t.Run("kill9", func(t *testing.T) { testKill9(t, bin) })
	t.Run("interrupt solve", func(t *testing.T) { testSolveInterrupt(t, bin) })
}

// testShardProcesses: three shards run as three processes at once and
// merged equal one unsharded run.
func testShardProcesses(t *testing.T, bin string) {
	tmp := t.TempDir()
	const deals = "30"
	whole := filepath.Join(tmp, "whole")
	var cmds []*exec.Cmd
	var shards []string
	for k := 1; k <= 3; k++ {
		d := filepath.Join(tmp, fmt.Sprintf("shard%d", k))
		shards = append(shards, d)
		cmds = append(cmds, exec.Command(bin, wrArgs(d, "--deals", deals, "--from", "1000", "--workers", "1", "--shard", fmt.Sprintf("%d/3", k))...))
	}
	cmds = append(cmds, exec.Command(bin, wrArgs(whole, "--deals", deals, "--from", "1000", "--workers", "2")...))
	for _, c := range cmds {
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range cmds {
		if err := c.Wait(); err != nil {
			t.Fatalf("%v: %v", c.Args, err)
		}
	}
	merged := filepath.Join(tmp, "merged")
	if out, err := exec.Command(bin, append([]string{"merge", "--out", merged}, shards...)...).CombinedOutput(); err != nil {
		t.Fatalf("merge: %v\n%s", err, out)
	}
	got, want := records(t, merged), records(t, whole)
	checkCovers(t, want, 1000, 30)
	if !slices.Equal(got, want) {
		t.Errorf("merged shards differ from the unsharded run:\n%v\n%v", got, want)
	}
	mm, _ := results.ReadManifest(merged)
	mw, _ := results.ReadManifest(whole)
	if field, a, b := results.Diff(&mm, &mw, "shard", "workers"); field != "" {
		t.Errorf("merged manifest differs in %s: %s vs %s", field, a, b)
	}
}

// testKill9: a process killed with SIGKILL part way loses only deals in
// flight; run again, it gives every seed exactly once, with no bad line.
func testKill9(t *testing.T, bin string) {
	dir := filepath.Join(t.TempDir(), "d3")
	// 2,000 nodes a deal on one worker: about 200 deals a second, so the
	// first batch (100 records or 1 s) is written after about half a
	// second, and the kill lands well before the 300th deal.
	const deals = 300
	args := []string{"winrate", "--out", dir, "--deals", fmt.Sprint(deals), "--max-nodes", "2000", "--budget", "0",
		"--mem", "0", "--workers", "1"}
	cmd := exec.Command(bin, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, results.RecordsFile)
	deadline := time.Now().Add(20 * time.Second)
	for lines(path) == 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
		t.Fatalf("the run was not killed part way (wait: %v, stderr %q); it finished before the kill", err, stderr.String())
	}
	n := lines(path)
	if n == 0 || n >= deals {
		t.Fatalf("after the kill: %d lines, want some but not all %d", n, deals)
	}
	if out, err := exec.Command(bin, args...).CombinedOutput(); err != nil {
		t.Fatalf("run again: %v\n%s", err, out)
	}
	checkCovers(t, records(t, dir), 0, deals)
	// Every line is one whole record.
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for i := 1; sc.Scan(); i++ {
		var r results.Record
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Errorf("line %d: %v", i, err)
		}
	}
}

// lines counts the newlines of a file (0 when it does not exist).
func lines(path string) int {
	data, _ := os.ReadFile(path)
	return bytes.Count(data, []byte("\n"))
}

// TestRetryCommand: klondike retry solves a finished run's unknown deals
// again, says so on stdout and stderr, and then refuses what would change
// or repeat it, each with one line.
func TestRetryCommand(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "d3")
	args := []string{"winrate", "--out", dir, "--max-nodes", "300", "--budget", "0", "--mem", "64MiB", "--deals", "10", "--from", "100", "--workers", "1"}
	if _, errs, code := klondike(t, args...); code != 0 {
		t.Fatalf("winrate: exit %d, stderr %q", code, errs)
	}
	unknown := 0
	for _, r := range records(t, dir) {
		if r.Verdict == "unknown" {
			unknown++
		}
	}
	if unknown == 0 {
		t.Fatal("the run left no deal unknown; the test needs some")
	}
	out, errs, code := klondike(t, "retry", "--out", dir, "--max-nodes", "20000", "--mem", "64MiB")
	want := fmt.Sprintf("%s pass 1: %d of %d deals retried: ", dir, unknown, unknown)
	if code != 0 || !strings.HasPrefix(out, want) || !strings.HasPrefix(errs, fmt.Sprintf("retry: %d/%d deals, ", unknown, unknown)) {
		t.Fatalf("retry: exit %d, stdout %q (want %q...), stderr %q", code, out, want, errs)
	}
	checkOneLineError(t, []string{"retry", "--out", dir, "--max-nodes", "300", "--mem", "64MiB"}, exitUsage, "needs a larger budget")
	checkOneLineError(t, args, exitUsage, "first pass is closed")
}

func TestWinnable(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "w")
	args := []string{"winnable", "--count", "1", "--from", "5", "--max-nodes", "3000", "--budget", "0", "--workers", "1", "--json", "--out", dir}
	out, errs, code := klondike(t, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var line results.WinnableLine
	if err := json.Unmarshal([]byte(out), &line); err != nil {
		t.Fatalf("%q: %v", out, err)
	}
	if line.Seed != 5 || line.SeedType != "native" || line.Game != "klondike" || line.Rules != "draw 3, unlimited passes" ||
		line.Grade != results.GradeEasy || line.SolutionLen == 0 || len(line.Plays) != 1 {
		t.Errorf("line %+v", line)
	}
	if !strings.Contains(errs, "1 winnable deal of 1 asked; 1 deal searched from 5: 1 won, 0 lost, 0 unknown") {
		t.Errorf("stderr %q", errs)
	}
	// again: the same answer from the records
	if out2, _, code := klondike(t, args...); code != 0 || out2 != out {
		t.Errorf("resumed: exit %d, %q, want %q", code, out2, out)
	}
	// other flags are another experiment
	checkOneLineError(t, []string{"winnable", "--count", "1", "--from", "5", "--max-nodes", "2000", "--budget", "0", "--out", dir}, 2, "max_nodes")
}

func TestWinnableBadInput(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "w")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"winnable", "--count", "1"}, "--out DIR"},
		{[]string{"winnable", "--out", dir}, "--count K"},
		{[]string{"winnable", "--out", dir, "--count", "1", "--grade", "trivial"}, `--grade "trivial"`},
		{[]string{"winnable", "--out", dir, "--count", "1", "--seed-type", "pysolfc", "--from", "0"}, "pysolfc deal numbers are 1..99999999999999999999"},
		{[]string{"winnable", "--out", dir, "--count", "1", "--seed-type", "pysolfc", "--from", "18446744073709551616"}, "64-bit"},
		{[]string{"winnable", "--out", dir, "--count", "1", "--seed-type", "greenfelt", "--from", "4294967296"}, "greenfelt deal numbers are 0..4294967295"},
		{[]string{"winnable", "--out", dir, "--count", "1", "--seed-type", "pysolfc", "--game", "klondike-holdout"}, "PySolFC has no game klondike-holdout"},
		{[]string{"winnable", "--out", dir, "--count", "1", "--seed-type", "nope"}, `--seed-type "nope"`},
		{[]string{"winnable", "--out", dir, "--count", "1", "--max-deals", "0"}, "--max-deals 0"},
		{[]string{"winnable", "--out", dir, "--count", "1", "--json", "--tsv"}, "--json and --tsv"},
	} {
		checkOneLineError(t, tc.args, 2, tc.want)
	}
}

// TestReadProgress: report and claims tell on stderr how many of their
// directories they have read (at most every progressEvery, here at each
// one), with no line for the last; stdout is as without it.
func TestReadProgress(t *testing.T) {
	tmp := t.TempDir()
	shards := runShards(t, tmp, "s", 3)
	saved := progressEvery
	progressEvery = 0
	defer func() { progressEvery = saved }()
	md := filepath.Join(tmp, "out", "README.md")
	os.MkdirAll(filepath.Dir(md), 0o755)
	for _, c := range []struct{ cmd, out string }{{"report", md}, {"claims", filepath.Join(tmp, "out", "CLAIMS.md")}} {
		out, errs, code := klondike(t, append([]string{c.cmd, "--out", c.out}, shards...)...)
		if code != 0 || !strings.HasPrefix(out, c.out+": ") {
			t.Fatalf("%s: exit %d, stdout %q, stderr %q", c.cmd, code, out, errs)
		}
		var want strings.Builder
		n := 0
		for i, d := range shards[:len(shards)-1] {
			n += len(records(t, d))
			fmt.Fprintf(&want, "%s: read %d of 3 directories, %d records\n", c.cmd, i+1, n)
		}
		if errs != want.String() {
			t.Errorf("%s: stderr %q, want %q", c.cmd, errs, want.String())
		}
	}
}
