package solver

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/variants"
)

var deepLink = flag.Bool("deep-link", false, "run the link game's tests on 1,000 small deals per rule set")

// legalMove tells whether m is a move of the link game from st, read from
// the moves' definitions in linkgame.go: every move, no safe moves, no
// readers.
func (lg *lgame) legalMove(st *lstate, m lmove) bool {
	v := lg.view(st)
	c := engine.Card(m.card)
	if m.up {
		if int(st.f[c.Suit()])+1 != c.Rank() || v.free&cbit(c) == 0 {
			return false
		}
		if lg.typed {
			if t := lg.typeOf[c]; t != 0 && lg.uncovered(&v, t) < 1 {
				return false
			}
		}
		return true
	}
	y := int(c)
	if st.L&v.inPlay&(1<<y) == 0 {
		return false
	}
	if lg.rootUp&(1<<y) == 0 && v.covered&(1<<y) != 0 {
		return false
	}
	return lg.hostFree(&v, y) || (lg.fillers&(1<<y) != 0 && v.empties >= 1)
}

// plainLink decides the link game from st by a plain depth-first search
// over every legal move (legalMove: no safe moves, no readers) with its
// own set of the states seen, all lost.
func plainLink(lg *lgame, st lstate, lost map[lstate]bool) bool {
	if lg.won(&st) {
		return true
	}
	if lost[st] {
		return false
	}
	for c := engine.Card(0); c < 64; c++ {
		if lg.all&cbit(c) == 0 {
			continue
		}
		for _, up := range []bool{false, true} {
			m := lmove{card: uint8(c), up: up}
			if !lg.legalMove(&st, m) {
				continue
			}
			n := st
			lg.apply(&n, m)
			if plainLink(lg, n, lost) {
				return true
			}
		}
	}
	lost[st] = true
	return false
}

// linkSearch runs the link game's search from s with no limit.
func linkSearch(s *engine.State) Verdict {
	lg, root, ok := newLgame(s)
	if !ok {
		panic("linkSearch: the link game does not apply")
	}
	ls := newLsearch(lg, 0, absCount{ctx: context.Background()})
	defer ls.seen.free()
	return ls.search(root)
}

// linkWalk searches the real game from the root of lg exhaustively,
// carrying along each line the set L of the link game (the cards that
// have not moved), and checks the claims of linkgame.go's theorem at every
// pair (position, L) it reaches: every card of L lies on its root support;
// the link game's face-up cards, empty piles (exact in the typed game, a
// bound from above in the free one) and uncovered cards of each host type
// (typed game) are the position's, and so are those of β' read from the
// position alone (linkguide.go); every real move is either the move of
// a placed card, which leaves L alone, or maps to a legal move of the link
// game. It stops at the first win, which tells that the real game can be
// won; it gives up with an error past maxStates pairs.
type linkWalk struct {
	lg        *lgame
	seen      map[string]bool
	maxStates int
	won       bool
	key       []byte
	err       error
}

