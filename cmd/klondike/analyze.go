package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/results/page"
	"github.com/klondike-family/klondike/solver"
	"github.com/klondike-family/klondike/solver/advice"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

type analyzeOptions struct {
	rules   ruleOptions
	source  sourceOptions
	budgets adviceBudgets
	moves   string
	json    bool
	html    string
}

func newAnalyzeCmd(stdout io.Writer) *cobra.Command {
	o := &analyzeOptions{}
	cmd := &cobra.Command{
		Use:   "analyze (--deal FILE | --seed N) --moves FILE [--game G] [rule flags] [--budget D] [--json]",
		Short: "Where was my game lost? The verdict after each move and the decisive move",
		Long: `Check the moves a player made (the steps of solve --json or play --json, or a
bare JSON array of steps; the game they name is taken when no --game or
rule flag is given, but not their rule flags: a file of other rules than
the flags given, or than the game's defaults, is refused, naming both)
under the rules,
then give the verdict of the position after each move, every card known:
where the game went from winnable to lost (the decisive move), how many of
the moves open there won, and one winning line from there. Verdicts are monotone along a game, so a
few positions are solved (by bisection) and the others follow. The budgets
are per solve. A move that is illegal at step k is refused (exit 2).`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			o.source.stdin = cmd.InOrStdin()
			return runAnalyze(ctx, stdout, cmd.Flags(), o)
		},
	}
	fs := cmd.Flags()
	addSourceFlags(fs, &o.source)
	addRuleFlags(fs, &o.rules)
	addAdviceBudgetFlags(fs, &o.budgets)
	fs.StringVar(&o.moves, "moves", "", "the moves played: solve's or play's --json output or a JSON array of steps; - for standard input (required)")
	addJSONFlag(fs, &o.json)
	addHTMLFlag(fs, &o.html)
	return cmd
}

// analyzeReport is the --json output of analyze.
type analyzeReport struct {
	Game  string `json:"game"`
	Rules string `json:"rules"`
	Deal  string `json:"deal"`
	// Outcome: won (the player won), winnable (still after the last
	// move), decisive (a move lost it), lost (from the start), open (the
	// budgets left the decisive move undecided).
	Outcome   string            `json:"outcome"`
	Moves     []engine.Step     `json:"moves"`
	Positions []analyzePosition `json:"positions"` // after 0, 1, ... moves
	WonUntil  int               `json:"won_until"` // last position known won, -1 when none
	LostFrom  int               `json:"lost_from"` // first known lost, len(moves)+1 when none
	Decisive  int               `json:"decisive"`  // the move that lost the game, from 1; 0 when none
	// Alternatives are the moves open before the decisive one.
	Alternatives []hintMove `json:"alternatives,omitempty"`
	Winning      int        `json:"winning"` // alternatives that win
	Solves       int        `json:"solves"`
	Nodes        int64      `json:"nodes"`
	ElapsedMS    float64    `json:"elapsed_ms"`
}

type analyzePosition struct {
	Verdict  string `json:"verdict"`
	Searched bool   `json:"searched"`
	Stop     string `json:"stop,omitempty"`
}

func runAnalyze(ctx context.Context, w io.Writer, fs *pflag.FlagSet, o *analyzeOptions) error {
	if o.moves == "" {
		return usageErrorf("analyze: --moves is required")
	}
	if o.moves == "-" && o.source.deal == "-" {
		return usageErrorf("--deal and --moves cannot both read standard input")
	}
	opt, err := o.budgets.options()
	if err != nil {
		return err
	}
	if err := checkPage(o.html, []string{o.source.deal, o.moves}); err != nil {
		return err
	}
	moves, err := readSteps("moves", o.moves, o.source.stdin)
	if err != nil {
		return usageError(err)
	}
	vg, g, err := o.rules.resolveFor(fs, moves, o.moves, "moves", "analyze")
	if err != nil {
		return err
	}
	pos, err := o.source.position(fs, vg, g)
	if err != nil {
		return err
	}
	rep, err := analyzeGame(ctx, pos, o.moves, moves.Steps, opt)
	if err != nil {
		return err
	}
	rep.Game, rep.Rules = vg.Name, describeRules(&g.Rules)
	if o.html != "" {
		if err := writeAnalyzePage(o.html, []string{o.source.deal, o.moves}, pos, rep); err != nil {
			return err
		}
	}
	if o.json {
		return writeJSON(w, rep)
	}
	return writeAnalyzeText(w, rep)
}

// analyzeGame checks the steps read from the moves file path under the
// rules and analyses the game.
func analyzeGame(ctx context.Context, pos position, path string, steps []engine.Step, opt advice.Options) (*analyzeReport, error) {
	moves, _, err := engine.StepMoves(pos.state, steps, pos.labels)
	if err != nil {
		return nil, usageErrorf("moves file %s: %v", inputName(path), err)
	}
	a := advice.Analyze(ctx, pos.state, moves, opt)
	rep := &analyzeReport{
		Deal: pos.desc, Moves: pos.labels.Steps(engine.Steps(pos.state, moves)),
		WonUntil: a.WonUntil, LostFrom: a.LostFrom, Decisive: a.Decisive,
		Solves: a.Solves, Nodes: a.Nodes, ElapsedMS: float64(a.Elapsed.Microseconds()) / 1000,
	}
	for _, p := range a.Positions {
		rep.Positions = append(rep.Positions, analyzePosition{Verdict: p.Verdict.String(), Searched: p.Searched, Stop: p.Stop.String()})
	}
	end := pos.state
	for _, m := range moves {
		end.Apply(m)
	}
	switch n := len(moves); {
	case end.Won():
		rep.Outcome = "won"
	case a.WonUntil == n:
		rep.Outcome = "winnable"
	case a.Decisive > 0:
		rep.Outcome = "decisive"
	case a.LostFrom == 0:
		rep.Outcome = "lost"
	default:
		rep.Outcome = "open"
	}
	if a.Alternatives != nil {
		before := pos.state
		for _, m := range moves[:a.Decisive-1] {
			before.Apply(m)
		}
		rep.Alternatives = hintOf(before, pos.labels, *a.Alternatives)
		rep.Winning = a.Alternatives.Winning()
		for _, m := range rep.Alternatives {
			if m.Verdict == solver.Won.String() {
				if err := engine.VerifyLabelled(before, m.Line, pos.labels); err != nil {
					return nil, failErrorf("solver bug: the winning line of %s does not replay: %v", stepText(m.Step), err)
				}
			}
		}
	}
	return rep, nil
}

