package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klondike-family/klondike/results"
)

func TestBenchMovegenPinned(t *testing.T) {
	out := mustRun(t, "bench", "movegen", "--draw", "1", "--playouts", "2", "--perft-time", "0", "--divide")
	for _, want := range []string{
		"game: klondike (draw 1, unlimited passes)",
		"deals: 5, native seeds 0..4",
		"perft to depth 8",
		"to-foundation  pile-to-pile  waste-to-pile  draw  recycle  from-foundation  cell  deal  reserve-to-pile  flips",
		"divide, deal native-pcg-v1 0, depth 8:",
		"pinned: ok (table draw1-passes0, 5 deals, depths 1..8)",
		"playouts/s", "ns per generation", "state size:",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("bench movegen output lacks %q:\n%s", want, out)
		}
	}
}

func TestBenchMovegenSeeds(t *testing.T) {
	out := mustRun(t, "bench", "movegen", "--draw", "1", "--seed", "100", "--deals", "2", "--depth", "2",
		"--playouts", "0", "--perft-time", "0")
	if !strings.Contains(out, "pinned: not checked (table draw1-passes0 holds none of these deals)") ||
		!strings.Contains(out, "deals: 2, native seeds 100..101") || strings.Contains(out, "playouts/s") {
		t.Errorf("bench movegen --seed 100 --deals 2 --playouts 0:\n%s", out)
	}
	out = mustRun(t, "bench", "movegen", "--draw", "5", "--depth", "2", "--deals", "1", "--playouts", "0", "--perft-time", "0")
	if !strings.Contains(out, "pinned: no pinned table has these rules") || !strings.Contains(out, "deals: 1: native-pcg-v1 0") {
		t.Errorf("bench movegen --draw 5:\n%s", out)
	}
}

// TestBenchMovegenDefaults: the default depth is the pinned table's of
// the rules whatever the deals (the table's depth suits the rules'
// branching), else 6; the table's deals are the default only when neither
// --seed nor --deals is given; the help says so.
func TestBenchMovegenDefaults(t *testing.T) {
	quick := []string{"--playouts", "0", "--perft-time", "0"}
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"--draw", "1", "--seed", "1000", "--deals", "1"},
			[]string{"deals: 1: native-pcg-v1 1000", "perft to depth 8,", "pinned: not checked (table draw1-passes0 holds none of these deals)"}},
		{[]string{"--draw", "1", "--seed", "3"},
			[]string{"deals: 5, native seeds 3..7", "perft to depth 8,", "pinned: ok (table draw1-passes0, 2 deals, depths 1..8)"}},
		{[]string{"--passes", "2", "--deals", "1"},
			[]string{"deals: 1: native-pcg-v1 0", "perft to depth 6,", "pinned: no pinned table has these rules"}},
		{[]string{"--game", "yukon", "--seed", "7", "--deals", "1"},
			[]string{"perft to depth 5,", "pinned: not checked"}},
	} {
		out := mustRun(t, append(append([]string{"bench", "movegen"}, tc.args...), quick...)...)
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("bench movegen %s: output lacks %q:\n%s", strings.Join(tc.args, " "), w, out)
			}
		}
	}
	cmd := newBenchMovegenCmd(nil)
	for flag, want := range map[string]string{
		"depth": "default: the depth of the rules' pinned table, whatever the deals, else 6",
		"deals": "default: with neither --seed nor --deals the pinned table's deals, else 5",
	} {
		if got := cmd.Flags().Lookup(flag).Usage; !strings.Contains(got, want) {
			t.Errorf("bench movegen --%s help %q lacks %q", flag, got, want)
		}
	}
	if want := "the depth defaults to the table's"; !strings.Contains(strings.Join(strings.Fields(cmd.Long), " "), want) {
		t.Errorf("bench movegen help lacks %q:\n%s", want, cmd.Long)
	}
}

