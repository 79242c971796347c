package solver

import (
	"context"
	"slices"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"
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
// depends on a hash. Where the packed key fits in 64 bits (one-deck
// Klondike without cells) the set holds one word a state, else two
// (narrowXor says how a word holds a key).
//
// The search keeps no lost marks for later searches from other roots (the
// guide's Tarjan search does): it needs none, as it is searched once, and
// each state costs one word of table and no bookkeeping.
type rroot struct {
	rg      *rgame
	xor     uint64   // narrowXor: keys fit one word, stored as k[0] ^ xor; 0: two words
	set     rset     // the states visited, with one worker
	sh      *rshards // wide keys, several workers
	lf      *lfset   // narrow keys, several workers
	limit   int64    // bytes the set may hold; 0 no limit
	workers int
	// from the tuning
	pos        uint64 // the waste position's bits in the key's first word where positions dominate (below), else 0
	maxDepth   int
	deferMoves bool
	deferT     bool // the talon placements deferred (relaxdefer.go's deferred)
	deferW     bool // the worried-back cards deferred
	pullsSkip  bool // tuning.pullsSkipped
	keep       bool // a one-worker search keeps its set after a win, for the guide (rootmarks.go)
	kept       bool // the search won and kept its set (not a probe's win)
	plainGen   bool
	keysAfter  bool  // with plainGen, the children's keys by keyAfter all the same (the Joker's game)
	probes     int   // tuning.probes
	probeNodes int64 // tuning.probeNodes
	probed     int   // the probes run so far (probesFirst, search)
	budget     int64 // states it may visit; 0 no limit
	deadline   time.Time
	ctx        context.Context

	nodes int64   // states visited, all workers
	n     int     // states in the set, once the search has ended
	peak  int64   // the most bytes the set held, once the search has ended
	stop  Stop    // why an unknown verdict stopped
	line  []rMove // on a win, the relaxed moves from the root, in order

	pw      *rworker  // the probes' worker (probeWorker), then the search's first
	scratch *rscratch // during search: where pw's buffers come from and go back to
	pdone   atomic.Bool
	pshared atomic.Int64
}

// rset is an exact set of packed relaxed keys: open addressing with
// linear probing from the top bits of the key's hash. Its slots are a
// bigWords (huge pages where large): free gives them back. A one-worker
// set, once large, is mapped with room to double in place up to its
// memory limit (growInPlace), so that it never holds an old and a new
// array together and writes no more memory than it comes to hold.
type rset struct {
	narrow bool
	xor    uint64      // narrow keys: what a key is stored XOR'd with (narrowXor)
	mem    bigWords    // the slots' memory
	set1   []uint64    // narrow keys, k[0] ^ xor (0: empty): mem's words
	set2   [][2]uint64 // wide keys (bit 127 set: never the zero value): mem's words in pairs
	n      int
	shift  uint   // 64 - log2(slots)
	pos    uint64 // the waste position's bits in the key's first word, where positions dominate (rroot.pos); else 0
	// room is the bytes the set may grow to in place (growInPlace): its
	// array, once mapped, is mapped with room for them; 0 for none (the
	// shards of several workers)
	room int64
}

func newRset(xor uint64, logSize uint, pos uint64) rset {
	s := rset{narrow: xor != 0, xor: xor, shift: 64 - logSize, pos: pos}
	s.alloc(1 << logSize)
	return s
}

// words is the words of a slot.
func (s *rset) words() int {
	if s.narrow {
		return 1
	}
	return 2
}

// alloc gives s an empty array of slots, mapped with room to grow in place
// up to s.room bytes where it is large.
func (s *rset) alloc(slots int) {
	s.mem = newBigWordsRoom(s.words()*slots, int(s.room/8))
	s.slice()
}

// slice points set1 or set2 at mem's words.
func (s *rset) slice() {
	if s.narrow {
		s.set1 = s.mem.w
		return
	}
	s.set2 = unsafe.Slice((*[2]uint64)(unsafe.Pointer(&s.mem.w[0])), len(s.mem.w)/2)
}

// inPlace tells whether the set can double in place (growInPlace).
func (s *rset) inPlace() bool { return s.mem.room(2 * s.words() * s.slots()) }

// reset empties the set, keeping its slots.
func (s *rset) reset() {
	clear(s.mem.w)
	s.n = 0
}

// free gives the slots' memory back; s is empty after it.
func (s *rset) free() {
	s.mem.free()
	s.set1, s.set2, s.n = nil, nil, 0
}

func (s *rset) slots() int {
	if s.narrow {
		return len(s.set1)
	}
	return len(s.set2)
}

func (s *rset) bytes() int64 {
	if s.narrow {
		return int64(len(s.set1)) * 8
	}
	return int64(len(s.set2)) * 16
}

// full tells whether one more key would load the set past 3/4.
func (s *rset) full() bool { return (s.n+1)*4 > s.slots()*3 }

// narrowXor is the word a set stores rg's keys XOR'd with when they fit
// one word (so that no key is stored as 0, an empty slot), or 0 when they
// do not. A key of at most 63 bits gets bit 63 (stored k[0] | 1<<63). A
// key of exactly 64 bits gets the key of no state: no talon card left and
// a waste position of 1 (the position counts waste cards among the talon
// cards left, so it is 0 when none is); it needs a position field.
func (rg *rgame) narrowXor() uint64 {
	switch b := rg.keyBits(); {
	case b <= 63:
		return 1 << 63
	case b == 64 && rg.wBits > 0:
		return 1 << rg.offW
	}
	return 0
}

// keyHash mixes a key into 64 bits: a multiply by the golden ratio of the
// stored word for a narrow key (xor, narrowXor, not 0), rhash for a wide
// one. Sets index by its top bits.
func keyHash(xor uint64, k [2]uint64) uint64 {
	if xor != 0 {
		return (k[0] ^ xor) * 0x9e3779b97f4a7c15
	}
	return rhash(k)
}

// setHash is the hash a set of position mask pos files k under: its
// keyHash with the waste position's bits cleared, so that the states that
// differ only there share a home slot. It is written out rather than as
// keyHash of a copy of k with the bits cleared: that form, made for every
// child, cost 4-6 % of a draw-1 solve (BenchmarkSolve, deal 83).
func setHash(xor uint64, k [2]uint64, pos uint64) uint64 {
	if xor != 0 {
		return (k[0]&^pos ^ xor) * 0x9e3779b97f4a7c15
	}
	return rhash([2]uint64{k[0] &^ pos, k[1]})
}

// insert adds k, whose hash's bits from the top (after the bits skip
// takes off) give its home slot (setHash); false when it was there. Where
// positions dominate (s.pos) insertDominated does it. The caller grows a
// full set first. k comes by pointer: a [2]uint64 argument would be
// copied through memory on every call.
func (s *rset) insert(k *[2]uint64, h uint64) bool {
	if s.pos != 0 {
		return s.insertDominated(*k, h)
	}
	mask := uint64(s.slots() - 1)
	i := h >> s.shift
	if s.narrow {
		w := k[0] ^ s.xor
		for ; ; i = (i + 1) & mask {
			switch s.set1[i] {
			case w:
				return false
			case 0:
				s.set1[i] = w
				s.n++
				return true
			}
		}
	}
	for ; ; i = (i + 1) & mask {
		switch s.set2[i] {
		case *k:
			return false
		case [2]uint64{}:
			s.set2[i] = *k
			s.n++
			return true
		}
	}
}

// insertDominated is insert where positions dominate: a key that differs
// from a stored one only in the waste position (s.pos) is not added when
// the stored position is the same or earlier (it dominates k's state:
// rroot.pos), and replaces the stored one when k's is earlier (true: k's
// state is searched). A set with s.pos 0 does not come here, so the
// plain insert keeps its one comparison a slot.
func (s *rset) insertDominated(k [2]uint64, h uint64) bool {
	mask := uint64(s.slots() - 1)
	i := h >> s.shift
	pm := s.pos
	if s.narrow {
		w := k[0] ^ s.xor
		for ; ; i = (i + 1) & mask {
			switch v := s.set1[i]; {
			case v == w:
				return false
			case v == 0:
				s.set1[i] = w
				s.n++
				return true
			case (v^w)&^pm == 0: // the same state but for the position
				if (v^s.xor)&pm <= k[0]&pm {
					return false
				}
				s.set1[i] = w
				return true
			}
		}
	}
	for ; ; i = (i + 1) & mask {
		switch v := s.set2[i]; {
		case v == k:
			return false
		case v == [2]uint64{}:
			s.set2[i] = k
			s.n++
			return true
		case v[1] == k[1] && (v[0]^k[0])&^pm == 0:
			if v[0]&pm <= k[0]&pm {
				return false
			}
			s.set2[i] = k
			return true
		}
	}
}

// grow doubles the set; skip is how many top bits of the hash chose the
// set (a shard's), which the slots do not use. A set with room doubles in
// place (growInPlace); otherwise its keys move to a new array, and the
// old one is given back once they are moved.
func (s *rset) grow(skip uint) {
	if s.inPlace() {
		s.growInPlace(skip)
		return
	}
	old, old1, old2 := s.mem, s.set1, s.set2
	s.shift--
	s.alloc(2 * s.slotsOf(old1, old2))
	s.n = 0
	if s.narrow {
		for _, w := range old1 {
			if w != 0 {
				k := [2]uint64{w ^ s.xor}
				s.insert(&k, setHash(s.xor, k, s.pos)<<skip)
			}
		}
	} else {
		for _, k := range old2 {
			if k != ([2]uint64{}) {
				s.insert(&k, setHash(0, k, s.pos)<<skip)
			}
		}
	}
	old.free()
}

// growInPlace doubles the set within its mapping, moving each key to its
// place in the doubled set without a second array: the doubled set's
// memory is the old one and the room after it, and only what the set comes
// to hold is ever written.
//
// Why it works. Slots are chosen by the top bits of the hash, so a key
// whose home slot is i has home 2i or 2i+1 once the set has doubled. With
// linear probing and no deletions, every key of a cluster (a run of full
// slots after an empty one) that does not wrap past the last slot has its
// home within the cluster: a home before it would have met the empty slot
// there. So the keys of a cluster [c, d] have homes of at least 2c in the
// doubled set. The clusters are taken from the right: each one's keys are
// copied out and its slots emptied, then each key is placed at the first
// empty slot from its new home on. Those slots are at 2c or after, past
// every cluster still to be taken (all before c), so nothing unread is
// written over. A key whose probe would run past the last slot, and the
// keys of the cluster that wraps from the last slot to the first, are
// placed last, with the probe wrapping as insert's does. Every key is then
// at the first empty slot from its home when it was placed, with no slot
// between emptied after, which is all a lookup needs: a probe from a key's
// home meets only full slots until it finds the key.
func (s *rset) growInPlace(skip uint) {
	n := s.slots()
	s.mem.extend(2 * s.words() * n)
	s.slice()
	s.shift--
	if s.narrow {
		growInPlace(s.set1, n, func(w uint64) uint64 {
			return setHash(s.xor, [2]uint64{w ^ s.xor}, s.pos) << skip >> s.shift
		})
		return
	}
	growInPlace(s.set2, n, func(k [2]uint64) uint64 {
		return setHash(0, k, s.pos) << skip >> s.shift
	})
}

// growInPlace is rset.growInPlace on slots, whose first n were the set's
// before it doubled; home gives a key's home slot in the doubled set.
func growInPlace[K uint64 | [2]uint64](slots []K, n int, home func(K) uint64) {
	var zero K
	mask := uint64(len(slots) - 1)
	var buf, late []K
	// the cluster that wraps, if the last old slot is full
	if slots[n-1] != zero {
		for i := 0; i < n && slots[i] != zero; i++ {
			late = append(late, slots[i])
			slots[i] = zero
		}
		for i := n - 1; i >= 0 && slots[i] != zero; i-- {
			late = append(late, slots[i])
			slots[i] = zero
		}
	}
	for i := n - 1; i >= 0; {
		if slots[i] == zero {
			i--
			continue
		}
		d := i
		for i >= 0 && slots[i] != zero {
			i--
		}
		buf = append(buf[:0], slots[i+1:d+1]...)
		clear(slots[i+1 : d+1])
	next:
		for _, k := range buf {
			for j := home(k); j <= mask; j++ {
				if slots[j] == zero {
					slots[j] = k
					continue next
				}
			}
			late = append(late, k)
		}
	}
	for _, k := range late {
		j := home(k)
		for slots[j] != zero {
			j = (j + 1) & mask
		}
		slots[j] = k
	}
}

func (s *rset) slotsOf(set1 []uint64, set2 [][2]uint64) int {
	if s.narrow {
		return len(set1)
	}
	return len(set2)
}

// rshards is the set of several workers: 64 sets, each behind its own
// lock, chosen by the top 6 bits of the key's hash.
type rshards struct {
	shards [64]struct {
		mu  sync.Mutex
		set rset
	}
	bytes atomic.Int64
}

// newRroot prepares the root search of rg with a set of at most mem bytes
// (0: no limit), searched by workers goroutines (0 or 1: one), with tn's
// depth limit and deferred moves.
func newRroot(rg *rgame, mem int64, workers int, tn tuning) *rroot {
	rr := &rroot{rg: rg, limit: mem, xor: rg.narrowXor(), workers: max(workers, 1),
		maxDepth: tn.maxDepth, deferMoves: tn.deferMoves, plainGen: tn.plainGen,
		probes: tn.probes, probeNodes: tn.probeNodes, pullsSkip: tn.pullsSkipped}
	if rr.deferMoves {
		rr.deferT, rr.deferW = rg.defersTalon(), rg.defersWorry()
		if tn.deferWorry == worryNotDeferred {
			rr.deferW = false
		}
	}
	switch {
	case rg.cells > 0:
		rr.probes, rr.probeNodes = tn.probesCells, tn.probeNodesCells
	case rg.draw > 1:
		rr.probes, rr.probeNodes = tn.probesMany, tn.probeNodesMany
	}
	if rg.joker {
		// the Joker's moves are in the plain generator only (its
		// children's keys still rewritten field by field: keyAfter), and
		// position dominance is proved without it; the deferred moves'
		// followers are readers' (relaxdefer.go), credits and releases
		// among them
		rr.plainGen, rr.keysAfter = true, !tn.plainGen
	}
	if tn.dominance && !rg.joker && rg.draw == 1 && rg.passes >= 2 && rg.offRec+rg.recBits <= 64 {
		var m [2]uint64
		setBits(&m, rg.offW, rg.wBits+rg.recBits, 1<<(rg.wBits+rg.recBits)-1)
		rr.pos = m[0]
	}
	return rr
}

// Position dominance. With one card drawn and two passes or more, the
// root search files a state under its key without the waste position (the
// waste cards among the talon cards left, w, and the recycles used, rec,
// which the key holds side by side, rec above w) and keeps, for each such
// rest, the earliest position it has searched: a state whose rest is in
// the set at the same or an earlier position is skipped, and one at an
// earlier position replaces it and is searched.
//
// Lemma (an earlier position dominates). Let X and Q be relaxed states
// alike but for the position, Q's earlier: rec_Q < rec_X, or rec_Q =
// rec_X and w_Q <= w_X. Every generated child of X is a generated child of
// Q, or the same state as one but at a later position. If X can be won,
// so can Q.
//
// Proof. From Q the K+ stock reaches every position X's does: drawing
// one card at a time turns every position after w in the pass, and a
// recycle (when passes are left) starts the next pass at 0; so X's
// positions are all reachable from Q with no more recycles. Safe moves and
// the moves that do not touch the talon read only the rest (the
// foundations, structures, cells and talon cards left; talon cards go to
// the foundations as safe moves only with unlimited passes), so Q has the
// same ones in the same order, and the same one alone when one is safe;
// each leads to the state X's leads to but at Q's position, earlier. A
// talon card at place i (1 for the first of those left; with w cards in
// the waste, card w is the waste's top) is offered at X at its first
// occurrence, in the pass rec_X if i >= w_X, else rec_X + 1 (kplus); at Q
// in rec_Q if i >= w_Q, else rec_Q + 1, which is no later in each case (if
// rec_Q < rec_X, rec_Q + 1 <= rec_X; if rec_Q = rec_X, i >= w_X implies
// i >= w_Q), so Q reaches it with no more recycles than X; the move
// leaves w = i - 1 both ways, so Q's child is X's at the same or an
// earlier recycle count. A macro's followers (relaxdefer.go: readers of
// an empty pile, or with worrying back of a worried-back card's type,
// talon cards among them) are offered the same way, and its pulled moves
// never touch the talon here (talon cards are pulled only with unlimited
// passes). By induction on the length of a
// winning line from X, Q has one: the won state depends only on the
// foundations. ∎
//
// Theorem (the search stays exhaustive). When the search ends without a
// win or a stop, every state reachable by generated moves from the root
// is dominated by (the same as, or at a later position than) a state the
// search has searched in full; so no reachable state is won, and the root
// is lost (the proof at the top).
//
// Proof. A stored position only moves earlier, and the state at each
// stored position was searched by the worker that stored it (in full, the
// search having ended without a stop). Along a generated line from the
// root, suppose the parent P of a state X is dominated by a state Y that
// was searched. By the lemma Y has a generated child X' that dominates
// X; when Y was searched X' was inserted, and it was searched, or its
// rest was stored at the same or an earlier position, whose state was
// searched. Dominance is transitive, so X is dominated by a searched
// state. The root was searched; by induction so is every state on the
// line dominated. A reachable won state is dominated by a searched state
// with the same foundations, which is won, and whose generation the
// search checks (won, before the insert): the search would have ended
// with a win. ∎
//
// A child never returns to its ancestor's rest at an earlier position: the
// moves that keep the talon keep the position. So a state being searched
// is never replaced under its own search. The lock-free set of several
// workers (rshared.go) holds exact keys only: with position dominance the
// workers share the locked shards instead.

// noLimitRoom is the address space a set without a memory
// limit reserves to grow in place (rset.room): only what it holds is
// taken from the system.
const noLimitRoom = 64 << 30

// roomFor is the bytes a set of memory limit limit (0: none) may grow to
// in place: the limit, or noLimitRoom without one.
func roomFor(limit int64) int64 {
	if limit > 0 {
		return limit
	}
	return noLimitRoom
}

// makeSet makes the search's empty set: one worker's, a lock-free one
// for narrow keys and several workers, or shards.
func (rr *rroot) makeSet() {
	switch {
	case rr.workers == 1:
		rr.set = newRset(rr.xor, firstLogSize, rr.pos)
		rr.set.room = roomFor(rr.limit)
	case rr.rg.keyBits() <= 62 && rr.pos == 0:
		rr.lf = newLfset(rr.workers, rr.limit)
	default:
		rr.sh = &rshards{}
		for i := range rr.sh.shards {
			rr.sh.shards[i].set = newRset(rr.xor, 10, rr.pos)
			rr.sh.bytes.Add(rr.sh.shards[i].set.bytes())
		}
	}
}

// freeSet records the set's size and gives its memory back.
func (rr *rroot) freeSet() {
	rr.peak = max(rr.peak, rr.bytes())
	rr.n = rr.set.n
	rr.set.free()
	if rr.lf != nil {
		rr.n = rr.lf.count()
		rr.lf.free()
		rr.lf = nil
	}
	if rr.sh != nil {
		rr.n = 0
		for i := range rr.sh.shards {
			rr.n += rr.sh.shards[i].set.n
			rr.sh.shards[i].set.free()
		}
		rr.sh = nil
	}
}

// keyBits is how many bits rgame.key uses, the used-slot bit aside.
func (rg *rgame) keyBits() uint { return rg.offJoker + rg.jokerWidth() }

// bytes is what the set holds while the search runs, and the most it held
// once it has ended.
func (rr *rroot) bytes() int64 {
	if rr.lf != nil {
		return rr.lf.bytes()
	}
	if rr.sh != nil {
		return rr.sh.bytes.Load()
	}
	return max(rr.peak, rr.set.bytes())
}

// rworker is one goroutine of a root search.
type rworker struct {
	rr      *rroot
	rg      *rgame
	id      int    // workers > 0 try the moves near the root in another order
	probe   uint64 // a probe's number (see probe), 0 in the search itself
	done    *atomic.Bool
	shared  *atomic.Int64 // nodes of all workers, flushed every 1,024
	nodes   int64         // this worker's nodes
	flush   int64         // nodes at the last flush
	pending int64         // keys this worker added to rr.lf, not yet counted there
	path    []uint64      // the narrow keys of the states above, to shareDepth (every depth when helping)
	help    bool          // a helping pass: busy states are searched at every depth
	sawBusy bool          // the pass met a state another worker was still searching
	adds    int64         // states this worker added to the set
	stop    Stop
	bufs    [][]rMove
	kids    [][]rkid
	line    []rMove   // on a win, the moves from the root, last first
	macro   [][]rMove // per depth, the moves of the kids
	seq     []rMove   // the macro being expanded
	mbuf    [][]rMove // expand's move lists, per level
	goals   []pgoal   // pull's goals, the next last
	ubuf    []rMove   // pull's followers, per length of seq
	ks      [64]kpos  // the K+ stock's positions of the state being expanded
}

// search decides st in the relaxed game within budget states (0: no
// limit): Lost (proved), Won (rr.line holds a relaxed winning line from
// st, in order) or Unknown (rr.stop says why).
//
// With several workers, each searches from st depth first (the workers
// after the first in other move orders near the root), all sharing the
// set: a state in the set is searched in full by the worker that put it
// there, so a worker skips it. The search stays exhaustive: when every
// worker has ended without a win or a stop, each state put in the set
// was searched in full, so each of its children was put in the set by
// someone, and every state reachable from st was visited (as the proof
// at the top needs). A worker that ends while others are still searching
// helps them (helpPasses). The verdict is one worker's; the nodes and the
// win found may differ.
func (rr *rroot) search(st *rstate, budget int64, deadline time.Time, ctx context.Context) Verdict {
	rr.begin(budget, deadline, ctx)
	defer rr.putScratch()
	k := rr.rg.key(st)
	if rr.rg.won(st) {
		return Won
	}
	if v, decided := rr.runProbes(st, k, rr.probes); decided {
		return v
	}
	if budget > 0 {
		rr.budget = budget - rr.nodes
	}
	rr.makeSet()
	var done atomic.Bool
	var shared atomic.Int64
	ws := make([]*rworker, rr.workers)
	for i := range ws {
		ws[i] = &rworker{rr: rr, rg: rr.rg, id: i, done: &done, shared: &shared}
	}
	// the first worker takes the probes' buffers, or the scratch's
	if w := rr.pw; w != nil {
		ws[0].bufs, ws[0].kids, ws[0].macro, ws[0].mbuf, ws[0].goals = w.bufs, w.kids, w.macro, w.mbuf, w.goals
	} else {
		sc := rr.scratch
		ws[0].bufs, ws[0].kids, ws[0].macro, ws[0].mbuf, ws[0].goals = sc.bufs, sc.kids, sc.macro, sc.mbuf, sc.goals
	}
	rr.pw = ws[0] // its buffers go back to the scratch at the end
	h := setHash(rr.xor, k, rr.pos)
	if _, ok := ws[0].insert(&k, h); !ok {
		rr.freeSet()
		rr.stop = StopMemory
		return Unknown
	}
	won := make([]bool, len(ws))
	var wg sync.WaitGroup
	for i, w := range ws {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := *st
			won[i] = w.visit(&s, k, 0)
			// helping passes (see helpPasses)
			for pass := uint64(1); !won[i] && w.stop == NotStopped && !done.Load() && w.sawBusy && len(ws) > 1; pass++ {
				before := w.adds
				w.help, w.sawBusy, w.probe, w.path = true, false, pass, w.path[:0]
				s = *st
				won[i] = w.visit(&s, k, 0)
				if w.adds-before < helpIdleNodes {
					time.Sleep(helpIdleWait)
				}
			}
			if won[i] || w.stop != NotStopped {
				done.Store(true)
			}
		}()
	}
	wg.Wait()
	if rr.keep && len(ws) == 1 && won[0] {
		// the set is kept for the guide's lost marks (rootmarks.go):
		// handOver gives it to the guide, or frees it
		rr.peak, rr.n, rr.kept = max(rr.peak, rr.bytes()), rr.set.n, true
	} else {
		rr.freeSet()
	}
	for i, w := range ws {
		rr.nodes += w.nodes
		if won[i] && len(rr.line) == 0 {
			for j := len(w.line) - 1; j >= 0; j-- {
				rr.line = append(rr.line, w.line[j])
			}
		}
	}
	if len(rr.line) > 0 {
		return Won
	}
	for _, w := range ws {
		if w.stop != NotStopped && w.stop != stopDone && rr.stop == NotStopped {
			rr.stop = w.stop
		}
	}
	if rr.stop != NotStopped {
		return Unknown
	}
	return Lost
}

