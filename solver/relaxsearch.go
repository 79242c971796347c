package solver

import (
	"context"
	"sync"
	"time"
	"unsafe"

	"github.com/klondike-family/klondike/engine"
)

// The relaxed searches of one deal (relax.go) share one exact table, in
// which each relaxed state proved lost stays marked, whatever the search
// that proved it went on to do.
//
// A search is a depth-first search that finds the strongly connected
// components of the relaxed states it visits (Tarjan's algorithm, with
// the lowest index on the search path each state's successors reach).
// When a component is finished without a win, each of its states is
// marked lost. Proof: all its states' (generated) successors are in the
// component or in components marked lost before, so the states marked
// lost, with this component, are closed under the generated moves and
// hold no won state; a relaxed state that could be won would have a
// generated successor that could be won in fewer moves (every move is
// generated but where a safe move is given alone, and a safe move keeps a
// win, one move shorter, see safe), so a state that could be won in the
// fewest moves among them would have one that could be won in fewer: none
// can be won. States met as lost are skipped; states met in the table
// that are not marked lost are on the search path or in the current
// component's stack (a finished component is marked at once), which is
// what Tarjan's algorithm needs. When a search stops (a win, a budget),
// the states of its unfinished components are unmarked: they are neither
// proved lost nor searched in full, and a later search visits them again.
// So a lost mark never rests on a budget, and a later search (the guide's,
// from another real node) reuses every mark.

// Values in the table.
const (
	rvUnseen = 0 // not visited, or visited by a search that stopped
	rvLost   = 1 // proved lost
	// >= 2: the Tarjan index of a state of an unfinished component
)

// rsolver holds the relaxed searches of one deal.
type rsolver struct {
	rg   *rgame
	keys [][2]uint64 // open addressing on xxhash of the key
	vals []uint32
	// huge: keys and vals, once they grow, are mapped with huge pages
	// asked for where they are large (bigWords: keysMem and valsMem hold
	// the mappings), as the other large sets are; a guide's table is read
	// at random once a real node or relaxed child, and grows into fresh
	// memory. Set only by the solvers that are released (release frees
	// the mappings).
	huge             bool
	keysMem, valsMem bigWords
	n                int
	limit            int64 // bytes its tables (keys and vals, won, open) may hold together; 0 no limit
	maxDepth         int   // tuning.maxDepth
	won              *rtable
	open             *rtable // relaxed states whose guide search ran out of budget
	marks            *rset   // a won root search's set: its states off the line (in won) are lost (rootmarks.go); nil: none

	scc   [][2]uint64 // Tarjan's stack
	next  uint32
	bufs  [][]rMove
	kids  [][]rkid // the children of the node at each depth, reused (the hot path allocates nothing)
	sink  uint32   // what the early reads of the children's slots load (see visit)
	nodes int64    // relaxed states visited, all searches

	// the current search
	budget   int64 // states it may visit; 0 no limit
	visited  int64
	deadline time.Time
	ctx      context.Context
	stop     Stop

	pruned int64 // real nodes the guide proved lost

	spare *rsolverBufs // where release puts the memory back for rsolverPool
}

// rsolverSlots is the slots a new rsolver's table starts with.
const rsolverSlots = 1 << 14

func newRsolver(rg *rgame, mem int64, maxDepth int) *rsolver {
	lim := int64(0)
	if mem > 0 {
		lim = mem
	}
	b, _ := rsolverPool.Get().(*rsolverBufs)
	if b == nil {
		b = &rsolverBufs{}
	}
	rs := &rsolver{rg: rg, maxDepth: maxDepth, limit: lim, won: b.won, open: b.open,
		scc: b.scc[:0], bufs: b.bufs, kids: b.kids, spare: b}
	if b.keys != nil {
		rs.keys, rs.vals = b.keys, b.vals // cleared by release
	} else {
		rs.keys, rs.vals = make([][2]uint64, rsolverSlots), make([]uint32, rsolverSlots)
	}
	if rs.won == nil {
		rs.won = newRtable()
	}
	if rs.open == nil {
		rs.open = newRtable()
	}
	rs.won.owner, rs.open.owner = rs, rs
	*b = rsolverBufs{}
	return rs
}

