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
	"github.com/klondike-family/klondike/results"
	"github.com/klondike-family/klondike/results/page"
	"github.com/klondike-family/klondike/solver"
	"github.com/klondike-family/klondike/solver/advice"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// adviceBudgets are the budgets of each solve of hint and analyze.
type adviceBudgets struct {
	budget   time.Duration
	mem      string
	maxNodes int64
}

// addAdviceBudgetFlags registers --budget, --max-nodes and --mem of hint
// and analyze: the budgets of each solve (one per position or move
// searched), 5 s of wall time by default.
func addAdviceBudgetFlags(fs *pflag.FlagSet, o *adviceBudgets) {
	addBudgetFlagsPer(fs, &o.budget, &o.maxNodes, &o.mem, 5*time.Second, "solve")
}

// options checks the budgets and returns them as advice options.
func (o *adviceBudgets) options() (advice.Options, error) {
	mem, err := checkBudgets(o.budget, o.maxNodes, 1, o.mem)
	if err != nil {
		return advice.Options{}, err
	}
	return advice.Options{Solve: solver.Options{Budget: o.budget, MaxNodes: o.maxNodes, Mem: mem, Workers: 1}}, nil
}

type hintOptions struct {
	rules   ruleOptions
	source  sourceOptions
	budgets adviceBudgets
	samples int
	json    bool
	html    string
}

func newHintCmd(stdout io.Writer) *cobra.Command {
	o := &hintOptions{}
	cmd := &cobra.Command{
		Use:   "hint (--deal POSITION | --seed N) [--game G] [rule flags] [--budget D] [--json]",
		Short: "Every move of a position with its verdict: what should I play now?",
		Long: `List every legal move of a position (a deal, or a game in progress written
in a deal format) with its verdict, every card known: won (with the length
of the winning line found), lost, or unknown when the budget of its solve
ran out. Winning moves come first, shorter lines first. The budgets are
per solve: the position's own and one per move. --json prints one object.

A position with unseen cards ("??" in the text format for each face-down
card not yet seen and each stock card not yet turned) is answered with each
move's estimated chance to win: --samples deals of the unseen cards, every
one consistent with what is in sight, each solved for every move; the
chance is the share of samples a move wins, with its 95% Wilson interval.`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			o.source.stdin = cmd.InOrStdin()
			return runHint(ctx, stdout, cmd.Flags(), o)
		},
	}
	fs := cmd.Flags()
	addSourceFlags(fs, &o.source)
	addRuleFlags(fs, &o.rules)
	addAdviceBudgetFlags(fs, &o.budgets)
	fs.IntVar(&o.samples, "samples", 20, "with unseen cards: deals of them sampled, each solved for every move")
	addJSONFlag(fs, &o.json)
	addHTMLFlag(fs, &o.html)
	return cmd
}

// hintReport is the --json output of hint.
type hintReport struct {
	Game      string     `json:"game"`
	Rules     string     `json:"rules"`
	Deal      string     `json:"deal"`
	Verdict   string     `json:"verdict"` // the position's
	Winning   int        `json:"winning"` // moves that win
	Moves     []hintMove `json:"moves"`
	Solves    int        `json:"solves"`
	Nodes     int64      `json:"nodes"`
	ElapsedMS float64    `json:"elapsed_ms"`
	Stop      string     `json:"stop,omitempty"` // why the position's own search stopped
}

// hintMove is one move of a hint.
type hintMove struct {
	Step    engine.Step   `json:"step"`
	Verdict string        `json:"verdict"`
	Length  int           `json:"length,omitempty"` // steps of the winning line found, this move included
	Line    []engine.Step `json:"line,omitempty"`   // the winning line, this move first
	By      string        `json:"by"`               // search, solution, position or win (see the README)
	Stop    string        `json:"stop,omitempty"`
}

// hintOf writes a hint of position s as a report (steps named by labels).
func hintOf(s engine.State, labels engine.FoundationLabels, h advice.Hint) []hintMove {
	var out []hintMove
	for _, c := range h.Choices {
		hm := hintMove{Step: labels.Step(engine.Steps(s, []engine.Move{c.Move})[0]),
			Verdict: c.Verdict.String(), By: c.By, Stop: c.Stop.String()}
		if c.Verdict == solver.Won {
			hm.Length = len(c.Line)
			hm.Line = labels.Steps(engine.Steps(s, c.Line))
		}
		out = append(out, hm)
	}
	return out
}

