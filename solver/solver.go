package solver

import (
	"context"
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/cespare/xxhash/v2"
	"github.com/klondike-family/klondike/engine"
)

// Verdict is the answer for a deal.
type Verdict uint8

// Verdicts.
const (
	Unknown Verdict = iota // a budget ran out before the search ended
	Won                    // a solution was found
	Lost                   // the search was exhaustive and found none
)

func (v Verdict) String() string { return [...]string{"unknown", "won", "lost"}[v] }

// Options set the search's budgets and pruning.
type Options struct {
	Budget   time.Duration // wall time; 0 is no limit
	MaxNodes int64         // nodes expanded; 0 is no limit
	// Mem is the bytes all of the search's tables may hold together; 0
	// is no limit. Where the relaxed game applies, half of it goes to the
	// real search's table (or a beam search's: they never exist together)
	// and half to the relaxed search's tables, shared out among the
	// workers; otherwise all of it to the real search (memSplit).
	Mem int64
	// NoPrune turns off the pruning that is not needed for correctness
	// (safe foundation moves and the K+ stock): for differential tests.
	NoPrune bool
	// Workers searches one deal with this many goroutines sharing one
	// table (0 or 1: one). The verdict does not depend on it; node counts
	// and the solution found may.
	Workers int
	// QuickNodes is the budget of the quick real search that comes first
	// (0: the solver's own, 2,000 nodes). A caller of many small solves
	// sets it lower, so that the relaxed game's searches, which prove most
	// losses and realize most wins the quick search misses, start sooner
	// (a player's samples: solver/player's expert).
	QuickNodes int64
	// tune replaces the solver's own budgets and switches (defaults);
	// only this package's tests set it.
	tune *tuning
}

// Stats describe a search.
type Stats struct {
	Nodes     int64         // states expanded
	Stored    int64         // distinct states in the table
	TableSize int64         // bytes the table held at the end (its peak)
	Elapsed   time.Duration // wall time
	Stop      Stop          // why an unknown verdict stopped: time, nodes, memory, cancelled, depth
	// The relaxed game (relax.go), where it applies: the relaxed states
	// the guide searched (counted in Nodes too) and the real nodes it
	// proved lost and skipped; elsewhere the states of the other games'
	// abstraction (othergames.go), if one applies, also counted in Nodes.
	RelaxedNodes int64
	Pruned       int64
	// ProofGame names the abstraction whose states RelaxedNodes counts,
	// as Solve chose it: "relaxed game" (relax.go; in draw 3 with its
	// coarse game too), "link game" (Yukon, linkgame.go), "reserve game"
	// (Agnes Bernauer, resgame.go) or "segment game" (Agnes Sorel,
	// seggame.go); "" when RelaxedNodes is 0.
	ProofGame string
}

// Result is a verdict with its solution (for Won) and statistics.
type Result struct {
	Verdict  Verdict
	Solution []engine.Move // atomic moves from the deal to the win
	Stats    Stats
}

// sMove is a search move: an engine move preceded by a number of stock
// steps (each a draw, or a recycle when the stock is empty). Layout:
//
//	bits  0-31  the engine.Move (kind, from, to, n, flip, Joker destination)
//	bits 32-39  stock steps before it (the K+ stock)
//	bits 40-43  ordering score (higher is tried first)
//	bit  44     in a line: the child's reversible foundation moves were
//	            played after it (closeBit)
type sMove uint64

func (m sMove) move() engine.Move { return engine.Move(uint32(m)) }
func (m sMove) steps() int        { return int(m >> 32 & 255) }

type search struct {
	sureWin  bool  // a sure win (surewin.go) counts as won: solver.Small's searches only
	pinSkips int64 // children skipped as pinned (pinned.go); read by the tests
	opt      Options
	tab      visited
	worker   int          // this worker's number; workers > 0 vary the move order
	done     *atomic.Bool // set when any worker found a win or ran out of budget
	shared   *sharedState
	ctx      context.Context
	deadline time.Time
	nodes    int64
	checked  int64 // nodes + guide nodes at the last look at the clock
	stop     Stop
	bufs     [][]sMove
	kids     []*kidBuf  // childrenAhead's, by depth; from kidsFrom
	kidsFrom *[]*kidBuf // kidPool's, given back with kids
	path     []sMove
	key      []byte
	scratch  []engine.Move
	wscratch []engine.Move
	*dealRules
	pk        *packer // the packed key, when packable; else AppendKey
	up        uint64  // see faceUp
	upOK      bool
	guide     guider // prunes nodes an abstraction proves lost (nil: none)
	guideBase int64  // guide.states() when this search began
	// the guide as its own type, for the calls of the hot path: a
	// position passed to an interface's method escapes to the heap, one
	// allocation a node
	rguide   *rsolver
	lguide   *lguide
	qguide   *qguide
	sguide   *sguide
	maxDepth int // tuning.maxDepth
	// aheadSlots: tuning.aheadSlots (0 makes children ahead everywhere)
	aheadSlots int
	topOnly    bool // the talon's moves are the waste top's alone (the beam's: see kplus)
}

// guider is the guide of a real search: an abstraction whose loss from a
// position proves the position lost (the relaxed game, rsolver; the link
// game, lguide), checked at every node by its isLost(s, limit), which
// searches it within limit states (0: the guide's own budget; < 0: look-ups
// only). The search calls isLost on the guide's own type (search.rguide,
// search.lguide); the interface carries what the plumbing needs.
type guider interface {
	states() int64      // abstract states visited, all its searches
	prunedNodes() int64 // real nodes it proved lost
	bytes() int64
	release()
}

