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

// expert plays by hindsight optimisation over lines of moves, deciding
// only where a decision can matter.
//
// Decision points. Most moves show the player nothing and can be taken
// back: a run moved between piles without turning a card, a draw that
// turns only cards he knows, a recycle when the passes are unlimited.
// From the current position the expert enumerates every position such
// moves reach (its component: a breadth-first search over the masked
// positions, at most componentLimit of them) and the moves that leave it:
// its candidates are those exits, each a line of quiet moves and one
// irreversible move (a card turned face up, a card taken from the talon
// or put on a foundation, a draw that turns a card not seen, a recycle
// when the passes are limited, a deal). Nothing is learnt along the quiet
// part, so choosing the whole line at once loses nothing to choosing it
// move by move; the expert then plays the line without thinking again,
// unless the position turns out other than planned (the referee refused a
// move), when it decides afresh. This is lonelybot's hop player's
// decision (decisions only at irreversible moves, over macro-actions).
//
// The estimate. Each candidate is scored on samples of the hidden cards
// (engine.View.SampleHidden: every deal the player cannot tell from the
// truth equally likely): the sample dealt into the candidate's last
// position (engine.State.FillUnknown), its exit move played, and the
// position solved by the exact solver (solver.Solve, one goroutine)
// within Config.Nodes states, its quick search cut to sampleQuickNodes so
// that the relaxed game's searches come early. Those decide most samples
// a small real search leaves unknown (solved with solver.Small alone, at
// 500 nodes 40 % to 100 % of the samples are unknown at the decisions
// that lost the expert's games), and an estimate made mostly of
// unknowns cannot tell a winning line from a losing one. The score is the
// share of samples won, an unknown solve counting unknownWeight: the
// hindsight win rate of Yoon, Fern, Givan and Kambhampati (2008), applied
// to Klondike by Bjarnason, Fern and Tadepalli (2009). It overrates a
// candidate whose win needs a guess (the solver sees the cards), but
// ranks candidates well.
//
// Spending the samples. Every candidate in the running is solved on the
// same samples (paired comparisons, with far less variance than rates on
// independent deals), and Config.Samples solves a decision are spent by
// successive halving (Karnin, Koren and Somekh 2013): ⌈log₂ K⌉ rounds for
// K candidates, each with an equal share of the solves, after each of
// which the better half stays; the line played is the best of the
// survivors (a dropped line was judged on fewer samples). In each round a
// candidate is solved on at least minRoundSamples samples (or on the
// round's whole share, when that is fewer): without that floor the first
// rounds gave a line as few as 3 to 8, and dropped winning lines on them. A decision
// stops early when every sample so far said the same of every line left
// (all lost, or all won). Ties go to the candidate the human player would
// prefer by its exit move, then to the first found.
//
// A safe foundation move (the human player's rule 1) is played at once.
// With Config.Workers > 1 the solves of a round are shared out among that
// many goroutines; the samples are dealt before and every solve is
// deterministic, so the game played does not depend on the number of
// workers.
type expert struct {
	rng     *rand.Rand
	samples int
	workers int
	nodes   int64 // Config.Nodes
	last    Decision
	plan    []planStep    // the rest of the line chosen, in order
	fill    []engine.Card // the hidden card an endgame plan's positions hold (endgame)
	// endFailed is the foundation cards at the last endgame solve that
	// did not win, -1 before any
	endFailed int
	// seekFailed and seekHidden are the foundation cards and hidden
	// cards at the last seekExits that found no exit; seekFailed is -1
	// when there was none
	seekFailed, seekHidden int
	comp                   component
	hidden                 []engine.Card // the samples' hidden cards, one run of nh per sample
	jobs                   []job
	cands                  []candidate
}

// unknownWeight is what an unknown solve counts for, between a loss (0)
// and a win (1).
const unknownWeight = 0.5

// sampleQuickNodes is the quick search's budget in a sample's solve
// (solver.Options.QuickNodes).
const sampleQuickNodes = 300

// minRoundSamples is the fewest samples each candidate still running is
// solved on in a round of the halving (when the round's share of
// Config.Samples is at least as many): a decision may spend more solves
// than Config.Samples when it has many candidates.
const minRoundSamples = 24

// componentLimit bounds the positions of a decision's component.
const componentLimit = 2000

// planStep is one move of the line being played and the masked position
// it is played from.
type planStep struct {
	before engine.State
	move   engine.Move
}

// job is one solve: candidate c on sample j; out is its outcome.
type job struct {
	c, j int32
	out  outcome
}

// outcome is what one sample says of one candidate.
type outcome uint8

