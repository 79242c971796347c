package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/results"
	"github.com/klondike-family/klondike/variants"
)

// fastSeed is a native Klondike (draw 3) deal the solver wins in a few
// hundred nodes.
const fastSeed = "6"

// klondike runs the command line args and returns its output and exit code.
func klondike(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, &out, &errb)
	return out.String(), errb.String(), code
}

// mustRun runs args and fails the test unless it exits 0 and quietly.
func mustRun(t *testing.T, args ...string) string {
	t.Helper()
	out, errs, code := klondike(t, args...)
	if code != 0 || errs != "" {
		t.Fatalf("klondike %s: exit %d, stderr %q", strings.Join(args, " "), code, errs)
	}
	return out
}

// writeFile writes data to a new file in a temporary directory.
func writeFile(t *testing.T, name, data string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// checkOneLineError checks an error report: the exit code, nothing on
// stdout and one line "klondike: ..." on stderr holding every want.
func checkOneLineError(t *testing.T, args []string, wantCode int, want ...string) {
	t.Helper()
	out, errs, code := klondike(t, args...)
	if code != wantCode {
		t.Errorf("klondike %s: exit %d, want %d (stderr %q)", strings.Join(args, " "), code, wantCode, errs)
	}
	if out != "" {
		t.Errorf("klondike %s: stdout %q, want nothing", strings.Join(args, " "), out)
	}
	if !strings.HasPrefix(errs, "klondike: ") || strings.Count(errs, "\n") != 1 || !strings.HasSuffix(errs, "\n") {
		t.Errorf("klondike %s: stderr %q, want one line \"klondike: ...\"", strings.Join(args, " "), errs)
	}
	for _, w := range want {
		if !strings.Contains(errs, w) {
			t.Errorf("klondike %s: stderr %q, want it to contain %q", strings.Join(args, " "), errs, w)
		}
	}
}

func TestGames(t *testing.T) {
	out := mustRun(t, "games")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	all := variants.All()
	if len(lines) != len(all) {
		t.Fatalf("games: %d lines, want %d:\n%s", len(lines), len(all), out)
	}
	for i, g := range all {
		if f := strings.Fields(lines[i]); len(f) == 0 || f[0] != g.Name || !strings.Contains(lines[i], g.Summary) {
			t.Errorf("games line %d = %q, want %s and its summary", i+1, lines[i], g.Name)
		}
	}
	page := mustRun(t, "games", "--game", "klondike")
	if !strings.HasPrefix(page, "# Klondike\n") || !strings.HasSuffix(page, "Options: --draw, --passes, --defoundation\n") {
		t.Errorf("games --game klondike:\n%s", page)
	}
	checkOneLineError(t, []string{"games", "--game", "nope"}, exitUsage, `unknown game "nope"`, "klondike-strict")
}

func TestDealSolvitaireSeed1(t *testing.T) {
	out := mustRun(t, "deal", "--seed-type", "solvitaire", "--seed", "1", "--format", "solvitaire")
	// The engine's golden test pins the whole deal; here the command must
	// give exactly the engine's deal and format, which begin like this.
	if !strings.HasPrefix(out, "{\n  \"tableau piles\": [\n    [\"9D\"],\n    [\"4c\", \"AS\"],\n") {
		t.Errorf("Solvitaire deal 1 starts wrong:\n%s", out)
	}
	r := engine.Klondike(1, 0)
	l, err := engine.SolvitaireDeal(&r, 1)
	if err != nil {
		t.Fatal(err)
	}
	want, err := engine.FormatSolvitaire(l)
	if err != nil {
		t.Fatal(err)
	}
	if out != string(want) {
		t.Errorf("deal:\ngot  %s\nwant %s", out, want)
	}
}

func TestDealFormatsRoundTrip(t *testing.T) {
	r := engine.Klondike(3, 0)
	for _, st := range []struct {
		seedType string
		deal     func() (engine.Layout, error)
	}{
		{"native", func() (engine.Layout, error) { return engine.NativeDeal(&r, 42), nil }},
		{"solvitaire", func() (engine.Layout, error) { return engine.SolvitaireDeal(&r, 42) }},
		{"klondike-solver", func() (engine.Layout, error) { return engine.KlondikeSolverDeal(&r, 42) }},
	} {
		want, err := st.deal()
		if err != nil {
			t.Fatal(err)
		}
		g := engine.MustGame(r)
		wantState, err := g.NewState(want)
		if err != nil {
			t.Fatal(err)
		}
		for _, format := range []string{"text", "solvitaire", "deck"} {
			out := mustRun(t, "deal", "--seed", "42", "--seed-type", st.seedType, "--format", format)
			if strings.Contains(out, "\x1b[") || strings.ContainsAny(out, "♠♥♦♣") {
				t.Errorf("%s %s: symbols or colour when not writing to a terminal", st.seedType, format)
			}
			// Read it back through the deal file reader, guessing the format.
			path := writeFile(t, "deal", out)
			got, err := readDeal(path, "auto", nil)
			if err != nil {
				t.Fatalf("%s %s: reading back: %v", st.seedType, format, err)
			}
			if detectDealFormat([]byte(out)) != format {
				t.Errorf("%s %s: detected as %s", st.seedType, format, detectDealFormat([]byte(out)))
			}
			s, err := g.NewState(got)
			if err != nil {
				t.Fatalf("%s %s: %v", st.seedType, format, err)
			}
			if !reflect.DeepEqual(s.Layout(), wantState.Layout()) {
				t.Errorf("%s %s: read back as\n%s\nwant\n%s", st.seedType, format,
					engine.FormatText(s.Layout(), engine.TextOptions{}), engine.FormatText(want, engine.TextOptions{}))
			}
		}
	}
}

// solveJSON runs solve with --json and decodes its output.
func solveJSON(t *testing.T, args ...string) (solveReport, string) {
	t.Helper()
	out := mustRun(t, append([]string{"solve", "--json"}, args...)...)
	if strings.Count(out, "\n") != 1 {
		t.Errorf("solve --json printed %d lines, want 1", strings.Count(out, "\n"))
	}
	var rep solveReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("solve --json output: %v\n%s", err, out)
	}
	return rep, out
}

