package results

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"
)

// Status is the progress of one win-rate experiment read from its result
// directories while it runs: the shard directories of a job array (those
// not started yet are simply not there), or one directory of any kind.
type Status struct {
	Manifest Manifest // the first directory's
	// Pace: Total is the seeds of the experiment's range, Done its
	// records (each seed's last verdict, retry passes applied), TimeMS
	// their solving time summed (core time, retry passes included).
	Pace
	Won     int
	Lost    int
	Unknown int
	// RetryPass is the retry pass not yet finished (from 1; 0 none), and
	// Retry its deals solved and to solve and their times.
	RetryPass int
	Retry     PassCount
}

// ReadStatus sums the records of dirs, which must be one experiment: one
// directory, or shard directories whose manifests agree in everything but
// shard and workers (as Merge asks), parts of one split, each shard once.
// A torn last line, the trace of a write in progress, is left out.
func ReadStatus(dirs []string) (Status, error) {
	var s Status
	if len(dirs) == 0 {
		return s, refuse("no result directories")
	}
	var cpu cpuTotal
	set := shardSet{dirs: dirs, seen: map[Shard]string{}}
	for i, d := range dirs {
		if IsMatchDir(d) {
			return s, refuse("%s is a match: give its directories alone, without win-rate directories", d)
		}
		r, err := LoadResult(d)
		if err != nil {
			return s, err
		}
		m := r.Manifest
		if i == 0 {
			s.Manifest, s.Total = m, int(m.Deals)
		}
		if s.Shards, err = set.add(i, m.Shard, func() (string, string, string) {
			return shardDiff(&s.Manifest, &m)
		}); err != nil {
			return s, err
		}
		sum := Summarise(r.Records)
		s.Dirs++
		s.Merged = strings.HasPrefix(m.Shard, "merged ")
		s.Done += sum.Deals
		s.Won += sum.Won
		s.Lost += sum.Lost
		s.Unknown += sum.Unknown
		s.TimeMS += sum.TotalMS
		s.Nodes += sum.Nodes
		cpu.add(sum.CPUMS, sum.Deals)
		if sum.Deals < r.Expected() {
			s.Workers += m.Workers
			s.addRecent(r.Records)
		}
		if k := len(r.Passes); k > 0 && r.Passes[k-1].Done < r.Passes[k-1].Of {
			s.RetryPass, s.Retry = k, r.Passes[k-1]
		}
	}
	s.CPUMS = cpu.total()
	return s, nil
}

// shardSet checks the directories a status reads: one directory of any
// kind, or shards k/n of one split, each once, whose manifests agree.
type shardSet struct {
	dirs   []string
	first  string // the first directory's manifest shard
	shards int    // n of its split (1 for an unsharded or merged one)
	seen   map[Shard]string
}

// add checks dirs[i], whose manifest's shard is shardText; diff gives
// the first field in which its manifest and the first directory's differ
// where shards of one experiment may not. It returns n of the split.
func (ss *shardSet) add(i int, shardText string, diff func() (field, a, b string)) (int, error) {
	d := ss.dirs[i]
	sh, shardErr := ParseShard(shardText)
	if i == 0 {
		ss.first, ss.shards = shardText, 1
		if shardErr == nil {
			ss.shards = int(sh.N)
		}
	}
	if len(ss.dirs) == 1 {
		return ss.shards, nil
	}
	if shardErr != nil {
		return 0, refuse("%s: shard %q is not k/n: give a merged directory alone", d, shardText)
	}
	if field, a, b := diff(); field != "" {
		return 0, refuse("%s and %s are not shards of one experiment: %s is %s vs %s", ss.dirs[0], d, field, a, b)
	}
	if int(sh.N) != ss.shards {
		return 0, refuse("%s and %s are parts of different splits: shard %s vs %s", ss.dirs[0], d, ss.first, shardText)
	}
	if other, ok := ss.seen[sh]; ok {
		return 0, refuse("shard %s is given twice: %s and %s", sh, other, d)
	}
	ss.seen[sh] = d
	return ss.shards, nil
}

