package solver

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/variants"
)

// resTestRules are the small Agnes Bernauer games the reserve game's
// tests play (smallVariants), without one dealt face up.
func resTestRules(t *testing.T) []namedRules {
	return smallVariants(t, "agnes-bernauer", false, resApplies)
}

// smallVariants are the small versions of a game the abstractions' tests
// play: as dealt, with five ranks, with more cards face down, dealt face up
// (where faceUp), and dealing only when stuck; applies must accept each.
func smallVariants(t *testing.T, game string, faceUp bool, applies func(*engine.Rules) bool) []namedRules {
	t.Helper()
	dealt, ok := variants.Small(game)
	if !ok {
		t.Fatalf("%s has no small version", game)
	}
	five := dealt
	five.Ranks = 5
	down := dealt
	down.Deal = []engine.PileDeal{{Down: 0, Up: 1}, {Down: 2, Up: 1}, {Down: 4, Up: 1}}
	stuck := dealt
	stuck.DealOnlyWhenStuck = true
	out := []namedRules{{"dealt", dealt}, {"five ranks", five}, {"more face down", down}}
	if faceUp {
		up := dealt
		up.Deal = []engine.PileDeal{{Down: 0, Up: 1}, {Down: 0, Up: 2}, {Down: 0, Up: 3}}
		out = append(out, namedRules{"face up", up})
	}
	out = append(out, namedRules{"stuck only", stuck})
	for _, v := range out {
		if !applies(&v.rules) {
			t.Fatalf("%s %s: the abstraction does not apply", game, v.name)
		}
	}
	return out
}

// TestResGameIsLost checks the reserve game's theorem against the plain
// search (NoPrune, which does not use it) on small Agnes Bernauer games:
// in random play from each deal, every position whose α, read from the
// deal's reserve game (the guide's way) or from its own (the root
// search's), is a lost state of the reserve game must be lost. Enough
// positions must be called lost for the check to mean something.
func TestResGameIsLost(t *testing.T) {
	deals := 1500
	if testing.Short() {
		deals = 300
	}
	for _, v := range resTestRules(t) {
		name := v.name
		t.Run(name, func(t *testing.T) {
			lost := func(rg *resGame, st qstate) bool {
				rs := &resSearch{rg: rg, seen: newKeyset(0)}
				defer rs.seen.free()
				return rs.search(st) == Lost
			}
			checked, _, wonSeen := checkLostInRandomPlay(t, v.rules, deals, rand.New(rand.NewPCG(7, uint64(len(name)))),
				func(seed uint64, s *engine.State) (func(ply int, s *engine.State) bool, func()) {
					root, _, ok := newResGame(s)
					if !ok {
						t.Fatalf("seed %d: the reserve game does not apply to the deal", seed)
					}
					return func(ply int, s *engine.State) bool {
						st, ok := root.alpha(s)
						if !ok {
							t.Fatalf("seed %d ply %d: α not read from the deal's game", seed, ply)
						}
						here, hst, ok := newResGame(s)
						if !ok {
							t.Fatalf("seed %d ply %d: the reserve game does not apply", seed, ply)
						}
						return lost(root, st) || lost(here, hst)
					}, func() {}
				})
			if checked < deals/40 {
				t.Errorf("only %d positions called lost in %d deals' random play: the check tests little", checked, deals)
			}
			t.Logf("%d positions called lost, each lost; %d random games won", checked, wonSeen)
		})
	}
}

