package solver

import "sync"

// visited is the set of searched states: a table of one search, or a
// table shared by the workers of one deal.
type visited interface {
	insert(key []byte, h uint64) (added, ok bool)
	contains(key []byte, h uint64) bool
	// slotCount is the size of the set's slots, by which a search tells
	// whether the set is larger than the caches (tuning.aheadSlots);
	// prefetch asks for the home slot of hash h, ahead of an insert or a
	// lookup.
	slotCount() int
	prefetch(h uint64)
	stored() int64
	bytes() int64
}

func (t *table) stored() int64 { return int64(t.count) }

// sharedTable is a table split into shards by the top bits of the hash,
// each behind its own lock, so workers of one deal rarely wait for each
// other. Each shard is an exact table, so the shared table is exact too.
type sharedTable struct {
	shards [64]struct {
		mu sync.Mutex
		t  *table
		_  [40]byte // keep the locks on separate cache lines
	}
}

// newSharedTable makes a shared table whose shards may hold limit bytes
// together (0: no limit): they draw on one pool, so a shard that fills
// faster than the others is not stopped while the others have room.
func newSharedTable(limit int64) *sharedTable {
	st := &sharedTable{}
	pool := &memPool{limit: limit}
	per := int64(0)
	if limit > 0 {
		per = max(limit/int64(len(st.shards)), 1)
	}
	for i := range st.shards {
		t := newTable(per, 0) // sized for its share at the start
		t.limit, t.pool = 0, pool
		pool.used.Add(t.bytes())
		st.shards[i].t = t
	}
	return st
}

func (st *sharedTable) insert(key []byte, h uint64) (bool, bool) {
	sh := &st.shards[h>>58]
	sh.mu.Lock()
	added, ok := sh.t.insert(key, h)
	sh.mu.Unlock()
	return added, ok
}

func (st *sharedTable) contains(key []byte, h uint64) bool {
	sh := &st.shards[h>>58]
	sh.mu.Lock()
	in := sh.t.contains(key, h)
	sh.mu.Unlock()
	return in
}

// slotCount is 0: the shards' slots may move under their locks, so a
// shared table's slots are never asked for ahead.
func (st *sharedTable) slotCount() int { return 0 }

func (st *sharedTable) prefetch(uint64) {}

func (st *sharedTable) stored() int64 {
	var n int64
	for i := range st.shards {
		sh := &st.shards[i]
		sh.mu.Lock()
		n += int64(sh.t.count)
		sh.mu.Unlock()
	}
	return n
}

func (st *sharedTable) bytes() int64 {
	var n int64
	for i := range st.shards {
		sh := &st.shards[i]
		sh.mu.Lock()
		n += sh.t.bytes()
		sh.mu.Unlock()
	}
	return n
}