// probesFirst runs the probes not yet run, up to number upto, alone from
// st within budget states (0: no limit), as search would before its own
// search: Won (rr.line holds the line), Lost (a probe was exhaustive), or
// Unknown, with rr.stop saying why when a stop ended them and NotStopped
// when no probe decided. A later call, or the search, goes on with the
// probes after them (each probe's order is drawn from its number and the
// keys alone, so one run again would end the same way).
func (rr *rroot) probesFirst(st *rstate, budget int64, deadline time.Time, ctx context.Context, upto int) Verdict {
	rr.begin(budget, deadline, ctx)
	defer rr.putScratch()
	if rr.rg.won(st) {
		return Won
	}
	if v, decided := rr.runProbes(st, rr.rg.key(st), upto); decided {
		return v
	}
	return Unknown
}

// begin readies rr for a search (or the probes alone) from scratch.
func (rr *rroot) begin(budget int64, deadline time.Time, ctx context.Context) {
	rr.budget, rr.deadline, rr.ctx, rr.stop, rr.line = budget, deadline, ctx, NotStopped, rr.line[:0]
	rr.scratch = rscratchPool.Get().(*rscratch)
	rr.nodes = 0
}

// runProbes runs the probes from st (key k) after the rr.probed already
// run, up to number upto (at most rr.probes), one set for all of them,
// emptied between them; decided tells whether one's verdict is the
// search's (probe).
func (rr *rroot) runProbes(st *rstate, k [2]uint64, upto int) (Verdict, bool) {
	upto = min(upto, rr.probes)
	if rr.probed >= upto {
		return Unknown, false
	}
	rr.set = newRset(rr.xor, probeLogSize, rr.pos)
	rr.set.room = roomFor(rr.limit)
	defer rr.set.free()
	for rr.probed < upto {
		rr.probed++
		rr.set.reset()
		if v, decided := rr.probe(st, k, uint64(rr.probed)); decided {
			return v, true
		}
	}
	return Unknown, false
}