// dealRules is what the real search's move generation knows of a deal's
// rules: which pruning is proved for them, and which cards fit on which.
// It is made once per search (newDealRules) and only read after, by every
// worker.
type dealRules struct {
	klon      bool // the game is Klondike-like, so safe foundation moves apply
	safeUps   bool // the general safe foundation moves apply (safeAny)
	partial   bool // partial-run moves must be followed by a use of the card they expose
	empties   bool // moves that empty a pile onto another must be followed by a fill
	talonFree bool // waste-to-pile moves must be followed by a card put on the card played
	worryPend bool // a card worried back must be followed by a use of it
	closeUps  bool // a free child's reversible foundation moves are played at once (closeup.go)
	joker     bool // the game has a Joker: see atomicTalon
	draw1     bool
	worry     bool
	oneDeck   bool
	pendGen   bool       // restricted nodes' moves from pendMoves
	fitters   [64]uint64 // fitters[t]: the cards that may be built on card t
	fillers   uint64     // the cards that may go to an empty pile
	pin       *pinTable  // the pinned-card proof's table (pinned.go); nil where it is not used
	// what they were made for: a dealRules depends on nothing else
	game    *engine.Game
	base    int
	noPrune bool
}

// newDealRules works out the dealRules of s's game; with noPrune, no
// pruning applies.
func newDealRules(s *engine.State, noPrune bool) *dealRules {
	r := &s.Game().Rules
	dr := &dealRules{
		klon:      !noPrune && safeRulesApply(r),
		safeUps:   !noPrune && safeAnyApplies(r),
		partial:   !noPrune && partialRulesApply(r),
		empties:   !noPrune && r.StockTo != engine.StockToPiles && !r.DealOnlyWhenStuck,
		talonFree: !noPrune && talonFreeApplies(r),
		worryPend: !noPrune && worryPendApplies(r),
		closeUps:  !noPrune && closeUpsApply(r),
		joker:     r.Joker,
		oneDeck:   r.Decks == 1 && !r.Joker,
		pendGen:   !noPrune && pendGenApplies(r),
		draw1:     r.Draw == 1,
		worry:     r.WorryBack,
		game:      s.Game(),
		base:      s.Base(),
		noPrune:   noPrune,
	}
	g := s.Game()
	for t := engine.Card(0); t < 64; t++ {
		for c := engine.Card(0); c < 64; c++ {
			if t.Valid() && c.Valid() && g.Fits(c, t) {
				dr.fitters[t] |= 1 << c
			}
		}
	}
	for c := engine.Card(0); c < 64; c++ {
		if c.Valid() && s.CanFill(c) {
			dr.fillers |= 1 << c
		}
	}
	if !noPrune && pinApplies(r) {
		dr.pin = newPinTable(s, &dr.fitters, dr.fillers)
	}
	return dr
}

// lastRules is the dealRules made last, for the next search of the same
// deal rules (the expert's samples: thousands of small solves of one
// game): newDealRules costs about as much as a search of a few hundred
// nodes.
var lastRules atomic.Pointer[dealRules]

// dealRulesFor returns the dealRules of s's game, base and noPrune: the
// last ones made when they are those, else new ones.
func dealRulesFor(s *engine.State, noPrune bool) *dealRules {
	if dr := lastRules.Load(); dr != nil && dr.game == s.Game() && dr.base == s.Base() && dr.noPrune == noPrune {
		return dr
	}
	dr := newDealRules(s, noPrune)
	lastRules.Store(dr)
	return dr
}

// sharedState is what the workers of one deal share besides the table.
type sharedState struct {
	nodes      atomic.Int64
	relaxed    atomic.Int64
	pruned     atomic.Int64
	guideBytes atomic.Int64
	mu         sync.Mutex
	path       []sMove // the winning line, from the first worker to find one
	stop       Stop
}

