package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/klondike-family/klondike/results"
	"github.com/spf13/cobra"
)

type retryOptions struct {
	out      string
	budget   time.Duration
	maxNodes int64
	mem      string
	workers  int
}

func newRetryCmd(stdout, stderr io.Writer) *cobra.Command {
	o := &retryOptions{}
	cmd := &cobra.Command{
		Use:   "retry --out DIR (--max-nodes N | --budget D) [--mem M] [--workers J]",
		Short: "Solve the unknown deals of a finished experiment again with a larger budget",
		Long: `Solve again, with the budgets given, every deal a finished thoughtful
experiment (klondike winrate) left unknown, and record the new verdicts as a
retry pass: DIR/retry-K.jsonl, one JSON line per deal, with the pass's budgets,
solver version and build in DIR/manifest.json. Report, claims and paired
comparisons then read each retried deal's last verdict, with the time and
nodes of every pass added up, and the report's budget column lists the passes.

Running the same command again continues the pass (resumed, interrupted and
synced as winrate's records); other budgets start a new pass over the deals
still unknown, once the last one is finished. A pass with the solver version of
the pass before and no larger budget (--max-nodes, --budget or --mem) is
refused: a retry is for more room or another solver. --budget has no default
here (no time limit; winrate's is 1m), so a pass of the first pass's
--max-nodes alone has more room when the first pass had a time budget.
The first pass is closed once retried (winrate refuses to continue or grow it),
and shard directories are retried after 'klondike merge'.`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return runRetry(ctx, stdout, stderr, o)
		},
	}
	fs := cmd.Flags()
	fs.StringVar(&o.out, "out", "", "result directory of a finished experiment (required)")
	addBudgetFlags(fs, &o.budget, &o.maxNodes, &o.mem, 0)
	addWorkersFlag(fs, &o.workers)
	return cmd
}

func runRetry(ctx context.Context, stdout, stderr io.Writer, o *retryOptions) error {
	mem, err := checkBudgets(o.budget, o.maxNodes, o.workers, o.mem)
	if err != nil {
		return err
	}
	switch {
	case o.out == "":
		return usageErrorf("give the result directory: --out DIR")
	case o.budget == 0 && o.maxNodes == 0:
		return usageErrorf("give a budget: --max-nodes N or --budget D (a retry without one may never end)")
	}
	if _, err := os.Stat(o.out); err != nil {
		return usageErrorf("--out %s: %v", o.out, bareErr(err))
	}
	if err := checkOutDir("--out", o.out); err != nil {
		return err
	}
	pp := newProgressPrinter("retry", stderr)
	pp.countsOnly = true
	res, err := results.RunRetry(ctx, results.RetryOptions{Dir: o.out, Budget: o.budget, MaxNodes: o.maxNodes,
		Mem: mem, Workers: o.workers, Progress: pp.update, Torn: tornNotice(stderr, "retry", "solved its deal")})
	pp.finish()
	if err != nil {
		return runError(err)
	}
	p := res.Progress
	line := fmt.Sprintf("%s pass %d: %d of %d deals retried: %d won, %d lost, %d unknown", o.out, res.Pass, p.Done, p.Total, p.Won, p.Lost, p.Unknown)
	// The win rate is the directory's, every deal with its last verdict:
	// the retried deals alone are the hardest ones, not a sample.
	if all, err := results.LoadResult(o.out); err == nil {
		s := results.Summarise(all.Records)
		wr := all.WinRate()
		line += fmt.Sprintf("; %s in all: %d deals: %d won, %d lost, %d unknown; win rate %s %% (%s)",
			o.out, s.Deals, s.Won, s.Lost, s.Unknown, wr.Text(), wr.Basis())
	}
	fmt.Fprintln(stdout, line)
	if res.Interrupted {
		return &exitError{code: exitInterrupted, err: fmt.Errorf(
			"interrupted: %d of %d deals of retry pass %d recorded in %s; run the same command again to continue",
			res.Done, res.Total, res.Pass, o.out)}
	}
	return nil
}