func runHint(ctx context.Context, w io.Writer, fs *pflag.FlagSet, o *hintOptions) error {
	vg, g, err := o.rules.resolve(fs)
	if err != nil {
		return err
	}
	opt, err := o.budgets.options()
	if err != nil {
		return err
	}
	if o.samples < 1 {
		return usageErrorf("--samples %d: want 1 or more", o.samples)
	}
	if err := checkPage(o.html, []string{o.source.deal}); err != nil {
		return err
	}
	pos, err := o.source.positionOrView(fs, vg, g)
	if err != nil {
		return err
	}
	if pos.view != nil {
		return runHintHidden(ctx, w, pos, o, opt, vg.Name, describeRules(&g.Rules))
	}
	if fs.Changed("samples") {
		return usageErrorf("--samples goes with a position with unseen cards (??); every card of this one is known")
	}
	h := advice.Advise(ctx, pos.state, opt)
	rep := hintReport{
		Game: vg.Name, Rules: describeRules(&g.Rules), Deal: pos.desc,
		Verdict: h.Verdict.String(), Winning: h.Winning(), Moves: hintOf(pos.state, pos.labels, h),
		Solves: h.Solves, Nodes: h.Nodes, ElapsedMS: float64(h.Elapsed.Microseconds()) / 1000, Stop: h.Stop.String(),
	}
	for _, m := range rep.Moves {
		if m.Verdict == "won" {
			if err := engine.VerifyLabelled(pos.state, m.Line, pos.labels); err != nil {
				return failErrorf("solver bug: the winning line of %s does not replay: %v", stepText(m.Step), err)
			}
		}
	}
	if o.html != "" {
		var b bytes.Buffer
		fmt.Fprintf(&b, "%s\n", hintSummary(&rep))
		writeHintMoves(&b, rep.Moves)
		var steps []engine.Step
		name := "position"
		if rep.Winning > 0 {
			steps, name = rep.Moves[0].Line, "winning line"
		}
		ln, err := lineOf(name, pos.state, pos, steps)
		if err != nil {
			return err
		}
		p := page.Page{Title: pageTitle(rep.Game, rep.Rules), Subtitle: "deal: " + rep.Deal + "; " + hintSummary(&rep),
			Lines: []page.Line{ln}, Notes: strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")}
		if err := writePage(o.html, []string{o.source.deal}, p); err != nil {
			return err
		}
	}
	if o.json {
		if rep.Moves == nil {
			rep.Moves = []hintMove{}
		}
		return writeJSON(w, rep)
	}
	fmt.Fprintf(w, "game: %s (%s)\n", rep.Game, rep.Rules)
	fmt.Fprintf(w, "deal: %s\n", rep.Deal)
	fmt.Fprintf(w, "%s\n", hintSummary(&rep))
	writeHintMoves(w, rep.Moves)
	_, err = fmt.Fprintf(w, "searched: %s, %s, %v\n", counted(int64(rep.Solves), "solve"), counted(rep.Nodes, "node"),
		time.Duration(rep.ElapsedMS*float64(time.Millisecond)).Round(time.Millisecond))
	return err
}

// hintSummary says in one line what a hint found.
func hintSummary(rep *hintReport) string {
	lost, unknown := 0, 0
	for _, m := range rep.Moves {
		switch m.Verdict {
		case "lost":
			lost++
		case "unknown":
			unknown++
		}
	}
	n := len(rep.Moves)
	switch {
	case n == 0:
		return "no legal move: the game is over"
	case rep.Winning > 0:
		return fmt.Sprintf("winning moves: %d of %d", rep.Winning, n)
	case lost == n && n == 1:
		return "no move wins: the position is lost (its one move loses)"
	case lost == n:
		return fmt.Sprintf("no move wins: the position is lost (all %d moves lose)", n)
	}
	return fmt.Sprintf("no winning move found within the budget: %d of %d moves lose, %d unknown", lost, n, unknown)
}

// writeHintMoves writes a hint's moves, one a line, with their verdicts.
func writeHintMoves(w io.Writer, moves []hintMove) {
	width := len(strconv.Itoa(len(moves)))
	for i, m := range moves {
		v := m.Verdict
		switch m.Verdict {
		case "won":
			v = "won in " + counted(int64(m.Length), "step")
		case "unknown":
			v = fmt.Sprintf("unknown (stopped: %s)", m.Stop)
		}
		fmt.Fprintf(w, "%*d. %-24s %s\n", width, i+1, stepText(m.Step), v)
	}
}

// chanceReport is the --json output of hint on a position with unseen
// cards.
type chanceReport struct {
	Game    string `json:"game"`
	Rules   string `json:"rules"`
	Deal    string `json:"deal"`
	Unseen  int    `json:"unseen"`  // cards not seen
	Samples int    `json:"samples"` // deals of them solved
	// Asked is --samples; Interrupted says Ctrl-C or SIGTERM stopped the
	// sampling before Asked deals were solved (Samples < Asked).
	Asked       int          `json:"asked"`
	Interrupted bool         `json:"interrupted,omitempty"`
	Winning     int          `json:"winning"` // samples in which some move wins
	Moves       []chanceMove `json:"moves"`
	Solves      int          `json:"solves"`
	Nodes       int64        `json:"nodes"`
	ElapsedMS   float64      `json:"elapsed_ms"`
}

// chanceMove is one move with its estimated chance to win.
type chanceMove struct {
	Step    engine.Step `json:"step"`
	Wins    int         `json:"wins"`    // samples it wins
	Unknown int         `json:"unknown"` // samples whose solve ran out of budget
	Chance  float64     `json:"chance"`  // wins / samples
	// Lo and Hi bound the chance: the 95% Wilson interval, counting the
	// unknown samples as lost for Lo and as won for Hi.
	Lo float64 `json:"lo"`
	Hi float64 `json:"hi"`
}

// runHintHidden answers hint on a position with unseen cards.
func runHintHidden(ctx context.Context, w io.Writer, pos position, o *hintOptions, opt advice.Options, game, rules string) error {
	c := advice.EstimateChances(ctx, pos.view, o.samples, 1, opt)
	if c.Samples == 0 {
		return &exitError{code: exitInterrupted, err: fmt.Errorf("interrupted before one sample was solved: nothing to report")}
	}
	vs := pos.view.State()
	rep := chanceReport{Game: game, Rules: rules, Deal: pos.desc, Unseen: pos.view.Hidden(),
		Samples: c.Samples, Asked: o.samples, Interrupted: c.Samples < o.samples, Winning: c.Winning, Moves: []chanceMove{},
		Solves: c.Solves, Nodes: c.Nodes, ElapsedMS: float64(c.Elapsed.Microseconds()) / 1000}
	for _, m := range c.Moves {
		rep.Moves = append(rep.Moves, chanceMove{
			Step: pos.labels.Step(engine.Steps(vs, []engine.Move{m.Move})[0]), Wins: m.Wins, Unknown: m.Unknown,
			Chance: float64(m.Wins) / float64(c.Samples),
			Lo:     results.Wilson(m.Wins, c.Samples, 0.95).Lo,
			Hi:     results.Wilson(m.Wins+m.Unknown, c.Samples, 0.95).Hi,
		})
	}
	var text bytes.Buffer
	writeChances(&text, &rep)
	if o.html != "" {
		ln := page.Line{Name: "position", Frames: []page.Frame{page.FrameOf(pos.labels.Layout(vs.Layout()))}, Steps: []string{}}
		lines := strings.Split(strings.TrimSuffix(text.String(), "\n"), "\n")
		p := page.Page{Title: pageTitle(rep.Game, rep.Rules), Subtitle: "deal: " + rep.Deal + "; " + lines[0] + "; " + lines[1],
			Lines: []page.Line{ln}, Notes: lines}
		if err := writePage(o.html, []string{o.source.deal}, p); err != nil {
			return err
		}
	}
	if o.json {
		return writeJSON(w, rep)
	}
	fmt.Fprintf(w, "game: %s (%s)\n", rep.Game, rep.Rules)
	fmt.Fprintf(w, "deal: %s\n", rep.Deal)
	if _, err := w.Write(text.Bytes()); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "searched: %s, %s, %v\n", counted(int64(rep.Solves), "solve"), counted(rep.Nodes, "node"),
		time.Duration(rep.ElapsedMS*float64(time.Millisecond)).Round(time.Millisecond))
	return err
}