// newHugeRsolver is newRsolver whose table, once large, is mapped with
// huge pages asked for (rsolver.huge), for a caller that releases it.
func newHugeRsolver(rg *rgame, mem int64, maxDepth int) *rsolver {
	rs := newRsolver(rg, mem, maxDepth)
	rs.huge = true
	return rs
}

// rsolverBufs is the memory of a relaxed solver whose solve has ended,
// kept in rsolverPool for the next: the expert's many small solves would
// otherwise each allocate and clear a table and its per-depth buffers, and
// the collector reclaim them. Only tables still at their first size are
// kept, so that a solver made from them is the one newRsolver would make,
// with the same sizes and byte count (bytes): nothing a search decides by
// depends on whether its memory was new.
type rsolverBufs struct {
	keys      [][2]uint64 // rsolverSlots of them, or nil
	vals      []uint32
	won, open *rtable // empty, at their first size, or nil
	scc       [][2]uint64
	bufs      [][]rMove
	kids      [][]rkid
}

var rsolverPool sync.Pool

// release gives the solver's memory to the next newRsolver (all but
// tables that have grown); rs must not be used after.
func (rs *rsolver) release() {
	if rs == nil {
		return
	}
	b := rs.spare
	*b = rsolverBufs{scc: rs.scc, bufs: rs.bufs, kids: rs.kids}
	if len(rs.keys) == rsolverSlots {
		if rs.n > 0 {
			clear(rs.keys)
			clear(rs.vals)
		}
		b.keys, b.vals = rs.keys, rs.vals
	}
	if len(rs.won.slots) == rtableSlots {
		b.won = rs.won
		b.won.reset()
		b.won.owner = nil
	}
	if len(rs.open.slots) == rtableSlots {
		b.open = rs.open
		b.open.reset()
		b.open.owner = nil
	}
	if rs.marks != nil {
		rs.marks.free()
	}
	rs.keysMem.free()
	rs.valsMem.free()
	*rs = rsolver{}
	rsolverPool.Put(b)
}

func (rs *rsolver) bytes() int64 {
	b := int64(len(rs.keys))*20 + rs.won.bytes() + rs.open.bytes()
	if rs.marks != nil {
		b += rs.marks.bytes()
	}
	return b
}

// slot returns the slot of k, and whether k is there (else the empty slot
// where it would go).
func (rs *rsolver) slot(k [2]uint64) (uint64, bool) { return rs.slotH(k, rhash(k)) }

// slotH is slot given h = rhash(k).
func (rs *rsolver) slotH(k [2]uint64, h uint64) (uint64, bool) {
	mask := uint64(len(rs.keys) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		switch rs.keys[i] {
		case k:
			return i, true
		case [2]uint64{}:
			return i, false
		}
	}
}

// get returns k's value (rvUnseen when absent).
func (rs *rsolver) get(k [2]uint64) uint32 {
	if i, ok := rs.slot(k); ok {
		return rs.vals[i]
	}
	return rvUnseen
}

// set gives k the value v, adding it if need be; false when the table
// would outgrow its limit.
func (rs *rsolver) set(k [2]uint64, v uint32) bool {
	i, ok := rs.slot(k)
	if ok {
		rs.vals[i] = v
		return true
	}
	return rs.add(i, k, v)
}

// add puts k, absent from the table, with the value v at i, the empty
// slot slot returned for it (growing the table first if need be); false
// when the table would outgrow its limit.
func (rs *rsolver) add(i uint64, k [2]uint64, v uint32) bool {
	if (rs.n+1)*4 > len(rs.keys)*3 {
		if rs.limit > 0 && rs.bytes()+int64(len(rs.keys))*20 > rs.limit {
			return false
		}
		rs.grow()
		i, _ = rs.slot(k)
	}
	rs.keys[i], rs.vals[i] = k, v
	rs.n++
	return true
}

// alloc makes the table's arrays for n slots, zero: with huge pages asked
// for where rs.huge (bigWords, mapped where they are large), else Go
// slices.
func (rs *rsolver) alloc(n int) {
	if !rs.huge {
		rs.keys, rs.vals = make([][2]uint64, n), make([]uint32, n)
		return
	}
	rs.keysMem, rs.valsMem = newBigWords(2*n), newBigWords((n+1)/2)
	rs.keys = unsafe.Slice((*[2]uint64)(unsafe.Pointer(&rs.keysMem.w[0])), n)
	rs.vals = unsafe.Slice((*uint32)(unsafe.Pointer(&rs.valsMem.w[0])), n)
}

