package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/results"
	"github.com/klondike-family/klondike/variants"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

type verifyOptions struct {
	rules    ruleOptions
	source   sourceOptions
	solution string
}

func newVerifyCmd(stdout io.Writer) *cobra.Command {
	o := &verifyOptions{}
	cmd := &cobra.Command{
		Use:   "verify (--deal FILE | --seed N [--seed-type T]) --solution FILE.json [--game G] [rule flags]",
		Short: "Check a solution step by step against the rules",
		Long: `Replay a solution from a deal, checking every step under the rules, and say
whether it wins. The deal file's format is detected (a JSON object is
Solvitaire's, digits a Klondike-Solver deck string, else the text format)
unless --deal-format says. The solution file is the --json output of solve
or play, or a bare JSON array of steps; their output names its game and
rules, and verify takes that game when no --game or rule flag is given (not
its rule flags: give those again, e.g. --draw 1) and refuses a file solved
under other rules than those it verifies under, naming both. Either file may be - (standard
input), not both. Prints "valid: wins in N steps" (exit 0) or
"invalid: " and the reason (exit 1).`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			o.source.stdin = cmd.InOrStdin()
			return runVerify(stdout, cmd.Flags(), o)
		},
	}
	fs := cmd.Flags()
	addSourceFlags(fs, &o.source)
	fs.StringVar(&o.solution, "solution", "", "solution file: solve's or play's --json output or a JSON array of steps; - for standard input (required)")
	addRuleFlags(fs, &o.rules)
	return cmd
}

// runVerify replays the solution from the deal and writes the outcome to w.
// A solution file written by solve --json names its game and rules: verify
// takes the game from it when no --game or rule flag is given, and refuses
// a file whose game or rules are not those it verifies under.
func runVerify(w io.Writer, fs *pflag.FlagSet, o *verifyOptions) error {
	if o.solution == "" {
		return usageErrorf("verify: --solution is required")
	}
	if o.solution == "-" && o.source.deal == "-" {
		return usageErrorf("--deal and --solution cannot both read standard input")
	}
	sol, err := readSolution(o.solution, o.source.stdin)
	if err != nil {
		return usageError(err)
	}
	vg, g, err := o.rules.resolveFor(fs, sol, o.solution, "a solution", "verify")
	if err != nil {
		return err
	}
	pos, err := o.source.position(fs, vg, g)
	if err != nil {
		return err
	}
	if err := engine.VerifyLabelled(pos.state, sol.Steps, pos.labels); err != nil {
		fmt.Fprintf(w, "invalid: %v\n", err)
		return &exitError{code: exitFail}
	}
	_, err = fmt.Fprintf(w, "valid: wins in %s\n", counted(int64(len(sol.Steps)), "step"))
	return err
}

// resolveFor resolves the game and rules under which the steps of sol (what
// the file holds: "a solution", "moves"), read from path, are replayed by
// command cmd: a file written by solve or play
// --json names its game and rules, which are taken when no --game or rule
// flag is given; a file of another game or rules is refused (exit 2).
func (o *ruleOptions) resolveFor(fs *pflag.FlagSet, sol solutionFile, path, what, cmd string) (*variants.Game, *engine.Game, error) {
	if sol.Game != "" && !o.given(fs) {
		o.game = sol.Game
	}
	vg, g, err := o.resolve(fs)
	if err != nil {
		return nil, nil, err
	}
	if rules := describeRules(&g.Rules); sol.Game != "" && (sol.Game != vg.Name || sol.Rules != rules) {
		return nil, nil, usageErrorf("%s holds %s of %s (%s) but %s plays %s (%s): give the --game and rule flags of the file",
			inputName(path), what, sol.Game, sol.Rules, cmd, vg.Name, rules)
	}
	return vg, g, nil
}

// solutionFile is a solution file read: its steps, and the game and rules
// when it is solve's --json output (empty for a bare array of steps).
type solutionFile struct {
	Steps       []engine.Step
	Game, Rules string
}

// maxSolutionBytes bounds a solution file: a step is about 60 bytes of
// JSON, and a solution of the longest games a few thousand steps.
const maxSolutionBytes = 16 << 20

// readSolution reads a solution file: a JSON array of steps, or an object
// with a "solution" array (the --json output of solve, whose "game" and
// "rules" it keeps). Path "-" reads stdin.
func readSolution(path string, stdin io.Reader) (solutionFile, error) {
	return readSteps("solution", path, stdin)
}

// readSteps reads a file of steps named what ("solution", "moves"), at most
// maxSolutionBytes: a JSON array of steps, or an object with a "solution"
// or "moves" array (the --json output of solve or play, whose "game" and
// "rules" it keeps). A step that is not well formed (engine.Step.Check)
// makes the file malformed; one that is, but illegal where it is played,
// is for the command to judge.
func readSteps(what, path string, stdin io.Reader) (solutionFile, error) {
	var sol solutionFile
	data, err := readInput(path, stdin, maxSolutionBytes)
	if err != nil {
		return sol, fmt.Errorf("%s file: %v", what, err)
	}
	bad := func(err error) error {
		return fmt.Errorf("%s file %s: %s", what, inputName(path), results.ClipError(err))
	}
	switch t := bytes.TrimSpace(data); {
	case bytes.HasPrefix(t, []byte("[")):
		if err := strictUnmarshal(t, &sol.Steps); err != nil {
			return sol, bad(err)
		}
	case bytes.HasPrefix(t, []byte("{")):
		var rep struct {
			Game     string          `json:"game"`
			Rules    string          `json:"rules"`
			Solution json.RawMessage `json:"solution"`
			Moves    json.RawMessage `json:"moves"`
		}
		if err := json.Unmarshal(t, &rep); err != nil {
			return sol, bad(err)
		}
		key, list := "solution", rep.Solution
		if list == nil {
			key, list = "moves", rep.Moves
		}
		if list == nil {
			return sol, bad(fmt.Errorf(`no "solution" or "moves" key`))
		}
		if err := strictUnmarshal(list, &sol.Steps); err != nil {
			return sol, bad(fmt.Errorf("%s: %v", key, err))
		}
		sol.Game, sol.Rules = rep.Game, rep.Rules
	default:
		return sol, bad(fmt.Errorf("want a JSON array of steps or an object with a \"solution\" or \"moves\" array"))
	}
	for i, st := range sol.Steps {
		if err := st.Check(); err != nil {
			return sol, bad(fmt.Errorf("step %d: %v", i+1, err))
		}
	}
	return sol, nil
}

// strictUnmarshal decodes JSON refusing unknown keys in steps.
func strictUnmarshal(data []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		return err
	}
	if d.More() {
		return fmt.Errorf("extra data after the JSON value")
	}
	return nil
}
