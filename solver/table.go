package solver

import (
	"sync"
	"sync/atomic"

	"github.com/cespare/xxhash/v2"
)

// table is the set of states already searched. It stores every state's
// full canonical key, so membership is exact: two states are the same only
// when their keys are equal byte for byte, never because hashes collide.
//
// slots is an open-addressing hash table with linear probing; a slot is 0
// when empty, else
//
//	bits 36-63  tag: the low 28 bits of the key's hash
//	bits  0-35  1 + the key's offset in the arena
//
// A key's home slot is its hash's low bits, so while the table has at most
// 2^28 slots the tag alone tells a key's home: growing moves slots without
// reading or hashing the keys again.
//
// The arena holds keys as a length byte (keys are under 256 bytes: a key
// writes each card at most once, with a few bytes per pile and field, see
// engine.State.AppendKey) then the key bytes, in chunks of chunkSize
// bytes. A table for a few states starts with a smaller first chunk, which
// is moved as it doubles (offsets into it stay valid; a shared table's
// shards never start small, so no reader sees it move); every other
// chunk is never moved once made.
type table struct {
	slots  []uint64
	mask   uint64
	count  int
	chunks [][]byte
	arena  int64      // bytes the chunks hold (their capacities)
	first  int        // the capacity of the first chunk
	limit  int64      // bytes the table may use; 0 is no limit
	pool   *memPool   // when set, the limit the tables of a sharedTable share instead
	full   bool       // the limit stopped an insert
	spare  *tableBufs // buffers from tablePool to take chunks from, and the first chunk's outgrown ones; release gives them back
	// huge: the slots, once they grow past hugeMin bytes, are mapped
	// with huge pages asked for (bigWords; mem holds the mapping), which
	// a large search's random reads want (bigmem.go); release frees them.
	// Set only by the searches that release their table.
	huge bool
	mem  bigWords
}

const (
	chunkBits = 20
	chunkSize = 1 << chunkBits
	offBits   = 36
	offMask   = 1<<offBits - 1
	tagBits   = 64 - offBits
)

// newTable makes a table that may use limit bytes (0: no limit). states,
// when > 0, is the most states the search will store (its node budget):
// a table for a few states starts with room for them alone, so that many
// small searches (a planner's) do not each allocate and clear a table
// made for millions. Either way the table grows as it must.
func newTable(limit, states int64) *table {
	t := &table{limit: limit, first: chunkSize}
	n := 1 << 16
	for limit > 0 && n > 1<<8 && int64(n)*8 > limit/8 { // a small limit starts small
		n /= 2
	}
	if states > 0 {
		for n > 1<<8 && int64(n/2)*3 > (states+1)*4 { // n/2 slots still hold states+1 keys under the 3/4 load
			n /= 2
		}
		t.first = int(min(chunkSize, (states+1)*firstKeyBytes))
	}
	b, _ := tablePool.Get().(*tableBufs)
	if b == nil {
		b = &tableBufs{}
	}
	t.spare = b
	if cap(b.slots) >= n {
		t.slots = b.slots[:n]
		clear(t.slots)
	} else {
		t.slots = make([]uint64, n)
	}
	b.slots = nil
	t.mask = uint64(len(t.slots) - 1)
	return t
}

// tableBufs is the memory of a small table whose search has ended, kept
// in tablePool for the next: many small solves in a row (the expert's
// samples) would otherwise each allocate a table, and the collector
// reclaim it. A table made from them is the table newTable would make,
// with the same sizes and the same byte count (bytes), so that nothing a
// search decides by depends on whether its memory was new.
type tableBufs struct {
	slots  []uint64
	chunks [][]byte // each empty, with its capacity
}

var tablePool sync.Pool

// poolTableBytes is the largest table release keeps: a small solve's.
const poolTableBytes = 8 << 20

// chunk returns an empty chunk of capacity size, from the spare
// buffers when one has that capacity.
func (t *table) chunk(size int) []byte {
	b := t.spare
	for i, c := range b.chunks {
		if cap(c) == size {
			last := len(b.chunks) - 1
			b.chunks[i] = b.chunks[last]
			b.chunks[last] = nil
			b.chunks = b.chunks[:last]
			return c[:0]
		}
	}
	return make([]byte, 0, size)
}

// release gives a small table's memory to the next newTable; the table
// must not be used after. It keeps nothing of a large table.
func (t *table) release() {
	if t.mem.mapped != nil {
		t.mem.free()
		t.slots = nil
	}
	if t.pool != nil || t.bytes() > poolTableBytes {
		return
	}
	b := t.spare
	b.slots = t.slots
	kept := int64(0)
	for _, c := range b.chunks {
		kept += int64(cap(c))
	}
	for _, c := range t.chunks {
		if kept += int64(cap(c)); kept > poolTableBytes {
			break
		}
		b.chunks = append(b.chunks, c[:0])
	}
	*t = table{}
	tablePool.Put(b)
}

