package solver

import "testing"

// TestKeyset checks the exact key set against a map, keys that share a
// hash slot included.
func TestKeyset(t *testing.T) {
	s := newKeyset(0)
	defer s.free()
	want := map[[2]uint64]bool{}
	x := uint64(1)
	for i := 0; i < 100_000; i++ {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		k := [2]uint64{x & 0xffff, keyMark | x>>50}
		added, ok := s.insert(k)
		if !ok {
			t.Fatal("insert refused with no limit")
		}
		if added == want[k] {
			t.Fatalf("insert(%x) added %v, but the key was in the set: %v", k, added, want[k])
		}
		want[k] = true
		if c := (k[0] ^ 1) & 0xffff; !want[[2]uint64{c, k[1]}] && s.contains([2]uint64{c, k[1]}) {
			t.Fatalf("contains(%x) true for a key never added", [2]uint64{c, k[1]})
		}
	}
	if s.n != len(want) {
		t.Errorf("set holds %d keys, want %d", s.n, len(want))
	}
	for k := range want {
		if !s.contains(k) {
			t.Fatalf("contains(%x) false for a key added", k)
		}
	}
	lim := newKeyset(1 << 16)
	defer lim.free()
	refused := false
	for i := uint64(1); i < 10_000; i++ {
		if _, ok := lim.insert([2]uint64{i, keyMark}); !ok {
			refused = true
			break
		}
	}
	if !refused || lim.bytes() > 1<<16 {
		t.Errorf("a set limited to 64 KiB took 10,000 keys (refused %v, %d bytes)", refused, lim.bytes())
	}
}
