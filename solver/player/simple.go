package player

import (
	"math/rand/v2"

	"github.com/klondike-family/klondike/engine"
)

// random plays a uniformly random legal move (among those the referee
// offers: none goes back to a position already played).
type random struct{ rng *rand.Rand }

func newRandom(seed uint64) *random { return &random{rand.New(rand.NewPCG(seed, 0x7261_6e64))} }

func (p *random) Choose(_ *engine.View, moves []engine.Move) int { return p.rng.IntN(len(moves)) }

// greedy plays by a fixed priority of move kinds, the shape of the
// prioritised greedy policy Bjarnason, Fern and Tadepalli (2009) compare
// with random play. The paper's exact rule list could not be consulted
// here, so this is our reading, fixed and documented:
//
//  1. a card to a foundation;
//  2. a move that turns a face-down card up (from the pile with the most
//     face-down cards first);
//  3. the waste's top card to a pile;
//  4. a draw (or a deal of the stock);
//  5. a recycle of the waste;
//  6. anything else (a tableau move that turns nothing, a card to or from
//     a cell, a card worried back), first listed first.
//
// Within a rank of the list the earliest move wins, after the face-down
// count for rule 2.
type greedy struct{}

func (greedy) Choose(v *engine.View, moves []engine.Move) int {
	return byPriority(v, moves, greedyPriority)
}

// byPriority returns the index of the move with the lowest priority, the
// highest tie-break among equals, the earliest among those: the choice of
// a player who ranks moves by a fixed list.
func byPriority(v *engine.View, moves []engine.Move, rank func(*engine.State, engine.Move) (prio, tie int)) int {
	s := v.State()
	best, bestP, bestT := 0, 99, -1
	for i, m := range moves {
		p, t := rank(&s, m)
		if p < bestP || (p == bestP && t > bestT) {
			best, bestP, bestT = i, p, t
		}
	}
	return best
}

func greedyPriority(s *engine.State, m engine.Move) (prio, tie int) {
	switch m.Kind() {
	case engine.KindDraw, engine.KindDeal:
		return 4, 0
	case engine.KindRecycle:
		return 5, 0
	}
	switch {
	case m.To().IsFoundation():
		return 1, 0
	case m.Flips():
		return 2, s.Down(int(m.From() - engine.LocPile0))
	case m.From() == engine.LocWaste && m.To().IsPile():
		return 3, 0
	}
	return 6, 0
}
