package solver

import "sync"

// keyset is an exact set of two-word keys for the searches of the other
// games' abstractions (linkgame.go): open addressing with
// linear probing over bigWords, two words a slot, the whole key stored and
// compared (no verdict rests on a hash not colliding). A key's second
// word must not be 0: the empty slot is all zero, and every key of these
// games sets a marker bit in its second word (keyMark).
type keyset struct {
	mem   bigWords
	slots []uint64 // 2 words a slot
	mask  uint64   // slots/2 - 1
	n     int
	limit int64 // bytes; 0 no limit
	// skip is the bits of a key's second word that its hash leaves out:
	// keys that differ only there start their probes at one slot, so that
	// one run of slots holds them all (the link game's cuts: linkgame.go,
	// lsearch.seenNode). 0 for the other sets.
	skip uint64
}

// keyMark is set in the second word of every key of a keyset.
const keyMark = 1 << 63

func newKeyset(limit int64) *keyset {
	s := &keyset{limit: limit}
	s.alloc(1 << 12)
	return s
}

func (s *keyset) alloc(n int) {
	if p, _ := smallKeysets.Get().(*[]uint64); p != nil && cap(*p) >= 2*n && 2*n*8 < hugeMin {
		s.mem = bigWords{w: (*p)[:2*n]}
		clear(s.mem.w)
	} else {
		s.mem = newBigWords(2 * n)
	}
	s.slots = s.mem.w
	s.mask = uint64(n - 1)
}

// smallKeysets keeps the arrays of small sets (below hugeMin, so Go
// slices) that were freed, for the next set: a solve of a few hundred
// nodes (the expert's samples) makes several sets, each of 64 KiB at
// first. A set is used by one goroutine, and its old array is freed only
// when nothing reads it any more, so reusing it is safe.
var smallKeysets sync.Pool

// releaseWords frees mem, keeping a small array for the next set.
func releaseWords(mem bigWords) {
	if mem.mapped == nil && mem.w != nil && cap(mem.w)*8 < hugeMin {
		w := mem.w[:0]
		smallKeysets.Put(&w)
		return
	}
	mem.free()
}

func (s *keyset) bytes() int64 { return int64(len(s.slots)) * 8 }

// free gives the set's memory back; the set must not be used after.
func (s *keyset) free() {
	releaseWords(s.mem)
	s.mem = bigWords{}
	s.slots = nil
}

// The set's methods work on a key's two words, a and b, passed
// separately: a [2]uint64 argument or result goes through memory, and a
// caller that has just set one of its words waits for that store when the
// key is read whole (the beams, which call the set for every child). The
// methods that take a [2]uint64 are for the other searches.

// hash is the hash in s of the key of words a and b: khash without the
// skip bits.
func (s *keyset) hash(a, b uint64) uint64 { return khash(a, b&^s.skip) }

func khash(a, b uint64) uint64 {
	h := a*0x9E3779B97F4A7C15 ^ b*0xC2B2AE3D27D4EB4F
	h ^= h >> 29
	h *= 0xBF58476D1CE4E5B9
	return h ^ h>>32
}

// insert adds k and tells whether it was new; ok is false when the set
// would have to outgrow its limit (then k is not added).
func (s *keyset) insert(k [2]uint64) (added, ok bool) {
	if !s.room() {
		return false, false
	}
	return s.insertFrom(k[0], k[1], s.hash(k[0], k[1])&s.mask), true
}

// insertAt is insert(k) for p, k's probe (fetch).
func (s *keyset) insertAt(k [2]uint64, p probe) (added, ok bool) {
	return s.insertAt2(k[0], k[1], p)
}

// insertAt2 is insertAt for the key of words a and b.
func (s *keyset) insertAt2(a, b uint64, p probe) (added, ok bool) {
	if !s.room() {
		return false, false
	}
	return s.insertFrom(a, b, s.start(a, b, p)), true
}

// room makes room for one more key, growing the set when it is three
// quarters full; false when it would outgrow its limit.
func (s *keyset) room() bool {
	return 4*(s.n+1) <= 3*int(s.mask+1) || s.grow()
}

// insertFrom adds the key of words ka and kb, probing from slot i, which
// must be where its hash puts it in the set as it is, and tells whether
// it was new.
func (s *keyset) insertFrom(ka, kb uint64, i uint64) bool {
	for ; ; i = (i + 1) & s.mask {
		a, b := s.slots[2*i], s.slots[2*i+1]
		if b == 0 {
			s.slots[2*i], s.slots[2*i+1] = ka, kb
			s.n++
			return true
		}
		if a == ka && b == kb {
			return false
		}
	}
}

// contains tells whether k is in the set.
func (s *keyset) contains(k [2]uint64) bool {
	return s.containsFrom(k[0], k[1], s.hash(k[0], k[1])&s.mask)
}

// probe is where a search for a key starts in a set of a given size.
type probe struct{ at, mask uint64 }

// fetch gives the probe of k, and asks the processor to bring in its
// slot's cache line meanwhile (prefetch): a caller that makes several
// keys fetches them all before reading any (containsAt), so that their
// misses overlap.
func (s *keyset) fetch(k [2]uint64) probe { return s.fetch2(k[0], k[1]) }

// fetch2 is fetch for the key of words a and b.
func (s *keyset) fetch2(a, b uint64) probe {
	i := s.hash(a, b) & s.mask
	prefetch(&s.slots[2*i])
	return probe{i, s.mask}
}

// start is the slot where a search for the key of words a and b begins,
// from p, its probe: p's slot, or where its hash now puts it if the set
// has grown since fetch made p.
func (s *keyset) start(a, b uint64, p probe) uint64 {
	if p.mask != s.mask {
		return s.hash(a, b) & s.mask
	}
	return p.at
}

// containsAt is contains(k) for p, k's probe.
func (s *keyset) containsAt(k [2]uint64, p probe) bool {
	return s.containsFrom(k[0], k[1], s.start(k[0], k[1], p))
}

// containsFrom is contains for the key of words ka and kb with the probe
// starting at slot i, which must be where its hash puts it in the set as
// it is.
func (s *keyset) containsFrom(ka, kb uint64, i uint64) bool {
	for ; ; i = (i + 1) & s.mask {
		a, b := s.slots[2*i], s.slots[2*i+1]
		if b == 0 {
			return false
		}
		if a == ka && b == kb {
			return true
		}
	}
}

func (s *keyset) grow() bool {
	n := 2 * int(s.mask+1)
	if s.limit > 0 && int64(n)*16 > s.limit {
		return false
	}
	old, oldMem := s.slots, s.mem
	s.alloc(n)
	for i := 0; i < len(old); i += 2 {
		if old[i+1] == 0 {
			continue
		}
		a, b := old[i], old[i+1]
		for j := s.hash(a, b) & s.mask; ; j = (j + 1) & s.mask {
			if s.slots[2*j+1] == 0 {
				s.slots[2*j], s.slots[2*j+1] = a, b
				break
			}
		}
	}
	releaseWords(oldMem)
	return true
}
