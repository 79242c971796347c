package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/klondike-family/klondike/bench"
	"github.com/klondike-family/klondike/engine"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

type benchMovegenOptions struct {
	rules     ruleOptions
	deals     uint64
	depth     int
	divide    bool
	seed      string
	playouts  int
	perftTime time.Duration
	json      bool
	engine    string
}

// Defaults of bench movegen when the rules have no pinned table.
const (
	benchDefaultDeals = 5
	benchDefaultDepth = 6
)

func newBenchMovegenCmd(stdout io.Writer) *cobra.Command {
	o := &benchMovegenOptions{}
	cmd := &cobra.Command{
		Use:   "movegen [--game G] [rule flags] [--deals N] [--depth D] [--divide] [--seed S] [--playouts N] [--engine E] [--json]",
		Short: "Count perft from fixed deals and time move generation and random playouts",
		Long: `Count the legal move sequences (perft) of every length up to --depth from
fixed deals, split by the class of their last move and with the face-down
cards turned, and time them; then time move generation alone and random
playouts (uniformly random legal moves from a deal until no move is left or
1000 plies), all on one core.

The deals are native seeds S..S+N-1 (--seed, default 0; --deals, default
5). When the rules are those of a pinned perft table (go test ./bench),
giving neither --seed nor --deals takes the table's deals instead, and the
depth defaults to the table's, whatever the deals (it suits the rules'
branching: 8 for Klondike, 5 for Yukon); without a table it defaults to 6.
Whenever the deals are in the table their counts are checked against it
("pinned: not checked" when it holds none of them), and a mismatch exits
with code 1. --divide prints, for each deal, the sequences of the full
depth under each root move. --json prints one JSON object.

--engine chooses the engine timed: "packed", the 64-byte bit-packed
positions of the one-deck games of Klondike's shape (every Klondike rule
set, Strict, Holdout, Thumb and Pouch), or "state", the general State of
every game. By default the packed one where it holds the game. Both list
the same moves in the same order (go test ./engine), so the counts are
the same.

Ctrl-C or SIGTERM stops it at once (exit 3); it writes no file, so nothing
is kept. Perft grows exponentially with the depth, at a rate that depends
on the game's branching, and prints nothing until it is done.`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return runUntilInterrupted(ctx, stdout, "bench movegen", func(w io.Writer) error { return runBenchMovegen(w, cmd.Flags(), o) })
		},
	}
	fs := cmd.Flags()
	addRuleFlags(fs, &o.rules)
	addCountFlag(fs, &o.deals, "deals", 0, fmt.Sprintf("number of deals: native seeds from --seed (default: with neither --seed nor --deals the pinned table's deals, else %d)", benchDefaultDeals))
	fs.IntVar(&o.depth, "depth", 0, fmt.Sprintf("perft depth (default: the depth of the rules' pinned table, whatever the deals, else %d)", benchDefaultDepth))
	fs.BoolVar(&o.divide, "divide", false, "print each root move's count at the full depth")
	fs.StringVar(&o.seed, "seed", "0", "first native seed of the deals")
	fs.IntVar(&o.playouts, "playouts", 5000, "random playouts timed; 0 to skip the throughput")
	fs.DurationVar(&o.perftTime, "perft-time", time.Second, "least time perft is repeated for to time it")
	fs.StringVar(&o.engine, "engine", "", `engine timed: "packed" or "state" (default: packed where the game allows it)`)
	addJSONFlag(fs, &o.json)
	return cmd
}

// runUntilInterrupted runs f, which writes no files and does not look at
// ctx, on a buffer, and when it ends copies what it wrote to w and returns
// its error; when ctx ends first it returns an interrupt (exit 3) at once,
// having written nothing: the process then exits with f still running,
// which loses nothing.
func runUntilInterrupted(ctx context.Context, w io.Writer, what string, f func(io.Writer) error) error {
	done := make(chan error, 1)
	var buf bytes.Buffer
	go func() { done <- f(&buf) }()
	select {
	case err := <-done:
		if _, werr := w.Write(buf.Bytes()); err == nil {
			err = werr
		}
		return err
	case <-ctx.Done():
		return &exitError{code: exitInterrupted, err: fmt.Errorf("interrupted: %s stopped before its report, and kept nothing", what)}
	}
}