// Solve decides the deal whose start is s. With opt.Workers > 1 the
// workers search the same deal in different move orders and share one
// table: a state in the table is being or has been searched in full by
// the worker that stored it, so a worker may skip it, and the verdict is
// the same as one worker's.
//
// Where the pinned-card proof applies (pinned.go), a position with pinned
// cards is lost at once. Otherwise a quick real search of 2,000 nodes
// (which wins most winnable Klondike deals at once) comes first. Where the relaxed game applies (relax.go)
// the root search of the relaxed game follows (relaxroot.go), with all of
// opt.Mem: when it ends without a relaxed win the deal is lost (the
// completeness theorem of relax.go); a relaxed win is realized as real
// moves (realize.go, at most realizeNodes real nodes) and the line
// returned (Solve's callers replay it). Only when it runs out of memory
// or its win does not realize do the searches below run, its table
// dropped (where the relaxed game has no cycle and its win did not
// realize, the guide keeps it: its states off the winning line are lost,
// rootmarks.go). Then the guided search follows, first within tuning.guidedFirstNodes: the real
// game from scratch, skipping every node whose relaxed state is proved
// lost (rsolver.isLost: a relaxed search of at most guideBudget states
// from the node, whose lost marks every later one reuses). Its exhaustion
// proves the deal lost: only nodes that cannot be won were skipped. Then
// beam searches (beam.go) of width 16, 64, ... up to beamLimits' widest
// look for a win within their share of the nodes (at most half of those
// left, and at most beamLimits' nodes; in the games of two decks, every
// node left: beamsTakeAll, with restarts in other orders of ties before
// the widest widths: beamSchedule), with the scores beamPlan gives; a
// win they find ends the solve (replayed like any other), and they prove
// nothing else.
// Where the relaxed game does not apply and another abstraction does
// (othergames.go: Yukon's link game), that abstraction is searched next,
// within the nodes left over tuning.linkRootShare (all of them, by
// default), and its loss is the deal's; when it ends otherwise (a win of
// the link game, which proves nothing, or out of memory), its lost marks
// guide the full search (linkguide.go). Where the relaxed
// game does not apply and the stock is not turned to a waste, the beams
// then run again with buried cards counted in their score (beamPlan),
// within a quarter of the nodes left. Last, the full
// search: the guided search again from scratch, keeping the first one's
// lost marks, or where the relaxed game does not apply the real game in
// full (guided by the link game's marks where it was searched). Nodes
// counts every search, the relaxed states, the beams' and the
// other abstractions' states included; the root search of the relaxed game and
// the last search run on opt.Workers goroutines, the others on one, so
// they do not depend on it. Where the rules have cells (Holdout), the
// first guided search and the beams come right after the quick search,
// then rounds of the relaxed game's probes, each followed by the guided
// search again, before the root searches (the reasons are at the code).
//
// An earlier version also searched the relaxed game from the deal in
// rounds of growing budget beside the guided search; on 110 hard deals
// (draw 1 and 3, Holdout, draw 1 three passes) that search decided no deal
// the guided search did not, and dropping it cut their nodes by 5-28 % (by
// rule set) and decided 5 more of them within 1.5 M nodes.
func Solve(ctx context.Context, s engine.State, opt Options) (res Result) {
	start := time.Now()
	// the abstraction searched, named in the result's stats where its
	// states were counted: the relaxed game where the rules admit it (its
	// root search comes first), else the one chosen below
	var proof string
	if relaxApplies(&s.Game().Rules) {
		proof = "relaxed game"
	}
	defer func() {
		if res.Stats.RelaxedNodes > 0 {
			res.Stats.ProofGame = proof
		}
	}()
	var deadline time.Time
	if opt.Budget > 0 {
		deadline = start.Add(opt.Budget)
	}
	if opt.NoPrune {
		return solveReal(ctx, s, opt, start, deadline, nil, nil)
	}
	if pinApplies(&s.Game().Rules) {
		if pt := dealRulesFor(&s, false).pin; pt != nil && pt.lostAtRoot(&s) {
			return Result{Verdict: Lost, Stats: Stats{Elapsed: time.Since(start)}} // pinned.go
		}
	}
	realMem, guideMem := memSplit(opt, relaxApplies(&s.Game().Rules))
	var spent, peak int64          // nodes and largest table of the searches so far
	var relaxedNodes, pruned int64 // the guided searches' relaxed states and pruned nodes so far
	left := func() int64 { return opt.MaxNodes - spent }
	outOfNodes := func() bool { return opt.MaxNodes > 0 && left() <= 0 }
	// runReal runs a real search of at most n nodes (0: all that are left;
	// then with opt.Workers, else on one goroutine); done tells whether
	// its result is the answer.
	runReal := func(n int64, g0 guider, mk func() guider) (Result, bool) {
		o := opt
		if n > 0 {
			o.Workers = 1
		}
		if opt.MaxNodes > 0 && (n == 0 || left() < n) {
			n = left()
		}
		o.MaxNodes, o.Mem = n, realMem
		r := solveReal(ctx, s, o, start, deadline, g0, mk)
		spent += r.Stats.Nodes
		peak = max(peak, r.Stats.TableSize)
		relaxedNodes += r.Stats.RelaxedNodes
		pruned += r.Stats.Pruned
		r.Stats.Nodes, r.Stats.TableSize = spent, peak
		r.Stats.RelaxedNodes, r.Stats.Pruned = relaxedNodes, pruned
		return r, r.Verdict != Unknown || r.Stats.Stop != StopNodes || outOfNodes()
	}
	tn := opt.tuning()
	if tn.quickNodes > 0 {
		if r, done := runReal(tn.quickNodes, nil, nil); done {
			return r
		}
	}
	rg, root, relaxed := newRgame(&s)
	// mkRsolver makes a worker's own guide of the relaxed game
	var mkRsolver func() guider
	if rg != nil {
		mkRsolver = func() guider { return newHugeRsolver(rg, guideMem, tn.maxDepth) }
	}
	// runBeams runs the beam searches, of growing width, within their
	// share of the nodes (rsol's tables, if any, kept meanwhile); done
	// tells whether its result is the answer (a win, or a budget spent).
	// beamSchedule gives the beams, first or second, in order; the second
	// beams search within the same limits but a buriedShare-th of the
	// nodes left.
	runBeams := func(rsol *rsolver, second bool) (Result, bool) {
		if tn.noBeams {
			return Result{}, false
		}
		share, _ := beamLimits(&s.Game().Rules, relaxed)
		switch {
		case share == 0 && opt.MaxNodes > 0:
			share = left() // beamsTakeAll
		case share == 0:
			share = math.MaxInt64
		case opt.MaxNodes == 0:
			// no node budget: the cap alone
		case second:
			share = min(share, left()/buriedShare)
		default:
			share = min(share, left()/2)
		}
		bo := opt
		bo.Mem = realMem
		for b := range beamSchedule(&s.Game().Rules, relaxed, second) {
			if share <= 0 {
				break
			}
			path, bs := beamSolve(ctx, s, bo, b.width, share, deadline, b.sc, b.tie)
			spent += bs.Nodes
			share -= bs.Nodes
			if rsol != nil {
				bs.TableSize += rsol.bytes()
			}
			peak = max(peak, bs.TableSize)
			st := Stats{Nodes: spent, Stored: bs.Stored, TableSize: peak, Elapsed: time.Since(start), Stop: bs.Stop,
				RelaxedNodes: relaxedNodes, Pruned: pruned}
			switch {
			case path != nil:
				st.Stop = NotStopped
				return Result{Verdict: Won, Solution: expand(s, path), Stats: st}, true
			case bs.Stop == StopTime || bs.Stop == StopCancelled || outOfNodes():
				return Result{Verdict: Unknown, Stats: st}, true
			}
		}
		return Result{}, false
	}
	// Where the rules have cells (Holdout), the first guided search and
	// the beams come before the root searches: a cell takes any card, so
	// the relaxed game is large and its root search reaches a win late
	// where the beams often win at once, and such deals are seldom lost
	// (none of the first 812 native Holdout deals). Deals 71, 475, 147
	// and 531 (won): 18.0 M, 25.3 M, 15.6 M and 25.3 M nodes with the
	// root search first, 119 K, 111 K, 108 K and 107 K with the beams
	// first. The root searches still follow: without them, deals 282,
	// 284, 478, 648 and 669 stopped unknown at about 25.3 M nodes of a
	// 30 M budget (284 on memory, 1 GiB), where the root search wins
	// them. The guided search's lost marks are dropped before the root
	// searches, which get the memory.
	//
	// With the Joker too: its relaxed game's root search is long where the
	// beams win at once (its safe moves wait while the Joker stands for a
	// card the safe rule reads, relax.go), and most of its deals are won.
	// Its root searches then take all the nodes and time left, as
	// elsewhere: with half of them the row's unknown
	// deals 1500, 3185, 3370, 6755, 680 and 785 stopped unknown at 20 M
	// nodes, where the whole budget proves them lost in 12.5 M to 19.0 M
	// nodes; of 16 won deals that took 1.5 M to 16.3 M nodes, 15 took the
	// same nodes either way and deal 12575 17.8 M against 10.1 M.
	jokerRules := s.Game().Rules.Joker
	guidedFirst := relaxed && tn.rootSearch && tn.guidedFirstNodes > 0 && (s.Game().Rules.Cells > 0 || jokerRules)
	// the relaxed game's root search, made here so that its probes can
	// run in rounds with the guided search (below)
	var rr *rroot
	if relaxed && tn.rootSearch {
		rr = newRroot(rg, opt.Mem, opt.Workers, tn)
		rr.keep = tn.rootMarks && rootMarksApply(rg, rr.workers)
	}
	// marks is a root search whose win did not realize, its set kept for
	// the guide's lost marks (rootmarks.go)
	var marks *rroot
	// realize realizes the relaxed win rr.line as real moves; ok is false
	// when it does not (the searches below then decide)
	realize := func(st Stats) (Result, bool) {
		line := slices.Clone(rr.line)
		rr = nil
		n := int64(realizeNodes)
		if opt.MaxNodes > 0 {
			n = min(n, left()-int64(len(line)))
		}
		if n <= 0 {
			return Result{}, false
		}
		z := &realizer{}
		path := z.realize(ctx, s, rg, root, line, n)
		spent += z.nodes
		st.Nodes, st.Stop, st.Elapsed = spent, NotStopped, time.Since(start)
		if path == nil {
			return Result{}, false
		}
		return Result{Verdict: Won, Solution: path, Stats: st}, true
	}
	if guidedFirst {
		rsol := newHugeRsolver(rg, guideMem, tn.maxDepth)
		r, done := runReal(tn.guidedFirstNodes, rsol, mkRsolver)
		if !done {
			r, done = runBeams(rsol, false)
		}
		// Where the rules have cells, rounds follow: a batch of the
		// relaxed game's probes, then the guided search again from
		// scratch (its lost marks kept), each round with twice the last
		// one's probes and guided nodes, until the probes are spent; the
		// root search then goes on after the last probe. Neither search
		// wins every deal early: of the 82 heaviest of native Holdout
		// deals 0..999 (over 300,000 nodes when all 40 probes run
		// first), deal 94 is won by the guided search in
		// 0.51 M nodes and by no probe, and deals 180 and 50 by probes
		// in 9.2 M and 3.6 M where the guided search takes 5.8 M and
		// 5.1 M. With rounds of 2, 4, 8, ... probes and 0.5 M, 1 M,
		// 2 M, ... guided nodes, those 82 deals took 0.79 of the nodes
		// at 20 M nodes, and none was left unknown where 3 were
		// (results/bench.md, "Solver version 53").
		rounds := tn.roundGuidedNodes
		if s.Game().Rules.Cells == 0 {
			rounds = 0 // the Joker's root searches prove its lost deals: they come next
		}
	rounds:
		for g, np := rounds, tn.roundProbes; !done && g > 0 && rr.probed < rr.probes; g, np = g*2, np*2 {
			var budget int64 // 0: no limit
			if opt.MaxNodes > 0 {
				budget = max(left(), 1)
			}
			pv := rr.probesFirst(&root, budget, deadline, ctx, rr.probed+np)
			spent += rr.nodes
			relaxedNodes += rr.nodes
			peak = max(peak, rsol.bytes()) // the probes' own set is a few pages
			st := Stats{Nodes: spent, TableSize: peak, Elapsed: time.Since(start), Stop: rr.stop,
				RelaxedNodes: relaxedNodes, Pruned: pruned}
			switch {
			case pv == Lost:
				r, done = Result{Verdict: Lost, Stats: st}, true
			case pv == Won:
				if r, done = realize(st); !done {
					break rounds // not realized: the searches below decide
				}
			case rr.stop == StopTime || rr.stop == StopCancelled || outOfNodes():
				if st.Stop == NotStopped {
					st.Stop = StopNodes
				}
				r, done = Result{Verdict: Unknown, Stats: st}, true
			case rr.stop != NotStopped:
				// out of memory or depth in a probe: the root search
				// follows, as after all the probes
				break rounds
			default:
				r, done = runReal(g, rsol, mkRsolver)
			}
		}
		rsol.release()
		if done {
			return r
		}
	}
	// runRoot runs a root search from root within the nodes left and
	// counts it in the solve's statistics
	runRoot := func(rr *rroot) (Verdict, Stats) {
		var budget int64 // 0: no limit
		if opt.MaxNodes > 0 {
			budget = max(left(), 1)
		}
		rv := rr.search(&root, budget, deadline, ctx)
		spent += rr.nodes
		relaxedNodes += rr.nodes
		peak = max(peak, rr.bytes())
		return rv, Stats{Nodes: spent, Stored: int64(rr.n), TableSize: peak, Elapsed: time.Since(start), Stop: rr.stop,
			RelaxedNodes: relaxedNodes, Pruned: pruned}
	}
	var coarse *rgame
	if rr != nil && tn.coarse {
		coarse = rg.coarse()
	}
	if coarse != nil {
		// the root search of the coarse game (relaxcoarse.go): its loss
		// is the deal's; a win, or running out of memory, leaves the
		// deal to the searches below
		ct := tn
		ct.probes, ct.probesMany, ct.probesCells = tn.coarseProbes, tn.coarseProbes, tn.coarseProbes
		rr := newRroot(coarse, opt.Mem, opt.Workers, ct)
		rv, st := runRoot(rr)
		switch {
		case rv == Lost:
			return Result{Verdict: Lost, Stats: st}
		case rr.stop == StopTime || rr.stop == StopCancelled || outOfNodes():
			if st.Stop == NotStopped { // a coarse win that spent the last nodes
				st.Stop = StopNodes
			}
			return Result{Verdict: Unknown, Stats: st}
		}
		if rr.bytes() > 64<<20 {
			// the coarse set (no longer referenced) is collected before the
			// relaxed game's grows, so that the two do not live together
			runtime.GC()
		}
	}
	if rr != nil {
		// the root search of the relaxed game (relaxroot.go), with all the
		// memory: its set is dropped before any later search begins, or
		// kept as the guide's lost marks (rootmarks.go)
		rv, st := runRoot(rr)
		switch {
		case rv == Lost:
			return Result{Verdict: Lost, Stats: st}
		case rv == Won:
			won := rr
			if r, ok := realize(st); ok {
				won.dropKept()
				return r
			}
			if won.kept {
				marks = won
			}
		case rr.stop == StopTime || rr.stop == StopCancelled || outOfNodes():
			return Result{Verdict: Unknown, Stats: st}
		}
		// out of memory or depth, or a relaxed win not realized: the
		// searches below decide
	}
	// the rules may admit the relaxed game and this position not: then the
	// real search has all the memory, unless the link game or the reserve
	// game guides it
	lg, lroot := otherGame(&s)
	qg, qroot := resGameFor(&s)
	// where none of those applies, the segment game (seggame.go) guides
	// the search
	seg := !relaxed && lg == nil && qg == nil && tn.segGuideStates > 0 && segApplies(&s.Game().Rules)
	switch {
	case lg != nil:
		proof = "link game"
	case qg != nil:
		proof = "reserve game"
	case seg:
		proof = "segment game"
	}
	realMem, guideMem = memSplit(opt, relaxed || lg != nil || qg != nil || seg)
	var rsol *rsolver
	if relaxed {
		// the guided search, first within tn.guidedFirstNodes
		rsol = newHugeRsolver(rg, guideMem, tn.maxDepth)
		defer rsol.release()
		if marks != nil {
			// the root search's states, but for its line, are lost
			// (rootmarks.go): the guide keeps its set
			marks.handOver(rsol, &root)
			peak = max(peak, rsol.bytes())
			marks = nil
		}
		if tn.guidedFirstNodes > 0 && !guidedFirst {
			if r, done := runReal(tn.guidedFirstNodes, rsol, mkRsolver); done {
				return r
			}
		}
	}
	// the reserve game's proof of loss (resgame.go), within the nodes left
	// over tn.resRootShare, before the beams, which would starve it on
	// lost deals
	var qrs *resSearch
	switch {
	case qg == nil:
	case tn.linkRootShare < 0:
		qrs = &resSearch{rg: qg, seen: newKeyset(linkMarksMem(guideMem)), absCount: absCount{deadline: deadline, ctx: ctx}}
	default:
		var share int64 // 0: no limit
		if opt.MaxNodes > 0 {
			share = max(left()/max(tn.resRootShare, 1), 1)
		}
		r, done, rs := resProofs(ctx, qg, qroot, opt, start, deadline, share, linkMarksMem(guideMem), &spent, &peak, &relaxedNodes)
		if done {
			return r
		}
		qrs = rs
	}
	if !guidedFirst {
		if r, done := runBeams(rsol, false); done {
			return r
		}
	}
	var g0 guider
	var mkGuide func() guider
	switch {
	case lg != nil:
		// the other games' proofs of loss (othergames.go), where the
		// relaxed game does not apply, for the deals the beam searches
		// did not win
		var linkShare int64 // 0: no limit
		switch {
		case tn.linkRootShare < 0:
			linkShare = -1
		case opt.MaxNodes > 0:
			linkShare = max(left()/max(tn.linkRootShare, 1), 1)
		}
		r, done, lks := otherProofs(ctx, lg, lroot, opt, start, deadline, linkShare, linkMarksMem(guideMem), &spent, &peak, &relaxedNodes)
		if done {
			return r
		}
		// the link game's guide (linkguide.go), worker 0's with the lost
		// marks of the search from the root
		lgd := newLguide(lks, guideMem, tn.linkGuideStates)
		defer lgd.release()
		g0 = lgd
		mkGuide = func() guider {
			lg, root := otherGame(&s)
			_, ls := otherProof(ctx, lg, root, -1, deadline, linkMarksMem(guideMem))
			return newLguide(ls, guideMem, tn.linkGuideStates)
		}
	case qg != nil:
		// the reserve game's guide, with the lost marks of its search from
		// the root
		qgd := newQguide(qrs, guideMem, tn.linkGuideStates)
		defer qgd.release()
		g0 = qgd
		mkGuide = func() guider {
			rg, _ := resGameFor(&s)
			return newQguide(&resSearch{rg: rg, seen: newKeyset(linkMarksMem(guideMem)), absCount: absCount{deadline: deadline, ctx: ctx}}, guideMem, tn.linkGuideStates)
		}
	case seg:
		// the segment game's guide (seggame.go)
		if sgd := newSguide(ctx, &s, guideMem, tn.segGuideStates, deadline); sgd != nil {
			defer sgd.release()
			g0 = sgd
			mkGuide = func() guider { return newSguide(ctx, &s, guideMem, tn.segGuideStates, deadline) }
		}
	case rsol != nil:
		g0, mkGuide = rsol, mkRsolver
	default:
		mkGuide = mkRsolver
	}
	if !relaxApplies(&s.Game().Rules) {
		// the second beams (beamPlan), where there are: after the
		// proofs of loss, which they would starve on lost deals
		if r, done := runBeams(rsol, true); done {
			return r
		}
	}
	// the full search: guided where the relaxed game applies (the lost
	// marks of the first guided search kept) or the link game does (the
	// root search's lost marks kept)
	r, _ := runReal(0, g0, mkGuide)
	return r
}

