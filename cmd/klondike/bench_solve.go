package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/klondike-family/klondike/results"
	"github.com/klondike-family/klondike/solver"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

type benchSolveOptions struct {
	rules    ruleOptions
	deals    uint64
	from     string
	seedType string
	budget   time.Duration
	maxNodes int64
	mem      string
	workers  int
	json     bool
	out      string
	progress time.Duration // between progress lines on stderr
}

func newBenchSolveCmd(stdout, stderr io.Writer) *cobra.Command {
	o := &benchSolveOptions{progress: 5 * time.Second}
	cmd := &cobra.Command{
		Use:   "solve [--game G] [rule flags] [--deals N] [--from S] [--seed-type T] [--budget D] [--max-nodes K] [--mem M] [--workers J] [--json] [--out DIR]",
		Short: "Solve a fixed set of deals and sum up verdicts, times and memory",
		Long: `Solve deals S..S+N-1 of a game (native, or of the numbering --seed-type
names, as in winrate), each by one goroutine (one core) with the budget
given, and print the deals, the share decided, won, lost and unknown, the
mean, median, 99th percentile and largest time per deal, the peak table
memory per deal and the states expanded per second. --workers solves that
many deals at once. Progress goes to stderr every few seconds;
--json prints one JSON object instead of the table. Ctrl-C stops and sums
up the deals done.

--out DIR keeps one record per deal in DIR, as 'klondike winrate --out'
does (the same manifest, so 'klondike report' and 'klondike retry' read it
too): a run stopped part way (Ctrl-C, SIGTERM, a crash) is continued by the
same command, and the summary covers every deal recorded in DIR. For
benchmarks too long for one sitting, such as 10,000 deals at 60 s each.
The wall time and peak RSS are then this run's only.`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return runBenchSolve(ctx, stdout, stderr, cmd.Flags(), o)
		},
	}
	fs := cmd.Flags()
	addRuleFlags(fs, &o.rules)
	addCountFlag(fs, &o.deals, "deals", 200, "number of deals: seeds in the range")
	addFromFlag(fs, &o.from)
	addSeedTypeFlag(fs, &o.seedType)
	addBudgetFlags(fs, &o.budget, &o.maxNodes, &o.mem, 10*time.Second)
	addWorkersFlag(fs, &o.workers)
	addJSONFlag(fs, &o.json)
	fs.StringVar(&o.out, "out", "", "keep the records in DIR and continue a run stopped part way")
	return cmd
}

// runBenchSolve solves the deal set o names and writes the summary to w,
// progress lines to errw.
func runBenchSolve(ctx context.Context, w, errw io.Writer, fs *pflag.FlagSet, o *benchSolveOptions) error {
	vg, g, err := o.rules.resolve(fs)
	if err != nil {
		return err
	}
	mem, err := checkBudgets(o.budget, o.maxNodes, o.workers, o.mem)
	if err != nil {
		return err
	}
	from, err := seedNumber(o.seedType, "--from", o.from)
	if err != nil {
		return usageError(err)
	}
	switch {
	case o.deals < 1:
		return usageErrorf("--deals %d: want 1 or more", o.deals)
	case o.deals > 1<<24:
		return usageErrorf("--deals %d: at most %d in one benchmark", o.deals, 1<<24)
	case from+o.deals-1 < from:
		return usageErrorf("--from %d --deals %d: seeds past 2^64-1", from, o.deals)
	}
	if err := checkNegativeRange(o.seedType, o.from, from, o.deals); err != nil {
		return usageError(err)
	}
	// The manifest checks the seeds against the numbering and the game
	// (runBenchSolveDir records it; without --out only its dealer is used).
	m, err := results.NewManifest(vg.Name, g.Rules, o.seedType, from, o.deals, results.Whole, o.budget, o.maxNodes, mem, o.workers)
	if err != nil {
		return usageError(err)
	}
	if o.out != "" {
		if err := checkOutDir("--out", o.out); err != nil {
			return err
		}
		return runBenchSolveDir(ctx, w, errw, o, m)
	}
	deal, err := m.Dealer()
	if err != nil {
		return usageError(err)
	}
	seeds := make([]uint64, o.deals)
	for i := range seeds {
		seeds[i] = from + uint64(i)
	}
	b := results.BenchSolve{
		Game: vg.Name, Rules: describeRules(&g.Rules), SeedType: m.SeedType, From: from,
		Budget: o.budget, MaxNodes: o.maxNodes, Mem: mem, Workers: o.workers,
	}

	var (
		mu                 sync.Mutex
		recs               []results.Record
		won, lost, unknown int
	)
	start := time.Now()
	progress := func() {
		mu.Lock()
		defer mu.Unlock()
		results.BenchProgress(errw, len(recs), int(o.deals), won, lost, unknown, time.Since(start))
	}
	done, exited := make(chan struct{}), make(chan struct{})
	ticker := time.NewTicker(o.progress)
	go func() {
		defer close(exited)
		for {
			select {
			case <-ticker.C:
				progress()
			case <-done:
				return
			}
		}
	}()
	err = results.SolveDeals(ctx, g, deal, seeds, solver.Options{Budget: o.budget, MaxNodes: o.maxNodes, Mem: mem}, o.workers,
		func(r results.Record) {
			mu.Lock()
			defer mu.Unlock()
			recs = append(recs, r)
			switch r.Verdict {
			case "won":
				won++
			case "lost":
				lost++
			default:
				unknown++
			}
		})
	ticker.Stop()
	close(done)
	<-exited
	if err != nil {
		return runError(err)
	}
	progress()
	b.WallSeconds, b.PeakRSSBytes = time.Since(start).Seconds(), peakRSS()
	b.SummariseBench(recs)
	interrupted := len(recs) < int(o.deals)
	if interrupted {
		b.Range = int(o.deals) // the summary says "3 of 10 so far"
	}
	if err := writeBench(w, &b, o.json); err != nil {
		return err
	}
	if interrupted {
		return &exitError{code: exitInterrupted, err: fmt.Errorf(
			"interrupted: %d of %d deals solved; the summary covers those only (--out DIR keeps them and continues)", len(recs), o.deals)}
	}
	return nil
}

func writeBench(w io.Writer, b *results.BenchSolve, asJSON bool) error {
	if asJSON {
		return b.WriteJSON(w)
	}
	return b.WriteText(w)
}

// runBenchSolveDir runs the benchmark m describes through the win-rate
// runner into o.out, resumably, and sums up every deal recorded there.
func runBenchSolveDir(ctx context.Context, w, errw io.Writer, o *benchSolveOptions, m results.Manifest) error {
	start := time.Now()
	last := time.Time{}
	res, err := results.Run(ctx, results.RunOptions{Dir: o.out, Manifest: m, Progress: func(p results.Progress) {
		if now := time.Now(); p.Final || now.Sub(last) >= o.progress {
			last = now
			results.BenchProgress(errw, p.Done, p.Total, p.Won, p.Lost, p.Unknown, p.Elapsed)
		}
	}, Torn: tornNotice(errw, "bench solve", "solved its deal")})
	if err != nil {
		return runError(err)
	}
	done, err := results.LoadResult(o.out)
	if err != nil {
		return runError(err)
	}
	sum, err := results.BenchFromResult(&done)
	if err != nil {
		return runError(err)
	}
	sum.WallSeconds, sum.PeakRSSBytes = time.Since(start).Seconds(), peakRSS()
	if err := writeBench(w, &sum, o.json); err != nil {
		return err
	}
	return interruptedError(res, o.out)
}
