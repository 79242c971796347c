package solver

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/cespare/xxhash/v2"
	"github.com/klondike-family/klondike/engine"
)

// TestTableSizes checks the table made for a few states (newTable's
// states) against one made for many: both hold every key given, past the
// estimate too, and the small one starts small and counts its bytes.
func TestTableSizes(t *testing.T) {
	big, small := newTable(0, 0), newTable(0, 100)
	if small.bytes() >= big.bytes() || len(small.slots) > 256 {
		t.Fatalf("a table for 100 states starts with %d slots, %d bytes (one for many: %d bytes)", len(small.slots), small.bytes(), big.bytes())
	}
	key := func(i int) []byte { // keys of many lengths, up to 255 bytes (the length is one byte)
		k := []byte(fmt.Sprintf("state %d ", i))
		for len(k) < 9+i%(min(engine.MaxKeyLen, 255)-9) {
			k = append(k, byte(i))
		}
		return k
	}
	const n = 40000 // past the small table's first chunk and slots
	for _, tab := range []*table{big, small} {
		for i := 0; i < n; i++ {
			k := key(i)
			if added, ok := tab.insert(k, xxhash.Sum64(k)); !added || !ok {
				t.Fatalf("key %d: added %v ok %v", i, added, ok)
			}
		}
		for i := 0; i < n; i++ {
			k := key(i)
			if added, _ := tab.insert(k, xxhash.Sum64(k)); added || !tab.contains(k, xxhash.Sum64(k)) {
				t.Fatalf("key %d is not found again", i)
			}
		}
		var arena int64
		for _, c := range tab.chunks {
			arena += int64(cap(c))
		}
		if tab.bytes() != int64(len(tab.slots))*8+arena || tab.count != n {
			t.Errorf("bytes %d, count %d; want %d, %d", tab.bytes(), tab.count, int64(len(tab.slots))*8+arena, n)
		}
	}
	// the small table's first chunk doubled up to chunkSize (its keys
	// moved with it, and were found above) before more chunks were made
	if len(small.chunks) < 2 || cap(small.chunks[0]) != chunkSize || cap(small.chunks[1]) != chunkSize {
		t.Errorf("the small table's chunks: %d, the first of %d bytes", len(small.chunks), cap(small.chunks[0]))
	}
}

// TestTableStartSizes pins where newTable's small start ends: a node
// budget of 24,575 or more starts with the 65,536 slots and the 1 MiB
// chunk of a table for millions (results.SolverVersion 6 says so).
func TestTableStartSizes(t *testing.T) {
	for _, tc := range []struct {
		states int64
		slots  int
		first  int
	}{
		{0, 1 << 16, chunkSize}, {24575, 1 << 16, chunkSize}, {24574, 1 << 15, chunkSize},
		{21845, 1 << 15, chunkSize}, {21844, 1 << 15, 21845 * firstKeyBytes}, {2000, 1 << 12, 2001 * firstKeyBytes}, {1, 1 << 8, 2 * firstKeyBytes},
	} {
		tab := newTable(0, tc.states)
		if len(tab.slots) != tc.slots || tab.first != tc.first {
			t.Errorf("newTable(0, %d): %d slots, first chunk %d; want %d, %d", tc.states, len(tab.slots), tab.first, tc.slots, tc.first)
		}
	}
}

