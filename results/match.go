package results

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/klondike-family/klondike/engine/multi"
	"github.com/klondike-family/klondike/solver/mplayer"
)

// MatchVersion names the rules of engine/multi as played (starter,
// stuck rules, simulation): a change that can change a game's result
// must change it. 2: forced play demands a move when a player passes with
// one in hand (1 restricted him from the start of his turn).
const MatchVersion = "2"

// Files of a match directory: the manifest is manifest.json as for any
// experiment (a MatchManifest, which the single-player reader refuses, and
// the other way round), the records another file.
const (
	MatchRecordsFile           = "matches.jsonl"
	CompressedMatchRecordsFile = "matches.jsonl.gz"
)

// Match modes.
const (
	ModeTurns        = "turns"
	ModeSimultaneous = "simultaneous"
)

// MatchManifest says how a match directory's games were played.
type MatchManifest struct {
	Kind string `json:"kind"` // always "match"
	Game string `json:"game"` // "double-klondike"
	Mode string `json:"mode"` // turns or simultaneous
	// Players are the player slots; game seed s seats slot (k+s) mod n
	// at seat k (Seating "rotate"), so every slot sits in every seat
	// equally often.
	Players []string `json:"players"`
	Seating string   `json:"seating"`
	// Speeds (simultaneous play) are the slots' speeds; Sigma the shape
	// of the log-normal time of an action.
	Speeds     []float64 `json:"speeds,omitempty"`
	Sigma      float64   `json:"sigma,omitempty"`
	ForcedPlay bool      `json:"forced_play"`
	From       uint64    `json:"from"`
	Games      uint64    `json:"games"`
	Shard      string    `json:"shard"`
	// Workers does not change any record but the times.
	Workers       int    `json:"workers"`
	GoVersion     string `json:"go_version"`
	Commit        string `json:"commit"`
	MatchVersion  string `json:"match_version"`
	PlayerVersion string `json:"player_version"`
}

// NewMatchManifest fills in a match's manifest and checks it.
func NewMatchManifest(mode string, players []string, speeds []float64, forced bool, from, games uint64, shard Shard, workers int) (MatchManifest, error) {
	m := MatchManifest{
		Kind: "match", Game: "double-klondike", Mode: mode, Players: players, Seating: "rotate",
		Speeds: speeds, ForcedPlay: forced, From: from, Games: games, Shard: shard.String(), Workers: workers,
		GoVersion: runtime.Version(), Commit: Commit(), MatchVersion: MatchVersion, PlayerVersion: mplayer.Version,
	}
	if mode == ModeSimultaneous {
		m.Sigma = multi.DefaultSigma
		if len(m.Speeds) == 0 {
			m.Speeds = make([]float64, len(players))
			for i := range m.Speeds {
				m.Speeds[i] = 1
			}
		}
	}
	return m, m.Check()
}

// Check validates the manifest.
func (m *MatchManifest) Check() error {
	if m.Kind != "match" {
		return fmt.Errorf("kind %q: not a match", m.Kind)
	}
	if m.Mode != ModeTurns && m.Mode != ModeSimultaneous {
		return fmt.Errorf("mode %q: want %s or %s", m.Mode, ModeTurns, ModeSimultaneous)
	}
	if n := len(m.Players); n < multi.MinPlayers || n > multi.MaxPlayers {
		return fmt.Errorf("%s: want %d to %d", Counted(int64(n), "player"), multi.MinPlayers, multi.MaxPlayers)
	}
	for _, p := range m.Players {
		if _, err := mplayer.New(p); err != nil {
			return err
		}
	}
	if m.Mode == ModeTurns && len(m.Speeds) > 0 {
		return errors.New("speeds are for simultaneous play")
	}
	if m.Mode == ModeSimultaneous && m.ForcedPlay {
		return errors.New("forced play is a rule of turn-based play")
	}
	if len(m.Speeds) > 0 && len(m.Speeds) != len(m.Players) {
		return fmt.Errorf("%d speeds for %d players", len(m.Speeds), len(m.Players))
	}
	for _, v := range m.Speeds {
		if !(v > 0) || math.IsInf(v, 0) {
			return fmt.Errorf("speed %v: want a positive number", v)
		}
	}
	if m.Games == 0 {
		return errors.New("no games: want 1 or more")
	}
	if m.From+(m.Games-1) < m.From {
		return fmt.Errorf("seeds %d + %d games run past %d", m.From, m.Games, uint64(math.MaxUint64))
	}
	return nil
}

