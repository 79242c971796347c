package engine

import (
	"slices"
	"testing"
)

func TestParseSeed(t *testing.T) {
	for _, tc := range []struct {
		in    string
		want  Seed
		words []uint32
	}{
		{"0", Seed{}, []uint32{0}},
		{" 42 ", SeedOf(42), []uint32{42}},
		{"4294967296", SeedOf(1 << 32), []uint32{0, 1}},
		{"18446744073709551615", SeedOf(^uint64(0)), []uint32{^uint32(0), ^uint32(0)}},
		{"18446744073709551616", Seed{Hi: 1}, []uint32{0, 0, 1}},
		{"99999999999999999999", PySolFCMax(), []uint32{0x630fffff, 0x6bc75e2d, 5}},
		{"340282366920938463463374607431768211455", Seed{^uint64(0), ^uint64(0)}, []uint32{^uint32(0), ^uint32(0), ^uint32(0), ^uint32(0)}},
	} {
		got, err := ParseSeed(tc.in)
		if err != nil {
			t.Fatalf("ParseSeed(%q): %v", tc.in, err)
		}
		if got != tc.want {
			t.Errorf("ParseSeed(%q) = %+v, want %+v", tc.in, got, tc.want)
		}
		if w := got.words32(); !slices.Equal(w, tc.words) {
			t.Errorf("%q: words %x, want %x", tc.in, w, tc.words)
		}
		if s, err := ParseSeed(got.String()); err != nil || s != got {
			t.Errorf("%q: String %q does not read back", tc.in, got.String())
		}
	}
	for _, bad := range []string{"", "-1", "+1", "1e3", "12 3", "0x10", "340282366920938463463374607431768211456"} {
		if _, err := ParseSeed(bad); err == nil {
			t.Errorf("ParseSeed(%q): want an error", bad)
		}
	}
}

func TestSeedCmpAdd(t *testing.T) {
	a, b := SeedOf(5), Seed{Hi: 1}
	if a.Cmp(b) != -1 || b.Cmp(a) != 1 || a.Cmp(a) != 0 {
		t.Errorf("Cmp of %v and %v wrong", a, b)
	}
	if s, ok := SeedOf(^uint64(0)).Add(1); !ok || s != (Seed{Hi: 1}) {
		t.Errorf("2^64-1 + 1 = %+v, %v", s, ok)
	}
	if _, ok := (Seed{^uint64(0), ^uint64(0)}).Add(1); ok {
		t.Errorf("2^128-1 + 1 did not overflow")
	}
}
