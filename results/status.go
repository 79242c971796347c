package results

import (
	"fmt"
	"strings"
	"time"
)

// Status is the progress of one win-rate experiment read from its result
// directories while it runs: the shard directories of a job array (those
// not started yet are simply not there), or one directory of any kind.
type Status struct {
	Manifest Manifest // the first directory's
	// Shards is n of the split k/n (1 for an unsharded or merged
	// directory); Dirs is the number of directories read.
	Shards, Dirs int
	Total        int // seeds of the experiment's range
	Done         int // records, each seed's last verdict (retry passes applied)
	Won          int
	Lost         int
	Unknown      int
	// TimeMS is the records' solving time summed: each deal's is that of
	// one core, so it is core time, retry passes included.
	TimeMS float64
	// Workers is the workers count of the directories that are not done
	// yet (their manifests'): the deals solved at once while they run.
	Workers int
	// RetryPass is the retry pass not yet finished (from 1; 0 none), and
	// RetryDone and RetryOf its deals solved and to solve.
	RetryPass, RetryDone, RetryOf int
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
	seen := map[Shard]string{}
	for i, d := range dirs {
		if IsMatchDir(d) {
			return s, refuse("%s is a match: status counts the deals of win-rate experiments", d)
		}
		r, err := LoadResult(d)
		if err != nil {
			return s, err
		}
		m := r.Manifest
		sh, shardErr := ParseShard(m.Shard)
		if i == 0 {
			s.Manifest, s.Shards, s.Total = m, 1, int(m.Deals)
			if shardErr == nil {
				s.Shards = int(sh.N)
			}
		}
		if len(dirs) > 1 {
			if shardErr != nil {
				return s, refuse("%s: shard %q is not k/n: give a merged directory alone", d, m.Shard)
			}
			ignore := append([]string{"shard", "workers"}, provenanceFields...)
			if s.Manifest.Player == m.Player {
				ignore = append(ignore, m.unusedFields()...)
			}
			if field, a, b := Diff(&s.Manifest, &m, ignore...); field != "" {
				return s, refuse("%s and %s are not shards of one experiment: %s is %s vs %s", dirs[0], d, field, a, b)
			}
			if int(sh.N) != s.Shards {
				return s, refuse("%s and %s are parts of different splits: shard %s vs %s", dirs[0], d, s.Manifest.Shard, m.Shard)
			}
			if other, ok := seen[sh]; ok {
				return s, refuse("shard %s is given twice: %s and %s", sh, other, d)
			}
			seen[sh] = d
		}
		sum := Summarise(r.Records)
		s.Dirs++
		s.Done += sum.Deals
		s.Won += sum.Won
		s.Lost += sum.Lost
		s.Unknown += sum.Unknown
		s.TimeMS += sum.TotalMS
		if sum.Deals < r.Expected() {
			s.Workers += m.Workers
		}
		if k := len(r.Passes); k > 0 && r.Passes[k-1].Done < r.Passes[k-1].Of {
			s.RetryPass, s.RetryDone, s.RetryOf = k, r.Passes[k-1].Done, r.Passes[k-1].Of
		}
	}
	return s, nil
}

// WinRate is the win rate so far, with its intervals.
func (s Status) WinRate() WinRate { return NewWinRate(s.Won, s.Lost, s.Unknown) }

// MeanMS is the mean solving time of a deal so far; 0 with no records.
func (s Status) MeanMS() float64 {
	if s.Done == 0 {
		return 0
	}
	return s.TimeMS / float64(s.Done)
}

// CoreLeft estimates the core time the deals not done will take, at the
// mean time of those done; 0 when nothing is done yet.
func (s Status) CoreLeft() time.Duration {
	return time.Duration(float64(s.Total-s.Done) * s.MeanMS() * float64(time.Millisecond))
}

// ETA estimates the time left when the deals not done are solved Workers
// at a time; 0 when unknown (nothing done, or no directory left to run).
func (s Status) ETA() time.Duration {
	if s.Workers == 0 {
		return 0
	}
	return s.CoreLeft() / time.Duration(s.Workers)
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
	fmt.Fprintf(&b, "; win rate %s %% (%s); mean %s a deal", wr.Text(), wr.Basis(), formatMS(s.MeanMS()))
	switch {
	case s.Done >= s.Total && s.RetryPass > 0:
		fmt.Fprintf(&b, ", retry pass %d at %d of its %d deals", s.RetryPass, s.RetryDone, s.RetryOf)
	case s.Done >= s.Total:
		b.WriteString(", done")
	case s.Workers == 0:
		fmt.Fprintf(&b, ", %s core time left; ETA unknown: no directory left unfinished (start the missing shards)",
			formatDuration(s.CoreLeft()))
	case s.Workers == 1:
		fmt.Fprintf(&b, ", %s core time left; ETA %s at one deal at a time",
			formatDuration(s.CoreLeft()), formatDuration(s.ETA()))
	default:
		fmt.Fprintf(&b, ", %s core time left; ETA %s at %d deals at once",
			formatDuration(s.CoreLeft()), formatDuration(s.ETA()), s.Workers)
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
