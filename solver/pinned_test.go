package solver

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/variants"
)

// TestPinnedDeals checks the proof on deals that showed it, each pinned
// by its own pile. Yukon's native deal 95, unknown after 14 M nodes of the
// search, has the Nine of Clubs face up on the Eight of Clubs, the Ten of
// Diamonds and the Ten of Hearts, all face down: the Nine can never move,
// so the Eight never goes up. Agnes Bernauer's native deal 23 (base Nine),
// unknown after 60 M nodes of version 33's search, has the Seven of Hearts
// face up on the Eight of Clubs, the Eight of Spades (its hosts) and the
// Jack of Hearts, which goes up before it but is not the card it follows
// on its foundation (the Six of Hearts, a pile's top).
func TestPinnedDeals(t *testing.T) {
	for _, c := range []struct {
		game string
		seed uint64
	}{{"yukon", 95}, {"agnes-bernauer", 23}} {
		_, r, err := variants.Resolve(c.game, variants.Options{})
		if err != nil {
			t.Fatal(err)
		}
		g := engine.MustGame(r)
		s, err := g.NewState(engine.NativeDeal(&g.Rules, c.seed))
		if err != nil {
			t.Fatal(err)
		}
		if pt := newDealRules(&s, false).pin; pt == nil || !pt.pinnedAny(&s) {
			t.Errorf("%s %d: not pinned", c.game, c.seed)
		}
		if res := Solve(context.Background(), s, Options{MaxNodes: 1000}); res.Verdict != Lost || res.Stats.Nodes != 0 {
			t.Errorf("%s %d: Solve: %v after %d nodes, want lost at once", c.game, c.seed, res.Verdict, res.Stats.Nodes)
		}
		z := NewSmall(1000)
		if v := z.Solve(&s); v != Lost || z.Nodes() != 0 {
			t.Errorf("%s %d: Small: %v after %d nodes, want lost at once", c.game, c.seed, v, z.Nodes())
		}
	}
}

// TestPinnedIsLost checks the theorem against the exhaustive search
// without pruning (NoPrune, which does not use it) on the small versions
// of the games it applies to: every position met in random play from
// their deals that it calls pinned is lost. It requires that it fires
// often enough for the check to mean something.
func TestPinnedIsLost(t *testing.T) {
	deals := 5000
	if testing.Short() {
		deals = 1000
	}
	for _, name := range PinnedGames {
		rules := PinnedTestRules(t, name)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			checked, skips := checkClaimIsLost(t, rules, deals, 300, rand.NewPCG(7, 95), func(pt *pinTable, s *engine.State) (bool, bool) {
				return pt.pinnedAny(s), false
			})
			if checked < deals/500 {
				t.Errorf("only %d pinned positions in %d deals' random play: the check tests little", checked, deals)
			}
			t.Logf("%s: %d pinned positions checked lost; %d children skipped as pinned in the searches of 300 deals", name, checked, skips)
			if skips == 0 && (name == "alaska" || name == "agnes-sorel") {
				t.Errorf("no child skipped as pinned: the pruning inside the search is not tested")
			}
		})
	}
}

// PinnedGames are the games whose small versions test the pinned-card
// proof (here and in family_test.go).
var PinnedGames = []string{"yukon", "alaska", "agnes-sorel", "agnes-bernauer", "klondike-strict"}

// PinnedTestRules returns the small version of game name, dealt with more
// cards face down than usual so that cards are pinned often enough to be
// checked; it fails t when the game has no small version or the proof
// does not apply to it.
func PinnedTestRules(t *testing.T, name string) engine.Rules {
	t.Helper()
	rules, ok := variants.Small(name)
	if !ok {
		t.Fatalf("%s has no small version", name)
	}
	if rules.StockCount() == 0 {
		rules.Deal = []engine.PileDeal{{Down: 0, Up: 1}, {Down: 2, Up: 2}, {Down: 3, Up: 2}, {Down: 4, Up: 2}}
	} else {
		rules.Deal = []engine.PileDeal{{Down: 0, Up: 1}, {Down: 2, Up: 1}, {Down: 4, Up: 1}}
	}
	if !pinApplies(&rules) {
		t.Fatalf("%s: the pinned-card proof does not apply", name)
	}
	return rules
}

