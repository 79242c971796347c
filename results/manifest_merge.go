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
	if err := refuseFull(out, ManifestFile, RecordsFile); err != nil {
		return res, err
	}
	unlock, err := lockDirs(dirs)
	if err != nil {
		return res, err
	}
	defer unlock()
	parts := make([]Result, len(dirs))
	for i, d := range dirs {
		m, err := readRunManifest(d)
		if err != nil {
			return res, err
		}
		if len(m.Retries) > 0 {
			return res, refuse("%s has retry passes: merge the shards first, then retry the merged directory", d)
		}
		recs, _, err := ReadRecords(d)
		if err != nil {
			return res, err
		}
		parts[i] = Result{Dir: d, Manifest: m, Records: recs}
	}
	merged, err := mergeShards(parts)
	if err != nil {
		return res, err
	}
	m0 := &merged.Manifest
	res.Missing = int(m0.Deals) - len(merged.Records)
	if res.Missing > 0 && !allowGaps {
		first := firstMissing(m0.From, merged.Records, func(r *Record) uint64 { return r.Seed })
		return res, refuse("seed %d is missing (%d of %d seeds missing); run its shard to the end, or pass --allow-gaps",
			first, res.Missing, m0.Deals)
	}
	unlockOut, err := lockDir(out, true)
	if err != nil {
		return res, err
	}
	defer unlockOut()
	if err := refuseFull(out, ManifestFile, RecordsFile); err != nil {
		return res, err // another merge wrote it meanwhile
	}
	if err := WriteManifest(out, m0); err != nil {
		return res, err
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	for _, r := range merged.Records {
		if err := enc.Encode(r); err != nil {
			return res, err
		}
	}
	if err := WriteFileAtomic(filepath.Join(out, RecordsFile), buf.Bytes()); err != nil {
		return res, err
	}
	res.Manifest, res.Records = *m0, len(merged.Records)
	return res, nil
}

// mergeShards joins shards read back (each Manifest.Shard k/n) into one
// result: the rules of Merge, without writing. Its manifest's shard is
// "merged k of n" (k the shards joined), its workers 0, the other builds
// in ContinuedBy; its records are sorted by seed. Shards with retry
// passes are joined when their passes agree (the records already carry
// the passes' verdicts, and Passes adds up their counts).
func mergeShards(parts []Result) (Result, error) {
	m0 := &parts[0].Manifest
	shards, err := joinableShards(len(parts), func(i int) (string, string) { return parts[i].Dir, parts[i].Manifest.Shard },
		func(i int) (string, string, string) { return shardDiff(m0, &parts[i].Manifest) })
	if err != nil {
		return Result{}, err
	}
	// Each part's records hold no seed twice (ReadRecords refuses it), each
	// lies in its part's shard, and no shard is given twice: so no seed is
	// in two parts.
	var all []Record
	for i := range parts {
		d := parts[i].Dir
		for _, r := range parts[i].Records {
			if !m0.InRange(r.Seed) || !shards[i].Holds(m0.From, r.Seed) {
				return Result{}, refuse("%s: seed %d is not in its shard %s of seeds %d..%d", d, r.Seed, shards[i], m0.From, m0.From+m0.Deals-1)
			}
		}
		all = append(all, parts[i].Records...)
	}
	slices.SortFunc(all, func(a, b Record) int { return cmp.Compare(a.Seed, b.Seed) })
	merged := *m0
	merged.Shard = fmt.Sprintf("merged %d of %d", len(parts), shards[0].N)
	merged.Workers = 0
	merged.ContinuedBy = slices.Clone(m0.ContinuedBy)
	for i := range parts[1:] {
		m := &parts[i+1].Manifest
		for _, b := range m.builds(m0) {
			if b != merged.build() && !slices.Contains(merged.ContinuedBy, b) {
				merged.ContinuedBy = append(merged.ContinuedBy, b)
			}
		}
	}
	var passes []PassCount
	for i := range parts {
		for k, p := range parts[i].Passes {
			if k == len(passes) {
				passes = append(passes, PassCount{})
			}
			if p.Done > 0 && p.CPUMS <= 0 || passes[k].Done > 0 && passes[k].CPUMS <= 0 {
				passes[k].CPUMS, p.CPUMS = 0, 0 // one part's pass without CPU times: the sum is not known
			}
			passes[k].Done += p.Done
			passes[k].Of += p.Of
			passes[k].TimeMS += p.TimeMS
			passes[k].CPUMS += p.CPUMS
		}
	}
	return Result{Manifest: merged, Records: all, Passes: passes}, nil
}