func TestSolveVerify(t *testing.T) {
	rep, out := solveJSON(t, "--seed", fastSeed, "--budget", "20s")
	if rep.Verdict != "won" || len(rep.Solution) == 0 {
		t.Fatalf("solve --seed %s: verdict %s with %d steps, want won", fastSeed, rep.Verdict, len(rep.Solution))
	}
	for _, key := range []string{`"nodes":`, `"stored":`, `"table_bytes":`, `"elapsed_ms":`, `"stop":`, `"peak_rss_bytes":`} {
		if !strings.Contains(out, key) {
			t.Errorf("solve --json stats lack %s: %s", key, out)
		}
	}
	if rep.Stats.Nodes <= 0 || rep.Stats.Stop != "" {
		t.Errorf("stats = %+v, want nodes > 0 and no stop", rep.Stats)
	}

	// The solution replays under the engine's rules.
	r := engine.Klondike(3, 0)
	s, err := engine.MustGame(r).NewState(engine.NativeDeal(&r, 6))
	if err != nil {
		t.Fatal(err)
	}
	if err := engine.Verify(s, rep.Solution); err != nil {
		t.Fatalf("engine.Verify(solve's solution): %v", err)
	}

	// verify accepts the whole --json object and the bare array, from a seed
	// or from a deal file in any format.
	whole := writeFile(t, "whole.json", out)
	arr, _ := json.Marshal(rep.Solution)
	bare := writeFile(t, "bare.json", string(arr))
	want := "valid: wins in " + itoa(len(rep.Solution)) + " steps\n"
	for _, sol := range []string{whole, bare} {
		if got := mustRun(t, "verify", "--seed", fastSeed, "--solution", sol); got != want {
			t.Errorf("verify %s: %q, want %q", filepath.Base(sol), got, want)
		}
	}
	for _, format := range []string{"text", "solvitaire", "deck"} {
		deal := writeFile(t, "deal."+format, mustRun(t, "deal", "--seed", fastSeed, "--format", format))
		if got := mustRun(t, "verify", "--deal", deal, "--solution", whole); got != want {
			t.Errorf("verify --deal (%s): %q, want %q", format, got, want)
		}
	}

	// A tampered card, a missing last step and another deal are refused
	// with exit code 1 and the reason on stdout.
	i := firstMove(rep.Solution)
	tampered := append([]engine.Step(nil), rep.Solution...)
	tampered[i].Card = "KD"
	if rep.Solution[i].Card == "KD" {
		tampered[i].Card = "QD"
	}
	tb, _ := json.Marshal(tampered)
	short, _ := json.Marshal(rep.Solution[:len(rep.Solution)-1])
	for _, tc := range []struct {
		name, sol, seed, want string
	}{
		{"tampered", string(tb), fastSeed, "invalid: step " + itoa(i+1) + ": card is " + tampered[i].Card + " but the move takes " + rep.Solution[i].Card + "\n"},
		{"short", string(short), fastSeed, "invalid: the " + itoa(len(rep.Solution)-1) + " steps end short of a win: 51 of 52 cards on the foundations\n"},
		{"other deal", string(arr), "7", "invalid: step 1: "},
	} {
		out, errs, code := klondike(t, "verify", "--seed", tc.seed, "--solution", writeFile(t, "sol.json", tc.sol))
		if code != exitFail || errs != "" || !strings.HasPrefix(out, tc.want) || strings.Count(out, "\n") != 1 {
			t.Errorf("verify %s: exit %d, stdout %q, stderr %q; want exit 1 and %q", tc.name, code, out, errs, tc.want)
		}
	}
}

