package engine

import (
	"flag"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/klondike-family/klondike/engine/ref"
)

var deep = flag.Bool("deep", false, "run the long differential and playout tests in full")

// refOf writes a state as the reference implementation's position.
func refOf(t *testing.T, s *State) ref.Position {
	t.Helper()
	l := s.Layout()
	var p ref.Position
	str := func(cs []Card) []string {
		out := make([]string, len(cs))
		for i, c := range cs {
			out[i] = c.String()
		}
		return out
	}
	for i, pile := range l.Piles {
		p.Piles = append(p.Piles, str(pile))
		p.Down = append(p.Down, l.FaceDown[i])
	}
	p.Stock = str(l.Stock)
	p.Waste = str(l.Waste)
	for i := 0; i < 4; i++ {
		p.Foundations[i] = str(l.Foundations[i])
		if len(l.Foundations) == 8 {
			p.ExtraFoundations[i] = str(l.Foundations[i+4])
		}
	}
	for _, rv := range l.Reserves {
		p.Reserves = append(p.Reserves, str(rv))
	}
	if s.Game().Rules.BaseDealt {
		p.Base = s.Base()
	}
	for _, c := range l.Cells {
		if c == NoCard {
			p.Cells = append(p.Cells, "")
		} else {
			p.Cells = append(p.Cells, c.String())
		}
	}
	p.Recycles = l.Recycles
	p.JokerWaiting = l.JokerWaiting
	return p
}

// refMove writes an engine move in the reference's notation: a release
// is "FROM-F/1+G" or "FROM-F/1+wait" where the engine writes
// "FROM-F/1,JK-G"; an Ace taking the waiting Joker along is written
// plainly (the engine names the Ace's own foundation as the Joker's).
func refMove(m Move) string {
	jt := m.JokerTo()
	plain := m.withJoker(0).String()
	if jt == 0 || jt == m.To() {
		return plain
	}
	return plain + "+" + jt.String()
}

func refGame(r *Rules) ref.Game {
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

// familyRuleSets are the other single-player games of the seeds, written
// here as plain rules (the engine's tests cannot import variants), each in
// full and in a small version.
func familyRuleSets() map[string]Rules {
	tri := func(n int) []PileDeal {
		d := make([]PileDeal, n)
		for i := range d {
			d[i] = PileDeal{Down: i, Up: 1}
		}
		return d
	}
	yukon := []PileDeal{{0, 1}, {1, 5}, {2, 5}, {3, 5}, {4, 5}, {5, 5}, {6, 5}}
	faceUp := func(n int) []PileDeal {
		d := make([]PileDeal, n)
		for i := range d {
			d[i] = PileDeal{Down: 0, Up: i + 1}
		}
		return d
	}
	sets := map[string]Rules{
		"double-klondike": {Decks: 2, Ranks: 13, Deal: tri(9), Draw: 3},
		"gargantua":       {Decks: 2, Ranks: 13, Deal: tri(9), Draw: 1, Passes: 2},
		"steps":           {Decks: 2, Ranks: 13, Deal: tri(7), Draw: 1, Passes: 2, Fill: FillAny},
		"yukon":           {Decks: 1, Ranks: 13, Deal: yukon, Unit: UnitAnyFaceUp},
		"alaska":          {Decks: 1, Ranks: 13, Deal: yukon, Unit: UnitAnyFaceUp, Build: BuildUpDownSuit},
		"thumb-and-pouch": {Decks: 1, Ranks: 13, Deal: tri(7), Draw: 3, Build: BuildOtherSuit, Fill: FillAny},
		"whitehead": {Decks: 1, Ranks: 13, Deal: faceUp(7), Draw: 1, Passes: 1, Build: BuildSameColour,
			Unit: UnitSameSuitRun, Fill: FillAny, Wrap: true, BaseDealt: true},
		"agnes-sorel": {Decks: 1, Ranks: 13, Deal: tri(7), StockTo: StockToPiles, Build: BuildSameColour,
			Fill: FillNone, Wrap: true, BaseDealt: true},
		"agnes-bernauer": {Decks: 1, Ranks: 13, Deal: tri(7), StockTo: StockToReserves, Reserves: 7,
			Fill: FillRank, Wrap: true, BaseDealt: true},
		"agnes-sorel-stuck": {Decks: 1, Ranks: 13, Deal: tri(7), StockTo: StockToPiles, Build: BuildSameColour,
			Fill: FillNone, Wrap: true, BaseDealt: true, DealOnlyWhenStuck: true},
		"yukon-wb":       {Decks: 1, Ranks: 13, Deal: yukon, Unit: UnitAnyFaceUp, WorryBack: true},
		"joker-klondike": {Decks: 1, Joker: true, Ranks: 13, Deal: tri(7), Draw: 3},
	}
	smalls := map[string]Rules{}
	for name, r := range sets {
		sm := r
		sm.Ranks = 5
		sm.Deal = append([]PileDeal(nil), r.Deal[:4]...)
		for i := range sm.Deal {
			sm.Deal[i].Up = min(sm.Deal[i].Up, 2)
		}
		if sm.Reserves > 0 {
			sm.Reserves = 3
		}
		if sm.Validate() == nil {
			smalls["small-"+name] = sm
		}
	}
	for k, v := range smalls {
		sets[k] = v
	}
	return sets
}

// klondikeRuleSets are the Klondike options the engine must get right:
// draw counts, pass limits, worrying back, strict whole-run moves, cells,
// and small games with fewer ranks and piles.
func klondikeRuleSets() map[string]Rules {
	sets := map[string]Rules{}
	for _, d := range []int{1, 3} {
		for _, p := range []int{0, 1, 3} {
			for _, wb := range []bool{false, true} {
				r := Klondike(d, p)
				r.WorryBack = wb
				name := "draw" + string(rune('0'+d)) + "-passes" + string(rune('0'+p))
				if wb {
					name += "-wb"
				}
				sets[name] = r
			}
		}
	}
	strict := Klondike(1, 1)
	strict.Unit = UnitWholeRun
	sets["strict"] = strict
	hold := Klondike(1, 1)
	hold.Cells = 2
	sets["holdout"] = hold
	holdwb := Klondike(3, 0)
	holdwb.Cells = 2
	holdwb.WorryBack = true
	sets["holdout-draw3-wb"] = holdwb
	sets["draw2"] = Klondike(2, 0)
	small := Klondike(1, 0)
	small.Ranks = 5
	small.Deal = small.Deal[:4]
	sets["small-5x4"] = small
	small3 := Klondike(3, 2)
	small3.Ranks = 4
	small3.Deal = small3.Deal[:3]
	small3.WorryBack = true
	small3.Cells = 2
	sets["small-4x3-draw3-wb-cells"] = small3
	return sets
}

func moveStrings(ms []Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.String()
	}
	slices.Sort(out)
	return out
}

