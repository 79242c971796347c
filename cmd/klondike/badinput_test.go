package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/klondike-family/klondike/results"
	"github.com/spf13/cobra"
)

// badInputLines are the command lines TestBadInput runs, at least one for
// every command. A placeholder names an argument that TestBadInput replaces
// in turn by each bad input of its kind (every other placeholder gets a
// good value):
//
//	{deal}     a deal file read by the command
//	{solution} a solution file
//	{run}      a result directory read (and maybe written) by the command
//	{wrun}     a result directory winrate, winnable or bench solve
//	           continues (a missing or empty one is a new run, so not bad
//	           input)
//	{out}      a file the command writes
//	{html}     the page of --html, written beside a {deal} input
//	{outdir}   a directory the command creates and fills
//
// A line without placeholders is run with a bad flag only. To cover a new
// command, add its lines here; TestBadInputCoversEveryCommand fails until
// every command has one.
var badInputLines = [][]string{
	{"games", "--game", "no-such-game"},
	{"deal", "--seed", "x"},
	{"solve", "--deal", "{deal}", "--max-nodes", "2000", "--html", "{html}"},
	{"play", "--player", "greedy", "--deal", "{deal}", "--html", "{html}"},
	{"verify", "--deal", "{deal}", "--solution", "{solution}"},
	{"hint", "--deal", "{deal}", "--max-nodes", "2000", "--html", "{html}"},
	{"analyze", "--deal", "{deal}", "--moves", "{solution}", "--max-nodes", "2000", "--html", "{html}"},
	{"winrate", "--deals", "3", "--max-nodes", "2000", "--budget", "0", "--workers", "1", "--out", "{wrun}"},
	{"winnable", "--count", "1", "--max-nodes", "2000", "--budget", "0", "--workers", "1", "--out", "{wrun}"},
	{"match", "--players", "greedy,greedy", "--games", "2", "--workers", "1", "--out", "{outdir}"},
	{"merge", "--out", "{outdir}", "{run}"},
	{"report", "--out", "{out}", "{run}"},
	{"report", "--out", "{out}", "--bench", "{run}"},
	{"claims", "--out", "{out}", "{run}"},
	{"retry", "--out", "{run}", "--max-nodes", "50000", "--mem", "64MiB"},
	{"compress", "{run}"},
	{"status", "{run}"},
	{"bench", "movegen", "--depth", "0"},
	{"bench", "solve", "--deals", "3", "--budget", "1s", "--mem", "64MiB", "--out", "{wrun}"},
}

// badInput is one bad value of a placeholder: its class and the path.
type badInput struct{ class, path string }

// badInputFixture makes the good and bad inputs of every placeholder in a
// temporary directory.
type badInputFixture struct {
	root string
	good map[string]string
	bad  map[string][]badInput
}

