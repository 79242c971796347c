package main

import (
	"context"
	"fmt"
	"io"
	"runtime/metrics"
	"strconv"
	"strings"
	"time"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/results"
	"github.com/klondike-family/klondike/results/page"
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
	html     string
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
Ctrl-C stops the search and reports unknown (cancelled); in the first
50 ms it ends the process as it would any program.`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, stop := notifyLate(cmd.Context(), solveSignalDelay)
			defer stop()
			o.source.stdin = cmd.InOrStdin()
			return runSolve(ctx, stdout, cmd.Flags(), o)
		},
	}
	fs := cmd.Flags()
	addSourceFlags(fs, &o.source)
	addRuleFlags(fs, &o.rules)
	addBudgetFlags(fs, &o.budget, &o.maxNodes, &o.mem, time.Minute)
	fs.IntVar(&o.workers, "workers", 1, "goroutines searching the one deal together")
	addJSONFlag(fs, &o.json)
	addHTMLFlag(fs, &o.html)
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
	// the part of the abstraction that proves positions lost
	// (solver.Stats.ProofGame names it: the relaxed game, Yukon's link game,
	// Agnes Bernauer's reserve game, Agnes Sorel's segment game); omitted
	// where none searched
	ProofGame    string `json:"proof_game,omitempty"`
	RelaxedNodes int64  `json:"relaxed_nodes,omitempty"`
	Pruned       int64  `json:"pruned,omitempty"`
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
	if err := checkPage(o.html, []string{o.source.deal}); err != nil {
		return err
	}
	pos, err := o.source.position(fs, vg, g)
	if err != nil {
		return err
	}
	start, desc := pos.state, pos.desc
	res := solver.Solve(ctx, start, solver.Options{
		Budget: o.budget, Mem: mem, MaxNodes: o.maxNodes, Workers: o.workers,
	})
	rep := solveReport{
		Game: vg.Name, Rules: describeRules(&g.Rules), Deal: desc,
		Verdict: res.Verdict.String(), Solution: []engine.Step{},
	}
	if res.Verdict == solver.Won {
		rep.Solution = pos.labels.Steps(engine.Steps(start, res.Solution))
		if err := engine.VerifyLabelled(start, rep.Solution, pos.labels); err != nil {
			return failErrorf("solver bug: the solution found does not replay under the rules: %v", err)
		}
	}
	rep.Stats = solveStats{
		Nodes: res.Stats.Nodes, Stored: res.Stats.Stored, TableBytes: res.Stats.TableSize,
		ElapsedMS: float64(res.Stats.Elapsed.Microseconds()) / 1000, Stop: res.Stats.Stop.String(),
		PeakRSSBytes: peakRSS(), GoSysBytes: goSysBytes(),
		RelaxedNodes: res.Stats.RelaxedNodes, Pruned: res.Stats.Pruned, ProofGame: res.Stats.ProofGame,
	}
	if o.html != "" {
		ln, err := lineOf("solution", start, pos, rep.Solution)
		if err != nil {
			return err
		}
		sub := fmt.Sprintf("deal: %s; verdict: %s", rep.Deal, rep.Verdict)
		if rep.Verdict == "won" {
			sub += " in " + counted(int64(len(rep.Solution)), "step")
		}
		p := page.Page{Title: pageTitle(rep.Game, rep.Rules), Subtitle: sub, Lines: []page.Line{ln}}
		if err := writePage(o.html, []string{o.source.deal}, p); err != nil {
			return err
		}
	}
	if o.json {
		return writeSolveJSON(w, &rep)
	}
	return writeSolveText(w, &rep)
}

// goSysBytes returns the memory the Go runtime has obtained from the
// system (runtime.MemStats.Sys, which runtime/metrics calls
// /memory/classes/total:bytes). runtime.ReadMemStats would stop the world
// and flush every P's span caches, costing an easy solve about a
// millisecond and some 70 page faults; this reads the same total without.
func goSysBytes() int64 {
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return int64(s[0].Value.Uint64())
}

// writeSolveText writes a solve report for people.
func writeSolveText(w io.Writer, rep *solveReport) error {
	fmt.Fprintf(w, "game: %s (%s)\n", rep.Game, rep.Rules)
	fmt.Fprintf(w, "deal: %s\n", rep.Deal)
	switch rep.Verdict {
	case "won":
		fmt.Fprintf(w, "verdict: won in %s\n", counted(int64(len(rep.Solution)), "step"))
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
	_, err := fmt.Fprintf(w, "stats: %s, %s stored, table %s, %v, peak RSS %s, Go runtime %s\n",
		counted(st.Nodes, "node"), counted(st.Stored, "state"), results.FormatBytes(st.TableBytes),
		time.Duration(st.ElapsedMS*float64(time.Millisecond)).Round(time.Millisecond),
		rss, results.FormatBytes(st.GoSysBytes))
	if err == nil && st.RelaxedNodes > 0 {
		unit := strings.TrimSuffix(st.ProofGame, " game") + " state" // "relaxed state", "segment state"
		_, err = fmt.Fprintf(w, "%s: %s searched, %s proved lost by it and skipped\n",
			st.ProofGame, counted(st.RelaxedNodes, unit), counted(st.Pruned, "real node"))
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