// WinRate is the win rate so far, with its intervals.
func (s Status) WinRate() WinRate { return NewWinRate(s.Won, s.Lost, s.Unknown) }

// Pace is the progress of a run read from its directories, in units of
// work (deals, games).
type Pace struct {
	// Shards is n of the split k/n (1 for an unsharded or merged
	// directory); Dirs is the number of directories read.
	Shards, Dirs int
	Total        int // units of the run's range
	Done         int // units recorded
	// TimeMS is the records' time summed: each unit's is that of one
	// core, so it is core time, as long as the machine had a core free for
	// each; CPUMS is their CPU time summed (Record.CPUMS) when every
	// record has one, else 0, which other work inflates far less.
	TimeMS, CPUMS float64
	// Workers is the workers count of the directories that are not done
	// yet (their manifests'): the units played at once while they run.
	Workers int
	// Merged: the directory read is a merged one (merge --allow-gaps,
	// when units are missing), which no command continues.
	Merged bool
	// Nodes is the records' nodes summed (0 where they have none: a
	// player's games, a match's); RecentMS and RecentNodes are the time
	// and nodes of the last recentUnits records of each directory not
	// finished, the pace the machine gives now (unitMS).
	Nodes       int64
	RecentMS    float64
	RecentNodes int64
}

// recentUnits is how many of an unfinished directory's last records give
// the pace that Pace's estimates go by (unitMS).
const recentUnits = 2000

// addRecent adds the last recentUnits of recs, in the order they were
// written, to the recent pace.
func (s *Pace) addRecent(recs []Record) {
	for _, r := range recs[max(0, len(recs)-recentUnits):] {
		s.RecentMS += r.TimeMS
		s.RecentNodes += r.Nodes
	}
}

// unitMS is the time a unit not done is expected to take: the mean nodes
// of a unit done, at the time a node took in the recent records (RecentMS
// over RecentNodes). A run's mean time counts forever the hours it ran on
// a loaded machine; its nodes do not depend on the load, and the recent
// records give the machine's pace now. Where the records have no nodes or
// no directory is running, it is the mean time.
func (s Pace) unitMS() float64 {
	if s.Done == 0 || s.Nodes <= 0 || s.RecentNodes <= 0 || s.RecentMS <= 0 {
		return s.MeanMS()
	}
	return float64(s.Nodes) / float64(s.Done) * s.RecentMS / float64(s.RecentNodes)
}

// MeanMS is the mean time of a unit so far; 0 with no records.
func (s Pace) MeanMS() float64 {
	if s.Done == 0 {
		return 0
	}
	return s.TimeMS / float64(s.Done)
}

// MeanCPUMS is the mean CPU time of a unit so far; 0 with no records or
// when a record has none.
func (s Pace) MeanCPUMS() float64 {
	if s.Done == 0 {
		return 0
	}
	return s.CPUMS / float64(s.Done)
}

// CoreLeft estimates the core time the deals not done will take, at the
// mean CPU time of those done where every one has it (Pace.CPUMS), else
// at the recent pace (unitMS); 0 when nothing is done yet.
func (s Pace) CoreLeft() time.Duration {
	mean := s.unitMS()
	if s.CPUMS > 0 {
		mean = s.MeanCPUMS()
	}
	return time.Duration(float64(s.Total-s.Done) * mean * float64(time.Millisecond))
}

// ETA estimates the time left when the deals not done are solved Workers
// at a time, at the recent pace (unitMS: the pace the machine gives now,
// load included, where CoreLeft counts CPU); 0 when unknown (nothing
// done, or no directory left to run).
func (s Pace) ETA() time.Duration {
	if s.Workers == 0 {
		return 0
	}
	return time.Duration(float64(s.Total-s.Done) * s.unitMS() * float64(time.Millisecond) / float64(s.Workers))
}