const (
	outLost outcome = iota
	outWon
	outUnknown
)

// candidate is one exit of the component and its tally.
type candidate struct {
	exit
	prio, tie int // the human player's preference for the exit move
	est       Estimate
}

// Decision is how the expert chose one move.
type Decision struct {
	// Safe is set when the move was a safe foundation move, played
	// without sampling; Moves is then empty.
	Safe bool
	// Planned is set when the move continues the line chosen at an
	// earlier decision; Moves is then empty.
	Planned bool
	// Endgame is set when the move begins the exact solver's winning
	// line from a position with at most one hidden card; Moves is then
	// empty, and the line's later moves are Planned.
	Endgame bool
	// Samples is the number of samples of the hidden cards dealt.
	Samples int
	// Moves are the estimates of the candidate lines, in the order found
	// (shorter lines first).
	Moves  []Estimate
	Chosen int // index in Moves of the line played (its first move is the move played)
}

// Estimate is what the samples said of one candidate line.
type Estimate struct {
	Move    engine.Move   // the line's first move
	Line    []engine.Move // the whole line: quiet moves, then the exit move
	Samples int           // the samples it was solved on (fewer once dropped)
	Won     int           // samples on which the position after the line was proved won
	Unknown int           // samples whose solve spent its budget
}

// WinChance is the hindsight win rate, an unknown counting
// unknownWeight; 0 for a line never solved.
func (e Estimate) WinChance() float64 {
	if e.Samples == 0 {
		return 0
	}
	return (float64(e.Won) + unknownWeight*float64(e.Unknown)) / float64(e.Samples)
}

func newExpert(seed uint64, c Config) *expert {
	return &expert{rng: rand.New(rand.NewPCG(seed, 0x6578_7074)), samples: c.Samples, nodes: c.Nodes, workers: max(c.Workers, 1), endFailed: -1, seekFailed: -1}
}

// lastDecision returns the expert's last decision (explainer).
func (p *expert) lastDecision() Decision { return p.last }

func (p *expert) Choose(v *engine.View, moves []engine.Move) int {
	vs := v.State()
	if i, ok := p.followPlan(&vs, moves); ok {
		p.last = Decision{Planned: true, Chosen: i}
		return i
	}
	for i, m := range moves {
		if m.Kind() == engine.KindMove && m.To().IsFoundation() && safeToFound(&vs, m) {
			p.last = Decision{Safe: true, Chosen: i}
			return i
		}
	}
	if i, ok := p.endgame(v, &vs, moves); ok {
		return i
	}
	c := &p.comp
	c.build(&vs, moves, componentLimit)
	if len(c.exits) == 0 && len(c.nodes) >= componentLimit {
		p.seekExits(v, &vs, moves)
	}
	p.cands = p.cands[:0]
	for _, x := range c.exits {
		pr, t := humanPriority(&c.nodes[x.node].s, x.move)
		p.cands = append(p.cands, candidate{exit: x, prio: pr, tie: t})
	}
	if len(p.cands) == 0 {
		// nothing leaves the component (or the solved samples found no
		// way out of it): the game is lost whatever is played; the
		// human player's choice
		p.last = Decision{}
		return human{}.Choose(v, moves)
	}
	dealt, best := 0, 0
	if len(p.cands) > 1 {
		var active []int
		dealt, active = p.estimate(v)
		// the best of the lines still running: a line dropped by the
		// halving was judged on fewer samples, whose estimate is the more
		// often extreme by chance
		best = active[0]
		for _, i := range active[1:] {
			if p.better(i, best) {
				best = i
			}
		}
	}
	d := Decision{Samples: dealt, Chosen: best, Moves: make([]Estimate, len(p.cands))}
	for i := range p.cands {
		e := p.cands[i].est
		e.Line = c.line(p.cands[i].exit, nil)
		e.Move = e.Line[0]
		d.Moves[i] = e
	}
	p.last = d
	// the plan: the chosen line with the masked position before each move
	line := d.Moves[best].Line
	p.plan, p.fill = p.plan[:0], p.fill[:0]
	st := vs
	for _, m := range line {
		p.plan = append(p.plan, planStep{before: st, move: m})
		st.Apply(m)
	}
	i, _ := p.followPlan(&vs, moves)
	return i
}

