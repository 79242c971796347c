package results

import (
	"encoding/json"
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
// shard-10-of-10, or a job array's $out with its shard-1 ... shard-8). A
// merged directory among them is left out, being the same records again
// (give it by its own name); one whose manifest cannot be read is kept, for
// its reader to name. Every other argument is kept as it is, for its reader
// to accept or refuse. Status, report and claims read their arguments
// through it.
func ExpandRunDirs(dirs []string) []string {
	out := make([]string, 0, len(dirs))
	for _, d := range dirs {
		out = append(out, shardChildren(d)...)
	}
	return out
}

// shardChildren is ExpandRunDirs of one argument.
func shardChildren(dir string) []string {
	if _, err := os.Stat(filepath.Join(dir, ManifestFile)); !errors.Is(err, os.ErrNotExist) {
		return []string{dir}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return []string{dir}
	}
	var kids []string
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		sub := filepath.Join(dir, e.Name())
		data, err := ReadFileLimit(filepath.Join(sub, ManifestFile), MaxManifestBytes)
		if errors.Is(err, os.ErrNotExist) {
			continue // not a result directory (a shard not begun, plots, ...)
		}
		var m struct {
			Shard string `json:"shard"`
		}
		if err == nil && json.Unmarshal(data, &m) == nil && strings.HasPrefix(m.Shard, "merged ") {
			continue
		}
		kids = append(kids, sub) // its reader refuses a manifest it cannot read
	}
	if len(kids) == 0 {
		return []string{dir}
	}
	return kids // os.ReadDir's name order
}

// readRunManifest reads the manifest of a result directory given to a
// command, saying so in one line where there is none.
func readRunManifest(dir string) (Manifest, error) {
	if st, err := os.Stat(dir); err == nil && !st.IsDir() {
		return Manifest{}, fmt.Errorf("%s is a file, not a result directory", dir)
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