func firstMove(steps []engine.Step) int {
	for i, st := range steps {
		if st.Op == engine.OpMove {
			return i
		}
	}
	return 0
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

func TestSolveText(t *testing.T) {
	out := mustRun(t, "solve", "--seed", fastSeed)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) < 5 {
		t.Fatalf("solve:\n%s", out)
	}
	if lines[0] != "game: klondike (draw 3, unlimited passes)" || lines[1] != "deal: native seed 6" ||
		!strings.HasPrefix(lines[2], "verdict: won in ") || !strings.HasPrefix(lines[len(lines)-1], "stats: ") {
		t.Errorf("solve:\n%s", out)
	}
	steps := lines[3 : len(lines)-1]
	if got := "verdict: won in " + itoa(len(steps)) + " steps"; lines[2] != got {
		t.Errorf("%q, want %q", lines[2], got)
	}
	for i, l := range steps {
		num, rest, ok := strings.Cut(strings.TrimSpace(l), ". ")
		if !ok || num != itoa(i+1) || !(rest == "draw" || rest == "recycle" || strings.Contains(rest, " → ")) {
			t.Errorf("step line %q", l)
		}
	}
}

func TestSolveBudgets(t *testing.T) {
	rep, out := solveJSON(t, "--seed", "1", "--max-nodes", "10")
	if rep.Verdict != "unknown" || rep.Stats.Stop != "nodes" || !strings.Contains(out, `"solution":[]`) {
		t.Errorf("solve --max-nodes 10: %s", out)
	}
	rep, _ = solveJSON(t, "--seed", fastSeed, "--game", "klondike-strict", "--defoundation", "--mem", "64MiB")
	if rep.Verdict == "" || rep.Game != "klondike-strict" || rep.Rules != "draw 1, 1 pass, defoundation, strict" {
		t.Errorf("solve klondike-strict: %+v", rep)
	}
	out = mustRun(t, "solve", "--seed", "1", "--max-nodes", "10")
	if !strings.Contains(out, "verdict: unknown (stopped: nodes)\n") {
		t.Errorf("solve --max-nodes 10:\n%s", out)
	}
}

