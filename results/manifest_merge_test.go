package results

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMergeShards: three shards merged equal one unsharded run.
func TestMergeShards(t *testing.T) {
	const deals = 20
	whole := t.TempDir()
	runDir(t, context.Background(), whole, testManifest(t, deals, Whole), nil)
	var dirs []string
	for k := uint64(1); k <= 3; k++ {
		d := t.TempDir()
		runDir(t, context.Background(), d, testManifest(t, deals, Shard{k, 3}), nil)
		dirs = append(dirs, d)
	}
	out := filepath.Join(t.TempDir(), "merged")
	res, err := Merge(out, dirs, false)
	if err != nil {
		t.Fatalf("Merge: %v", err)
	}
	if res.Records != deals || res.Missing != 0 || res.Manifest.Shard != "merged 3 of 3" {
		t.Errorf("Merge = %+v, want %d records, none missing, shard \"merged 3 of 3\"", res, deals)
	}
	checkSame(t, readSorted(t, out), readSorted(t, whole))
	// The file itself is sorted by seed.
	recs, _, _ := ReadRecords(out)
	for i, r := range recs {
		if r.Seed != 100+uint64(i) {
			t.Fatalf("merged record %d is seed %d, want %d", i, r.Seed, 100+i)
		}
	}
	m, err := ReadManifest(out)
	if err != nil {
		t.Fatal(err)
	}
	want := testManifest(t, deals, Whole)
	if field, a, b := Diff(&m, &want, "shard", "workers"); field != "" {
		t.Errorf("merged manifest differs in %s: %s vs %s", field, a, b)
	}
}

// TestMergeRefuses: disagreeing manifests, a seed twice, a seed missing and
// an output directory in use are refused, each naming what is wrong.
func TestMergeRefuses(t *testing.T) {
	const deals = 9
	shard := func(k uint64, maxNodes int64) string {
		d := t.TempDir()
		m := testManifest(t, deals, Shard{k, 3})
		m.MaxNodes = maxNodes
		runDir(t, context.Background(), d, m, nil)
		return d
	}
	s1, s2, s3 := shard(1, 2000), shard(2, 2000), shard(3, 2000)
	other := shard(3, 1000)
	// A partial copy of shard 2: its seeds overlap shard 2's.
	partial := t.TempDir()
	m2, _ := ReadManifest(s2)
	if err := WriteManifest(partial, &m2); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(filepath.Join(s2, RecordsFile))
	lines := strings.SplitAfter(string(data), "\n")
	overlapSeed := readSorted(t, s2)[0].Seed
	for _, l := range lines {
		if strings.Contains(l, `"seed":101,`) {
			os.WriteFile(filepath.Join(partial, RecordsFile), []byte(l), 0o644)
		}
	}
	used := t.TempDir()
	os.WriteFile(filepath.Join(used, ManifestFile), []byte("{}"), 0o644)

	cases := []struct {
		out  string
		dirs []string
		want string
	}{
		{"", []string{s1, s2, other}, "differ in max_nodes: 2000 vs 1000"},
		{"", []string{s1, s2, partial, s3}, "shard 2/3 is given twice"},
		{"", []string{s1, s3}, "seed 101 is missing (3 of 9 seeds missing)"},
		{used, []string{s1, s2, s3}, "already holds manifest.json"},
	}
	if overlapSeed != 101 {
		t.Fatalf("shard 2/3 of 100.. starts at %d, want 101", overlapSeed)
	}
	for _, c := range cases {
		out := c.out
		if out == "" {
			out = filepath.Join(t.TempDir(), "out")
		}
		_, err := Merge(out, c.dirs, false)
		var r *RefusalError
		if !errors.As(err, &r) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Merge: %v, want a refusal saying %q", err, c.want)
		}
		if c.out == "" {
			if _, err := os.Stat(out); err == nil {
				t.Errorf("a refused merge made %s", out)
			}
		}
	}
	res, err := Merge(filepath.Join(t.TempDir(), "out"), []string{s1, s3}, true)
	if err != nil || res.Records != 6 || res.Missing != 3 || res.Manifest.Shard != "merged 2 of 3" {
		t.Errorf("Merge with gaps allowed = %+v, %v; want 6 records, 3 missing, merged 2 of 3", res, err)
	}
}

// TestGroupShards: a report's shards of one run become one row equal to
// the merged run, at the place of the first shard, named by their parent;
// a lone shard, an unsharded run (two of one experiment too) and a shard
// of other budgets stay rows of their own; two shards holding the same
// seed are an error.
func TestGroupShards(t *testing.T) {
	const deals = 12
	parent := t.TempDir()
	var rs []Result
	load := func(d string, m Manifest) Result {
		runDir(t, context.Background(), d, m, nil)
		r, err := LoadResult(d)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	whole := load(t.TempDir(), testManifest(t, deals, Whole))
	rs = append(rs, whole)
	for k := uint64(1); k <= 3; k++ {
		rs = append(rs, load(filepath.Join(parent, fmt.Sprintf("shard-%d", k)), testManifest(t, deals, Shard{k, 3})))
	}
	other := testManifest(t, deals, Shard{1, 2})
	other.MaxNodes = 1234
	rs = append(rs, load(t.TempDir(), other))
	got, err := GroupShards(rs)
	if err != nil {
		t.Fatalf("GroupShards: %v", err)
	}
	if len(got) != 3 {
		t.Fatalf("GroupShards gave %d rows, want 3 (the whole run, the merged shards, the lone shard)", len(got))
	}
	if got[0].Dir != whole.Dir || got[2].Manifest.MaxNodes != 1234 {
		t.Errorf("rows out of order: %s, %s, %s", got[0].Dir, got[1].Dir, got[2].Dir)
	}
	m := got[1]
	if m.Dir != parent || m.Manifest.Shard != "merged 3 of 3" || len(m.Records) != deals {
		t.Errorf("merged row: dir %s, shard %q, %d records; want %s, \"merged 3 of 3\", %d", m.Dir, m.Manifest.Shard, len(m.Records), parent, deals)
	}
	if a, b := m.WinRate(), whole.WinRate(); a != b {
		t.Errorf("merged row's win rate %+v, the whole run's %+v", a, b)
	}
	for i, r := range m.Records {
		if r.Seed != whole.Manifest.From+uint64(i) {
			t.Fatalf("merged record %d is seed %d: not sorted", i, r.Seed)
		}
	}
	// two unsharded runs of one experiment are two rows, not a shard
	// given twice
	again := load(t.TempDir(), testManifest(t, deals, Whole))
	if got, err := GroupShards([]Result{whole, again}); err != nil || len(got) != 2 {
		t.Errorf("two unsharded runs of one experiment: %d rows, err %v; want 2 rows", len(got), err)
	}
	// the same shard twice
	twice := []Result{rs[1], rs[2], rs[1]}
	twice[2].Dir = "copy"
	if _, err := GroupShards(twice); err == nil || !strings.Contains(err.Error(), "is given twice") {
		t.Errorf("a shard given twice: err %v, want one naming the shard", err)
	}
}