// refMoveStrings writes moves in the reference's notation, sorted.
func refMoveStrings(ms []Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = refMove(m)
	}
	slices.Sort(out)
	return out
}

// TestDifferentialReference plays random games with the engine and the
// plain reference side by side: at every position both must list the same
// moves, and after every move both must reach the same position.
func TestDifferentialReference(t *testing.T) {
	deals, plies := 1000, 80
	if testing.Short() {
		deals = 100
	}
	if *deep {
		deals, plies = 5000, 400
	}
	sets := klondikeRuleSets()
	for name, r := range familyRuleSets() {
		sets[name] = r
	}
	for name, r := range jokerRuleSets() {
		sets[name] = r
	}
	for name, r := range sets {
		if testing.Short() && !strings.HasPrefix(name, "small") && !strings.HasPrefix(name, "draw") {
			continue
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			g := MustGame(r)
			rg := refGame(&r)
			var buf []Move
			n := deals
			_, klondike := klondikeRuleSets()[name]
			_, joker := jokerRuleSets()[name]
			if !klondike && !(joker && strings.HasPrefix(name, "small")) && !*deep {
				// The other games and the full Joker games (which
				// TestJokerDifferentialGreedy plays further): 250 deals,
				// 1000 with -deep.
				n = deals / 4
			}
			for seed := uint64(0); seed < uint64(n); seed++ {
				s, err := g.NewState(NativeDeal(&r, seed))
				if err != nil {
					t.Fatalf("deal %d: %v", seed, err)
				}
				rng := rand.New(rand.NewPCG(seed, 99))
				p := refOf(t, &s)
				for ply := 0; ply < plies; ply++ {
					buf = s.Moves(buf[:0])
					got := refMoveStrings(buf)
					want := ref.Moves(rg, p)
					slices.Sort(want)
					if !slices.Equal(got, want) {
						t.Fatalf("deal %d ply %d: moves\n got %v\nwant %v\nposition:\n%s", seed, ply, got, want, FormatText(s.Layout(), TextOptions{}))
					}
					if len(buf) == 0 {
						break
					}
					m := buf[rng.IntN(len(buf))]
					s.Apply(m)
					if err := s.Validate(); err != nil {
						t.Fatalf("deal %d ply %d: after %v: %v", seed, ply, m, err)
					}
					np, err := ref.Apply(rg, p, refMove(m))
					if err != nil {
						t.Fatalf("deal %d ply %d: reference refuses %v: %v", seed, ply, m, err)
					}
					p = np
					if gotP := refOf(t, &s); !samePosition(gotP, p) {
						t.Fatalf("deal %d ply %d: after %v\n got %+v\nwant %+v", seed, ply, m, gotP, p)
					}
					if s.Won() != ref.Won(p) {
						t.Fatalf("deal %d ply %d: won %v, reference %v", seed, ply, s.Won(), ref.Won(p))
					}
				}
			}
		})
	}
}

func samePosition(a, b ref.Position) bool {
	eq := func(x, y []string) bool { return slices.Equal(x, y) || (len(x) == 0 && len(y) == 0) }
	if len(a.Piles) != len(b.Piles) || !slices.Equal(a.Down, b.Down) || !eq(a.Stock, b.Stock) ||
		!eq(a.Waste, b.Waste) || !eq(a.Cells, b.Cells) || a.Recycles != b.Recycles {
		return false
	}
	for i := range a.Piles {
		if !eq(a.Piles[i], b.Piles[i]) {
			return false
		}
	}
	for i := range a.Foundations {
		if !eq(a.Foundations[i], b.Foundations[i]) {
			return false
		}
	}
	return true
}