// bytes is the memory the table holds.
func (t *table) bytes() int64 {
	return int64(len(t.slots))*8 + t.arena
}

func (t *table) keyAt(off uint64) []byte {
	c := t.chunks[off>>chunkBits]
	p := off & (chunkSize - 1)
	n := uint64(c[p])
	return c[p+1 : p+1+n]
}

// contains tells whether key (whose hash is h) is in the table.
func (t *table) contains(key []byte, h uint64) bool {
	tag := h << offBits
	for i := h & t.mask; ; i = (i + 1) & t.mask {
		s := t.slots[i]
		if s == 0 {
			return false
		}
		if s&^offMask == tag && string(t.keyAt(s&offMask-1)) == string(key) {
			return true
		}
	}
}

func (t *table) slotCount() int { return len(t.slots) }

// prefetch asks for the home slot of hash h (the processor's prefetch).
func (t *table) prefetch(h uint64) { prefetch(&t.slots[h&t.mask]) }

// insert adds key (whose hash is h) and tells whether it was new. It returns
// ok == false when the memory limit does not allow the insert.
func (t *table) insert(key []byte, h uint64) (added, ok bool) {
	tag := h << offBits
	i := h & t.mask
	for {
		s := t.slots[i]
		if s == 0 {
			break
		}
		if s&^offMask == tag && string(t.keyAt(s&offMask-1)) == string(key) {
			return false, true
		}
		i = (i + 1) & t.mask
	}
	if (t.count+1)*4 > len(t.slots)*3 {
		if !t.room(int64(len(t.slots)) * 8) {
			t.full = true
			return false, false
		}
		t.grow()
		return t.insert(key, h)
	}
	off, ok := t.store(key)
	if !ok {
		t.full = true
		return false, false
	}
	t.slots[i] = tag | (off + 1)
	t.count++
	return true, true
}

// room tells whether the table may grow by extra bytes, and with a pool
// takes them from it.
func (t *table) room(extra int64) bool {
	if t.pool != nil {
		return t.pool.take(extra)
	}
	return t.limit <= 0 || t.bytes()+extra <= t.limit
}

// memPool is a byte limit that several tables share: what one takes the
// others cannot.
type memPool struct {
	limit int64 // 0 is no limit
	used  atomic.Int64
}

func (p *memPool) take(n int64) bool {
	for {
		u := p.used.Load()
		if p.limit > 0 && u+n > p.limit {
			return false
		}
		if p.used.CompareAndSwap(u, u+n) {
			return true
		}
	}
}

// firstKeyBytes is the room per state newTable gives the first chunk of
// a table for a few states: more than most keys need (a packed Klondike
// key is under 20 bytes); the chunk doubles when they need more.
const firstKeyBytes = 48

// store copies key into the arena. The first chunk may start smaller than
// chunkSize (newTable): it doubles, up to chunkSize, before a second chunk
// is made (a key's offset in it stays valid when it moves); the others
// are chunkSize.
func (t *table) store(key []byte) (uint64, bool) {
	need := len(key) + 1
	n := len(t.chunks)
	if n == 1 && len(t.chunks[0])+need > cap(t.chunks[0]) && cap(t.chunks[0]) < chunkSize {
		c := t.chunks[0]
		size := min(chunkSize, max(2*cap(c), len(c)+need))
		if !t.room(int64(size - cap(c))) {
			return 0, false
		}
		t.arena += int64(size - cap(c))
		t.chunks[0] = append(t.chunk(size), c...)
		t.spare.chunks = append(t.spare.chunks, c[:0]) // for the next table's first chunk
	}
	if n == 0 || len(t.chunks[n-1])+need > cap(t.chunks[n-1]) {
		size := chunkSize
		if n == 0 {
			size = t.first
		}
		if n+1 >= 1<<(offBits-chunkBits) || !t.room(int64(size)) {
			return 0, false
		}
		t.chunks = append(t.chunks, t.chunk(size))
		t.arena += int64(size)
		n++
	}
	c := t.chunks[n-1]
	off := uint64(n-1)<<chunkBits | uint64(len(c))
	c = append(c, byte(len(key)))
	c = append(c, key...)
	t.chunks[n-1] = c
	return off, true
}

func (t *table) grow() {
	old, oldMem := t.slots, t.mem
	if t.huge {
		t.mem = newBigWords(2 * len(old))
		t.slots = t.mem.w
	} else {
		t.slots = make([]uint64, 2*len(old))
	}
	t.mask = uint64(len(t.slots) - 1)
	rehash := len(t.slots) > 1<<tagBits
	for _, s := range old {
		if s == 0 {
			continue
		}
		h := s >> offBits
		if rehash {
			h = xxhash.Sum64(t.keyAt(s&offMask - 1))
		}
		i := h & t.mask
		for t.slots[i] != 0 {
			i = (i + 1) & t.mask
		}
		t.slots[i] = s
	}
	oldMem.free()
}