func (w *linkWalk) walk(q *engine.State, L uint64) {
	if w.err != nil || w.won {
		return
	}
	if q.Won() {
		w.won = true
		return
	}
	w.key = fullPosKey(q, w.key[:0])
	for i := 0; i < 8; i++ {
		w.key = append(w.key, byte(L>>(8*i)))
	}
	if w.seen[string(w.key)] {
		return
	}
	w.seen[string(w.key)] = true
	if len(w.seen) > w.maxStates {
		w.err = fmt.Errorf("more than %d (position, L) pairs: choose a smaller game", w.maxStates)
		return
	}
	lg := w.lg
	var st lstate
	st.L = L
	for f := 0; f < 4; f++ {
		st.f[f] = uint8(q.Foundation(f))
	}
	if err := w.check(q, &st); err != nil {
		w.err = err
		return
	}
	// β' read from the position alone (linkguide.go) holds the same
	// facts, and keeps every card that has not moved
	if b := lg.beta(q); b.f != st.f || L&^b.L != 0 {
		w.err = fmt.Errorf("β' %+v, from the line %+v: a card that has not moved is left out", b, st)
		return
	} else if err := w.check(q, &b); err != nil {
		w.err = fmt.Errorf("β' %+v (from the line: %+v): %v\n%s", b, st, err, engine.FormatText(q.Layout(), engine.TextOptions{}))
		return
	}
	for _, m := range q.Moves(nil) {
		n := *q
		nL := L
		if m.From().IsPile() {
			p := q.Pile(int(m.From() - engine.LocPile0))
			y := p[len(p)-m.N()]
			var lm lmove
			mapped := false
			switch {
			case m.To().IsFoundation():
				lm, mapped = lmove{card: uint8(y), up: true}, true
			case m.To().IsPile() && L&cbit(y) != 0:
				lm, mapped = lmove{card: uint8(y)}, true
			case !m.To().IsPile():
				w.err = fmt.Errorf("move %v: the link game has no such move", m)
				return
			}
			if mapped {
				if !lg.legalMove(&st, lm) {
					w.err = fmt.Errorf("the real move %v maps to %+v (%v), illegal in the link game\n%s",
						m, lm, y, engine.FormatText(q.Layout(), engine.TextOptions{}))
					return
				}
				nL &^= cbit(y)
			}
		} else {
			w.err = fmt.Errorf("move %v: the link game has no such move", m)
			return
		}
		n.Apply(m)
		w.walk(&n, nL)
	}
}

// check compares what the link game reads of st with the position q.
func (w *linkWalk) check(q *engine.State, st *lstate) error {
	lg := w.lg
	v := lg.view(st)
	g := q.Game()
	empties := 0
	tops := map[uint8]int{} // uncovered cards per host type
	var inPlay uint64
	for i := 0; i < g.Piles(); i++ {
		p := q.Pile(i)
		if len(p) == 0 {
			empties++
			continue
		}
		tops[lg.typeOf[p[len(p)-1]]]++
		for j, c := range p {
			inPlay |= cbit(c)
			if st.L&cbit(c) != 0 {
				if j == 0 && lg.under[c] != 0 || j > 0 && engine.Card(lg.under[c]) != p[j-1] {
					return fmt.Errorf("%v is in L but not on its root support", c)
				}
			}
			up := j >= q.Down(i)
			linkUp := lg.rootUp&cbit(c) != 0 || v.covered&cbit(c) == 0
			if up != linkUp {
				return fmt.Errorf("%v: face up %v, the link game says %v", c, up, linkUp)
			}
		}
	}
	if inPlay != v.inPlay {
		return fmt.Errorf("cards in the piles %x, the link game says %x", inPlay, v.inPlay)
	}
	if lg.typed && v.empties != empties || v.empties < empties {
		return fmt.Errorf("%d empty piles, the link game says %d (typed %v)", empties, v.empties, lg.typed)
	}
	if lg.typed {
		for t := uint8(1); lg.typeMask[t] != 0; t++ {
			if got := lg.uncovered(&v, t); got != tops[t] {
				return fmt.Errorf("host type %d: %d uncovered cards, the link game says %d", t, tops[t], got)
			}
		}
	}
	return nil
}

// fullPosKey writes out a position of a game with no talon, cells or
// reserves: every pile with its face-down count and cards, every
// foundation.
func fullPosKey(s *engine.State, dst []byte) []byte {
	g := s.Game()
	for i := 0; i < g.Piles(); i++ {
		dst = append(dst, 'p', byte(s.Down(i)))
		for _, c := range s.Pile(i) {
			dst = append(dst, byte(c))
		}
	}
	dst = append(dst, 'f')
	for i := 0; i < 4; i++ {
		dst = append(dst, byte(s.Foundation(i)))
	}
	return dst
}

