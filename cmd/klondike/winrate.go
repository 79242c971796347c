package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/klondike-family/klondike/results"
	"github.com/klondike-family/klondike/variants"
	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"golang.org/x/term"
)

// exitInterrupted is the exit code of a win-rate run stopped by a signal
// before it was done: what was done is saved, and the same command
// continues it.
const exitInterrupted = 3

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
(the solver's does not matter to a player other than the planner, who
never calls it; the manifest lists the builds). --grow extends DIR's experiment to a
larger --deals from the same first seed, keeping what was done. Records are written in
batches, each synced, at most a second or 100 records apart.

--shard k/n runs the seeds s with (s-S) % n == k-1; 'klondike merge' joins
the shards. Progress goes to stderr (a bar on a terminal, else a line every
10 s); the summary at the end to stdout. Ctrl-C or SIGTERM stops handing
out deals, saves what is done (deals in flight are dropped) and exits 3.

--budget, --max-nodes and --mem are per deal; --workers deals are solved
at once, each with its own table of up to --mem bytes.

--player P plays every deal with a player who sees only what a person sees
(random, greedy, human, planner) instead of solving it with every card
known; each record then carries how the game ended, the cards on the
foundations and the scores (standard, Vegas, Till Dawn). --budget, --mem and
--max-nodes do not apply to players; the planner has --samples and
--plan-nodes.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return runWinrate(ctx, stdout, stderr, cmd.Flags(), o)
		},
	}
	fs := cmd.Flags()
	addRuleFlags(fs, &o.rules)
	fs.Uint64Var(&o.deals, "deals", 0, "number of seeds in the range (required)")
	fs.StringVar(&o.from, "from", "0", "first seed of the range (default: the seed type's first, 0 but for pysolfc's 1)")
	fs.StringVar(&o.seedType, "seed-type", "native", seedTypeHelp())
	fs.IntVar(&o.workers, "workers", runtime.NumCPU(), "deals solved at once")
	fs.DurationVar(&o.budget, "budget", time.Minute, "wall-time budget per deal; 0 for none")
	fs.Int64Var(&o.maxNodes, "max-nodes", 0, "nodes expanded per deal; 0 for none")
	fs.StringVar(&o.mem, "mem", "1GiB", "memory for the solver's tables per deal, all together, e.g. 512MiB, 2G; 0 for no limit")
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
		if err := o.player.check(); err != nil {
			return m, err
		}
		for _, f := range []string{"budget", "max-nodes", "mem"} {
			if fs.Changed(f) {
				return m, usageErrorf("--%s is a budget of the solver; a --player game has none (the planner has --samples and --plan-nodes)", f)
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
	case o.deals == 0:
		return m, usageErrorf("give the number of deals: --deals N (1 or more)")
	}
	from, err := strconv.ParseUint(strings.TrimSpace(o.from), 10, 64)
	if err != nil {
		return m, usageErrorf("--from %q: want a seed, 0 or more", o.from)
	}
	if !fs.Changed("from") {
		// the seed type's first number (PySolFC's is 1)
		if st, err := variants.LookupSeedType(o.seedType); err == nil {
			from = st.Min.Lo
		}
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
		o.player.manifestFields(&m)
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
	res, err := results.Run(ctx, results.RunOptions{Dir: o.out, Manifest: m, Grow: o.grow, Progress: pp.update})
	pp.finish()
	if err != nil {
		return runError(err)
	}
	if res.TornBytes > 0 {
		fmt.Fprintf(stderr, "winrate: dropped a torn last line (%d bytes) of %s/%s and solved its deal again\n",
			res.TornBytes, o.out, results.RecordsFile)
	}
	fmt.Fprintf(stdout, "%s: %s\n", o.out, summaryLine(res.Progress))
	return interruptedError(res, o.out)
}

// summaryLine writes counts and the win rate.
func summaryLine(p results.Progress) string {
	wr := p.WinRate()
	s := fmt.Sprintf("%d of %d deals: %d won, %d lost, %d unknown", p.Done, p.Total, p.Won, p.Lost, p.Unknown)
	if p.Done > 0 {
		s += fmt.Sprintf("; win %.3f%% [%.3f, %.3f] (95%%, Wilson, unknowns either way)",
			100*float64(p.Won)/float64(p.Done), 100*wr.Range.Lo, 100*wr.Range.Hi)
	}
	return s
}

// progressPrinter shows progress on stderr: a bar on a terminal, or a
// plain line at most every 10 s and at the end.
type progressPrinter struct {
	name     string // the command, starting each line
	w        io.Writer
	terminal bool
	bar      *progressbar.ProgressBar
	last     time.Time // of the last line
	every    time.Duration
}

func newProgressPrinter(name string, w io.Writer) *progressPrinter {
	f, ok := w.(*os.File)
	return &progressPrinter{
		name: name, w: w, last: time.Now(), every: 10 * time.Second,
		terminal: ok && term.IsTerminal(int(f.Fd())),
	}
}

// update is Run's progress callback, called from one goroutine at a time.
func (pp *progressPrinter) update(p results.Progress) {
	if pp.terminal {
		pp.updateBar(p)
		return
	}
	if p.Final || time.Since(pp.last) >= pp.every {
		pp.last = time.Now()
		fmt.Fprintf(pp.w, "%s: %s\n", pp.name, progressLine(p))
	}
}

// updateBar draws the bar, whose length is this run's seeds: its rate and
// ETA are then this run's own.
func (pp *progressPrinter) updateBar(p results.Progress) {
	if pp.bar == nil {
		pp.bar = progressbar.NewOptions64(int64(p.Total-p.Resumed),
			progressbar.OptionSetWriter(pp.w),
			progressbar.OptionSetItsString("deals"),
			progressbar.OptionShowIts(),
			progressbar.OptionShowCount(),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionThrottle(200*time.Millisecond),
			progressbar.OptionSetWidth(30),
			progressbar.OptionShowDescriptionAtLineEnd(),
		)
	}
	wr := p.WinRate()
	desc := fmt.Sprintf("won %.2f%% [%.2f, %.2f], %d unknown",
		100*float64(p.Won)/float64(max(p.Done, 1)), 100*wr.Range.Lo, 100*wr.Range.Hi, p.Unknown)
	if p.Resumed > 0 {
		desc = fmt.Sprintf("%d/%d in all, %s", p.Done, p.Total, desc)
	}
	pp.bar.Describe(desc)
	_ = pp.bar.Set64(int64(p.Done - p.Resumed))
}

// finish ends the bar's line.
func (pp *progressPrinter) finish() {
	if pp.bar != nil {
		_ = pp.bar.Exit()
		fmt.Fprintln(pp.w)
	}
}

// progressLine writes progress for a log.
func progressLine(p results.Progress) string {
	wr := p.WinRate()
	s := fmt.Sprintf("%d/%d deals, %.1f deals/s", p.Done, p.Total, p.Rate())
	if eta := p.ETA(); eta > 0 && p.Done < p.Total {
		s += fmt.Sprintf(", ETA %v", eta.Round(time.Second))
	}
	if p.Done > 0 {
		s += fmt.Sprintf(", won %.2f%% [%.2f, %.2f] (95%% Wilson, unknowns either way)",
			100*float64(p.Won)/float64(p.Done), 100*wr.Range.Lo, 100*wr.Range.Hi)
	}
	return s + fmt.Sprintf(", %d unknown", p.Unknown)
}
