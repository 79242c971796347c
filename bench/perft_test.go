package bench

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/engine/ref"
	"github.com/klondike-family/klondike/variants"
)

var update = flag.Bool("update", false, "rewrite the pinned perft tables and the deal files in testdata")

// The pinned tables: deals 0..perftSeeds-1 of each rule set, to the depth
// from minDepth to maxDepth that keeps every deal's leaves within maxLeaves
// (so draw-1 Klondike, whose deals have few moves, goes deeper than a game
// with cells); the reference checks them to refDepth.
const (
	perftSeeds = 5
	minDepth   = 5
	maxDepth   = 8
	maxLeaves  = 50_000
	refDepth   = 3
)

type ruleSet struct {
	name  string
	rules engine.Rules
}

// perftRuleSets lists the rule sets of the pinned tables: the Klondike
// options (draw 1, 2, 3; passes unlimited, 1, 3; worrying back; strict
// whole-run moves; two holdout cells) and small games of fewer ranks and
// piles. They are the rule sets of the engine's differential test.
func perftRuleSets() []ruleSet {
	var sets []ruleSet
	for _, d := range []int{1, 3} {
		for _, p := range []int{0, 1, 3} {
			for _, wb := range []bool{false, true} {
				r := engine.Klondike(d, p)
				r.WorryBack = wb
				name := fmt.Sprintf("draw%d-passes%d", d, p)
				if wb {
					name += "-wb"
				}
				sets = append(sets, ruleSet{name, r})
			}
		}
	}
	strict := engine.Klondike(1, 1)
	strict.Unit = engine.UnitWholeRun
	hold := engine.Klondike(1, 1)
	hold.Cells = 2
	holdwb := engine.Klondike(3, 0)
	holdwb.Cells = 2
	holdwb.WorryBack = true
	small := engine.Klondike(1, 0)
	small.Ranks = 5
	small.Deal = small.Deal[:4]
	small3 := engine.Klondike(3, 2)
	small3.Ranks = 4
	small3.Deal = small3.Deal[:3]
	small3.WorryBack = true
	small3.Cells = 2
	sets = append(sets,
		ruleSet{"strict", strict},
		ruleSet{"holdout", hold},
		ruleSet{"holdout-draw3-wb", holdwb},
		ruleSet{"draw2", engine.Klondike(2, 0)},
		ruleSet{"small-5x4", small},
		ruleSet{"small-4x3-draw3-wb-cells", small3},
	)
	// Every other game of the family, with its default rules.
	for _, g := range variants.All() {
		if strings.HasPrefix(g.Name, "klondike") {
			continue
		}
		r, err := g.Rules(variants.Options{})
		if err != nil {
			panic(err)
		}
		sets = append(sets, ruleSet{"game-" + g.Name, r})
		if sm, ok := variants.Small(g.Name); ok {
			sets = append(sets, ruleSet{"small-game-" + g.Name, sm})
		}
	}
	slices.SortFunc(sets, func(a, b ruleSet) int { return strings.Compare(a.name, b.name) })
	return sets
}

// describe writes the rules in words.
func describe(r *engine.Rules) string {
	for _, g := range variants.All() {
		if def, err := g.Rules(variants.Options{}); err == nil && reflect.DeepEqual(def, *r) && !strings.HasPrefix(g.Name, "klondike") {
			return g.Title + ": " + g.Summary
		}
		if sm, ok := variants.Small(g.Name); ok && reflect.DeepEqual(sm, *r) && !strings.HasPrefix(g.Name, "klondike") {
			return g.Title + ", small test version: " + fmt.Sprintf("ranks A..%d, %d piles", r.Ranks, len(r.Deal))
		}
	}
	parts := []string{fmt.Sprintf("Klondike, draw %d", r.Draw)}
	switch r.Passes {
	case 0:
		parts = append(parts, "unlimited passes")
	case 1:
		parts = append(parts, "one pass")
	default:
		parts = append(parts, fmt.Sprintf("%d passes", r.Passes))
	}
	if r.WorryBack {
		parts = append(parts, "worrying back")
	}
	if r.Unit == engine.UnitWholeRun {
		parts = append(parts, "strict: whole face-up runs move only")
	}
	if r.Cells > 0 {
		parts = append(parts, fmt.Sprintf("%d holdout cells", r.Cells))
	}
	if r.Ranks != 13 || len(r.Deal) != 7 {
		parts = append(parts, fmt.Sprintf("small game: ranks A..%d, %d piles", r.Ranks, len(r.Deal)))
	}
	return strings.Join(parts, ", ")
}