// checkLostInRandomPlay plays deals native deals of the rules at random
// (rng) and asks an abstraction, at every position, whether it is lost:
// deal(seed, s) sets the abstraction up for the deal s and returns the
// question, and what to do when the deal's play ends. A position called
// lost must be lost by the plain search (NoPrune), and ends its deal's
// play. It returns the positions called lost, those of them before the
// last deal (early), and the random games won.
func checkLostInRandomPlay(t *testing.T, rules engine.Rules, deals int, rng *rand.Rand,
	deal func(seed uint64, s *engine.State) (lost func(ply int, s *engine.State) bool, done func())) (checked, early, won int) {
	t.Helper()
	g, err := engine.NewGame(rules)
	if err != nil {
		t.Fatal(err)
	}
	var buf []engine.Move
	for seed := uint64(0); seed < uint64(deals); seed++ {
		s, err := g.NewState(engine.NativeDeal(&g.Rules, seed))
		if err != nil {
			t.Fatal(err)
		}
		lost, done := deal(seed, &s)
		for ply := 0; ply < 200; ply++ {
			if lost(ply, &s) {
				checked++
				if len(s.Stock()) > 0 {
					early++
				}
				if res := Solve(context.Background(), s, Options{NoPrune: true, MaxNodes: 20_000_000}); res.Verdict != Lost {
					t.Fatalf("seed %d ply %d: the abstraction says lost, the plain search %v\n%s",
						seed, ply, res.Verdict, engine.FormatText(s.Layout(), engine.TextOptions{}))
				}
				break
			}
			if s.Won() {
				won++
				break
			}
			if buf = s.Moves(buf[:0]); len(buf) == 0 {
				break
			}
			s.Apply(buf[rng.IntN(len(buf))])
		}
		done()
	}
	return checked, early, won
}

// TestResGuideAgreesWithNoPrune: on the small Agnes Bernauer games (but
// the one dealing only when stuck, where Solve does not use it), the
// full search guided by the reserve game, with the quick search, the beams
// and the reserve game's search from the root off so that every deal is
// decided by the guided search, gives NoPrune's verdict, and its wins
// replay. The guide's budget is lowered, so that its searches run out and
// their marks are met again from other nodes.
func TestResGuideAgreesWithNoPrune(t *testing.T) {
	deals := 1000
	if testing.Short() {
		deals = 150
	}
	checkGuidedAgainstNoPrune(t, resTestRules(t), deals, func(s *engine.State) bool {
		rg, _ := resGameFor(s) // (not where the stock is dealt only when stuck)
		return rg != nil
	})
}

// TestResDeal pins the reserve game's effect on a full deal: Agnes
// Bernauer's native deal 90, unknown after 20 M nodes of version 39's
// search (lost in 21.3 M with version 33's), is lost within 2 M nodes, and
// the search allocates nothing per state.
func TestResDeal(t *testing.T) {
	if testing.Short() {
		t.Skip("a search of 1.4 M states")
	}
	checkDealLost(t, "agnes-bernauer", 90, 2_000_000)
}

// checkDealLost checks that native deal seed of game is lost within
// maxNodes nodes (1 GiB, one worker) with at most 3,000 allocations in
// all: none per state.
func checkDealLost(t *testing.T, game string, seed uint64, maxNodes int64) {
	t.Helper()
	_, r, err := variants.Resolve(game, variants.Options{})
	if err != nil {
		t.Fatal(err)
	}
	g := engine.MustGame(r)
	s, err := g.NewState(engine.NativeDeal(&g.Rules, seed))
	if err != nil {
		t.Fatal(err)
	}
	var res Result
	allocs := testing.AllocsPerRun(1, func() {
		res = Solve(context.Background(), s, Options{MaxNodes: maxNodes, Mem: 1 << 30, Workers: 1})
	})
	if res.Verdict != Lost {
		t.Fatalf("%s deal %d: %v after %d nodes, want lost", game, seed, res.Verdict, res.Stats.Nodes)
	}
	if allocs > 3000 {
		t.Errorf("a solve of %d nodes made %.0f allocations, want at most 3,000 (none per state)", res.Stats.Nodes, allocs)
	}
	t.Logf("%s deal %d: lost in %d nodes (%d of the abstraction, %d real nodes pruned), %.0f allocations",
		game, seed, res.Stats.Nodes, res.Stats.RelaxedNodes, res.Stats.Pruned, allocs)
}

// TestResGameRulesOut checks the rule sets newResGame must refuse, each of
// which would break an assumption of its search: host groups that overlap
// (any suit but its own: a card's hosts are the cards of the three other
// suits one rank higher, shared in part with another card's), more host
// groups than a view holds (same suit: 52), and face-up cards dealt that
// are not a built run (--face-up). Agnes Bernauer as dealt is accepted.
func TestResGameRulesOut(t *testing.T) {
	_, ab, err := variants.Resolve("agnes-bernauer", variants.Options{})
	if err != nil {
		t.Fatal(err)
	}
	_, faceUp, err := variants.Resolve("agnes-bernauer", variants.Options{FaceUp: true})
	if err != nil {
		t.Fatal(err)
	}
	other, suit := ab, ab
	other.Build, suit.Build = engine.BuildOtherSuit, engine.BuildSameSuit
	for _, c := range []struct {
		name  string
		rules engine.Rules
		want  bool
	}{{"as dealt", ab, true}, {"other suit", other, false}, {"same suit", suit, false}, {"face up", faceUp, false}} {
		g := engine.MustGame(c.rules)
		s, err := g.NewState(engine.NativeDeal(&c.rules, 1))
		if err != nil {
			t.Fatal(err)
		}
		if _, _, ok := newResGame(&s); ok != c.want {
			t.Errorf("%s: newResGame applies %v, want %v", c.name, ok, c.want)
		}
	}
}