// linkRuleSets are the small games of the link game's tests: Yukon's and
// Alaska's rules on a few deal shapes, every card dealt.
func linkRuleSets(t *testing.T) []namedRules {
	t.Helper()
	shapes := []struct {
		ranks int
		deal  []engine.PileDeal
	}{
		{3, []engine.PileDeal{{Down: 0, Up: 1}, {Down: 1, Up: 2}, {Down: 2, Up: 2}, {Down: 2, Up: 2}}},
		{4, nil}, // variants.Small: piles of 1, 1+3, 2+3, 3+3
		{4, []engine.PileDeal{{Down: 0, Up: 1}, {Down: 1, Up: 2}, {Down: 2, Up: 2}, {Down: 3, Up: 2}, {Down: 0, Up: 3}}},
		{5, []engine.PileDeal{{Down: 0, Up: 1}, {Down: 1, Up: 3}, {Down: 2, Up: 3}, {Down: 3, Up: 3}, {Down: 1, Up: 3}}},
		// many face-down cards: more deals lost
		{4, []engine.PileDeal{{Down: 0, Up: 1}, {Down: 1, Up: 1}, {Down: 2, Up: 1}, {Down: 3, Up: 1}, {Down: 4, Up: 2}}},
		{5, []engine.PileDeal{{Down: 0, Up: 1}, {Down: 1, Up: 1}, {Down: 2, Up: 1}, {Down: 3, Up: 1}, {Down: 4, Up: 1}, {Down: 3, Up: 2}}},
	}
	var vs []namedRules
	for _, name := range []string{"yukon", "alaska"} {
		small, ok := variants.Small(name)
		if !ok {
			t.Fatalf("%s has no small version", name)
		}
		for _, sh := range shapes {
			r := small
			r.Ranks = sh.ranks
			if sh.deal != nil {
				r.Deal = sh.deal
			}
			if err := r.Validate(); err != nil {
				t.Fatalf("%s R%d: %v", name, sh.ranks, err)
			}
			vs = append(vs, namedRules{fmt.Sprintf("%s/R%dP%dD%d", name, r.Ranks, len(r.Deal), r.Deal[len(r.Deal)-1].Down), r})
		}
	}
	return vs
}

// checkLinkDeal checks the link game on one deal of a small game: the
// theorem's claims along every real line (linkWalk), the search's verdict
// against the plain search of the link game (its pruning is exact for the
// link game), and that a loss of the link game is a loss of the real game.
// It returns whether the real game and the link game are won.
func checkLinkDeal(r *engine.Rules, seed uint64, breakGuard int) (realWon, linkWon bool, err error) {
	g := engine.MustGame(*r)
	s, err := g.NewState(engine.NativeDeal(r, seed))
	if err != nil {
		return false, false, err
	}
	lg, root, ok := newLgame(&s)
	if !ok {
		return false, false, fmt.Errorf("the link game does not apply")
	}
	lg.breakGuard = breakGuard
	lg.setReaders()
	w := &linkWalk{lg: lg, seen: map[string]bool{}, maxStates: 2_000_000}
	w.walk(&s, root.L)
	if w.err != nil {
		return false, false, w.err
	}
	ls := newLsearch(lg, 0, absCount{ctx: context.Background()})
	defer ls.seen.free()
	v := ls.search(root)
	plain := plainLink(lg, root, map[lstate]bool{})
	switch {
	case v == Unknown:
		return w.won, false, fmt.Errorf("the link search stopped: %v", ls.stop)
	case (v == Won) != plain:
		return w.won, v == Won, fmt.Errorf("the link search says %v, the plain search of the link game won=%v", v, plain)
	case v == Lost && w.won:
		return w.won, false, fmt.Errorf("the link game is lost, the real game is won")
	}
	// the search's pruning is exact from any state of the link game, not
	// only from those a real line reaches: states with random cards moved
	// and random foundations
	rng := rand.New(rand.NewPCG(seed, 0x11c))
	for range randomLinkStates {
		st := root
		st.L &= rng.Uint64()
		for f := range st.f {
			st.f[f] = uint8(rng.IntN(r.Ranks/2 + 1))
			st.L &^= lg.upTo[f][st.f[f]]
		}
		ls := newLsearch(lg, 0, absCount{ctx: context.Background()})
		v := ls.search(st)
		ls.seen.free()
		if plain := plainLink(lg, st, map[lstate]bool{}); (v == Won) != plain {
			return w.won, false, fmt.Errorf("from the link state %+v the search says %v, the plain search won=%v", st, v, plain)
		}
	}
	return w.won, v == Won, nil
}

