package results

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/solver"
)

// retryBase runs a draw-3 experiment of 20 deals with 300 nodes each,
// which leaves most of them unknown, into a new directory.
func retryBase(t *testing.T, shard Shard) (string, Manifest) {
	t.Helper()
	m, err := NewManifest("klondike", engine.Klondike(3, 0), "native", 100, 20, shard, 0, 300, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	runDir(t, context.Background(), dir, m, nil)
	return dir, m
}

func retry(t *testing.T, ctx context.Context, dir string, nodes int64, progress func(Progress)) RetryResult {
	t.Helper()
	res, err := RunRetry(ctx, RetryOptions{Dir: dir, MaxNodes: nodes, Workers: 2, FlushRecords: 1, Progress: progress})
	if err != nil {
		t.Fatalf("RunRetry: %v", err)
	}
	return res
}

// TestRetry: a retry pass solves exactly the unknown deals again with its
// budget, survives an interrupt and a torn line without losing or
// repeating a deal, and LoadResult gives each retried deal its new verdict
// with the passes' nodes added up.
func TestRetry(t *testing.T) {
	dir, _ := retryBase(t, Shard{1, 1})
	base := readSorted(t, dir)
	var unknown []uint64
	for _, r := range base {
		if r.Verdict == "unknown" {
			unknown = append(unknown, r.Seed)
		}
	}
	if len(unknown) < 5 {
		t.Fatalf("the base run left %d deals unknown; the test needs 5 or more", len(unknown))
	}
	const nodes = 50_000

	// interrupted after two deals
	ctx, cancel := context.WithCancel(context.Background())
	res := retry(t, ctx, dir, nodes, func(p Progress) {
		if p.Done-p.Resumed >= 2 {
			cancel()
		}
	})
	if !res.New || res.Pass != 1 || !res.Interrupted || res.Total != len(unknown) {
		t.Fatalf("interrupted pass: %+v, want pass 1, new, interrupted, %d deals", res, len(unknown))
	}
	// a torn last line is dropped and its deal solved again
	f, err := os.OpenFile(filepath.Join(dir, RetryFile(1)), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(`{"seed":1`)
	f.Close()
	// another budget is refused while pass 1 is unfinished
	if _, err := RunRetry(context.Background(), RetryOptions{Dir: dir, MaxNodes: 2 * nodes}); err == nil || !strings.Contains(err.Error(), "finish it first") {
		t.Fatalf("a new pass over an unfinished one: err %v, want a refusal", err)
	}
	part, _, err := readRetry(dir, 1)
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("unknowns again (%d of %d; the pass is not complete): 50000 nodes", len(part), len(unknown))
	if lr, err := LoadResult(dir); err != nil || !strings.Contains(reportRow(&lr, Summarise(lr.Records)), want) {
		t.Errorf("report row of an unfinished pass: %q (err %v), want %q", reportRow(&lr, Summarise(lr.Records)), err, want)
	}
	// status names the unfinished pass, not "done"
	wantStatus := fmt.Sprintf(", retry pass 1 at %d of its %d deals", len(part), len(unknown))
	if st, err := ReadStatus([]string{dir}); err != nil || st.RetryPass != 1 || !strings.Contains(st.Line(), wantStatus) {
		t.Errorf("status of an unfinished pass: %+v, %q (err %v), want pass 1 and %q", st, st.Line(), err, wantStatus)
	}
	// and the pass's own pace: its mean time a deal, and the core time its
	// deals left take at that mean (two workers: no CPU times)
	if len(part) == 0 {
		t.Fatal("the interrupted pass recorded no deal")
	}
	var passMS float64
	for _, r := range part {
		passMS += r.TimeMS
	}
	mean := passMS / float64(len(part))
	left := time.Duration(float64(len(unknown)-len(part)) * mean * float64(time.Millisecond))
	wantPace := fmt.Sprintf(" (%s a deal, %s core time left)", formatMS(mean), formatDuration(left))
	if st, _ := ReadStatus([]string{dir}); !strings.HasSuffix(st.Line(), wantPace) {
		t.Errorf("status of an unfinished pass: %q, want it to end %q", st.Line(), wantPace)
	}
	res = retry(t, context.Background(), dir, nodes, nil)
	if res.New || res.Pass != 1 || res.Interrupted || res.Done != len(unknown) || res.TornBytes == 0 {
		t.Fatalf("continued pass: %+v, want pass 1 finished with %d deals and a torn line dropped", res, len(unknown))
	}
	pass, _, err := readRetry(dir, 1)
	if err != nil {
		t.Fatalf("reading pass 1: %v", err)
	}
	if len(pass) != len(unknown) {
		t.Fatalf("pass 1 holds %d records, want %d", len(pass), len(unknown))
	}
	if st, err := ReadStatus([]string{dir}); err != nil || st.RetryPass != 0 || !strings.HasSuffix(st.Line(), ", done") {
		t.Errorf("status of a finished pass: %+v, %q (err %v), want done", st, st.Line(), err)
	}

	// each retry record is a solve of its deal with the pass's budget
	g := engine.MustGame(engine.Klondike(3, 0))
	dm := Manifest{Game: "klondike", Rules: g.Rules, SeedType: "native"}
	deal, err := dm.Dealer()
	if err != nil {
		t.Fatal(err)
	}
	byseed := map[uint64]Record{}
	for _, r := range pass {
		want, err := SolveOne(context.Background(), g, deal, r.Seed, solver.Options{MaxNodes: nodes, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		if r.Verdict != want.Verdict || r.Nodes != want.Nodes {
			t.Errorf("seed %d: retried %s after %d nodes, a solve with %d nodes gives %s after %d", r.Seed, r.Verdict, r.Nodes, nodes, want.Verdict, want.Nodes)
		}
		byseed[r.Seed] = r
	}

	// what report and claims read
	lr, err := LoadResult(dir)
	if err != nil {
		t.Fatalf("LoadResult: %v", err)
	}
	if len(lr.Records) != len(base) {
		t.Fatalf("LoadResult: %d records, want %d", len(lr.Records), len(base))
	}
	first := map[uint64]Record{}
	for _, r := range base {
		first[r.Seed] = r
	}
	decided := 0
	for _, r := range lr.Records {
		b := first[r.Seed]
		p, retried := byseed[r.Seed]
		switch {
		case !retried && (r.Verdict != b.Verdict || r.Nodes != b.Nodes):
			t.Errorf("seed %d not retried but changed: %+v, was %+v", r.Seed, r, b)
		case retried && (r.Verdict != p.Verdict || r.Nodes != b.Nodes+p.Nodes):
			t.Errorf("seed %d: %s after %d nodes, want the pass's %s after %d+%d", r.Seed, r.Verdict, r.Nodes, p.Verdict, b.Nodes, p.Nodes)
		}
		if retried && r.Verdict != "unknown" {
			decided++
		}
	}
	if decided == 0 {
		t.Errorf("the retry with %d nodes decided none of %d deals", nodes, len(unknown))
	}

	// the first pass is closed; the report names the retry's budget
	if _, err := Run(context.Background(), RunOptions{Dir: dir, Manifest: lr.Manifest}); err == nil || !strings.Contains(err.Error(), "closed") {
		t.Errorf("winrate over a retried directory: err %v, want a refusal", err)
	}
	row := reportRow(&lr, Summarise(lr.Records))
	for _, w := range []string{"300 nodes; unknowns again: 50000 nodes", "| v" + SolverVersion + "; retried v" + SolverVersion + " |"} {
		if !strings.Contains(row, w) {
			t.Errorf("report row %q lacks %q", row, w)
		}
	}
}

// TestRetryRefusals: a retry needs a finished thoughtful experiment and a
// search unlike the pass before's; shards are retried after merging.
func TestRetryRefusals(t *testing.T) {
	dir, _ := retryBase(t, Shard{1, 1})
	for _, n := range []int64{300, 200} {
		if _, err := RunRetry(context.Background(), RetryOptions{Dir: dir, MaxNodes: n}); err == nil || !strings.Contains(err.Error(), "needs a larger budget") {
			t.Errorf("a retry with %d nodes after a pass with 300: err %v, want a refusal", n, err)
		}
	}

	m, err := NewManifest("klondike", engine.Klondike(3, 0), "native", 100, 20, Shard{1, 1}, 0, 300, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	part := t.TempDir()
	m.Deals = 5
	runDir(t, context.Background(), part, m, nil)
	m.Deals = 20
	if err := WriteManifest(part, &m); err != nil {
		t.Fatal(err)
	}
	if _, err := RunRetry(context.Background(), RetryOptions{Dir: part, MaxNodes: 5000}); err == nil || !strings.Contains(err.Error(), "5 of 20 deals") {
		t.Errorf("a retry of an unfinished experiment: err %v, want a refusal", err)
	}

	// A shard is refused before anything is written, so it still merges
	// (finding 4 of issue 23: it was retried as "0 of 0 deals" and then
	// could not be merged).
	a, _ := retryBase(t, Shard{1, 2})
	b, _ := retryBase(t, Shard{2, 2})
	before, err := os.ReadFile(filepath.Join(a, ManifestFile))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := RunRetry(context.Background(), RetryOptions{Dir: a, MaxNodes: 5000}); err == nil || !strings.Contains(err.Error(), "merge the shards first") {
		t.Errorf("a retry of shard 1/2: err %v, want a refusal", err)
	}
	if after, err := os.ReadFile(filepath.Join(a, ManifestFile)); err != nil || !bytes.Equal(after, before) {
		t.Errorf("the refused retry changed the shard's manifest (%v)", err)
	}
	if _, err := os.Stat(filepath.Join(a, RetryFile(1))); err == nil {
		t.Errorf("the refused retry wrote %s", RetryFile(1))
	}
	merged := filepath.Join(t.TempDir(), "m")
	if _, err := Merge(merged, []string{a, b}, false); err != nil {
		t.Errorf("merging the shards after a refused retry: %v", err)
	}
	if _, err := RunRetry(context.Background(), RetryOptions{Dir: merged, MaxNodes: 5000}); err != nil {
		t.Errorf("retrying the merged shards: %v", err)
	}
	// Merged with a shard missing: retry and compress say how to finish
	// it (winrate cannot continue a merged directory).
	gaps := filepath.Join(t.TempDir(), "g")
	if _, err := Merge(gaps, []string{b}, true); err != nil {
		t.Fatal(err)
	}
	for what, err := range map[string]error{
		"retry": func() error {
			_, err := RunRetry(context.Background(), RetryOptions{Dir: gaps, MaxNodes: 5000})
			return err
		}(),
		"compress": CompressRecords(gaps),
	} {
		if err == nil || !strings.Contains(err.Error(), "merged with 10 of its 20 seeds missing") || !strings.Contains(err.Error(), "without --allow-gaps") {
			t.Errorf("%s of a directory merged with gaps: err %v, want how to finish it", what, err)
		}
	}
	// A shard retried by an earlier build is not merged.
	ma, err := ReadManifest(a)
	if err != nil {
		t.Fatal(err)
	}
	ma.Retries = append(ma.Retries, Retry{Budget: "0s", MaxNodes: 5000, SolverVersion: SolverVersion})
	if err := WriteManifest(a, &ma); err != nil {
		t.Fatal(err)
	}
	if _, err := Merge(filepath.Join(t.TempDir(), "m"), []string{a, b}, false); err == nil || !strings.Contains(err.Error(), "retry passes") {
		t.Errorf("merging a retried shard: err %v, want a refusal", err)
	}
}

// TestRetryAcrossSameSearch: a retry pass is a new search only under a
// larger budget or a solver version that searches the game otherwise
// (SameSearch); a pass under a version that searches it alike is finished
// by such a build, which is listed with its version; merged shards name
// each build's version where it is not the merged run's.
func TestRetryAcrossSameSearch(t *testing.T) {
	setVersion := func(dir, v string, continued ...string) {
		t.Helper()
		m, err := ReadManifest(dir)
		if err != nil {
			t.Fatal(err)
		}
		m.SolverVersion, m.ContinuedBy = v, continued
		if err := WriteManifest(dir, &m); err != nil {
			t.Fatal(err)
		}
	}
	// draw 3 without worrying back: versions 57 and 58 search it alike,
	// 55 and 58 do not (56 changed every one-deck game)
	dir, _ := retryBase(t, Shard{1, 1})
	setVersion(dir, "57")
	if _, err := RunRetry(context.Background(), RetryOptions{Dir: dir, MaxNodes: 300}); err == nil || !strings.Contains(err.Error(), "needs a larger budget") {
		t.Errorf("a retry with the first pass's budget under a version that searches alike: err %v, want a refusal", err)
	}
	setVersion(dir, "55")
	if _, err := RunRetry(context.Background(), RetryOptions{Dir: dir, MaxNodes: 300}); err != nil {
		t.Errorf("a retry with the first pass's budget under a version that searches otherwise: %v", err)
	}

	// a pass begun under version 57 is finished by this build's 58
	dir, _ = retryBase(t, Shard{1, 1})
	m, err := ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	m.Retries = []Retry{{Budget: "0s", MaxNodes: 5000, SolverVersion: "57", GoVersion: "go9.9", Commit: "abc"}}
	if err := WriteManifest(dir, &m); err != nil {
		t.Fatal(err)
	}
	if _, err := RunRetry(context.Background(), RetryOptions{Dir: dir, MaxNodes: 5000}); err != nil {
		t.Fatalf("finishing a pass of version 57: %v", err)
	}
	if m, err = ReadManifest(dir); err != nil {
		t.Fatal(err)
	}
	want := Commit() + ", " + runtime.Version() + ", solver v" + SolverVersion
	if len(m.Retries) != 1 || !slices.Equal(m.Retries[0].ContinuedBy, []string{want}) {
		t.Errorf("passes after finishing one of version 57: %+v, want one continued by %q", m.Retries, want)
	}

	// shard 1 by version 57; shard 2 by 58, continued by another 58 build
	a, _ := retryBase(t, Shard{1, 2})
	b, _ := retryBase(t, Shard{2, 2})
	setVersion(a, "57")
	setVersion(b, "58", "ccc, go9.9")
	merged := filepath.Join(t.TempDir(), "m")
	if _, err := Merge(merged, []string{a, b}, false); err != nil {
		t.Fatalf("merging shards of versions 57 and 58: %v", err)
	}
	if m, err = ReadManifest(merged); err != nil {
		t.Fatal(err)
	}
	if m.SolverVersion != "57" || !slices.Contains(m.ContinuedBy, "ccc, go9.9, solver v58") || slices.Contains(m.ContinuedBy, "ccc, go9.9") {
		t.Errorf("merged manifest: solver v%s, continued by %q; want v57 and ccc named with v58", m.SolverVersion, m.ContinuedBy)
	}
}