// followPlan finds the position vs in the plan and returns the index in
// moves of the planned move from it; ok is false (and the plan dropped)
// when vs is not a planned position or its move is not offered. The
// referee plays a lone offered move without asking, so the position may
// be further along the plan than the last move chosen.
func (p *expert) followPlan(vs *engine.State, moves []engine.Move) (int, bool) {
	at := *vs
	if len(p.fill) > 0 {
		at.FillUnknown(p.fill) // an endgame plan's positions have the last hidden card dealt
	}
	for k := range p.plan {
		if p.plan[k].before != at {
			continue
		}
		m := p.plan[k].move
		if i := slices.Index(moves, m); i >= 0 {
			p.plan = p.plan[:copy(p.plan, p.plan[k+1:])]
			return i, true
		}
		break
	}
	p.plan = p.plan[:0]
	return 0, false
}

// endgame decides a position with at most one hidden card, which the
// player can tell (the one card not seen, in the one place not seen): it
// solves the true position with the exact solver (solver.Solve, at most
// endgameNodes nodes) and, when it is won, plans the solver's whole line,
// as lonelybot's hop player solves a position with one hidden card or
// none exactly. ok is false when the position has more hidden cards or
// the solve ends unknown or lost: the sampled decision goes on.
func (p *expert) endgame(v *engine.View, vs *engine.State, moves []engine.Move) (int, bool) {
	if v.Hidden() > 1 || p.endFailed >= 0 && vs.FoundationCards() < p.endFailed+endgameRetry {
		return 0, false
	}
	st := *vs
	p.fill = append(p.fill[:0], v.Unseen()...)
	st.FillUnknown(p.fill)
	res := solver.Solve(context.Background(), st, solver.Options{MaxNodes: endgameNodes, Workers: 1})
	if res.Verdict != solver.Won || len(res.Solution) == 0 {
		p.fill = p.fill[:0]
		p.endFailed = vs.FoundationCards()
		return 0, false
	}
	p.plan = p.plan[:0]
	for _, m := range res.Solution {
		p.plan = append(p.plan, planStep{before: st, move: m})
		st.Apply(m)
	}
	i, ok := p.followPlan(vs, moves)
	if !ok {
		// the referee does not offer the line's first move (it would
		// go back to a position already played): decide by samples, and
		// solve again only after more progress
		p.plan, p.fill = p.plan[:0], p.fill[:0]
		p.endFailed = vs.FoundationCards()
		return 0, false
	}
	p.last = Decision{Endgame: true, Chosen: i}
	return i, true
}

// seekExits looks for exits beyond the first componentLimit positions of
// a component that has none among them. With worrying back and the
// talon spent, every card move but one that turns a card is quiet, and
// the positions they reach can number hundreds of thousands (native draw-3
// deal 50 with worrying back and the stock known, from its 114th move as
// version 3 played it: more than 200,000, three cards face down, none turned within them);
// the nearest exit lies past the breadth-first search's limit, and the
// human player's choice wandered until a won game was lost. So the
// expert solves seekSamples samples of the hidden cards from the position
// and follows each winning line from it as far as its first move that is
// not quiet: that move is an exit, and the line's quiet moves lead to it
// (added to the component). The exits found are weighed as any others.
// A search that finds none is not repeated until a card is turned or more
// cards are on the foundations than at that search.
func (p *expert) seekExits(v *engine.View, vs *engine.State, moves []engine.Move) {
	if p.seekFailed >= 0 && v.Hidden() == p.seekHidden && vs.FoundationCards() <= p.seekFailed {
		return
	}
	opt := solver.Options{MaxNodes: p.nodes, QuickNodes: sampleQuickNodes, Workers: 1}
	for j := 0; j < seekSamples; j++ {
		p.hidden = v.SampleHidden(p.rng, p.hidden[:0])
		st := *vs
		st.FillUnknown(p.hidden)
		if r := solver.Solve(context.Background(), st, opt); r.Verdict == solver.Won {
			p.comp.follow(vs, moves, r.Solution)
		}
	}
	p.seekFailed = -1
	if len(p.comp.exits) == 0 {
		p.seekFailed, p.seekHidden = vs.FoundationCards(), v.Hidden()
	}
}

// seekSamples is the samples seekExits solves.
const seekSamples = 8