// randomLinkStates is the number of random link states checkLinkDeal
// searches from, per deal.
const randomLinkStates = 8

// TestLinkGameSmall checks the link game against the real game on small
// deals of Yukon's and Alaska's rules (checkLinkDeal). -deep-link: 1,000
// deals per rule set.
func TestLinkGameSmall(t *testing.T) {
	n := 40
	if testing.Short() {
		n = 10
	}
	if *deepLink {
		n = 1000
	}
	for _, v := range linkRuleSets(t) {
		t.Run(v.name, func(t *testing.T) {
			t.Parallel()
			var realWon, linkWon, linkLost int
			for seed := uint64(0); seed < uint64(n); seed++ {
				rw, lw, err := checkLinkDeal(&v.rules, seed, linkBreakNone)
				if err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				if rw {
					realWon++
				}
				if lw {
					linkWon++
				} else {
					linkLost++
				}
			}
			if testing.Verbose() {
				t.Logf("%d deals: %d real wins; link game %d won, %d lost", n, realWon, linkWon, linkLost)
			}
		})
	}
}

// TestLinkGameBreaks checks that the tests of TestLinkGameSmall see each
// deliberate break of the link game on the deals they look at.
func TestLinkGameBreaks(t *testing.T) {
	// linkBreakReaders: TestLinkReadersFree
	for _, brk := range []int{linkBreakCount, linkBreakFaceDown, linkBreakSafe} {
		t.Run(fmt.Sprint(brk), func(t *testing.T) {
			t.Parallel()
			for _, v := range linkRuleSets(t) {
				for seed := uint64(0); seed < 200; seed++ {
					if _, _, err := checkLinkDeal(&v.rules, seed, brk); err != nil {
						return
					}
				}
			}
			t.Errorf("break %d: no deal of the small games shows it", brk)
		})
	}
}

// namedRules is one small game of the link game's tests.
type namedRules struct {
	name  string
	rules engine.Rules
}

// TestLinkReadersFree is a state of the free link game (Alaska's rules,
// three ranks) whose only wins play a cut, then a foundation move that it
// does not make possible but that would stop it: the readers of the cut
// must count that move, or the search misses the wins. A random search over small games found it
// when the readers were without the free game's hosts and fill cards
// (linkBreakReaders).
func TestLinkReadersFree(t *testing.T) {
	s := smallAlaskaCut(t)
	for _, brk := range []int{linkBreakNone, linkBreakReaders} {
		lg, _, ok := newLgame(&s)
		if !ok || lg.typed {
			t.Fatalf("newLgame: applies %v, typed %v; want the free link game", ok, lg != nil && lg.typed)
		}
		lg.breakGuard = brk
		lg.setReaders()
		st := lstate{L: 32624, f: [4]uint8{0, 0, 0, 1}}
		plain := plainLink(lg, st, map[lstate]bool{})
		ls := newLsearch(lg, 0, absCount{ctx: context.Background()})
		v := ls.search(st)
		ls.seen.free()
		if !plain {
			t.Fatalf("the plain search of the link game from %+v: lost, want won", st)
		}
		if brk == linkBreakNone && v != Won {
			t.Errorf("the link search from %+v: %v, want won", st, v)
		}
		if brk == linkBreakReaders && v != Lost {
			t.Errorf("the link search with the readers broken from %+v: %v, want lost (the test no longer sees the break)", st, v)
		}
	}
}

// TestLinkSearchAllocs: the link game's search allocates nothing per
// node. Its search of Yukon's native deal 34, lost, visits about 247,000
// states with only the allocations of its setup, its per-depth buffers
// and its set's growth.
func TestLinkSearchAllocs(t *testing.T) {
	if testing.Short() {
		t.Skip("a search of 247,000 states")
	}
	s := variantDeal(t, "yukon", 34)
	var v Verdict
	var nodes int64
	allocs := testing.AllocsPerRun(1, func() {
		lg, root := otherGame(&s)
		var ls *lsearch
		v, ls = otherProof(context.Background(), lg, root, 0, time.Time{}, 1<<30)
		nodes = ls.nodes
		ls.seen.free()
	})
	if v != Lost || nodes < 100_000 {
		t.Fatalf("yukon native deal 34: link game %v after %d states, want lost after 100,000 or more", v, nodes)
	}
	if allocs > 500 {
		t.Errorf("a link search of %d states made %.0f allocations, want at most 500 (none per state)", nodes, allocs)
	}
}

