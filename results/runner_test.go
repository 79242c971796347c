package results

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/variants"
)

// testManifest is a small draw-3 experiment: deals seeds 100.., 2 workers,
// 2,000 nodes a deal (a few milliseconds each).
func testManifest(t *testing.T, deals uint64, shard Shard) Manifest {
	t.Helper()
	m, err := NewManifest("klondike", engine.Klondike(3, 0), "native", 100, deals, shard, 0, 2000, 0, 2)
	if err != nil {
		t.Fatalf("NewManifest: %v", err)
	}
	return m
}

// runDir runs m into dir and fails the test on an error.
func runDir(t *testing.T, ctx context.Context, dir string, m Manifest, onRecord func(Record)) RunResult {
	t.Helper()
	res, err := Run(ctx, RunOptions{Dir: dir, Manifest: m, OnRecord: onRecord})
	if err != nil {
		t.Fatalf("Run %s: %v", dir, err)
	}
	return res
}

// readSorted reads a directory's records sorted by seed, times zeroed.
func readSorted(t *testing.T, dir string) []Record {
	t.Helper()
	recs, _, err := ReadRecords(dir)
	if err != nil {
		t.Fatalf("ReadRecords: %v", err)
	}
	for i := range recs {
		recs[i].TimeMS = 0
		recs[i].CPUMS = 0
	}
	slices.SortFunc(recs, func(a, b Record) int { return compareSeed(a.Seed, b.Seed) })
	return recs
}

func compareSeed(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// checkSame checks that got holds the same records as want, times aside,
// and that they cover seeds exactly once.
func checkSame(t *testing.T, got, want []Record) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %d records, want %d", len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("record %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
}

// TestRunResume: a run stopped part way and run again gives every seed
// exactly once, with the records of an uninterrupted run. The stop comes
// at the 10th record of 120: the workers go on solving while the records
// wait to be written, and with 40 deals and the stop at the 15th a loaded
// machine once let them finish every deal first (nothing was lost, but
// nothing was interrupted either).
func TestRunResume(t *testing.T) {
	const deals, stopAt = 120, 10
	m := testManifest(t, deals, Whole)
	whole := t.TempDir()
	res := runDir(t, context.Background(), whole, m, nil)
	if res.Interrupted || res.Done != deals || res.Total != deals {
		t.Fatalf("uninterrupted run: %+v", res)
	}
	want := readSorted(t, whole)

	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	res = runDir(t, ctx, dir, m, func(Record) {
		if n++; n == stopAt {
			cancel()
		}
	})
	if !res.Interrupted || res.Done < stopAt || res.Done >= deals {
		t.Fatalf("interrupted run: %+v, want interrupted after %d..%d records", res, stopAt, deals-1)
	}
	part := readSorted(t, dir)
	if len(part) != res.Done {
		t.Fatalf("interrupted run wrote %d records, reported %d", len(part), res.Done)
	}
	res = runDir(t, context.Background(), dir, m, nil)
	if res.Interrupted || res.Resumed != len(part) || res.Done != deals {
		t.Fatalf("second run: %+v, want %d resumed and %d done", res, len(part), deals)
	}
	checkSame(t, readSorted(t, dir), want)
	for i, r := range want {
		if r.Seed != 100+uint64(i) {
			t.Fatalf("record %d is seed %d, want %d", i, r.Seed, 100+i)
		}
	}
}

