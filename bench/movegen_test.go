package bench

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/klondike-family/klondike/engine"
)

func TestRNGIntn(t *testing.T) {
	if NewRNG(0) == 0 {
		t.Fatal("NewRNG(0) is the zero RNG, which only returns 0")
	}
	rng := NewRNG(1)
	var seen [7]int
	for range 7000 {
		k := rng.Intn(7)
		if k < 0 || k >= 7 {
			t.Fatalf("Intn(7) = %d, want 0..6", k)
		}
		seen[k]++
	}
	for k, n := range seen {
		if n < 800 || n > 1200 {
			t.Errorf("Intn(7) gave %d %d times in 7000, want about 1000", k, n)
		}
	}
}

// smallStart is native deal 0 of the small 5-pile, 4-rank game of the
// pinned tables: a few dozen moves end every playout.
func smallStart(t *testing.T) engine.State {
	t.Helper()
	tables, err := PerftTables()
	if err != nil {
		t.Fatal(err)
	}
	for _, tb := range tables {
		if tb.Name == "small-5x4" {
			g := engine.MustGame(tb.Rules)
			s, err := g.NewState(engine.NativeDeal(&g.Rules, 0))
			if err != nil {
				t.Fatal(err)
			}
			return s
		}
	}
	t.Fatal("no pinned table small-5x4")
	return engine.State{}
}

func TestPlayout(t *testing.T) {
	start := smallStart(t)
	for _, limit := range []int{0, 1, 5, PlayoutPlies} {
		s := start
		rng := NewRNG(uint64(limit) + 1)
		played, gen, _ := Playout(&s, &rng, limit, nil)
		if err := s.Validate(); err != nil {
			t.Fatalf("cap %d: the playout's end is not valid: %v", limit, err)
		}
		if played > limit {
			t.Errorf("cap %d: played %d moves", limit, played)
		}
		if n := len(s.Moves(nil)); played < limit && n != 0 {
			t.Errorf("cap %d: stopped after %d moves with %d moves left", limit, played, n)
		}
		if gen < played {
			t.Errorf("cap %d: generated %d moves, played %d", limit, gen, played)
		}
		// The same seed plays the same game.
		s2 := start
		rng = NewRNG(uint64(limit) + 1)
		if p2, g2, _ := Playout(&s2, &rng, limit, nil); p2 != played || g2 != gen || s2 != s {
			t.Errorf("cap %d: a second playout with the same seed differs", limit)
		}
	}
}

func TestPlayoutAllocs(t *testing.T) {
	start := smallStart(t)
	buf := make([]engine.Move, 0, 256)
	rng := NewRNG(7)
	if n := testing.AllocsPerRun(20, func() {
		s := start
		_, _, buf = Playout(&s, &rng, PlayoutPlies, buf)
	}); n != 0 {
		t.Errorf("Playout allocates %v times per run, want 0", n)
	}
}

// TestPlayoutAllocsEveryTable checks that the hot path allocates nothing
// in every game of the pinned tables (two decks, the Joker, reserves,
// cells, Yukon's groups): random playouts, which generate and apply, from
// each table's first deal.
func TestPlayoutAllocsEveryTable(t *testing.T) {
	tables, err := PerftTables()
	if err != nil {
		t.Fatal(err)
	}
	if len(tables) == 0 {
		t.Fatal("no pinned tables: the test checked nothing")
	}
	buf := make([]engine.Move, 0, 256)
	for _, tb := range tables {
		g := engine.MustGame(tb.Rules)
		l, err := tb.Deals[0].Layout(&g.Rules)
		if err != nil {
			t.Fatalf("%s: %v", tb.Name, err)
		}
		start, err := g.NewState(l)
		if err != nil {
			t.Fatalf("%s: %v", tb.Name, err)
		}
		rng := NewRNG(11)
		if n := testing.AllocsPerRun(5, func() {
			s := start
			_, _, buf = Playout(&s, &rng, PlayoutPlies, buf)
		}); n != 0 {
			t.Errorf("%s: Playout allocates %v times per run, want 0", tb.Name, n)
		}
	}
}

// draw1Table returns the pinned table of draw-1 Klondike.
func draw1Table(t *testing.T) *PerftTable {
	t.Helper()
	tb, err := PinnedTableFor(engine.Klondike(1, 0))
	if err != nil {
		t.Fatal(err)
	}
	if tb == nil || tb.Name != "draw1-passes0" {
		t.Fatalf("PinnedTableFor(draw 1) = %v, want table draw1-passes0", tb)
	}
	return tb
}