// Line writes the status in one line: deals done of the range, shard
// directories read, counts, the win rate so far as winrate and report
// write it (WinRate.Text, with its Basis), mean time a deal, core time
// left and ETA.
func (s Status) Line() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d of %d deals", s.Done, s.Total)
	if s.Shards > 1 {
		fmt.Fprintf(&b, " (%d of %d shards started)", s.Dirs, s.Shards)
	}
	fmt.Fprintf(&b, ": %d won, %d lost, %d unknown", s.Won, s.Lost, s.Unknown)
	if s.Done == 0 {
		return b.String()
	}
	wr := s.WinRate()
	fmt.Fprintf(&b, "; win rate %s %% (%s)", wr.Text(), wr.Basis())
	if s.Done >= s.Total && s.RetryPass > 0 {
		fmt.Fprintf(&b, "; mean %s a deal%s, retry pass %d at %d of its %d deals", formatMS(s.MeanMS()), s.cpuText(), s.RetryPass, s.Retry.Done, s.Retry.Of)
		if p := s.Retry; p.Done > 0 {
			// the pass's own pace: its deals cost far more than the row's
			pace := Pace{Total: p.Of, Done: p.Done, TimeMS: p.TimeMS, CPUMS: p.CPUMS}
			fmt.Fprintf(&b, " (%s a deal%s, %s core time left)", formatMS(pace.MeanMS()), pace.cpuText(), formatDuration(pace.CoreLeft()))
		}
		return b.String()
	}
	s.Pace.write(&b, "deal")
	return b.String()
}

// cpuText is " (CPU 94.0 ms)", the mean CPU time of a unit, when every
// record has one (Pace.CPUMS), else "".
func (s Pace) cpuText() string {
	if s.CPUMS <= 0 || s.Done == 0 {
		return ""
	}
	return " (CPU " + formatMS(s.MeanCPUMS()) + ")"
}

// write writes the mean time of a unit (a deal, a game) so far, then
// "done", or the core time left and the ETA.
func (s Pace) write(b *strings.Builder, unit string) {
	fmt.Fprintf(b, "; mean %s a %s%s", formatMS(s.MeanMS()), unit, s.cpuText())
	switch {
	case s.Done >= s.Total:
		b.WriteString(", done")
	case s.Merged:
		fmt.Fprintf(b, ", %s core time left; ETA unknown: merged with %ss missing (run the missing shards to the end and merge them again)",
			formatDuration(s.CoreLeft()), unit)
	case s.Workers == 0:
		fmt.Fprintf(b, ", %s core time left; ETA unknown: no directory left unfinished (start the missing shards)",
			formatDuration(s.CoreLeft()))
	case s.Workers == 1:
		fmt.Fprintf(b, ", %s core time left; ETA %s at one %s at a time",
			formatDuration(s.CoreLeft()), formatDuration(s.ETA()), unit)
	default:
		fmt.Fprintf(b, ", %s core time left; ETA %s at %d %ss at once",
			formatDuration(s.CoreLeft()), formatDuration(s.ETA()), s.Workers, unit)
	}
}

// MatchStatus is the progress of one match (klondike match) read from its
// directories: its shards, or one directory.
type MatchStatus struct {
	Manifest MatchManifest // the first directory's
	Pace                   // in games
	Wins     []int         // games won, by player slot
	Ties     int
}

// ReadMatchStatus sums the records of dirs, which must be one match: one
// directory, or shard directories of one split whose manifests agree but
// for shard and workers, each shard once (as MergeMatches asks).
func ReadMatchStatus(dirs []string) (MatchStatus, error) {
	var s MatchStatus
	if len(dirs) == 0 {
		return s, refuse("no match directories")
	}
	set := shardSet{dirs: dirs, seen: map[Shard]string{}}
	for i, d := range dirs {
		if !IsMatchDir(d) {
			return s, refuse("%s is not a match: give a match's directories alone", d)
		}
		r, err := LoadMatch(d)
		if err != nil {
			return s, err
		}
		m := r.Manifest
		if i == 0 {
			s.Manifest, s.Total, s.Wins = m, int(m.Games), make([]int, len(m.Players))
		}
		if s.Shards, err = set.add(i, m.Shard, func() (string, string, string) {
			return matchShardDiff(&s.Manifest, &m)
		}); err != nil {
			return s, err
		}
		p := MatchProgress{Wins: s.Wins}
		for _, rec := range r.Records {
			p.count(rec)
			s.TimeMS += rec.TimeMS
		}
		s.Ties += p.Ties
		s.Dirs++
		s.Merged = strings.HasPrefix(m.Shard, "merged ")
		s.Done += len(r.Records)
		if len(r.Records) < r.Expected() {
			s.Workers += m.Workers
		}
	}
	return s, nil
}

