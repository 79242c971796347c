package main

import (
	"io"
	"os"
	"strings"

	"github.com/klondike-family/klondike/engine"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

type dealOptions struct {
	rules    ruleOptions
	seed     string
	seedType string
	format   string
	terminal bool // write suit symbols and colour
}

func newDealCmd(stdout io.Writer) *cobra.Command {
	o := &dealOptions{}
	cmd := &cobra.Command{
		Use:   "deal --seed N [--seed-type T] [--format F] [--game G] [rule flags]",
		Short: "Print a deal from a seed",
		Long: "Print deal N of a game. Seed types (--seed-type, default native):\n" + seedTypeList() + `
Formats: text (this project's), solvitaire (Solvitaire's JSON), deck
(Klondike-Solver's 156-digit string). The text format uses suit symbols and
colour only when writing to a terminal.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			o.terminal = isTerminal(stdout)
			return runDeal(stdout, cmd.Flags(), o)
		},
	}
	fs := cmd.Flags()
	fs.StringVar(&o.seed, "seed", "", "deal number (required)")
	fs.StringVar(&o.seedType, "seed-type", "native", seedTypeHelp())
	fs.StringVar(&o.format, "format", "text", "output format: text, solvitaire, deck")
	addRuleFlags(fs, &o.rules)
	return cmd
}

// runDeal writes the deal o names to w.
func runDeal(w io.Writer, fs *pflag.FlagSet, o *dealOptions) error {
	if !fs.Changed("seed") {
		return usageErrorf("deal: --seed is required")
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
	l, err := dealFromSeed(vg, g.Rules, o.seedType, o.seed)
	if err != nil {
		return usageError(err)
	}
	var out string
	switch o.format {
	case "text":
		out = engine.FormatText(l, engine.TextOptions{Symbols: o.terminal, Colour: o.terminal})
	case "solvitaire":
		b, err := engine.FormatSolvitaire(l)
		if err != nil {
			return usageErrorf("solvitaire format: %v", err)
		}
		out = string(b)
	case "deck":
		out, err = engine.FormatDeck(l)
		if err != nil {
			return usageErrorf("deck format: %v", err)
		}
	}
	if !strings.HasSuffix(out, "\n") {
		out += "\n"
	}
	_, err = io.WriteString(w, out)
	return err
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