// TestBlockedIsLost checks the blocked-pair theorem (pinned.go) against
// the exhaustive search without pruning on the small versions of the
// games it applies to, as dealt, face up and with more cards face down:
// every position met in random play from their deals that it calls
// blocked and the pinned-card proof does not is lost. Each rule set must
// show enough such positions for the check to mean something, and the
// small search, which prunes with it, must agree with the unpruned one.
func TestBlockedIsLost(t *testing.T) {
	deals := 3000
	if testing.Short() {
		deals = 600
	}
	for _, name := range PinnedGames {
		dealt, ok := variants.Small(name)
		if !ok {
			t.Fatalf("%s has no small version", name)
		}
		up := dealt
		up.Deal = make([]engine.PileDeal, len(dealt.Deal))
		for i, d := range dealt.Deal {
			up.Deal[i] = engine.PileDeal{Up: d.Down + d.Up}
		}
		for _, c := range []struct {
			name  string
			rules engine.Rules
		}{{"dealt", dealt}, {"face-up", up}, {"face-down", PinnedTestRules(t, name)}} {
			t.Run(name+"/"+c.name, func(t *testing.T) {
				t.Parallel()
				// a pinned position ends the game: only blocked pairs
				// that the pinned cards miss are checked
				n, _ := checkClaimIsLost(t, c.rules, deals, 200, rand.NewPCG(11, 27), func(pt *pinTable, s *engine.State) (bool, bool) {
					if pt.pinnedAny(s) {
						return false, true
					}
					return pt.blockedAny(s), false
				})
				if name == "agnes-sorel" && n < deals/100 {
					t.Errorf("only %d blocked positions in %d deals' random play: the check tests little", n, deals)
				}
				t.Logf("%d blocked positions (not pinned) checked lost", n)
			})
		}
	}
}

// checkClaimIsLost plays random games (200 plies at most) from deals
// 0..deals-1 of rules, and solves with the plain search (NoPrune) each
// position where claim says the position is lost (fires); a game ends
// there, or where claim says to stop. It returns the positions checked
// and the children the pruned small search skipped as lost (pinSkips) in
// the first pruned deals, where it also checks the small search's
// verdict against the plain search's.
func checkClaimIsLost(t *testing.T, rules engine.Rules, deals, pruned int, src rand.Source, claim func(pt *pinTable, s *engine.State) (fires, stop bool)) (checked int, skips int64) {
	t.Helper()
	g, err := engine.NewGame(rules)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(src)
	z := NewSmall(20_000_000)
	var buf []engine.Move
	for seed := uint64(0); seed < uint64(deals); seed++ {
		s, err := g.NewState(engine.NativeDeal(&g.Rules, seed))
		if err != nil {
			t.Fatal(err)
		}
		pt := newDealRules(&s, false).pin
		if pt == nil {
			t.Fatal("no pinned-card table")
		}
		if seed < uint64(pruned) {
			// the pruning inside the search: the small search, which
			// prunes, against the unpruned one
			v := z.Solve(&s)
			skips += z.sr.pinSkips
			if want := Solve(context.Background(), s, Options{NoPrune: true, MaxNodes: 20_000_000}).Verdict; v != want {
				t.Fatalf("seed %d: the pruned small search says %v, the unpruned search %v", seed, v, want)
			}
		}
		for ply := 0; ply < 200; ply++ {
			fires, stop := claim(pt, &s)
			if fires {
				checked++
				if res := Solve(context.Background(), s, Options{NoPrune: true, MaxNodes: 20_000_000}); res.Verdict != Lost {
					t.Fatalf("seed %d ply %d: called lost, but the unpruned search says %v\n%s",
						seed, ply, res.Verdict, engine.FormatText(s.Layout(), engine.TextOptions{}))
				}
				break
			}
			if stop {
				break
			}
			if buf = s.Moves(buf[:0]); len(buf) == 0 {
				break
			}
			s.Apply(buf[rng.IntN(len(buf))])
		}
	}
	return checked, skips
}

