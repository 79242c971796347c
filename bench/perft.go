package bench

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/variants"
)

//go:embed testdata/perft/*.json
var perftFiles embed.FS

// PerftTable holds the pinned perft counts of one rule set: for each deal,
// the counts of every depth from 1 on.
type PerftTable struct {
	Name        string       `json:"name"`        // the file's name without ".json"
	Description string       `json:"description"` // the rules in words
	Rules       engine.Rules `json:"rules"`
	Deals       []PerftDeal  `json:"deals"`
}

// PerftDeal is one deal of a perft table with its counts.
type PerftDeal struct {
	Seed     uint64       `json:"seed"`
	SeedType string       `json:"seedType"` // a variants.SeedType's name or generator: SeedNative, SeedKlondikeSolver, SeedSolvitaire
	Counts   []PerftDepth `json:"counts"`   // depth 1, 2, ...
}

// Seed types of PerftDeal: which numbering (variants.LookupSeedType) turns
// the seed into a deal. Native deals are named by their generator, so that
// a change to it leaves the pinned tables unreadable rather than wrong.
const (
	SeedNative         = engine.NativeDealID // engine.NativeDeal
	SeedKlondikeSolver = "klondike-solver"   // engine.KlondikeSolverDeal
	SeedSolvitaire     = "solvitaire"        // engine.SolvitaireDeal
)

// PerftDepth is the perft counts of one depth: the legal move sequences of
// that length (Nodes), split by the class of their last move (ByClass, keyed
// by engine.Class names, classes with no sequence left out), and how many
// of them end with a move that turns a face-down card (Flips).
type PerftDepth struct {
	Depth   int              `json:"depth"`
	Nodes   int64            `json:"nodes"`
	ByClass map[string]int64 `json:"byClass"`
	Flips   int64            `json:"flips"`
}

// PerftTables reads the pinned perft tables, one per rule set, in file name
// order. Each call returns fresh tables that the caller may change.
func PerftTables() ([]PerftTable, error) {
	names, err := fs.Glob(perftFiles, "testdata/perft/*.json")
	if err != nil {
		return nil, err
	}
	tables := make([]PerftTable, 0, len(names))
	for _, name := range names {
		data, err := perftFiles.ReadFile(name)
		if err != nil {
			return nil, err
		}
		var t PerftTable
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&t); err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		if want := path.Base(name[:len(name)-len(".json")]); t.Name != want {
			return nil, fmt.Errorf("%s: table named %q, want %q", name, t.Name, want)
		}
		if _, err := engine.NewGame(t.Rules); err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		for _, d := range t.Deals {
			for i, c := range d.Counts {
				if c.Depth != i+1 {
					return nil, fmt.Errorf("%s: deal %d: depth %d listed %d-th", name, d.Seed, c.Depth, i+1)
				}
				if _, err := c.PerftCounts(); err != nil {
					return nil, fmt.Errorf("%s: deal %d: %v", name, d.Seed, err)
				}
			}
		}
		tables = append(tables, t)
	}
	return tables, nil
}

// Layout returns the deal of d under rules r. A table knows the rules,
// not the game, so numberings that deal by game are refused.
func (d PerftDeal) Layout(r *engine.Rules) (engine.Layout, error) {
	t, err := variants.LookupSeedType(d.SeedType)
	if err != nil {
		return engine.Layout{}, err
	}
	return t.Deal(nil, *r, engine.SeedOf(d.Seed))
}

// NewPerftDepth writes the engine's counts of one depth as a table row.
func NewPerftDepth(depth int, c engine.PerftCounts) PerftDepth {
	d := PerftDepth{Depth: depth, Nodes: c.Nodes, Flips: c.Flips, ByClass: map[string]int64{}}
	for k, n := range c.ByClass {
		if n != 0 {
			d.ByClass[engine.Class(k).String()] = n
		}
	}
	return d
}

// PerftCounts returns the row as the engine's counts. It fails on a class
// name the engine does not know.
func (d PerftDepth) PerftCounts() (engine.PerftCounts, error) {
	c := engine.PerftCounts{Nodes: d.Nodes, Flips: d.Flips}
	for name, n := range d.ByClass {
		k := classByName(name)
		if k < 0 {
			return c, fmt.Errorf("depth %d: unknown move class %q", d.Depth, name)
		}
		c.ByClass[k] = n
	}
	return c, nil
}

func classByName(name string) int {
	for k := range engine.NumClasses {
		if k.String() == name {
			return int(k)
		}
	}
	return -1
}

// Verify runs the engine's perft on every deal of the table to the
// table's depth, with the State and, where the game's positions can be
// packed, with the Packed positions too, and returns an error naming the
// first deal, depth and engine whose counts differ.
func (t *PerftTable) Verify() error {
	g, err := engine.NewGame(t.Rules)
	if err != nil {
		return fmt.Errorf("%s: %v", t.Name, err)
	}
	for _, d := range t.Deals {
		l, err := d.Layout(&t.Rules)
		if err != nil {
			return fmt.Errorf("%s deal %d: %v", t.Name, d.Seed, err)
		}
		s, err := g.NewState(l)
		if err != nil {
			return fmt.Errorf("%s deal %d: %v", t.Name, d.Seed, err)
		}
		engines := map[string][]engine.PerftCounts{EngineState: engine.Perft(s, len(d.Counts))}
		if g.Packable() == nil {
			p, err := engine.Pack(&s)
			if err != nil {
				return fmt.Errorf("%s deal %d: %v", t.Name, d.Seed, err)
			}
			engines[EnginePacked] = engine.PerftPacked(p, len(d.Counts))
		}
		for _, name := range []string{EngineState, EnginePacked} {
			got, ok := engines[name]
			if !ok {
				continue
			}
			for i, row := range d.Counts {
				want, err := row.PerftCounts()
				if err != nil {
					return fmt.Errorf("%s deal %d: %v", t.Name, d.Seed, err)
				}
				if got[i] != want {
					return fmt.Errorf("%s deal %d depth %d: perft of engine %s %s, pinned %s", t.Name, d.Seed, i+1, name, formatCounts(got[i]), formatCounts(want))
				}
			}
		}
	}
	return nil
}

// formatCounts writes perft counts on one line with the class names.
func formatCounts(c engine.PerftCounts) string {
	s := fmt.Sprintf("nodes %d flips %d", c.Nodes, c.Flips)
	for k, n := range c.ByClass {
		if n != 0 {
			s += fmt.Sprintf(" %v %d", engine.Class(k), n)
		}
	}
	return s
}
