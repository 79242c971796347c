package results

import (
	"context"
	"errors"
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
		{"", []string{s1, s2, partial, s3}, "seed 101 is in both"},
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
