package solver

import (
	"context"
	"testing"
)

// TestRsolverHugeTable grows a guide's table (rsolver.huge, as Solve's
// guides are) past hugeMin: every key keeps its value through the growths,
// its arrays are mapped where the system maps (Linux), and release gives
// the mappings back. A solver that is not huge keeps Go slices. Solve's
// guides are released too: Strict's deal 193 within 2 M nodes takes its
// guide's table past hugeMin.
func TestRsolverHugeTable(t *testing.T) {
	before := mappedBytes.Load()
	key := func(i int) [2]uint64 { return [2]uint64{uint64(i)*0x9E3779B97F4A7C15 | 1, uint64(i)} }
	n := hugeMin / 16 // past 3/4 of hugeMin/16 slots, so the keys double past hugeMin
	for _, huge := range []bool{true, false} {
		rs := newRsolver(nil, 0, defaults.maxDepth)
		rs.huge = huge
		for i := 0; i < n; i++ {
			if !rs.set(key(i), uint32(i)) {
				t.Fatalf("key %d: the table refused it", i)
			}
		}
		if len(rs.keys)*16 < hugeMin {
			t.Fatalf("%d slots, under hugeMin: the test tests nothing", len(rs.keys))
		}
		if mapped := mappedBytes.Load() > before; mapped != (rs.keysMem.mapped != nil) || huge != (rs.keysMem.w != nil) {
			t.Errorf("huge %v: mapped bytes %d before, %d now; keys mapped %v", huge, before, mappedBytes.Load(), rs.keysMem.mapped != nil)
		}
		for i := 0; i < n; i += 7 {
			if v := rs.get(key(i)); v != uint32(i) {
				t.Fatalf("huge %v: key %d has %d, want %d", huge, i, v, i)
			}
		}
		rs.release()
		if after := mappedBytes.Load(); after != before {
			t.Errorf("huge %v: %d bytes mapped before, %d after release", huge, before, after)
		}
	}

	if testing.Short() {
		return
	}
	s := variantDeal(t, "klondike-strict", 193)
	res := Solve(context.Background(), s, Options{MaxNodes: 2_000_000, Mem: 1 << 30})
	if res.Stats.RelaxedNodes <= hugeMin/16*3/4 {
		t.Errorf("the solve visited %d relaxed states: too few for its guide's table to pass hugeMin", res.Stats.RelaxedNodes)
	}
	if after := mappedBytes.Load(); after != before {
		t.Errorf("%d bytes mapped before, %d after a solve", before, after)
	}
}
