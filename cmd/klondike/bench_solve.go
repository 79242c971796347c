package main

import (
	"context"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/results"
	"github.com/klondike-family/klondike/solver"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

type benchSolveOptions struct {
	rules    ruleOptions
	deals    int
	from     uint64
	budget   time.Duration
	mem      string
	workers  int
	json     bool
	progress time.Duration // between progress lines on stderr
}

func newBenchSolveCmd(stdout, stderr io.Writer) *cobra.Command {
	o := &benchSolveOptions{progress: 5 * time.Second}
	cmd := &cobra.Command{
		Use:   "solve [--game G] [rule flags] [--deals N] [--from S] [--budget D] [--mem M] [--workers J] [--json]",
		Short: "Solve a fixed set of deals and sum up verdicts, times and memory",
		Long: `Solve native deals S..S+N-1 of a game, each by one goroutine (one core) with
the budget given, and print the deals, the share decided, won, lost and
unknown, the mean, median, 99th percentile and largest time per deal, the
peak table memory per deal and the states expanded per second. --workers
solves that many deals at once. Progress goes to stderr every few seconds;
--json prints one JSON object instead of the table. Ctrl-C stops and sums
up the deals done.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return runBenchSolve(ctx, stdout, stderr, cmd.Flags(), o)
		},
	}
	fs := cmd.Flags()
	addRuleFlags(fs, &o.rules)
	fs.IntVar(&o.deals, "deals", 200, "number of deals")
	fs.Uint64Var(&o.from, "from", 0, "first native seed")
	fs.DurationVar(&o.budget, "budget", 10*time.Second, "wall-time budget per deal; 0 for none")
	fs.StringVar(&o.mem, "mem", "1GiB", "transposition table memory per deal, e.g. 512MiB; 0 for no limit")
	fs.IntVar(&o.workers, "workers", 1, "deals solved at once, one core each")
	fs.BoolVar(&o.json, "json", false, "print one JSON object")
	return cmd
}

// runBenchSolve solves the deal set o names and writes the summary to w,
// progress lines to errw.
func runBenchSolve(ctx context.Context, w, errw io.Writer, fs *pflag.FlagSet, o *benchSolveOptions) error {
	vg, g, err := o.rules.resolve(fs)
	if err != nil {
		return err
	}
	mem, err := checkBudgets(o.budget, 0, o.workers, o.mem)
	if err != nil {
		return err
	}
	switch {
	case o.deals < 1:
		return usageErrorf("--deals %d: want 1 or more", o.deals)
	case o.from+uint64(o.deals-1) < o.from:
		return usageErrorf("--from %d --deals %d: seeds past 2^64-1", o.from, o.deals)
	}
	seeds := make([]uint64, o.deals)
	for i := range seeds {
		seeds[i] = o.from + uint64(i)
	}
	deal := func(seed uint64) (engine.Layout, error) { return engine.NativeDeal(&g.Rules, seed), nil }

	var (
		mu                 sync.Mutex
		recs               []results.Record
		won, lost, unknown int
	)
	start := time.Now()
	progress := func() {
		mu.Lock()
		defer mu.Unlock()
		results.BenchProgress(errw, len(recs), o.deals, won, lost, unknown, time.Since(start))
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
	err = results.SolveDeals(ctx, g, deal, seeds, solver.Options{Budget: o.budget, Mem: mem}, o.workers,
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
		return failErrorf("%v", err)
	}
	progress()
	b := results.BenchSolve{
		Game: vg.Name, Rules: describeRules(&g.Rules), From: o.from,
		Budget: o.budget, Mem: mem, Workers: o.workers,
		WallSeconds: time.Since(start).Seconds(), PeakRSSBytes: peakRSS(),
	}
	b.SummariseBench(recs)
	if o.json {
		return b.WriteJSON(w)
	}
	return b.WriteText(w)
}