func TestBenchMovegenJSON(t *testing.T) {
	out := mustRun(t, "bench", "movegen", "--draw", "3", "--depth", "3", "--playouts", "1", "--perft-time", "0", "--json")
	var rep struct {
		Game   string `json:"game"`
		Rules  string `json:"rules"`
		Depth  int    `json:"depth"`
		Deals  []any  `json:"deals"`
		Totals []struct {
			Nodes int64 `json:"nodes"`
		} `json:"totals"`
		Pinned struct {
			Table    string `json:"table"`
			Mismatch string `json:"mismatch"`
		} `json:"pinned"`
		Throughput struct {
			Playouts int64 `json:"playouts"`
		} `json:"throughput"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("bench movegen --json: %v\n%s", err, out)
	}
	if rep.Game != "klondike" || rep.Rules != "draw 3, unlimited passes" || rep.Depth != 3 || len(rep.Deals) != 5 ||
		len(rep.Totals) != 3 || rep.Pinned.Table != "draw3-passes0" || rep.Pinned.Mismatch != "" ||
		rep.Throughput.Playouts != 1 {
		t.Errorf("bench movegen --json = %+v", rep)
	}
}

func TestBenchSolve(t *testing.T) {
	out, errs, code := klondike(t, "bench", "solve", "--from", fastSeed, "--deals", "2", "--budget", "5s")
	if code != 0 {
		t.Fatalf("bench solve: exit %d, stderr %q", code, errs)
	}
	for _, want := range []string{"game:          klondike (draw 3, unlimited passes)",
		"deals:         2 (native seeds " + fastSeed, "decided:", "time per deal:", "states/s:"} {
		if !strings.Contains(out, want) {
			t.Errorf("bench solve output lacks %q:\n%s", want, out)
		}
	}
	if !strings.HasPrefix(errs, "bench solve: 2/2 deals") {
		t.Errorf("bench solve stderr %q, want a progress line", errs)
	}
	out = mustRunStdout(t, "bench", "solve", "--from", fastSeed, "--deals", "1", "--json")
	var rep map[string]any
	if err := json.Unmarshal([]byte(out), &rep); err != nil || rep["deals"] != 1.0 || rep["budget_seconds"] != 10.0 {
		t.Errorf("bench solve --json = %q (%v)", out, err)
	}
	// A node budget is named, with or without --out (where the summary
	// comes from the directory's manifest), and --budget 0 is no limit.
	nodes := []string{"bench", "solve", "--from", fastSeed, "--deals", "1", "--max-nodes", "100", "--budget", "0", "--mem", "64MiB"}
	for _, args := range [][]string{nodes, append(nodes, "--out", filepath.Join(t.TempDir(), "b"))} {
		want := "budget:        100 nodes per deal, no time limit, table memory 64.0 MiB"
		if out := mustRunStdout(t, args...); !strings.Contains(out, want) {
			t.Errorf("klondike %s: output lacks %q:\n%s", strings.Join(args, " "), want, out)
		}
		if out := mustRunStdout(t, append(args, "--json")...); !strings.Contains(out, `"max_nodes":100,`) {
			t.Errorf("klondike %s --json: no max_nodes 100: %s", strings.Join(args, " "), out)
		}
	}
}

// TestBenchSolveSeedType benchmarks deals of another numbering: bench
// solve --seed-type pysolfc solves the deals solve --seed-type pysolfc
// names (the same node counts), says so in its text, its JSON and its
// directory's manifest, and the report's benchmark row names the
// numbering; --from defaults to the numbering's first number.
func TestBenchSolveSeedType(t *testing.T) {
	budget := []string{"--budget", "0", "--max-nodes", "3000", "--mem", "64MiB", "--workers", "1"}
	var want int64
	for _, seed := range []string{"1", "2"} {
		var rep struct{ Stats struct{ Nodes int64 } }
		out := mustRun(t, append([]string{"solve", "--seed-type", "pysolfc", "--seed", seed, "--json"}, budget...)...)
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatalf("solve --json: %v", err)
		}
		want += rep.Stats.Nodes
	}
	args := append([]string{"bench", "solve", "--seed-type", "pysolfc", "--deals", "2"}, budget...)
	out := mustRunStdout(t, args...)
	if !strings.Contains(out, "deals:         2 (pysolfc seeds 1..2)") {
		t.Errorf("bench solve --seed-type pysolfc:\n%s", out)
	}
	var rep struct {
		SeedType string `json:"seed_type"`
		From     uint64 `json:"from"`
		Nodes    int64  `json:"nodes"`
	}
	if err := json.Unmarshal([]byte(mustRunStdout(t, append(args, "--json")...)), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.SeedType != "pysolfc" || rep.From != 1 || rep.Nodes != want {
		t.Errorf("bench solve --seed-type pysolfc --json: %+v, want seed type pysolfc from 1 and %d nodes (solve's)", rep, want)
	}
	dir := filepath.Join(t.TempDir(), "b")
	if err := json.Unmarshal([]byte(mustRunStdout(t, append(args, "--json", "--out", dir)...)), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.SeedType != "pysolfc" || rep.Nodes != want {
		t.Errorf("bench solve --seed-type pysolfc --out: %+v, want seed type pysolfc and %d nodes", rep, want)
	}
	m, err := results.ReadManifest(dir)
	if err != nil || m.SeedType != "pysolfc" || m.From != 1 {
		t.Errorf("manifest: seed type %q from %d (%v), want pysolfc from 1", m.SeedType, m.From, err)
	}
	md := filepath.Join(t.TempDir(), "bench.md")
	mustRunStdout(t, "report", "--out", md, "--bench", dir)
	page, err := os.ReadFile(md)
	if err != nil {
		t.Fatal(err)
	}
	if row := "| klondike | draw 3, unlimited passes | 2 (pysolfc) |"; !strings.Contains(string(page), row) {
		t.Errorf("report --bench: no row with %q:\n%s", row, page)
	}
	checkOneLineError(t, []string{"bench", "solve", "--seed-type", "solvitaire", "--from", "4294967295", "--deals", "2"},
		exitUsage, "solvitaire deal numbers are")
	checkOneLineError(t, []string{"bench", "solve", "--seed-type", "pysolfc", "--from", "0"}, exitUsage, "pysolfc deal numbers are")
}

// mustRunStdout runs args, fails the test unless it exits 0, and returns
// stdout (stderr may hold progress).
func mustRunStdout(t *testing.T, args ...string) string {
	t.Helper()
	out, errs, code := klondike(t, args...)
	if code != 0 {
		t.Fatalf("klondike %s: exit %d, stderr %q", strings.Join(args, " "), code, errs)
	}
	return out
}

// TestBenchSolveOut runs the benchmark into a directory: a second run
// adds nothing and sums up the same deals; a run whose last record was
// torn off (a kill in mid-write) solves that deal again and counts it
// once; other flags are refused.
func TestBenchSolveOut(t *testing.T) {
	dir := t.TempDir()
	args := []string{"bench", "solve", "--from", fastSeed, "--deals", "3", "--budget", "5s", "--json", "--out", dir}
	type sum struct {
		Deals, Won, Lost, Unknown int
		Nodes                     int64
	}
	read := func(out string) sum {
		t.Helper()
		var s sum
		if err := json.Unmarshal([]byte(out), &s); err != nil {
			t.Fatalf("bench solve --json: %v\n%s", err, out)
		}
		return s
	}
	lines := func() []string {
		t.Helper()
		data, err := os.ReadFile(filepath.Join(dir, "records.jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		return strings.SplitAfter(strings.TrimSuffix(string(data), "\n"), "\n")
	}
	first := read(mustRunStdout(t, args...))
	if first.Deals != 3 || first.Won+first.Lost+first.Unknown != 3 || len(lines()) != 3 {
		t.Fatalf("first run: %+v, %d records", first, len(lines()))
	}
	if again := read(mustRunStdout(t, args...)); again != first {
		t.Errorf("second run sums up %+v, first %+v", again, first)
	}
	l := lines()
	torn := strings.Join(l[:2], "") + l[2][:len(l[2])/2]
	if err := os.WriteFile(filepath.Join(dir, "records.jsonl"), []byte(torn), 0o644); err != nil {
		t.Fatal(err)
	}
	if resumed := read(mustRunStdout(t, args...)); resumed != first || len(lines()) != 3 {
		t.Errorf("after a torn record: %+v and %d records, want %+v and 3", resumed, len(lines()), first)
	}
	// the report's benchmark section sums up the same directory
	md := filepath.Join(t.TempDir(), "bench.md")
	mustRunStdout(t, "report", "--out", md, "--bench", dir)
	rep, err := os.ReadFile(md)
	if err != nil {
		t.Fatal(err)
	}
	row := fmt.Sprintf("| %s | klondike | draw 3, unlimited passes | 3 | 5s, 1.0 GiB | %.2f | %d | %d | %d |", filepath.ToSlash(dir),
		100*float64(first.Won+first.Lost)/3, first.Won, first.Lost, first.Unknown)
	if !strings.Contains(string(rep), row) || !strings.Contains(string(rep), "--bench "+dir) {
		t.Errorf("report --bench: no row starting %q, or the command is not named:\n%s", row, rep)
	}
	// the same benchmark twice, under one name or two, is refused
	checkOneLineError(t, []string{"report", "--out", md, "--bench", dir, "--bench", dir + string(filepath.Separator)}, exitUsage, "given twice")
	_, errs, code := klondike(t, "bench", "solve", "--from", fastSeed, "--deals", "3", "--budget", "6s", "--out", dir)
	if code != 2 || !strings.Contains(errs, "holds a different experiment") || strings.Count(errs, "\n") != 1 {
		t.Errorf("other budget, same directory: exit %d, stderr %q", code, errs)
	}
}

func TestBenchBadFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"bench", "movegen", "--depth", "0"}, "--depth 0"},
		{[]string{"bench", "movegen", "--deals", "0"}, "--deals 0"},
		{[]string{"bench", "movegen", "--playouts", "-1"}, "--playouts -1"},
		{[]string{"bench", "movegen", "--game", "nope"}, "nope"},
		{[]string{"bench", "movegen", "--game", "klondike-strict", "--draw", "3"}, "draw"},
		{[]string{"bench", "movegen", "--engine", "fast"}, "--engine"},
		{[]string{"bench", "movegen", "--game", "yukon", "--engine", "packed", "--playouts", "0"}, "not any face-up card with what lies on it"},
		{[]string{"bench", "solve", "--deals", "0"}, "--deals 0"},
		{[]string{"bench", "solve", "--workers", "0"}, "--workers 0"},
		{[]string{"bench", "solve", "--budget", "-1s"}, "--budget"},
		{[]string{"bench", "solve", "--mem", "lots"}, "--mem"},
		{[]string{"bench", "solve", "--from", "18446744073709551615", "--deals", "2"}, "2^64"},
		{[]string{"bench", "solve", "--nope"}, "nope"},
		{[]string{"bench", "solve", "--seed-type", "solvitaire", "--from", "-3", "--deals", "5"}, "(--deals at most 3 from -3)"},
		{[]string{"winrate", "--seed-type", "klondike-solver", "--from", "-1", "--deals", "2", "--out", "x"}, "a range of negative numbers ends at -1"},
		{[]string{"report", "--out", "x.md"}, "--bench"},
		{[]string{"report", "--out", "x.md", "--bench", "no/such/dir"}, "no/such/dir"},
	} {
		checkOneLineError(t, tc.args, exitUsage, tc.want)
	}
}
