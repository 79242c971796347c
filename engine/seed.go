package engine

import (
	"errors"
	"math/big"
	"math/bits"
	"strings"
)

// Seed is a deal number of up to 128 bits: PySolFC's game numbers run to
// 10^20−1, past uint64. The zero Seed is 0.
//
//	Hi: bits 127..64   Lo: bits 63..0
type Seed struct{ Hi, Lo uint64 }

// SeedOf returns n as a Seed.
func SeedOf(n uint64) Seed { return Seed{Lo: n} }

// errNotNumber is ParseSeed's error for text that is not a number.
var errNotNumber = errors.New("want a whole number")

// ParseSeed reads a decimal number, 0 .. 2^128−1, with no sign and no
// spaces inside (spaces around it are dropped).
func ParseSeed(s string) (Seed, error) {
	t := strings.TrimSpace(s)
	if t == "" {
		return Seed{}, errNotNumber
	}
	for _, c := range t {
		if c < '0' || c > '9' {
			return Seed{}, errNotNumber
		}
	}
	n, ok := new(big.Int).SetString(t, 10)
	if !ok || n.BitLen() > 128 {
		return Seed{}, errors.New("number too large")
	}
	lo := new(big.Int).And(n, new(big.Int).SetUint64(^uint64(0)))
	hi := new(big.Int).Rsh(n, 64)
	return Seed{Hi: hi.Uint64(), Lo: lo.Uint64()}, nil
}

// big returns s as a big.Int.
func (s Seed) big() *big.Int {
	n := new(big.Int).SetUint64(s.Hi)
	n.Lsh(n, 64)
	return n.Or(n, new(big.Int).SetUint64(s.Lo))
}

// String writes s in decimal.
func (s Seed) String() string { return s.big().String() }

// Uint64 returns s and true when it fits in 64 bits.
func (s Seed) Uint64() (uint64, bool) { return s.Lo, s.Hi == 0 }

// Cmp returns -1, 0 or 1 as s is less than, equal to or more than t.
func (s Seed) Cmp(t Seed) int {
	switch {
	case s.Hi != t.Hi:
		if s.Hi < t.Hi {
			return -1
		}
		return 1
	case s.Lo < t.Lo:
		return -1
	case s.Lo > t.Lo:
		return 1
	}
	return 0
}

// Add returns s+n and false when the sum passes 2^128−1.
func (s Seed) Add(n uint64) (Seed, bool) {
	lo, carry := bits.Add64(s.Lo, n, 0)
	hi, over := bits.Add64(s.Hi, 0, carry)
	return Seed{Hi: hi, Lo: lo}, over == 0
}

// words32 returns s's 32-bit words, least significant first, without the
// leading zero words (one word, 0, for zero): the key Python's
// random.seed makes of a non-negative int.
func (s Seed) words32() []uint32 {
	w := []uint32{uint32(s.Lo), uint32(s.Lo >> 32), uint32(s.Hi), uint32(s.Hi >> 32)}
	for len(w) > 1 && w[len(w)-1] == 0 {
		w = w[:len(w)-1]
	}
	return w
}
