package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"syscall"
	"time"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/results"
	"github.com/klondike-family/klondike/solver"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

type solveOptions struct {
	rules    ruleOptions
	source   sourceOptions
	budget   time.Duration
	mem      string
	maxNodes int64
	workers  int
	json     bool
}

func newSolveCmd(stdout io.Writer) *cobra.Command {
	o := &solveOptions{}
	cmd := &cobra.Command{
		Use:   "solve (--seed N [--seed-type T] | --deal FILE [--deal-format F]) [--game G] [rule flags]",
		Short: "Decide whether a deal can be won, with every card known",
		Long: `Solve a deal exactly: every card is known (the "thoughtful" game). Prints the
verdict (won, lost, or unknown when a budget ran out), the solution as
numbered steps, and search statistics; --json prints one JSON object instead.
Any verdict exits 0. A solution is replayed under the rules before it is
printed; if it does not replay (a solver bug) the command fails with exit 1.
Ctrl-C stops the search and reports unknown (cancelled).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return runSolve(ctx, stdout, cmd.Flags(), o)
		},
	}
	fs := cmd.Flags()
	addSourceFlags(fs, &o.source)
	addRuleFlags(fs, &o.rules)
	fs.DurationVar(&o.budget, "budget", time.Minute, "wall-time budget; 0 for none")
	fs.StringVar(&o.mem, "mem", "1GiB", "memory for the solver's tables, all together, e.g. 512MiB, 2G; 0 for no limit")
	fs.Int64Var(&o.maxNodes, "max-nodes", 0, "budget of nodes expanded; 0 for none")
	fs.IntVar(&o.workers, "workers", 1, "goroutines searching the deal")
	fs.BoolVar(&o.json, "json", false, "print one JSON object: verdict, solution, stats")
	return cmd
}

// solveReport is the --json output of solve; verify reads it back.
type solveReport struct {
	Game     string        `json:"game"`
	Rules    string        `json:"rules"`
	Deal     string        `json:"deal"`
	Verdict  string        `json:"verdict"`
	Solution []engine.Step `json:"solution"`
	Stats    solveStats    `json:"stats"`
}

type solveStats struct {
	Nodes        int64   `json:"nodes"`
	Stored       int64   `json:"stored"`
	TableBytes   int64   `json:"table_bytes"`
	ElapsedMS    float64 `json:"elapsed_ms"`
	Stop         string  `json:"stop"`
	PeakRSSBytes int64   `json:"peak_rss_bytes"`
	GoSysBytes   int64   `json:"go_sys_bytes"`
	// the relaxed game's part (see solver/relax.go); omitted where it
	// does not apply
	RelaxedNodes int64 `json:"relaxed_nodes,omitempty"`
	Pruned       int64 `json:"pruned,omitempty"`
}

// runSolve solves the deal o names and writes the report to w.
func runSolve(ctx context.Context, w io.Writer, fs *pflag.FlagSet, o *solveOptions) error {
	vg, g, err := o.rules.resolve(fs)
	if err != nil {
		return err
	}
	mem, err := checkBudgets(o.budget, o.maxNodes, o.workers, o.mem)
	if err != nil {
		return err
	}
	start, desc, err := o.source.start(fs, vg, g)
	if err != nil {
		return err
	}
	res := solver.Solve(ctx, start, solver.Options{
		Budget: o.budget, Mem: mem, MaxNodes: o.maxNodes, Workers: o.workers,
	})
	rep := solveReport{
		Game: vg.Name, Rules: describeRules(&g.Rules), Deal: desc,
		Verdict: res.Verdict.String(), Solution: []engine.Step{},
	}
	if res.Verdict == solver.Won {
		rep.Solution = engine.Steps(start, res.Solution)
		if err := engine.Verify(start, rep.Solution); err != nil {
			return failErrorf("solver bug: the solution found does not replay under the rules: %v", err)
		}
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	rep.Stats = solveStats{
		Nodes: res.Stats.Nodes, Stored: res.Stats.Stored, TableBytes: res.Stats.TableSize,
		ElapsedMS: float64(res.Stats.Elapsed.Microseconds()) / 1000, Stop: res.Stats.Stop,
		PeakRSSBytes: peakRSS(), GoSysBytes: int64(ms.Sys),
		RelaxedNodes: res.Stats.RelaxedNodes, Pruned: res.Stats.Pruned,
	}
	if o.json {
		b, err := json.Marshal(rep)
		if err != nil {
			return failErrorf("json: %v", err)
		}
		_, err = fmt.Fprintf(w, "%s\n", b)
		return err
	}
	return writeSolveText(w, &rep)
}

// writeSolveText writes a solve report for people.
func writeSolveText(w io.Writer, rep *solveReport) error {
	fmt.Fprintf(w, "game: %s (%s)\n", rep.Game, rep.Rules)
	fmt.Fprintf(w, "deal: %s\n", rep.Deal)
	switch rep.Verdict {
	case "won":
		fmt.Fprintf(w, "verdict: won in %d steps\n", len(rep.Solution))
	case "lost":
		fmt.Fprintf(w, "verdict: lost\n")
	case "unknown":
		fmt.Fprintf(w, "verdict: unknown (stopped: %s)\n", rep.Stats.Stop)
	default:
		fmt.Fprintf(w, "verdict: %s\n", rep.Verdict)
	}
	width := len(strconv.Itoa(len(rep.Solution)))
	for i, st := range rep.Solution {
		fmt.Fprintf(w, "%*d. %s\n", width, i+1, stepText(st))
	}
	st := rep.Stats
	rss := "unknown"
	if st.PeakRSSBytes > 0 {
		rss = results.FormatBytes(st.PeakRSSBytes)
	}
	_, err := fmt.Fprintf(w, "stats: %d nodes, %d states stored, table %s, %v, peak RSS %s, Go runtime %s\n",
		st.Nodes, st.Stored, results.FormatBytes(st.TableBytes),
		time.Duration(st.ElapsedMS*float64(time.Millisecond)).Round(time.Millisecond),
		rss, results.FormatBytes(st.GoSysBytes))
	if err == nil && st.RelaxedNodes > 0 {
		_, err = fmt.Fprintf(w, "relaxed game: %d relaxed states searched, %d real nodes proved lost by it and skipped\n",
			st.RelaxedNodes, st.Pruned)
	}
	return err
}

// stepText writes a step for people: "draw", "t3 → f2  7H",
// "t1 → t4  QS (3 cards)", and with the Joker taken along (Joker
// Klondike) "t3 → f2  5H, JK → f4" or "t3 → f2  5H, JK waits".
func stepText(st engine.Step) string {
	if st.Op != engine.OpMove {
		return st.Op
	}
	s := fmt.Sprintf("%s → %s  %s", st.From, st.To, st.Card)
	if st.N != 1 {
		s += fmt.Sprintf(" (%d cards)", st.N)
	}
	switch st.Joker {
	case "":
	case "wait":
		s += ", JK waits"
	default:
		s += ", JK → " + st.Joker
	}
	return s
}
