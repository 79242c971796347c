package variants

import (
	"fmt"
	"strconv"
	"strings"
)

// Options are the rule options a user may set on a game. A zero field
// keeps the game's default; the Set fields record which were given, so a
// game can refuse an option it does not have (see Given and Game.Check).
type Options struct {
	Draw         int  // cards per draw
	Passes       int  // times through the stock; 0 unlimited
	PassesSet    bool // Passes was given (0 then means unlimited)
	Defoundation bool // worrying back allowed
	DefoundSet   bool

	// Base is the foundation base: "" keeps the game's default, "dealt"
	// lets the first card after the tableau start the first foundation and
	// fix the base rank of all, "ace" starts every foundation with an Ace.
	Base string

	FaceUp    bool // deal the whole tableau face up
	FaceUpSet bool

	StuckOnly    bool // deal the stock only when no other move is possible
	StuckOnlySet bool
}

// Option describes one rule option a game may take.
type Option struct {
	Name   string // the command-line flag, without its dashes
	Switch bool   // a yes/no option: "--name" alone sets it
	Values string // the values it takes, for help
	Help   string // one line

	given func(o *Options) bool
	set   func(o *Options, v string) error
}

// The base values of the "base" option.
const (
	BaseDealt = "dealt"
	BaseAce   = "ace"
)

// maxDraw is the most cards a draw turns; drawRange is what --draw takes.
const (
	maxDraw   = 52
	drawRange = "1..52"
)

// drawError refuses n cards a draw.
func drawError(n int) error { return fmt.Errorf("--draw %d: want %s", n, drawRange) }

var knownOptions = []Option{
	{
		Name: "draw", Values: drawRange, Help: "cards turned from the stock per draw",
		given: func(o *Options) bool { return o.Draw != 0 },
		set: func(o *Options, v string) error {
			n, err := strconv.Atoi(v)
			if err != nil {
				return fmt.Errorf("--draw %q: want %s", v, drawRange)
			}
			if n < 1 || n > maxDraw {
				return drawError(n)
			}
			o.Draw = n
			return nil
		},
	},
	{
		Name: "passes", Values: "a positive number or unlimited", Help: "times through the stock",
		given: func(o *Options) bool { return o.PassesSet },
		set: func(o *Options, v string) error {
			if strings.EqualFold(v, "unlimited") {
				o.Passes, o.PassesSet = 0, true
				return nil
			}
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return fmt.Errorf("--passes %q: want a positive number or unlimited", v)
			}
			o.Passes, o.PassesSet = n, true
			return nil
		},
	},
	{
		Name: "defoundation", Switch: true, Values: "true or false",
		Help:  "a foundation's top card may go back to a pile (worrying back)",
		given: func(o *Options) bool { return o.DefoundSet },
		set: func(o *Options, v string) error {
			b, err := parseSwitch("defoundation", v)
			o.Defoundation, o.DefoundSet = b, err == nil
			return err
		},
	},
	{
		Name: "base", Values: BaseDealt + " or " + BaseAce,
		Help:  "foundation base: the card dealt after the tableau fixes the base rank, or the Ace",
		given: func(o *Options) bool { return o.Base != "" },
		set: func(o *Options, v string) error {
			v = strings.ToLower(v)
			if v != BaseDealt && v != BaseAce {
				return fmt.Errorf("--base %q: want %s or %s", v, BaseDealt, BaseAce)
			}
			o.Base = v
			return nil
		},
	},
	{
		Name: "face-up", Switch: true, Values: "true or false",
		Help:  "deal the whole tableau face up",
		given: func(o *Options) bool { return o.FaceUpSet },
		set: func(o *Options, v string) error {
			b, err := parseSwitch("face-up", v)
			o.FaceUp, o.FaceUpSet = b, err == nil
			return err
		},
	},
	{
		Name: "stuck-only", Switch: true, Values: "true or false",
		Help:  "deal the stock only when no other move is possible",
		given: func(o *Options) bool { return o.StuckOnlySet },
		set: func(o *Options, v string) error {
			b, err := parseSwitch("stuck-only", v)
			o.StuckOnly, o.StuckOnlySet = b, err == nil
			return err
		},
	},
}

func parseSwitch(name, v string) (bool, error) {
	if v == "" {
		return true, nil
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		return false, fmt.Errorf("--%s %q: want true or false", name, v)
	}
	return b, nil
}

// KnownOptions returns every rule option any game may take, in a fixed
// order: the command line can register one flag per entry and set it with
// Options.Set.
func KnownOptions() []Option { return append([]Option(nil), knownOptions...) }

func findOption(name string) *Option {
	for i := range knownOptions {
		if knownOptions[i].Name == name {
			return &knownOptions[i]
		}
	}
	return nil
}

func optionNames() []string {
	ns := make([]string, len(knownOptions))
	for i, op := range knownOptions {
		ns[i] = op.Name
	}
	return ns
}

// Set sets the option called name (a KnownOptions name) from its
// command-line text; a switch takes "" as true.
func (o *Options) Set(name, value string) error {
	op := findOption(name)
	if op == nil {
		return fmt.Errorf("no option --%s (options: %s)", name, dashed(optionNames()))
	}
	return op.set(o, value)
}

// Given returns the names of the options that were set, in KnownOptions
// order.
func (o *Options) Given() []string {
	var ns []string
	for _, op := range knownOptions {
		if op.given(o) {
			ns = append(ns, op.Name)
		}
	}
	return ns
}

// dashed writes option names as flags: "--draw, --passes", or "none".
func dashed(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	return "--" + strings.Join(names, ", --")
}
