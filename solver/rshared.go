package solver

import (
	"runtime"
	"sync/atomic"
)

// lfset is the set of narrow keys that the workers of one root search
// share without locks: open addressing with linear probing, a key put in
// an empty slot by compare-and-swap, so two workers never both think they
// added the same key (the one whose swap fails reads the slot again and
// finds the key, or probes on). The set doubles when it is 3/4 full; while
// it grows no worker is inside an insert (a handshake on per-worker flags,
// below), and the grown array is published at once.
type lfset struct {
	cur      atomic.Pointer[lfarray]
	resizing atomic.Bool
	n        atomic.Int64 // keys, counted in batches (each worker's batch below lfBatch)
	limit    int64        // bytes; 0 no limit
	full     atomic.Bool  // the set could not grow within limit
	active   []lfflag     // per worker: inside an insert
}

// lfarray is one array of the set. An array the set has grown out of is
// given back at once: the handshake keeps every worker out of it by then.
type lfarray struct {
	mem   bigWords
	slots []uint64 // mem's words
	shift uint     // 64 - log2(len(slots))
}

// newLfarray makes an empty array of 1<<logSize slots, mapped where large
// with room to double in place up to room bytes (rset.alloc).
func newLfarray(logSize uint, room int64) *lfarray {
	a := &lfarray{mem: newBigWordsRoom(1<<logSize, int(room/8)), shift: 64 - logSize}
	a.slots = a.mem.w
	return a
}

// lfflag is a worker's flag on a cache line of its own.
type lfflag struct {
	in atomic.Bool
	_  [63]byte
}

// lfBatch is how many adds a worker counts before adding them to n.
const lfBatch = 64

func newLfset(workers int, limit int64) *lfset {
	s := &lfset{limit: limit, active: make([]lfflag, workers)}
	s.cur.Store(newLfarray(firstLogSize, roomFor(s.limit)))
	return s
}

// free gives the array's memory back, once every worker has stopped.
func (s *lfset) free() {
	if a := s.cur.Load(); a != nil {
		a.mem.free()
		s.cur.Store(nil)
	}
}

func (s *lfset) bytes() int64 { return int64(len(s.cur.Load().slots)) * 8 }

// lfDone marks a key whose state its claimer (the worker that added it)
// has searched in full; keys of 62 bits or fewer leave the bit free.
const lfDone = 1 << 62

// insert adds the narrow key k0 (a key's first word: narrow keys have no
// second; hash h) for worker w; added is false when
// it was there, and then busy tells that its claimer has not finished it;
// ok is false when the set is full within its limit. *pending counts the
// worker's adds not yet in n.
//
// The handshake: a worker raises its flag, then reads resizing; the one
// that grows the set sets resizing, then waits until no other flag is
// raised. sync/atomic's operations are sequentially consistent, so either
// the worker sees resizing and lowers its flag without touching the
// array, or the grower sees the flag and waits for the insert to end.
func (s *lfset) insert(w int, k0 uint64, h uint64, pending *int64) (added, busy, ok bool) {
	if s.full.Load() {
		return false, false, false
	}
	key := k0 | 1<<63
	f := s.enter(w)
	a := s.cur.Load()
	mask := uint64(len(a.slots) - 1)
	i := h >> a.shift
	for {
		v := atomic.LoadUint64(&a.slots[i])
		if v&^lfDone == key {
			f.Store(false)
			return false, v&lfDone == 0, true
		}
		if v == 0 {
			if atomic.CompareAndSwapUint64(&a.slots[i], 0, key) {
				break
			}
			continue // another worker took the slot: read it again
		}
		i = (i + 1) & mask
	}
	f.Store(false)
	if *pending++; *pending >= lfBatch {
		n := s.n.Add(*pending)
		*pending = 0
		if n*4 > int64(len(a.slots))*3 {
			if !s.grow(w, a) {
				return true, false, false
			}
		}
	}
	return true, false, true
}

// enter raises worker w's flag once no growth is under way (the
// handshake described at insert) and returns the flag, to be lowered when
// the worker is done with the array.
func (s *lfset) enter(w int) *atomic.Bool {
	f := &s.active[w].in
	for {
		f.Store(true)
		if !s.resizing.Load() {
			return f
		}
		f.Store(false)
		for s.resizing.Load() {
			runtime.Gosched()
		}
	}
}

// done marks the narrow key k0 (hash h), which worker w added, as searched
// in full.
func (s *lfset) done(w int, k0 uint64, h uint64) {
	key := k0 | 1<<63
	f := s.enter(w)
	a := s.cur.Load()
	mask := uint64(len(a.slots) - 1)
	for i := h >> a.shift; ; i = (i + 1) & mask {
		v := atomic.LoadUint64(&a.slots[i])
		if v&^lfDone == key {
			atomic.OrUint64(&a.slots[i], lfDone)
			break
		}
		if v == 0 {
			break // not there: cannot happen, the worker added it
		}
	}
	f.Store(false)
}

// grow doubles the array a if it is still the set's, and tells whether the
// set is within its limit.
func (s *lfset) grow(w int, a *lfarray) bool {
	if !s.resizing.CompareAndSwap(false, true) {
		return !s.full.Load() // another worker grows it
	}
	defer s.resizing.Store(false)
	if s.cur.Load() != a {
		return !s.full.Load()
	}
	n := len(a.slots)
	inPlace := a.mem.room(2 * n)
	need := 3 * int64(n) * 8 // the old and the new array live together while it grows
	if inPlace {
		need = 2 * int64(n) * 8
	}
	if s.limit > 0 && need > s.limit {
		s.full.Store(true)
		return false
	}
	for i := range s.active {
		if i != w {
			for s.active[i].in.Load() {
				runtime.Gosched()
			}
		}
	}
	home := func(v uint64) uint64 { return keyHash(1<<63, [2]uint64{v &^ lfDone &^ (1 << 63)}) }
	if inPlace {
		// as the one-worker set does (rset.growInPlace); no worker is
		// inside an insert, and a prefetch of the old array's slots
		// reads the same memory
		b := &lfarray{mem: a.mem, shift: a.shift - 1}
		b.mem.extend(2 * n)
		b.slots = b.mem.w
		growInPlace(b.slots, n, func(v uint64) uint64 { return home(v) >> b.shift })
		s.cur.Store(b)
		return true
	}
	b := newLfarray(64-a.shift+1, roomFor(s.limit))
	mask := uint64(len(b.slots) - 1)
	for _, v := range a.slots {
		if v == 0 {
			continue
		}
		j := home(v) >> b.shift
		for b.slots[j] != 0 {
			j = (j + 1) & mask
		}
		b.slots[j] = v
	}
	s.cur.Store(b)
	a.mem.free()
	return true
}

// count is the keys in the set (exact once every worker has stopped).
func (s *lfset) count() int {
	a := s.cur.Load()
	n := 0
	for _, v := range a.slots {
		if v != 0 {
			n++
		}
	}
	return n
}