// memSplit shares out opt.Mem, the bytes all of a solve's tables may hold
// together: where the relaxed game applies (relaxed), half to the real
// search's table and half to the relaxed searches' tables, one set per
// worker; otherwise all to the real search. No part is 0 (no limit) when
// opt.Mem is not.
func memSplit(opt Options, relaxed bool) (real, guide int64) {
	switch {
	case opt.Mem <= 0:
		return 0, 0
	case !relaxed:
		return opt.Mem, 0
	}
	return max(opt.Mem/2, 1), max(opt.Mem/2/int64(max(opt.Workers, 1)), 1)
}

// realizeNodes is the real nodes a relaxed winning line may take to
// realize (realize.go) before the solver searches the real game instead.
const realizeNodes = 100_000

// movePool keeps the searches' move buffers (one per depth) from one
// solve to the next, so that many small solves (a planner's) do not each
// allocate them again.
var movePool = sync.Pool{New: func() any { return new([][]sMove) }}

// solveReal is the search of the real game; with a guide, every new node
// is first checked against an abstraction (guider.isLost): worker 0 goes on
// with g0 (if not nil), the others with their own, made by mk (nil: no
// guide).
func solveReal(ctx context.Context, s engine.State, opt Options, start, deadline time.Time, g0 guider, mk func() guider) Result {
	workers := max(opt.Workers, 1)
	var tab visited
	if workers == 1 {
		t := newTable(opt.Mem, opt.MaxNodes) // stored states never outnumber the nodes expanded
		t.huge = true                        // released below
		tab = t
	} else {
		tab = newSharedTable(opt.Mem)
	}
	r := &s.Game().Rules
	var done atomic.Bool
	sh := &sharedState{}
	var pk *packer
	if !opt.NoPrune && packable(r) {
		pk = newPacker(&s)
	}
	dr := dealRulesFor(&s, opt.NoPrune)
	var wg sync.WaitGroup
	won := make([]bool, workers)
	for w := 0; w < workers; w++ {
		sr := &search{opt: opt, maxDepth: opt.tuning().maxDepth, aheadSlots: opt.tuning().aheadSlots, tab: tab, ctx: ctx, worker: w, done: &done, shared: sh,
			deadline: deadline, key: make([]byte, 0, engine.MaxKeyLen), dealRules: dr, pk: pk}
		if mk != nil {
			sr.guide = g0
			if w > 0 || g0 == nil {
				sr.guide = mk()
			}
			sr.guideBase = sr.guide.states()
			switch g := sr.guide.(type) {
			case *rsolver:
				sr.rguide = g
			case *lguide:
				sr.lguide = g
			case *qguide:
				sr.qguide = g
			case *sguide:
				sr.sguide = g
			}
		}
		run := func() {
			st := s
			bufs := movePool.Get().(*[][]sMove)
			sr.bufs = *bufs
			ok := sr.dfs(&st, 0, 0)
			*bufs, sr.bufs = sr.bufs, nil
			movePool.Put(bufs)
			sr.releaseKids()
			sh.nodes.Add(sr.nodes)
			if sr.guide != nil {
				sh.nodes.Add(sr.guideNodes())
				sh.relaxed.Add(sr.guideNodes())
				sh.pruned.Add(sr.guide.prunedNodes())
				sh.guideBytes.Add(sr.guide.bytes())
				if sr.guide != g0 {
					sr.guide.release() // this worker's own
				}
			}
			sh.mu.Lock()
			defer sh.mu.Unlock()
			if ok {
				won[sr.worker] = true
				if sh.path == nil {
					sh.path = append([]sMove{}, sr.path...)
				}
				done.Store(true)
			} else if sr.stop != NotStopped && sr.stop != stopDone && sh.stop == NotStopped {
				sh.stop = sr.stop
				done.Store(true)
			}
		}
		if workers == 1 {
			run() // on the caller's goroutine, whose stack has grown already
			break
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			run()
		}()
	}
	wg.Wait()
	var res Result
	res.Stats = Stats{Nodes: sh.nodes.Load(), Stored: tab.stored(), TableSize: tab.bytes() + sh.guideBytes.Load(),
		Elapsed: time.Since(start), RelaxedNodes: sh.relaxed.Load(), Pruned: sh.pruned.Load()}
	switch {
	case sh.path != nil:
		res.Verdict = Won
		res.Solution = expand(s, sh.path)
	case sh.stop != NotStopped:
		res.Verdict = Unknown
		res.Stats.Stop = sh.stop
	default:
		res.Verdict = Lost
	}
	if t, ok := tab.(*table); ok {
		t.release()
	}
	return res
}

