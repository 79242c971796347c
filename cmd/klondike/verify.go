package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/klondike-family/klondike/engine"
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
or a bare JSON array of steps. Prints "valid: wins in N steps" (exit 0) or
"invalid: " and the reason (exit 1).`,
		Args: cobra.NoArgs,
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
func runVerify(w io.Writer, fs *pflag.FlagSet, o *verifyOptions) error {
	if o.solution == "" {
		return usageErrorf("verify: --solution is required")
	}
	vg, g, err := o.rules.resolve(fs)
	if err != nil {
		return err
	}
	start, _, err := o.source.start(fs, vg, g)
	if err != nil {
		return err
	}
	steps, err := readSolution(o.solution)
	if err != nil {
		return usageError(err)
	}
	if err := engine.Verify(start, steps); err != nil {
		fmt.Fprintf(w, "invalid: %v\n", err)
		return &exitError{code: exitFail}
	}
	_, err = fmt.Fprintf(w, "valid: wins in %d steps\n", len(steps))
	return err
}

// readSolution reads a solution file: a JSON array of steps, or an object
// with a "solution" array (the --json output of solve).
func readSolution(path string) ([]engine.Step, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("solution file: %v", err)
	}
	bad := func(err error) error {
		return fmt.Errorf("solution file %s: %v", path, err)
	}
	var steps []engine.Step
	switch t := bytes.TrimSpace(data); {
	case bytes.HasPrefix(t, []byte("[")):
		if err := strictUnmarshal(t, &steps); err != nil {
			return nil, bad(err)
		}
	case bytes.HasPrefix(t, []byte("{")):
		var rep struct {
			Solution json.RawMessage `json:"solution"`
		}
		if err := json.Unmarshal(t, &rep); err != nil {
			return nil, bad(err)
		}
		if rep.Solution == nil {
			return nil, bad(fmt.Errorf(`no "solution" key`))
		}
		if err := strictUnmarshal(rep.Solution, &steps); err != nil {
			return nil, bad(fmt.Errorf("solution: %v", err))
		}
	default:
		return nil, bad(fmt.Errorf("want a JSON array of steps or an object with a \"solution\" array"))
	}
	return steps, nil
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
