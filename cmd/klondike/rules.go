package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/results"
	"github.com/klondike-family/klondike/variants"
	"github.com/spf13/pflag"
)

// ruleOptions are the game and its rule flags, shared by deal, solve and
// verify.
type ruleOptions struct {
	game         string
	draw         int
	passes       string
	defoundation bool
}

// addRuleFlags registers --game, --draw, --passes and --defoundation.
func addRuleFlags(fs *pflag.FlagSet, o *ruleOptions) {
	fs.StringVar(&o.game, "game", "klondike", "game to play (see 'klondike games')")
	fs.IntVar(&o.draw, "draw", 0, "cards turned per draw (default: the game's)")
	fs.StringVar(&o.passes, "passes", "", "times through the stock: a positive number or unlimited (default: the game's)")
	fs.BoolVar(&o.defoundation, "defoundation", false, "allow a foundation's top card back to a pile (worrying back)")
	// The other options of the games, one flag each, set through
	// variants.Options.Set.
	for _, op := range variants.KnownOptions() {
		if isCoreOption(op.Name) {
			continue
		}
		if op.Switch {
			fs.Bool(op.Name, false, op.Help)
		} else {
			fs.String(op.Name, "", op.Help+" ("+op.Values+")")
		}
	}
}

func isCoreOption(name string) bool {
	return name == "draw" || name == "passes" || name == "defoundation"
}

// variantOptions builds the game options from the flags that were given.
func (o *ruleOptions) variantOptions(fs *pflag.FlagSet) (variants.Options, error) {
	var v variants.Options
	if fs.Changed("draw") {
		if err := v.Set("draw", strconv.Itoa(o.draw)); err != nil {
			return v, err
		}
	}
	if fs.Changed("passes") {
		p, err := parsePasses(o.passes)
		if err != nil {
			return v, err
		}
		v.Passes, v.PassesSet = p, true
	}
	if fs.Changed("defoundation") {
		v.Defoundation, v.DefoundSet = o.defoundation, true
	}
	for _, op := range variants.KnownOptions() {
		if isCoreOption(op.Name) || !fs.Changed(op.Name) {
			continue
		}
		if err := v.Set(op.Name, fs.Lookup(op.Name).Value.String()); err != nil {
			return v, err
		}
	}
	return v, nil
}

// given tells whether --game or any rule flag was given.
func (o *ruleOptions) given(fs *pflag.FlagSet) bool {
	if fs.Changed("game") || fs.Changed("draw") || fs.Changed("passes") || fs.Changed("defoundation") {
		return true
	}
	for _, op := range variants.KnownOptions() {
		if fs.Lookup(op.Name) != nil && fs.Changed(op.Name) {
			return true
		}
	}
	return false
}

// parsePasses reads "unlimited" (0) or a positive number of passes.
func parsePasses(s string) (int, error) {
	if strings.EqualFold(s, "unlimited") {
		return 0, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		return 0, fmt.Errorf("--passes %q: want a positive number or unlimited", s)
	}
	return n, nil
}

// resolve looks the game up with its options and prepares it for play.
// Every error is a usage error.
func (o *ruleOptions) resolve(fs *pflag.FlagSet) (*variants.Game, *engine.Game, error) {
	v, err := o.variantOptions(fs)
	if err != nil {
		return nil, nil, usageError(err)
	}
	vg, r, err := variants.Resolve(o.game, v)
	if err != nil {
		return nil, nil, usageError(err)
	}
	g, err := engine.NewGame(r)
	if err != nil {
		return nil, nil, usageErrorf("game %s: %v", o.game, err)
	}
	return vg, g, nil
}

// describeRules writes the rules that vary by option in a few words.
func describeRules(r *engine.Rules) string { return results.RulesSummary(r) }