// probe runs probe number p of the search from st (key k): a depth-first
// search of at most probeNodes states (fewer when the search's budget has
// fewer left) with a set of its own, in which each state's moves are
// rotated by an amount drawn from its key and p, so that each probe tries
// the moves in another order, the same at each visit of a state. decided
// tells whether the probe's verdict is the search's: a win, found as the
// search's are; a loss, when the probe ended without a stop (it is then
// exhaustive, its moves being the search's in another order, and the
// theorem at the top holds for it); or a stop other than its own budget
// (time, cancel, memory, depth, or the search's budget spent). The probe's
// states count in rr.nodes.
//
// Why: a depth-first search commits to its first move, and a won deal's
// first moves can lead into a large lost region that it searches in full
// before it tries the next (draw-3 deal 979 with worrying back: 1.5 M
// states under its fourth move, the win 6,000 states under another). A
// probe either wins at once or not at all: on draw-3 deal 799, 2 of 32
// probes win within 2,000 states, and no more within 20,000; the search
// itself takes 15.9 M states. tuning.probes has the measured schedules;
// a lost game of more than a probe's budget costs all the probes' states
// more.
func (rr *rroot) probe(st *rstate, k [2]uint64, p uint64) (Verdict, bool) {
	budget := rr.probeNodes
	own := true // the probe's own budget, not the search's, bounds it
	if rr.budget > 0 && rr.budget-rr.nodes <= budget {
		budget, own = rr.budget-rr.nodes, false
	}
	saved := rr.budget
	rr.budget = budget
	defer func() { rr.budget = saved }()
	w := rr.probeWorker(p)
	w.insert(&k, setHash(rr.xor, k, rr.pos))
	s := *st
	won := w.visit(&s, k, 0)
	rr.nodes += w.nodes
	switch {
	case won:
		for j := len(w.line) - 1; j >= 0; j-- {
			rr.line = append(rr.line, w.line[j])
		}
		return Won, true
	case w.stop == NotStopped:
		return Lost, true
	case w.stop == StopNodes && own:
		return Unknown, false
	}
	rr.stop = w.stop
	return Unknown, true
}