// MatchRecord is one game of a match. Seats are numbered from 1 in
// records; 0 is none.
type MatchRecord struct {
	Seed    uint64   `json:"seed"`
	Players []string `json:"players"` // the player in each seat
	Slots   []int    `json:"slots"`   // the manifest's slot (from 1) in each seat
	Starter int      `json:"starter,omitempty"`
	Winner  int      `json:"winner"` // 0: a tie for the first place
	Places  []int    `json:"places"`
	Cards   []int    `json:"cards"` // cards each seat played to the foundations
	Moves   []int    `json:"moves"`
	Finish  []int    `json:"finish,omitempty"` // seats in the order they played out
	Turns   int      `json:"turns"`            // turns, or actions in simultaneous play
	// Time is the simulated time at the end of a simultaneous game.
	Time       float64 `json:"time,omitempty"`
	Collisions int     `json:"collisions,omitempty"`
	Forced     int     `json:"forced,omitempty"`
	End        string  `json:"end"` // out, stuck, limit
	TimeMS     float64 `json:"time_ms"`
}

// SeatSlots returns the slot of each seat for a game seed.
func (m *MatchManifest) SeatSlots(seed uint64) []int {
	n := uint64(len(m.Players))
	slots := make([]int, n)
	for k := range slots {
		slots[k] = int((uint64(k) + seed%n) % n)
	}
	return slots
}

// PlayMatch plays the game of seed.
func PlayMatch(m *MatchManifest, seed uint64) (MatchRecord, error) {
	n := len(m.Players)
	g, err := multi.NewGame(seed, n)
	if err != nil {
		return MatchRecord{}, err
	}
	slots := m.SeatSlots(seed)
	ps := make([]multi.Player, n)
	rec := MatchRecord{Seed: seed, Players: make([]string, n), Slots: make([]int, n)}
	o := multi.Options{ForcedPlay: m.ForcedPlay, Sigma: m.Sigma}
	for k, sl := range slots {
		f, err := mplayer.New(m.Players[sl])
		if err != nil {
			return rec, err
		}
		ps[k] = f(seed, k)
		rec.Players[k] = m.Players[sl]
		rec.Slots[k] = sl + 1
		if len(m.Speeds) > 0 {
			o.Speeds = append(o.Speeds, m.Speeds[sl])
		}
	}
	start := time.Now()
	var res multi.Result
	if m.Mode == ModeSimultaneous {
		res, err = multi.PlaySimultaneous(g, ps, seed, o)
	} else {
		res, err = multi.PlayTurns(g, ps, o)
	}
	if err != nil {
		return rec, fmt.Errorf("seed %d: %v", seed, err)
	}
	ms := float64(time.Since(start)) / float64(time.Millisecond)
	rec.TimeMS = math.Round(ms*1000) / 1000
	rec.Starter = res.Starter + 1
	rec.Winner = res.Winner + 1
	rec.Places, rec.Cards, rec.Moves = res.Places, res.Cards, res.Moves
	for _, s := range res.Finish {
		rec.Finish = append(rec.Finish, s+1)
	}
	rec.Turns, rec.Collisions, rec.Forced, rec.End = res.Turns, res.Collisions, res.Forced, res.End
	if m.Mode == ModeSimultaneous {
		rec.Time = math.Round(res.Time*1000) / 1000
	}
	return rec, nil
}

// MatchProgress counts a match run's games, earlier runs' included.
type MatchProgress struct {
	Total, Done, Resumed int
	Ties                 int
	Wins                 []int // by slot
	Elapsed              time.Duration
	Final                bool
}

// Rate is this run's games per second.
func (p MatchProgress) Rate() float64 {
	if p.Elapsed <= 0 {
		return 0
	}
	return float64(p.Done-p.Resumed) / p.Elapsed.Seconds()
}

func (p *MatchProgress) count(r MatchRecord) {
	if r.Winner == 0 {
		p.Ties++
	} else if r.Winner <= len(r.Slots) {
		p.Wins[r.Slots[r.Winner-1]-1]++
	}
}

// MatchRunOptions say how RunMatches writes a match directory.
type MatchRunOptions struct {
	Dir          string
	Manifest     MatchManifest
	FlushEvery   time.Duration
	FlushRecords int
	Progress     func(MatchProgress)
	Torn         func(file string, bytes int64) // as RunOptions.Torn
}