// joinableShards checks n shard directories to be joined (dirShard(i):
// part i's directory and manifest shard; diff(i): the first field in which
// its manifest and part 0's differ where shards of one run may not): each
// shard k/n, all of one n, none given twice. It returns their shards.
func joinableShards(n int, dirShard func(i int) (dir, shard string), diff func(i int) (field, a, b string)) ([]Shard, error) {
	shards := make([]Shard, n)
	dir0, shard0 := dirShard(0)
	for i := range shards {
		d, text := dirShard(i)
		sh, err := ParseShard(text)
		if err != nil {
			return nil, refuse("%s: shard %q is not k/n (a merged directory cannot be merged again)", d, text)
		}
		shards[i] = sh
		if field, a, b := diff(i); field != "" {
			return nil, refuse("%s and %s differ in %s: %s vs %s", dir0, d, field, a, b)
		}
		if sh.N != shards[0].N {
			return nil, refuse("%s and %s differ in shard: %s vs %s are parts of different splits", dir0, d, shard0, text)
		}
		if j := slices.Index(shards[:i], sh); j >= 0 {
			dj, _ := dirShard(j)
			return nil, refuse("shard %s is given twice: %s and %s", sh, dj, d)
		}
	}
	return shards, nil
}

// shardDiff is the first field in which two shards' manifests differ
// where shards of one run may not: everything but the shard, the workers,
// the builds and the fields that do not bear on the records.
func shardDiff(a, b *Manifest) (field, va, vb string) {
	ignore := append([]string{"shard", "workers"}, provenanceFields...)
	ignore = append(ignore, unusedFields(a, b)...)
	return Diff(a, b, ignore...)
}

// GroupShards replaces, in rs, the shards of each split run (results
// whose shards are k/n of one n and whose manifests agree as Merge
// requires) by one merged result, at the place of its first shard, so
// that a run sharded over machines or sittings is one row of a report.
// Its Dir is the shards' common parent directory, or the first shard's
// with "+ N shards" where they lie in different directories or another
// group has the same parent. A lone shard, and an unsharded run (even two of one
// experiment), stays as it is; shards that agree but cannot be joined (a
// seed in two of them) are an error.
func GroupShards(rs []Result) ([]Result, error) {
	return groupShards(rs, func(r *Result) string { return r.Manifest.Shard },
		func(a, b *Result) bool {
			field, _, _ := shardDiff(&a.Manifest, &b.Manifest)
			return field == ""
		},
		func(r *Result) *string { return &r.Dir }, mergeShards)
}

// groupShards replaces the shards of each split run in rs (shard k/n
// with n > 1, of one n, same as the group's first shard) by their join,
// at the place of the first shard and named as GroupShards says (dir is
// a result's directory); every other result (a merged or unsharded run, a
// lone shard) stays as it is. GroupShards and GroupMatchShards are it for
// win-rate runs and matches.
func groupShards[T any](rs []T, shard func(*T) string, same func(a, b *T) bool, dir func(*T) *string, join func([]T) (T, error)) ([]T, error) {
	var out []T
	var names []groupNames
	used := make([]bool, len(rs))
	for i := range rs {
		if used[i] {
			continue
		}
		sh, err := ParseShard(shard(&rs[i]))
		if err != nil || sh.N == 1 {
			// a merged or an unsharded run: nothing to join (two runs
			// of one experiment are two rows)
			out = append(out, rs[i])
			continue
		}
		parts, dirs := []T{rs[i]}, []string{*dir(&rs[i])}
		for j := i + 1; j < len(rs); j++ {
			if used[j] {
				continue
			}
			if sj, err := ParseShard(shard(&rs[j])); err == nil && sj.N == sh.N && same(&rs[i], &rs[j]) {
				parts, dirs = append(parts, rs[j]), append(dirs, *dir(&rs[j]))
				used[j] = true
			}
		}
		if len(parts) == 1 {
			out = append(out, rs[i])
			continue
		}
		joined, err := join(parts)
		if err != nil {
			return nil, err
		}
		names = append(names, groupNames{len(out), dirs})
		out = append(out, joined)
	}
	// name each group; two groups of one parent directory (shards of two
	// runs given side by side) by their first shards
	byParent := map[string]int{}
	for _, n := range names {
		byParent[n.parent()]++
	}
	for _, n := range names {
		name := n.parent()
		if name == "" || byParent[name] > 1 {
			name = n.dirs[0] + " + " + Counted(int64(len(n.dirs)-1), "shard")
		}
		*dir(&out[n.at]) = name
	}
	return out, nil
}

// groupNames is a joined group's place in groupShards' output and its
// shard directories.
type groupNames struct {
	at   int
	dirs []string
}

// parent is the group's shards' common parent directory, as a report
// names the group, or "" when they lie in different directories.
func (g groupNames) parent() string {
	parent := filepath.Dir(g.dirs[0])
	for _, d := range g.dirs[1:] {
		if filepath.Dir(d) != parent {
			return ""
		}
	}
	return parent
}

// firstMissing is the first seed from `from` on that sorted (by seed)
// lacks.
func firstMissing[T any](from uint64, sorted []T, seed func(*T) uint64) uint64 {
	want := from
	for i := range sorted {
		if seed(&sorted[i]) != want {
			return want
		}
		want++
	}
	return want
}

// refuseFull refuses out if it holds one of names: a merge writes into a
// new directory.
func refuseFull(out string, names ...string) error {
	for _, name := range names {
		if _, err := os.Stat(filepath.Join(out, name)); err == nil {
			return refuse("%s already holds %s: merge into a new directory", out, name)
		}
	}
	return nil
}