func refGame(r *engine.Rules) ref.Game {
	return ref.Game{Draw: max(r.Draw, 1), Passes: r.Passes, WorryBack: r.WorryBack,
		Cells: r.Cells, Ranks: r.Ranks, Decks: r.Decks,
		Build:   [...]string{"alt", "suit", "colour", "other-suit", "any", "updown-suit"}[r.Build],
		Move:    [...]string{"run", "whole", "suit-run", "any-face-up", "top"}[r.Unit],
		Fill:    [...]string{"king", "any", "none", "king"}[r.Fill],
		StockTo: [...]string{"waste", "piles", "reserves"}[r.StockTo],
		Wrap:    r.Wrap, BaseDealt: r.BaseDealt, DealWhenStuck: r.DealOnlyWhenStuck,
		Reserves: r.Reserves, Joker: r.Joker,
	}
}

// refPosition writes a layout as the reference's position.
func refPosition(r *engine.Rules, l engine.Layout) ref.Position {
	str := func(cs []engine.Card) []string {
		out := make([]string, len(cs))
		for i, c := range cs {
			out[i] = c.String()
		}
		return out
	}
	var p ref.Position
	for i, pile := range l.Piles {
		p.Piles = append(p.Piles, str(pile))
		p.Down = append(p.Down, l.FaceDown[i])
	}
	p.Stock, p.Waste = str(l.Stock), str(l.Waste)
	for i := range 4 {
		if i < len(l.Foundations) {
			p.Foundations[i] = str(l.Foundations[i])
		}
		if i+4 < len(l.Foundations) {
			p.ExtraFoundations[i] = str(l.Foundations[i+4])
		}
	}
	for _, rv := range l.Reserves {
		p.Reserves = append(p.Reserves, str(rv))
	}
	if r.BaseDealt {
		p.Base = base(l)
	}
	for _, c := range l.Cells {
		if c == engine.NoCard {
			p.Cells = append(p.Cells, "")
		} else {
			p.Cells = append(p.Cells, c.String())
		}
	}
	p.Recycles = l.Recycles
	p.JokerWaiting = l.JokerWaiting
	return p
}

// base is the rank the layout's foundations start with (1 when none is
// started).
func base(l engine.Layout) int {
	for _, f := range l.Foundations {
		if len(f) > 0 {
			return f[0].Rank()
		}
	}
	return 1
}

func refCounts(c engine.PerftCounts) ref.Counts {
	return ref.Counts{
		Nodes:          c.Nodes,
		ToFoundation:   c.ByClass[engine.ClassToFoundation],
		PileToPile:     c.ByClass[engine.ClassPileToPile],
		WasteToPile:    c.ByClass[engine.ClassWasteToPile],
		Draw:           c.ByClass[engine.ClassDraw],
		Recycle:        c.ByClass[engine.ClassRecycle],
		FromFoundation: c.ByClass[engine.ClassFromFoundation],
		Cell:           c.ByClass[engine.ClassCell],
		Deal:           c.ByClass[engine.ClassDeal],
		ReserveToPile:  c.ByClass[engine.ClassReserveToPile],
		Flips:          c.Flips,
	}
}

// checkReference compares a table's counts to depth refDepth with the
// reference's perft of the same deals.
func checkReference(t *testing.T, tb *PerftTable) {
	t.Helper()
	rg := refGame(&tb.Rules)
	for _, d := range tb.Deals {
		l, err := d.Layout(&tb.Rules)
		if err != nil {
			t.Fatalf("deal %d: %v", d.Seed, err)
		}
		depth := min(refDepth, len(d.Counts))
		want := ref.Perft(rg, refPosition(&tb.Rules, l), depth)
		for i := range depth {
			c, err := d.Counts[i].PerftCounts()
			if err != nil {
				t.Fatal(err)
			}
			if got := refCounts(c); got != want[i] {
				t.Errorf("deal %d depth %d: pinned %+v\nreference %+v", d.Seed, i+1, got, want[i])
			}
		}
	}
}