// MatchRunResult is how a match run ended.
type MatchRunResult struct {
	MatchProgress
	Interrupted bool
	TornBytes   int64
}

// RunMatches plays the games of the manifest's shard that DIR does not
// hold yet, on Run's machinery: a new directory gets the manifest; an old
// one must hold the same (workers aside) or is refused with a
// *MismatchError; a torn last line is dropped; records are appended in
// synced batches; an interrupt saves what is done and the same call
// continues.
func RunMatches(ctx context.Context, o MatchRunOptions) (MatchRunResult, error) {
	var res MatchRunResult
	m := o.Manifest
	if err := m.Check(); err != nil {
		return res, err
	}
	shard, err := ParseShard(m.Shard)
	if err != nil {
		return res, err
	}
	unlock, err := lockDir(o.Dir, true)
	if err != nil {
		return res, err
	}
	defer unlock()
	if err := prepareMatchDir(o.Dir, &m); err != nil {
		return res, err
	}
	if _, err := os.Stat(filepath.Join(o.Dir, CompressedMatchRecordsFile)); err == nil {
		return res, fmt.Errorf("%s holds a finished, compressed match (%s); gunzip it to run more of it",
			o.Dir, CompressedMatchRecordsFile)
	}
	recs, good, err := ReadMatchRecords(o.Dir)
	if err != nil {
		return res, err
	}
	p := MatchProgress{Resumed: len(recs), Wins: make([]int, len(m.Players))}
	seeds := make([]uint64, len(recs))
	for i, r := range recs {
		seeds[i] = r.Seed
		p.count(r)
	}
	path := filepath.Join(o.Dir, MatchRecordsFile)
	all := shard.Seeds(m.From, m.Games)
	todo, torn, err := resumeSeeds(path, good, seeds, all, m.From, m.Games, shard)
	if err != nil {
		return res, err
	}
	res.TornBytes = torn
	if torn > 0 && o.Torn != nil {
		o.Torn(path, torn)
	}
	p.Total, p.Done = len(all), len(recs)
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	start := time.Now()
	err = appendRecords(runCtx, cancel, o.Dir, path, todo, m.Workers, o.FlushEvery, o.FlushRecords,
		func(seed uint64) (MatchRecord, error) { return PlayMatch(&m, seed) },
		func(MatchRecord) bool { return true },
		func(r MatchRecord) {
			p.Done++
			p.count(r)
			p.Elapsed = time.Since(start)
			if o.Progress != nil {
				o.Progress(p)
			}
		})
	p.Elapsed = time.Since(start)
	p.Final = true
	if o.Progress != nil {
		o.Progress(p)
	}
	res.MatchProgress = p
	res.Interrupted = ctx.Err() != nil && p.Done < p.Total
	return res, err
}

// prepareMatchDir gives dir (made by RunMatches' lockDir) the manifest m,
// or checks that the manifest there is m but for workers, and records the
// new workers count.
// A directory of another kind of experiment is refused.
func prepareMatchDir(dir string, m *MatchManifest) error {
	for _, f := range []string{RecordsFile, CompressedRecordsFile} {
		if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
			return &MismatchError{Dir: dir, Field: "kind", Have: `"winrate"`, Want: `"match"`}
		}
	}
	old, err := ReadMatchManifest(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		if _, err := os.Stat(filepath.Join(dir, MatchRecordsFile)); err == nil {
			return fmt.Errorf("%s holds %s but no %s", dir, MatchRecordsFile, ManifestFile)
		}
		return writeJSONAtomic(filepath.Join(dir, ManifestFile), m)
	case err != nil:
		return &MismatchError{Dir: dir, Field: "kind", Have: "not a match (" + err.Error() + ")", Want: `"match"`}
	}
	if field, have, want := diffFields(old, *m, "workers"); field != "" {
		return &MismatchError{Dir: dir, Field: field, Have: have, Want: want}
	}
	if old.Workers != m.Workers {
		return writeJSONAtomic(filepath.Join(dir, ManifestFile), m)
	}
	return nil
}

func writeJSONAtomic(path string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return WriteFileAtomic(path, append(data, '\n'))
}

