package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/results"
	"github.com/klondike-family/klondike/results/page"
	"github.com/klondike-family/klondike/solver/player"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// playerOptions are the flags that choose a player who sees only what a
// person sees.
type playerOptions struct {
	name    string
	memory  string
	samples int
	nodes   int64
	workers int
}

func addPlayerFlags(fs *pflag.FlagSet, o *playerOptions, def string) {
	fs.StringVar(&o.name, "player", def, "player who cannot see face-down or unturned cards: "+strings.Join(player.Names(), ", "))
	fs.StringVar(&o.memory, "memory", "talon", "what the player knows of the talon: talon (every card once turned), none (only the waste's top) or stock (the whole talon, the unturned stock's order too: only face-down cards hidden, the published players' information)")
	fs.IntVar(&o.samples, "samples", 0, fmt.Sprintf("planner, expert: samples of the hidden cards solved per decision (default: planner %d, expert %d)",
		player.DefaultConfig.Samples, player.DefaultExpertConfig.Samples))
	fs.Int64Var(&o.nodes, "plan-nodes", 0, fmt.Sprintf("planner, expert: solver nodes per sample and move (default: planner %d, expert %d)",
		player.DefaultConfig.Nodes, player.DefaultExpertConfig.Nodes))
}

// config returns the player's options: the flags given, the player's
// defaults for the others.
func (o *playerOptions) config(fs *pflag.FlagSet) player.Config {
	c := player.Defaults(o.name)
	if fs.Changed("samples") {
		c.Samples = o.samples
	}
	if fs.Changed("plan-nodes") {
		c.Nodes = o.nodes
	}
	c.Workers = o.workers
	return c
}

// check validates the player flags; all errors are usage errors.
func (o *playerOptions) check(fs *pflag.FlagSet) error {
	if fs.Changed("plan-workers") && o.workers < 1 {
		return usageErrorf("--plan-workers %d: at least 1", o.workers)
	}
	if _, err := player.New(o.name, o.config(fs)); err != nil {
		return usageErrorf("--player: %v", err)
	}
	if _, err := engine.ParseMemory(o.memory); err != nil {
		return usageErrorf("--%v", err)
	}
	return nil
}

// manifestFields sets the manifest's player fields.
func (o *playerOptions) manifestFields(fs *pflag.FlagSet, m *results.Manifest) {
	m.Player, m.PlayerMemory, m.PlayerVersion = o.name, o.memory, results.PlayerVersion
	if o.name == "planner" || o.name == "expert" {
		c := o.config(fs)
		m.PlayerSamples, m.PlayerNodes = c.Samples, c.Nodes
	}
}

type playOptions struct {
	rules   ruleOptions
	source  sourceOptions
	player  playerOptions
	json    bool
	html    string
	explain bool
}

func newPlayCmd(stdout io.Writer) *cobra.Command {
	o := &playOptions{}
	cmd := &cobra.Command{
		Use:   "play --player P (--seed N | --deal FILE) [--game G] [rule flags]",
		Short: "Play one deal with a player who sees only what a person sees",
		Long: `Play one deal with a player who cannot see face-down cards or stock cards not
yet turned (random, greedy, human, planner or expert; see the README), and print its
moves, how the game ended and its scores (standard, Vegas, Till Dawn).
--json prints one JSON object instead. The same deal and player always play
the same game.

--explain (the expert only) shows how each decision was made: under its
move, every candidate line (quiet moves that show nothing new, then one
move that cannot be taken back: a card turned, taken from the talon or put
on a foundation) with its estimated chance to win (the share of the samples
of the hidden cards on which the position after the line was won, an
unknown solve counting half) and the samples it was solved on; the chosen
line's later moves follow without a decision of their own. "safe" marks a
card put on a foundation at once; a line dropped by the halving shows the
samples it was solved on before the cut. With --json, the decisions are in
"decisions".`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			o.source.stdin = cmd.InOrStdin()
			return runPlay(ctx, stdout, cmd.Flags(), o)
		},
	}
	fs := cmd.Flags()
	addSourceFlags(fs, &o.source)
	addRuleFlags(fs, &o.rules)
	addPlayerFlags(fs, &o.player, "human")
	fs.IntVar(&o.player.workers, "plan-workers", 1, "expert: goroutines solving the samples of one decision (the game played does not depend on it)")
	addJSONFlag(fs, &o.json)
	addHTMLFlag(fs, &o.html)
	fs.BoolVar(&o.explain, "explain", false, "expert: show each decision's moves with their estimated chances to win")
	return cmd
}

