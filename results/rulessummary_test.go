package results

import (
	"reflect"
	"testing"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/variants"
)

// optionValues are values to try of each option of variants.KnownOptions.
var optionValues = map[string][]string{
	"draw":         {"1", "2", "3"},
	"passes":       {"1", "2", "unlimited"},
	"defoundation": {"true", "false"},
	"base":         {variants.BaseDealt, variants.BaseAce},
	"face-up":      {"true", "false"},
	"stuck-only":   {"true", "false"},
}

// TestRulesSummaryTellsOptionsApart is finding 7 of issue 23: for every
// game, the rules of any two settings of its options that differ have
// different labels (Whitehead with --base ace and without, Agnes Sorel
// with --face-up or --stuck-only and without were labelled alike).
func TestRulesSummaryTellsOptionsApart(t *testing.T) {
	for _, op := range variants.KnownOptions() {
		if len(optionValues[op.Name]) == 0 {
			t.Errorf("option --%s has no values to try in optionValues", op.Name)
		}
	}
	for _, g := range variants.All() {
		// every combination of the game's options, each given or not
		settings := []variants.Options{{}}
		for _, name := range g.Options {
			var next []variants.Options
			for _, o := range settings {
				next = append(next, o)
				for _, v := range optionValues[name] {
					o2 := o
					if err := o2.Set(name, v); err != nil {
						t.Fatalf("%s: --%s %s: %v", g.Name, name, v, err)
					}
					next = append(next, o2)
				}
			}
			settings = next
		}
		seen := map[string]engine.Rules{}
		for i, o := range settings {
			r, err := g.Rules(o)
			if err != nil {
				continue // a combination the game refuses
			}
			label := RulesSummary(&r)
			if prev, ok := seen[label]; ok && !reflect.DeepEqual(prev, r) {
				t.Errorf("%s: setting %d (%+v) and another with other rules share the label %q", g.Name, i, o, label)
			}
			seen[label] = r
		}
		if len(g.Options) > 0 && len(seen) < 2 {
			t.Errorf("%s: %d labels for %d settings of its options", g.Name, len(seen), len(settings))
		}
	}
}