// makeTable computes the table of one rule set with the engine.
func makeTable(t *testing.T, rs ruleSet) PerftTable {
	t.Helper()
	g := engine.MustGame(rs.rules)
	tb := PerftTable{Name: rs.name, Description: describe(&rs.rules), Rules: rs.rules}
	var states []engine.State
	for seed := uint64(0); seed < perftSeeds; seed++ {
		d := PerftDeal{Seed: seed, SeedType: SeedNative}
		l, err := d.Layout(&rs.rules)
		if err != nil {
			t.Fatal(err)
		}
		s, err := g.NewState(l)
		if err != nil {
			t.Fatalf("%s deal %d: %v", rs.name, seed, err)
		}
		states = append(states, s)
		tb.Deals = append(tb.Deals, d)
	}
	perftAll := func(depth int) [][]engine.PerftCounts {
		out := make([][]engine.PerftCounts, len(states))
		for i, s := range states {
			out[i] = engine.Perft(s, depth)
		}
		return out
	}
	depth := minDepth
	counts := perftAll(depth)
	for depth < maxDepth {
		next := perftAll(depth + 1)
		if slices.ContainsFunc(next, func(c []engine.PerftCounts) bool { return c[depth].Nodes > maxLeaves }) {
			break
		}
		counts, depth = next, depth+1
	}
	for i := range tb.Deals {
		for k, c := range counts[i][:depth] {
			tb.Deals[i].Counts = append(tb.Deals[i].Counts, NewPerftDepth(k+1, c))
		}
	}
	return tb
}

// writeTables rewrites testdata/perft from the engine, after checking the
// new tables against the reference, and removes tables of rule sets no
// longer listed.
func writeTables(t *testing.T) {
	t.Helper()
	dir := filepath.Join("testdata", "perft")
	old, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	keep := map[string]bool{}
	for _, rs := range perftRuleSets() {
		tb := makeTable(t, rs)
		checkReference(t, &tb)
		if t.Failed() {
			t.Fatalf("%s: the engine disagrees with the reference; tables not written", rs.name)
		}
		data, err := json.MarshalIndent(tb, "", "\t")
		if err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(dir, rs.name+".json")
		keep[file] = true
		if err := os.WriteFile(file, append(data, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range old {
		if !keep[f] {
			if err := os.Remove(f); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestPerftPinned checks the engine's perft against the pinned tables of
// every rule set, and the tables to depth 3 against the plain reference.
// With -update it rewrites the tables from the engine instead.
func TestPerftPinned(t *testing.T) {
	if *update {
		writeTables(t)
		return
	}
	tables, err := PerftTables()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]engine.Rules{}
	for _, rs := range perftRuleSets() {
		want[rs.name] = rs.rules
	}
	for _, tb := range tables {
		r, ok := want[tb.Name]
		switch {
		case !ok:
			t.Errorf("table %s is of no listed rule set (run with -update)", tb.Name)
		case !reflect.DeepEqual(tb.Rules, r):
			t.Errorf("table %s has rules %+v, want %+v (run with -update)", tb.Name, tb.Rules, r)
		}
		if len(tb.Deals) != perftSeeds {
			t.Errorf("%s: %d deals, want %d", tb.Name, len(tb.Deals), perftSeeds)
		}
		delete(want, tb.Name)
	}
	for name := range want {
		t.Errorf("no table for rule set %s (run with -update)", name)
	}
	for _, tb := range tables {
		t.Run(tb.Name, func(t *testing.T) {
			t.Parallel()
			if err := tb.Verify(); err != nil {
				t.Error(err)
			}
			checkReference(t, &tb)
		})
	}
}

// TestPerftTablesFresh checks that PerftTables hands out copies: changing
// one call's tables leaves the next call's alone.
func TestPerftTablesFresh(t *testing.T) {
	a, err := PerftTables()
	if err != nil {
		t.Fatal(err)
	}
	if len(a) == 0 || len(a[0].Deals) == 0 {
		t.Fatal("no tables")
	}
	want := a[0].Deals[0].Counts[0].Nodes
	a[0].Deals[0].Counts[0].Nodes++
	a[0].Rules.Deal[0].Up++
	b, err := PerftTables()
	if err != nil {
		t.Fatal(err)
	}
	if got := b[0].Deals[0].Counts[0].Nodes; got != want {
		t.Errorf("second call sees nodes %d, want %d", got, want)
	}
	if got := b[0].Rules.Deal[0].Up; got != 1 {
		t.Errorf("second call sees pile 1 dealt %d up, want 1", got)
	}
}

// TestVerifyCatchesChange checks that Verify reports a changed count.
func TestVerifyCatchesChange(t *testing.T) {
	tables, err := PerftTables()
	if err != nil {
		t.Fatal(err)
	}
	tb := tables[0]
	last := &tb.Deals[0].Counts[len(tb.Deals[0].Counts)-1]
	last.Flips++
	if err := tb.Verify(); err == nil {
		t.Errorf("Verify of a table with a changed flip count: nil error")
	}
}