// dollars writes a casino score: "$8", "-$16".
func dollars(n int) string {
	if n < 0 {
		return fmt.Sprintf("-$%d", -n)
	}
	return fmt.Sprintf("$%d", n)
}

// playReport is the --json output of play.
type playReport struct {
	Game     string        `json:"game"`
	Rules    string        `json:"rules"`
	Deal     string        `json:"deal"`
	Player   string        `json:"player"`
	Memory   string        `json:"memory"`
	Result   string        `json:"result"` // won or lost
	End      string        `json:"end"`    // won, stuck, limit, cancelled
	Cards    int           `json:"cards"`
	Score    int           `json:"score"`
	Vegas    int           `json:"vegas"`
	TillDawn int           `json:"till_dawn"`
	Moves    []engine.Step `json:"moves"`
	// Decisions are the expert's choices, with --explain.
	Decisions []decisionReport `json:"decisions,omitempty"`
}

// decisionReport is how the expert chose one move (player.Decision): the
// candidate lines it weighed, each a few quiet moves and one move that
// cannot be taken back, and the line it chose, whose first move is this
// one (the rest follow without a decision of their own).
type decisionReport struct {
	Move    int            `json:"move"` // the move's number in moves (from 1)
	Safe    bool           `json:"safe,omitempty"`
	Endgame bool           `json:"endgame,omitempty"` // at most one card hidden: the exact solver's winning line
	Samples int            `json:"samples,omitempty"` // samples of the hidden cards dealt
	Choices []choiceReport `json:"choices,omitempty"`
}

// choiceReport is one candidate line's estimate.
type choiceReport struct {
	Step    engine.Step   `json:"step"`    // the line's first move
	Line    []engine.Step `json:"line"`    // the whole line
	Samples int           `json:"samples"` // samples it was solved on
	Won     int           `json:"won"`
	Unknown int           `json:"unknown"`
	Chance  float64       `json:"chance"` // (won + unknown/2) / samples
	Chosen  bool          `json:"chosen,omitempty"`
}

// decisionReports labels the decisions of a game played from start; the
// moves that follow a line chosen earlier are left out.
func decisionReports(start engine.State, line []engine.Move, plies []int, ds []player.Decision, labels engine.FoundationLabels) []decisionReport {
	out := make([]decisionReport, 0, len(ds))
	s, at := start, 0
	for k, d := range ds {
		if d.Planned {
			continue
		}
		for ; at < plies[k]; at++ {
			s.Apply(line[at])
		}
		r := decisionReport{Move: plies[k] + 1, Safe: d.Safe, Endgame: d.Endgame, Samples: d.Samples}
		for i, e := range d.Moves {
			steps := labels.Steps(engine.Steps(s, e.Line))
			r.Choices = append(r.Choices, choiceReport{
				Step: steps[0], Line: steps,
				Samples: e.Samples, Won: e.Won, Unknown: e.Unknown,
				Chance: math.Round(e.WinChance()*1e4) / 1e4, Chosen: i == d.Chosen,
			})
		}
		out = append(out, r)
	}
	return out
}

// explainText writes a decision under its move.
func explainText(w io.Writer, indent string, d decisionReport) {
	switch {
	case d.Safe:
		fmt.Fprintf(w, "%ssafe: to a foundation at once\n", indent)
		return
	case d.Endgame:
		fmt.Fprintf(w, "%sat most one card hidden, and it is known: the exact solver's winning line\n", indent)
		return
	case len(d.Choices) == 0:
		fmt.Fprintf(w, "%snothing leaves this position for good: the human player's move\n", indent)
		return
	case len(d.Choices) == 1:
		fmt.Fprintf(w, "%sthe one line on: %s\n", indent, lineText(d.Choices[0].Line))
		return
	}
	fmt.Fprintf(w, "%s%s, %d lines:\n", indent, counted(int64(d.Samples), "sample"), len(d.Choices))
	for _, c := range d.Choices {
		mark := " "
		if c.Chosen {
			mark = "*"
		}
		fmt.Fprintf(w, "%s%s %5.1f %% of %3d  %s\n", indent, mark, 100*c.Chance, c.Samples, lineText(c.Line))
	}
}

