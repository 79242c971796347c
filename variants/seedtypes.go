package variants

import (
	"fmt"
	"math"
	"strings"

	"github.com/klondike-family/klondike/engine"
)

// SeedType is a numbering of deals: how a deal number becomes a deal. It
// is the one place that says which numbers a numbering has, which games it
// deals and how; every command that takes --seed-type goes through it.
type SeedType struct {
	Name string // the --seed-type name, e.g. "native"
	// Generator names the generator in experiment manifests
	// (deal_generator); a change to the deals must change it.
	Generator string
	Summary   string      // one line: whose deals these are
	Min, Max  engine.Seed // the range of deal numbers
	// Negative: a negative number −n (down to −2^31) is read as 2^32−n, as
	// the 32-bit signed ints of Solvitaire and Klondike-Solver.
	Negative bool
	// Games says which games it deals, in words.
	Games string
	deal  func(g *Game, r *engine.Rules, n engine.Seed) (engine.Layout, error)
}

// uint64Deal adapts a deal function of 64-bit seeds that needs only the
// rules.
func uint64Deal(f func(r *engine.Rules, seed uint64) (engine.Layout, error)) func(*Game, *engine.Rules, engine.Seed) (engine.Layout, error) {
	return func(_ *Game, r *engine.Rules, n engine.Seed) (engine.Layout, error) {
		u, ok := n.Uint64()
		if !ok {
			return engine.Layout{}, fmt.Errorf("seed %s past 64 bits", n)
		}
		return f(r, u)
	}
}

var seedTypes = []*SeedType{
	{
		Name: "native", Generator: engine.NativeDealID,
		Summary: "this project's own deals: a PCG stream per seed and a Fisher–Yates shuffle",
		Min:     engine.SeedOf(0), Max: engine.SeedOf(math.MaxUint64),
		Games: "every game",
		deal: uint64Deal(func(r *engine.Rules, seed uint64) (engine.Layout, error) {
			return engine.NativeDeal(r, seed), nil
		}),
	},
	{
		Name: "solvitaire", Generator: "solvitaire-mt19937",
		Summary: `Solvitaire's "--random N" (its releases up to 2022), also lonelybot's solvitaire seeds`,
		Min:     engine.SeedOf(0), Max: engine.SeedOf(math.MaxUint32), Negative: true,
		Games: "games of one or two 52-card decks without a dealt base or reserves",
		deal:  uint64Deal(engine.SolvitaireDeal),
	},
	{
		Name: "klondike-solver", Generator: "klondike-solver-random",
		Summary: `Klondike-Solver's "/GAME N", also KSolve's and lonelybot's klondike-solver seeds`,
		Min:     engine.SeedOf(0), Max: engine.SeedOf(math.MaxUint32), Negative: true,
		Games: "one-deck games dealt as the Klondike triangle, without a dealt base or reserves",
		deal:  uint64Deal(engine.KlondikeSolverDeal),
	},
	{
		Name: "greenfelt", Generator: "greenfelt-park-miller",
		Summary: "greenfelt.net's Klondike deals, as MinimalKlondike and lonelybot's greenfelt seeds number them",
		Min:     engine.SeedOf(0), Max: engine.SeedOf(math.MaxUint32),
		Games: "one-deck games dealt as the Klondike triangle, without a dealt base or reserves",
		deal:  uint64Deal(engine.GreenfeltDeal),
	},
	{
		Name: "pysolfc", Generator: "pysolfc-lcg-mt",
		Summary: "PySolFC's game numbers: Microsoft's generator below 32000, the Mersenne Twister from 32000",
		Min:     engine.SeedOf(1), Max: engine.PySolFCMax(),
		Games: "the games PySolFC has and deals as we do (Whitehead only with --base ace): " + pysolfcGameList(),
		deal:  pysolfcDeal,
	},
}

// SeedTypes returns the numberings, the default (native) first; each is a
// copy, so the registry cannot be changed through it.
func SeedTypes() []*SeedType {
	out := make([]*SeedType, len(seedTypes))
	for i, t := range seedTypes {
		c := *t
		out[i] = &c
	}
	return out
}

// SeedTypeNames returns the numberings' names, the default first.
func SeedTypeNames() []string {
	var ns []string
	for _, t := range seedTypes {
		ns = append(ns, t.Name)
	}
	return ns
}

// LookupSeedType finds a numbering by its name or its generator's name
// (as a manifest or a perft table records it); the error lists the names.
func LookupSeedType(name string) (*SeedType, error) {
	for _, t := range seedTypes {
		if t.Name == name || t.Generator == name {
			c := *t
			return &c, nil
		}
	}
	return nil, fmt.Errorf("--seed-type %q: want one of %s", name, strings.Join(SeedTypeNames(), ", "))
}

// Range writes the range of deal numbers, e.g. "0..4294967295 (or
// −2147483648..−1)".
func (t *SeedType) Range() string {
	s := t.Min.String() + ".." + t.Max.String()
	if t.Negative {
		s += " (or -2147483648..-1 for 2^32-n)"
	}
	return s
}

// Parse reads a deal number of this numbering, a negative one read as
// Negative says. The error is one line quoting s and naming the
// numbering's range; the caller puts the flag's name before it.
func (t *SeedType) Parse(s string) (engine.Seed, error) {
	txt := strings.TrimSpace(s)
	mag, neg := strings.CutPrefix(txt, "-")
	n, err := engine.ParseSeed(mag)
	if err == nil && neg {
		u, fits := n.Uint64()
		if !t.Negative || !fits || u == 0 || u > 1<<31 {
			err = fmt.Errorf("negative")
		} else {
			n = engine.SeedOf(1<<32 - u)
		}
	}
	if err == nil {
		err = t.Check(n)
	}
	if err != nil {
		return engine.Seed{}, fmt.Errorf("%q: %s deal numbers are %s", s, t.Name, t.Range())
	}
	return n, nil
}

// Check tells whether n lies in the numbering's range.
func (t *SeedType) Check(n engine.Seed) error {
	if n.Cmp(t.Min) < 0 || n.Cmp(t.Max) > 0 {
		return fmt.Errorf("%s deal numbers are %s; %s is not one", t.Name, t.Range(), n)
	}
	return nil
}

// Deal returns deal n of game g under rules r. g may be nil when only the
// rules are known (a perft table); numberings that deal by game then
// refuse.
func (t *SeedType) Deal(g *Game, r engine.Rules, n engine.Seed) (engine.Layout, error) {
	if err := t.Check(n); err != nil {
		return engine.Layout{}, err
	}
	return t.deal(g, &r, n)
}

// Dealer returns the deal function of game g under rules r, or the
// one-line reason this numbering cannot deal that game (found by dealing
// its first number: a game a numbering can deal, it deals for every
// number). The rules are captured by value.
func (t *SeedType) Dealer(g *Game, r engine.Rules) (func(engine.Seed) (engine.Layout, error), error) {
	if _, err := t.deal(g, &r, t.Min); err != nil {
		name := "these rules"
		if g != nil {
			name = g.Name
		}
		return nil, fmt.Errorf("--seed-type %s cannot deal %s: %v", t.Name, name, err)
	}
	return func(n engine.Seed) (engine.Layout, error) { return t.Deal(g, r, n) }, nil
}
