package engine

import (
	"unsafe"

	"github.com/cespare/xxhash/v2"
)

// MaxKeyLen bounds the length of a key from AppendKey.
const MaxKeyLen = 2*MaxCards + 64

// Key markers: every card byte is below 64, so a byte of 64 or more starts
// a new part and the encoding reads back unambiguously.
const (
	keyPile     = 0x40 // + pile index: a pile at a fixed place, then its down count
	keySymPile  = 0x60 // a pile with no face-down cards, among its peers in sorted order
	keyReserve  = 0x6C // + reserve index (fixed), or keySymRes (sorted)
	keySymRes   = 0x7B
	keyTalon    = 0x7C
	keyCells    = 0x7D
	keyFound    = 0x7E
	keyTalonSep = 0x7F
)

// AppendKey appends the state's canonical key to dst. Two states of the
// same deal have equal keys exactly when they have the same future: the
// key folds away what cannot change the game and nothing else.
//
//   - Piles that still hold face-down cards are written at their place
//     with their face-down count: face-down cards never move, so within a
//     deal the count names them exactly. Piles with no face-down card are
//     interchangeable (no rule looks at a pile's place while the stock is
//     not dealt onto the piles) and are written in sorted order.
//   - Reserves likewise, cells as a sorted multiset, and the two
//     foundations of a suit in a two-deck game as a sorted pair. With one
//     deck (and no Joker) the foundations are left out: the cards in play
//     determine them.
//   - The talon only ever loses cards, keeping its order, so with one deck
//     the set of its cards (a 64-bit mask) gives its sequence.
//   - With unlimited passes every position of the waste on the cycle
//     0, D, 2D, ..., L (D the draw count, L the talon length) can reach
//     every other by drawing and recycling, so they are one state; other
//     positions (after a waste card is played) are kept as they are. The
//     number of recycles is kept only when passes are limited. A search
//     over these keys must therefore offer, at each node, the waste cards
//     of every position of its cycle (as a K+ stock does); one that draws
//     atomically must add the waste position to the key itself.
//   - The Joker (Joker Klondike): the foundations are written, then where
//     the Joker is (in play, waiting, or the foundation it is on) and the
//     rank it stands for; in play, its card is in the piles or the talon
//     like any other. The cycle positions are not folded when the Joker is
//     in the talon at a place where drawing would make it the waste top
//     (a cycle position) while a foundation is open: there it is forced
//     and no draw can pass it, so the positions cannot all reach each
//     other.
//
// The key is exact only among states of one deal: it leans on the deal to
// name face-down cards. It allocates nothing when dst has room.
func (s *State) AppendKey(dst []byte) []byte {
	g := s.g
	r := &g.Rules
	stockLeft := s.end[0] > s.waste
	// Piles.
	var sym [MaxPiles][]Card
	ns := 0
	lo := int(s.end[LocPile0-1])
	for i := 0; i < g.piles; i++ {
		hi := int(s.end[LocPile0+Loc(i)])
		pile := s.cards[lo:hi]
		lo = hi
		if s.down[i] > 0 || (!g.symPiles && stockLeft) {
			dst = append(dst, keyPile+byte(i), s.down[i])
			dst = appendCards(dst, pile[s.down[i]:])
			continue
		}
		sym[ns] = pile
		ns++
	}
	for a := 1; a < ns; a++ { // insertion sort of the interchangeable piles
		for b := a; b > 0 && compareCards(sym[b], sym[b-1]) < 0; b-- {
			sym[b], sym[b-1] = sym[b-1], sym[b]
		}
	}
	for _, pile := range sym[:ns] {
		dst = append(dst, keySymPile)
		dst = appendCards(dst, pile)
	}
	// Reserves.
	if g.reserves > 0 {
		if !g.symReserv && stockLeft {
			for i := 0; i < g.reserves; i++ {
				dst = append(dst, keyReserve+byte(i))
				dst = appendCards(dst, s.Reserve(i))
			}
		} else {
			var ord [MaxReserves]int8
			for i := range ord {
				ord[i] = int8(i)
			}
			for a := 1; a < g.reserves; a++ {
				for b := a; b > 0 && compareCards(s.Reserve(int(ord[b])), s.Reserve(int(ord[b-1]))) < 0; b-- {
					ord[b], ord[b-1] = ord[b-1], ord[b]
				}
			}
			for k := 0; k < g.reserves; k++ {
				dst = append(dst, keySymRes)
				dst = appendCards(dst, s.Reserve(int(ord[k])))
			}
		}
	}
	// Cells.
	if g.cells > 0 {
		var cs [MaxCells]Card
		copy(cs[:], s.cells[:g.cells])
		for a := 1; a < g.cells; a++ {
			for b := a; b > 0 && cs[b] < cs[b-1]; b-- {
				cs[b], cs[b-1] = cs[b-1], cs[b]
			}
		}
		dst = append(dst, keyCells)
		for _, c := range cs[:g.cells] {
			dst = append(dst, byte(c))
		}
	}
	// Foundations: with one deck and no Joker their heights follow from
	// the cards still in play (a foundation holds its suit's lowest cards
	// from the base), so they are written only otherwise; with the Joker,
	// followed by its place and the rank it stands for.
	if r.Decks != 1 || r.Joker {
		dst = append(dst, keyFound)
		if g.founds == 8 {
			for i := 0; i < 4; i++ {
				a, b := s.found[i], s.found[i+4]
				if a > b {
					a, b = b, a
				}
				dst = append(dst, a, b)
			}
		} else {
			dst = append(dst, s.found[:g.founds]...)
		}
		if g.joker {
			dst = append(dst, s.jk, s.jkRank)
		}
	}
	// Talon.
	dst = append(dst, keyTalon)
	talon := s.cards[:s.end[0]]
	if r.Decks == 1 {
		var mask uint64
		for _, c := range talon {
			mask |= 1 << (c & 63)
		}
		for k := 0; k < 8; k++ {
			dst = append(dst, byte(mask>>(8*k)))
		}
	} else {
		dst = appendCards(dst, talon)
		dst = append(dst, keyTalonSep)
	}
	dst = append(dst, byte(s.KeyWastePos()))
	if r.Passes > 0 {
		dst = append(dst, s.recycles)
	}
	return dst
}

