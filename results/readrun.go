package results

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// ExpandRunDirs returns dirs with every directory that is not a result
// directory itself (it holds no manifest) but holds result directories
// replaced by those: the directories directly under it that hold a
// manifest, in name order, such as a sharded run's parent
// (results/data/klondike-d3-wb-1m with its shard-01-of-10 ...
// shard-10-of-10, a job array's $out with its shard-1 ... shard-8, or
// results/data/players with its unsharded runs). A merged directory among
// them is left out when shards k/n (n > 1) are beside it, being their
// records again (give it by its own name), and kept when none are (a
// directory of merged runs); one whose manifest cannot be read is kept,
// for its reader to name. The shards k/n (n > 1) under one such directory must be shards of
// one run, as merge would join them: shards of two runs in one directory
// (say a job array resubmitted with other flags into the same $out) are
// refused, naming the field in which they differ. Every other argument is
// kept as it is, for its reader to accept or refuse. Status, report and
// claims read their arguments through it.
func ExpandRunDirs(dirs []string) ([]string, error) {
	out := make([]string, 0, len(dirs))
	for _, d := range dirs {
		kids, err := shardChildren(d)
		if err != nil {
			return nil, err
		}
		out = append(out, kids...)
	}
	return out, nil
}

// shardChildren is ExpandRunDirs of one argument.
func shardChildren(dir string) ([]string, error) {
	if _, err := os.Stat(filepath.Join(dir, ManifestFile)); !errors.Is(err, os.ErrNotExist) {
		return []string{dir}, nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return []string{dir}, nil
	}
	var kids []string
	var merged []bool  // kids[i] is a merged directory
	var first *runHead // the first shard k/n (n > 1) under dir
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		sub := filepath.Join(dir, e.Name())
		h, err := readRunHead(sub)
		if errors.Is(err, os.ErrNotExist) {
			continue // not a result directory (a shard not begun, plots, ...)
		}
		kids = append(kids, sub) // its reader refuses a manifest it cannot read
		merged = append(merged, err == nil && strings.HasPrefix(h.shard, "merged "))
		if merged[len(merged)-1] {
			continue
		}
		if sh, perr := ParseShard(h.shard); err != nil || perr != nil || sh.N == 1 {
			continue
		}
		if first == nil {
			first = &h
			continue
		}
		if field, va, vb := first.diff(&h); field != "" {
			return nil, refuse("%s holds shards of more than one run: %s and %s differ in %s (%s vs %s); give each run's shards by name",
				dir, first.dir, sub, field, va, vb)
		}
	}
	if len(kids) == 0 {
		return []string{dir}, nil
	}
	if first != nil { // shards beside the merged directories: those are their records again
		out := kids[:0]
		for i, k := range kids {
			if !merged[i] {
				out = append(out, k)
			}
		}
		kids = out
	}
	return kids, nil // os.ReadDir's name order
}

// runHead is what ExpandRunDirs reads of a result directory's manifest.
type runHead struct {
	dir   string
	shard string
	run   *Manifest      // a win-rate experiment's
	match *MatchManifest // a match's
}

// readRunHead reads dir's manifest (os.ErrNotExist when there is none).
func readRunHead(dir string) (runHead, error) {
	h := runHead{dir: dir}
	if IsMatchDir(dir) {
		m, err := ReadMatchManifest(dir)
		h.shard, h.match = m.Shard, &m
		return h, err
	}
	m, err := ReadManifest(dir)
	h.shard, h.run = m.Shard, &m
	return h, err
}

// diff gives the first field in which b is not a shard of a's run (merge's
// rule; the split's n counts, as "shard"): "" when it is one.
func (a *runHead) diff(b *runHead) (field, va, vb string) {
	switch {
	case a.run != nil && b.run != nil:
		if field, va, vb = shardDiff(a.run, b.run); field != "" {
			return field, va, vb
		}
	case a.match != nil && b.match != nil:
		if field, va, vb = matchShardDiff(a.match, b.match); field != "" {
			return field, va, vb
		}
	default:
		return "kind", a.kind(), b.kind()
	}
	sa, _ := ParseShard(a.shard)
	sb, _ := ParseShard(b.shard)
	if sa.N != sb.N {
		return "shard", a.shard, b.shard
	}
	return "", "", ""
}

// kind names the kind of run h is.
func (h *runHead) kind() string {
	if h.match != nil {
		return "match"
	}
	return "win-rate experiment"
}