// probeWorker returns the worker of probe p: the previous probe's, reset,
// so that its per-depth buffers, grown as deep as the probes went, are
// allocated once per search and not once per probe.
func (rr *rroot) probeWorker(p uint64) *rworker {
	w := rr.pw
	if w == nil {
		sc := rr.scratch
		w = &rworker{bufs: sc.bufs, kids: sc.kids, macro: sc.macro, mbuf: sc.mbuf, goals: sc.goals}
		rr.pw = w
	}
	*w = rworker{rr: rr, rg: rr.rg, probe: p, done: &rr.pdone, shared: &rr.pshared,
		path: w.path[:0], bufs: w.bufs, kids: w.kids, line: w.line[:0],
		macro: w.macro, seq: w.seq[:0], mbuf: w.mbuf, goals: w.goals[:0]}
	rr.pdone.Store(false)
	rr.pshared.Store(0)
	return w
}

// rscratch is a root search's per-depth buffers (its first worker's,
// which the probes share), kept from one search to the next in
// rscratchPool, so that many small solves (a player's samples) do not
// each allocate them again: a depth's buffers hold 64 children, whole
// relaxed states.
type rscratch struct {
	bufs  [][]rMove
	kids  [][]rkid
	macro [][]rMove
	mbuf  [][]rMove
	goals []pgoal
}

