package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/klondike-family/klondike/engine"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

type dealOptions struct {
	rules    ruleOptions
	source   sourceOptions
	format   string
	terminal bool // write suit symbols
	colour   bool // and red suits in red
}

func newDealCmd(stdout io.Writer) *cobra.Command {
	o := &dealOptions{}
	cmd := &cobra.Command{
		Use:   "deal (--seed N [--seed-type T] | --deal FILE [--deal-format F]) [--format F] [--game G] [rule flags]",
		Short: "Print a deal from a seed, or convert a deal or position file",
		Long: `Print deal N of a game, or the deal or position of a file (- for standard
input) in another format. Seed types (--seed-type, default native):
` + seedTypeList() + `Formats: text (this project's), solvitaire
(Solvitaire's JSON), deck (Klondike-Solver's 156-digit string, a fresh
one-deck deal only). A file is checked under the game's rules first; a
position the target format cannot hold is refused with the reason. The text
format uses suit symbols and colour only when writing to a terminal, and no
colour when the NO_COLOR environment variable is set.`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			o.terminal = isTerminal(stdout)
			o.colour = wantColour(o.terminal, os.Getenv)
			o.source.stdin = cmd.InOrStdin()
			return runDeal(stdout, cmd.Flags(), o)
		},
	}
	fs := cmd.Flags()
	addSourceFlags(fs, &o.source)
	fs.StringVar(&o.format, "format", "text", "output format: text, solvitaire, deck")
	addRuleFlags(fs, &o.rules)
	return cmd
}

// runDeal writes the deal o names to w.
func runDeal(w io.Writer, fs *pflag.FlagSet, o *dealOptions) error {
	if !fs.Changed("seed") && !fs.Changed("deal") {
		return usageErrorf("deal: give --seed N or --deal FILE")
	}
	switch o.format {
	case "text", "solvitaire", "deck":
	default:
		return usageErrorf("--format %q: want text, solvitaire or deck", o.format)
	}
	vg, g, err := o.rules.resolve(fs)
	if err != nil {
		return err
	}
	var l engine.Layout
	if fs.Changed("seed") && !fs.Changed("deal") {
		if fs.Changed("deal-format") {
			return usageErrorf("--deal-format goes with --deal, not --seed")
		}
		if l, err = dealFromSeed(vg, g.Rules, o.source.seedType, o.source.seed); err != nil {
			return usageError(err)
		}
	} else {
		// A file: checked by building its state, written back from the
		// state with the file's foundation names.
		pos, err := o.source.position(fs, vg, g)
		if err != nil {
			return err
		}
		l = pos.labels.Layout(pos.state.Layout())
	}
	out, err := formatLayout(&g.Rules, l, o.format, engine.TextOptions{Symbols: o.terminal, Colour: o.colour})
	if err != nil {
		return usageError(err)
	}
	_, err = io.WriteString(w, out)
	return err
}

// formatLayout writes l in format f, ending with a newline, or says why
// the format cannot hold it. The text format is written with text's
// options (suit symbols, colour).
func formatLayout(r *engine.Rules, l engine.Layout, f string, text engine.TextOptions) (string, error) {
	var out string
	switch f {
	case "text":
		out = engine.FormatText(l, text)
	case "solvitaire":
		if l.Recycles > 0 && !r.Unlimited() {
			return "", fmt.Errorf("solvitaire format: it has no place for the stock's recycle count (%d of %d passes used), which matters when passes are limited", l.Recycles, r.Passes)
		}
		b, err := engine.FormatSolvitaire(l)
		if err != nil {
			return "", fmt.Errorf("solvitaire format: %v", err)
		}
		out = string(b)
	case "deck":
		var err error
		if out, err = engine.FormatDeck(l); err != nil {
			return "", err // it says "deck string: ..."
		}
	}
	if !strings.HasSuffix(out, "\n") {
		out += "\n"
	}
	return out, nil
}

// wantColour tells whether to write colour: on a terminal, unless the
// NO_COLOR environment variable is set to anything but "" (no-color.org).
func wantColour(terminal bool, getenv func(string) string) bool {
	return terminal && getenv("NO_COLOR") == ""
}

// isTerminal tells whether w is a terminal (a character device).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