// writeChances writes the unseen cards, the summary and each move's chance.
func writeChances(w io.Writer, rep *chanceReport) {
	if rep.Interrupted {
		fmt.Fprintf(w, "unseen cards: %d; %d of the %s asked solved (interrupted)\n", rep.Unseen, rep.Samples, counted(int64(rep.Asked), "deal"))
	} else {
		fmt.Fprintf(w, "unseen cards: %d; %s of them solved\n", rep.Unseen, counted(int64(rep.Samples), "deal"))
	}
	switch n := len(rep.Moves); {
	case n == 0:
		fmt.Fprintf(w, "no legal move: the game is over\n")
	case rep.Winning == 0:
		fmt.Fprintf(w, "no move won any sample: the position is most likely lost\n")
	default:
		fmt.Fprintf(w, "some move wins in %d of %d samples\n", rep.Winning, rep.Samples)
	}
	width := len(strconv.Itoa(len(rep.Moves)))
	for i, m := range rep.Moves {
		extra := ""
		if m.Unknown > 0 {
			extra = fmt.Sprintf(", %d unknown", m.Unknown)
		}
		fmt.Fprintf(w, "%*d. %-24s %5.1f%%  [%5.1f, %5.1f]  (%d of %d%s)\n", width, i+1, stepText(m.Step),
			100*m.Chance, 100*m.Lo, 100*m.Hi, m.Wins, rep.Samples, extra)
	}
}
