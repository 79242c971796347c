package results

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/solver"
)

// Record is the outcome of one deal.
type Record struct {
	Seed    uint64  `json:"seed"`
	Verdict string  `json:"verdict"`
	Stop    string  `json:"stop,omitempty"`
	TimeMS  float64 `json:"time_ms"`
	// CPUMS is the CPU time of the process while it computed this record,
	// one record at a time (a run of one worker, withCPU), garbage
	// collection included: the deal's cost, which other work inflates far
	// less than TimeMS. 0 when not measured (more workers, older records,
	// a system that does not tell it).
	CPUMS       float64 `json:"cpu_ms,omitempty"`
	Nodes       int64   `json:"nodes,omitempty"`
	States      int64   `json:"states,omitempty"`
	TableBytes  int64   `json:"table_bytes,omitempty"`
	SolutionLen int     `json:"solution_len,omitempty"`
	// Play is set for a game played by a player (Manifest.Player).
	Play *PlayRecord `json:"play,omitempty"`
	// Grade is set for a won deal of a graded run (Manifest.Grading).
	Grade *GradeRecord `json:"grade,omitempty"`
}

// cpuTotal sums CPU times (Record.CPUMS), which are known only when every
// record summed has one: a run of several workers, or of a build before
// CPU times were recorded, has none, and a sum without them would pass
// for the whole.
type cpuTotal struct {
	ms      float64
	missing bool
}

// add adds the CPU times summed over n records, ms (0 when not all of
// them had one); n = 0 adds nothing.
func (c *cpuTotal) add(ms float64, n int) {
	if n == 0 {
		return
	}
	c.ms += ms
	c.missing = c.missing || ms <= 0
}

// total is the sum, or 0 when a record had no CPU time.
func (c *cpuTotal) total() float64 {
	if c.missing {
		return 0
	}
	return c.ms
}

// DealFunc returns the deal of a seed.
type DealFunc func(seed uint64) (engine.Layout, error)

// SolveDeals solves the deals of seeds on workers goroutines, one deal per
// goroutine at a time, each with a search of its own (opt.Workers is
// ignored: a deal is searched by one goroutine), so every verdict and node
// count is what one core alone would give. each is called with every
// record as it completes, from one goroutine at a time. It stops early when
// ctx is cancelled; deals in flight then end as unknown and are not
// passed to each.
func SolveDeals(ctx context.Context, g *engine.Game, deal DealFunc, seeds []uint64,
	opt solver.Options, workers int, each func(Record)) error {
	opt.Workers = 1
	return eachDeal(ctx, seeds, workers, func(seed uint64) (Record, error) {
		return SolveOne(ctx, g, deal, seed, opt)
	}, each)
}

// SolverBugError is a solution of the solver's that does not replay under
// the rules: a bug of the program, never a result.
type SolverBugError struct {
	Seed uint64
	Err  error
}

func (e *SolverBugError) Error() string {
	return fmt.Sprintf("seed %d: the solver's solution does not replay: %v", e.Seed, e.Err)
}

func (e *SolverBugError) Unwrap() error { return e.Err }

// SolveOne solves one deal and checks a won verdict by replaying its
// solution: a solution that does not replay is an error, never a result.
func SolveOne(ctx context.Context, g *engine.Game, deal DealFunc, seed uint64, opt solver.Options) (Record, error) {
	s, err := startState(g, deal, seed)
	if err != nil {
		return Record{}, err
	}
	return solveState(ctx, s, seed, opt)
}

// startState is the start position of deal seed.
func startState(g *engine.Game, deal DealFunc, seed uint64) (engine.State, error) {
	l, err := deal(seed)
	if err != nil {
		return engine.State{}, fmt.Errorf("seed %d: %v", seed, err)
	}
	s, err := g.NewState(l)
	if err != nil {
		return engine.State{}, fmt.Errorf("seed %d: %v", seed, err)
	}
	return s, nil
}

// solveState is SolveOne from the start position s of deal seed.
func solveState(ctx context.Context, s engine.State, seed uint64, opt solver.Options) (Record, error) {
	res := solver.Solve(ctx, s, opt)
	if res.Verdict == solver.Won {
		if err := engine.VerifyMoves(s, res.Solution); err != nil {
			return Record{}, &SolverBugError{Seed: seed, Err: err}
		}
	}
	return Record{
		Seed: seed, Verdict: res.Verdict.String(), Stop: res.Stats.Stop.String(),
		TimeMS: float64(res.Stats.Elapsed) / float64(time.Millisecond),
		Nodes:  res.Stats.Nodes, States: res.Stats.Stored, TableBytes: res.Stats.TableSize,
		SolutionLen: len(res.Solution),
	}, nil
}

// Summary sums up records.
type Summary struct {
	Deals, Won, Lost, Unknown int
	MeanMS, MedianMS, P99MS   float64
	MaxMS                     float64
	TotalMS                   float64 // the records' times summed
	// CPUMS is the records' CPU times summed when every record has one
	// (Record.CPUMS), else 0.
	CPUMS         float64
	MaxTableBytes int64
	Nodes         int64
	NodesPerSec   float64
}

// Summarise computes a Summary.
func Summarise(recs []Record) Summary {
	var s Summary
	times := make([]float64, 0, len(recs))
	var total float64
	var cpu cpuTotal
	for _, r := range recs {
		cpu.add(r.CPUMS, 1)
		s.Deals++
		switch r.Verdict {
		case "won":
			s.Won++
		case "lost":
			s.Lost++
		default:
			s.Unknown++
		}
		times = append(times, r.TimeMS)
		total += r.TimeMS
		s.Nodes += r.Nodes
		s.MaxTableBytes = max(s.MaxTableBytes, r.TableBytes)
	}
	if len(times) == 0 {
		return s
	}
	slices.Sort(times)
	s.TotalMS = total
	s.CPUMS = cpu.total()
	s.MeanMS = total / float64(len(times))
	s.MedianMS = quantile(times, 0.5)
	s.P99MS = quantile(times, 0.99)
	s.MaxMS = times[len(times)-1]
	if total > 0 {
		s.NodesPerSec = float64(s.Nodes) / (total / 1000)
	}
	return s
}

// quantile of sorted xs by the nearest-rank method.
func quantile(xs []float64, q float64) float64 {
	k := int(q*float64(len(xs))+0.999999) - 1
	k = min(max(k, 0), len(xs)-1)
	return xs[k]
}
