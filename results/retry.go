package results

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"time"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/solver"
)

// A retry pass solves again, with a larger budget, the deals a finished
// thoughtful experiment left unknown (klondike retry). Pass k writes its
// records to DIR/retry-k.jsonl, one line per deal as the first pass does,
// and is described in the manifest's Retries[k-1]. Reading the directory
// (LoadResult) applies the passes in order: a retried deal takes the
// pass's verdict, stop, solution length, states and table size, and the
// time and nodes of every pass added up, so the records say what the
// deal cost in all. The first pass cannot be continued or grown once a
// retry pass exists, and shard directories are retried after merging.

// Retry describes one retry pass.
type Retry struct {
	Budget        string   `json:"budget"`    // wall time per deal (a Go duration; "0s" none)
	MaxNodes      int64    `json:"max_nodes"` // nodes per deal; 0 none
	Mem           int64    `json:"mem"`       // transposition table bytes per deal; 0 none
	SolverVersion string   `json:"solver_version"`
	GoVersion     string   `json:"go_version"`
	Commit        string   `json:"commit"`
	ContinuedBy   []string `json:"continued_by,omitempty"`
}

// RetryFile is the records file of retry pass k (from 1).
func RetryFile(k int) string { return fmt.Sprintf("retry-%d.jsonl", k) }

// sameSearch tells whether two passes search the rules r alike: the same
// budgets, and solver versions that search r alike (SameSearch).
func (a *Retry) sameSearch(b *Retry, r *engine.Rules) bool {
	return a.Budget == b.Budget && a.MaxNodes == b.MaxNodes && a.Mem == b.Mem && SameSearch(a.SolverVersion, b.SolverVersion, r)
}

func (a *Retry) build() string { return a.Commit + ", " + a.GoVersion }

// wider tells whether a gives the search more room than b in some budget
// (0 being no limit).
func (a *Retry) wider(b *Retry) bool {
	more := func(x, y int64) bool { return y != 0 && (x == 0 || x > y) }
	da, _ := time.ParseDuration(a.Budget)
	db, _ := time.ParseDuration(b.Budget)
	return more(a.MaxNodes, b.MaxNodes) || more(int64(da), int64(db)) || more(a.Mem, b.Mem)
}

// RetryOptions say how RunRetry solves a directory's unknown deals again.
type RetryOptions struct {
	Dir      string
	Budget   time.Duration
	MaxNodes int64
	Mem      int64
	Workers  int
	// FlushEvery, FlushRecords, Progress and Torn are as in RunOptions;
	// the progress counts the deals of this pass.
	FlushEvery   time.Duration
	FlushRecords int
	Progress     func(Progress)
	Torn         func(file string, bytes int64)
}

// RetryResult is how a retry run ended.
type RetryResult struct {
	Progress
	Pass        int  // the pass run (from 1)
	New         bool // the pass was started by this run
	Interrupted bool
	TornBytes   int64
}

