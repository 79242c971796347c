package variants

import (
	"flag"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/klondike-family/klondike/engine"
)

var update = flag.Bool("update", false, "rewrite GAMES.md and the golden deals in testdata/golden")

// optionSamples are values each option is tried with.
var optionSamples = map[string][]string{
	"draw":         {"1", "3"},
	"passes":       {"1", "3", "unlimited"},
	"defoundation": {"true"},
	"base":         {BaseAce, BaseDealt},
	"face-up":      {"true"},
	"stuck-only":   {"true"},
}

// ruleSet is a game with some options set.
type ruleSet struct {
	name  string // "<game>" or "<game>-<option>-<value>..."
	game  *Game
	opts  Options
	rules engine.Rules
}

// ruleSets returns every game with its defaults, with each option at each
// sample value, and with all its options at their first sample.
func ruleSets(t testing.TB) []ruleSet {
	t.Helper()
	var sets []ruleSet
	add := func(g *Game, name string, o Options) {
		if err := g.Check(o); err != nil {
			t.Fatalf("%s: Check: %v", name, err)
		}
		r, err := g.Rules(o)
		if err != nil {
			t.Fatalf("%s: Rules: %v", name, err)
		}
		sets = append(sets, ruleSet{name, g, o, r})
	}
	for _, g := range All() {
		add(g, g.Name, Options{})
		var every Options
		for _, opt := range g.Options {
			for i, v := range optionSamples[opt] {
				var o Options
				if err := o.Set(opt, v); err != nil {
					t.Fatalf("%s: Set(%s, %s): %v", g.Name, opt, v, err)
				}
				add(g, fmt.Sprintf("%s-%s-%s", g.Name, opt, v), o)
				if i == 0 {
					if err := every.Set(opt, v); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
		if len(g.Options) > 1 {
			add(g, g.Name+"-all", every)
		}
	}
	return sets
}

// TestGamesWellFormed checks the games' names, pages and option lists.
func TestGamesWellFormed(t *testing.T) {
	names := Names()
	if !slices.IsSorted(names) || len(slices.Compact(slices.Clone(names))) != len(names) {
		t.Fatalf("names not sorted and unique: %v", names)
	}
	for _, g := range All() {
		if g.Title == "" || g.Summary == "" || len(g.Seeds) == 0 || g.small == nil {
			t.Errorf("%s: title, summary, seeds or small version missing", g.Name)
		}
		if !strings.HasPrefix(g.Page, "# "+g.Title+"\n") {
			t.Errorf("%s: page does not start with its title", g.Name)
		}
		for _, s := range g.Seeds {
			if !strings.Contains(g.Page, s) {
				t.Errorf("%s: page does not name seed %s", g.Name, s)
			}
		}
		for _, opt := range g.Options {
			if findOption(opt) == nil {
				t.Errorf("%s: option %q is not a known option", g.Name, opt)
			}
			if optionSamples[opt] == nil {
				t.Errorf("%s: option %q has no test samples", g.Name, opt)
			}
			if !strings.Contains(g.Page, "`--"+opt) {
				t.Errorf("%s: page does not describe --%s", g.Name, opt)
			}
		}
	}
}

// TestRulesValidate checks that every game with its defaults and with each
// option makes a game the engine accepts.
func TestRulesValidate(t *testing.T) {
	for _, rs := range ruleSets(t) {
		if _, err := engine.NewGame(rs.rules); err != nil {
			t.Errorf("%s: NewGame: %v", rs.name, err)
		}
	}
}

// want is the shape of a game's default rules.
type want struct {
	decks, piles, tableau, stock, reserves int
	draw, passes                           int
	stockTo                                engine.StockTo
	build                                  engine.Build
	unit                                   engine.Unit
	fill                                   engine.Fill
	base, wrap, faceUp                     bool
}

// TestDefaultRules pins the defaults of every game as VARIANTS.md gives
// them.
func TestDefaultRules(t *testing.T) {
	alt, col, other, updown := engine.BuildAltColour, engine.BuildSameColour, engine.BuildOtherSuit, engine.BuildUpDownSuit
	run, whole, suitRun, anyUp := engine.UnitAnyRun, engine.UnitWholeRun, engine.UnitSameSuitRun, engine.UnitAnyFaceUp
	king, anyCard, none, rank := engine.FillKing, engine.FillAny, engine.FillNone, engine.FillRank
	waste, piles, reserves := engine.StockToWaste, engine.StockToPiles, engine.StockToReserves
	wants := map[string]want{
		"klondike":          {1, 7, 28, 24, 0, 3, 0, waste, alt, run, king, false, false, false},
		"klondike-familiar": {1, 7, 28, 24, 0, 3, 0, waste, alt, run, king, false, false, false},
		"klondike-strict":   {1, 7, 28, 24, 0, 1, 1, waste, alt, whole, king, false, false, false},
		"klondike-holdout":  {1, 7, 28, 24, 0, 1, 1, waste, alt, run, king, false, false, false},
		"joker-klondike":    {1, 7, 28, 25, 0, 3, 0, waste, alt, run, king, false, false, false},
		"double-klondike":   {2, 9, 45, 59, 0, 3, 0, waste, alt, run, king, false, false, false},
		"gargantua":         {2, 9, 45, 59, 0, 1, 2, waste, alt, run, king, false, false, false},
		"steps":             {2, 7, 28, 76, 0, 1, 2, waste, alt, run, anyCard, false, false, false},
		"yukon":             {1, 7, 52, 0, 0, 0, 0, waste, alt, anyUp, king, false, false, false},
		"alaska":            {1, 7, 52, 0, 0, 0, 0, waste, updown, anyUp, king, false, false, false},
		"thumb-and-pouch":   {1, 7, 28, 24, 0, 3, 0, waste, other, run, anyCard, false, false, false},
		"whitehead":         {1, 7, 28, 23, 0, 1, 1, waste, col, suitRun, anyCard, true, true, true},
		"agnes-sorel":       {1, 7, 28, 23, 0, 0, 1, piles, col, run, none, true, true, false},
		"agnes-bernauer":    {1, 7, 28, 16, 7, 0, 1, reserves, alt, run, rank, true, true, false},
	}
	for _, g := range All() {
		w, ok := wants[g.Name]
		if !ok {
			t.Errorf("%s: no expected rules", g.Name)
			continue
		}
		r, err := g.Rules(Options{})
		if err != nil {
			t.Fatalf("%s: %v", g.Name, err)
		}
		faceUp := true
		for i, d := range r.Deal {
			if d.Down != 0 {
				faceUp = false
			}
			if g.Name != "yukon" && g.Name != "alaska" && d.Down+d.Up != i+1 {
				t.Errorf("%s: pile %d deals %d cards, want %d", g.Name, i+1, d.Down+d.Up, i+1)
			}
		}
		got := want{r.Decks, len(r.Deal), r.TableauCount(), stockCards(&r), r.Reserves, r.Draw, r.Passes,
			r.StockTo, r.Build, r.Unit, r.Fill, r.BaseDealt, r.Wrap, faceUp}
		if got != w {
			t.Errorf("%s: rules\n got %+v\nwant %+v", g.Name, got, w)
		}
		if r.Ranks != 13 || r.Joker != (g.Name == "joker-klondike") || r.WorryBack || r.Cells != 0 && g.Name != "klondike-holdout" {
			t.Errorf("%s: ranks %d, joker %v, worry back %v, cells %d", g.Name, r.Ranks, r.Joker, r.WorryBack, r.Cells)
		}
	}
	for _, name := range []string{"yukon", "alaska"} {
		g, _ := Lookup(name)
		r, _ := g.Rules(Options{})
		want := []engine.PileDeal{{Down: 0, Up: 1}}
		for j := 1; j < 7; j++ {
			want = append(want, engine.PileDeal{Down: j, Up: 5})
		}
		if !slices.Equal(r.Deal, want) {
			t.Errorf("%s: deal %v, want %v", name, r.Deal, want)
		}
	}
}

// TestOptionRules checks what each option changes in the rules.
func TestOptionRules(t *testing.T) {
	resolve := func(name string, kv ...string) engine.Rules {
		t.Helper()
		var o Options
		for i := 0; i < len(kv); i += 2 {
			if err := o.Set(kv[i], kv[i+1]); err != nil {
				t.Fatal(err)
			}
		}
		_, r, err := Resolve(name, o)
		if err != nil {
			t.Fatalf("%s %v: %v", name, kv, err)
		}
		return r
	}
	if r := resolve("double-klondike", "draw", "1"); r.Draw != 1 || r.Passes != 0 {
		t.Errorf("double-klondike --draw 1: draw %d passes %d", r.Draw, r.Passes)
	}
	if r := resolve("thumb-and-pouch", "draw", "1", "passes", "1"); r.Draw != 1 || r.Passes != 1 || r.Build != engine.BuildOtherSuit {
		t.Errorf("thumb-and-pouch --draw 1 --passes 1: %+v", r)
	}
	if r := resolve("gargantua", "passes", "unlimited", "defoundation", "true"); r.Passes != 0 || !r.WorryBack {
		t.Errorf("gargantua --passes unlimited --defoundation: %+v", r)
	}
	if r := resolve("joker-klondike", "draw", "1", "passes", "1"); !r.Joker || r.Draw != 1 || r.Passes != 1 || r.WorryBack {
		t.Errorf("joker-klondike --draw 1 --passes 1: %+v", r)
	}
	if r := resolve("joker-klondike"); !r.Joker || r.Draw != 3 || r.Passes != 0 || r.CardCount() != 53 {
		t.Errorf("joker-klondike: %+v", r)
	}
	r := resolve("whitehead", "base", "ace")
	if r.BaseDealt || r.Wrap || stockCards(&r) != 24 {
		t.Errorf("whitehead --base ace: base dealt %v, wrap %v, stock %d", r.BaseDealt, r.Wrap, stockCards(&r))
	}
	if r := resolve("whitehead", "base", "dealt"); !r.BaseDealt || !r.Wrap {
		t.Errorf("whitehead --base dealt: base dealt %v, wrap %v", r.BaseDealt, r.Wrap)
	}
	for _, name := range []string{"agnes-sorel", "agnes-bernauer"} {
		r := resolve(name, "face-up", "true", "stuck-only", "true")
		for i, d := range r.Deal {
			if d != (engine.PileDeal{Up: i + 1}) {
				t.Errorf("%s --face-up: pile %d deals %+v", name, i+1, d)
			}
		}
		if !r.DealOnlyWhenStuck {
			t.Errorf("%s --stuck-only: DealOnlyWhenStuck off", name)
		}
		if r := resolve(name, "face-up", "false"); r.Deal[6] != (engine.PileDeal{Down: 6, Up: 1}) {
			t.Errorf("%s --face-up=false: pile 7 deals %+v", name, r.Deal[6])
		}
	}
}

// TestCheckRefuses checks that a game refuses each option it lacks, with
// a message that lists the options it has.
func TestCheckRefuses(t *testing.T) {
	for _, g := range All() {
		for _, op := range KnownOptions() {
			if g.takes(op.Name) {
				continue
			}
			var o Options
			if err := o.Set(op.Name, optionSamples[op.Name][0]); err != nil {
				t.Fatal(err)
			}
			_, _, err := Resolve(g.Name, o)
			if err == nil {
				t.Errorf("%s accepts --%s", g.Name, op.Name)
				continue
			}
			wantMsg := fmt.Sprintf("game %s has no option --%s (its options: %s)", g.Name, op.Name, dashed(g.Options))
			if err.Error() != wantMsg {
				t.Errorf("%s --%s: error %q, want %q", g.Name, op.Name, err, wantMsg)
			}
		}
	}
	g, _ := Lookup("yukon")
	err := g.Check(Options{Draw: 1})
	if err == nil || !strings.Contains(err.Error(), "(its options: none)") {
		t.Errorf("yukon --draw 1: %v, want a refusal saying it has no options", err)
	}
	g, _ = Lookup("agnes-sorel")
	err = g.Check(Options{Draw: 1})
	if err == nil || !strings.Contains(err.Error(), "its options: --face-up, --stuck-only") {
		t.Errorf("agnes-sorel --draw 1: %v", err)
	}
	g, _ = Lookup("whitehead")
	if err := g.Check(Options{Base: "seven"}); err == nil {
		t.Errorf("whitehead accepts --base seven")
	}
}

// TestOptionsSet checks parsing option text and Given.
func TestOptionsSet(t *testing.T) {
	var o Options
	for _, kv := range [][2]string{{"draw", "2"}, {"passes", "unlimited"}, {"defoundation", ""}, {"base", "ACE"}, {"face-up", "false"}, {"stuck-only", "1"}} {
		if err := o.Set(kv[0], kv[1]); err != nil {
			t.Fatalf("Set(%q, %q): %v", kv[0], kv[1], err)
		}
	}
	want := Options{Draw: 2, PassesSet: true, Defoundation: true, DefoundSet: true, Base: BaseAce,
		FaceUpSet: true, StuckOnly: true, StuckOnlySet: true}
	if o != want {
		t.Errorf("options\n got %+v\nwant %+v", o, want)
	}
	if got := o.Given(); !slices.Equal(got, optionNames()) {
		t.Errorf("Given() = %v, want %v", got, optionNames())
	}
	if got := (&Options{}).Given(); len(got) != 0 {
		t.Errorf("zero Options: Given() = %v", got)
	}
	for _, kv := range [][2]string{{"draw", "0"}, {"draw", "x"}, {"passes", "0"}, {"passes", "-1"}, {"base", "two"}, {"face-up", "maybe"}} {
		var o Options
		if err := o.Set(kv[0], kv[1]); err == nil {
			t.Errorf("Set(%q, %q) accepted: %+v", kv[0], kv[1], o)
		}
	}
	err := o.Set("jokers", "1")
	if err == nil || !strings.Contains(err.Error(), dashed(optionNames())) {
		t.Errorf("Set(jokers): %v, want the known options listed", err)
	}
}

// TestLookupUnknown checks that an unknown game's error lists every game.
func TestLookupUnknown(t *testing.T) {
	_, err := Lookup("multi-klondike")
	if err == nil {
		t.Fatal("Lookup(multi-klondike) succeeded")
	}
	want := fmt.Sprintf("unknown game %q (games: %s)", "multi-klondike", strings.Join(Names(), ", "))
	if err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
	if _, _, err := Resolve("nope", Options{}); err == nil || !strings.Contains(err.Error(), "agnes-bernauer, agnes-sorel, alaska") {
		t.Errorf("Resolve(nope): %v", err)
	}
	for _, name := range Names() {
		if g, err := Lookup(name); err != nil || g.Name != name {
			t.Errorf("Lookup(%s) = %v, %v", name, g, err)
		}
	}
}

// stockCards counts the cards a deal leaves in the stock: the game's cards
// less the tableau, the dealt base and one card per reserve. (The engine's
// Rules.StockCount does not take the reserves off.)
func stockCards(r *engine.Rules) int {
	n := r.CardCount() - r.TableauCount() - r.Reserves
	if r.BaseDealt {
		n--
	}
	return n
}