var rscratchPool = sync.Pool{New: func() any { return new(rscratch) }}

// putScratch gives the buffers of the search's first worker (grown as
// deep as it went) back to the pool, with the scratch they came from.
func (rr *rroot) putScratch() {
	sc := rr.scratch
	if w := rr.pw; w != nil {
		sc.bufs, sc.kids, sc.macro, sc.mbuf, sc.goals = w.bufs, w.kids, w.macro, w.mbuf, w.goals[:0]
		rr.pw = nil
	}
	rr.scratch = nil
	rscratchPool.Put(sc)
}

// probeLogSize is log2 of a probe set's slots: room for a probe's states
// under the 3/4 load, so that it never grows.
const probeLogSize = 12

// firstLogSize is log2 of the slots a root search's set starts with: few,
// as each new page of memory costs a page fault (on the 2-core test
// machine about 12 µs for 4 KiB), and most root searches visit few
// states; the set doubles as it fills.
const firstLogSize = 10

// insert adds k (hash h) to the set; added is false when it was there; ok
// is false when the set would outgrow its limit. k comes by pointer, as
// to rset.insert.
func (w *rworker) insert(k *[2]uint64, h uint64) (added, ok bool) {
	rr := w.rr
	if rr.lf != nil {
		added, _, ok = rr.lf.insert(w.id, k[0], h, &w.pending)
		return added, ok
	}
	if rr.sh == nil {
		s := &rr.set
		if s.full() {
			if rr.limit > 0 {
				need := 3 * s.bytes() // the old and the new array live together while it grows
				if s.inPlace() {
					need = 2 * s.bytes()
				}
				if need > rr.limit {
					return false, false
				}
			}
			s.grow(0)
		}
		return s.insert(k, h), true
	}
	sh := &rr.sh.shards[h>>58]
	sh.mu.Lock()
	defer sh.mu.Unlock()
	s := &sh.set
	if s.full() {
		b := s.bytes()
		if rr.limit > 0 && rr.sh.bytes.Load()+2*b > rr.limit {
			return false, false
		}
		s.grow(6)
		rr.sh.bytes.Add(b)
	}
	return s.insert(k, h<<6), true
}