// smallAlaskaCut is a small Alaska position (three ranks, two piles):
// t1 2C 3D 3H AD 3C AC | AS, t2 | 2H 2D 3S AH 2S.
func smallAlaskaCut(t *testing.T) engine.State {
	t.Helper()
	r, ok := variants.Small("alaska")
	if !ok {
		t.Fatal("alaska has no small version")
	}
	r.Ranks = 3
	r.Deal = []engine.PileDeal{{Down: 6, Up: 1}, {Down: 0, Up: 5}}
	l, err := engine.ParseText("t1: 2C 3D 3H AD 3C AC | AS\nt2: | 2H 2D 3S AH 2S\n")
	if err != nil {
		t.Fatal(err)
	}
	s, err := engine.MustGame(r).NewState(l)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestSeenNodeAgreesWithProbes checks lsearch.seenNode, which reads one
// run of the set for all the nodes of a state, against the rule it
// stands for, a probe for each node in a plain set: every node of the
// state whose pending cuts are a subset of the node's (the node itself
// and the free node among them). Few states and few cards, so that the
// runs of the states mix and collide, and sets small enough to grow
// while the nodes go in, between a node's fetch (keyset.fetch) and its
// look-up, as a child's subtree does in the search.
func TestSeenNodeAgreesWithProbes(t *testing.T) {
	s := variantDeal(t, "yukon", 34)
	lg, _ := otherGame(&s)
	var cards []uint64 // one bit each
	for m := lg.all; m != 0; m &= m - 1 {
		cards = append(cards, m&-m)
	}
	rng := rand.New(rand.NewPCG(7, 27))
	grew := 0           // rounds whose set grew
	seen, asked := 0, 0 // nodes found in the set, of those looked for
	for round := range 40 {
		ls := newLsearch(lg, 0, absCount{ctx: context.Background()})
		plain := newKeyset(0)
		mask := ls.seen.mask
		states := make([]lstate, 1+rng.IntN(60))
		for i := range states {
			states[i] = lstate{L: lg.all &^ (1 << (4 + rng.IntN(52)))}
			for f := range states[i].f {
				states[i].f[f] = uint8(rng.IntN(3))
			}
		}
		pick := func() uint64 { // pending cuts among the first 12 cards, seldom none
			var p uint64
			if rng.IntN(50) == 0 {
				return 0
			}
			for range 1 + rng.IntN(6) {
				p |= cards[rng.IntN(12)]
			}
			return p
		}
		for range 4000 + rng.IntN(8000) {
			st, pend := &states[rng.IntN(len(states))], pick()
			k := lg.key(st, pend)
			at := ls.seen.fetch(k)
			if rng.IntN(2) == 0 {
				// another node goes in between the fetch and the look-up:
				// the set may grow
				o := lg.key(&states[rng.IntN(len(states))], pick())
				ls.seen.insert(o)
				plain.insert(o)
			}
			want := plain.contains(lg.key(st, 0))
			for p := pend; p != 0; p = (p - 1) & pend {
				want = want || plain.contains(lg.key(st, p))
			}
			if got := ls.seenNode(k, pend, at); got != want {
				t.Fatalf("round %d: state %x %v, pending %x: seenNode %v, the probes %v", round, st.L, st.f, pend, got, want)
			}
			if want {
				seen++
			}
			asked++
		}
		if ls.seen.n != plain.n {
			t.Fatalf("round %d: %d keys in the search's set, %d in the plain one", round, ls.seen.n, plain.n)
		}
		if ls.seen.mask != mask {
			grew++
		}
		ls.seen.free()
		plain.free()
	}
	if grew < 10 || seen < asked/20 || asked-seen < asked/20 {
		t.Fatalf("the set grew in %d rounds of 40 and %d nodes of %d were found in it: want 10 rounds or more, and each answer at least a twentieth of the time", grew, seen, asked)
	}
}
