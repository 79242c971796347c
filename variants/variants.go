package variants

import (
	"fmt"
	"sort"
	"strings"

	"github.com/klondike-family/klondike/engine"
)

// Game is one game of the family.
type Game struct {
	Name    string   // command-line name, e.g. "klondike"
	Title   string   // e.g. "Klondike"
	Seeds   []string // seed texts that describe it
	Summary string   // one line
	Page    string   // its rules, sources and readings, as Markdown
	// Options lists the names of the options the game takes, each a
	// KnownOptions name: "draw", "passes", "defoundation", "base",
	// "face-up", "stuck-only".
	Options []string
	rules   func(o Options) (engine.Rules, error)
	// small shrinks the game's default rules to a tiny game for tests.
	small func(r engine.Rules) engine.Rules
	// pysolfc says how PySolFC deals the game; nil when PySolFC does not
	// have it (the "pysolfc" seed type refuses it).
	pysolfc *pysolfcGame
}

// Rules returns the game's rules with the options applied.
func (g *Game) Rules(o Options) (engine.Rules, error) {
	r, err := g.rules(o)
	if err != nil {
		return r, err
	}
	return r, r.Validate()
}

func (g *Game) takes(opt string) bool {
	for _, o := range g.Options {
		if o == opt {
			return true
		}
	}
	return false
}

// Check refuses options the game does not have, naming those it has, and
// option values out of range.
func (g *Game) Check(o Options) error {
	for _, name := range o.Given() {
		if !g.takes(name) {
			return fmt.Errorf("game %s has no option --%s (its options: %s)", g.Name, name, dashed(g.Options))
		}
	}
	if o.Draw < 0 || o.Draw > maxDraw {
		return drawError(o.Draw)
	}
	if o.Passes < 0 {
		return fmt.Errorf("--passes %d: want a positive number or unlimited", o.Passes)
	}
	if o.Base != "" && o.Base != BaseDealt && o.Base != BaseAce {
		return fmt.Errorf("--base %q: want %s or %s", o.Base, BaseDealt, BaseAce)
	}
	return nil
}

var all = []*Game{
	klondike(), klondikeStrict(), klondikeHoldout(), klondikeFamiliar(), jokerKlondike(),
	doubleKlondike(), gargantua(), steps(),
	yukon(), alaska(),
	thumbAndPouch(), whitehead(),
	agnesSorel(), agnesBernauer(),
}

// All returns every game, sorted by name.
func All() []*Game {
	out := append([]*Game(nil), all...)
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Names returns the games' names, sorted.
func Names() []string {
	var ns []string
	for _, g := range All() {
		ns = append(ns, g.Name)
	}
	return ns
}

// Lookup finds a game by name; the error lists the games that exist.
func Lookup(name string) (*Game, error) {
	for _, g := range all {
		if g.Name == name {
			return g, nil
		}
	}
	return nil, fmt.Errorf("unknown game %q (games: %s)", name, strings.Join(Names(), ", "))
}

// Resolve looks a game up, checks the options and returns its rules.
func Resolve(name string, o Options) (*Game, engine.Rules, error) {
	g, err := Lookup(name)
	if err != nil {
		return nil, engine.Rules{}, err
	}
	if err := g.Check(o); err != nil {
		return nil, engine.Rules{}, err
	}
	r, err := g.Rules(o)
	return g, r, err
}

// Small returns a tiny version of game name, for tests only (the
// solver's exhaustive BFS tests, playouts): the game's default rules with
// fewer ranks (4, or 3 for two-deck games), fewer piles (3 or 4, the
// first piles of the game's deal, or a smaller deal of the same shape for
// games without a stock) and as many reserves as piles when the game has
// reserves; every other rule is kept. It is not a game anyone plays and
// its win rates mean nothing. ok is false for an unknown game.
func Small(name string) (r engine.Rules, ok bool) {
	g, err := Lookup(name)
	if err != nil {
		return engine.Rules{}, false
	}
	d, err := g.Rules(Options{})
	if err != nil {
		panic(fmt.Sprintf("variants: default rules of %s: %v", name, err)) // a programmer error
	}
	return g.small(d), true
}

// shrink keeps the first piles piles of r's deal, sets the ranks and
// keeps at most as many reserves as piles.
func shrink(r engine.Rules, ranks, piles int) engine.Rules {
	r.Ranks = ranks
	r.Deal = append([]engine.PileDeal(nil), r.Deal[:piles]...)
	r.Reserves = min(r.Reserves, piles)
	return r
}

// triangle is the Klondike deal: n piles of 1..n cards, the top one face up
// (or all face up).
func triangle(n int, faceUp bool) []engine.PileDeal {
	d := make([]engine.PileDeal, n)
	for i := range d {
		d[i] = engine.PileDeal{Down: i, Up: 1}
		if faceUp {
			d[i] = engine.PileDeal{Up: i + 1}
		}
	}
	return d
}

// wasteOptions applies the draw, passes and defoundation options over
// defaults.
func wasteOptions(r *engine.Rules, draw, passes int, o Options) {
	r.Draw, r.Passes = draw, passes
	if o.Draw != 0 {
		r.Draw = o.Draw
	}
	if o.PassesSet {
		r.Passes = o.Passes
	}
	r.WorryBack = o.Defoundation
}

// klondikeRules applies the common Klondike options over defaults.
func klondikeRules(draw, passes int, o Options) engine.Rules {
	r := engine.Klondike(draw, passes)
	wasteOptions(&r, draw, passes, o)
	return r
}