// visit searches from st (key k, already in the set) and tells whether it
// found a win; on one, w.line holds the moves from st, last first.
func (w *rworker) visit(st *rstate, k [2]uint64, depth int) bool {
	rr, rg := w.rr, w.rg
	if rr.budget > 0 && w.shared.Load()+w.nodes-w.flush >= rr.budget {
		w.stop = StopNodes
		return false
	}
	w.nodes++
	if w.nodes&1023 == 0 {
		w.shared.Add(w.nodes - w.flush)
		w.flush = w.nodes
		if !rr.deadline.IsZero() && time.Now().After(rr.deadline) {
			w.stop = StopTime
			return false
		}
		if rr.ctx != nil && rr.ctx.Err() != nil {
			w.stop = StopCancelled
			return false
		}
	}
	if rr.workers > 1 && w.done.Load() {
		w.stop = stopDone // another worker won or stopped
		return false
	}
	if depth >= rr.maxDepth {
		w.stop = StopDepth
		return false
	}
	for len(w.bufs) <= depth {
		w.bufs = append(w.bufs, make([]rMove, 0, 64))
		w.kids = append(w.kids, make([]rkid, 0, 64))
	}
	var moves []rMove
	var v rview // st's, for the deferred moves' readers (not with plainGen)
	nk := -1
	if rr.plainGen {
		moves = rg.moves(st, w.bufs[depth][:0], true)
	} else {
		moves, nk = rg.rootMoves(st, w.bufs[depth][:0], &w.ks, &v)
	}
	if w.probe != 0 && len(moves) > 1 {
		h := (keyHash(rr.xor, k) ^ w.probe*0x9e3779b97f4a7c15) * 0xbf58476d1ce4e5b9
		rotateR(moves, int((h>>32)%uint64(len(moves))))
	}
	if w.id > 0 && depth < 16 && len(moves) > 1 {
		rotateR(moves, (w.id*7+depth)%len(moves))
	}
	w.bufs[depth] = moves
	kids := w.kids[depth][:0]
	for len(w.macro) <= depth {
		w.macro = append(w.macro, nil)
	}
	w.macro[depth] = w.macro[depth][:0]
	vs := v.sets()
	for mi, m := range moves {
		if r, ok := rr.deferred(st, m); ok {
			w.seq = w.seq[:0]
			kids = w.expand(st, k[0], k[1], &moves[mi], r, depth, kids, nk, &vs)
			continue
		}
		kids = append(kids, rkid{st: *st, mi: int32(len(w.macro[depth])), mn: 1})
		w.macro[depth] = append(w.macro[depth], m)
		c := &kids[len(kids)-1]
		rg.apply(&c.st, m)
		if rr.plainGen && !rr.keysAfter {
			c.k = rg.key(&c.st)
		} else {
			c.k[0], c.k[1] = rg.keyAfter(k[0], k[1], &c.st, m)
		}
		c.h = setHash(rr.xor, c.k, rr.pos)
		w.fetch(c.h)
	}
	w.kids[depth] = kids
	for j := range kids {
		c := &kids[j]
		if rg.won(&c.st) {
			w.pushLine(depth, c)
			return true
		}
		var added, busy, ok bool
		if rr.lf != nil {
			added, busy, ok = rr.lf.insert(w.id, c.k[0], c.h, &w.pending)
		} else {
			added, ok = w.insert(&c.k, c.h)
		}
		if !ok {
			w.stop = StopMemory
			return false
		}
		// A state another worker claimed and is still searching is
		// searched here too when it is near the root (so that a worker
		// that finds the first moves taken does not end at once): the
		// work is done twice, and the claimer's search is what the
		// exhaustion rests on. A state on this worker's own path is not
		// entered again.
		if busy {
			w.sawBusy = true
		}
		if added {
			w.adds++
		}
		share := !added && busy && (depth < shareDepth || w.help) && !w.onPath(c.k[0], depth)
		if !added && !share {
			continue
		}
		if depth < shareDepth || w.help {
			w.path = append(w.path[:depth], k[0])
		}
		if w.visit(&c.st, c.k, depth+1) {
			w.pushLine(depth, c)
			return true
		}
		if w.stop != NotStopped {
			return false
		}
		if added && rr.lf != nil {
			rr.lf.done(w.id, c.k[0], c.h)
		}
	}
	return false
}

