package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/klondike-family/klondike/results"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

type winnableOptions struct {
	rules    ruleOptions
	seedType string
	from     string
	count    uint64
	grade    string
	json     bool
	tsv      bool
	workers  int
	budget   time.Duration
	maxNodes int64
	mem      string
	out      string
	maxDeals uint64
}

func newWinnableCmd(stdout, stderr io.Writer) *cobra.Command {
	o := &winnableOptions{}
	grading := results.DefaultGrading()
	cmd := &cobra.Command{
		Use:   "winnable --count K [--from N] [--seed-type T] [--game G] [rule flags] [--grade G] [--json | --tsv] --out DIR",
		Short: "List the first deals from N that are winnable, each with a difficulty grade",
		Long: `List the first K deal numbers from N (of --seed-type T) that are proven
winnable: solved with every card known and the solution replayed under the
rules. Each is graded by players who see only what a person sees:
` + grading.Describe() + `.
--grade keeps one grade (` + strings.Join(results.Grades(), ", ") + `).

Every deal searched is recorded in DIR as 'klondike winrate' records it (one
JSON line per deal, a grade with each won one): the same command continues
an interrupted search (Ctrl-C exits 3), and a later one with a larger --count
or another --grade reuses what is there. Deals the budget leaves unknown are
skipped and counted. --budget, --max-nodes and --mem are per deal. The
search stops after --max-deals deals from N (exit 1 when too few were found).

Prints a line per deal (--json: one object per line with seed, seed_type,
game, rules, grade, solution_len, nodes and the players' games; --tsv: a
pack, comment lines saying what it holds, then a tab-separated table of
number, grade, solution steps and each tier's games won of those played,
"-" for a tier not played), then a summary on stderr.`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return runWinnable(ctx, stdout, stderr, cmd.Flags(), o)
		},
	}
	fs := cmd.Flags()
	addRuleFlags(fs, &o.rules)
	addSeedTypeFlag(fs, &o.seedType)
	addFromFlag(fs, &o.from)
	addCountFlag(fs, &o.count, "count", 0, "winnable deals to list (required)")
	fs.StringVar(&o.grade, "grade", "", "list only deals of this grade: "+strings.Join(results.Grades(), ", "))
	fs.BoolVar(&o.json, "json", false, "print one JSON object per deal listed instead of text")
	fs.BoolVar(&o.tsv, "tsv", false, "print the deals listed as a pack: '#' comment lines, then a tab-separated table")
	addWorkersFlag(fs, &o.workers)
	addBudgetFlags(fs, &o.budget, &o.maxNodes, &o.mem, time.Minute)
	fs.StringVar(&o.out, "out", "", "result directory, kept to resume (required)")
	addCountFlag(fs, &o.maxDeals, "max-deals", results.DefaultMaxDeals, "stop after searching this many deals from N")
	return cmd
}

// options checks the flags and builds the search. Every error is a usage
// error.
func (o *winnableOptions) options(fs *pflag.FlagSet) (results.WinnableOptions, error) {
	var wo results.WinnableOptions
	vg, g, err := o.rules.resolve(fs)
	if err != nil {
		return wo, err
	}
	mem, err := checkBudgets(o.budget, o.maxNodes, o.workers, o.mem)
	if err != nil {
		return wo, err
	}
	switch {
	case o.out == "":
		return wo, usageErrorf("give the result directory: --out DIR")
	case checkOutDir("--out", o.out) != nil:
		return wo, checkOutDir("--out", o.out)
	case o.count < 1:
		return wo, usageErrorf("give the number of deals to list: --count K (1 or more)")
	case o.json && o.tsv:
		return wo, usageErrorf("--json and --tsv: give one output format")
	case o.maxDeals < 1:
		return wo, usageErrorf("--max-deals %d: want 1 or more", o.maxDeals)
	case o.count > o.maxDeals:
		return wo, usageErrorf("--count %d: more deals than the %d searched at most (--max-deals)", o.count, o.maxDeals)
	case o.count > math.MaxInt32:
		return wo, usageErrorf("--count %d: at most %d", o.count, math.MaxInt32)
	}
	if o.grade != "" && !slices.Contains(results.Grades(), o.grade) {
		return wo, usageErrorf("--grade %q: want one of %s", o.grade, strings.Join(results.Grades(), ", "))
	}
	n, err := seedNumber(o.seedType, "--from", o.from)
	if err != nil {
		return wo, usageError(err)
	}
	m, err := results.NewWinnableManifest(vg.Name, g.Rules, o.seedType, n, o.budget, o.maxNodes, mem, o.workers, results.DefaultGrading())
	if err != nil {
		return wo, usageError(err)
	}
	return results.WinnableOptions{Dir: o.out, Manifest: m, Count: int(o.count), Grade: o.grade, MaxDeals: o.maxDeals}, nil
}

// runWinnable runs the search the flags describe and prints its deals.
func runWinnable(ctx context.Context, stdout, stderr io.Writer, fs *pflag.FlagSet, o *winnableOptions) error {
	wo, err := o.options(fs)
	if err != nil {
		return err
	}
	pp := newProgressPrinter("winnable", stderr)
	wo.Progress = pp.update
	res, err := results.FindWinnable(ctx, wo)
	pp.finish()
	if err != nil {
		return runError(err)
	}
	m := wo.Manifest
	if res.Interrupted {
		// Seeds before a listed one may have no record yet: list nothing.
		return &exitError{code: exitInterrupted, err: fmt.Errorf(
			"interrupted: the deals searched so far are recorded in %s; run the same command again to continue", o.out)}
	}
	if o.tsv {
		if err := results.WritePack(stdout, &m, res, int(o.count), o.grade); err != nil {
			return failErrorf("%v", err)
		}
	}
	for _, r := range res.Deals {
		if o.tsv {
			break
		}
		line := results.NewWinnableLine(&m, r)
		if o.json {
			b, err := json.Marshal(line)
			if err != nil {
				return failErrorf("json: %v", err)
			}
			fmt.Fprintf(stdout, "%s\n", b)
			continue
		}
		var plays []string
		for _, p := range line.Plays {
			plays = append(plays, fmt.Sprintf("%s %d/%d", p.Player, p.Wins, p.Plays))
		}
		fmt.Fprintf(stdout, "%s %d: %s, solution %s (games won: %s)\n",
			line.SeedType, line.Seed, line.Grade, counted(int64(line.SolutionLen), "step"), strings.Join(plays, ", "))
	}
	what := "winnable"
	if o.grade != "" {
		what = o.grade
	}
	fmt.Fprintf(stderr, "winnable: %d %s %s of %d asked; %s searched from %d: %d won, %d lost, %d unknown (skipped)\n",
		len(res.Deals), what, deals(len(res.Deals)), o.count, fmt.Sprintf("%d %s", res.Searched, deals(res.Searched)), m.From, res.Won, res.Lost, res.Unknown)
	wanted := fmt.Sprintf("%d %s %s were", o.count, what, deals(int(o.count)))
	if o.count == 1 {
		wanted = "1 " + what + " deal was"
	}
	switch {
	case res.Exhausted:
		return failErrorf("the %s deal numbers below 2^64, which winnable searches, ran out before %s found", m.SeedType, wanted)
	case res.Limited:
		return failErrorf("%s searched (--max-deals) before %s found", counted(int64(res.Searched), "deal"), wanted)
	}
	return nil
}

// deals is "deal" or "deals" for n of them.
func deals(n int) string {
	if n == 1 {
		return "deal"
	}
	return "deals"
}
