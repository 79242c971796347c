package main

import (
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/klondike-family/klondike/results"
	"github.com/spf13/pflag"
)

// The flags that several commands share are registered here, each by one
// function, so that a flag that means the same thing has the same name,
// type, default and help in every command (TestSharedFlagsAgree checks
// it). Each command still checks the values it is given.

// countValue is a flag holding a number of deals or games: a whole
// number (flagError says so of a value that is not).
type countValue struct{ p *uint64 }

func (v countValue) String() string {
	if v.p == nil {
		return "0"
	}
	return strconv.FormatUint(*v.p, 10)
}

func (v countValue) Set(s string) error {
	n, err := strconv.ParseUint(strings.TrimSpace(s), 10, 64)
	if err != nil {
		return err
	}
	*v.p = n
	return nil
}

func (countValue) Type() string { return "count" }

// addCountFlag registers a count flag (--deals, --games) with its default.
func addCountFlag(fs *pflag.FlagSet, p *uint64, name string, def uint64, usage string) {
	*p = def
	fs.Var(countValue{p}, name, usage)
}

// addFromFlag registers --from, the first seed of a range, read by
// seedNumber with the range's seed type; its default, empty, is the seed
// type's first number.
func addFromFlag(fs *pflag.FlagSet, p *string) {
	fs.StringVar(p, "from", "", "first seed of the range (of --seed-type; default its first: 0, pysolfc's 1; Solvitaire and Klondike-Solver seeds may be negative)")
}

// addWorkersFlag registers --workers of the batch commands: how many deals
// (games) are done at once, each by one goroutine.
func addWorkersFlag(fs *pflag.FlagSet, p *int) {
	fs.IntVar(p, "workers", runtime.NumCPU(), "deals (games) done at once, one goroutine each; default: the number of CPUs")
}

// addBudgetFlags registers --budget (with its default: a command solving
// many deals may take a smaller one), --max-nodes and --mem, the budgets
// of each deal's search.
func addBudgetFlags(fs *pflag.FlagSet, budget *time.Duration, maxNodes *int64, mem *string, def time.Duration) {
	addBudgetFlagsPer(fs, budget, maxNodes, mem, def, "deal")
}

// addBudgetFlagsPer is addBudgetFlags for a command whose budgets are
// spent on each of something other than a deal: hint and analyze run one
// search per position or move they judge ("solve").
func addBudgetFlagsPer(fs *pflag.FlagSet, budget *time.Duration, maxNodes *int64, mem *string, def time.Duration, per string) {
	fs.DurationVar(budget, "budget", def, "wall time per "+per+" (10s, 2m); 0 for none")
	fs.Int64Var(maxNodes, "max-nodes", 0, "nodes expanded per "+per+"; 0 for none")
	fs.StringVar(mem, "mem", "1GiB", "memory for the solver's tables per "+per+", all together (512MiB, 2G); 0 for no limit")
}

// addSeedFlags registers --seed, one deal's number, and --seed-type.
func addSeedFlags(fs *pflag.FlagSet, seed, seedType *string) {
	fs.StringVar(seed, "seed", "", "deal number (of --seed-type; Solvitaire and Klondike-Solver seeds may be negative)")
	addSeedTypeFlag(fs, seedType)
}

// addSeedTypeFlag registers --seed-type, a name of the registry of deal
// numberings (variants.SeedTypes).
func addSeedTypeFlag(fs *pflag.FlagSet, p *string) {
	fs.StringVar(p, "seed-type", "native", seedTypeHelp())
}

// addJSONFlag registers --json.
func addJSONFlag(fs *pflag.FlagSet, p *bool) {
	fs.BoolVar(p, "json", false, "print one JSON object instead of text")
}

// addHTMLFlag registers --html, the page of solve, play, hint and analyze;
// the path is checked against the inputs by checkOutput (writePage).
func addHTMLFlag(fs *pflag.FlagSet, p *string) {
	fs.StringVar(p, "html", "", "also write a page to step through what is printed (one self-contained HTML file)")
}

// counted writes a count with its noun, singular for one: "1 node",
// "2 nodes", "3 result directories" (results.Counted).
func counted(n int64, noun string) string { return results.Counted(n, noun) }