// TestRunTornLine: half a JSON line at the end of the records (a write cut
// short) is dropped on the next start and its deal solved again.
func TestRunTornLine(t *testing.T) {
	m := testManifest(t, 12, Whole)
	dir := t.TempDir()
	runDir(t, context.Background(), dir, m, nil)
	want := readSorted(t, dir)

	path := filepath.Join(dir, RecordsFile)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	last := lines[len(lines)-2] // the last line; lines ends with ""
	torn := strings.Join(lines[:len(lines)-2], "") + last[:len(last)/2]
	if err := os.WriteFile(path, []byte(torn), 0o644); err != nil {
		t.Fatal(err)
	}
	// Torn is told of the line before any deal is solved
	var tornFile string
	var tornBytes int64
	records := 0
	res, err := Run(context.Background(), RunOptions{Dir: dir, Manifest: m,
		OnRecord: func(Record) { records++ },
		Torn: func(file string, n int64) {
			if records > 0 {
				t.Errorf("Torn called after %d records", records)
			}
			tornFile, tornBytes = file, n
		}})
	if err != nil {
		t.Fatal(err)
	}
	if res.TornBytes != int64(len(last)/2) || res.Resumed != 11 || res.Done != 12 {
		t.Fatalf("after a torn line: %+v, want %d torn bytes, 11 resumed, 12 done", res, len(last)/2)
	}
	if tornFile != path || tornBytes != res.TornBytes {
		t.Errorf("Torn(%q, %d), want (%q, %d)", tornFile, tornBytes, path, res.TornBytes)
	}
	checkSame(t, readSorted(t, dir), want)
	data, _ = os.ReadFile(path)
	if !strings.HasSuffix(string(data), "\n") || strings.Count(string(data), "\n") != 12 {
		t.Errorf("records file after the restart: %d lines, want 12 whole lines", strings.Count(string(data), "\n"))
	}
}

// TestRunManifestMismatch: a directory of another experiment is refused,
// naming the field; another workers count is not a difference.
func TestRunManifestMismatch(t *testing.T) {
	m := testManifest(t, 3, Whole)
	dir := t.TempDir()
	runDir(t, context.Background(), dir, m, nil)

	other := m
	other.MaxNodes = 3000
	_, err := Run(context.Background(), RunOptions{Dir: dir, Manifest: other})
	var mm *MismatchError
	if !errors.As(err, &mm) || mm.Field != "max_nodes" || mm.Have != "2000" || mm.Want != "3000" {
		t.Fatalf("Run with other max nodes: %v, want a mismatch on max_nodes 2000 vs 3000", err)
	}
	other = m
	other.Rules.WorryBack = true
	if _, err := Run(context.Background(), RunOptions{Dir: dir, Manifest: other}); !errors.As(err, &mm) || mm.Field != "rules.WorryBack" || mm.Have != "false" || mm.Want != "true" {
		t.Fatalf("Run with other rules: %v, want a mismatch on rules.WorryBack", err)
	}
	other = m
	other.Workers = 1
	if _, err := Run(context.Background(), RunOptions{Dir: dir, Manifest: other}); err != nil {
		t.Fatalf("Run with other workers: %v", err)
	}
	if got, err := ReadManifest(dir); err != nil || got.Workers != 1 {
		t.Errorf("manifest after a run with 1 worker: %+v, %v; want workers 1", got, err)
	}
}

// TestRunContinuedByAnotherBuild: a run continued by another commit or Go
// version goes on and lists that build once; another solver version is
// refused.
func TestRunContinuedByAnotherBuild(t *testing.T) {
	m := testManifest(t, 4, Whole)
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	runDir(t, ctx, dir, m, func(Record) {
		if n++; n == 2 {
			cancel()
		}
	})
	other := m
	other.Commit, other.GoVersion = "abc123", "go9.9"
	for range 2 {
		if res := runDir(t, context.Background(), dir, other, nil); res.Done != 4 {
			t.Fatalf("continued run: %d of 4 deals done", res.Done)
		}
	}
	got, err := ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got.Commit != m.Commit || len(got.ContinuedBy) != 1 || got.ContinuedBy[0] != "abc123, go9.9" {
		t.Errorf("manifest after a continuation: commit %q, continued by %q; want %q and [abc123, go9.9]",
			got.Commit, got.ContinuedBy, m.Commit)
	}
	other.SolverVersion = "0"
	var mm *MismatchError
	if _, err := Run(context.Background(), RunOptions{Dir: dir, Manifest: other}); !errors.As(err, &mm) || mm.Field != "solver_version" {
		t.Fatalf("Run with another solver version: %v, want a mismatch on solver_version", err)
	}
}