// writeAnalyzeText writes an analysis for people.
func writeAnalyzeText(w io.Writer, rep *analyzeReport) error {
	n := len(rep.Moves)
	fmt.Fprintf(w, "game: %s (%s)\n", rep.Game, rep.Rules)
	fmt.Fprintf(w, "deal: %s\n", rep.Deal)
	fmt.Fprintf(w, "moves: %d, each legal under the rules\n", n)
	switch rep.Outcome {
	case "won":
		fmt.Fprintf(w, "verdict: the game was won\n")
	case "winnable":
		fmt.Fprintf(w, "verdict: still winnable after the last move\n")
	case "lost":
		fmt.Fprintf(w, "verdict: lost from the start: no line of play wins this deal\n")
	case "open":
		fmt.Fprintf(w, "verdict: the budgets left the decisive move open: %s, %s\n", wonUntilText(rep.WonUntil), lostFromText(rep.LostFrom, n))
	case "decisive":
		fmt.Fprintf(w, "verdict: winnable until move %d, lost from then on\n", rep.Decisive)
		fmt.Fprintf(w, "decisive move: %d. %s\n", rep.Decisive, stepText(rep.Moves[rep.Decisive-1]))
		fmt.Fprintf(w, "moves open there: %d of %d win\n", rep.Winning, len(rep.Alternatives))
		writeHintMoves(w, rep.Alternatives)
		if best := rep.Alternatives[0]; best.Verdict == "won" {
			fmt.Fprintf(w, "a winning line from before move %d (%s):\n", rep.Decisive, counted(int64(best.Length), "step"))
			width := len(strconv.Itoa(rep.Decisive - 1 + best.Length))
			for i, st := range best.Line {
				fmt.Fprintf(w, "  %*d. %s\n", width, rep.Decisive+i, stepText(st))
			}
		}
	}
	fmt.Fprintf(w, "after each move (* searched, the others follow from a later won or an earlier lost position):\n")
	width := len(strconv.Itoa(n))
	for k, p := range rep.Positions {
		what := "start"
		if k > 0 {
			what = stepText(rep.Moves[k-1])
		}
		mark := " "
		if p.Searched {
			mark = "*"
		}
		v := p.Verdict
		if p.Verdict == "unknown" && p.Searched {
			v += " (stopped: " + p.Stop + ")"
		}
		fmt.Fprintf(w, "  %*d. %-24s %s %s\n", width, k, what, mark, v)
	}
	_, err := fmt.Fprintf(w, "searched: %s, %s, %v\n", counted(int64(rep.Solves), "solve"), counted(rep.Nodes, "node"),
		time.Duration(rep.ElapsedMS*float64(time.Millisecond)).Round(time.Millisecond))
	return err
}

func wonUntilText(k int) string {
	if k < 0 {
		return "no position known won"
	}
	return fmt.Sprintf("won after move %d", k)
}

func lostFromText(k, n int) string {
	if k > n {
		return "no position known lost"
	}
	return fmt.Sprintf("lost after move %d", k)
}

// writeAnalyzePage writes the page of an analysis: the game with each
// position's verdict, the decisive move marked, and the first winning
// alternative as a second line from the position before it.
func writeAnalyzePage(path string, inputs []string, pos position, rep *analyzeReport) error {
	ln, err := lineOf("game", pos.state, pos, rep.Moves)
	if err != nil {
		return err
	}
	for k, p := range rep.Positions {
		note := "verdict: " + p.Verdict
		if p.Searched {
			note += " (searched)"
		} else if p.Verdict != "unknown" {
			note += " (follows)"
		}
		ln.Frames[k].Note = note
	}
	var text bytes.Buffer
	if err := writeAnalyzeText(&text, rep); err != nil {
		return err
	}
	all := strings.Split(text.String(), "\n")
	var notes []string
	for _, l := range all[2:] { // the lines after game and deal, up to the per-move list
		if strings.HasPrefix(l, "after each move") {
			break
		}
		notes = append(notes, l)
	}
	p := page.Page{Title: pageTitle(rep.Game, rep.Rules), Subtitle: "deal: " + rep.Deal + "; " + notes[1],
		Lines: []page.Line{ln}, Decisive: rep.Decisive, Notes: notes}
	if rep.Decisive > 0 && rep.Winning > 0 {
		before, err := engine.ReplayLabelled(pos.state, rep.Moves[:rep.Decisive-1], pos.labels)
		if err != nil {
			return failErrorf("page: %v", err)
		}
		alt, err := lineOf("winning alternative", before, pos, rep.Alternatives[0].Line)
		if err != nil {
			return err
		}
		alt.From = rep.Decisive - 1
		p.Lines = append(p.Lines, alt)
	}
	return writePage(path, inputs, p)
}
