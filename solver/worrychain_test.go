package solver

import (
	"context"
	"testing"

	"github.com/klondike-family/klondike/engine"
)

// TestWorryChainDeals pins the deal that showed the useless checks
// unsound with worrying back: Klondike draw 1 with worrying back, native
// deal 91604, is won (its draw-3 solution replays under draw 1, a draw of
// three being three draws of one), but counting only the foundations' tops
// as cards within reach called it lost in 293,820 nodes. The winning line
// needs a waste card put on a pile while the only card that fits on it
// lies under a foundation's top, which a worry-back brings up (see
// foundationMask).
//
// Deals 10773 and 52953 (draw 1 with worrying back) are the others the
// 100,000-deal row found when run again: version 5 called them lost in
// 384,936 and 379,807 nodes, version 8 wins them in 11,696 and 13,149.
func TestWorryChainDeals(t *testing.T) {
	for _, c := range []struct {
		draw int
		seed uint64
	}{{1, 91604}, {3, 91604}, {1, 10773}, {1, 52953}} {
		r := engine.Klondike(c.draw, 0)
		r.WorryBack = true
		s, err := engine.MustGame(r).NewState(engine.NativeDeal(&r, c.seed))
		if err != nil {
			t.Fatal(err)
		}
		res := Solve(context.Background(), s, Options{MaxNodes: 1_500_000})
		if res.Verdict != Won {
			t.Fatalf("draw %d with worrying back, deal %d: %v (%+v), want won", c.draw, c.seed, res.Verdict, res.Stats)
		}
		if err := engine.VerifyMoves(s, res.Solution); err != nil {
			t.Fatalf("draw %d, deal %d: %v", c.draw, c.seed, err)
		}
	}
}

// TestWorryChainPosition is the position of deal 91604 where the old
// search went wrong, 128 steps into a winning line (draw 1, worrying
// back): 9C, the waste's top, may go on 10H only after 10H is worried back
// onto JC, and nothing fits on 9C until 9H is worried back and 8H, under
// it, comes up. Versions before 8 dropped 9C to 10H as useless and called
// the position lost in 33 nodes.
func TestWorryChainPosition(t *testing.T) {
	const pos = `stock: 3C 10S 4C 9D 5S 9S
waste: 6C 6S 7D KC QC 9C
f1:
f2: AD
f3: AH 2H 3H 4H 5H 6H 7H 8H 9H
f4: AS
t1: | KD
t2: QH | 7C 6D 5C 4D 3S 2D
t3: |
t4: KS QD | 7S
t5: 10D KH QS JS | JD 10C
t6: AC 2S 2C 8S 8D | 5D 4S 3D
t7: 8C JH | JC 10H
recycles: 5
`
	checkWonWithin(t, drawOneWorryPosition(t, pos), 1_500_000)
}

// TestFoundationMask: every foundation card at any depth, the walk down a
// foundation wrapping below the Ace where the foundation was based higher.
func TestFoundationMask(t *testing.T) {
	r := engine.Klondike(1, 0)
	r.WorryBack = true
	g := engine.MustGame(r)
	s, err := g.NewState(engine.NativeDeal(&r, 3))
	if err != nil {
		t.Fatal(err)
	}
	if m := foundationMask(&s); m != 0 {
		t.Fatalf("fresh deal: foundation mask %#x, want 0", m)
	}
	// play random legal moves until some foundation holds two cards or more
	rng := uint64(12345)
	for i := 0; i < 20000; i++ {
		deep := false
		for f := 0; f < 4; f++ {
			deep = deep || s.Foundation(f) >= 2
		}
		if deep {
			break
		}
		ms := s.Moves(nil)
		if len(ms) == 0 {
			t.Fatal("no moves")
		}
		rng = rng*6364136223846793005 + 1442695040888963407
		pick := ms[int(rng>>33)%len(ms)]
		for _, m := range ms { // prefer foundation moves to get deep quickly
			if m.To().IsFoundation() {
				pick = m
				break
			}
		}
		s.Apply(pick)
	}
	var want uint64
	for f := 0; f < 4; f++ {
		top := s.FoundationTop(f)
		for k := 0; k < s.Foundation(f); k++ {
			want |= 1 << (engine.NewCard(top.Rank()-k, top.Suit()) & 63)
		}
	}
	if want == 0 || foundationMask(&s) != want {
		t.Fatalf("foundation mask %#x, want %#x", foundationMask(&s), want)
	}
	for c := engine.Card(0); c < 64; c++ {
		if want&(1<<c) != 0 && !faceUpSomewhere(&s, c, true) {
			t.Errorf("%v lies on a foundation but faceUpSomewhere with worrying back misses it", c)
		}
	}
}

// TestWorryJointUse is a position won only through a joint use (see
// "Restrictions together"): 4D must go on a black Five to free 3D, and
// the only one is 5S, under 6S on its foundation, which can go only on
// 6H, on its own foundation. So 6H is worried back onto 7C, then 6S onto
// 7D, then 5S onto 6H: 6S's worry-back is no use of 6H, and the node
// after 6H's offers it because the card under 6S fits on 6H
// (worryOffered). A search offering after a worry-back only the uses of
// its card calls this position lost.
func TestWorryJointUse(t *testing.T) {
	const pos = `stock:
waste:
f1: AC 2C 3C 4C
f2: AD 2D
f3: AH 2H 3H 4H 5H 6H
f4: AS 2S 3S 4S 5S 6S
t1: 6C 5C 6D 5D 3D | 4D
t2: KS QS JS 10S 9S 8S 7S KC QC JC 10C 9C 8C | 7C
t3: KH QH JH 10H 9H 8H 7H KD QD JD 10D 9D 8D | 7D
t4: |
t5: |
t6: |
t7: |
recycles: 0
`
	checkWonWithin(t, drawOneWorryPosition(t, pos), 1_500_000)
}

// drawOneWorryPosition is the position of pos (engine.ParseText) in
// Klondike draw 1 with worrying back.
func drawOneWorryPosition(t *testing.T, pos string) engine.State {
	t.Helper()
	l, err := engine.ParseText(pos)
	if err != nil {
		t.Fatal(err)
	}
	r := engine.Klondike(1, 0)
	r.WorryBack = true
	s, err := engine.MustGame(r).NewState(l)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// checkWonWithin solves s within maxNodes nodes and wants it won, with a
// line that replays.
func checkWonWithin(t *testing.T, s engine.State, maxNodes int64) {
	t.Helper()
	res := Solve(context.Background(), s, Options{MaxNodes: maxNodes})
	if res.Verdict != Won {
		t.Fatalf("%v (%+v), want won", res.Verdict, res.Stats)
	}
	if err := engine.VerifyMoves(s, res.Solution); err != nil {
		t.Fatal(err)
	}
}
