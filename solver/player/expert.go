package player

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"sync"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/solver"
)

// expert plays by hindsight optimisation, like the planner, but spends its
// solves where they decide the move. At each decision it deals the cards
// it cannot see at random, consistently with everything it has seen
// (engine.View.Sample), and asks the exact solver, under a node budget
// (Config.Nodes), whether each offered move's position is won on that
// sample.
//
// The statistic is each move's hindsight win rate: the share of samples
// on which the position after the move can be won by a player who sees
// every card, an unknown solve (budget spent) counting as half a win. It
// is the estimate of hindsight optimisation (Yoon, Fern, Givan and
// Kambhampati 2008; Bjarnason, Fern and Tadepalli 2009 on Klondike): an
// upper bound of a move's true chance, since the solver knows the cards
// (it cannot see that a move commits to one guess), but an estimate that
// ranks moves well enough for the published Klondike players built on it,
// and one that each sample's exact solve gives directly. An unknown is
// half a win, not a loss: counted as a loss it would favour moves whose
// positions are quick to solve, not those more often won.
//
// Samples are shared: every move still in the running is solved on the
// same samples, so two moves are compared on the same deals (a paired
// comparison, whose difference has far less variance than two rates on
// independent deals). They are spent by successive halving (Karnin, Koren
// and Somekh 2013): the Config.Samples samples of a decision are split
// into ⌈log₂ moves⌉ rounds; after each round the better half of the
// moves still running (by win rate, ties to the human player's order)
// stay, so the contenders get the most samples.
//
// Economies, none of which changes a sample's verdict on a move:
//   - each sample is first solved from the current position: a lost
//     sample is lost after every move, so no move is solved on it; a won
//     one proves the first move of its solution won without a second
//     solve;
//   - a move to a foundation that is safe for a person (the human
//     player's rule 1) is played without sampling;
//   - a decision stops early when every sample so far was lost at the
//     root, or won by every move still running: more of the same would
//     not separate them.
//
// Ties, and decisions where nothing was won, go to the human player's
// choice. With Config.Workers > 1 the samples of a round are solved by
// that many goroutines; the samples are dealt before they are shared out
// and every solve is single-threaded, so the game played does not depend
// on the number of workers.
type expert struct {
	rng     *rand.Rand
	opt     solver.Options
	samples int
	workers int
	last    Decision
	states  []engine.State
	out     [][]outcome // per sample of a round, per active move
}

// outcome is what one sample says of one move.
type outcome uint8

const (
	outLost outcome = iota
	outWon
	outUnknown
)

// Decision is how the expert chose one move.
type Decision struct {
	// Safe is set when the move was a safe foundation move, played
	// without sampling; Moves is then empty.
	Safe bool
	// Samples is the number of samples of the hidden cards dealt.
	Samples int
	// Moves are the estimates of the offered moves, in the order offered.
	Moves  []Estimate
	Chosen int // index in Moves (or in the offered moves) of the move played
}

// Estimate is what the samples said of one move.
type Estimate struct {
	Move    engine.Move
	Samples int // the samples it was solved on (fewer once dropped)
	Won     int // samples on which its position was proved won
	Unknown int // samples whose solve spent its budget
}

// WinChance is the hindsight win rate, an unknown counting half; 0 for
// a move never solved.
func (e Estimate) WinChance() float64 {
	if e.Samples == 0 {
		return 0
	}
	return (float64(e.Won) + float64(e.Unknown)/2) / float64(e.Samples)
}

func newExpert(seed uint64, c Config) *expert {
	return &expert{rng: rand.New(rand.NewPCG(seed, 0x6578_7074)), samples: c.Samples,
		workers: max(c.Workers, 1), opt: solver.Options{MaxNodes: c.Nodes, Workers: 1}}
}

// lastDecision returns the expert's last decision (explainer).
func (p *expert) lastDecision() Decision { return p.last }