// benchMovegenReport is the --json output of bench movegen.
type benchMovegenReport struct {
	Game  string `json:"game"`
	Rules string `json:"rules"`
	*bench.Movegen
}

// runBenchMovegen runs the movegen benchmark o names and writes it to w.
func runBenchMovegen(w io.Writer, fs *pflag.FlagSet, o *benchMovegenOptions) error {
	vg, g, err := o.rules.resolve(fs)
	if err != nil {
		return err
	}
	if !fs.Changed("deals") {
		o.deals = benchDefaultDeals
	}
	if !fs.Changed("depth") {
		o.depth = benchDefaultDepth
	}
	seed, err := seedNumber("native", "--seed", o.seed)
	if err != nil {
		return usageError(err)
	}
	switch {
	case o.deals < 1:
		return usageErrorf("--deals %d: want 1 or more", o.deals)
	case o.deals > 1<<20:
		return usageErrorf("--deals %d: at most %d", o.deals, 1<<20)
	case o.depth < 1:
		return usageErrorf("--depth %d: want 1 or more", o.depth)
	case o.playouts < 0:
		return usageErrorf("--playouts %d: want 0 or more", o.playouts)
	case o.engine != "" && o.engine != bench.EngineState && o.engine != bench.EnginePacked:
		return usageErrorf("--engine %q: want %q or %q", o.engine, bench.EnginePacked, bench.EngineState)
	case o.perftTime < 0:
		return usageErrorf("--perft-time %v: want 0 or more", o.perftTime)
	case seed+o.deals-1 < seed:
		return usageErrorf("--seed %d --deals %d: seeds past 2^64-1", seed, o.deals)
	}
	table, err := bench.PinnedTableFor(g.Rules)
	if err != nil {
		return failErrorf("pinned tables: %v", err)
	}
	opt := bench.MovegenOptions{
		Depth: o.depth, Divide: o.divide, PerftTime: o.perftTime,
		Playouts: o.playouts, RNGSeed: 0x2545f4914f6cdd1d, CPU: cpuClock(),
		Engine: o.engine,
	}
	if table != nil && !fs.Changed("deals") && !fs.Changed("seed") {
		for _, d := range table.Deals {
			opt.Deals = append(opt.Deals, bench.PerftDeal{Seed: d.Seed, SeedType: d.SeedType})
		}
	} else {
		for i := range o.deals {
			opt.Deals = append(opt.Deals, bench.PerftDeal{Seed: seed + i, SeedType: bench.SeedNative})
		}
	}
	if table != nil && !fs.Changed("depth") {
		opt.Depth = table.Depth()
	}
	m, err := bench.RunMovegen(g.Rules, opt)
	if err != nil {
		return usageError(err)
	}
	if table != nil {
		m.Pinned = table.Check(m.Deals)
	}
	rep := benchMovegenReport{Game: vg.Name, Rules: describeRules(&g.Rules), Movegen: m}
	if o.json {
		b, err := json.Marshal(rep)
		if err != nil {
			return failErrorf("json: %v", err)
		}
		if _, err := fmt.Fprintf(w, "%s\n", b); err != nil {
			return err
		}
	} else if err := writeBenchMovegen(w, &rep); err != nil {
		return err
	}
	if m.Pinned != nil && m.Pinned.Mismatch != "" {
		return failErrorf("perft differs from pinned table %s: %s", m.Pinned.Table, m.Pinned.Mismatch)
	}
	return nil
}