func (rs *rsolver) grow() {
	ok, ov := rs.keys, rs.vals
	okMem, ovMem := rs.keysMem, rs.valsMem
	rs.alloc(2 * len(ok))
	defer okMem.free() // after the old arrays are read: nothing points into them then
	defer ovMem.free()
	mask := uint64(len(rs.keys) - 1)
	for j, k := range ok {
		if k == ([2]uint64{}) {
			continue
		}
		i := rhash(k) & mask
		for rs.keys[i] != ([2]uint64{}) {
			i = (i + 1) & mask
		}
		rs.keys[i], rs.vals[i] = k, ov[j]
	}
}

// search decides st in the relaxed game: Lost (proved), Won (a relaxed
// win: proves nothing of the real game) or Unknown (rs.stop says why),
// visiting at most budget new states (0: no limit).
func (rs *rsolver) search(st *rstate, budget int64, deadline time.Time, ctx context.Context) Verdict {
	rs.budget, rs.visited, rs.deadline, rs.ctx, rs.stop = budget, 0, deadline, ctx, NotStopped
	rs.next = 2
	k := rs.rg.key(st)
	won, _ := rs.visit(st, k, rhash(k), 0)
	// unmark what no finished component holds
	for _, k := range rs.scc {
		if i, ok := rs.slot(k); ok && rs.vals[i] >= 2 {
			rs.vals[i] = rvUnseen
		}
	}
	rs.scc = rs.scc[:0]
	switch {
	case won:
		return Won
	case rs.stop != NotStopped:
		return Unknown
	}
	return Lost
}

const noLow = ^uint32(0)

// rkid is a child of a node of the relaxed search: its state, key and
// the key's hash.
type rkid struct {
	st rstate
	k  [2]uint64
	h  uint64
	mi int32 // root search: the macro's moves in rworker.macro[depth] from mi, mn of them (mn 0: the move alone)
	mn int32
}

// visit searches from st, whose key is k and k's hash h; it returns
// whether a win was found and the lowest Tarjan index st's search reached
// (noLow: none on the path).
func (rs *rsolver) visit(st *rstate, k [2]uint64, h uint64, depth int) (bool, uint32) {
	rg := rs.rg
	if rg.won(st) {
		return true, 0
	}
	i, there := rs.slotH(k, h)
	if there {
		switch v := rs.vals[i]; {
		case v == rvLost:
			return false, noLow
		case v >= 2:
			return false, v
		}
	}
	if rs.won.n > 0 && rs.won.contains(k) {
		return true, 0
	}
	if rs.marks != nil && rs.markedLost(k) {
		return false, noLow
	}
	if rs.budget > 0 && rs.visited >= rs.budget {
		rs.stop = StopNodes
		return false, 0
	}
	if depth >= rs.maxDepth {
		rs.stop = StopDepth
		return false, 0
	}
	idx := rs.next
	rs.next++
	if there {
		rs.vals[i] = idx
	} else if !rs.add(i, k, idx) {
		rs.stop = StopMemory
		return false, 0
	}
	rs.scc = append(rs.scc, k)
	rs.nodes++
	rs.visited++
	if rs.visited&1023 == 0 {
		if !rs.deadline.IsZero() && time.Now().After(rs.deadline) {
			rs.stop = StopTime
			return false, 0
		}
		if rs.ctx != nil && rs.ctx.Err() != nil {
			rs.stop = StopCancelled
			return false, 0
		}
	}
	for len(rs.bufs) <= depth {
		rs.bufs = append(rs.bufs, make([]rMove, 0, 64))
		rs.kids = append(rs.kids, make([]rkid, 0, 64))
	}
	moves := rg.moves(st, rs.bufs[depth][:0], true)
	rs.bufs[depth] = moves
	// The children are made first and each one's home slot read at once:
	// the reads do not depend on each other, so the processor overlaps
	// their cache misses, and the searches below find the slots in cache.
	// The reads change nothing: the search is the same as one child at a
	// time.
	kids := rs.kids[depth][:0]
	for _, m := range moves {
		kids = append(kids, rkid{st: *st})
		c := &kids[len(kids)-1]
		rg.apply(&c.st, m)
		c.k[0], c.k[1] = rg.keyAfter(k[0], k[1], &c.st, m)
		c.h = rhash(c.k)
	}
	mask := uint64(len(rs.keys) - 1)
	var sink uint32
	for j := range kids { // a tight loop, so that many reads are under way at once
		i := kids[j].h & mask
		sink += rs.vals[i] + uint32(rs.keys[i][0])
	}
	if m := rs.marks; m != nil {
		for j := range kids { // the root search's set too (markedLost)
			sink += uint32(m.home(kids[j].k))
		}
	}
	rs.sink += sink
	rs.kids[depth] = kids
	low := idx
	for j := range kids {
		c := &kids[j]
		won, l := rs.visit(&c.st, c.k, c.h, depth+1)
		if won {
			rs.won.insert(k)
			return true, 0
		}
		if rs.stop != NotStopped {
			return false, 0
		}
		low = min(low, l)
	}
	if low == idx {
		// st roots a finished component without a win: all lost
		for {
			top := rs.scc[len(rs.scc)-1]
			rs.scc = rs.scc[:len(rs.scc)-1]
			rs.set(top, rvLost)
			if top == k {
				break
			}
		}
	}
	return false, low
}