func (p *expert) Choose(v *engine.View, moves []engine.Move) int {
	vs := v.State()
	for i, m := range moves {
		if m.Kind() == engine.KindMove && m.To().IsFoundation() && safeToFound(&vs, m) {
			p.last = Decision{Safe: true, Chosen: i}
			return i
		}
	}
	n := len(moves)
	est := make([]Estimate, n)
	for i, m := range moves {
		est[i].Move = m
	}
	rank := humanRanks(&vs, moves)
	active := make([]int, n)
	for i := range active {
		active[i] = i
	}
	rounds := max(1, int(math.Ceil(math.Log2(float64(n)))))
	per := max(1, p.samples/rounds)
	dealt, rootLost, allWon := 0, 0, true
	for r := 0; r < rounds && len(active) > 1; r++ {
		k := per
		if r == rounds-1 {
			k = max(1, p.samples-dealt) // the rounding's rest goes to the last round
		}
		p.states = p.states[:0]
		for j := 0; j < k; j++ {
			p.states = append(p.states, v.Sample(p.rng))
		}
		dealt += k
		lost := p.solveRound(moves, active)
		rootLost += lost
		for j := range p.states {
			for a, i := range active {
				e := &est[i]
				e.Samples++
				switch p.out[j][a] {
				case outWon:
					e.Won++
				case outUnknown:
					e.Unknown++
					allWon = false
				default:
					allWon = false
				}
			}
		}
		if rootLost == dealt || allWon {
			break
		}
		if r < rounds-1 {
			active = betterHalf(active, est, rank)
		}
	}
	best := active[0]
	for _, i := range active[1:] {
		if better(i, best, est, rank) {
			best = i
		}
	}
	p.last = Decision{Samples: dealt, Moves: est, Chosen: best}
	return best
}

// solveRound solves every sample in p.states for the active moves,
// filling p.out, and returns the number of samples lost at the root.
func (p *expert) solveRound(moves []engine.Move, active []int) int {
	k := len(p.states)
	for len(p.out) < k {
		p.out = append(p.out, nil)
	}
	for j := 0; j < k; j++ {
		p.out[j] = slices.Grow(p.out[j][:0], len(active))[:len(active)]
	}
	lost := make([]bool, k)
	one := func(j int) {
		lost[j] = solveSample(p.states[j], moves, active, p.opt, p.out[j])
	}
	if p.workers <= 1 || k == 1 {
		for j := 0; j < k; j++ {
			one(j)
		}
	} else {
		var wg sync.WaitGroup
		next := make(chan int)
		for w := 0; w < min(p.workers, k); w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for j := range next {
					one(j)
				}
			}()
		}
		for j := 0; j < k; j++ {
			next <- j
		}
		close(next)
		wg.Wait()
	}
	n := 0
	for _, l := range lost {
		if l {
			n++
		}
	}
	return n
}

// solveSample writes what sample s says of each active move into out and
// tells whether s was lost at the root.
func solveSample(s engine.State, moves []engine.Move, active []int, opt solver.Options, out []outcome) bool {
	ctx := context.Background()
	res := solver.Solve(ctx, s, opt)
	if res.Verdict == solver.Lost {
		for a := range out {
			out[a] = outLost
		}
		return true
	}
	var first engine.Move
	won := res.Verdict == solver.Won && len(res.Solution) > 0
	if won {
		first = res.Solution[0]
	}
	var child engine.State
	for a, i := range active {
		m := moves[i]
		if won && m == first {
			out[a] = outWon
			continue
		}
		s.Child(m, &child)
		if child.Won() {
			out[a] = outWon
			continue
		}
		switch solver.Solve(ctx, child, opt).Verdict {
		case solver.Won:
			out[a] = outWon
		case solver.Lost:
			out[a] = outLost
		default:
			out[a] = outUnknown
		}
	}
	return false
}

// humanRanks returns each move's place in the human player's order of
// preference (0 is the move he would play).
func humanRanks(s *engine.State, moves []engine.Move) []int {
	type key struct{ prio, tie, i int }
	ks := make([]key, len(moves))
	for i, m := range moves {
		p, t := humanPriority(s, m)
		ks[i] = key{p, -t, i}
	}
	slices.SortFunc(ks, func(a, b key) int {
		if a.prio != b.prio {
			return a.prio - b.prio
		}
		if a.tie != b.tie {
			return a.tie - b.tie
		}
		return a.i - b.i
	})
	rank := make([]int, len(moves))
	for r, k := range ks {
		rank[k.i] = r
	}
	return rank
}

// better tells whether move i is preferred to move j: a higher win rate
// on the samples both were solved on, else the human player's order.
func better(i, j int, est []Estimate, rank []int) bool {
	wi, wj := est[i].WinChance(), est[j].WinChance()
	if wi != wj {
		return wi > wj
	}
	return rank[i] < rank[j]
}

// betterHalf keeps the better ⌈n/2⌉ of the active moves, in the order
// offered.
func betterHalf(active []int, est []Estimate, rank []int) []int {
	sorted := slices.Clone(active)
	slices.SortFunc(sorted, func(a, b int) int {
		switch {
		case better(a, b, est, rank):
			return -1
		case better(b, a, est, rank):
			return 1
		}
		return 0
	})
	keep := sorted[:(len(sorted)+1)/2]
	slices.Sort(keep)
	return keep
}