// expand turns search moves into atomic engine moves.
func expand(s engine.State, path []sMove) []engine.Move {
	return appendLine(nil, &s, path)
}

// appendLine appends to dst the atomic engine moves of the search moves
// path from s, playing them on s: each move's stock steps, the move, and
// the reversible foundation moves played after it (closeBit).
func appendLine(dst []engine.Move, s *engine.State, path []sMove) []engine.Move {
	for _, m := range path {
		for k := 0; k < m.steps(); k++ {
			st := stockStep(s)
			dst = append(dst, st)
			s.Apply(st)
		}
		mv := m.move()
		dst = append(dst, mv)
		s.Apply(mv)
		if m&closeBit != 0 {
			closeUp(s, &dst)
		}
	}
	return dst
}

// stockStep is the stock action the K+ stock takes next: a draw while the
// stock has cards, else a recycle.
func stockStep(s *engine.State) engine.Move {
	if len(s.Stock()) > 0 {
		return engine.MoveDraw
	}
	return engine.MoveRecycle
}

func (sr *search) budgetSpent() bool {
	if sr.stop != NotStopped {
		return true
	}
	if sr.done.Load() {
		sr.stop = stopDone // another worker decided the deal or ran out
		return true
	}
	all := sr.nodes + sr.guideNodes()
	if sr.opt.MaxNodes > 0 && all >= sr.opt.MaxNodes {
		sr.stop = StopNodes
		return true
	}
	// the clock and the context every 1,024 nodes, the guide's relaxed
	// states counted (one real node may cost thousands of them)
	if all-sr.checked >= 1024 {
		sr.checked = all
		if !sr.deadline.IsZero() && time.Now().After(sr.deadline) {
			sr.stop = StopTime
			return true
		}
		if sr.ctx != nil && sr.ctx.Err() != nil {
			sr.stop = StopCancelled
			return true
		}
	}
	return false
}

