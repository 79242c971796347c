package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/variants"
	"github.com/spf13/pflag"
)

// seedNumber reads s, given by flag (--from, bench movegen's --seed), as
// a deal number of seedType that a result record holds: one of the
// numbering's (variants.SeedType.Parse: its range, and -n for 2^32-n where
// the numbering allows it) below 2^64. An empty s is the numbering's first
// number (--from's default: 0, but PySolFC's 1).
func seedNumber(seedType, flag, s string) (uint64, error) {
	t, err := variants.LookupSeedType(seedType)
	if err != nil {
		return 0, err
	}
	n := t.Min
	if s != "" {
		if n, err = t.Parse(s); err != nil {
			return 0, fmt.Errorf("%s %v", flag, err)
		}
	}
	u, ok := n.Uint64()
	if !ok {
		return 0, fmt.Errorf("%s %s: results hold 64-bit deal numbers; give one below 18446744073709551616", flag, n)
	}
	return u, nil
}

// checkNegativeRange refuses a range of deals from a negative --from of
// a numbering that reads -n as 2^32-n (variants.SeedType.Negative; text,
// read as from) that would run past -1: the numbers past the numbering's
// Max are not deals, and the message the numbering gives names the
// translated numbers, not those typed.
func checkNegativeRange(seedType, text string, from, deals uint64) error {
	t, err := variants.LookupSeedType(seedType)
	if err != nil || !t.Negative || !strings.HasPrefix(strings.TrimSpace(text), "-") {
		return nil
	}
	last, ok := t.Max.Uint64()
	wrap := last + 1 // 2^32: -n is wrap-n
	if !ok || from+deals <= wrap {
		return nil
	}
	return fmt.Errorf("--from %s --deals %d: a negative number -n stands for 2^32-n (%s is %d), so the range would run past -1; "+
		"a range of negative numbers ends at -1 (--deals at most %d from %s), or give the numbers from 0", text, deals, text, from, wrap-from, text)
}

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
		return engine.Layout{}, fmt.Errorf("--seed %v", err)
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
func seedTypeHelp() string {
	return "deal numbering: " + strings.Join(variants.SeedTypeNames(), ", ")
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

// position builds the start position of game vg (prepared for play as g)
// from a seed or a deal file,
// describes where it came from and keeps the foundations' names of a deal
// file. A position with unseen cards is refused. Every error is a usage
// error.
func (o *sourceOptions) position(fs *pflag.FlagSet, vg *variants.Game, g *engine.Game) (position, error) {
	p, err := o.positionOrView(fs, vg, g)
	if err == nil && p.view != nil {
		are := "are"
		if p.view.Hidden() == 1 {
			are = "is"
		}
		return position{}, usageErrorf("deal (%s): %s %s unseen (??); only hint plays a position with unseen cards",
			p.desc, counted(int64(p.view.Hidden()), "card"), are)
	}
	return p, err
}

// positionOrView is position that also takes a position with unseen
// cards, as a View.
func (o *sourceOptions) positionOrView(fs *pflag.FlagSet, vg *variants.Game, g *engine.Game) (position, error) {
	l, desc, err := o.layout(fs, vg, g)
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

// layout reads the layout o names (a seed's deal of game vg, prepared for
// play as g) and describes where it came from.
func (o *sourceOptions) layout(fs *pflag.FlagSet, vg *variants.Game, g *engine.Game) (engine.Layout, string, error) {
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
		l, err = dealFromSeed(vg, g.Rules, o.seedType, o.seed)
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

// playerSeed is the seed a player is made with for the deal --seed names:
// the deal number (its low 64 bits past 2^64, and 2^32-n for -n), so that
// a batch record and 'klondike play' play the same game; 0 for a deal
// file.
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
