package results

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
)

// RefusalError is a merge refused because of its inputs: manifests that
// disagree, seeds twice, seeds missing, an output directory in use.
type RefusalError struct{ Msg string }

func (e *RefusalError) Error() string { return e.Msg }

func refuse(format string, args ...any) error {
	return &RefusalError{Msg: fmt.Sprintf(format, args...)}
}

// MergeResult says what Merge wrote.
type MergeResult struct {
	Manifest Manifest
	Records  int
	Missing  int // seeds of the range no shard holds (with allowGaps)
}

// Merge combines shard directories into out: their manifests must agree
// in everything but shard and workers, their shards must be parts of one
// n, no seed may be in two of them, and unless allowGaps they must cover
// the whole seed range. A torn last line of a shard is left out, as a
// resumed run would. It writes out/manifest.json (shard "merged k of n",
// workers 0) and out/records.jsonl sorted by seed. out must not hold
// results already.
func Merge(out string, dirs []string, allowGaps bool) (MergeResult, error) {
	var res MergeResult
	if len(dirs) == 0 {
		return res, refuse("no shard directories to merge")
	}
	for _, name := range []string{ManifestFile, RecordsFile} {
		if _, err := os.Stat(filepath.Join(out, name)); err == nil {
			return res, refuse("%s already holds %s: merge into a new directory", out, name)
		}
	}
	ms := make([]Manifest, len(dirs))
	shards := make([]Shard, len(dirs))
	for i, d := range dirs {
		m, err := ReadManifest(d)
		if err != nil {
			return res, err
		}
		sh, err := ParseShard(m.Shard)
		if err != nil {
			return res, refuse("%s: shard %q is not k/n (a merged directory cannot be merged again)", d, m.Shard)
		}
		if len(m.Retries) > 0 {
			return res, refuse("%s has retry passes: merge the shards first, then retry the merged directory", d)
		}
		ms[i], shards[i] = m, sh
		ignore := append([]string{"shard", "workers"}, provenanceFields...)
		if ms[0].Player == m.Player {
			ignore = append(ignore, m.unusedFields()...)
		}
		if field, a, b := Diff(&ms[0], &m, ignore...); field != "" {
			return res, refuse("%s and %s differ in %s: %s vs %s", dirs[0], d, field, a, b)
		}
		if sh.N != shards[0].N {
			return res, refuse("%s and %s differ in shard: %s vs %s are parts of different splits", dirs[0], d, ms[0].Shard, m.Shard)
		}
	}
	m0 := ms[0]
	owner := map[uint64]int{}
	var all []Record
	for i, d := range dirs {
		recs, _, err := ReadRecords(d)
		if err != nil {
			return res, err
		}
		for _, r := range recs {
			if !m0.InRange(r.Seed) || !shards[i].Holds(m0.From, r.Seed) {
				return res, refuse("%s: seed %d is not in its shard %s of seeds %d..%d", d, r.Seed, shards[i], m0.From, m0.From+m0.Deals-1)
			}
			if j, ok := owner[r.Seed]; ok {
				return res, refuse("seed %d is in both %s and %s", r.Seed, dirs[j], d)
			}
			owner[r.Seed] = i
		}
		all = append(all, recs...)
	}
	slices.SortFunc(all, func(a, b Record) int { return cmp.Compare(a.Seed, b.Seed) })
	res.Missing = int(m0.Deals) - len(all)
	if res.Missing > 0 && !allowGaps {
		first := firstMissing(m0.From, all)
		return res, refuse("seed %d is missing (%d of %d seeds missing); run its shard to the end, or pass --allow-gaps",
			first, res.Missing, m0.Deals)
	}
	merged := m0
	merged.Shard = fmt.Sprintf("merged %d of %d", len(dirs), shards[0].N)
	merged.Workers = 0
	for _, m := range ms[1:] {
		for _, b := range append([]string{m.build()}, m.ContinuedBy...) {
			if b != merged.build() && !slices.Contains(merged.ContinuedBy, b) {
				merged.ContinuedBy = append(merged.ContinuedBy, b)
			}
		}
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return res, err
	}
	if err := WriteManifest(out, &merged); err != nil {
		return res, err
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	for _, r := range all {
		if err := enc.Encode(r); err != nil {
			return res, err
		}
	}
	if err := WriteFileAtomic(filepath.Join(out, RecordsFile), buf.Bytes()); err != nil {
		return res, err
	}
	res.Manifest, res.Records = merged, len(all)
	return res, nil
}

// firstMissing is the first seed from `from` on that sorted lacks.
func firstMissing(from uint64, sorted []Record) uint64 {
	want := from
	for _, r := range sorted {
		if r.Seed != want {
			return want
		}
		want++
	}
	return want
}