// writeBenchMovegen writes a movegen report as tables for people.
func writeBenchMovegen(w io.Writer, rep *benchMovegenReport) error {
	m := rep.Movegen
	fmt.Fprintf(w, "game: %s (%s)\n", rep.Game, rep.Rules)
	fmt.Fprintf(w, "deals: %s\n", describeDeals(m.Deals))
	fmt.Fprintf(w, "perft to depth %d, the deals summed; columns: sequences by the class of their last move, flips = face-down cards turned\n", m.Depth)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	head := []string{"depth", "nodes"}
	for k := range engine.NumClasses {
		head = append(head, k.String())
	}
	head = append(head, "flips")
	fmt.Fprintf(tw, "%s\t\n", strings.Join(head, "\t"))
	for _, d := range m.Totals {
		row := []string{fmt.Sprint(d.Depth), fmt.Sprint(d.Nodes)}
		for k := range engine.NumClasses {
			row = append(row, fmt.Sprint(d.ByClass[k.String()]))
		}
		row = append(row, fmt.Sprint(d.Flips))
		fmt.Fprintf(tw, "%s\t\n", strings.Join(row, "\t"))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, d := range m.Deals {
		if len(d.Divide) == 0 {
			continue
		}
		fmt.Fprintf(w, "divide, deal %s %d, depth %d:\n", d.SeedType, d.Seed, m.Depth)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		var sum int64
		for _, r := range d.Divide {
			fmt.Fprintf(tw, "  %s\t%d\n", r.Move, r.Nodes)
			sum += r.Nodes
		}
		fmt.Fprintf(tw, "  total\t%d\n", sum)
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	switch p := m.Pinned; {
	case p == nil:
		fmt.Fprintln(w, "pinned: no pinned table has these rules")
	case p.Deals == 0:
		fmt.Fprintf(w, "pinned: not checked (table %s holds none of these deals)\n", p.Table)
	case p.Mismatch != "":
		fmt.Fprintf(w, "pinned: MISMATCH with table %s: %s\n", p.Table, p.Mismatch)
	default:
		fmt.Fprintf(w, "pinned: ok (table %s, %s, depths 1..%d)\n", p.Table, counted(int64(p.Deals), "deal"), p.Depth)
	}
	clock := "CPU second of the process"
	if m.Clock != "cpu" {
		clock = "wall-clock second"
	}
	fmt.Fprintf(w, "throughput, one core, per %s:\n", clock)
	fmt.Fprintf(w, "  perft:       %s nodes/s (%s in %s, %s)\n",
		si(m.Perft.NodesPerSec), counted(m.Perft.Nodes, "node"), counted(int64(m.Perft.Passes), "pass"), spans(m.Perft.Seconds, m.Perft.CPUSeconds))
	if t := m.Throughput; t != nil {
		fmt.Fprintf(w, "  generation:  %s positions/s, %s moves/s, %.1f ns per generation (%d positions of random playouts, %s)\n",
			si(t.GenPerSec), si(t.GenMovesPerSec), t.NsPerGen, t.Generations, spans(t.GenSeconds, t.GenCPUSeconds))
		fmt.Fprintf(w, "  playouts:    %s playouts/s, %s moves/s (%s, %.1f moves each, %d stopped at %d plies, %s)\n",
			si(t.PlayoutsPerSec), si(t.PlayoutMovesPerSec), counted(t.Playouts, "playout"),
			float64(t.PlayoutMoves)/float64(t.Playouts), t.Capped, bench.PlayoutPlies, spans(t.PlayoutSeconds, t.PlayoutCPUSeconds))
	}
	_, err := fmt.Fprintf(w, "  state size:  %d bytes (engine %s)\n", m.StateBytes, m.Engine)
	return err
}

// spans writes a timed span: wall seconds, and CPU seconds when known.
func spans(wall, cpu float64) string {
	if cpu > 0 {
		return fmt.Sprintf("%.2f s CPU, %.2f s wall", cpu, wall)
	}
	return fmt.Sprintf("%.2f s wall", wall)
}

// describeDeals names the deals: a seed range when they are consecutive
// native seeds, else the list.
func describeDeals(ds []bench.MovegenDeal) string {
	consecutive := true
	for i, d := range ds {
		if d.SeedType != bench.SeedNative || d.Seed != ds[0].Seed+uint64(i) {
			consecutive = false
		}
	}
	if consecutive && len(ds) > 1 {
		return fmt.Sprintf("%d, native seeds %d..%d", len(ds), ds[0].Seed, ds[len(ds)-1].Seed)
	}
	parts := make([]string, len(ds))
	for i, d := range ds {
		parts[i] = fmt.Sprintf("%s %d", d.SeedType, d.Seed)
	}
	return fmt.Sprintf("%d: %s", len(ds), strings.Join(parts, ", "))
}

// si writes a rate with a metric prefix: 1.23 M, 456.7 k.
func si(v float64) string {
	switch {
	case v >= 1e9:
		return fmt.Sprintf("%.2f G", v/1e9)
	case v >= 1e6:
		return fmt.Sprintf("%.2f M", v/1e6)
	case v >= 1e3:
		return fmt.Sprintf("%.1f k", v/1e3)
	}
	return fmt.Sprintf("%.0f", v)
}
