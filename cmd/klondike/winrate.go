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
	"github.com/spf13/pflag"
)

type winrateOptions struct {
	rules    ruleOptions
	deals    uint64
	from     string
	seedType string
	workers  int
	budget   time.Duration
	maxNodes int64
	mem      string
	shard    string
	out      string
	grow     bool
	player   playerOptions
}

func newWinrateCmd(stdout, stderr io.Writer) *cobra.Command {
	o := &winrateOptions{}
	cmd := &cobra.Command{
		Use:   "winrate --deals N [--from S] [--game G] [rule flags] --out DIR",
		Short: "Solve many deals and record the win rate, resumably",
		Long: `Solve deals S..S+N-1 (or this shard's part of them) and write one JSON line
per deal to DIR/records.jsonl, after DIR/manifest.json, which says how they
were made. Running the same command again continues where it stopped; a DIR
made with other flags (but --workers) is refused; another build of the
program may continue it if its solver and player versions are the same
(the solver's matters only to the planner and the expert; the other players
never call it; the manifest lists the builds). --grow extends DIR's experiment to a
larger --deals from the same first seed, keeping what was done. Records are written in
batches, each synced, at most a second or 100 records apart.

--shard k/n runs the seeds s with (s-S) % n == k-1; 'klondike merge' joins
the shards. Progress goes to stderr (a bar on a terminal, else a line every
10 s); the summary at the end to stdout. Ctrl-C or SIGTERM stops handing
out deals, saves what is done (deals in flight are dropped) and exits 3.

--budget, --max-nodes and --mem are per deal; --workers deals are solved
at once, each with its own table of up to --mem bytes. With --workers 1
each record also carries cpu_ms, the process's CPU time while it solved
that deal, which other work on the machine inflates far less than time_ms,
the wall time.

--player P plays every deal with a player who sees only what a person sees
(random, greedy, human, planner, expert) instead of solving it with every card
known; each record then carries how the game ended, the cards on the
foundations and the scores (standard, Vegas, Till Dawn). --budget, --mem and
--max-nodes do not apply to players; the planner and the expert have
--samples and --plan-nodes.`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return runWinrate(ctx, stdout, stderr, cmd.Flags(), o)
		},
	}
	fs := cmd.Flags()
	addRuleFlags(fs, &o.rules)
	addCountFlag(fs, &o.deals, "deals", 0, "number of deals: seeds in the range (required)")
	addFromFlag(fs, &o.from)
	addSeedTypeFlag(fs, &o.seedType)
	addWorkersFlag(fs, &o.workers)
	addBudgetFlags(fs, &o.budget, &o.maxNodes, &o.mem, time.Minute)
	fs.StringVar(&o.shard, "shard", "1/1", "this run's part k/n of the seeds")
	fs.StringVar(&o.out, "out", "", "result directory (required)")
	fs.BoolVar(&o.grow, "grow", false, "extend DIR's experiment to --deals deals from the same first seed, keeping its records")
	addPlayerFlags(fs, &o.player, "")
	return cmd
}

// manifest checks the flags and builds the run's manifest. Every error is
// a usage error.
func (o *winrateOptions) manifest(fs *pflag.FlagSet) (results.Manifest, error) {
	var m results.Manifest
	vg, g, err := o.rules.resolve(fs)
	if err != nil {
		return m, err
	}
	mem, err := checkBudgets(o.budget, o.maxNodes, o.workers, o.mem)
	if err != nil {
		return m, err
	}
	budget, maxNodes := o.budget, o.maxNodes
	if o.player.name != "" {
		if err := o.player.check(fs); err != nil {
			return m, err
		}
		for _, f := range []string{"budget", "max-nodes", "mem"} {
			if fs.Changed(f) {
				return m, usageErrorf("--%s is a budget of the solver; a --player game has none (the planner and the expert have --samples and --plan-nodes)", f)
			}
		}
		budget, maxNodes, mem = 0, 0, 0
	} else {
		for _, f := range []string{"memory", "samples", "plan-nodes"} {
			if fs.Changed(f) {
				return m, usageErrorf("--%s needs --player", f)
			}
		}
	}
	switch {
	case o.out == "":
		return m, usageErrorf("give the result directory: --out DIR")
	case checkOutDir("--out", o.out) != nil:
		return m, checkOutDir("--out", o.out)
	case o.deals == 0:
		return m, usageErrorf("give the number of deals: --deals N (1 or more)")
	}
	from, err := seedNumber(o.seedType, "--from", o.from)
	if err != nil {
		return m, usageError(err)
	}
	if err := checkNegativeRange(o.seedType, o.from, from, o.deals); err != nil {
		return m, usageError(err)
	}
	shard, err := results.ParseShard(o.shard)
	if err != nil {
		return m, usageErrorf("--shard: %v", err)
	}
	m, err = results.NewManifest(vg.Name, g.Rules, o.seedType, from, o.deals, shard, budget, maxNodes, mem, o.workers)
	if err != nil {
		return m, usageError(err)
	}
	if o.player.name != "" {
		o.player.manifestFields(fs, &m)
	}
	return m, nil
}

// runWinrate runs the experiment the flags describe.
func runWinrate(ctx context.Context, stdout, stderr io.Writer, fs *pflag.FlagSet, o *winrateOptions) error {
	m, err := o.manifest(fs)
	if err != nil {
		return err
	}
	pp := newProgressPrinter("winrate", stderr)
	res, err := results.Run(ctx, results.RunOptions{Dir: o.out, Manifest: m, Grow: o.grow, Progress: pp.update,
		Torn: tornNotice(stderr, "winrate", "solved its deal")})
	pp.finish()
	if err != nil {
		return runError(err)
	}
	fmt.Fprintf(stdout, "%s: %s\n", o.out, summaryLine(res.Progress))
	return interruptedError(res, o.out)
}

// summaryLine writes counts and the win rate.
func summaryLine(p results.Progress) string {
	wr := p.WinRate()
	s := fmt.Sprintf("%d of %d deals: %d won, %d lost, %d unknown", p.Done, p.Total, p.Won, p.Lost, p.Unknown)
	if p.Done > 0 {
		s += fmt.Sprintf("; win rate %s %% (%s)", wr.Text(), wr.Basis())
	}
	return s
}