func TestUsageErrors(t *testing.T) {
	twice := `
stock: 10C 6H 8D 9C 4H 3C 3H JD AC 7H 7C 5S AH QD 10H JH 7S KH 8H QS 3D KS KD 8C
t1: | 4C
t2: 2H | 5C
t3: 4S 3S | JC
t4: 6C 8S 2D | 7D
t5: QC 10S 2C 2S | KC
t6: 5D 10D 5H 6S QH | 4C
t7: 9H JS 9D AD 6D 9S | AS
`
	sol := writeFile(t, "sol.json", `[{"op":"draw"}]`)
	dealTwice := writeFile(t, "twice.txt", twice)
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"solve", "--game", "nope", "--seed", "1"}, []string{`unknown game "nope"`, "klondike, klondike-familiar, klondike-holdout, klondike-strict"}},
		{[]string{"deal", "--game", "nope", "--seed", "1"}, []string{`unknown game "nope"`}},
		{[]string{"games", "--game", ""}, []string{`unknown game ""`}},
		{[]string{"games", "--game="}, []string{`unknown game ""`}},
		{[]string{"bench", "solve", "--game", ""}, []string{`unknown game ""`}},
		{[]string{"solve", "--seed", "1", "--passes", "0"}, []string{`--passes "0"`}},
		{[]string{"solve", "--seed", "1", "--passes", "abc"}, []string{`--passes "abc"`}},
		{[]string{"solve", "--seed", "1", "--passes", "-2"}, []string{`--passes "-2"`}},
		{[]string{"solve", "--seed", "1", "--draw", "0"}, []string{"--draw 0: want 1..52"}},
		{[]string{"solve", "--seed", "1", "--draw=-3"}, []string{"--draw -3: want 1..52"}},
		{[]string{"solve", "--seed", "1", "--draw", "53"}, []string{"--draw 53: want 1..52"}},
		{[]string{"solve", "--seed", "1", "--draw", "abc"}, []string{`--draw: "abc" is not a whole number`}},
		{[]string{"solve", "--seed", "1", "--game", "klondike-strict", "--draw", "1"}, []string{"klondike-strict has no option --draw"}},
		{[]string{"deal", "--seed", "1", "--game", "klondike-holdout", "--passes", "2"}, []string{"no option --passes"}},
		{[]string{"solve", "--deal", dealTwice}, []string{"4C", "twice"}},
		{[]string{"verify", "--deal", dealTwice, "--solution", sol}, []string{"4C", "twice"}},
		{[]string{"solve", "--deal", writeFile(t, "bad.json", `{"tableau piles": [["9D"],`)}, []string{"solvitaire format"}},
		{[]string{"solve", "--deal", writeFile(t, "bad.txt", "t1 4C\n")}, []string{"line 1"}},
		{[]string{"solve", "--deal", writeFile(t, "bad.deck", "0410230")}, []string{"deck format"}},
		{[]string{"solve", "--deal", filepath.Join(t.TempDir(), "missing")}, []string{"deal file", "missing"}},
		{[]string{"solve", "--deal", dealTwice, "--deal-format", "xml"}, []string{`--deal-format "xml"`}},
		{[]string{"verify", "--seed", "1", "--solution", writeFile(t, "bad.json", `[{"op":"draw"`)}, []string{"solution file"}},
		{[]string{"verify", "--seed", "1", "--solution", writeFile(t, "bad.json", `[{"op":"draw","x":1}]`)}, []string{`unknown field "x"`}},
		{[]string{"verify", "--seed", "1", "--solution", writeFile(t, "bad.json", `{"verdict":"won"}`)}, []string{`no "solution" or "moves" key`}},
		{[]string{"verify", "--seed", "1", "--solution", writeFile(t, "bad.json", `draw`)}, []string{"want a JSON array"}},
		{[]string{"verify", "--seed", "1"}, []string{"--solution is required"}},
		{[]string{"solve"}, []string{"--seed N or --deal FILE"}},
		{[]string{"solve", "--seed", "1", "--deal", dealTwice}, []string{"not both"}},
		{[]string{"solve", "--seed", "x"}, []string{`--seed "x"`}},
		{[]string{"solve", "--seed", "1", "--seed-type", "pysol"}, []string{`--seed-type "pysol"`}},
		{[]string{"deal", "--seed", "4294967296", "--seed-type", "solvitaire"}, []string{"solvitaire deal numbers are 0..4294967295"}},
		{[]string{"deal", "--seed=-1"}, []string{"native deal numbers are 0..18446744073709551615"}},
		{[]string{"deal", "--seed", "18446744073709551616"}, []string{"native deal numbers are 0..18446744073709551615"}},
		{[]string{"deal", "--seed", "-2147483649", "--seed-type", "klondike-solver"}, []string{"klondike-solver deal numbers are 0..4294967295 (or -2147483648..-1"}},
		{[]string{"deal", "--seed", "4294967296", "--seed-type", "greenfelt"}, []string{"greenfelt deal numbers are 0..4294967295"}},
		{[]string{"deal", "--seed=-1", "--seed-type", "greenfelt"}, []string{"greenfelt deal numbers are 0..4294967295"}},
		{[]string{"deal", "--seed", "0", "--seed-type", "pysolfc"}, []string{"pysolfc deal numbers are 1..99999999999999999999"}},
		{[]string{"deal", "--seed", "100000000000000000000", "--seed-type", "pysolfc"}, []string{"pysolfc deal numbers are 1..99999999999999999999"}},
		{[]string{"deal", "--seed", "12ab", "--seed-type", "pysolfc"}, []string{`--seed "12ab": pysolfc deal numbers`}},
		{[]string{"deal", "--seed", "5", "--seed-type", "pysolfc", "--game", "klondike-holdout"}, []string{"--seed-type pysolfc cannot deal klondike-holdout: PySolFC has no game klondike-holdout"}},
		{[]string{"deal", "--seed", "5", "--seed-type", "pysolfc", "--game", "whitehead"}, []string{"give --base ace"}},
		{[]string{"deal", "--seed", "5", "--seed-type", "greenfelt", "--game", "yukon"}, []string{"--seed-type greenfelt cannot deal yukon"}},
		{[]string{"deal", "--seed", "1", "--format", "pdf"}, []string{`--format "pdf"`}},
		{[]string{"deal"}, []string{"give --seed N or --deal FILE"}},
		{[]string{"solve", "--seed", "1", "--mem", "12Q"}, []string{`size "12Q"`}},
		{[]string{"solve", "--seed", "1", "--budget", "soon"}, []string{`--budget: "soon" is not a duration`}},
		{[]string{"solve", "--seed", "1", "--workers", "0"}, []string{"--workers 0"}},
		{[]string{"solve", "--seed", "1", "--nope"}, []string{"unknown flag: --nope"}},
		{[]string{"retry", "--max-nodes", "1000"}, []string{"--out DIR"}},
		{[]string{"retry", "--out", t.TempDir()}, []string{"give a budget"}},
		{[]string{"retry", "--out", filepath.Join(t.TempDir(), "missing"), "--max-nodes", "1000"}, []string{"--out", "missing"}},
		{[]string{"retry", "--out", t.TempDir(), "--max-nodes", "-1"}, []string{"--max-nodes -1"}},
		{[]string{"sovle"}, []string{`unknown command "sovle"`}},
		{[]string{"deal", "--seed", "1", "extra"}, []string{`takes no arguments, only flags: unexpected "extra"`}},
	} {
		checkOneLineError(t, tc.args, exitUsage, tc.want...)
	}
}

