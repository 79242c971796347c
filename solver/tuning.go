package solver

// tuning is the solver's own budgets and switches. Solve uses defaults;
// the package's tests set Options.tune to try others (a smaller depth, a
// search turned off), never a package variable.
type tuning struct {
	// maxDepth bounds the depth of the recursive searches (the real
	// search's line, the relaxed searches'): a search that would go
	// deeper stops with "depth", its verdict unknown. Go stops a goroutine
	// whose stack passes its limit (1 GB by default, and as the stack
	// doubles only 512 MB of it is usable); a level of the real search is
	// about 540 bytes of stack (the frames of node and dfs), 650 where
	// children are made ahead (node and childrenAhead), so 2 M levels take
	// about 1.1 to 1.3 GB: the CLI raises the limit to
	// 4 GB (cmd/klondike/main.go). Only searches of many millions of nodes
	// in games without cycles of the K+ stock to bound them (Thumb and
	// Pouch, with 60 M nodes) have gone that deep.
	maxDepth int
	// quickNodes is the quick real search's budget (the tests of the
	// guided search set 0, so that it does the work on small games).
	quickNodes int64
	// rootSearch turns the root search of the relaxed game on (the tests
	// of the guided search turn it off, so that the searches after it are
	// tested on deals it would decide).
	rootSearch bool
	// rootMarks hands the guide the states a won root search stored, as
	// lost marks, where the relaxed game has no cycle (rootmarks.go; the
	// tests compare both ways).
	rootMarks bool
	// deferMoves turns the root search's deferred moves on
	// (relaxdefer.go; the tests compare both ways).
	deferMoves bool
	// deferWorry says whether the root search defers worried-back cards
	// too (relaxdefer.go): worryAndTalonDeferred or worryNotDeferred.
	deferWorry int
	// pullsSkipped lets expand skip the pulls where mayBeRead says no
	// follower can come of them (relaxdefer.go; the tests compare both
	// ways: the same states either way).
	pullsSkipped bool
	// coarse turns on the root search of the coarse game
	// (relaxcoarse.go) before the relaxed game's own.
	coarse bool
	// guidedFirstNodes is the first guided search's budget, before the
	// beam searches.
	guidedFirstNodes int64
	// plainGen makes the root search generate its moves with the plain
	// generators (rgame.moves, rgame.readers) and pack each child's key
	// whole, instead of the set-based generators and the keys rewritten
	// field by field (relaxfast.go): the tests compare the two.
	plainGen bool
	// probes is how many probes the relaxed game's root search runs
	// before its own search, and probeNodes each probe's budget
	// (rroot.probe), where one card is drawn at a time; probesMany and
	// probeNodesMany where more are. The coarse game's root search runs
	// coarseProbes. Measured in nodes on native deals 0..999 with worrying
	// back (--max-nodes 30M): at draw 3, none 103.3 M, 8 x 2,000 84.5 M,
	// 16 x 1,000 83.7 M, 32 x 1,000 68.2 M, 32 x 500 67.5 M, 64 x 500
	// 65.9 M (the lost deals' share 39.8 M with none, 40.6 M with 32 x
	// 500); at draw 1, none 23.7 M, 8 x 2,000 22.1 M, 16 x 1,000 22.1 M,
	// 32 x 500 23.3 M. With the coarse game's search run with eight
	// probes of 2,000 too, native deals 0..399 at draw 3 took 24.8 M
	// nodes against 24.6 M without.
	probes         int
	probeNodes     int64
	probesMany     int
	probeNodesMany int64
	coarseProbes   int
	// probesCells and probeNodesCells replace them where the rules have
	// cells (Holdout), whose deals are seldom lost (none of the first
	// 10,000 native ones) and whose relaxed game is large: a depth-first
	// search that starts into a region without a win spends its budget
	// there, and restarts in other move orders find a win sooner. The 11
	// native deals of 10,000 that version 14 left unknown at 60 s (671,
	// 1154, 2031, 3687, 3784, 4750, 4974, 6956, 7494, 7729, 8580): 40
	// probes of 500,000 won 9 of them within 20 s each; 8 x 2,000 and 6 x
	// 2,000,000 (2031 only), 16 x 1,000,000 (2031 only) fewer. Deals 0..399
	// at 30 M nodes: 75.9 M nodes with 8 x 2,000, 84.2 M with 40 x 500,000,
	// all won both ways.
	probesCells     int
	probeNodesCells int64
	// roundProbes and roundGuidedNodes: where the rules have cells, the
	// relaxed game's probes run in rounds after the first guided search
	// and the beams, roundProbes in the first, each batch followed by
	// the guided search again within roundGuidedNodes, both doubled each
	// round (solver.go); roundGuidedNodes 0: no rounds (all the probes,
	// then the root search).
	roundProbes      int
	roundGuidedNodes int64
	// dominance turns on the root search's position dominance
	// (relaxroot.go) where it applies: one card drawn, two passes or
	// more (the tests compare both ways).
	dominance bool
	// linkRootShare: the link game's search from the root (othergames.go)
	// may take the nodes left over linkRootShare (1: all of them); the
	// full search, guided by its lost marks (linkguide.go), the rest. -1
	// (the tests of the guide): no search from the root.
	linkRootShare int64
	// resRootShare: the reserve game's search from the root (resgame.go)
	// may take the nodes left over resRootShare, before the beams; the
	// link game's -1 turns it off too.
	resRootShare int64
	// linkGuideStates is the link states the link game's guide may visit
	// from one real node's β' (linkguide.go).
	linkGuideStates int64
	// segGuideStates is the states the segment game's guide may visit
	// from one real node (seggame.go); 0 turns the guide off.
	segGuideStates int64
	// noBeams turns the beam searches off (the tests of the link game's
	// guide, so that it sees the won deals too).
	noBeams bool
	// aheadSlots is the table size, in slots, from which the real search
	// makes a node's children ahead and asks for their slots
	// (childrenAhead): 1<<18 slots are 2 MiB, more than a core's share
	// of the caches here. The tests compare both ways (0: always).
	aheadSlots int
}

// defaults is the tuning Solve uses.
var defaults = tuning{
	maxDepth:         1 << 21,
	linkRootShare:    1,
	resRootShare:     1,
	linkGuideStates:  2048,
	segGuideStates:   50_000,
	quickNodes:       2000,
	rootSearch:       true,
	rootMarks:        true,
	deferMoves:       true,
	deferWorry:       worryAndTalonDeferred,
	pullsSkipped:     true,
	coarse:           true,
	guidedFirstNodes: 100_000,
	probes:           8,
	probeNodes:       2000,
	probesMany:       32,
	probeNodesMany:   500,
	coarseProbes:     0,
	probesCells:      40,
	probeNodesCells:  500_000,
	roundProbes:      2,
	roundGuidedNodes: 500_000,
	dominance:        true,
	aheadSlots:       1 << 18,
}

// tuning returns the tuning opt asks for.
func (opt *Options) tuning() tuning {
	tn := defaults
	if opt.tune != nil {
		tn = *opt.tune
	}
	if opt.QuickNodes > 0 {
		tn.quickNodes = opt.QuickNodes
	}
	return tn
}