func TestPinnedTableFor(t *testing.T) {
	tables, err := PerftTables()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range tables {
		got, err := PinnedTableFor(want.Rules)
		if err != nil || got == nil || got.Name != want.Name {
			t.Errorf("PinnedTableFor(rules of %s) = %v, %v", want.Name, got, err)
		}
	}
	if got, err := PinnedTableFor(engine.Klondike(5, 0)); got != nil || err != nil {
		t.Errorf("PinnedTableFor(draw 5) = %v, %v, want nil, nil", got, err)
	}
}

func TestRunMovegen(t *testing.T) {
	tb := draw1Table(t)
	const depth = 4
	var deals []PerftDeal
	for _, d := range tb.Deals[:2] {
		deals = append(deals, PerftDeal{Seed: d.Seed, SeedType: d.SeedType})
	}
	m, err := RunMovegen(tb.Rules, MovegenOptions{Deals: deals, Depth: depth, Divide: true, Playouts: 3, RNGSeed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Deals) != 2 || len(m.Totals) != depth || m.Perft.Passes != 1 || m.Clock != "wall" {
		t.Fatalf("RunMovegen: %d deals, %d depths, %d passes, clock %q; want 2, %d, 1, wall",
			len(m.Deals), len(m.Totals), m.Perft.Passes, m.Clock, depth)
	}
	if p := tb.Check(m.Deals); !p.OK() || p.Deals != 2 || p.Depth != depth {
		t.Errorf("Check = %+v, want 2 deals agreeing to depth %d", p, depth)
	}
	var nodes int64
	for k := range depth {
		var sum int64
		for _, d := range m.Deals {
			sum += d.Counts[k].Nodes
			nodes += d.Counts[k].Nodes
		}
		if m.Totals[k].Nodes != sum {
			t.Errorf("depth %d: total %d nodes, the deals sum to %d", k+1, m.Totals[k].Nodes, sum)
		}
	}
	if m.Perft.Nodes != nodes {
		t.Errorf("timed perft counted %d nodes, want %d", m.Perft.Nodes, nodes)
	}
	for _, d := range m.Deals {
		var sum int64
		for _, r := range d.Divide {
			sum += r.Nodes
		}
		if sum != d.Counts[depth-1].Nodes || len(d.Divide) != int(d.Counts[0].Nodes) {
			t.Errorf("deal %d: divide of %d moves sums to %d, want %d moves summing to %d",
				d.Seed, len(d.Divide), sum, d.Counts[0].Nodes, d.Counts[depth-1].Nodes)
		}
	}
	th := m.Throughput
	switch {
	case th == nil:
		t.Fatal("no throughput measured")
	case th.Playouts != 3 || th.PlayoutMoves < 1 || th.Capped > 3:
		t.Errorf("throughput %+v: want 3 playouts of some moves", *th)
	case th.Generations < th.PlayoutMoves || th.GeneratedMoves < th.Generations:
		t.Errorf("throughput %+v: want as many generations as playout moves at least", *th)
	}
	if m.StateBytes <= 0 {
		t.Errorf("StateBytes = %d", m.StateBytes)
	}
}

func TestRunMovegenCPUClock(t *testing.T) {
	tb := draw1Table(t)
	var ticks time.Duration
	clock := func() time.Duration { ticks += time.Millisecond; return ticks }
	m, err := RunMovegen(tb.Rules, MovegenOptions{
		Deals: []PerftDeal{{Seed: 0, SeedType: SeedNative}}, Depth: 2, Playouts: 1, CPU: clock,
	})
	if err != nil {
		t.Fatal(err)
	}
	if m.Clock != "cpu" || m.Perft.CPUSeconds != 0.001 || m.Throughput.PlayoutCPUSeconds != 0.001 {
		t.Errorf("clock %q, perft %v s CPU, playouts %v s CPU; want cpu, 0.001, 0.001",
			m.Clock, m.Perft.CPUSeconds, m.Throughput.PlayoutCPUSeconds)
	}
	if want := float64(m.Perft.Nodes) / 0.001; m.Perft.NodesPerSec != want {
		t.Errorf("perft %v nodes/s, want %v (per CPU second)", m.Perft.NodesPerSec, want)
	}
}

func TestRunMovegenErrors(t *testing.T) {
	deals := []PerftDeal{{Seed: 0, SeedType: SeedNative}}
	for _, tc := range []struct {
		name string
		r    engine.Rules
		o    MovegenOptions
	}{
		{"depth 0", engine.Klondike(1, 0), MovegenOptions{Deals: deals}},
		{"no deals", engine.Klondike(1, 0), MovegenOptions{Depth: 1}},
		{"bad seed type", engine.Klondike(1, 0), MovegenOptions{Depth: 1, Deals: []PerftDeal{{SeedType: "nope"}}}},
		{"bad rules", engine.Rules{}, MovegenOptions{Depth: 1, Deals: deals}},
	} {
		if _, err := RunMovegen(tc.r, tc.o); err == nil {
			t.Errorf("%s: no error", tc.name)
		}
	}
}

func TestCheckMismatch(t *testing.T) {
	tb := draw1Table(t)
	m, err := RunMovegen(tb.Rules, MovegenOptions{Deals: []PerftDeal{{Seed: 1, SeedType: SeedNative}}, Depth: 3})
	if err != nil {
		t.Fatal(err)
	}
	m.Deals[0].Counts[2].Flips++
	p := tb.Check(m.Deals)
	if p.OK() || !strings.Contains(p.Mismatch, "deal 1 depth 3") {
		t.Errorf("Check of a changed count = %+v, want a mismatch at deal 1 depth 3", p)
	}
	other := []MovegenDeal{{Seed: 1 << 40, SeedType: SeedNative, Counts: m.Deals[0].Counts}}
	if p := tb.Check(other); p.OK() || p.Deals != 0 {
		t.Errorf("Check of a deal not in the table = %+v, want no deal checked, not OK", p)
	}
}

// TestRunMovegenEngines runs both engines on the same deals: the same
// counts, each engine named with its position's size; a game the packed
// positions cannot hold runs the State by default and is refused with
// EnginePacked.
func TestRunMovegenEngines(t *testing.T) {
	tb := draw1Table(t)
	deals := []PerftDeal{{Seed: tb.Deals[0].Seed, SeedType: tb.Deals[0].SeedType}}
	runs := map[string]*Movegen{}
	for _, e := range []string{"", EngineState, EnginePacked} {
		m, err := RunMovegen(tb.Rules, MovegenOptions{Deals: deals, Depth: 4, Playouts: 2, RNGSeed: 1, Engine: e})
		if err != nil {
			t.Fatalf("engine %q: %v", e, err)
		}
		runs[e] = m
	}
	if runs[""].Engine != EnginePacked || runs[EnginePacked].StateBytes != 64 || runs[EngineState].StateBytes <= 64 {
		t.Errorf("default engine %q, packed %d bytes, state %d bytes; want packed, 64, more",
			runs[""].Engine, runs[EnginePacked].StateBytes, runs[EngineState].StateBytes)
	}
	if !reflect.DeepEqual(runs[EngineState].Totals, runs[EnginePacked].Totals) {
		t.Errorf("the engines count differently: state %v, packed %v", runs[EngineState].Totals, runs[EnginePacked].Totals)
	}
	if a, b := runs[EngineState].Throughput, runs[EnginePacked].Throughput; a.PlayoutMoves != b.PlayoutMoves || a.GeneratedMoves != b.GeneratedMoves {
		t.Errorf("the engines play different playouts: state %d moves (%d generated), packed %d (%d)",
			a.PlayoutMoves, a.GeneratedMoves, b.PlayoutMoves, b.GeneratedMoves)
	}
	yukon := engine.Klondike(1, 0)
	yukon.Unit = engine.UnitAnyFaceUp
	m, err := RunMovegen(yukon, MovegenOptions{Deals: []PerftDeal{{Seed: 0, SeedType: SeedNative}}, Depth: 2})
	if err != nil || m.Engine != EngineState {
		t.Errorf("a game packed positions cannot hold: engine %v, %v; want state", m, err)
	}
	if _, err := RunMovegen(yukon, MovegenOptions{Deals: []PerftDeal{{Seed: 0, SeedType: SeedNative}}, Depth: 2, Engine: EnginePacked}); err == nil {
		t.Error("engine packed on a game it cannot hold: no error")
	}
}
