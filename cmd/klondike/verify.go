package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/results"
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
or a bare JSON array of steps; solve's output names its game and rules, and
verify takes that game when no --game or rule flag is given and refuses a
file solved under other rules. Prints "valid: wins in N steps" (exit 0) or
"invalid: " and the reason (exit 1).`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runVerify(stdout, cmd.Flags(), o)
		},
	}
	fs := cmd.Flags()
	addSourceFlags(fs, &o.source)
	fs.StringVar(&o.solution, "solution", "", "solution file: solve's --json output or a JSON array of steps (required)")
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
	sol, err := readSolution(o.solution)
	if err != nil {
		return usageError(err)
	}
	if sol.Game != "" && !o.rules.given(fs) {
		o.rules.game = sol.Game
	}
	vg, g, err := o.rules.resolve(fs)
	if err != nil {
		return err
	}
	if rules := describeRules(&g.Rules); sol.Game != "" && (sol.Game != vg.Name || sol.Rules != rules) {
		return usageErrorf("%s holds a solution of %s (%s) but verify plays %s (%s): give the --game and rule flags it was solved with",
			o.solution, sol.Game, sol.Rules, vg.Name, rules)
	}
	start, _, err := o.source.start(fs, g)
	if err != nil {
		return err
	}
	if err := engine.Verify(start, sol.Steps); err != nil {
		fmt.Fprintf(w, "invalid: %v\n", err)
		return &exitError{code: exitFail}
	}
	_, err = fmt.Fprintf(w, "valid: wins in %d steps\n", len(sol.Steps))
	return err
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
// "rules" it keeps).
func readSolution(path string) (solutionFile, error) {
	var sol solutionFile
	data, err := results.ReadFileLimit(path, maxSolutionBytes)
	if err != nil {
		return sol, fmt.Errorf("solution file: %v", err)
	}
	bad := func(err error) error {
		return fmt.Errorf("solution file %s: %s", path, results.ClipError(err))
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
		}
		if err := json.Unmarshal(t, &rep); err != nil {
			return sol, bad(err)
		}
		if rep.Solution == nil {
			return sol, bad(fmt.Errorf(`no "solution" key`))
		}
		if err := strictUnmarshal(rep.Solution, &sol.Steps); err != nil {
			return sol, bad(fmt.Errorf("solution: %v", err))
		}
		sol.Game, sol.Rules = rep.Game, rep.Rules
	default:
		return sol, bad(fmt.Errorf("want a JSON array of steps or an object with a \"solution\" array"))
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