// ReadMatchManifest reads DIR/manifest.json as a match manifest.
func ReadMatchManifest(dir string) (MatchManifest, error) {
	var m MatchManifest
	path := filepath.Join(dir, ManifestFile)
	if err := readJSONStrict(path, &m); err != nil {
		return m, err
	}
	if m.Kind != "match" {
		return m, fmt.Errorf("%s: not a match manifest", path)
	}
	return m, nil
}

// IsMatchDir tells whether dir holds a match manifest.
func IsMatchDir(dir string) bool {
	data, err := readDirFile(filepath.Join(dir, ManifestFile), MaxManifestBytes)
	if err != nil {
		return false
	}
	var k struct {
		Kind string `json:"kind"`
	}
	return json.Unmarshal(data, &k) == nil && k.Kind == "match"
}

// ReadMatchRecords reads DIR/matches.jsonl (or its .gz), as ReadRecords.
func ReadMatchRecords(dir string) ([]MatchRecord, int64, error) {
	return readLines(dir, MatchRecordsFile, CompressedMatchRecordsFile, func(b []byte) (MatchRecord, uint64, error) {
		r, ok := parseMatchFast(b)
		if !ok {
			r = MatchRecord{} // not what the fast reader read of it
			if err := decodeLine(b, &r); err != nil {
				return r, 0, fmt.Errorf("not a match record: %s", err)
			}
		}
		n := len(r.Players)
		if n < multi.MinPlayers || len(r.Slots) != n || len(r.Places) != n || len(r.Cards) != n || r.Winner < 0 || r.Winner > n {
			return r, 0, errors.New("a match record with seats missing")
		}
		if !slices.Contains([]string{multi.EndOut, multi.EndStuck, multi.EndLimit}, r.End) {
			return r, 0, fmt.Errorf("end %q: want out, stuck or limit", r.End)
		}
		return r, r.Seed, nil
	})
}

// CompressMatchRecords is CompressRecords for a finished match directory.
func CompressMatchRecords(dir string) error {
	unlock, err := lockDir(dir, false)
	if err != nil {
		return err
	}
	defer unlock()
	m, recs, good, err := readMatchRun(dir)
	if err != nil {
		return err
	}
	want := int(m.Games)
	if !strings.HasPrefix(m.Shard, "merged") {
		shard, err := ParseShard(m.Shard)
		if err != nil {
			return err
		}
		want = len(shard.Seeds(m.From, m.Games))
	}
	if len(recs) != want {
		return fmt.Errorf("%s: %d records of %d; finish the match before compressing it", dir, len(recs), want)
	}
	return gzipFile(dir, MatchRecordsFile, CompressedMatchRecordsFile, good)
}

// diffFields compares two structs of one type field by field in the
// order of their JSON objects, skipping the fields named in ignore.
func diffFields(a, b any, ignore ...string) (field, va, vb string) {
	return diffValues(a, b, ignore)
}

// MatchResult is a match directory read back.
type MatchResult struct {
	Dir      string
	Manifest MatchManifest
	Records  []MatchRecord
}

// LoadMatch reads a match directory.
func LoadMatch(dir string) (MatchResult, error) {
	m, recs, _, err := readMatchRun(dir)
	if err != nil {
		return MatchResult{}, err
	}
	return MatchResult{Dir: dir, Manifest: m, Records: recs}, nil
}

// Label names a match: mode and players, speeds when not all equal,
// forced play when on.
func (r *MatchResult) Label() string {
	m := &r.Manifest
	s := fmt.Sprintf("%s %s", m.Mode, strings.Join(m.Players, " v "))
	if len(m.Speeds) > 0 && slices.Max(m.Speeds) != slices.Min(m.Speeds) {
		var sp []string
		for _, v := range m.Speeds {
			sp = append(sp, fmt.Sprint(v))
		}
		s += " at speeds " + strings.Join(sp, ":")
	}
	if m.ForcedPlay {
		s += ", forced play"
	}
	return s
}

// matchShardDiff gives the first field (JSON name, and both values) in
// which two match manifests differ where shards of one match may not: all
// but shard and workers. Merge, report and status ask it.
func matchShardDiff(a, b *MatchManifest) (field, va, vb string) {
	return diffFields(*a, *b, "shard", "workers")
}

