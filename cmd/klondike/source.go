package main

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/klondike-family/klondike/engine"
	"github.com/spf13/pflag"
)

// Seed types: the deal generators a seed number may name.
var seedTypes = []string{"native", "solvitaire", "klondike-solver"}

// seedNumber reads seed s, given by flag (--seed, --from), as the number
// the generator of seedType takes. Native seeds are 0..2^64-1; seeds of
// Solvitaire and Klondike-Solver are their 32-bit ints: -2147483648 ..
// 4294967295, a negative seed -n standing for 2^32-n. (An unknown seed
// type is left to the caller to refuse.)
func seedNumber(seedType, flag, s string) (uint64, error) {
	n, neg, err := parseSeed(s)
	if err != nil {
		return 0, fmt.Errorf("%s %q: want a whole number", flag, s)
	}
	if seedType == "native" {
		if neg {
			return 0, fmt.Errorf("%s %s: native seeds are 0..%d", flag, strings.TrimSpace(s), uint64(math.MaxUint64))
		}
		return n, nil
	}
	switch {
	case neg && n > 1<<31, !neg && n > math.MaxUint32:
		return 0, fmt.Errorf("%s %s: %s seeds are 32-bit: -2147483648..4294967295", flag, strings.TrimSpace(s), seedType)
	case neg:
		return 1<<32 - n, nil
	}
	return n, nil
}

// dealFromSeed makes deal seed of the given seed type for rules r (seeds
// as seedNumber reads them).
func dealFromSeed(r *engine.Rules, seedType, seed string) (engine.Layout, error) {
	switch seedType {
	case "native", "solvitaire", "klondike-solver":
	default:
		return engine.Layout{}, fmt.Errorf("--seed-type %q: want one of %s", seedType, strings.Join(seedTypes, ", "))
	}
	n, err := seedNumber(seedType, "--seed", seed)
	if err != nil {
		return engine.Layout{}, err
	}
	switch seedType {
	case "solvitaire":
		return engine.SolvitaireDeal(r, n)
	case "klondike-solver":
		return engine.KlondikeSolverDeal(r, n)
	}
	return engine.NativeDeal(r, n), nil
}

// parseSeed reads a seed: a number, maybe negative; it returns its
// magnitude and sign.
func parseSeed(s string) (n uint64, neg bool, err error) {
	t := strings.TrimSpace(s)
	if rest, ok := strings.CutPrefix(t, "-"); ok {
		t, neg = rest, true
	}
	n, err = strconv.ParseUint(t, 10, 64)
	if err != nil || strings.HasPrefix(t, "+") || (neg && n == 0) {
		return 0, false, fmt.Errorf("--seed %q: want a whole number", s)
	}
	return n, neg, nil
}

// maxDealBytes bounds a deal file: a deal is a few hundred bytes, a
// commented one a few KiB.
const maxDealBytes = 1 << 20

// Deal file formats.
var dealFormats = []string{"auto", "text", "solvitaire", "deck"}

// readDeal reads a deal file in the given format, or guesses it with
// format "auto": a JSON object is Solvitaire's format, digits only a
// Klondike-Solver deck string, anything else the text format. Errors are
// one line naming the file. Path "-" reads stdin (at most maxDealBytes,
// like a file).
func readDeal(path, format string, stdin io.Reader) (engine.Layout, error) {
	data, err := readInput(path, stdin, maxDealBytes)
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
		return l, fmt.Errorf("deal file %s (%s format): %v", inputName(path), format, err)
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
	stdin      io.Reader // what --deal - reads
}

// addSourceFlags registers --seed, --seed-type, --deal and --deal-format.
func addSourceFlags(fs *pflag.FlagSet, o *sourceOptions) {
	addSeedFlags(fs, &o.seed, &o.seedType)
	fs.StringVar(&o.deal, "deal", "", "deal or position file, - for standard input (instead of --seed)")
	fs.StringVar(&o.dealFormat, "deal-format", "auto", "deal file format: "+strings.Join(dealFormats, ", "))
}

// position is a start position with what the output needs to speak of it
// as the user does.
type position struct {
	state  engine.State
	desc   string                  // where it came from: "native seed 7", "file game.txt"
	labels engine.FoundationLabels // the foundations' names in the deal file
	// view is set instead of state for a position with unseen cards
	// ("??"), which only positionOrView reads.
	view *engine.View
}

// position builds the start position of game g from a seed or a deal file,
// describes where it came from and keeps the foundations' names of a deal
// file. A position with unseen cards is refused. Every error is a usage
// error.
func (o *sourceOptions) position(fs *pflag.FlagSet, g *engine.Game) (position, error) {
	p, err := o.positionOrView(fs, g)
	if err == nil && p.view != nil {
		return position{}, usageErrorf("deal (%s): %d cards are unseen (??); only hint plays a position with unseen cards", p.desc, p.view.Hidden())
	}
	return p, err
}

// positionOrView is position that also takes a position with unseen
// cards, as a View.
func (o *sourceOptions) positionOrView(fs *pflag.FlagSet, g *engine.Game) (position, error) {
	l, desc, err := o.layout(fs, g)
	if err != nil {
		return position{}, err
	}
	p := position{desc: desc}
	if l.HasUnknown() {
		v, err := g.NewView(l)
		if err != nil {
			return position{}, usageErrorf("deal (%s): %v", desc, err)
		}
		p.view = &v
	} else if p.state, err = g.NewState(l); err != nil {
		return position{}, usageErrorf("deal (%s): %v", desc, err)
	}
	if p.labels, err = g.FoundationLabels(l); err != nil {
		return position{}, usageErrorf("deal (%s): %v", desc, err)
	}
	return p, nil
}

// layout reads the layout o names and describes where it came from.
func (o *sourceOptions) layout(fs *pflag.FlagSet, g *engine.Game) (engine.Layout, string, error) {
	var (
		l    engine.Layout
		desc string
		err  error
	)
	switch hasSeed, hasDeal := fs.Changed("seed"), fs.Changed("deal"); {
	case hasSeed && hasDeal:
		return l, "", usageErrorf("give --seed or --deal, not both")
	case hasSeed:
		if fs.Changed("deal-format") {
			return l, "", usageErrorf("--deal-format goes with --deal, not --seed")
		}
		l, err = dealFromSeed(&g.Rules, o.seedType, o.seed)
		desc = fmt.Sprintf("%s seed %s", o.seedType, strings.TrimSpace(o.seed))
	case hasDeal:
		if fs.Changed("seed-type") {
			return l, "", usageErrorf("--seed-type goes with --seed, not --deal")
		}
		l, err = readDeal(o.deal, o.dealFormat, o.stdin)
		desc = "file " + o.deal
		if o.deal == "-" {
			desc = "standard input"
		}
	default:
		return l, "", usageErrorf("give a deal: --seed N or --deal FILE")
	}
	if err != nil {
		return l, "", usageError(err)
	}
	return l, desc, nil
}