// memoryText says what a player of the given memory knows.
func memoryText(memory string) string {
	if memory == "stock" {
		return "knows the stock's order"
	}
	return "remembers: " + memory
}

// lineText writes a line of steps on one line, a run of draws as one.
func lineText(steps []engine.Step) string {
	var parts []string
	for i := 0; i < len(steps); i++ {
		t := stepText(steps[i])
		n := 1
		for i+1 < len(steps) && steps[i+1].Op == steps[i].Op && steps[i].Op == engine.OpDraw {
			i++
			n++
		}
		if n > 1 {
			t = fmt.Sprintf("%s ×%d", t, n)
		}
		parts = append(parts, t)
	}
	return strings.Join(parts, ", ")
}

func runPlay(ctx context.Context, w io.Writer, fs *pflag.FlagSet, o *playOptions) error {
	vg, g, err := o.rules.resolve(fs)
	if err != nil {
		return err
	}
	if err := o.player.check(fs); err != nil {
		return err
	}
	if o.explain && o.player.name != "expert" {
		return usageErrorf("--explain goes with --player expert; the %s player does not explain its moves", o.player.name)
	}
	if err := checkPage(o.html, []string{o.source.deal}); err != nil {
		return err
	}
	pos, err := o.source.position(fs, vg, g)
	if err != nil {
		return err
	}
	start, desc := pos.state, pos.desc
	f, _ := player.New(o.player.name, o.player.config(fs))
	mem, _ := engine.ParseMemory(o.player.memory) // checked
	po := player.Options{Memory: mem, Line: true}
	// The player's seed: the deal's seed when there is one, so a batch
	// record and this command play the same game.
	seed := o.source.playerSeed(fs)
	var plies []int
	var ds []player.Decision
	if o.explain {
		po.Explain = func(ply int, d player.Decision) { plies, ds = append(plies, ply), append(ds, d) }
	}
	res := player.Play(ctx, start, f(seed), po)
	rep := playReport{
		Game: vg.Name, Rules: describeRules(&g.Rules), Deal: desc, Player: o.player.name,
		Memory: o.player.memory, Result: "lost", End: res.End, Cards: res.Cards,
		Moves: pos.labels.Steps(engine.Steps(start, res.Line)),
	}
	if res.Won {
		rep.Result = "won"
	}
	if o.explain {
		rep.Decisions = decisionReports(start, res.Line, plies, ds, pos.labels)
	}
	rep.Score, rep.Vegas, rep.TillDawn = results.Scores(res.Cards, g.Rules.Decks)
	if o.html != "" {
		ln, err := lineOf("game", start, pos, rep.Moves)
		if err != nil {
			return err
		}
		sub := fmt.Sprintf("deal: %s; player: %s; result: %s (%s), %s on the foundations", rep.Deal, rep.Player, rep.Result, rep.End, counted(int64(rep.Cards), "card"))
		p := page.Page{Title: pageTitle(rep.Game, rep.Rules), Subtitle: sub, Lines: []page.Line{ln}}
		if err := writePage(o.html, []string{o.source.deal}, p); err != nil {
			return err
		}
	}
	if o.json {
		return writeJSON(w, rep)
	}
	fmt.Fprintf(w, "game: %s (%s)\n", rep.Game, rep.Rules)
	fmt.Fprintf(w, "deal: %s\n", rep.Deal)
	fmt.Fprintf(w, "player: %s (%s)\n", rep.Player, memoryText(rep.Memory))
	width := len(strconv.Itoa(len(rep.Moves)))
	next := 0 // the next decision to show
	for i, st := range rep.Moves {
		fmt.Fprintf(w, "%*d. %s\n", width, i+1, stepText(st))
		if next < len(rep.Decisions) && rep.Decisions[next].Move == i+1 {
			explainText(w, strings.Repeat(" ", width+2), rep.Decisions[next])
			next++
		}
	}
	result := rep.Result
	if rep.End != rep.Result { // "lost (stuck)"; a won game says "won" once
		result += " (" + rep.End + ")"
	}
	_, err = fmt.Fprintf(w, "result: %s after %s, %s on the foundations; score %d, Vegas %s, Till Dawn %s\n",
		result, counted(int64(len(rep.Moves)), "move"), counted(int64(rep.Cards), "card"), rep.Score, dollars(rep.Vegas), dollars(rep.TillDawn))
	return err
}