// RunRetry solves again, with o's budgets, the deals of o.Dir that are
// unknown before the pass it runs. It continues the last pass when that
// pass's budgets and solver version are o's, and starts a new pass
// otherwise, which is refused if the last pass is not finished or if the
// pass before had the same solver version and budgets at least as large
// (a retry is for more room or another solver). The first pass must be
// finished and thoughtful. Records are written, resumed and interrupted
// as Run's.
func RunRetry(ctx context.Context, o RetryOptions) (RetryResult, error) {
	var res RetryResult
	unlock, err := lockDir(o.Dir, false)
	if err != nil {
		return res, err
	}
	defer unlock()
	m, recs, _, err := readRun(o.Dir)
	if err != nil {
		return res, err
	}
	if m.Player != "" {
		return res, fmt.Errorf("%s: retry solves again the unknown deals of a thoughtful experiment; this one was played by the %s player", o.Dir, m.Player)
	}
	if m.Grading != nil {
		return res, fmt.Errorf("%s: a winnable search grades its won deals; retry does not (search again with a larger budget in another directory)", o.Dir)
	}
	if sh, err := ParseShard(m.Shard); err == nil && sh.N > 1 {
		return res, fmt.Errorf("%s is shard %s of its experiment; merge the shards first (klondike merge) and retry the merged directory", o.Dir, sh)
	}
	base := Result{Dir: o.Dir, Manifest: m, Records: recs}
	if exp := base.Expected(); len(recs) < exp {
		return res, unfinished(o.Dir, &m, len(recs), exp, "retrying its unknown deals")
	}
	want := Retry{Budget: o.Budget.String(), MaxNodes: o.MaxNodes, Mem: o.Mem, SolverVersion: SolverVersion,
		GoVersion: runtime.Version(), Commit: Commit()}
	k := len(m.Retries)
	// the verdicts before the pass to run
	before := recs
	if k > 0 && m.Retries[k-1].sameSearch(&want, &m.Rules) {
		if before, _, err = applyRetries(o.Dir, k-1, recs); err != nil {
			return res, err
		}
		last := &m.Retries[k-1]
		if b := withVersion(want.build(), want.SolverVersion, last.SolverVersion); b != last.build() && !slices.Contains(last.ContinuedBy, b) {
			last.ContinuedBy = append(last.ContinuedBy, b)
			if err := WriteManifest(o.Dir, &m); err != nil {
				return res, err
			}
		}
	} else {
		prev := Retry{Budget: m.Budget, MaxNodes: m.MaxNodes, Mem: m.Mem, SolverVersion: m.SolverVersion}
		if k > 0 {
			prev = m.Retries[k-1]
		}
		if SameSearch(prev.SolverVersion, want.SolverVersion, &m.Rules) && !want.wider(&prev) {
			return res, fmt.Errorf("%s: the pass before ran with the same solver version (or one that searches this game alike) and budgets at least as large (%s); a retry needs a larger budget or another solver version", o.Dir, retrySummary(&prev))
		}
		var passes []PassCount
		if before, passes, err = applyRetries(o.Dir, k, recs); err != nil {
			return res, err
		}
		if k > 0 && passes[k-1].Done < passes[k-1].Of {
			return res, fmt.Errorf("%s: retry pass %d (%s) has %d of its %d deals; finish it first (klondike retry with its budgets)",
				o.Dir, k, retrySummary(&m.Retries[k-1]), passes[k-1].Done, passes[k-1].Of)
		}
		if countUnknown(before) == 0 {
			return res, fmt.Errorf("%s: no deal is unknown; there is nothing to retry", o.Dir)
		}
		m.Retries = append(m.Retries, want)
		k++
		res.New = true
		if err := WriteManifest(o.Dir, &m); err != nil {
			return res, err
		}
	}
	res.Pass = k
	var targets []uint64
	for _, r := range before {
		if r.Verdict == "unknown" {
			targets = append(targets, r.Seed)
		}
	}
	slices.Sort(targets)
	done, good, err := readRetry(o.Dir, k)
	if err != nil {
		return res, err
	}
	path := filepath.Join(o.Dir, RetryFile(k))
	if st, err := os.Stat(path); err == nil && st.Size() > good {
		res.TornBytes = st.Size() - good
		if err := os.Truncate(path, good); err != nil {
			return res, err
		}
		if o.Torn != nil {
			o.Torn(path, res.TornBytes)
		}
	}
	p := Progress{Total: len(targets), Resumed: len(done), Done: len(done)}
	have := make(map[uint64]bool, len(done))
	for _, r := range done {
		if _, ok := slices.BinarySearch(targets, r.Seed); !ok {
			return res, fmt.Errorf("%s: seed %d was not unknown before pass %d", path, r.Seed, k)
		}
		have[r.Seed] = true
		p.count(r)
	}
	todo := make([]uint64, 0, len(targets)-len(done))
	for _, s := range targets {
		if !have[s] {
			todo = append(todo, s)
		}
	}
	g, err := engine.NewGame(m.Rules)
	if err != nil {
		return res, fmt.Errorf("rules: %v", err)
	}
	deal, err := m.Dealer()
	if err != nil {
		return res, err
	}
	opt := solver.Options{Budget: o.Budget, MaxNodes: o.MaxNodes, Mem: o.Mem, Workers: 1}
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	err = runRecords(runCtx, cancel, o.Dir, path, todo, max(o.Workers, 1), o.FlushEvery, o.FlushRecords,
		func(seed uint64) (Record, error) { return SolveOne(runCtx, g, deal, seed, opt) }, &p, o.Progress, nil)
	res.Progress = p
	res.Interrupted = ctx.Err() != nil && p.Done < p.Total
	return res, err
}

func countUnknown(recs []Record) int {
	n := 0
	for _, r := range recs {
		if r.Verdict == "unknown" {
			n++
		}
	}
	return n
}

// readRetry reads the records of retry pass k, leaving out a torn last
// line (good is the file's length without it).
func readRetry(dir string, k int) ([]Record, int64, error) {
	return readLines(dir, RetryFile(k), RetryFile(k)+".gz", parseRecord)
}

// PassCount says how far a retry pass is: Done of the Of deals unknown
// before it, in TimeMS of its own records' times summed, CPUMS of their
// CPU times when every one has it (else 0).
type PassCount struct {
	Done, Of      int
	TimeMS, CPUMS float64
}

// applyRetries returns recs with retry passes 1..n applied, and how far
// each pass is: each retried deal takes the pass's verdict and the sum of
// the passes' time and nodes. A pass's record of a deal that was not
// unknown before it is an error.
func applyRetries(dir string, n int, recs []Record) ([]Record, []PassCount, error) {
	if n == 0 {
		return recs, nil, nil
	}
	var counts []PassCount
	out := slices.Clone(recs)
	at := map[uint64]int{} // the deals unknown before the first pass: only they may be retried
	for i, r := range out {
		if r.Verdict == "unknown" {
			at[r.Seed] = i
		}
	}
	for k := 1; k <= n; k++ {
		rs, _, err := readRetry(dir, k)
		if err != nil {
			return nil, nil, err
		}
		sum := Summarise(rs)
		counts = append(counts, PassCount{Done: len(rs), Of: countUnknown(out), TimeMS: sum.TotalMS, CPUMS: sum.CPUMS})
		for _, r := range rs {
			i, ok := at[r.Seed]
			if !ok || out[i].Verdict != "unknown" {
				return nil, nil, fmt.Errorf("%s: seed %d was not unknown before pass %d", filepath.Join(dir, RetryFile(k)), r.Seed, k)
			}
			out[i] = afterPass(out[i], r)
		}
	}
	return out, counts, nil
}

// afterPass is a deal's record after a retry pass: the pass's record r
// of it, with the time, CPU time and nodes of every pass before (b's)
// added and the larger table. The CPU time is known only when both
// records have one (Record.CPUMS), else 0.
func afterPass(b, r Record) Record {
	r.TimeMS += b.TimeMS
	var cpu cpuTotal
	cpu.add(r.CPUMS, 1)
	cpu.add(b.CPUMS, 1)
	r.CPUMS = cpu.total()
	r.Nodes += b.Nodes
	r.TableBytes = max(r.TableBytes, b.TableBytes)
	return r
}

// retrySummary writes a pass's budgets and solver, e.g. "60000000 nodes,
// 4.0 GiB, solver v4".
func retrySummary(r *Retry) string {
	return budgetSummary(r.Budget, r.MaxNodes, r.Mem) + ", solver v" + r.SolverVersion
}