// joinMatchShards joins match shards read back (each Manifest.Shard k/n)
// into one result, the rules of MergeMatches without writing: their
// manifests agree but for shard and workers, their shards are parts of one
// n, each given once, and each record lies in its part's shard. Its
// manifest's shard is "merged k of n" (k the shards joined), its workers
// 0; its records are sorted by seed.
func joinMatchShards(parts []MatchResult) (MatchResult, error) {
	m0 := &parts[0].Manifest
	shards, err := joinableShards(len(parts), func(i int) (string, string) { return parts[i].Dir, parts[i].Manifest.Shard },
		func(i int) (string, string, string) { return matchShardDiff(m0, &parts[i].Manifest) })
	if err != nil {
		return MatchResult{}, err
	}
	// No shard twice and every record in its part's shard: no seed is in
	// two parts.
	var all []MatchRecord
	for i := range parts {
		for _, r := range parts[i].Records {
			if r.Seed < m0.From || r.Seed-m0.From >= m0.Games || !shards[i].Holds(m0.From, r.Seed) {
				return MatchResult{}, refuse("%s: seed %d is not in its shard %s of seeds %d..%d", parts[i].Dir, r.Seed, shards[i], m0.From, m0.From+m0.Games-1)
			}
		}
		all = append(all, parts[i].Records...)
	}
	slices.SortFunc(all, func(a, b MatchRecord) int { return cmp.Compare(a.Seed, b.Seed) })
	merged := *m0
	merged.Shard = fmt.Sprintf("merged %d of %d", len(parts), shards[0].N)
	merged.Workers = 0
	return MatchResult{Manifest: merged, Records: all}, nil
}

// GroupMatchShards is GroupShards for match directories: the shards of
// each split match are replaced by one joined result at the place of the
// first, named as GroupShards names its groups.
func GroupMatchShards(ms []MatchResult) ([]MatchResult, error) {
	return groupShards(ms, func(r *MatchResult) string { return r.Manifest.Shard },
		func(a, b *MatchResult) bool {
			field, _, _ := matchShardDiff(&a.Manifest, &b.Manifest)
			return field == ""
		},
		func(r *MatchResult) *string { return &r.Dir }, joinMatchShards)
}

// MergeMatches is Merge for the shard directories of a match
// (joinMatchShards' rules): unless allowGaps they must cover the range.
// It writes out/manifest.json (shard "merged k of n", workers 0) and
// out/matches.jsonl sorted by seed.
func MergeMatches(out string, dirs []string, allowGaps bool) (MatchManifest, int, int, error) {
	var merged MatchManifest
	if len(dirs) == 0 {
		return merged, 0, 0, refuse("no shard directories to merge")
	}
	outFiles := []string{ManifestFile, MatchRecordsFile, CompressedMatchRecordsFile}
	if err := refuseFull(out, outFiles...); err != nil {
		return merged, 0, 0, err
	}
	unlock, err := lockDirs(dirs)
	if err != nil {
		return merged, 0, 0, err
	}
	defer unlock()
	parts := make([]MatchResult, len(dirs))
	for i, d := range dirs {
		m, err := ReadMatchManifest(d)
		if err != nil {
			return merged, 0, 0, err
		}
		recs, _, err := ReadMatchRecords(d)
		if err != nil {
			return merged, 0, 0, err
		}
		parts[i] = MatchResult{Dir: d, Manifest: m, Records: recs}
	}
	j, err := joinMatchShards(parts)
	if err != nil {
		return merged, 0, 0, err
	}
	all := j.Records
	missing := int(j.Manifest.Games) - len(all)
	if missing > 0 && !allowGaps {
		return merged, 0, missing, refuse("seed %d is missing (%d of %d seeds missing); run its shard to the end, or pass --allow-gaps",
			firstMissing(j.Manifest.From, all, func(r *MatchRecord) uint64 { return r.Seed }), missing, j.Manifest.Games)
	}
	merged = j.Manifest
	unlockOut, err := lockDir(out, true)
	if err != nil {
		return merged, 0, 0, err
	}
	defer unlockOut()
	if err := refuseFull(out, outFiles...); err != nil {
		return merged, 0, 0, err // another merge wrote it meanwhile
	}
	if err := writeJSONAtomic(filepath.Join(out, ManifestFile), &merged); err != nil {
		return merged, 0, 0, err
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	for _, r := range all {
		if err := enc.Encode(r); err != nil {
			return merged, 0, 0, err
		}
	}
	if err := WriteFileAtomic(filepath.Join(out, MatchRecordsFile), buf.Bytes()); err != nil {
		return merged, 0, 0, err
	}
	return merged, len(all), missing, nil
}