// KeyWastePos is the waste position as the key writes it: with unlimited
// passes through a stock turned to a waste, the positions of the cycle
// 0, D, 2D, ..., L are one (0), unless the Joker stops the cycle
// (jokerStopsCycle); other positions as they are.
func (s *State) KeyWastePos() int {
	r := &s.g.Rules
	w, n := int(s.waste), int(s.end[0])
	if r.Passes == 0 && r.StockTo == StockToWaste && (w == n || w%r.Draw == 0) && !s.jokerStopsCycle() {
		return 0
	}
	return w
}

// jokerStopsCycle tells whether the Joker lies in the talon where the
// cycle of draws and recycles would turn it up as the waste top (talon
// index p with p+1 a multiple of the draw count, or the talon's last
// card) while some foundation is open: the Joker is forced there, so the
// cycle cannot be gone round.
func (s *State) jokerStopsCycle() bool {
	if !s.g.joker || s.jk != jkInPlay || s.openMask() == 0 {
		return false
	}
	n := int(s.end[0])
	for p := 0; p < n; p++ {
		if s.cards[p] == Joker {
			return p+1 == n || (p+1)%s.g.Rules.Draw == 0
		}
	}
	return false
}

// Hash returns the xxhash of the state's canonical key.
func (s *State) Hash() uint64 {
	var buf [MaxKeyLen]byte
	return xxhash.Sum64(s.AppendKey(buf[:0]))
}

func appendCards(dst []byte, cs []Card) []byte {
	// A Card is a byte: append the slice's memory in one copy.
	return append(dst, unsafe.Slice((*byte)(unsafe.SliceData(cs)), len(cs))...)
}

// compareCards orders card sequences lexicographically.
func compareCards(a, b []Card) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			if a[i] < b[i] {
				return -1
			}
			return 1
		}
	}
	return len(a) - len(b)
}