// TestRunPlayerAcrossSolverVersions: a player who never calls the solver
// may continue a run made under another solver version (the manifest keeps
// the first one's); the planner, who calls it, may not.
func TestRunPlayerAcrossSolverVersions(t *testing.T) {
	for _, name := range []string{"greedy", "planner"} {
		m := testManifest(t, 3, Whole)
		m.Player, m.PlayerMemory, m.PlayerVersion = name, "talon", PlayerVersion
		m.PlayerSamples, m.PlayerNodes = 1, 100
		dir := t.TempDir()
		ctx, cancel := context.WithCancel(context.Background())
		runDir(t, ctx, dir, m, func(Record) { cancel() })
		other := m
		other.SolverVersion = "0"
		_, err := Run(context.Background(), RunOptions{Dir: dir, Manifest: other})
		var mm *MismatchError
		switch {
		case name == "planner" && (!errors.As(err, &mm) || mm.Field != "solver_version"):
			t.Errorf("planner run continued under another solver version: %v, want a mismatch on solver_version", err)
		case name != "planner" && err != nil:
			t.Errorf("%s run not continued under another solver version: %v", name, err)
		case name != "planner":
			got, err := ReadManifest(dir)
			if err != nil {
				t.Fatal(err)
			}
			if got.SolverVersion != m.SolverVersion {
				t.Errorf("%s: manifest's solver version %q after the continuation, want the first run's %q", name, got.SolverVersion, m.SolverVersion)
			}
		}
	}
}

// TestRunAcrossSameSearch: a run continued by a solver version that
// searches its rules node for node as the run's own (SameSearch) goes on,
// keeps the first version and lists the build with its version; a version
// that changed the rules' search is refused. Klondike draw 3 without
// worrying back: versions 57 and 58 changed only games with it, 56 every
// one-deck game.
func TestRunAcrossSameSearch(t *testing.T) {
	m := testManifest(t, 3, Whole)
	m.SolverVersion = "57"
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	runDir(t, ctx, dir, m, func(Record) { cancel() })
	other := m
	other.SolverVersion, other.Commit = "58", "abc123"
	if res := runDir(t, context.Background(), dir, other, nil); res.Done != 3 {
		t.Fatalf("continued run: %d of 3 deals done", res.Done)
	}
	got, err := ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := "abc123, " + m.GoVersion + ", solver v58"
	if got.SolverVersion != "57" || len(got.ContinuedBy) != 1 || got.ContinuedBy[0] != want {
		t.Errorf("manifest after the continuation: solver v%s, continued by %q; want v57 and [%s]", got.SolverVersion, got.ContinuedBy, want)
	}
	other.SolverVersion = "56"
	var mm *MismatchError
	if _, err := Run(context.Background(), RunOptions{Dir: dir, Manifest: other}); err != nil {
		t.Errorf("continued by version 56: %v", err)
	}
	other.SolverVersion = "55"
	if _, err := Run(context.Background(), RunOptions{Dir: dir, Manifest: other}); !errors.As(err, &mm) || mm.Field != "solver_version" {
		t.Errorf("continued by version 55, which searches one-deck games otherwise: %v, want a mismatch on solver_version", err)
	}
}