// RelaxStats describe a relaxed search.
type RelaxStats struct {
	Verdict Verdict // Lost: proved lost; Won: the relaxed game is won (proves nothing); Unknown: out of budget
	Nodes   int64
	Bytes   int64
	Stop    Stop
}

// relaxSolve searches the relaxed game from s exhaustively (see the
// theorem in relax.go); ok is false when the relaxed game does not apply
// to s. The solver it returns keeps the lost marks, for the guide.
func relaxSolve(ctx context.Context, s *engine.State, maxNodes int64, deadline time.Time, mem int64, maxDepth int) (RelaxStats, *rsolver, bool) {
	rg, st, ok := newRgame(s)
	if !ok {
		return RelaxStats{}, nil, false
	}
	rs := newRsolver(rg, mem, maxDepth)
	v := rs.search(&st, maxNodes, deadline, ctx)
	return RelaxStats{Verdict: v, Nodes: rs.nodes, Bytes: rs.bytes(), Stop: rs.stop}, rs, true
}

// Relaxed runs the relaxed search alone from s (for tests and
// measurements): Lost proves s lost; Won and Unknown prove nothing. ok is
// false when the relaxed game does not apply to s.
func Relaxed(ctx context.Context, s engine.State, maxNodes int64, mem int64) (RelaxStats, bool) {
	res, _, ok := relaxSolve(ctx, &s, maxNodes, time.Time{}, mem, defaults.maxDepth)
	return res, ok
}

// guideBudget is the relaxed states the guide may visit from one real
// node's relaxed state.
const guideBudget = 4096

// isLost tells whether the relaxed game proves the real position s lost
// (the guide of the real search): the relaxed state of a position
// reached from the deal is checked against the marks, and a new one is
// searched with at most min(guideBudget, limit) states (limit 0: no
// limit but guideBudget; < 0: no search). Pruning such a node is sound:
// by the completeness theorem the position cannot be won.
func (rs *rsolver) isLost(s *engine.State, limit int64) bool {
	st, ok := rs.rg.alpha(s)
	if !ok {
		return false
	}
	k := rs.rg.key(&st)
	if rs.get(k) == rvLost {
		rs.pruned++
		return true
	}
	if limit < 0 || rs.won.contains(k) || rs.open.contains(k) {
		return false
	}
	if rs.marks != nil && rs.markedLost(k) {
		rs.pruned++
		return true
	}
	b := int64(guideBudget)
	if limit > 0 {
		b = min(b, limit)
	}
	switch rs.search(&st, b, time.Time{}, nil) {
	case Lost:
		rs.pruned++
		return true
	case Unknown:
		if rs.stop == StopNodes {
			rs.open.insert(k)
		}
	}
	return false
}

func (rs *rsolver) states() int64      { return rs.nodes }
func (rs *rsolver) prunedNodes() int64 { return rs.pruned }