func newBadInputFixture(t *testing.T) *badInputFixture {
	t.Helper()
	root := t.TempDir()
	path := func(name string) string { return filepath.Join(root, name) }
	write := func(name string, data []byte) string {
		t.Helper()
		p := path(name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	mkdir := func(name string) string {
		t.Helper()
		if err := os.MkdirAll(path(name), 0o755); err != nil {
			t.Fatal(err)
		}
		return path(name)
	}
	huge := func(name string, size int64) string {
		t.Helper()
		p := write(name, nil)
		if err := os.Truncate(p, size); err != nil { // sparse: no disk
			t.Fatal(err)
		}
		return p
	}
	binary := make([]byte, 200<<10)
	for i := range binary {
		binary[i] = byte(i*7919 + i>>8)
	}
	deal := mustRun(t, "deal", "--seed", fastSeed)
	solution := mustRun(t, "solve", "--seed", fastSeed, "--json")
	run := smallRun(t, path("run"), "5")
	records, err := os.ReadFile(filepath.Join(run, results.RecordsFile))
	if err != nil {
		t.Fatal(err)
	}
	manifest, err := os.ReadFile(filepath.Join(run, results.ManifestFile))
	if err != nil {
		t.Fatal(err)
	}
	// a result directory with the manifest and records given
	runDir := func(name string, manifest, records []byte) string {
		t.Helper()
		write(filepath.Join(name, results.ManifestFile), manifest)
		write(filepath.Join(name, results.RecordsFile), records)
		return path(name)
	}
	other := path("other")
	if _, errs, code := klondike(t, "winrate", "--draw", "1", "--deals", "3", "--max-nodes", "2000", "--budget", "0", "--workers", "1", "--out", other); code != 0 {
		t.Fatalf("winrate --draw 1: exit %d, stderr %q", code, errs)
	}
	file := write("file", []byte("a file\n"))
	fx := &badInputFixture{
		root: root,
		good: map[string]string{
			"{deal}":     write("good/deal.txt", []byte(deal)),
			"{solution}": write("good/solution.json", []byte(solution)),
			"{run}":      run,
			"{wrun}":     path("new-run"), // made and removed by each case
			"{out}":      path("out.md"),
			"{html}":     path("page.html"),
			"{outdir}":   path("new-dir"),
		},
	}
	badFiles := func(kind, good string, limit int64) []badInput {
		return []badInput{
			{"missing file", path(kind + "/missing")},
			{"directory", mkdir(kind + "/dir")},
			{"empty file", write(kind+"/empty", nil)},
			{"binary file", write(kind+"/binary", binary)},
			{"huge file", huge(kind+"/huge", limit+1)},
			{"truncated file", write(kind+"/truncated", []byte(good[:len(good)/2]))},
		}
	}
	badRuns := func(kind string) []badInput {
		return []badInput{
			{"a file for a directory", file},
			{"binary records", runDir(kind+"/binary", manifest, binary)},
			{"huge records line", runDir(kind+"/huge", manifest, make([]byte, results.MaxLineBytes+1))},
			{"truncated manifest", runDir(kind+"/truncated", manifest[:len(manifest)/2], records)},
			{"binary manifest", runDir(kind+"/binmanifest", binary[:1000], records)},
		}
	}
	fx.bad = map[string][]badInput{
		"{deal}": append(badFiles("deal", deal, maxDealBytes),
			badInput{"wrong game", write("deal/double", []byte(mustRun(t, "deal", "--seed", "1", "--game", "double-klondike")))}),
		"{solution}": append(badFiles("solution", solution, maxSolutionBytes),
			badInput{"unknown op", write("solution/op", []byte(`[{"op":"fly"}]`))},
			badInput{"unreadable card", write("solution/card", []byte(`[{"op":"move","from":"t1","to":"f1","n":1,"card":"ZZ"}]`))},
			badInput{"move of no cards", write("solution/n0", []byte(`[{"op":"move","from":"t1","to":"f1","n":0,"card":"AS"}]`))}),
		"{run}": append(badRuns("run"),
			badInput{"missing directory", path("run-missing")},
			badInput{"empty directory", mkdir("run-empty")}),
		"{wrun}": append(badRuns("wrun"),
			badInput{"wrong game (another experiment)", other}),
		"{out}": {
			{"unwritable (under a file)", filepath.Join(file, "out.md")},
			{"a directory", mkdir("outdir-exists")},
			{"onto an input", filepath.Join(run, results.RecordsFile)},
		},
		"{html}": {
			{"unwritable (under a file)", filepath.Join(file, "page.html")},
			{"a directory", mkdir("html-exists")},
			{"onto an input", fx.good["{deal}"]},
		},
		"{outdir}": {
			{"a file", file},
			{"unwritable (under a file)", filepath.Join(file, "dir")},
		},
	}
	if os.Geteuid() != 0 { // root writes into read-only directories
		ro := mkdir("read-only")
		if err := os.Chmod(ro, 0o555); err != nil {
			t.Fatal(err)
		}
		fx.bad["{out}"] = append(fx.bad["{out}"], badInput{"read-only directory", filepath.Join(ro, "out.md")})
		fx.bad["{outdir}"] = append(fx.bad["{outdir}"], badInput{"read-only directory", filepath.Join(ro, "dir")})
		fx.bad["{html}"] = append(fx.bad["{html}"], badInput{"read-only directory", filepath.Join(ro, "page.html")})
	}
	return fx
}

// placeholders lists the placeholders of a command line.
func placeholders(args []string) []string {
	var ps []string
	for _, a := range args {
		if strings.HasPrefix(a, "{") && strings.HasSuffix(a, "}") && !slices.Contains(ps, a) {
			ps = append(ps, a)
		}
	}
	return ps
}

// TestBadInput runs every command line of badInputLines with each bad
// input of each of its placeholders, and with a flag it does not have, and
// requires of each: exit 2 (a usage or input error, errors.go), nothing on
// stdout, one short line "klondike: ..." on stderr with no panic or
// goroutine dump, and every file of the fixture as it was.
func TestBadInput(t *testing.T) {
	fx := newBadInputFixture(t)
	for _, line := range badInputLines {
		var cases [][]string
		var names []string
		for _, p := range placeholders(line) {
			for _, b := range fx.bad[p] {
				args := make([]string, len(line))
				for i, a := range line {
					switch {
					case a == p:
						args[i] = b.path
					case fx.good[a] != "":
						args[i] = fx.good[a]
					default:
						args[i] = a
					}
				}
				cases = append(cases, args)
				names = append(names, p+" "+b.class)
			}
		}
		flag := make([]string, 0, len(line)+1)
		for _, a := range line {
			if g := fx.good[a]; g != "" {
				a = g
			}
			flag = append(flag, a)
		}
		cases = append(cases, append(flag, "--no-such-flag"))
		names = append(names, "unknown flag")
		for i, args := range cases {
			before := snapshot(t, fx.root)
			out, errs, code := klondike(t, args...)
			what := names[i] + ": klondike " + strings.Join(args, " ")
			if code != exitUsage {
				t.Errorf("%s: exit %d, want %d (stderr %q)", what, code, exitUsage, errs)
			}
			if out != "" {
				t.Errorf("%s: stdout %q, want nothing", what, out)
			}
			if !strings.HasPrefix(errs, "klondike: ") || strings.Count(errs, "\n") != 1 || len(errs) > 300 ||
				strings.Contains(errs, "goroutine ") || strings.Contains(errs, "panic") {
				t.Errorf("%s: stderr %.400q, want one short line \"klondike: ...\"", what, errs)
			}
			// A new run's directory may be made before its flags are
			// checked against nothing; remove it so the fixture compares.
			os.RemoveAll(fx.good["{wrun}"])
			os.RemoveAll(fx.good["{outdir}"])
			checkUnchanged(t, what, before, fx.root)
		}
	}
}

// TestBadInputCoversEveryCommand requires a line in badInputLines for
// every command that does something (not the groups such as bench).
func TestBadInputCoversEveryCommand(t *testing.T) {
	var walk func(c *cobra.Command, path []string)
	walk = func(c *cobra.Command, path []string) {
		for _, sub := range c.Commands() {
			p := append(slices.Clone(path), sub.Name())
			if sub.HasSubCommands() {
				walk(sub, p)
				continue
			}
			if sub.Name() == "help" {
				continue
			}
			found := false
			for _, line := range badInputLines {
				if len(line) >= len(p) && slices.Equal(line[:len(p)], p) {
					found = true
				}
			}
			if !found {
				t.Errorf("command %q has no line in badInputLines", strings.Join(p, " "))
			}
		}
	}
	walk(newRootCmd(nil, nil), nil)
}
