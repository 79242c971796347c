package solver

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/variants"
)

// TestBeamLinesReplay runs the beam search on the deals of every game the
// relaxed game does not cover, full size and small: every line it finds
// must replay as a win under the engine's rules (its stock steps and
// Joker rules included). In Gargantua and Steps, where the depth-first
// search alone wins almost nothing within such budgets, it must win some.
func TestBeamLinesReplay(t *testing.T) {
	deals := uint64(6)
	if testing.Short() {
		deals = 3
	}
	for _, name := range variants.Names() {
		_, full, err := variants.Resolve(name, variants.Options{})
		if err != nil {
			t.Fatal(err)
		}
		small, _ := variants.Small(name)
		for _, r := range []engine.Rules{full, small} {
			g := engine.MustGame(r)
			s0, err := g.NewState(engine.NativeDeal(&r, 0))
			if err != nil {
				t.Fatal(err)
			}
			if _, _, ok := newRgame(&s0); ok {
				continue // Solve does not use the beam there
			}
			won := 0
			for seed := uint64(0); seed < deals; seed++ {
				s, err := g.NewState(engine.NativeDeal(&r, seed))
				if err != nil {
					t.Fatal(err)
				}
				path, st := beamSolve(context.Background(), s, Options{}, 16, 60000, time.Time{}, 0, 0)
				if st.Nodes > 60000 || st.Stored > st.Nodes+1 {
					t.Errorf("%s seed %d: %d nodes, %d stored, budget 60000", name, seed, st.Nodes, st.Stored)
				}
				if path == nil {
					continue
				}
				won++
				moves := expand(s, path)
				if err := engine.Verify(s, engine.Steps(s, moves)); err != nil {
					t.Errorf("%s (%d ranks) seed %d: beam line does not replay: %v", name, r.Ranks, seed, err)
				}
			}
			t.Logf("%s, %d ranks: beam won %d of %d", name, r.Ranks, won, deals)
			if (name == "gargantua" || name == "steps") && r.Ranks == 13 && won == 0 {
				t.Errorf("%s: the beam won none of %d deals", name, deals)
			}
		}
	}
}

// TestBuriedCards counts the cards that lie above a card of their suit
// that goes up before them, face down or up, on a small Alaska deal (Ace
// base): in t1 (2C 3D 3H AD 3C AC | AS) the Three of Clubs lies above the
// Two; in t2 (| 2H 2D 3S AH 2S) no card lies above an earlier one of its
// suit. beamScore takes buriedWeight off for it when asked to.
func TestBuriedCards(t *testing.T) {
	s := smallAlaskaCut(t)
	if n := buriedCards(&s); n != 1 {
		t.Errorf("Ace base: %d buried cards, want 1 (the Three of Clubs)", n)
	}
	if b := beamScore(&s, scoreBuried); b != beamScore(&s, 0)-buriedWeight {
		t.Errorf("beamScore with buried cards %d, without %d", b, beamScore(&s, 0))
	}
}

// TestBuriedCardsAsPlain checks buriedCards against the plain count of its
// definition (a card above a card of its suit that goes up earlier, by
// foundation place from the base, with the modulo) on positions of every
// game after random moves (the Agnes games' bases are dealt, so their
// places wrap).
func TestBuriedCardsAsPlain(t *testing.T) {
	plain := func(s *engine.State) int {
		g := s.Game()
		ranks, base := g.Rules.Ranks, s.Base()
		place := func(c engine.Card) int { return 1 + (c.Rank()-base+ranks)%ranks }
		n := 0
		for i := 0; i < g.Piles(); i++ {
			p := s.Pile(i)
			for k, c := range p {
				if c.IsJoker() {
					continue
				}
				for _, d := range p[:k] {
					if !d.IsJoker() && d.Suit() == c.Suit() && place(d) < place(c) {
						n++
						break
					}
				}
			}
		}
		return n
	}
	checked, some := 0, 0
	for _, name := range variants.Names() {
		for _, moves := range []int{0, 20, 80} {
			for d, s := range walkedPositions(t, name, variants.Options{}, 12, moves, [2]uint64{7, uint64(moves)}) {
				want := plain(&s)
				if got := buriedCards(&s); got != want {
					t.Errorf("%s deal %d after %d random moves: %d buried cards, the plain count %d", name, d, moves, got, want)
				}
				checked++
				if want > 0 {
					some++
				}
			}
		}
	}
	if some < checked/2 {
		t.Errorf("buried cards in only %d of %d positions", some, checked)
	}
}

