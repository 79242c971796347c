package solver

import (
	"context"
	"time"
)

// The root search of the relaxed game: one exhaustive depth-first search
// of the relaxed game (relax.go) from the deal's relaxed state, over an
// exact set of the packed states it has visited. It decides most deals
// alone: "lost" when it ends without a win (by the completeness theorem of
// relax.go the deal cannot be won), and a relaxed winning line otherwise,
// which the solver then tries to turn into real moves (realize.go).
//
// Theorem (the search is exhaustive). If the relaxed state at the root
// can be won, the search finds a win.
//
// Proof. A relaxed state that can be won has a generated successor that
// can be won in fewer moves: every move is generated but where a safe
// move is given alone, and a safe move keeps a win, one move shorter
// (rgame.safe). By induction on the fewest moves to a win, from a
// winnable root a line of generated moves leads to a won state. The
// search visits every state reachable by generated moves from the root
// (a state is skipped only when it is in the set, so when it was visited
// before, and the search of a visited state generates all its moves
// unless a win has ended the search), so it visits that won state. ∎
//
// The set stores each visited state's whole packed key and compares it,
// so no hash collision can make a state look visited: the verdict never
// depends on a hash. Where the packed key fits in 63 bits (one-deck
// Klondike with unlimited or one pass and no cells) the set holds one
// word a state, else two.
//
// The search keeps no lost marks for later searches from other roots (the
// guide's Tarjan search does): it needs none, as it is searched once, and
// each state costs one word of table and no bookkeeping.
type rroot struct {
	rg     *rgame
	narrow bool        // keys fit one word: k[0] | 1<<63
	set1   []uint64    // narrow keys, open addressing (0: empty)
	set2   [][2]uint64 // wide keys (bit 127 set: never the zero value)
	n      int
	shift  uint  // 64 - log2(len(set))
	limit  int64 // bytes the set may hold; 0 no limit

	budget   int64 // states it may visit; 0 no limit
	nodes    int64 // states visited
	deadline time.Time
	ctx      context.Context
	stop     string
	bufs     [][]rMove
	kids     [][]rkid
	sink     uint64
	line     []rMove // on a win, the relaxed moves from the root, last first
}

// newRroot prepares the root search of rg with a set of at most mem bytes
// (0: no limit).
func newRroot(rg *rgame, mem int64) *rroot {
	rr := &rroot{rg: rg, limit: mem, narrow: rg.keyBits() <= 63}
	const logSize = 16
	rr.shift = 64 - logSize
	if rr.narrow {
		rr.set1 = make([]uint64, 1<<logSize)
	} else {
		rr.set2 = make([][2]uint64, 1<<logSize)
	}
	return rr
}

// keyBits is how many bits rgame.key uses, the used-slot bit aside.
func (rg *rgame) keyBits() uint { return rg.offCells + 6*uint(rg.cells) }

func (rr *rroot) slots() int {
	if rr.narrow {
		return len(rr.set1)
	}
	return len(rr.set2)
}

func (rr *rroot) bytes() int64 {
	if rr.narrow {
		return int64(len(rr.set1)) * 8
	}
	return int64(len(rr.set2)) * 16
}

// hashKey spreads a key over the set: Fibonacci hashing of the words
// mixed by one multiply (rhash), top bits taken.
func (rr *rroot) home(k [2]uint64) uint64 {
	if rr.narrow {
		return (k[0] * 0x9e3779b97f4a7c15) >> rr.shift
	}
	return rhash(k) >> rr.shift
}

// insert adds k; added is false when it was there; ok is false when the
// set would outgrow its limit.
func (rr *rroot) insert(k [2]uint64, i uint64) (added, ok bool) {
	if (rr.n+1)*4 > rr.slots()*3 {
		if rr.limit > 0 && 3*rr.bytes() > rr.limit { // the old and the new array live together while it grows
			return false, false
		}
		rr.grow()
		i = rr.home(k)
	}
	mask := uint64(rr.slots() - 1)
	if rr.narrow {
		w := k[0] | 1<<63
		for ; ; i = (i + 1) & mask {
			switch rr.set1[i] {
			case w:
				return false, true
			case 0:
				rr.set1[i] = w
				rr.n++
				return true, true
			}
		}
	}
	for ; ; i = (i + 1) & mask {
		switch rr.set2[i] {
		case k:
			return false, true
		case [2]uint64{}:
			rr.set2[i] = k
			rr.n++
			return true, true
		}
	}
}

