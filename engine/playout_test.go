package engine

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"
)

// ruleSetNames returns the names of klondikeRuleSets sorted, so that tests
// and fuzz inputs can index the rule sets stably.
func ruleSetNames() []string {
	var names []string
	for name := range klondikeRuleSets() {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// pickMove chooses one of ms uniformly.
func pickMove(rng *rand.Rand, ms []Move) Move { return ms[rng.IntN(len(ms))] }

// pickGreedy chooses a move to a foundation three times in four when there
// is one, else any move, so that random games are won now and then.
func pickGreedy(rng *rand.Rand, ms []Move) Move {
	if rng.IntN(4) != 0 {
		for _, m := range ms {
			if m.Class() == ClassToFoundation {
				return m
			}
		}
	}
	return pickMove(rng, ms)
}

func downCount(s *State) int {
	n := 0
	for i := 0; i < s.Game().Piles(); i++ {
		n += s.Down(i)
	}
	return n
}

// checkStep checks one move m of s: Moves appends and leaves s alone,
// Child leaves the parent unchanged and equals Apply on a copy, the child
// is valid, m.Flips tells whether a face-down card was turned, and the
// child's Layout makes the same state again. It returns the child.
func checkStep(t *testing.T, s *State, ms []Move, m Move) State {
	t.Helper()
	before := *s
	var child State
	s.Child(m, &child)
	if *s != before {
		t.Fatalf("Child(%v) changed its parent", m)
	}
	applied := *s
	applied.Apply(m)
	if applied != child {
		t.Fatalf("Child(%v) differs from Apply on a copy:\n child\n%s\n apply\n%s", m,
			FormatText(child.Layout(), TextOptions{}), FormatText(applied.Layout(), TextOptions{}))
	}
	if err := child.Validate(); err != nil {
		t.Fatalf("after %v: %v\nbefore:\n%s", m, err, FormatText(s.Layout(), TextOptions{}))
	}
	if flipped := downCount(&child) == downCount(s)-1; flipped != m.Flips() {
		t.Fatalf("%v: Flips() = %v but a card was turned: %v", m, m.Flips(), flipped)
	}
	if d := downCount(s) - downCount(&child); d != 0 && d != 1 {
		t.Fatalf("%v changed the face-down count by %d", m, d)
	}
	l := child.Layout()
	again, err := child.Game().NewState(l)
	if err != nil {
		t.Fatalf("after %v: NewState(Layout()): %v\n%s", m, err, FormatText(l, TextOptions{}))
	}
	if d := dealfmtLayoutDiff(again.Layout(), l); d != "" {
		t.Fatalf("after %v: Layout→NewState→Layout: %s", m, d)
	}
	if k1, k2 := child.AppendKey(nil), again.AppendKey(nil); !bytes.Equal(k1, k2) {
		t.Fatalf("after %v: Layout→NewState changes the key\n got %x\nwant %x", m, k2, k1)
	}
	return child
}

// checkMoves checks the move list of s: Moves appends to what dst holds,
// leaves s unchanged, lists no move twice, and a won game has no move but
// worrying a card back (or, with the Joker still in the talon, turning
// the stock); with a Joker, checkJokerMoves checks its rules.
func checkMoves(t *testing.T, s *State, ms []Move) {
	t.Helper()
	before := *s
	prefix := []Move{MoveDraw, MoveRecycle}
	got := s.Moves(append([]Move(nil), prefix...))
	if *s != before {
		t.Fatalf("Moves changed the state")
	}
	if !slices.Equal(got[:2], prefix) || !slices.Equal(got[2:], ms) {
		t.Fatalf("Moves(dst) = %v, want %v then %v", got, prefix, ms)
	}
	for i, m := range ms {
		if slices.Contains(ms[:i], m) {
			t.Fatalf("move %v listed twice in %v", m, ms)
		}
	}
	if s.Won() {
		for _, m := range ms {
			stock := m.Kind() == KindDraw || m.Kind() == KindRecycle
			if (!s.Game().Rules.WorryBack || m.Class() != ClassFromFoundation) && !(s.Game().Rules.Joker && stock) {
				t.Fatalf("won game has move %v", m)
			}
		}
	}
	if r := &s.Game().Rules; r.StockTo == StockToWaste && !r.DealOnlyWhenStuck {
		step := slices.ContainsFunc(ms, func(m Move) bool { return m.Kind() == KindDraw || m.Kind() == KindRecycle })
		if s.CanStep() != step {
			t.Fatalf("CanStep %v, but the moves %v", s.CanStep(), ms)
		}
	}
	if s.Game().Rules.Joker {
		checkJokerMoves(t, s, ms)
	}
}

// checkJokerMoves checks a move list against the Joker rules of
// /work/notes/joker-rules.md, read off the layout rather than the state's
// own bookkeeping: when the Joker is a pile's or the waste's top card and
// a foundation is open, the moves are exactly the Joker to each open
// foundation; otherwise no move takes the Joker alone, and none builds
// on it; the real card the Joker stands for, when playable, has one
// release per other open foundation (or one to wait); an Ace going up
// while the Joker waits takes it along; no other move takes it along.
func checkJokerMoves(t *testing.T, s *State, ms []Move) {
	t.Helper()
	r := &s.Game().Rules
	l := s.Layout()
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf(format+"\nmoves %v\n%s", append(args, moveStrings(ms), FormatText(l, TextOptions{}))...)
	}
	var open []Loc
	jf, stands := -1, NoCard
	for f, cs := range l.Foundations {
		if k := slices.Index(cs, Joker); k >= 0 {
			jf, stands = f, NewCard(k+1, f&3)
			continue
		}
		if len(cs) >= 1 && len(cs) < r.Ranks {
			open = append(open, LocFound0+Loc(f))
		}
	}
	var tops []Loc // where a card is playable
	top := map[Loc]Card{}
	if n := len(l.Waste); n > 0 {
		tops = append(tops, LocWaste)
		top[LocWaste] = l.Waste[n-1]
	}
	for i, p := range l.Piles {
		if len(p) > 0 {
			tops = append(tops, LocPile0+Loc(i))
			top[LocPile0+Loc(i)] = p[len(p)-1]
		}
	}
	for _, from := range tops {
		if top[from] == Joker && len(open) > 0 {
			var want []string
			for _, f := range open {
				want = append(want, NewMove(from, f, 1).String())
			}
			slices.Sort(want)
			if got := moveStrings(ms); !slices.Equal(got, want) {
				fail("the Joker is forced on %v: want exactly %v", from, want)
			}
			return
		}
	}
	releases := map[Loc][]string{}
	for _, m := range ms {
		if m.Kind() != KindMove {
			continue
		}
		c := s.MovedCard(m)
		if c == Joker {
			fail("the Joker moves (%v) without being forced", m)
		}
		if to := m.To(); to.IsPile() && top[to] == Joker {
			fail("%v builds on the Joker", m)
		}
		jt := m.JokerTo()
		switch {
		case jt == 0 && l.JokerWaiting && m.To().IsFoundation() && c.Rank() == 1 && r.Ranks > 1:
			fail("the Ace of %v leaves the waiting Joker behind", m)
		case jt == 0:
		case l.JokerWaiting:
			if c.Rank() != 1 || jt != m.To() {
				fail("%v takes the waiting Joker along but is no Ace going up with it", m)
			}
		case c == stands && m.To() == LocFound0+Loc(jf):
			releases[m.From()] = append(releases[m.From()], jt.String())
		default:
			fail("%v takes the Joker along but is neither a release nor an Ace", m)
		}
	}
	if jf < 0 {
		if len(releases) > 0 {
			fail("releases without the Joker on a foundation")
		}
		return
	}
	var want []string
	for _, f := range open {
		want = append(want, f.String())
	}
	if len(want) == 0 {
		want = []string{"wait"}
	}
	for _, from := range tops {
		got := releases[from]
		slices.Sort(got)
		if top[from] != stands {
			if len(got) > 0 {
				fail("release from %v, whose top is not %v", from, stands)
			}
			continue
		}
		if !slices.Equal(got, want) {
			fail("release of %v from %v: the Joker goes to %v, want %v", stands, from, got, want)
		}
	}
}

// TestPlayouts plays random games of every rule set and checks every move
// with checkStep and every move list with checkMoves.
func TestPlayouts(t *testing.T) {
	deals, plies := 12, 300
	if testing.Short() {
		deals = 4
	}
	if *deep {
		deals, plies = 2000, 1000
	}
	sets := playRuleSets()
	for _, name := range playSetNames() {
		r := sets[name]
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			g := MustGame(r)
			var buf []Move
			wins := 0
			n := deals
			if r.Ranks < 13 {
				// small rule sets are cheap, and need enough deals that one
				// is won (in -short mode 4 were too few for one of them)
				n = max(n, 12)
			}
			for seed := uint64(0); seed < uint64(n); seed++ {
				s, err := g.NewState(NativeDeal(&r, seed))
				if err != nil {
					t.Fatalf("deal %d: %v", seed, err)
				}
				rng := rand.New(rand.NewPCG(seed, 1))
				for ply := 0; ply < plies; ply++ {
					buf = s.Moves(buf[:0])
					checkMoves(t, &s, buf)
					if s.Won() {
						wins++
						break
					}
					if len(buf) == 0 {
						break
					}
					s = checkStep(t, &s, buf, pickGreedy(rng, buf))
				}
			}
			if r.Ranks < 13 && wins == 0 {
				t.Errorf("no game of a small rule set won in %d deals: the won-game check never ran", n)
			}
		})
	}
}