// plainResVisit is resSearch.visit as it was before the children were made
// ahead: each child made, keyed and looked up only when it is reached.
func plainResVisit(rs *resSearch, st qstate, depth int) bool {
	rg := rs.rg
	if rg.won(&st) {
		return true
	}
	k := rg.key(&st)
	if rs.seen.contains(k) {
		return false
	}
	if !rs.enter() {
		return false
	}
	for len(rs.bufs) <= depth {
		rs.bufs = append(rs.bufs, make([]qmove, 0, 32))
	}
	var v qview
	rg.view(&st, &v)
	moves := rg.moves(&st, &v, rs.order, rs.bufs[depth][:0])
	rs.bufs[depth] = moves
	for _, m := range moves {
		c := st
		rg.apply(&c, m)
		if plainResVisit(rs, c, depth+1) {
			return true
		}
		if rs.stop != NotStopped {
			return false
		}
	}
	if _, ok := rs.seen.insert(k); !ok {
		rs.stop = StopMemory
	}
	return false
}

// TestResVisitAsPlain checks the reserve game's search, which makes a
// node's children and fetches their slots before searching the first,
// against the plain search that makes each child when it reaches it: from
// Agnes Bernauer's native deals, won and lost, in each move order, within budgets that
// stop some searches, and in sets that start small and grow (so that
// probes fetched before a growth are read after it), both must give the
// same answer after the same states, with the same set.
func TestResVisitAsPlain(t *testing.T) {
	_, r, err := variants.Resolve("agnes-bernauer", variants.Options{})
	if err != nil {
		t.Fatal(err)
	}
	g := engine.MustGame(r)
	kinds := map[string]int{}
	// deals 0..7 and five the solver loses (records of results/data/agnes-bernauer-20k)
	for _, seed := range []uint64{0, 1, 2, 3, 4, 5, 6, 7, 55, 68, 104, 171, 187} {
		s, err := g.NewState(engine.NativeDeal(&r, seed))
		if err != nil {
			t.Fatal(err)
		}
		rg, root, ok := newResGame(&s)
		if !ok {
			t.Fatalf("deal %d: the reserve game does not apply", seed)
		}
		for order := 0; order < resOrders; order++ {
			for _, budget := range []int64{3_000, 40_000, 300_000} {
				fast := &resSearch{rg: rg, seen: newKeyset(0), order: order, absCount: absCount{budget: budget, ctx: context.Background()}}
				plain := &resSearch{rg: rg, seen: newKeyset(0), order: order, absCount: absCount{budget: budget, ctx: context.Background()}}
				a, b := fast.visit(root, 0), plainResVisit(plain, root, 0)
				if a != b || fast.nodes != plain.nodes || fast.stop != plain.stop || fast.seen.n != plain.seen.n {
					t.Fatalf("deal %d, order %d, budget %d: won %v after %d states (stop %v, %d marks); plain: won %v after %d (stop %v, %d marks)",
						seed, order, budget, a, fast.nodes, fast.stop, fast.seen.n, b, plain.nodes, plain.stop, plain.seen.n)
				}
				switch {
				case a:
					kinds["won"]++
				case fast.stop != NotStopped:
					kinds["stopped"]++
				default:
					kinds["lost"]++
				}
				if fast.seen.mask > 1<<12-1 {
					kinds["grew"]++
				}
				fast.seen.free()
				plain.seen.free()
			}
		}
	}
	for _, k := range []string{"won", "stopped", "lost", "grew"} {
		if kinds[k] == 0 {
			t.Errorf("no search %s: %v; the test checks too little", k, kinds)
		}
	}
}
