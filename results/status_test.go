package results

import (
	"bytes"
	"context"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

// statusShards runs shards 1/4 and 2/4 of a 20-deal experiment to the
// end and 3/4 to its first two records (as an interrupted run leaves it,
// with half a line being written after them); shard 4/4 is not started.
func statusShards(t *testing.T) (dirs []string, all []Record) {
	t.Helper()
	for k := uint64(1); k <= 3; k++ {
		d := t.TempDir()
		runDir(t, context.Background(), d, testManifest(t, 20, Shard{k, 4}), nil)
		if k == 3 {
			path := filepath.Join(d, RecordsFile)
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			lines := bytes.SplitAfter(data, []byte("\n"))
			cut := append(append(lines[0], lines[1]...), lines[2][:5]...)
			if err := os.WriteFile(path, cut, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		recs, _, err := ReadRecords(d)
		if err != nil {
			t.Fatal(err)
		}
		dirs, all = append(dirs, d), append(all, recs...)
	}
	return dirs, all
}

// TestReadStatus: the shards' records are summed over the whole range,
// the ETA counts the workers of the unfinished shard only.
func TestReadStatus(t *testing.T) {
	dirs, all := statusShards(t)
	s, err := ReadStatus(dirs)
	if err != nil {
		t.Fatalf("ReadStatus: %v", err)
	}
	sum := Summarise(all)
	if sum.Deals != 12 {
		t.Fatalf("the shards hold %d records, want 5 + 5 + 2", sum.Deals)
	}
	// the recent pace is the unfinished shard's, its two records (the last)
	running := Summarise(all[10:])
	want := Status{Manifest: s.Manifest, Pace: Pace{Shards: 4, Dirs: 3, Total: 20, Done: 12, TimeMS: s.TimeMS, Workers: 2,
		Nodes: sum.Nodes, RecentMS: s.RecentMS, RecentNodes: running.Nodes},
		Won: sum.Won, Lost: sum.Lost, Unknown: sum.Unknown}
	if math.Abs(s.RecentMS-running.TotalMS) > 1e-9 {
		t.Errorf("RecentMS = %v, want the unfinished shard's %v", s.RecentMS, running.TotalMS)
	}
	if math.Abs(s.TimeMS-sum.TotalMS) > 1e-9 {
		t.Errorf("TimeMS = %v, want the records' %v", s.TimeMS, sum.TotalMS)
	}
	if !reflect.DeepEqual(s, want) {
		t.Errorf("ReadStatus = %+v, want %+v", s, want)
	}
	if s.Manifest.Shard != "1/4" {
		t.Errorf("the status's manifest is shard %s's, want the first directory's, 1/4", s.Manifest.Shard)
	}
	left := time.Duration(8 * float64(sum.Nodes) / 12 * running.TotalMS / float64(running.Nodes) * float64(time.Millisecond))
	near := func(a, b time.Duration) bool { return (a - b).Abs() <= time.Microsecond }
	if !near(s.CoreLeft(), left) || !near(s.ETA(), left/2) {
		t.Errorf("CoreLeft, ETA = %v, %v, want %v, %v", s.CoreLeft(), s.ETA(), left, left/2)
	}
	if s.WinRate() != NewWinRate(sum.Won, sum.Lost, sum.Unknown) {
		t.Errorf("WinRate = %+v", s.WinRate())
	}

	// The finished shards alone: nothing left running, no ETA.
	s, err = ReadStatus(dirs[:2])
	if err != nil {
		t.Fatalf("ReadStatus: %v", err)
	}
	if s.Done != 10 || s.Total != 20 || s.Workers != 0 || s.ETA() != 0 {
		t.Errorf("two finished shards: %+v, ETA %v; want 10 of 20 done, no workers, no ETA", s, s.ETA())
	}
}

// TestPaceRecent: the estimates go by the recent records' time a node and
// the mean nodes of a deal, so that a run's slow early hours (a loaded
// machine) do not set its pace for good; without nodes they go by the
// mean time, and the core time left by the mean CPU time where there is
// one. Only the last recentUnits records of a directory are recent.
func TestPaceRecent(t *testing.T) {
	ms := func(f float64) time.Duration { return time.Duration(f * float64(time.Millisecond)) }
	// 50 deals done at 100 ms and 1,000 nodes each; the last 10 took 10 ms each
	p := Pace{Total: 100, Done: 50, TimeMS: 50 * 100, Nodes: 50 * 1000, RecentMS: 10 * 10, RecentNodes: 10 * 1000, Workers: 2}
	if got, want := p.CoreLeft(), ms(50*10); got != want {
		t.Errorf("CoreLeft = %v, want %v (50 deals of 1,000 nodes at 10 µs a node)", got, want)
	}
	if got, want := p.ETA(), ms(50*10/2); got != want {
		t.Errorf("ETA = %v, want %v", got, want)
	}
	cpu := p
	cpu.CPUMS = 50 * 40
	if got, want := cpu.CoreLeft(), ms(50*40); got != want {
		t.Errorf("with CPU times, CoreLeft = %v, want %v (the mean CPU time)", got, want)
	}
	if got, want := cpu.ETA(), ms(50*10/2); got != want {
		t.Errorf("with CPU times, ETA = %v, want %v (the recent pace)", got, want)
	}
	plain := p
	plain.Nodes, plain.RecentNodes = 0, 0 // a player's games
	if got, want := plain.CoreLeft(), ms(50*100); got != want {
		t.Errorf("without nodes, CoreLeft = %v, want %v (the mean time)", got, want)
	}

	recs := make([]Record, recentUnits+500)
	for i := range recs {
		recs[i] = Record{TimeMS: 1, Nodes: 10}
		if i < 500 {
			recs[i] = Record{TimeMS: 1000, Nodes: 1}
		}
	}
	var q Pace
	q.addRecent(recs)
	if q.RecentMS != recentUnits || q.RecentNodes != 10*recentUnits {
		t.Errorf("addRecent over %d records: %v ms, %d nodes; want the last %d's, %d ms and %d nodes",
			len(recs), q.RecentMS, q.RecentNodes, recentUnits, recentUnits, 10*recentUnits)
	}
	q = Pace{}
	q.addRecent(recs[:3])
	if q.RecentMS != 3000 || q.RecentNodes != 3 {
		t.Errorf("addRecent over 3 records: %v ms, %d nodes; want all of them", q.RecentMS, q.RecentNodes)
	}
}

// TestReadStatusRefuses: directories that are not the shards of one
// experiment are refused, naming what is wrong.
func TestReadStatusRefuses(t *testing.T) {
	dirs, _ := statusShards(t)
	other := t.TempDir()
	m := testManifest(t, 20, Shard{4, 4})
	m.MaxNodes = 3000
	runDir(t, context.Background(), other, m, nil)
	split := t.TempDir()
	runDir(t, context.Background(), split, testManifest(t, 20, Shard{2, 5}), nil)
	merged := filepath.Join(t.TempDir(), "merged")
	if _, err := Merge(merged, dirs[:2], true); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		dirs []string
		want string
	}{
		{"none", nil, "no result directories"},
		{"twice", []string{dirs[0], dirs[1], dirs[0]}, "shard 1/4 is given twice"},
		{"other budget", []string{dirs[0], other}, "max_nodes is 2000 vs 3000"},
		{"other split", []string{dirs[0], split}, "different splits"},
		{"merged", []string{dirs[2], merged}, "give a merged directory alone"},
		{"no manifest", []string{t.TempDir()}, "manifest.json"},
		{"a file", []string{filepath.Join(dirs[0], RecordsFile)}, "is a file, not a result directory"},
	} {
		_, err := ReadStatus(tc.dirs)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: ReadStatus error %v, want one containing %q", tc.name, err, tc.want)
		}
	}
	// A merged directory alone is one experiment.
	s, err := ReadStatus([]string{merged})
	if err != nil || s.Done != 10 || s.Total != 20 || s.Shards != 1 {
		t.Errorf("merged: %+v, %v; want 10 of 20 deals, one shard", s, err)
	}
}

// TestStatusLine: the line for a run under way, one done, one whose
// unfinished shards are not there, and one not started.
func TestStatusLine(t *testing.T) {
	for _, tc := range []struct {
		s    Status
		want string
	}{
		{Status{Pace: Pace{Shards: 8, Dirs: 3, Total: 2000, Done: 700, TimeMS: 700 * 30, Workers: 4}, Won: 500, Lost: 150, Unknown: 50},
			"700 of 2000 deals (3 of 8 shards started): 500 won, 150 lost, 50 unknown; " +
				"win rate 74.712 ± 6.739 % (95% Wilson, unknowns counted either way); " +
				"mean 30.0 ms a deal, 39s core time left; ETA 10s at 4 deals at once"},
		{Status{Pace: Pace{Shards: 1, Dirs: 1, Total: 10, Done: 10, TimeMS: 10 * 2000}, Won: 10},
			"10 of 10 deals: 10 won, 0 lost, 0 unknown; win rate 86.123 ± 13.877 % (95% Wilson); " +
				"mean 2.00 s a deal, done"},
		{Status{Pace: Pace{Shards: 2, Dirs: 1, Total: 1000000, Done: 500000, TimeMS: 500000 * 100}, Won: 400000, Lost: 100000},
			"500000 of 1000000 deals (1 of 2 shards started): 400000 won, 100000 lost, 0 unknown; " +
				"win rate 80.000 ± 0.111 % (95% Wilson); mean 100.0 ms a deal, " +
				"13.9 h core time left; ETA unknown: no directory left unfinished (start the missing shards)"},
		{Status{Pace: Pace{Shards: 1, Dirs: 1, Total: 10, Done: 5, TimeMS: 5 * 2000, Workers: 1}, Won: 5},
			"5 of 10 deals: 5 won, 0 lost, 0 unknown; win rate 78.276 ± 21.724 % (95% Wilson); " +
				"mean 2.00 s a deal, 10s core time left; ETA 10s at one deal at a time"},
		{Status{Pace: Pace{Shards: 4, Dirs: 1, Total: 100, Workers: 2}},
			"0 of 100 deals (1 of 4 shards started): 0 won, 0 lost, 0 unknown"},
	} {
		if got := tc.s.Line(); got != tc.want {
			t.Errorf("Line() =\n%s\nwant\n%s", got, tc.want)
		}
	}
}

// TestCPUTime: a run of one worker gives every record its CPU time, and
// the status counts the core time left from it; a run of more workers
// gives none, and a status over both falls back to the records' times.
func TestCPUTime(t *testing.T) {
	if _, ok := processCPU(); !ok {
		t.Skip("this system does not tell a process's CPU time")
	}
	one := t.TempDir()
	m := testManifest(t, 20, Shard{1, 2})
	m.Workers = 1
	runDir(t, context.Background(), one, m, nil)
	recs, _, err := ReadRecords(one)
	if err != nil {
		t.Fatal(err)
	}
	var cpu float64
	for _, r := range recs {
		if r.CPUMS <= 0 {
			t.Fatalf("seed %d of a one-worker run has no CPU time: %+v", r.Seed, r)
		}
		cpu += r.CPUMS
	}
	s, err := ReadStatus([]string{one})
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(s.CPUMS-cpu) > 1e-6 || s.Done != 10 || s.Total != 20 {
		t.Fatalf("status: CPU %v of %d of %d deals, want %v of 10 of 20", s.CPUMS, s.Done, s.Total, cpu)
	}
	want := time.Duration(10 * cpu / 10 * float64(time.Millisecond))
	if d := s.CoreLeft() - want; d.Abs() > time.Microsecond {
		t.Errorf("CoreLeft = %v, want %v: the mean CPU time of the 10 done", s.CoreLeft(), want)
	}
	if line := s.Line(); !strings.Contains(line, "(CPU "+formatMS(cpu/10)+")") {
		t.Errorf("status line %q does not give the mean CPU time %s", line, formatMS(cpu/10))
	}

	two := t.TempDir()
	runDir(t, context.Background(), two, testManifest(t, 20, Shard{2, 2}), nil)
	recs2, _, err := ReadRecords(two)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs2 {
		if r.CPUMS != 0 {
			t.Fatalf("seed %d of a two-worker run has a CPU time: %+v", r.Seed, r)
		}
	}
	s, err = ReadStatus([]string{one, two})
	if err != nil {
		t.Fatal(err)
	}
	if s.CPUMS != 0 || strings.Contains(s.Line(), "CPU") {
		t.Errorf("a status over runs with and without CPU times gives CPU %v: %q", s.CPUMS, s.Line())
	}
}

// TestAfterPass: a retried deal's record sums the passes' times, nodes
// and CPU times, the last only when both records have one.
func TestAfterPass(t *testing.T) {
	b := Record{Seed: 7, Verdict: "unknown", TimeMS: 10, CPUMS: 9, Nodes: 100, TableBytes: 64}
	r := Record{Seed: 7, Verdict: "won", TimeMS: 20, CPUMS: 18, Nodes: 300, TableBytes: 32, SolutionLen: 90}
	got := afterPass(b, r)
	want := Record{Seed: 7, Verdict: "won", TimeMS: 30, CPUMS: 27, Nodes: 400, TableBytes: 64, SolutionLen: 90}
	if got != want {
		t.Errorf("afterPass = %+v, want %+v", got, want)
	}
	b.CPUMS = 0
	if got := afterPass(b, r); got.CPUMS != 0 || got.TimeMS != 30 {
		t.Errorf("afterPass of a record without CPU time = %+v, want CPU 0, time 30", got)
	}
}
