package advice

import (
	"context"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/solver"
)

// Chance is one move of a position with hidden cards, with the samples of
// the hidden cards in which it wins.
type Chance struct {
	Move    engine.Move
	Wins    int // samples in which the move's position was solved won
	Unknown int // samples in which its solve ran out of budget
}

// Chances estimates, for each move of a position with hidden cards, its
// chance to win: the share of samples of the hidden cards in which it
// wins.
type Chances struct {
	Samples int // samples drawn and solved (fewer than asked when cancelled)
	// Moves lists every legal move, most wins first (ties in the order of
	// the engine's move generation).
	Moves   []Chance
	Winning int // samples in which the position itself is won (some move wins)
	Solves  int
	Nodes   int64
	Elapsed time.Duration
}

// EstimateChances samples the hidden cards of v samples times (engine.View.
// Sample: every deal consistent with what is in sight equally likely),
// solves each sample, and credits each move with the samples it wins: the
// planner player's hindsight estimate (solver/player), with its economies:
// a lost sample credits no move and a won sample's first move is credited
// without a second solve. The same seed gives the same samples.
func EstimateChances(ctx context.Context, v *engine.View, samples int, seed uint64, o Options) Chances {
	start := time.Now()
	vs := v.State()
	moves := vs.Moves(nil)
	c := Chances{Samples: samples, Moves: make([]Chance, len(moves))}
	for i, m := range moves {
		c.Moves[i].Move = m
	}
	rng := rand.New(rand.NewPCG(seed, 0x6869_6e74))
	var child engine.State
	wins := make([]bool, len(moves))    // this sample's credits
	unknown := make([]bool, len(moves)) // this sample's unknown solves
	c.Samples = 0
	for k := 0; k < samples && ctx.Err() == nil; k++ {
		s := v.Sample(rng)
		r := solver.Solve(ctx, s, o.Solve)
		c.Solves++
		c.Nodes += r.Stats.Nodes
		clear(wins)
		clear(unknown)
		if r.Verdict != solver.Lost {
			for i, m := range moves {
				if r.Verdict == solver.Won && len(r.Solution) > 0 && r.Solution[0] == m {
					wins[i] = true
					continue
				}
				if s.Child(m, &child); child.Won() {
					wins[i] = true
					continue
				}
				cr := solver.Solve(ctx, child, o.Solve)
				c.Solves++
				c.Nodes += cr.Stats.Nodes
				wins[i], unknown[i] = cr.Verdict == solver.Won, cr.Verdict == solver.Unknown
			}
		}
		if ctx.Err() != nil {
			break // a sample cut short is not counted
		}
		c.Samples++
		if r.Verdict == solver.Won || slices.Contains(wins, true) {
			c.Winning++
		}
		for i := range moves {
			if wins[i] {
				c.Moves[i].Wins++
			} else if unknown[i] {
				c.Moves[i].Unknown++
			}
		}
	}
	slices.SortStableFunc(c.Moves, func(a, b Chance) int { return b.Wins - a.Wins })
	c.Elapsed = time.Since(start)
	return c
}
