package variants

import (
	"fmt"
	"sort"
	"strings"

	"github.com/klondike-family/klondike/engine"
)

// Options are the rule options a user may set on a game. A zero field
// keeps the game's default; Set records which were given, so a game can
// refuse an option it does not have.
type Options struct {
	Draw         int  // cards per draw
	Passes       int  // times through the stock; 0 unlimited
	PassesSet    bool // Passes was given (0 then means unlimited)
	Defoundation bool // worrying back allowed
	DefoundSet   bool
}

// Game is one game of the family.
type Game struct {
	Name    string   // command-line name, e.g. "klondike"
	Title   string   // e.g. "Klondike"
	Seeds   []string // seed texts that describe it
	Summary string   // one line
	Page    string   // its rules, sources and readings, as Markdown
	// Options lists the option names the game takes: "draw", "passes",
	// "defoundation".
	Options []string
	rules   func(o Options) (engine.Rules, error)
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

// Check refuses options the game does not have, naming those it has.
func (g *Game) Check(o Options) error {
	bad := func(name string) error {
		has := "none"
		if len(g.Options) > 0 {
			has = strings.Join(g.Options, ", ")
		}
		return fmt.Errorf("game %s has no option %s (its options: %s)", g.Name, name, has)
	}
	if o.Draw != 0 && !g.takes("draw") {
		return bad("--draw")
	}
	if o.PassesSet && !g.takes("passes") {
		return bad("--passes")
	}
	if o.DefoundSet && !g.takes("defoundation") {
		return bad("--defoundation")
	}
	if o.Draw < 0 || o.Draw > 52 {
		return fmt.Errorf("--draw %d: want 1..52", o.Draw)
	}
	if o.Passes < 0 {
		return fmt.Errorf("--passes %d: want a positive number or unlimited", o.Passes)
	}
	return nil
}

var all = []*Game{klondike(), klondikeStrict(), klondikeHoldout(), klondikeFamiliar()}

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

// klondikeRules applies the common Klondike options over defaults.
func klondikeRules(draw, passes int, o Options) engine.Rules {
	if o.Draw != 0 {
		draw = o.Draw
	}
	if o.PassesSet {
		passes = o.Passes
	}
	r := engine.Klondike(draw, passes)
	r.WorryBack = o.Defoundation
	return r
}
