package results

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/klondike-family/klondike/engine"
)

// FuzzReadRecords feeds arbitrary bytes to the records reader, as a
// records file that a crash, a full disk or a hand edit left behind: it
// never panics; what it accepts is whole lines (a torn last line left
// out) with no seed twice, and reading the file cut to the good length
// gives the same records, as a resumed run would see them.
func FuzzReadRecords(f *testing.F) {
	f.Add([]byte(`{"seed":3,"verdict":"won","time_ms":1.5,"nodes":10,"states":10,"table_bytes":100,"solution_len":90}` + "\n"))
	f.Add([]byte(`{"seed":3,"verdict":"lost","time_ms":1,"nodes":1,"states":1,"table_bytes":1,"solution_len":0}` + "\n" + `{"seed":4,"verd`))
	f.Add([]byte(`{"seed":3,"verdict":"won"}` + "\n" + `{"seed":3,"verdict":"won"}` + "\n"))
	f.Add([]byte("\n\n"))
	f.Add([]byte(`{"seed":1,"verdict":"unknown","play":{"end":"limit","cards":8,"moves":20000,"score":8,"vegas":-64,"till_dawn":-80}}` + "\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		path := filepath.Join(dir, RecordsFile)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		recs, good, err := ReadRecords(dir)
		if err != nil {
			return
		}
		if good < 0 || good > int64(len(data)) || (good > 0 && data[good-1] != '\n') {
			t.Fatalf("good length %d of %d bytes", good, len(data))
		}
		if i := bytes.LastIndexByte(data, '\n'); int64(i+1) != good {
			t.Fatalf("good length %d, but the last newline ends at %d", good, i+1)
		}
		seeds := make([]uint64, len(recs))
		for i, r := range recs {
			seeds[i] = r.Seed
		}
		slices.Sort(seeds)
		if len(slices.Compact(seeds)) != len(recs) {
			t.Fatalf("a seed twice among %d records", len(recs))
		}
		if err := os.WriteFile(path, data[:good], 0o644); err != nil {
			t.Fatal(err)
		}
		again, good2, err := ReadRecords(dir)
		if err != nil || good2 != good || len(again) != len(recs) {
			t.Fatalf("cut to its good length: %d records, good %d, %v; before %d records, good %d", len(again), good2, err, len(recs), good)
		}
	})
}

// FuzzReadManifest feeds arbitrary bytes to the manifest reader: an
// error or a manifest, never a panic.
func FuzzReadManifest(f *testing.F) {
	if data, err := os.ReadFile(filepath.Join("testdata", "report", "d3", ManifestFile)); err == nil {
		f.Add(data)
	}
	f.Add([]byte(`{"game":"klondike","from":0,"deals":10}`))
	f.Add([]byte(`{"game":"klondike","deals":-1}`))
	f.Add([]byte(`{"game":"klondike","` + strings.Repeat("x", 1000) + `":1}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, ManifestFile), data, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := ReadManifest(dir); err != nil && len(err.Error()) > 200+len(dir) {
			t.Fatalf("error of %d bytes: %.300s", len(err.Error()), err)
		}
	})
}

// FuzzReadMatchRecords feeds arbitrary bytes to the reader of a match's
// records: an error or records with no seed twice, never a panic.
func FuzzReadMatchRecords(f *testing.F) {
	f.Add([]byte(`{"seed":1,"players":["greedy","greedy"],"slots":[0,1],"places":[1,2],"cards":[104,50],"winner":1,"end":"out"}` + "\n"))
	f.Add([]byte("{}\n{"))
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, MatchRecordsFile), data, 0o644); err != nil {
			t.Fatal(err)
		}
		recs, good, err := ReadMatchRecords(dir)
		if err != nil {
			return
		}
		if good < 0 || good > int64(len(data)) {
			t.Fatalf("good length %d of %d bytes", good, len(data))
		}
		seen := map[uint64]bool{}
		for _, r := range recs {
			if seen[r.Seed] {
				t.Fatalf("seed %d twice", r.Seed)
			}
			seen[r.Seed] = true
		}
	})
}

// FuzzReadMatchManifest feeds arbitrary bytes to the reader of a match's
// manifest and to IsMatchDir: an error or a manifest, never a panic.
func FuzzReadMatchManifest(f *testing.F) {
	f.Add([]byte(`{"kind":"match","mode":"turns","players":["greedy","greedy"],"from":0,"games":10}`))
	f.Add([]byte(`{"kind":"winrate"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, ManifestFile), data, 0o644); err != nil {
			t.Fatal(err)
		}
		_ = IsMatchDir(dir)
		_, _ = ReadMatchManifest(dir)
	})
}

// FuzzLoadResult gives LoadResult (what report, claims and bench read) a
// good manifest with arbitrary records and an arbitrary retry pass: an
// error, or records each in the range with no seed twice, never a panic.
func FuzzLoadResult(f *testing.F) {
	rec := `{"seed":3,"verdict":"unknown","time_ms":1,"nodes":10,"states":10,"table_bytes":100,"solution_len":0}` + "\n"
	f.Add([]byte(rec), []byte(`{"seed":3,"verdict":"won","time_ms":1,"nodes":10,"states":10,"table_bytes":100,"solution_len":90}`+"\n"))
	f.Add([]byte(rec+`{"seed":99,"verdict":"won"}`+"\n"), []byte(nil))
	f.Fuzz(func(t *testing.T, records, retry []byte) {
		dir := t.TempDir()
		m := Manifest{Game: "klondike", Rules: engine.Klondike(3, 0), SeedType: "native", From: 0, Deals: 10, Shard: "1/1", Budget: "0s",
			MaxNodes: 300, SolverVersion: SolverVersion}
		if len(retry) > 0 {
			m.Retries = []Retry{{Budget: "0s", MaxNodes: 3000, SolverVersion: SolverVersion}}
			if err := os.WriteFile(filepath.Join(dir, RetryFile(1)), retry, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if err := WriteManifest(dir, &m); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, RecordsFile), records, 0o644); err != nil {
			t.Fatal(err)
		}
		r, err := LoadResult(dir)
		if err != nil {
			return
		}
		seen := map[uint64]bool{}
		for _, rec := range r.Records {
			if !m.InRange(rec.Seed) || seen[rec.Seed] {
				t.Fatalf("seed %d out of range or twice", rec.Seed)
			}
			seen[rec.Seed] = true
		}
		_ = r.WinRate()
	})
}