// TestBeamSpread checks the spread term on Gargantua's deal, whose nine
// piles hold 0 to 8 cards face down: the pairs number 0+0+1+3+...+28 = 84,
// half a point each, with or without buried cards counted.
func TestBeamSpread(t *testing.T) {
	_, r, err := variants.Resolve("gargantua", variants.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := engine.MustGame(r).NewState(engine.NativeDeal(&r, 0))
	if err != nil {
		t.Fatal(err)
	}
	if d := beamScore(&s, 0) - beamScore(&s, scoreSpread); d != 42 {
		t.Errorf("the deal: spread term %d, want 42", d)
	}
	if d := beamScore(&s, scoreBuried) - beamScore(&s, scoreSpread|scoreBuried); d != 42 {
		t.Errorf("the deal with buried cards: spread term %d, want 42", d)
	}
}

// TestBeamTalonWeight: scoreTalon takes heavyTalonWeight off for each
// talon card instead of talonWeight (Gargantua's deal: 59 talon cards),
// and wins Gargantua's native deal 344, which version 43's benchmark
// left unknown at 60 s, with one beam of width 64 (the spread and buried
// score; 64,467 nodes) where the lighter weight's beam runs out of states
// unwon (40,654 nodes).
func TestBeamTalonWeight(t *testing.T) {
	s := variantDeal(t, "gargantua", 344)
	if d := beamScore(&s, scoreSpread) - beamScore(&s, scoreSpread|scoreTalon); d != (heavyTalonWeight-talonWeight)*59 {
		t.Errorf("the deal: talon term %d, want %d", d, (heavyTalonWeight-talonWeight)*59)
	}
	for _, sc := range []beamScoring{scoreSpread | scoreBuried, scoreSpread | scoreBuried | scoreTalon} {
		path, st := beamSolve(context.Background(), s, Options{Mem: 256 << 20}, 64, 200_000, time.Time{}, sc, 0)
		if (path != nil) != (sc&scoreTalon != 0) {
			t.Fatalf("score %b: won %v (%d nodes, stop %v)", sc, path != nil, st.Nodes, st.Stop)
		}
		if path != nil {
			if err := engine.Verify(s, engine.Steps(s, expand(s, path))); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestBeamPlan pins which beams Solve runs for each game (beamPlan).
func TestBeamPlan(t *testing.T) {
	plain, buried := []beamScoring{0}, []beamScoring{scoreBuried}
	spread := []beamScoring{scoreSpread, scoreSpread | scoreBuried}
	twice := append(spread, scoreSpread|scoreTalon|scoreHashTies, scoreSpread|scoreBuried|scoreTalon|scoreHashTies)
	for _, c := range []struct {
		game          string
		first, second []beamScoring
	}{
		{"klondike", plain, nil},
		{"klondike-holdout", plain, nil},
		{"gargantua", twice, nil},
		{"steps", twice, nil},
		{"double-klondike", twice, nil},
		{"joker-klondike", spread, nil},
		{"whitehead", spread, nil},
		{"thumb-and-pouch", spread, nil},
		{"yukon", plain, buried},
		{"alaska", plain, buried},
		{"agnes-sorel", plain, buried},
		{"agnes-bernauer", plain, buried},
	} {
		_, r, err := variants.Resolve(c.game, variants.Options{})
		if err != nil {
			t.Fatal(err)
		}
		rel := relaxApplies(&r)
		if f, s := beamPlan(&r, rel, false), beamPlan(&r, rel, true); !slices.Equal(f, c.first) || !slices.Equal(s, c.second) {
			t.Errorf("%s: beams %v then %v, want %v then %v", c.game, f, s, c.first, c.second)
		}
	}
}

// TestBeamsTakeAll: in the games of two decks the beams take every node
// left (beamsTakeAll). Gargantua's native deal 27 is won by a beam at
// 87,790 nodes; within 100,000 the beams have them all, where at most
// half (49,000) would leave the win to a depth-first search that does
// not find it. Elsewhere the beams keep to their cap.
func TestBeamsTakeAll(t *testing.T) {
	for _, c := range []struct {
		game string
		all  bool
	}{
		{"gargantua", true}, {"steps", true}, {"double-klondike", true},
		{"klondike", false}, {"joker-klondike", false}, {"whitehead", false}, {"yukon", false}, {"agnes-sorel", false},
	} {
		_, r, err := variants.Resolve(c.game, variants.Options{})
		if err != nil {
			t.Fatal(err)
		}
		nodes, _ := beamLimits(&r, relaxApplies(&r))
		if beamsTakeAll(&r) != c.all || (nodes == 0) != c.all {
			t.Errorf("%s: beams take all %v (cap %d), want %v", c.game, beamsTakeAll(&r), nodes, c.all)
		}
	}
	s := variantDeal(t, "gargantua", 27)
	res := Solve(context.Background(), s, Options{MaxNodes: 100_000, Mem: 256 << 20, Workers: 1})
	if res.Verdict != Won || res.Stats.Nodes <= 50_000 {
		t.Fatalf("gargantua native deal 27 within 100,000 nodes: %v at %d nodes, want won past 50,000", res.Verdict, res.Stats.Nodes)
	}
	if err := engine.Verify(s, engine.Steps(s, res.Solution)); err != nil {
		t.Fatal(err)
	}
}

// TestBeamsNoStock: in the games without a stock (Yukon, Alaska; solver
// version 55) the beams stop at width 256 and 1 M nodes; the other games
// keep theirs (Whitehead and Thumb and Pouch, whose stock is turned to a
// waste, 16,384 and 16 M; Agnes Sorel, whose stock is dealt onto the
// piles, 1,024 and 1 M). Alaska's native deal 5025
// is won at 79,873 nodes: its beams of width 16 to 256 leave it to the
// depth-first search, which wins it where the beams of 1,024 to 16,384
// (version 54) took 1.9 M nodes first.
func TestBeamsNoStock(t *testing.T) {
	for _, c := range []struct {
		game   string
		nodes  int64
		widest int
	}{
		{"yukon", 1 << 20, 256}, {"alaska", 1 << 20, 256},
		{"whitehead", 1 << 24, 16384}, {"thumb-and-pouch", 1 << 24, 16384}, {"agnes-sorel", 1 << 20, 1024},
	} {
		_, r, err := variants.Resolve(c.game, variants.Options{})
		if err != nil {
			t.Fatal(err)
		}
		nodes, widest := beamLimits(&r, relaxApplies(&r))
		if nodes != c.nodes || widest != c.widest {
			t.Errorf("%s: beams within %d nodes up to width %d, want %d and %d", c.game, nodes, widest, c.nodes, c.widest)
		}
	}
	s := variantDeal(t, "alaska", 5025)
	res := Solve(context.Background(), s, Options{MaxNodes: 100_000, Mem: 256 << 20, Workers: 1})
	if res.Verdict != Won {
		t.Fatalf("alaska native deal 5025 within 100,000 nodes: %v at %d nodes, want won", res.Verdict, res.Stats.Nodes)
	}
	if err := engine.Verify(s, engine.Steps(s, res.Solution)); err != nil {
		t.Fatal(err)
	}
}

// TestBeamSchedule pins the order of Solve's beams (beamSchedule): every
// width from 16 with beamPlan's scores in the first tie order; in the
// games whose beams take every node, 32 rounds of restarts (widths 16, 64
// and 256, and 1,024 every fourth round, the two hash-tie scores, with the
// talon weighed more in odd rounds, a new tie order each round) before
// each width past 4,096; and a finite list.
func TestBeamSchedule(t *testing.T) {
	for _, game := range []string{"klondike", "klondike-holdout", "gargantua", "steps", "double-klondike", "joker-klondike", "whitehead", "yukon", "agnes-sorel"} {
		_, r, err := variants.Resolve(game, variants.Options{})
		if err != nil {
			t.Fatal(err)
		}
		rel := relaxApplies(&r)
		for _, second := range []bool{false, true} {
			plan := beamPlan(&r, rel, second)
			_, widest := beamLimits(&r, rel)
			var want []beamStep
			round := 0
			for w := 16; w <= widest && len(plan) > 0; w *= 4 {
				if beamsTakeAll(&r) && !second && w > 4096 {
					for k := 0; k < 32; k++ {
						round++
						tie := uint64(round) * 0x517cc1b727220a95
						ws := []int{16, 64, 256}
						if round%4 == 0 {
							ws = append(ws, 1024)
						}
						var talon beamScoring
						if round%2 == 1 {
							talon = scoreTalon
						}
						for _, rw := range ws {
							want = append(want, beamStep{rw, scoreSpread | scoreHashTies | talon, tie}, beamStep{rw, scoreSpread | scoreBuried | scoreHashTies | talon, tie})
						}
					}
				}
				for _, sc := range plan {
					want = append(want, beamStep{w, sc, 0})
				}
			}
			got := slices.Collect(beamSchedule(&r, rel, second))
			if !slices.Equal(got, want) {
				t.Errorf("%s (second %v): %d beams, want %d: %v", game, second, len(got), len(want), got)
			}
			restarts := 0
			for _, b := range got {
				if b.tie != 0 {
					restarts++
				}
			}
			if (beamsTakeAll(&r) && !second) != (restarts > 0) || (restarts > 0 && restarts != 3*(32*6+8*2)) {
				t.Errorf("%s (second %v): %d restart beams", game, second, restarts)
			}
		}
	}
}

// TestBeamRestartWins: the order of a beam's ties decides which deals it
// wins. Gargantua's native deal 4130, which solver version 30 left unknown
// at 20 M nodes (its beams in the first order, up to width 16,384), is won
// by a beam of width 256 with the spread and hash-tie score in restart
// round 13's order within 250,000 nodes, and not in the first order.
func TestBeamRestartWins(t *testing.T) {
	restartWins(t, 4130, 256, scoreSpread|scoreHashTies, 13, 250_000)
	// Deal 2021 in round 1's order at width 64, with buried cards (with
	// solver version 59's fingerprints; deal 2065 in round 2's order with
	// version 58's, which the first order now wins).
	restartWins(t, 2021, 64, scoreSpread|scoreBuried|scoreHashTies, 1, 60_000)
}

func restartWins(t *testing.T, deal uint64, width int, sc beamScoring, round int, nodes int64) {
	t.Helper()
	s := variantDeal(t, "gargantua", deal)
	if path, st := beamSolve(context.Background(), s, Options{Mem: 256 << 20}, width, nodes, time.Time{}, sc, 0); path != nil {
		t.Fatalf("the first order won deal %d at width %d (%d nodes)", deal, width, st.Nodes)
	}
	path, st := beamSolve(context.Background(), s, Options{Mem: 256 << 20}, width, nodes, time.Time{}, sc, beamTie(round))
	if path == nil {
		t.Fatalf("deal %d, width %d, round %d's order: no win within %d nodes (%d, stop %v)", deal, width, round, nodes, st.Nodes, st.Stop)
	}
	if err := engine.Verify(s, engine.Steps(s, expand(s, path))); err != nil {
		t.Fatal(err)
	}
}

// TestBeamKidScore checks beamKidScore against beamScore of the child
// made, for every legal move engine.State.ChildParts takes (the beams'
// fast path), under every scoring, at positions of every game (and of
// Klondike and Double Klondike with worrying back, and of Klondike with
// one pass and with three) after random moves; the moves checked must include cards turned
// face up, recycles with limited passes, and buried cards both lost and
// gained.
func TestBeamKidScore(t *testing.T) {
	type ruleSet struct {
		name string
		opts variants.Options
	}
	sets := []ruleSet{
		{"klondike", variants.Options{Defoundation: true, DefoundSet: true}},
		{"klondike", variants.Options{Draw: 1, Passes: 1, PassesSet: true}},
		{"klondike", variants.Options{Draw: 3, Passes: 3, PassesSet: true}},
		{"double-klondike", variants.Options{Defoundation: true, DefoundSet: true}},
	}
	for _, name := range variants.Names() {
		sets = append(sets, ruleSet{name, variants.Options{}})
	}
	var flips, recycles, buriedOut, buriedIn, checked int
	for _, rs := range sets {
		for _, moves := range []int{0, 20, 80, 200, 400} {
			for _, s := range walkedPositions(t, rs.name, rs.opts, 6, moves, [2]uint64{11, uint64(moves)}) {
				pp := s.PositionParts()
				pf := s.PositionFingerprint(&pp)
				for _, m := range s.Moves(nil) {
					var cp engine.PositionParts
					if _, _, ok := s.ChildParts(m, &pp, pf, &cp); !ok {
						continue
					}
					c := s
					c.Apply(m)
					for sc := beamScoring(0); sc <= scoreSpread|scoreBuried|scoreTalon|scoreHashTies; sc++ {
						var b beamParent
						b.set(&s, beamScore(&s, sc), sc)
						if got, want := beamKidScore(&s, &b, m, sc), beamScore(&c, sc); got != want {
							t.Fatalf("%s %+v after %d moves, %v, scoring %d: beamKidScore %d, beamScore of the child %d", rs.name, rs.opts, moves, m, sc, got, want)
						}
					}
					checked++
					if c.DownCards() < s.DownCards() {
						flips++
					}
					if m.Kind() == engine.KindRecycle && s.Game().Rules.Passes > 0 {
						recycles++
					}
					switch d := buriedCards(&c) - buriedCards(&s); {
					case d < 0:
						buriedOut++
					case d > 0:
						buriedIn++
					}
				}
			}
		}
	}
	if flips == 0 || recycles == 0 || buriedOut == 0 || buriedIn == 0 {
		t.Errorf("%d moves checked: %d turned a card, %d were recycles with limited passes, %d lowered the buried cards, %d raised them", checked, flips, recycles, buriedOut, buriedIn)
	}
	t.Logf("%d moves checked: %d turned a card, %d recycles with limited passes, buried cards lowered by %d and raised by %d", checked, flips, recycles, buriedOut, buriedIn)
}