func (rr *rroot) grow() {
	rr.shift--
	mask := uint64(2*rr.slots() - 1)
	if rr.narrow {
		old := rr.set1
		rr.set1 = make([]uint64, 2*len(old))
		for _, w := range old {
			if w == 0 {
				continue
			}
			i := rr.home([2]uint64{w &^ (1 << 63)})
			for rr.set1[i] != 0 {
				i = (i + 1) & mask
			}
			rr.set1[i] = w
		}
		return
	}
	old := rr.set2
	rr.set2 = make([][2]uint64, 2*len(old))
	for _, k := range old {
		if k == ([2]uint64{}) {
			continue
		}
		i := rr.home(k)
		for rr.set2[i] != ([2]uint64{}) {
			i = (i + 1) & mask
		}
		rr.set2[i] = k
	}
}

// search decides st in the relaxed game within budget states (0: no
// limit): Lost (proved), Won (rr.line holds a relaxed winning line from
// st, in order) or Unknown (rr.stop says why).
func (rr *rroot) search(st *rstate, budget int64, deadline time.Time, ctx context.Context) Verdict {
	rr.budget, rr.deadline, rr.ctx, rr.stop, rr.line = budget, deadline, ctx, "", rr.line[:0]
	k := rr.rg.key(st)
	if rr.rg.won(st) {
		return Won
	}
	if _, ok := rr.insert(k, rr.home(k)); !ok {
		rr.stop = "memory"
		return Unknown
	}
	if rr.visit(st, k, 0) {
		for i, j := 0, len(rr.line)-1; i < j; i, j = i+1, j-1 {
			rr.line[i], rr.line[j] = rr.line[j], rr.line[i]
		}
		return Won
	}
	if rr.stop != "" {
		return Unknown
	}
	return Lost
}

// visit searches from st (key k, already in the set) and tells whether it
// found a win; on one, rr.line holds the moves from st, last first.
func (rr *rroot) visit(st *rstate, k [2]uint64, depth int) bool {
	rg := rr.rg
	if rr.budget > 0 && rr.nodes >= rr.budget {
		rr.stop = "nodes"
		return false
	}
	rr.nodes++
	if rr.nodes&1023 == 0 {
		if !rr.deadline.IsZero() && time.Now().After(rr.deadline) {
			rr.stop = "time"
			return false
		}
		if rr.ctx != nil && rr.ctx.Err() != nil {
			rr.stop = "cancelled"
			return false
		}
	}
	if depth >= maxDepth {
		rr.stop = "depth"
		return false
	}
	for len(rr.bufs) <= depth {
		rr.bufs = append(rr.bufs, make([]rMove, 0, 64))
		rr.kids = append(rr.kids, make([]rkid, 0, 64))
	}
	moves := rg.moves(st, rr.bufs[depth][:0], true)
	rr.bufs[depth] = moves
	// The children first, each one's home slot read at once so that the
	// processor overlaps their cache misses (the reads change nothing).
	kids := rr.kids[depth][:0]
	for _, m := range moves {
		kids = append(kids, rkid{st: *st})
		c := &kids[len(kids)-1]
		rg.apply(&c.st, m)
		c.k = rg.keyAfter(k, &c.st, m)
		c.h = rr.home(c.k)
	}
	// a tight loop, so that the reads of all the children's slots are
	// under way at once (a third less time than reading each slot as its
	// child is made, on deals of millions of states)
	var sink uint64
	if rr.narrow {
		for j := range kids {
			sink += rr.set1[kids[j].h]
		}
	} else {
		for j := range kids {
			sink += rr.set2[kids[j].h][0]
		}
	}
	rr.sink += sink
	rr.kids[depth] = kids
	for j := range kids {
		c := &kids[j]
		if rg.won(&c.st) {
			rr.line = append(rr.line, moves[j])
			return true
		}
		added, ok := rr.insert(c.k, c.h)
		if !ok {
			rr.stop = "memory"
			return false
		}
		if !added {
			continue
		}
		if rr.visit(&c.st, c.k, depth+1) {
			rr.line = append(rr.line, moves[j])
			return true
		}
		if rr.stop != "" {
			return false
		}
	}
	return false
}