// TestSameSearch checks SameSearch against SolverVersion's history.
func TestSameSearch(t *testing.T) {
	_, dk, err := variants.Resolve("double-klondike", variants.Options{})
	if err != nil {
		t.Fatal(err)
	}
	_, strict, err := variants.Resolve("klondike-strict", variants.Options{})
	if err != nil {
		t.Fatal(err)
	}
	d3, d3wb := engine.Klondike(3, 0), engine.Klondike(3, 0)
	d3wb.WorryBack = true
	for _, c := range []struct {
		a, b string
		r    *engine.Rules
		want bool
	}{
		{"58", "58", &d3wb, true},
		{"12", "12", &d3wb, true},
		{"55", "58", &dk, true}, // two decks: 56 to 58 changed one-deck games only
		{"58", "55", &dk, true},
		{"54", "58", &dk, false}, // before sameSearchFrom
		{"58", "59", &dk, false}, // 59 changed the two-deck beams' ties
		{"56", "59", &d3, true},  // and nothing of one-deck games
		{"58", "59", &d3wb, true},
		{"55", "60", &d3, false}, // a version this build does not know
		{"55", "56", &strict, false},
		{"56", "58", &d3, true},
		{"56", "57", &d3wb, false},
		{"57", "58", &d3wb, false},
		{"55", "x", &dk, false},
	} {
		if got := SameSearch(c.a, c.b, c.r); got != c.want {
			t.Errorf("SameSearch(%s, %s, %d decks, worrying back %v) = %v, want %v", c.a, c.b, c.r.Decks, c.r.WorryBack, got, c.want)
		}
	}
}

// TestRunGrow: --grow extends a finished range, solving only the new
// seeds, and the result equals one run of the larger range; without grow a
// larger range is refused, and grow never shrinks one.
func TestRunGrow(t *testing.T) {
	small, big := testManifest(t, 3, Whole), testManifest(t, 6, Whole)
	dir := t.TempDir()
	runDir(t, context.Background(), dir, small, nil)
	var mm *MismatchError
	if _, err := Run(context.Background(), RunOptions{Dir: dir, Manifest: big}); !errors.As(err, &mm) || mm.Field != "deals" {
		t.Fatalf("Run of 6 deals on a 3-deal directory: %v, want a mismatch on deals", err)
	}
	var solved []uint64
	res, err := Run(context.Background(), RunOptions{Dir: dir, Manifest: big, Grow: true,
		OnRecord: func(r Record) { solved = append(solved, r.Seed) }})
	if err != nil {
		t.Fatalf("Run with grow: %v", err)
	}
	slices.Sort(solved)
	if res.Done != 6 || res.Resumed != 3 || !slices.Equal(solved, []uint64{103, 104, 105}) {
		t.Errorf("grown run: done %d, resumed %d, solved %v; want 6, 3, [103 104 105]", res.Done, res.Resumed, solved)
	}
	if got, err := ReadManifest(dir); err != nil || got.Deals != 6 {
		t.Errorf("manifest after growing: %+v, %v; want 6 deals", got, err)
	}
	whole := t.TempDir()
	runDir(t, context.Background(), whole, big, nil)
	if a, b := readSorted(t, dir), readSorted(t, whole); !slices.Equal(a, b) {
		t.Errorf("grown directory's records differ from one run's:\n%v\n%v", a, b)
	}
	if _, err := Run(context.Background(), RunOptions{Dir: dir, Manifest: small, Grow: true}); !errors.As(err, &mm) || mm.Field != "deals" {
		t.Errorf("Run with grow to fewer deals: %v, want a mismatch on deals", err)
	}
	moved := big
	moved.From = 50
	if _, err := Run(context.Background(), RunOptions{Dir: dir, Manifest: moved, Grow: true}); !errors.As(err, &mm) || mm.Field != "from" {
		t.Errorf("Run with grow from another first seed: %v, want a mismatch on from", err)
	}
}

// TestRunRefusesBadRecords: a seed twice, or a seed not in the shard, is
// refused with an error naming it.
func TestRunRefusesBadRecords(t *testing.T) {
	m := testManifest(t, 6, Shard{2, 3})
	cases := []struct{ records, want string }{
		{`{"seed":101,"verdict":"won","time_ms":1,"nodes":5,"states":5,"table_bytes":0,"solution_len":3}` + "\n" +
			`{"seed":101,"verdict":"won","time_ms":1,"nodes":5,"states":5,"table_bytes":0,"solution_len":3}` + "\n",
			"seed 101 appears twice"},
		{`{"seed":102,"verdict":"won","time_ms":1,"nodes":5,"states":5,"table_bytes":0,"solution_len":3}` + "\n",
			"seed 102 is not in shard 2/3"},
		{`{"seed":101,"verdict":"maybe"}` + "\n", `verdict "maybe"`},
	}
	for _, c := range cases {
		dir := t.TempDir()
		if err := WriteManifest(dir, &m); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, RecordsFile), []byte(c.records), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Run(context.Background(), RunOptions{Dir: dir, Manifest: m})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Run on %q: error %v, want one saying %q", c.records, err, c.want)
		}
	}
}