// TestTableReusedAsNew: a table made from a released table's memory
// (tablePool) behaves as a new one, byte for byte: the same slots, the
// same bytes after every insert, the same insert that the memory limit
// stops. Each size is tried fresh, then after tables of other sizes were
// released (larger and smaller chunks and slots in the pool).
func TestTableReusedAsNew(t *testing.T) {
	key := func(i int) []byte {
		k := []byte(fmt.Sprintf("key %d ", i))
		for len(k) < 8+i%40 {
			k = append(k, byte(i))
		}
		return k
	}
	type step struct {
		bytes     int64
		added, ok bool
	}
	trace := func(limit, states int64, n int) []step {
		tab := newTable(limit, states)
		out := []step{{bytes: tab.bytes()}}
		for i := 0; i < n; i++ {
			k := key(i)
			added, ok := tab.insert(k, xxhash.Sum64(k))
			out = append(out, step{tab.bytes(), added, ok})
			if !ok {
				break
			}
		}
		tab.release()
		return out
	}
	cases := []struct {
		limit, states int64
		n             int
	}{
		{0, 300, 2000},          // a sample solve's first chunk, doubling
		{0, 5000, 20000},        // a larger one
		{0, 0, 30000},           // chunks of chunkSize
		{200 << 10, 300, 20000}, // stopped by the limit
		{300 << 10, 0, 20000},
	}
	fresh := make([][]step, len(cases))
	for i, c := range cases {
		tablePool = sync.Pool{} // nothing to reuse
		fresh[i] = trace(c.limit, c.states, c.n)
	}
	tablePool = sync.Pool{}
	for round := 0; round < 3; round++ {
		for i := len(cases) - 1; i >= 0; i-- {
			c := cases[(i+round)%len(cases)]
			got := trace(c.limit, c.states, c.n)
			if want := fresh[(i+round)%len(cases)]; !slices.Equal(got, want) {
				t.Fatalf("limit %d, states %d: %d steps, %v at the end, after reuse; %d steps, %v new",
					c.limit, c.states, len(got), got[len(got)-1], len(want), want[len(want)-1])
			}
		}
	}
}

// TestTableHugeSlots grows a table whose slots go on huge pages (table.huge,
// as solveReal's) past hugeMin: every key stays in it through the growths,
// its slots are mapped where the system maps (Linux), and release gives
// the mapping back. Solve's real search, whose table is such a one, frees
// it too: Alaska's deal 18385 within 1 M nodes stores states enough for
// its slots to pass hugeMin.
func TestTableHugeSlots(t *testing.T) {
	before := mappedBytes.Load()
	tab := newTable(0, 0)
	tab.huge = true
	key := func(i int) []byte { return fmt.Appendf(nil, "key %d", i) }
	n := hugeMin / 8 // past 3/4 of hugeMin/8 slots, so the slots double past hugeMin
	for i := 0; i < n; i++ {
		k := key(i)
		if added, ok := tab.insert(k, xxhash.Sum64(k)); !added || !ok {
			t.Fatalf("key %d: added %v, ok %v", i, added, ok)
		}
	}
	if len(tab.slots)*8 < hugeMin {
		t.Fatalf("%d slots, under hugeMin: the test tests nothing", len(tab.slots))
	}
	if mappedBytes.Load() > before != (tab.mem.mapped != nil) {
		t.Errorf("mapped bytes %d before, %d now, the slots mapped: %v", before, mappedBytes.Load(), tab.mem.mapped != nil)
	}
	for i := 0; i < n; i += 7 {
		if k := key(i); !tab.contains(k, xxhash.Sum64(k)) {
			t.Fatalf("key %d lost in the growths", i)
		}
	}
	tab.release()
	if after := mappedBytes.Load(); after != before {
		t.Errorf("%d bytes mapped before, %d after release", before, after)
	}

	s := variantDeal(t, "alaska", 18385)
	res := Solve(context.Background(), s, Options{MaxNodes: 1_000_000, Mem: 1 << 30})
	if res.Stats.Stored <= hugeMin/8/2*3/4 { // the slots double to hugeMin bytes past 3/4 of half as many
		t.Errorf("the solve stored %d states: too few for its slots to pass hugeMin", res.Stats.Stored)
	}
	if after := mappedBytes.Load(); after != before {
		t.Errorf("%d bytes mapped before the solve, %d after (%v, %d nodes)", before, after, res.Verdict, res.Stats.Nodes)
	}
}