// readRunManifest reads the manifest of a result directory given to a
// command, saying so in one line where there is none.
func readRunManifest(dir string) (Manifest, error) {
	if st, err := os.Stat(dir); err == nil && !st.IsDir() {
		return Manifest{}, fmt.Errorf("%s is a file, not a result directory", dir)
	} else if errors.Is(err, os.ErrNotExist) {
		return Manifest{}, fmt.Errorf("%s does not exist", dir)
	}
	m, err := ReadManifest(dir)
	if errors.Is(err, os.ErrNotExist) {
		return m, fmt.Errorf("%s is not a result directory (it has no %s)", dir, ManifestFile)
	}
	if err != nil && IsMatchDir(dir) {
		return m, fmt.Errorf("%s is a match (klondike match), not a win-rate experiment", dir)
	}
	return m, err
}

// readRun reads a win-rate directory's manifest and first-pass records
// with the checks winrate applies when it continues a run: the manifest's
// seed range and shard are sound, and every record's seed lies in the
// shard (in the range, for a merged directory). Report, claims, retry and
// compress read directories through it (LoadResult, RunRetry,
// CompressRecords), so none of them counts a record winrate would refuse.
func readRun(dir string) (Manifest, []Record, int64, error) {
	m, err := readRunManifest(dir)
	if err != nil {
		return m, nil, 0, err
	}
	shard, merged, err := runShard(dir, m.Check(), m.Shard)
	if err != nil {
		return m, nil, 0, err
	}
	recs, good, err := ReadRecords(dir)
	if err != nil {
		return m, nil, 0, err
	}
	for _, r := range recs {
		if !m.InRange(r.Seed) || (!merged && !shard.Holds(m.From, r.Seed)) {
			return m, nil, 0, fmt.Errorf("%s: seed %d is not in shard %s of seeds %d..%d", filepath.Join(dir, RecordsFile), r.Seed, m.Shard, m.From, m.From+m.Deals-1)
		}
	}
	return m, recs, good, nil
}

// readMatchRun reads a match directory's manifest and records with the
// checks match applies when it continues one: the manifest is sound,
// every record's seed lies in the shard (the range, once merged) and seats
// as many players as the manifest has. Report (LoadMatch) and compress
// (CompressMatchRecords) read match directories through it.
func readMatchRun(dir string) (MatchManifest, []MatchRecord, int64, error) {
	m, err := ReadMatchManifest(dir)
	if errors.Is(err, os.ErrNotExist) {
		return m, nil, 0, fmt.Errorf("%s is not a match directory (it has no %s)", dir, ManifestFile)
	}
	if err != nil {
		return m, nil, 0, err
	}
	shard, merged, err := runShard(dir, m.Check(), m.Shard)
	if err != nil {
		return m, nil, 0, err
	}
	recs, good, err := ReadMatchRecords(dir)
	if err != nil {
		return m, nil, 0, err
	}
	rpath := filepath.Join(dir, MatchRecordsFile)
	for _, r := range recs {
		inRange := r.Seed >= m.From && r.Seed-m.From < m.Games
		if !inRange || (!merged && !shard.Holds(m.From, r.Seed)) {
			return m, nil, 0, fmt.Errorf("%s: seed %d is not in shard %s of seeds %d..%d", rpath, r.Seed, m.Shard, m.From, m.From+m.Games-1)
		}
		if len(r.Players) != len(m.Players) {
			return m, nil, 0, fmt.Errorf("%s: seed %d seats %d players; the match has %d", rpath, r.Seed, len(r.Players), len(m.Players))
		}
	}
	return m, recs, good, nil
}

// runShard is the part of readRun and readMatchRun that checks a run
// directory's manifest (checkErr is its Check) and parses its shard;
// merged tells that the directory is a merge of shards, whose shard text
// names no shard.
func runShard(dir string, checkErr error, shardText string) (shard Shard, merged bool, err error) {
	path := filepath.Join(dir, ManifestFile)
	if checkErr != nil {
		return shard, false, fmt.Errorf("%s: %v", path, checkErr)
	}
	merged = strings.HasPrefix(shardText, "merged ")
	shard, err = ParseShard(shardText)
	if err != nil && !merged {
		return shard, false, fmt.Errorf("%s: %v", path, err)
	}
	return shard, merged, nil
}

// unfinished is the error of a command that needs every deal of dir
// recorded (retry, compress; before says for what) where it holds have of
// want: it says how to finish the directory, which for one merged with
// seeds missing (merge --allow-gaps) is not winrate, which continues
// shards only.
func unfinished(dir string, m *Manifest, have, want int, before string) error {
	if strings.HasPrefix(m.Shard, "merged ") {
		return fmt.Errorf("%s was merged with %d of its %d seeds missing (merge --allow-gaps); run the missing shards to the end and merge them again, without --allow-gaps, before %s",
			dir, want-have, want, before)
	}
	return fmt.Errorf("%s: %d of %d deals recorded; finish the experiment (klondike winrate) before %s", dir, have, want, before)
}
