package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/klondike-family/klondike/results"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
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

	// The same for a match directory: report and compress refuse it.
	match := filepath.Join(tmp, "match")
	runOK(t, "match", "--players", "greedy,greedy", "--games", "3", "--workers", "1", "--out", match)
	recs, _, err := results.ReadMatchRecords(match)
	if err != nil || len(recs) == 0 {
		t.Fatalf("match records: %d, %v", len(recs), err)
	}
	rec := recs[0]
	rec.Seed = 99
	line, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	f, err = os.OpenFile(filepath.Join(match, results.MatchRecordsFile), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write(append(line, '\n')); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	before = snapshot(t, match)
	for _, args := range [][]string{
		{"report", "--out", filepath.Join(tmp, "m.md"), match},
		{"compress", match},
		{"match", "--players", "greedy,greedy", "--games", "3", "--workers", "1", "--out", match},
	} {
		checkOneLineError(t, args, exitUsage, "seed 99 is not in shard")
	}
	checkUnchanged(t, "a match record outside the range", before, match)
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

// TestExitCodes is finding 6 of issue 23: the cases the issue found
// exiting 1 are input errors (exit 2) in one line naming no temporary file;
// the root help prints every exit code; bench solve stopped part way exits
// 3 and says how many deals its summary covers.
func TestExitCodes(t *testing.T) {
	tmp := t.TempDir()
	run := smallRun(t, filepath.Join(tmp, "d3"), "5")
	corruptRecords := smallRun(t, filepath.Join(tmp, "badrec"), "3")
	if err := os.WriteFile(filepath.Join(corruptRecords, results.RecordsFile), []byte("not json\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	corruptManifest := smallRun(t, filepath.Join(tmp, "badman"), "3")
	if err := os.WriteFile(filepath.Join(corruptManifest, results.ManifestFile), []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	file := writeFile(t, "file", "x")
	compressed := smallRun(t, filepath.Join(tmp, "gz"), "3")
	mustRun(t, "compress", compressed)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{wrArgs(corruptRecords, "--deals", "3", "--workers", "1"), "not a record"},
		{wrArgs(corruptManifest, "--deals", "3", "--workers", "1"), results.ManifestFile},
		{wrArgs(file, "--deals", "3", "--workers", "1"), "is a file"},
		{[]string{"compress", compressed}, "compressed already"},
		{[]string{"compress", run, run + string(filepath.Separator)}, "is given twice"},
		{[]string{"compress", file}, "is a file, not a result directory"},
		{[]string{"report", "--out", filepath.Join(tmp, "missing", "r.md"), run}, "missing"},
		{[]string{"retry", "--out", run, "--max-nodes", "2000", "--mem", "64MiB"}, "needs a larger budget"},
	} {
		checkOneLineError(t, tc.args, exitUsage, tc.want)
	}
	if _, err := os.Stat(filepath.Join(run, results.RecordsFile)); err != nil {
		t.Errorf("compress refused a directory given twice but changed it: %v", err)
	}
	if os.Geteuid() != 0 { // root writes into a read-only directory
		ro := filepath.Join(tmp, "ro")
		if err := os.Mkdir(ro, 0o555); err != nil {
			t.Fatal(err)
		}
		_, errs, code := klondike(t, "report", "--out", filepath.Join(ro, "r.md"), run)
		if code != exitUsage || strings.Contains(errs, ".r.md.") {
			t.Errorf("report into a read-only directory: exit %d, stderr %q; want 2 naming r.md, not its temporary file", code, errs)
		}
	}

	help := mustRun(t, "--help")
	for _, e := range exitCodes {
		if !strings.Contains(help, "  "+strconv.Itoa(e.code)+"  ") {
			t.Errorf("the root help lacks exit code %d:\n%s", e.code, help)
		}
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	// each interrupted before it began: exit 3, its line on stderr, and on
	// stdout what it says (bench solve: the deals so far) or nothing
	for _, tc := range []struct {
		name   string
		args   []string
		stderr string
		stdout string // "" for nothing
	}{
		{"bench solve", []string{"bench", "solve", "--deals", "10", "--budget", "1s", "--mem", "64MiB"},
			"interrupted: 0 of 10 deals", "0 of 10 so far"},
		// a perft of a few tenths of a second, which goes on a moment after,
		// writing nowhere
		{"bench movegen", []string{"bench", "movegen", "--game", "yukon", "--deals", "1", "--depth", "8", "--playouts", "0", "--perft-time", "0"},
			"interrupted: bench movegen stopped before its report", ""},
		{"hint with unseen cards", []string{"hint", "--deal", "testdata/inprogress.txt", "--samples", "2", "--max-nodes", "2000"},
			"interrupted before one sample was solved", ""},
		{"winnable", []string{"winnable", "--count", "1", "--max-nodes", "2000", "--workers", "1", "--out", filepath.Join(tmp, "winnable")},
			"run the same command again to continue", ""},
	} {
		var out, errb bytes.Buffer
		root := newRootCmd(&out, &errb)
		root.SetArgs(tc.args)
		code := report(root.ExecuteContext(ctx), &errb)
		outOK := out.Len() == 0
		if tc.stdout != "" {
			outOK = strings.Contains(out.String(), tc.stdout)
		}
		if code != exitInterrupted || !outOK || !strings.Contains(errb.String(), tc.stderr) {
			t.Errorf("%s interrupted: exit %d, stdout %q, stderr %q; want 3, %q on stderr", tc.name, code, out.String(), errb.String(), tc.stderr)
		}
	}
	// too few found: a deal the budget leaves unknown, and no other searched
	few := []string{"winnable", "--count", "1", "--max-deals", "1", "--max-nodes", "1", "--budget", "0", "--workers", "1", "--out", filepath.Join(tmp, "winnable-few")}
	if out, errs, code := klondike(t, few...); code != exitFail || out != "" ||
		!strings.HasSuffix(errs, "klondike: 1 deal searched (--max-deals) before 1 winnable deal was found\n") {
		t.Errorf("klondike %s: exit %d, stdout %q, stderr %q; want 1 and too few found", strings.Join(few, " "), code, out, errs)
	}
}

// TestVerifyTakesTheSolutionsGame is finding 8 of issue 23: verify read
// solve --json's output under its own default game and called a valid
// Yukon solution invalid. It takes the file's game when none is given and
// refuses a file solved under other rules (exit 2) rather than call the
// solution invalid (exit 1, a solver bug by the docs).
func TestVerifyTakesTheSolutionsGame(t *testing.T) {
	yukon := writeFile(t, "yukon.json", mustRun(t, "solve", "--game", "yukon", "--seed", "2", "--json"))
	if out := mustRun(t, "verify", "--seed", "2", "--solution", yukon); !strings.HasPrefix(out, "valid: wins in ") {
		t.Errorf("verify of a Yukon solution without --game: %q, want valid", out)
	}
	draw1 := writeFile(t, "draw1.json", mustRun(t, "solve", "--seed", fastSeed, "--draw", "1", "--json"))
	checkOneLineError(t, []string{"verify", "--seed", fastSeed, "--solution", draw1}, exitUsage,
		"holds a solution of klondike (draw 1, unlimited passes) but verify plays klondike (draw 3, unlimited passes)")
	checkOneLineError(t, []string{"verify", "--seed", "2", "--game", "klondike", "--solution", yukon}, exitUsage, "holds a solution of yukon")
	if out := mustRun(t, "verify", "--seed", fastSeed, "--draw", "1", "--solution", draw1); !strings.HasPrefix(out, "valid: ") {
		t.Errorf("verify --draw 1 of a draw-1 solution: %q, want valid", out)
	}
	// analyze reads the same files, and play's too, the same way.
	if out := mustRun(t, "analyze", "--seed", "2", "--moves", yukon, "--max-nodes", "2000"); !strings.HasPrefix(out, "game: yukon (") {
		t.Errorf("analyze of a Yukon solution without --game: %q, want game yukon", out)
	}
	checkOneLineError(t, []string{"analyze", "--seed", fastSeed, "--moves", draw1}, exitUsage,
		"holds moves of klondike (draw 1, unlimited passes) but analyze plays klondike (draw 3, unlimited passes)")
	played := writeFile(t, "played.json", mustRun(t, "play", "--seed", "4", "--draw", "1", "--player", "greedy", "--json"))
	checkOneLineError(t, []string{"verify", "--seed", "4", "--game", "yukon", "--solution", played}, exitUsage, "holds a solution of klondike (draw 1")
}

// TestOneWinRateText is finding 9 of issue 23: winrate and report print a
// directory's win rate the same way (centre ± half width of one interval);
// a player run, which leaves no deal unknown, does not say "unknowns
// counted either way"; retry's summary gives the directory's win rate, not
// that of the retried deals alone.
func TestOneWinRateText(t *testing.T) {
	tmp := t.TempDir()
	dir := filepath.Join(tmp, "d3")
	out, errs, code := klondike(t, wrArgs(dir, "--deals", "10", "--from", "100", "--max-nodes", "300", "--workers", "1")...)
	if code != 0 {
		t.Fatalf("winrate: exit %d, stderr %q", code, errs)
	}
	_, rate, ok := strings.Cut(out, "win rate ")
	rate, _, _ = strings.Cut(rate, " %")
	if !ok || !strings.Contains(rate, " ± ") {
		t.Fatalf("winrate summary %q: no \"win rate X ± Y %%\"", out)
	}
	md := filepath.Join(tmp, "r.md")
	mustRun(t, "report", "--out", md, dir)
	data, err := os.ReadFile(md)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "| "+rate+" |") {
		t.Errorf("the report lacks winrate's win rate %q:\n%s", rate, data)
	}
	if out, errs, code = klondike(t, "retry", "--out", dir, "--max-nodes", "20000", "--mem", "64MiB"); code != 0 {
		t.Fatalf("retry: exit %d, stderr %q", code, errs)
	}
	if !strings.Contains(out, dir+" in all: 10 deals: ") || strings.Count(out, "win rate") != 1 {
		t.Errorf("retry summary %q: want the directory's 10 deals and one win rate", out)
	}
	play := filepath.Join(tmp, "greedy")
	if out, errs, code = klondike(t, "winrate", "--player", "greedy", "--deals", "20", "--workers", "1", "--out", play); code != 0 {
		t.Fatalf("winrate --player greedy: exit %d, stderr %q", code, errs)
	}
	if strings.Contains(out, "either way") || !strings.Contains(out, "(95% Wilson)") {
		t.Errorf("player run summary %q: want a plain Wilson interval", out)
	}
}

// TestSharedFlagsAgree is finding 10 of issue 23: a flag of one name has
// one type in every command, and the same help and default where it means
// the same thing (the exceptions are listed: a different default with its
// reason); no help line gives its default twice; a count that is not a
// number is refused in words; Solvitaire seeds may be negative in winrate
// --from as in solve --seed; a larger --deals without --grow names --grow.
func TestSharedFlagsAgree(t *testing.T) {
	// flag -> commands whose default differs on purpose
	otherDefault := map[string][]string{
		"budget":  {"retry", "bench solve", "hint", "analyze"}, // retry needs one given; a benchmark takes 10s; hint and analyze run many solves, 5s each
		"deals":   {"bench solve", "bench movegen"},            // a benchmark has a size; winrate needs one given
		"seed":    {"bench movegen"},                           // the first of a range, not one deal
		"game":    {"match", "games"},                          // the games between players; a game's page
		"player":  {"play"},                                    // play needs a player, winrate solves without one
		"workers": {"solve"},                                   // goroutines on one deal, not deals at once
	}
	otherHelp := map[string][]string{
		"deals": {"bench solve", "bench movegen"}, "seed": {"bench movegen"}, "game": {"match", "games"},
		"from":    {"match"}, // a game's seed, of no --seed-type
		"workers": {"solve"}, "out": nil, "player": nil,
		// hint and analyze spend their budgets per solve, not per deal
		"max-nodes": {"hint", "analyze"}, "mem": {"hint", "analyze"},
		// hint's: deals of a position's unseen cards, not a planner's per decision
		"samples": {"hint"},
		// winnable prints a JSON object per deal it lists, not one in all
		"json": {"winnable"},
	}
	type use struct{ cmd, typ, def, help string }
	uses := map[string][]use{}
	var walk func(c *cobra.Command, path string)
	walk = func(c *cobra.Command, path string) {
		for _, sub := range c.Commands() {
			p := strings.TrimSpace(path + " " + sub.Name())
			for _, l := range strings.Split(sub.Flags().FlagUsages(), "\n") {
				if strings.Count(l, "(default") > 1 {
					t.Errorf("%s: help line gives its default twice: %q", p, l)
				}
			}
			sub.Flags().VisitAll(func(f *pflag.Flag) {
				uses[f.Name] = append(uses[f.Name], use{p, f.Value.Type(), f.DefValue, f.Usage})
			})
			walk(sub, p)
		}
	}
	walk(newRootCmd(nil, nil), "")
	for name, us := range uses {
		if _, ok := otherHelp[name]; ok && otherHelp[name] == nil {
			continue // --out, --player: a file or a directory, by command
		}
		var ref *use
		for i, u := range us {
			if slices.Contains(otherDefault[name], u.cmd) || slices.Contains(otherHelp[name], u.cmd) {
				if u.typ != us[0].typ {
					t.Errorf("--%s is a %s in %s but a %s in %s", name, u.typ, u.cmd, us[0].typ, us[0].cmd)
				}
				continue
			}
			if ref == nil {
				ref = &us[i]
				continue
			}
			if u.typ != ref.typ || u.help != ref.help || u.def != ref.def {
				t.Errorf("--%s differs: %s has %s %q %q, %s has %s %q %q", name, ref.cmd, ref.typ, ref.def, ref.help, u.cmd, u.typ, u.def, u.help)
			}
		}
	}

	dir := filepath.Join(t.TempDir(), "d")
	checkOneLineError(t, wrArgs(dir, "--deals", "-1"), exitUsage, `--deals: "-1" is not a whole number of 1 or more`)
	checkOneLineError(t, []string{"match", "--players", "greedy,greedy", "--games", "x", "--out", dir}, exitUsage, `--games: "x" is not a whole number of 1 or more`)
	if _, errs, code := klondike(t, wrArgs(dir, "--deals", "2", "--seed-type", "solvitaire", "--from", "-3", "--workers", "1")...); code != 0 {
		t.Fatalf("winrate --seed-type solvitaire --from -3: exit %d, stderr %q", code, errs)
	}
	m, err := results.ReadManifest(dir)
	if err != nil || m.From != 1<<32-3 {
		t.Errorf("--from -3 of Solvitaire: manifest from %d (%v), want %d", m.From, err, uint64(1<<32-3))
	}
	checkOneLineError(t, wrArgs(dir, "--deals", "3", "--seed-type", "solvitaire", "--from", "-3", "--workers", "1"), exitUsage, "pass --grow")
}

// TestFlagHelpNamesOwnFlags requires that a flag's help names only flags
// of its own command ("solve's --json" names another command's): the
// --from of match and bench solve said "of --seed-type", which neither
// had.
func TestFlagHelpNamesOwnFlags(t *testing.T) {
	mention := regexp.MustCompile(`('s )?--[a-z][a-z-]*`)
	var walk func(c *cobra.Command, path string)
	walk = func(c *cobra.Command, path string) {
		for _, sub := range c.Commands() {
			p := strings.TrimSpace(path + " " + sub.Name())
			walk(sub, p)
			sub.Flags().VisitAll(func(f *pflag.Flag) {
				for _, m := range mention.FindAllString(f.Usage, -1) {
					if !strings.HasPrefix(m, "'s ") && sub.Flags().Lookup(strings.TrimPrefix(m, "--")) == nil {
						t.Errorf("%s --%s: its help names %s, which %s does not have: %q", p, f.Name, m, p, f.Usage)
					}
				}
			})
		}
	}
	walk(newRootCmd(nil, nil), "")
}

// TestWording is finding 11 of issue 23: counts agree with their nouns, a
// won game says "won" once, result files are readable by all (mode 0644),
// NO_COLOR turns colour off, and a deal number given without --seed is
// refused with a hint instead of `unknown command "1"`.
func TestWording(t *testing.T) {
	for _, tc := range []struct {
		n    int64
		noun string
		want string
	}{
		{1, "node", "1 node"}, {2, "node", "2 nodes"}, {0, "tie", "0 ties"}, {1, "tie", "1 tie"},
		{3, "result directory", "3 result directories"}, {2, "pass", "2 passes"},
	} {
		if got := counted(tc.n, tc.noun); got != tc.want {
			t.Errorf("counted(%d, %q) = %q, want %q", tc.n, tc.noun, got, tc.want)
		}
	}
	if dollars(-16) != "-$16" || dollars(8) != "$8" {
		t.Errorf("dollars(-16), dollars(8) = %q, %q", dollars(-16), dollars(8))
	}
	env := func(v string) func(string) string { return func(string) string { return v } }
	if !wantColour(true, env("")) || wantColour(true, env("1")) || wantColour(false, env("")) {
		t.Errorf("wantColour: colour on a terminal unless NO_COLOR is set, never elsewhere")
	}
	// A deal one pass through the stock could not have reached.
	deal := writeFile(t, "deal.txt", "recycles: 1\n"+mustRun(t, "deal", "--seed", "1"))
	checkOneLineError(t, []string{"solve", "--deal", deal, "--passes", "1"}, exitUsage, "allows one pass through the stock")
	checkOneLineError(t, []string{"solve", "1"}, exitUsage, "--seed 1")

	for seed := 0; seed < 40; seed++ {
		out := mustRun(t, "play", "--player", "greedy", "--draw", "1", "--seed", strconv.Itoa(seed))
		if strings.Contains(out, "won (won)") {
			t.Fatalf("play says won twice: %q", out[strings.LastIndex(out, "result:"):])
		}
		if strings.Contains(out, "result: won after") {
			break
		}
	}
	out := mustRun(t, "solve", "--seed", fastSeed)
	if strings.Contains(out, " 1 real nodes") || strings.Contains(out, " 1 nodes") {
		t.Errorf("solve: a count of 1 with a plural noun:\n%s", out)
	}

	tmp := t.TempDir()
	var shards []string
	for k := 1; k <= 2; k++ {
		d := filepath.Join(tmp, "s"+strconv.Itoa(k))
		if _, errs, code := klondike(t, wrArgs(d, "--deals", "4", "--shard", strconv.Itoa(k)+"/2", "--workers", "1")...); code != 0 {
			t.Fatalf("winrate shard %d/2: exit %d, stderr %q", k, code, errs)
		}
		shards = append(shards, d)
	}
	merged := filepath.Join(tmp, "merged")
	mustRun(t, append([]string{"merge", "--out", merged}, shards...)...)
	md := filepath.Join(tmp, "r.md")
	mustRun(t, "report", "--out", md, merged)
	for _, p := range []string{filepath.Join(shards[0], results.ManifestFile), filepath.Join(merged, results.ManifestFile),
		filepath.Join(merged, results.RecordsFile), md} {
		if st, err := os.Stat(p); err != nil || st.Mode().Perm() != 0o644 {
			t.Errorf("%s: mode %v (%v), want 0644", p, st.Mode().Perm(), err)
		}
	}
}

// TestWordingOfOne: a count of one takes the singular in what the
// commands print and refuse ("1 card is unseen", "won in 1 step"), where
// they said "1 cards are unseen", "won in 1 steps" (TestMatchUsageErrors
// and TestExitCodes have match's "1 player" and winnable's "1 deal").
func TestWordingOfOne(t *testing.T) {
	var one strings.Builder // every card home but the King of spades
	one.WriteString("stock:\nwaste:\n")
	for i, suit := range []string{"C", "D", "H", "S"} {
		fmt.Fprintf(&one, "f%d:", i+1)
		for _, r := range []string{"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"} {
			if r+suit != "KS" {
				one.WriteString(" " + r + suit)
			}
		}
		one.WriteString("\n")
	}
	one.WriteString("t1: | KS\nt2: |\nt3: |\nt4: |\nt5: |\nt6: |\nt7: |\n")
	deal := writeFile(t, "one.txt", one.String())
	sol := writeFile(t, "one.json", mustRun(t, "solve", "--deal", deal, "--json"))
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", "--deal", deal}, "verdict: won in 1 step\n"},
		{[]string{"verify", "--deal", deal, "--solution", sol}, "valid: wins in 1 step\n"},
		{[]string{"hint", "--deal", deal}, "KS              won in 1 step\n"},
		{[]string{"bench", "movegen", "--seed", "0", "--deals", "1", "--depth", "2", "--perft-time", "0", "--playouts", "1"},
			"pinned: ok (table draw3-passes0, 1 deal, depths 1..2)"},
		{[]string{"bench", "movegen", "--seed", "0", "--deals", "1", "--depth", "2", "--perft-time", "0", "--playouts", "1"},
			"nodes in 1 pass, "},
		{[]string{"bench", "movegen", "--seed", "0", "--deals", "1", "--depth", "2", "--perft-time", "0", "--playouts", "1"},
			"(1 playout, "},
	} {
		if out := mustRun(t, tc.args...); !strings.Contains(out, tc.want) {
			t.Errorf("klondike %s: output lacks %q:\n%s", strings.Join(tc.args, " "), tc.want, out)
		}
	}
	unseen := writeFile(t, "unseen.txt", strings.Replace(mustRun(t, "deal", "--seed", "1"), "t2: 2H | 5C", "t2: ?? | 5C", 1))
	checkOneLineError(t, []string{"solve", "--deal", unseen}, exitUsage, "1 card is unseen (??);")
	lost := hintReport{Moves: []hintMove{{Verdict: "lost"}}}
	if got, want := hintSummary(&lost), "no move wins: the position is lost (its one move loses)"; got != want {
		t.Errorf("hint of a position with one move, lost: %q, want %q", got, want)
	}
	run := smallRun(t, filepath.Join(t.TempDir(), "run"), "3")
	if out := mustRun(t, "claims", "--out", filepath.Join(t.TempDir(), "c.md"), run); !strings.Contains(out, " from 1 result directory\n") {
		t.Errorf("claims of one directory: %q", out)
	}
	if out := mustRun(t, "merge", "--out", filepath.Join(t.TempDir(), "m"), run); !strings.Contains(out, " from 1 directory (") {
		t.Errorf("merge of one directory: %q", out)
	}
}

// TestDocsStandAlone is finding 12 of issue 23: what a user reads (a
// report and claims page made from his own runs, the games' pages, the
// README) cites neither the project's issues nor its source files nor
// paths outside the repository, and calls the game descriptions rule
// texts, not seeds, which name deals; --version says which build runs.
func TestDocsStandAlone(t *testing.T) {
	tmp := t.TempDir()
	run := smallRun(t, filepath.Join(tmp, "d3"), "5")
	md, cl := filepath.Join(tmp, "r.md"), filepath.Join(tmp, "c.md")
	mustRun(t, "report", "--out", md, "--bench", run, run)
	mustRun(t, "claims", "--out", cl, run)
	docs := map[string]string{}
	for _, p := range []string{md, cl, filepath.Join("..", "..", "README.md")} {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		docs[p] = string(data)
	}
	for _, g := range strings.Fields(mustRun(t, "games")) {
		if out, _, code := klondike(t, "games", "--game", g); code == 0 {
			docs["games --game "+g] = out
		}
	}
	docs["claims --help"] = mustRun(t, "claims", "--help")
	for name, text := range docs {
		for _, bad := range []string{"(issue ", "/work/", "../shared", "manifest.go", "seed 000", "seed 001", "Seed 000", "not playable"} {
			if strings.Contains(text, bad) {
				t.Errorf("%s contains %q", name, bad)
			}
		}
	}
	if v := mustRun(t, "--version"); !strings.HasPrefix(v, "klondike commit ") || !strings.Contains(v, "solver v"+results.SolverVersion) {
		t.Errorf("--version: %q", v)
	}
}

// TestFlagValueErrors gives every number, count, duration and switch flag
// of every command a value it cannot read, and requires one line naming
// the flag and what it wants in plain words: no Go parser text such as
// `strconv.ParseInt: parsing "x": invalid syntax` or `time: invalid
// duration`.
func TestFlagValueErrors(t *testing.T) {
	bad := map[string][]string{
		"int":      {"abc", "1.5", "99999999999999999999", "-99999999999999999999"},
		"int64":    {"abc", "99999999999999999999"},
		"count":    {"abc", "-1", "99999999999999999999"},
		"duration": {"abc", "10"},
		"bool":     {"maybe"},
	}
	leaks := []string{"strconv", "invalid argument", "time: invalid", "Parse", "syntax", "out of range"}
	seen := map[string]bool{}
	var walk func(c *cobra.Command, path []string)
	walk = func(c *cobra.Command, path []string) {
		for _, sub := range c.Commands() {
			p := append(slices.Clone(path), sub.Name())
			walk(sub, p)
			sub.Flags().VisitAll(func(f *pflag.Flag) {
				for _, v := range bad[f.Value.Type()] {
					seen[f.Value.Type()] = true
					args := append(slices.Clone(p), "--"+f.Name+"="+v)
					_, errs, _ := klondike(t, args...)
					checkOneLineError(t, args, exitUsage, "klondike: --"+f.Name+": "+strconv.Quote(v)+" ")
					for _, l := range leaks {
						if strings.Contains(errs, l) {
							t.Errorf("klondike %s: stderr %q has Go's parser text %q", strings.Join(args, " "), errs, l)
						}
					}
				}
			})
		}
	}
	walk(newRootCmd(nil, nil), nil)
	for typ := range bad {
		if !seen[typ] {
			t.Errorf("no flag of type %s was tried", typ)
		}
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"deal", "--seed", "1", "--draw", "abc"}, `klondike: --draw: "abc" is not a whole number` + "\n"},
		{[]string{"solve", "--seed", "1", "--budget", "abc"}, `klondike: --budget: "abc" is not a duration (like 10s, 2m; 0 for none)` + "\n"},
		{[]string{"bench", "movegen", "--perft-time", "abc"}, `klondike: --perft-time: "abc" is not a duration (like 10s, 2m)` + "\n"},
		{[]string{"deal", "--seed", "1", "--draw", "99999999999999999999"}, `klondike: --draw: "99999999999999999999" is too large a number` + "\n"},
	} {
		if _, errs, code := klondike(t, tc.args...); errs != tc.want || code != exitUsage {
			t.Errorf("klondike %s: exit %d, stderr %q; want exit 2, %q", strings.Join(tc.args, " "), code, errs, tc.want)
		}
	}
}