// dfs searches from s and tells whether it found a win; on a win, sr.path
// holds the moves from the root. When pend is a card, s was reached by a
// partial-run move that exposed pend, and only moves that use pend are
// searched (see partialRulesApply); the table tells such nodes apart.
func (sr *search) dfs(s *engine.State, depth int, pend pendT) bool {
	sr.setKey(s)
	base := len(sr.key)
	var hb uint64
	if pend != 0 {
		hb = xxhash.Sum64(sr.key)
		sr.key = append(sr.key, 0xFF, byte(pend), byte(pend>>8))
	}
	return sr.node(s, depth, pend, sr.key, base, hb, xxhash.Sum64(sr.key))
}

// node is dfs with s's table key made: key, whose first base bytes are
// the position's key, hb their hash when pend is not 0, and h the hash of
// key. The key is made before node looks at s, even where it is not
// needed (a win, the depth limit), so that a parent can make its
// children's ahead (childrenAhead); the search is the same either way.
func (sr *search) node(s *engine.State, depth int, pend pendT, key []byte, base int, hb, h uint64) bool {
	if s.Won() || sr.sureWin && sureWin(s) {
		return true
	}
	if depth >= sr.maxDepth {
		// The line is longer than the goroutine's stack can hold: stop
		// the search (a branch cut here would make a loss unproved).
		sr.stop = StopDepth
		return false
	}
	if pend != 0 {
		// Subsumption: a restricted node is skipped when the free node of
		// the same position is in the table. Proof: every restriction only
		// drops moves (generate filters the free node's moves by usesOf),
		// and a restricted node is winnable only if its position is. The
		// free node in the table is being or has been searched in full, so
		// if the position is winnable the search finds a win through it:
		// the argument that a search over the table finds every win it can
		// reach (a winnable node has a winnable successor that is searched
		// or in the table, and the shortest winning line shortens along
		// it) passes from the skipped node to the free one, which has the
		// same position and so the same shortest line.
		if sr.tab.contains(key[:base], hb) {
			return false
		}
	}
	for len(sr.bufs) <= depth {
		sr.bufs = append(sr.bufs, make([]sMove, 0, 32)) // appends grow it where a node has more moves
	}
	var moves []sMove
	if pend != 0 {
		// A restricted node often has no move left (no use of what it
		// must use can be played): such a node is neither stored nor
		// counted, as storing it would only save generating its moves
		// again. So its moves are generated before it is stored.
		if sr.tab.contains(key, h) {
			return false
		}
		moves = sr.generate(s, sr.bufs[depth][:0], pend)
		sr.bufs[depth] = moves
		if len(moves) == 0 {
			return false
		}
	}
	added, ok := sr.tab.insert(key, h)
	if !ok {
		sr.stop = StopMemory
		return false
	}
	if !added {
		return false
	}
	sr.nodes++
	if sr.budgetSpent() {
		return false
	}
	if sr.pin != nil && sr.pin.whole && sr.pin.pinnedAny(s) {
		// where cards are held, the pinned cards are looked for at each
		// new node rather than after each move (pinned.go)
		sr.pinSkips++
		return false
	}
	if sr.rguide != nil && sr.rguide.isLost(s, sr.nodesLeft()) {
		return false
	}
	if sr.lguide != nil && sr.lguide.isLost(s, sr.nodesLeft()) {
		return false
	}
	if sr.qguide != nil && sr.qguide.isLost(s, sr.nodesLeft()) {
		return false
	}
	if sr.sguide != nil && sr.sguide.isLost(s, sr.nodesLeft()) {
		return false
	}
	if pend == 0 {
		moves = sr.generate(s, sr.bufs[depth][:0], pend)
		sr.bufs[depth] = moves
	}
	if sr.worker > 0 && depth < 3 && len(moves) > 1 {
		rotate(moves, (sr.worker*7+depth)%len(moves))
	}
	if len(moves) > 1 && depth < aheadMaxDepth && sr.tab.slotCount() >= sr.aheadSlots {
		return sr.childrenAhead(s, depth, moves)
	}
	var child engine.State
	for _, m := range moves {
		child = *s
		for k := 0; k < m.steps(); k++ {
			child.Apply(stockStep(&child))
		}
		mv := m.move()
		next := sr.pendingAfter(&child, mv)
		child.Apply(mv)
		if sr.closeUps && next == 0 && closeUp(&child, nil) {
			m |= closeBit
		}
		if sr.pin != nil && sr.pin.lostAfter(&child, mv) {
			sr.pinSkips++
			continue // lost: pinned.go
		}
		sr.path = append(sr.path[:depth], m)
		if sr.dfs(&child, depth+1, next) {
			return true
		}
		if sr.stop != NotStopped {
			return false
		}
	}
	return false
}