func TestShard(t *testing.T) {
	cases := []struct {
		s           string
		from, deals uint64
		want        []uint64
	}{
		{"1/1", 5, 3, []uint64{5, 6, 7}},
		{"1/3", 10, 7, []uint64{10, 13, 16}},
		{"3/3", 10, 7, []uint64{12, 15}},
		{"3/3", 10, 2, nil},
	}
	for _, c := range cases {
		sh, err := ParseShard(c.s)
		if err != nil {
			t.Fatalf("ParseShard(%q): %v", c.s, err)
		}
		if got := sh.Seeds(c.from, c.deals); !slices.Equal(got, c.want) {
			t.Errorf("shard %s of %d+%d: %v, want %v", c.s, c.from, c.deals, got, c.want)
		}
		for _, s := range c.want {
			if !sh.Holds(c.from, s) {
				t.Errorf("shard %s does not hold %d", c.s, s)
			}
		}
	}
	for _, bad := range []string{"0/3", "4/3", "3", "a/b", "1/0", ""} {
		if _, err := ParseShard(bad); err == nil {
			t.Errorf("ParseShard(%q) = nil error", bad)
		}
	}
}

// TestCompressRecords compresses a finished run: the records read back the
// same, a new run refuses the directory, and an unfinished run is not
// compressed.
func TestCompressRecords(t *testing.T) {
	dir := t.TempDir()
	m, err := NewManifest("klondike", engine.Klondike(3, 0), "native", 0, 6, Whole, 0, 2000, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	part := m
	if _, err := Run(context.Background(), RunOptions{Dir: dir, Manifest: part}); err != nil {
		t.Fatal(err)
	}
	before, _, err := ReadRecords(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := CompressRecords(dir); err != nil {
		t.Fatal(err)
	}
	after, _, err := ReadRecords(dir)
	if err != nil || !reflect.DeepEqual(before, after) {
		t.Fatalf("records after compressing differ (%v)", err)
	}
	if _, err := os.Stat(filepath.Join(dir, RecordsFile)); !errors.Is(err, os.ErrNotExist) {
		t.Fatal("the plain records file is still there")
	}
	if _, err := Run(context.Background(), RunOptions{Dir: dir, Manifest: m}); err == nil {
		t.Fatal("a run added to a compressed directory")
	}
	// An unfinished directory is refused.
	dir2 := t.TempDir()
	m2 := m
	m2.Deals = 6
	recs := before[:3]
	if err := WriteManifest(dir2, &m2); err != nil {
		t.Fatal(err)
	}
	var b []byte
	for _, r := range recs {
		line, _ := json.Marshal(r)
		b = append(append(b, line...), '\n')
	}
	if err := os.WriteFile(filepath.Join(dir2, RecordsFile), b, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := CompressRecords(dir2); err == nil {
		t.Fatal("an unfinished directory was compressed")
	}
}

// TestKindMismatch: a directory of one kind of experiment (deals solved,
// a player's games, a winnable search) continued as another is refused
// naming both kinds, not the first field in which they differ.
func TestKindMismatch(t *testing.T) {
	dir := t.TempDir()
	runDir(t, context.Background(), dir, testManifest(t, 4, Shard{1, 1}), nil)
	m := testManifest(t, 4, Shard{1, 1})
	m.Player = "greedy"
	_, err := Run(context.Background(), RunOptions{Dir: dir, Manifest: m})
	var me *MismatchError
	if !errors.As(err, &me) || me.Field != "kind" || !strings.Contains(err.Error(), "deals solved (klondike winrate) there, games of a player") {
		t.Errorf("a player's run into a solved run's directory: %v", err)
	}
}