// TestWonPosition builds the won position of every rule set: it is won and
// has no move but, with worrying back, each King to each empty pile.
func TestWonPosition(t *testing.T) {
	sets := klondikeRuleSets()
	for _, name := range ruleSetNames() {
		r := sets[name]
		g := MustGame(r)
		l := Layout{Stock: []Card{}, Waste: []Card{}, Cells: make([]Card, r.Cells)}
		for range r.Deal {
			l.Piles = append(l.Piles, []Card{})
			l.FaceDown = append(l.FaceDown, 0)
		}
		for suit := 0; suit < 4; suit++ {
			var f []Card
			for rank := 1; rank <= r.Ranks; rank++ {
				f = append(f, NewCard(rank, suit))
			}
			l.Foundations = append(l.Foundations, f)
		}
		s, err := g.NewState(l)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !s.Won() {
			t.Errorf("%s: a position with every card on the foundations is not won", name)
		}
		ms := s.Moves(nil)
		want := 0
		if r.WorryBack {
			want = 4 * len(r.Deal)
		}
		if len(ms) != want {
			t.Errorf("%s: won position has moves %v, want %d", name, ms, want)
		}
		checkMoves(t, &s, ms)
	}
}

// FuzzPlayout plays the moves the bytes choose (each byte modulo the number
// of moves) from deal seed of rule set ruleIndex. After every move it
// checks that Child equals Apply on a copy and leaves the parent alone and
// that the state is valid; at the end, that Layout→NewState gives the same
// layout and key. The per-move checks are kept cheap so that the fuzzer
// runs (and minimizes) fast.
func FuzzPlayout(f *testing.F) {
	f.Add(uint64(0), uint8(0), []byte{0, 1, 2, 3, 4, 5, 6, 7})
	f.Add(uint64(12345), uint8(5), bytes.Repeat([]byte{3, 250, 17}, 40))
	f.Add(uint64(7), uint8(16), bytes.Repeat([]byte{0}, 200))
	f.Add(uint64(99), uint8(17), bytes.Repeat([]byte{1, 9}, 150))
	names := playSetNames()
	sets := playRuleSets()
	games := make([]*Game, len(names))
	for i, name := range names {
		games[i] = MustGame(sets[name])
	}
	f.Fuzz(func(t *testing.T, seed uint64, ruleIndex uint8, moves []byte) {
		g := games[int(ruleIndex)%len(games)]
		s, err := g.NewState(NativeDeal(&g.Rules, seed))
		if err != nil {
			t.Fatalf("deal %d: %v", seed, err)
		}
		if len(moves) > 500 {
			moves = moves[:500] // longer games add little and slow the fuzzer
		}
		var buf []Move
		var child State
		for i, b := range moves {
			buf = s.Moves(buf[:0])
			if len(buf) == 0 {
				break
			}
			m := buf[int(b)%len(buf)]
			before := s
			s.Child(m, &child)
			if s != before {
				t.Fatalf("move %d: Child(%v) changed its parent", i, m)
			}
			s.Apply(m)
			if s != child {
				t.Fatalf("move %d: Child(%v) differs from Apply", i, m)
			}
			if err := s.Validate(); err != nil {
				t.Fatalf("move %d: after %v: %v\nbefore:\n%s", i, m, err, FormatText(before.Layout(), TextOptions{}))
			}
		}
		checkMoves(t, &s, s.Moves(nil))
		l := s.Layout()
		again, err := g.NewState(l)
		if err != nil {
			t.Fatalf("NewState(Layout()): %v\n%s", err, FormatText(l, TextOptions{}))
		}
		if d := dealfmtLayoutDiff(again.Layout(), l); d != "" {
			t.Fatalf("Layout→NewState→Layout: %s", d)
		}
		if !bytes.Equal(again.AppendKey(nil), s.AppendKey(nil)) {
			t.Fatalf("Layout→NewState changes the key")
		}
	})
}