func TestParseSize(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
	}{
		{"0", 0},
		{"1000", 1000},
		{"512MiB", 512 << 20},
		{"1GiB", 1 << 30},
		{"2G", 2 << 30},
		{"100M", 100 << 20},
		{"100m", 100 << 20},
		{"64k", 64 << 10},
		{"1.5GiB", 3 << 29},
		{"2GB", 2e9},
		{"100MB", 1e8},
		{"1 TiB", 1 << 40},
		{"12B", 12},
	} {
		got, err := parseSize(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("parseSize(%q) = %d, %v; want %d", tc.in, got, err, tc.want)
		}
	}
	for _, in := range []string{"", "GiB", "-1G", "1.2.3M", "12Q", "1e3", "99999999999T"} {
		if got, err := parseSize(in); err == nil {
			t.Errorf("parseSize(%q) = %d, want an error", in, got)
		}
	}
}

func TestFormatSize(t *testing.T) {
	for _, tc := range []struct {
		in   int64
		want string
	}{{0, "0 B"}, {1023, "1023 B"}, {1024, "1.0 KiB"}, {3 << 29, "1.5 GiB"}} {
		if got := results.FormatBytes(tc.in); got != tc.want {
			t.Errorf("FormatBytes(%d) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestParsePasses(t *testing.T) {
	for in, want := range map[string]int{"unlimited": 0, "Unlimited": 0, "1": 1, "3": 3} {
		if got, err := parsePasses(in); err != nil || got != want {
			t.Errorf("parsePasses(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"0", "-1", "abc", "", "1.5"} {
		if _, err := parsePasses(in); err == nil {
			t.Errorf("parsePasses(%q): want an error", in)
		}
	}
}

func TestSeeds(t *testing.T) {
	vg, r, err := variants.Resolve("klondike", variants.Options{})
	if err != nil {
		t.Fatal(err)
	}
	neg, err := dealFromSeed(vg, r, "solvitaire", "-5")
	if err != nil {
		t.Fatal(err)
	}
	want, err := engine.SolvitaireDeal(&r, 1<<32-5)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(neg, want) {
		t.Errorf("solvitaire seed -5 is not seed 2^32-5")
	}
	for _, bad := range []string{"-2147483649", "4294967296", "+3", "-0", "1e3", ""} {
		if _, err := dealFromSeed(vg, r, "klondike-solver", bad); err == nil {
			t.Errorf("klondike-solver seed %q: want an error", bad)
		}
	}
}

// TestEverySeedType checks that the commands take every numbering of the
// registry (variants.SeedTypes): deal prints the registry's deal, the
// flag's help names it, and solve reads it.
func TestEverySeedType(t *testing.T) {
	help := mustRun(t, "deal", "--help")
	for _, st := range variants.SeedTypes() {
		if !strings.Contains(help, st.Name) {
			t.Errorf("deal --help does not name seed type %s", st.Name)
		}
		vg, r, err := variants.Resolve("klondike", variants.Options{})
		if err != nil {
			t.Fatal(err)
		}
		seed := st.Max.String()
		l, err := st.Deal(vg, r, st.Max)
		if err != nil {
			t.Fatalf("%s: %v", st.Name, err)
		}
		got := mustRun(t, "deal", "--seed-type", st.Name, "--seed", seed)
		if want := engine.FormatText(l, engine.TextOptions{}); got != want {
			t.Errorf("deal --seed-type %s --seed %s:\n%s\nwant\n%s", st.Name, seed, got, want)
		}
		out := mustRun(t, "solve", "--seed-type", st.Name, "--seed", seed, "--max-nodes", "1000", "--budget", "0")
		if !strings.Contains(out, "deal: "+st.Name+" seed "+seed) {
			t.Errorf("solve --seed-type %s: %q", st.Name, out)
		}
	}
}

// TestSeedTypesAcrossCommands checks that the commands reading one deal
// (play, verify, analyze, hint) take every numbering of the registry and
// agree on its deal: the moves play makes on it replay under analyze and
// verify with the same --seed-type, and status reads a winrate run of it.
func TestSeedTypesAcrossCommands(t *testing.T) {
	dir := t.TempDir()
	for _, st := range variants.SeedTypes() {
		n, _ := st.Min.Add(7)
		seed := n.String()
		deal := []string{"--seed-type", st.Name, "--seed", seed}
		desc := "deal: " + st.Name + " seed " + seed
		moves := filepath.Join(dir, st.Name+"-moves.json")
		played := mustRun(t, append([]string{"play", "--player", "greedy", "--json"}, deal...)...)
		if !strings.Contains(played, `"deal":"`+st.Name+" seed "+seed+`"`) {
			t.Errorf("play %s: %.200q", strings.Join(deal, " "), played)
		}
		if err := os.WriteFile(moves, []byte(played), 0o644); err != nil {
			t.Fatal(err)
		}
		// every step legal: "valid", or "invalid" only for ending short of a win
		out, errs, code := klondike(t, append([]string{"verify", "--solution", moves}, deal...)...)
		if !(code == 0 && strings.HasPrefix(out, "valid: ")) && !(code == exitFail && strings.Contains(out, "end short of a win")) {
			t.Errorf("verify %s: exit %d, stdout %q, stderr %q", strings.Join(deal, " "), code, out, errs)
		}
		for _, args := range [][]string{
			{"analyze", "--moves", moves, "--max-nodes", "2000", "--budget", "0"},
			{"hint", "--max-nodes", "2000", "--budget", "0"},
		} {
			if out := mustRun(t, append(args, deal...)...); !strings.Contains(out, desc) {
				t.Errorf("%s %s: %q lacks %q", args[0], strings.Join(deal, " "), out, desc)
			}
		}
		run := filepath.Join(dir, st.Name+"-run")
		if _, errs, code := klondike(t, "winrate", "--seed-type", st.Name, "--deals", "2", "--max-nodes", "2000", "--budget", "0", "--workers", "1", "--out", run); code != 0 {
			t.Fatalf("winrate --seed-type %s: exit %d, stderr %q", st.Name, code, errs)
		}
		m, err := results.ReadManifest(run)
		if err != nil || m.From != st.Min.Lo || m.DealGenerator != st.Generator {
			t.Errorf("winrate --seed-type %s: manifest from %d, generator %q (%v); want %s, %s", st.Name, m.From, m.DealGenerator, err, st.Min, st.Generator)
		}
		if out := mustRunStdout(t, "status", run); !strings.HasPrefix(out, "2 of 2 deals: ") {
			t.Errorf("status of a %s run: %q", st.Name, out)
		}
	}
}