// follow walks line from the component's root (masked position root) and
// adds its first move that is not quiet as an exit, its quiet moves before
// it as nodes. A line whose first move the referee does not offer (the
// solver does not know the positions already played) is dropped, as build
// takes only the offered moves at the root. A quiet move's position that
// is in the component already is taken as that node only when it is the
// same state: position keys do not tell apart piles in another order
// (AppendPositionKey), and the line's later moves name its own piles.
func (c *component) follow(root *engine.State, offered, line []engine.Move) {
	if len(line) == 0 || !slices.Contains(offered, line[0]) {
		return
	}
	s := *root
	node := int32(0)
	var child engine.State
	for _, m := range line {
		s.Child(m, &child)
		if !quiet(&s, &child, m) {
			if k := exitKey(&s, m); !c.out[k] {
				c.out[k] = true
				c.exits = append(c.exits, exit{node: node, move: m})
			}
			return
		}
		c.key = child.AppendPositionKey(c.key[:0])
		if i, ok := c.seen[string(c.key)]; ok && c.nodes[i].s == child {
			node = i
		} else {
			if !ok {
				c.seen[string(c.key)] = int32(len(c.nodes))
			}
			c.nodes = append(c.nodes, compNode{s: child, parent: node, move: m})
			node = int32(len(c.nodes) - 1)
		}
		s = child
	}
}

// endgameNodes bounds the exact solve of a position with at most one
// hidden card; after a solve that did not win, the next is tried only
// once endgameRetry more cards are on the foundations.
const (
	endgameNodes = 1_000_000
	endgameRetry = 4
)

// better tells whether candidate i is preferred to candidate j: a higher
// win rate on the samples both were solved on, else the human player's
// preference for the exit move, else the one found first.
func (p *expert) better(i, j int) bool {
	a, b := &p.cands[i], &p.cands[j]
	if wa, wb := a.est.WinChance(), b.est.WinChance(); wa != wb {
		return wa > wb
	}
	if a.prio != b.prio {
		return a.prio < b.prio
	}
	if a.tie != b.tie {
		return a.tie > b.tie
	}
	return i < j
}

// estimate scores the candidates by successive halving and returns the
// number of samples dealt and the candidates still running at the end.
func (p *expert) estimate(v *engine.View) (int, []int) {
	n := len(p.cands)
	nh := v.Hidden()
	rounds := max(1, int(math.Ceil(math.Log2(float64(n)))))
	if nh == 0 {
		rounds = 1 // every sample is the truth: one solve a candidate decides
	}
	perRound := max(1, p.samples/rounds)
	active := make([]int, n)
	for i := range active {
		active[i] = i
	}
	p.hidden = p.hidden[:0]
	dealt := 0
	for r := 0; r < rounds && len(active) > 1; r++ {
		k := max(min(minRoundSamples, perRound), perRound/len(active))
		if nh == 0 {
			k = 1
		}
		for j := 0; j < k; j++ {
			p.hidden = v.SampleHidden(p.rng, p.hidden)
		}
		p.jobs = p.jobs[:0]
		for _, i := range active {
			for j := dealt; j < dealt+k; j++ {
				p.jobs = append(p.jobs, job{c: int32(i), j: int32(j)})
			}
		}
		dealt += k
		p.solveJobs(nh)
		for _, jb := range p.jobs {
			e := &p.cands[jb.c].est
			e.Samples++
			switch jb.out {
			case outWon:
				e.Won++
			case outUnknown:
				e.Unknown++
			}
		}
		if p.settled(active) {
			break
		}
		if r < rounds-1 {
			slices.SortStableFunc(active, func(a, b int) int {
				switch {
				case p.better(a, b):
					return -1
				case p.better(b, a):
					return 1
				}
				return 0
			})
			active = active[:(len(active)+1)/2]
			slices.Sort(active)
		}
	}
	return dealt, active
}

// settled tells whether every sample so far said the same of every
// active candidate, each lost on every sample or each won on every one:
// more samples would hardly separate them (a game lost on every sample
// is lost whatever is played).
func (p *expert) settled(active []int) bool {
	lost, won := true, true
	for _, i := range active {
		e := &p.cands[i].est
		lost = lost && e.Won == 0 && e.Unknown == 0
		won = won && e.Won == e.Samples
	}
	return lost || won
}

// solveJobs solves every job of p.jobs, on p.workers goroutines.
func (p *expert) solveJobs(nh int) {
	opt := solver.Options{MaxNodes: p.nodes, QuickNodes: sampleQuickNodes, Workers: 1}
	one := func(jb *job) {
		x := &p.cands[jb.c].exit
		st := p.comp.nodes[x.node].s
		st.FillUnknown(p.hidden[int(jb.j)*nh : int(jb.j+1)*nh])
		st.Apply(x.move)
		switch {
		case st.Won():
			jb.out = outWon
		default:
			switch solver.Solve(context.Background(), st, opt).Verdict {
			case solver.Won:
				jb.out = outWon
			case solver.Lost:
				jb.out = outLost
			default:
				jb.out = outUnknown
			}
		}
	}
	w := min(p.workers, len(p.jobs))
	if w <= 1 {
		for k := range p.jobs {
			one(&p.jobs[k])
		}
		return
	}
	var wg sync.WaitGroup
	for g := 0; g < w; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := g; k < len(p.jobs); k += w {
				one(&p.jobs[k])
			}
		}()
	}
	wg.Wait()
}