// TestBlockedDeal pins the blocked pairs' effect on a full deal: Agnes
// Sorel's native deal 4, unknown after 20 M nodes of version 38's search
// (no blocked pairs), is lost within 1 M nodes, and the search allocates
// nothing per node.
func TestBlockedDeal(t *testing.T) {
	if testing.Short() {
		t.Skip("a search of 600,000 nodes")
	}
	_, r, err := variants.Resolve("agnes-sorel", variants.Options{})
	if err != nil {
		t.Fatal(err)
	}
	g := engine.MustGame(r)
	s, err := g.NewState(engine.NativeDeal(&g.Rules, 4))
	if err != nil {
		t.Fatal(err)
	}
	var res Result
	allocs := testing.AllocsPerRun(1, func() {
		res = Solve(context.Background(), s, Options{MaxNodes: 1_000_000, Mem: 1 << 30, Workers: 1})
	})
	if res.Verdict != Lost {
		t.Fatalf("deal 4: %v after %d nodes, want lost", res.Verdict, res.Stats.Nodes)
	}
	// the check after every move allocates nothing (the hot path)
	if allocs > 3000 {
		t.Errorf("a solve of %d nodes made %.0f allocations, want at most 3,000 (none per node)", res.Stats.Nodes, allocs)
	}
	t.Logf("deal 4: lost in %d nodes, %.0f allocations", res.Stats.Nodes, allocs)
}

// TestPinnedStrict checks the extensions of the pinned-card and
// blocked-pair proofs for Klondike Strict (held cards, the last pass's
// waste, the one separator of a pile; pinned.go) against the exhaustive
// search without pruning, on the small Strict game with and without
// worrying back, as dealt, face up (several cards to a pile, not always
// one run), with more cards face down, and so with two passes and with
// unlimited ones: every position
// met in random play that a proof calls lost is lost. Each extension must
// decide positions that the proofs without it do not (held cards, the
// waste, the separator) in one of the ten games, so that each is
// tested, and the small search must skip children with them; and the small
// search, which prunes with them, must agree with the unpruned one.
func TestPinnedStrict(t *testing.T) {
	deals := 3000
	if testing.Short() {
		deals = 600
	}
	_, strict, err := variants.Resolve("klondike-strict", variants.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !pinApplies(&strict) {
		t.Fatal("the pinned-card proof does not apply to Klondike Strict")
	}
	small, _ := variants.Small("klondike-strict")
	down := small
	down.Deal = []engine.PileDeal{{Down: 0, Up: 1}, {Down: 2, Up: 1}, {Down: 4, Up: 1}}
	up := small
	up.Deal = []engine.PileDeal{{Up: 1}, {Up: 2}, {Up: 3}}
	// two passes and unlimited ones, not games anyone plays: the waste is
	// a candidate only in the second pass, never where the passes are
	// unlimited
	twice, always := down, down
	twice.Passes, always.Passes = 2, 0
	var held, waste, sep int
	var skips int64
	for _, c := range []struct {
		name  string
		rules engine.Rules
	}{{"dealt", small}, {"face-up", up}, {"face-down", down}, {"two-passes", twice}, {"unlimited-passes", always}} {
		for _, wb := range []bool{false, true} {
			rules := c.rules
			rules.WorryBack = wb
			t.Run(fmt.Sprintf("%s/worry=%v", c.name, wb), func(t *testing.T) {
				pinned, sk := checkClaimIsLost(t, rules, deals, 200, rand.NewPCG(3, 41), func(pt *pinTable, s *engine.State) (bool, bool) {
					if !pt.pinnedAny(s) {
						return false, false
					}
					noWaste, plain := *pt, *pt
					noWaste.lastPass = 1 << 30 // never reached: the waste off
					plain.whole = false
					switch {
					case !noWaste.pinnedAny(s):
						waste++
					case !plain.pinnedAny(s):
						held++
					}
					return true, false
				})
				blocked, _ := checkClaimIsLost(t, rules, deals, 0, rand.NewPCG(5, 43), func(pt *pinTable, s *engine.State) (bool, bool) {
					if pt.pinnedAny(s) {
						return false, true
					}
					if !pt.blockedAny(s) {
						return false, false
					}
					plain := *pt
					plain.whole = false
					if !plain.blockedAny(s) {
						sep++
					}
					return true, false
				})
				skips += sk
				t.Logf("%d pinned positions checked lost, %d blocked ones; so far %d need held cards, %d the waste, %d the one separator; %d children skipped", pinned, blocked, held, waste, sep, skips)
			})
		}
	}
	if held == 0 || waste == 0 || sep == 0 || skips == 0 {
		t.Errorf("an extension decided no position: held cards %d, waste %d, one separator %d; children skipped in the searches %d", held, waste, sep, skips)
	}
}