// fetch starts bringing in the home slot of hash h in the set, as a child
// is made, so that the slot is there when the child is inserted. (With
// several workers the array may be given back under the prefetch while
// the set grows: a prefetch reads nothing and never faults, so it is only
// wasted.)
func (w *rworker) fetch(h uint64) {
	rr := w.rr
	switch s := &rr.set; {
	case rr.lf != nil:
		a := rr.lf.cur.Load()
		prefetch(&a.slots[h>>a.shift])
	case rr.sh != nil:
	case s.narrow:
		prefetch(&s.set1[h>>s.shift])
	default:
		prefetch(&s.set2[h>>s.shift][0])
	}
}

// rotateR turns ms left by k places.
func rotateR(ms []rMove, k int) {
	slices.Reverse(ms[:k])
	slices.Reverse(ms[k:])
	slices.Reverse(ms)
}

// shareDepth is the depth above which a worker also searches states that
// another worker is searching (rshared.go).
const shareDepth = 32

// helpPasses: a worker whose search from the root ends (no win, no stop)
// while it met states another worker was still searching does not stop:
// it searches from the root again, its moves in another order at every
// depth (as a probe's), and enters the busy states at every depth (never
// one on its own path), until a pass meets none. Without it a worker
// ended as soon as everything it reached was claimed, and one worker
// searched the rest of a hard lost deal alone. Each state is still
// searched in full by the worker that claimed it, and marked done only by
// it, so the exhaustion argument at search holds; a helper claims only
// states no one has reached yet, and searches them in full itself. A pass
// that adds fewer than helpIdleNodes states (only the claimers' own paths
// are left) waits helpIdleWait before the next.
const (
	helpIdleNodes = 64
	helpIdleWait  = 200 * time.Microsecond
)

// onPath tells whether the narrow key k0 is on the worker's path above
// depth (the path is short where it is asked: depth < shareDepth, or a
// helping pass's busy state).
func (w *rworker) onPath(k0 uint64, depth int) bool {
	for _, p := range w.path[:depth] {
		if p == k0 {
			return true
		}
	}
	return false
}