// component is the set of masked positions the quiet moves reach from a
// decision's position, and the irreversible moves that leave it.
type component struct {
	nodes []compNode
	exits []exit
	seen  map[string]int32 // position keys of the nodes
	out   map[uint64]bool  // exitKey of the exits
	key   []byte
	buf   []engine.Move
}

// compNode is one position of the component: the masked state, and the
// node and quiet move it was first reached from (parent -1 at the root).
type compNode struct {
	s      engine.State
	parent int32
	move   engine.Move
}

// exit is an irreversible move from a node of the component.
type exit struct {
	node int32
	move engine.Move
}

// build enumerates the component of root (breadth first, so each node's
// line from the root is a shortest one) and its exits; at the root only
// the offered moves are taken. It stops adding nodes at limit.
func (c *component) build(root *engine.State, offered []engine.Move, limit int) {
	if c.seen == nil {
		c.seen, c.out = map[string]int32{}, map[uint64]bool{}
	}
	clear(c.seen)
	clear(c.out)
	c.nodes = append(c.nodes[:0], compNode{s: *root, parent: -1})
	c.exits = c.exits[:0]
	c.key = root.AppendPositionKey(c.key[:0])
	c.seen[string(c.key)] = 0
	var child engine.State
	for i := 0; i < len(c.nodes); i++ {
		s := c.nodes[i].s
		ms := offered
		if i > 0 {
			c.buf = s.Moves(c.buf[:0])
			ms = c.buf
		}
		for _, m := range ms {
			s.Child(m, &child)
			if !quiet(&s, &child, m) {
				if k := exitKey(&s, m); !c.out[k] {
					c.out[k] = true
					c.exits = append(c.exits, exit{node: int32(i), move: m})
				}
				continue
			}
			c.key = child.AppendPositionKey(c.key[:0])
			if _, ok := c.seen[string(c.key)]; ok || len(c.nodes) >= limit {
				continue
			}
			c.seen[string(c.key)] = int32(len(c.nodes))
			c.nodes = append(c.nodes, compNode{s: child, parent: int32(i), move: m})
		}
	}
}

// exitKey names what an irreversible move does, whatever quiet moves came
// before it: the move and its card, and for a stock move the waste
// position it is made from. Of the exits with one key the component keeps
// the first found, on the shortest line: the quiet moves of a longer one
// (a run moved to another pile, the waste turned elsewhere) can still be
// made after the exit, so they seldom matter, and each candidate they
// would add takes a share of the samples.
func exitKey(s *engine.State, m engine.Move) uint64 {
	k := uint64(m)
	if m.Kind() == engine.KindMove {
		return k | uint64(s.MovedCard(m))<<32
	}
	return k | uint64(s.WastePos())<<40
}

// line appends to dst the moves from the root to x's node, then x's move.
func (c *component) line(x exit, dst []engine.Move) []engine.Move {
	n0 := len(dst)
	for i := x.node; i > 0; i = c.nodes[i].parent {
		dst = append(dst, c.nodes[i].move)
	}
	slices.Reverse(dst[n0:])
	return append(dst, x.move)
}

// quiet tells whether move m from masked position s (to child) shows the
// player nothing and can be undone or cycled back: a card move that turns
// no card face up, takes no card from the talon and puts none on a
// foundation (with worrying back, one from a pile may: it can come down
// again, and a foundation card moved down is quiet too); a draw that
// turns only cards seen; a recycle when the passes are unlimited. The
// move that wins the game is never quiet, so that a won position is a
// candidate, not a node of the component: with worrying back the
// component may hold the whole end of the game.
func quiet(s, child *engine.State, m engine.Move) bool {
	if child.Won() {
		return false // the game's last move: a candidate of its own, won on every sample
	}
	switch m.Kind() {
	case engine.KindMove:
		if m.Flips() || m.From() == engine.LocWaste || m.From().IsReserve() {
			return false
		}
		if m.To().IsFoundation() {
			// with worrying back a card moved up from a pile can come
			// down again, so the move commits to nothing; without it the
			// move cannot be undone
			return s.Game().Rules.WorryBack
		}
		return true
	case engine.KindDraw:
		return !slices.Contains(child.Waste()[len(s.Waste()):], engine.Unknown)
	case engine.KindRecycle:
		return s.Game().Rules.Unlimited()
	}
	return false
}
