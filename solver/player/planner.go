package player

import (
	"context"
	"math/rand/v2"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/solver"
)

// planner plays by hindsight optimisation (Yoon, Fern, Givan and Kambhampati
// 2008; applied to Klondike by Bjarnason, Fern and Tadepalli 2009): at each
// decision it deals the cards it cannot see at random, consistently with
// everything it has seen (engine.View.Sample), Samples times; on each
// sample it asks the thoughtful solver, under a node budget, which of the
// offered moves still win; it plays the move that wins the most samples.
//
// Details, each an economy that does not change which move wins a sample:
//   - the solver first decides the sample from the current position; a
//     lost sample is lost after every move, so no move is credited; a won
//     one credits the first move of the solution found without a second
//     solve, and the other moves are solved one by one;
//   - a move to a foundation that is safe for a person (the human player's
//     rule 1) is played without sampling;
//   - ties, and decisions where no sample was won, go to the human
//     player's choice among the tied moves.
//
// An unknown solve (budget spent) credits nothing. The solver's node
// budget and the number of samples are Config.Nodes and Config.Samples.
type planner struct {
	rng  *rand.Rand
	opt  solver.Options
	k    int
	wins []int
}

func newPlanner(seed uint64, c Config) *planner {
	return &planner{rng: rand.New(rand.NewPCG(seed, 0x706c_616e)), k: c.Samples,
		opt: solver.Options{MaxNodes: c.Nodes, Workers: 1}}
}

func (p *planner) Choose(v *engine.View, moves []engine.Move) int {
	vs := v.State()
	for i, m := range moves {
		if m.Kind() == engine.KindMove && m.To().IsFoundation() && safeToFound(&vs, m) {
			return i
		}
	}
	p.wins = append(p.wins[:0], make([]int, len(moves))...)
	ctx := context.Background()
	for k := 0; k < p.k; k++ {
		s := v.Sample(p.rng)
		res := solver.Solve(ctx, s, p.opt)
		if res.Verdict == solver.Lost {
			continue
		}
		first := -1
		if res.Verdict == solver.Won && len(res.Solution) > 0 {
			for i, m := range moves {
				if m == res.Solution[0] {
					first = i
					p.wins[i]++
				}
			}
		}
		var child engine.State
		for i, m := range moves {
			if i == first {
				continue
			}
			s.Child(m, &child)
			if child.Won() || solver.Solve(ctx, child, p.opt).Verdict == solver.Won {
				p.wins[i]++
			}
		}
	}
	most := 0
	for _, w := range p.wins {
		most = max(most, w)
	}
	// Among the moves with the most wins, the human player's choice.
	tied := make([]engine.Move, 0, len(moves))
	idx := make([]int, 0, len(moves))
	for i, w := range p.wins {
		if w == most {
			tied = append(tied, moves[i])
			idx = append(idx, i)
		}
	}
	return idx[human{}.Choose(v, tied)]
}