// aheadKid is a child made ahead (childrenAhead): its position, what it must
// use, and its table key in its kidBuf's keys, keys[start:end], whose
// first base bytes are the position's key, with their hashes as node
// takes them.
type aheadKid struct {
	st               engine.State
	next             pendT
	closed           sMove // closeBit when closeUp played moves after the move
	start, base, end int
	hb, h            uint64
}

// kidBuf holds the children of one depth's node.
type kidBuf struct {
	kids []aheadKid
	keys []byte
}

// aheadMaxDepth is the depth from which the real search no longer makes
// children ahead: each depth that does keeps its children on the heap
// (about 1 to 4 KB: the positions are 168 bytes each), memory that
// Options.Mem does not count, and the deepest searches (Thumb and Pouch,
// tuning.maxDepth) go millions of levels down. Below it they take at most
// about 64 MB.
const aheadMaxDepth = 1 << 14

// kidPool keeps the children's buffers from one large search to the next.
var kidPool = sync.Pool{New: func() any { return new([]*kidBuf) }}

// childrenAhead searches the children of s (reached by moves) in order, as
// node's loop does, after making each one's position and key and asking
// the processor for its home slots in the table, all before the first
// child is searched. In a table larger than the caches a node's insert
// waits for its slot to come from memory; made ahead, a node's children's
// slots come in together, while the others are made. Nothing the search
// does depends on it: the same nodes are searched in the same order, with
// the same keys (a child is skipped as pinned, counted, only when its turn
// comes, as in node).
func (sr *search) childrenAhead(s *engine.State, depth int, moves []sMove) bool {
	if sr.kids == nil {
		sr.kidsFrom = kidPool.Get().(*[]*kidBuf)
		sr.kids = *sr.kidsFrom
	}
	for len(sr.kids) <= depth {
		sr.kids = append(sr.kids, &kidBuf{})
	}
	kb := sr.kids[depth]
	kb.kids, kb.keys = slices.Grow(kb.kids[:0], len(moves))[:len(moves)], kb.keys[:0]
	for i, m := range moves {
		k := &kb.kids[i]
		k.st = *s
		for j := 0; j < m.steps(); j++ {
			k.st.Apply(stockStep(&k.st))
		}
		mv := m.move()
		k.next = sr.pendingAfter(&k.st, mv)
		k.st.Apply(mv)
		k.closed = 0
		if sr.closeUps && k.next == 0 && closeUp(&k.st, nil) {
			k.closed = closeBit
		}
		k.start = len(kb.keys)
		kb.keys = sr.appendKey(&k.st, kb.keys)
		k.base = len(kb.keys) - k.start
		if k.next != 0 {
			k.hb = xxhash.Sum64(kb.keys[k.start:])
			sr.tab.prefetch(k.hb)
			kb.keys = append(kb.keys, 0xFF, byte(k.next), byte(k.next>>8))
		}
		k.end = len(kb.keys)
		k.h = xxhash.Sum64(kb.keys[k.start:k.end])
		sr.tab.prefetch(k.h)
	}
	for i, m := range moves {
		k := &kb.kids[i]
		if sr.pin != nil && sr.pin.lostAfter(&k.st, m.move()) {
			sr.pinSkips++
			continue // lost: pinned.go
		}
		sr.path = append(sr.path[:depth], m|k.closed)
		if sr.node(&k.st, depth+1, k.next, kb.keys[k.start:k.end], k.base, k.hb, k.h) {
			return true
		}
		if sr.stop != NotStopped {
			return false
		}
	}
	return false
}

