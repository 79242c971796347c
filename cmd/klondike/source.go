package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/variants"
	"github.com/spf13/pflag"
)

// dealFromSeed makes deal seed of game vg under rules r with the named
// seed type (variants.SeedType, which owns each numbering's range and the
// games it deals). Every error is one line.
func dealFromSeed(vg *variants.Game, r engine.Rules, seedType, seed string) (engine.Layout, error) {
	t, err := variants.LookupSeedType(seedType)
	if err != nil {
		return engine.Layout{}, err
	}
	n, err := t.Parse(seed)
	if err != nil {
		return engine.Layout{}, err
	}
	deal, err := t.Dealer(vg, r)
	if err != nil {
		return engine.Layout{}, err
	}
	return deal(n)
}

// seedTypeList describes the numberings, one per line: name, summary,
// range of numbers.
func seedTypeList() string {
	var b strings.Builder
	for _, t := range variants.SeedTypes() {
		fmt.Fprintf(&b, "  %s: %s; numbers %s; deals %s\n", t.Name, t.Summary, t.Range(), t.Games)
	}
	return b.String()
}

// seedTypeHelp is the --seed-type flag's help.
func seedTypeHelp() string { return "deal numbering: " + strings.Join(variants.SeedTypeNames(), ", ") }

// Deal file formats.
var dealFormats = []string{"auto", "text", "solvitaire", "deck"}

// readDeal reads a deal file in the given format, or guesses it with
// format "auto": a JSON object is Solvitaire's format, digits only a
// Klondike-Solver deck string, anything else the text format. Errors are
// one line naming the file.
func readDeal(path, format string) (engine.Layout, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return engine.Layout{}, fmt.Errorf("deal file: %v", err)
	}
	if format == "auto" {
		format = detectDealFormat(data)
	}
	var l engine.Layout
	switch format {
	case "text":
		l, err = engine.ParseText(string(data))
	case "solvitaire":
		l, err = engine.ParseSolvitaire(data)
	case "deck":
		l, err = engine.ParseDeck(string(data))
	default:
		return l, fmt.Errorf("--deal-format %q: want one of %s", format, strings.Join(dealFormats, ", "))
	}
	if err != nil {
		return l, fmt.Errorf("deal file %s (%s format): %v", path, format, err)
	}
	return l, nil
}

// detectDealFormat guesses a deal file's format from its contents.
func detectDealFormat(data []byte) string {
	t := strings.TrimSpace(string(data))
	if strings.HasPrefix(t, "{") {
		return "solvitaire"
	}
	digits := t != ""
	for _, c := range t {
		if (c < '0' || c > '9') && c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			digits = false
			break
		}
	}
	if digits {
		return "deck"
	}
	return "text"
}

// sourceOptions say where a start position comes from: a seed or a deal
// file.
type sourceOptions struct {
	seed       string
	seedType   string
	deal       string
	dealFormat string
}

// addSourceFlags registers --seed, --seed-type, --deal and --deal-format.
func addSourceFlags(fs *pflag.FlagSet, o *sourceOptions) {
	fs.StringVar(&o.seed, "seed", "", "deal number")
	fs.StringVar(&o.seedType, "seed-type", "native", seedTypeHelp())
	fs.StringVar(&o.deal, "deal", "", "deal file (instead of --seed)")
	fs.StringVar(&o.dealFormat, "deal-format", "auto", "deal file format: "+strings.Join(dealFormats, ", "))
}

// start builds the start position of game vg (prepared for play as g) from
// a seed or a deal file and describes where it came from. Every error is a
// usage error.
func (o *sourceOptions) start(fs *pflag.FlagSet, vg *variants.Game, g *engine.Game) (engine.State, string, error) {
	var (
		l    engine.Layout
		desc string
		err  error
	)
	switch hasSeed, hasDeal := fs.Changed("seed"), fs.Changed("deal"); {
	case hasSeed && hasDeal:
		return engine.State{}, "", usageErrorf("give --seed or --deal, not both")
	case hasSeed:
		if fs.Changed("deal-format") {
			return engine.State{}, "", usageErrorf("--deal-format goes with --deal, not --seed")
		}
		l, err = dealFromSeed(vg, g.Rules, o.seedType, o.seed)
		desc = fmt.Sprintf("%s seed %s", o.seedType, strings.TrimSpace(o.seed))
	case hasDeal:
		if fs.Changed("seed-type") {
			return engine.State{}, "", usageErrorf("--seed-type goes with --seed, not --deal")
		}
		l, err = readDeal(o.deal, o.dealFormat)
		desc = "file " + o.deal
	default:
		return engine.State{}, "", usageErrorf("give a deal: --seed N or --deal FILE")
	}
	if err != nil {
		return engine.State{}, "", usageError(err)
	}
	s, err := g.NewState(l)
	if err != nil {
		return engine.State{}, "", usageErrorf("deal (%s): %v", desc, err)
	}
	return s, desc, nil
}

// playerSeed is the seed a player is made with for the deal --seed names:
// the deal number (its low 64 bits past 2^64), so that a batch record and
// 'klondike play' play the same game; 0 for a deal file.
func (o *sourceOptions) playerSeed(fs *pflag.FlagSet) uint64 {
	if !fs.Changed("seed") {
		return 0
	}
	t, err := variants.LookupSeedType(o.seedType)
	if err != nil {
		return 0
	}
	n, err := t.Parse(o.seed)
	if err != nil {
		return 0
	}
	return n.Lo
}