// Line writes the match's status in one line: games done of the range,
// shard directories read, wins by player and ties, the mean time a game,
// core time left and ETA (as Status.Line).
func (s MatchStatus) Line() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d of %d games", s.Done, s.Total)
	if s.Shards > 1 {
		fmt.Fprintf(&b, " (%d of %d shards started)", s.Dirs, s.Shards)
	}
	sep := ": "
	for i, w := range s.Wins {
		fmt.Fprintf(&b, "%splayer %d (%s) won %d", sep, i+1, s.Manifest.Players[i], w)
		sep = ", "
	}
	b.WriteString(", " + Counted(int64(s.Ties), "tie"))
	if s.Done > 0 {
		s.Pace.write(&b, "game")
	}
	return b.String()
}

// formatDuration writes d rounded to the second (to the millisecond under
// a second), or in hours with one decimal from 10 hours on.
func formatDuration(d time.Duration) string {
	switch {
	case d >= 10*time.Hour:
		return fmt.Sprintf("%.1f h", d.Hours())
	case d < time.Second:
		return d.Round(time.Millisecond).String()
	}
	return d.Round(time.Second).String()
}

// StatusGroup is a run's directories, for one status line: the shards of
// one split, or one directory.
type StatusGroup struct {
	Name string // the shards' common parent (as a report names them), or the directory
	Dirs []string
}

// StatusGroups splits dirs into the runs they hold, for a status line each:
// the shards of one split run (win-rate experiment or match: shards k/n of
// one n whose manifests agree as merge asks) are one group, named as the
// report names them (their common parent directory), and so is a lone
// shard where that name is free; every other directory (unsharded,
// merged, one whose manifest cannot be read) is a group of its own, named
// by itself. Groups keep the order of their first directories. A
// shard given twice stays in its group, for ReadStatus to refuse.
func StatusGroups(dirs []string) []StatusGroup {
	type entry struct {
		g    StatusGroup
		head runHead
	}
	es := make([]entry, len(dirs))
	for i, d := range dirs {
		es[i].g = StatusGroup{Name: d, Dirs: []string{d}}
		es[i].head, _ = readRunHead(d) // unread: shard "", a group of its own
	}
	join := func(parts []entry) (entry, error) {
		j := parts[0]
		j.g.Dirs = nil
		for _, p := range parts {
			j.g.Dirs = append(j.g.Dirs, p.g.Dirs...)
		}
		return j, nil
	}
	joined, _ := groupShards(es, func(e *entry) string { return e.head.shard },
		func(a, b *entry) bool {
			field, _, _ := a.head.diff(&b.head)
			return field == ""
		},
		func(e *entry) *string { return &e.g.Name }, join) // join never fails
	// a lone shard k/n (n > 1) is its run's line too: named by its parent,
	// as a run's shards are, where no other line has that name
	names := map[string]int{}
	parentOf := func(e *entry) string {
		if sh, err := ParseShard(e.head.shard); err == nil && sh.N > 1 && len(e.g.Dirs) == 1 {
			return filepath.Dir(e.g.Dirs[0])
		}
		return ""
	}
	for i := range joined {
		names[joined[i].g.Name]++
		if p := parentOf(&joined[i]); p != "" {
			names[p]++
		}
	}
	out := make([]StatusGroup, len(joined))
	for i := range joined {
		out[i] = joined[i].g
		if p := parentOf(&joined[i]); p != "" && names[p] == 1 {
			out[i].Name = p
		}
	}
	return out
}
