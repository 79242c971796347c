package solver

import (
	"sync/atomic"

	"github.com/klondike-family/klondike/engine"
)

// Small is an exact search for many small solves (a player's samples of
// the hidden cards; the expert solves its own with Solve and its relaxed
// game): the real game's depth-first search (the search Solve
// runs first, its "quick search": the K+ stock, safe foundation moves, the
// pruning of generate, an exact table), without the relaxed game, the
// beams or any other stage, under a node limit. One Small keeps its table
// (cleared, not freed, between solves), its move buffers and its key
// buffers, so a solve after the first few allocates nothing.
//
// Its verdicts are Solve's: Won with a line of real moves (a search
// that reaches a sure win, surewin.go, stops there and the line is
// finished as the proof of that file plays it); Lost only when
// the search ended without a win and without stopping, which is the
// exhaustive search over an exact table (every key stored in full, so no
// hash collision can make two states one) whose end proves the loss, as
// it does for Solve's quick search, or when the position has a pinned
// card (pinned.go); Unknown when the node limit stopped it. A Small is not
// safe for concurrent use: give each goroutine its own.
type Small struct {
	sr       search
	tab      *table
	pk       packer
	dr       *dealRules
	game     *engine.Game // the game dr was made for
	base     int          // and the foundation base
	maxNodes int64
	start    engine.State
}

// NewSmall returns a small searcher that expands at most maxNodes states a
// solve (at least 1).
func NewSmall(maxNodes int64) *Small {
	maxNodes = max(maxNodes, 1)
	z := &Small{maxNodes: maxNodes, tab: newTable(0, maxNodes)}
	z.sr = search{opt: Options{MaxNodes: maxNodes, Workers: 1}, tab: z.tab, maxDepth: defaults.maxDepth, aheadSlots: defaults.aheadSlots,
		key: make([]byte, 0, engine.MaxKeyLen)}
	z.sr.done = new(atomic.Bool)
	return z
}

// Solve decides s within the node limit. On Won, AppendSolution gives the
// line.
func (z *Small) Solve(s *engine.State) Verdict {
	sr := &z.sr
	if g := s.Game(); g != z.game || s.Base() != z.base {
		// the deal rules hold the base (the cards that fill a space, the
		// pinned cards' foundations), which a dealt base changes
		z.game, z.base, z.dr = g, s.Base(), newDealRules(s, false)
		sr.dealRules = z.dr
	}
	sr.pk = nil
	sr.sureWin = sureWins(&z.game.Rules)
	if packable(&z.game.Rules) {
		z.pk.init(s)
		sr.pk = &z.pk
	}
	z.tab.reset()
	sr.nodes, sr.checked, sr.stop, sr.pinSkips = 0, 0, NotStopped, 0
	sr.path = sr.path[:0]
	z.start = *s
	if z.dr.pin != nil && z.dr.pin.lostAtRoot(s) {
		return Lost // pinned.go
	}
	st := *s
	switch {
	case sr.dfs(&st, 0, 0):
		return Won
	case sr.stop != NotStopped:
		return Unknown
	}
	return Lost
}

// Nodes returns the states the last solve expanded.
func (z *Small) Nodes() int64 { return z.sr.nodes }

// AppendSolution appends the winning line of the last solve, if it was
// won, as atomic engine moves from the state solved: the line replays
// with engine.State.Apply to a won state.
func (z *Small) AppendSolution(dst []engine.Move) []engine.Move {
	s := z.start
	dst = appendLine(dst, &s, z.sr.path)
	return finishSureWin(&s, dst)
}

// reset empties the table for the next search, keeping its slots and its
// first chunk of key bytes.
func (t *table) reset() {
	clear(t.slots)
	t.count = 0
	t.full = false
	if len(t.chunks) > 0 {
		t.chunks = t.chunks[:1]
		t.chunks[0] = t.chunks[0][:0]
		t.arena = int64(cap(t.chunks[0]))
	}
}