// releaseKids gives childrenAhead's buffers back to kidPool.
func (sr *search) releaseKids() {
	if sr.kidsFrom != nil {
		*sr.kidsFrom = sr.kids
		kidPool.Put(sr.kidsFrom)
		sr.kids, sr.kidsFrom = nil, nil
	}
}

// setKey puts the table key of s in sr.key.
func (sr *search) setKey(s *engine.State) { sr.key = sr.appendKey(s, sr.key[:0]) }

// appendKey appends the table key of s to dst.
func (sr *search) appendKey(s *engine.State, dst []byte) []byte {
	if sr.pk != nil {
		dst = sr.pk.appendKey(s, dst)
	} else {
		dst = s.AppendKey(dst)
	}
	if sr.opt.NoPrune || sr.atomicTalon(s) {
		// AppendKey folds the waste positions of the unlimited-pass cycle
		// into one; that is sound only when every node offers the waste
		// cards of every position of its cycle, as the K+ stock does.
		// Atomic draws do not, so keep the position exact.
		dst = append(dst, 0xFD, byte(s.WastePos()))
	}
	return dst
}

// rotate turns ms left by k places, so another worker starts elsewhere.
func rotate(ms []sMove, k int) {
	if k == 0 {
		return
	}
	slices.Reverse(ms[:k])
	slices.Reverse(ms[k:])
	slices.Reverse(ms)
}

func (sr *search) guideNodes() int64 {
	if sr.guide == nil {
		return 0
	}
	return sr.guide.states() - sr.guideBase
}

// nodesLeft returns the nodes the budget still allows (0: no limit; -1:
// none left).
func (sr *search) nodesLeft() int64 {
	if sr.opt.MaxNodes == 0 {
		return 0
	}
	// one node is kept for the next real node, which is counted before
	// the budget is checked
	if n := sr.opt.MaxNodes - sr.nodes - sr.guideNodes() - 1; n > 0 {
		return n
	}
	return -1
}
