package solver

import (
	"encoding/binary"
	"math/bits"

	"github.com/klondike-family/klondike/engine"
)

// packer writes the table key of one-deck games with a waste and no
// reserves (Klondike and its options, Yukon, Alaska, Whitehead, Thumb and
// Pouch) in a half to two thirds of the bytes of engine.State.AppendKey
// (measured on random walks: Klondike draw 3 34.7 → 16.9 bytes, Yukon
// 54.7 → 31.7, Alaska 55.2 → 33.4, Whitehead 47.4 → 32.0, Thumb and Pouch
// 35.8 → 20.5), faster. It writes exactly what AppendKey writes, packed:
//
//   - every pile's face-down count, in downBits bits, in pile order: a
//     pile that holds face-down cards keeps its place, the others are
//     interchangeable (as in AppendKey: face-down cards never move, so
//     within a deal the counts name them);
//   - the face-up cards of the piles with face-down cards, in pile order,
//     then those of the other piles (empty ones included), sorted by their
//     first card (with one deck no two piles share a card, so this order
//     is canonical);
//   - the cells, sorted, six bits each;
//   - the talon as the set of the deal's talon places still in it (the
//     talon only loses cards, keeping its order, so the set gives its
//     sequence), the waste position as AppendKey writes it
//     (engine.State.KeyWastePos, the one owner of its folding), and the
//     recycles when passes are limited.
//
// A pile's face-up cards are written as a run when each card is one rank
// below the one under it and of the other colour (as they always are in
// Klondike when the deal has one face-up card a pile; in games that build
// otherwise the run is only a shorter code where it happens): flag 0, the first card (6 bits;
// NoCard for an empty pile, which ends the pile), the length less one (4
// bits) and one bit per further card telling which of the two suits of
// its colour it has. Otherwise: flag 1, the length (6 bits) and every card
// (6 bits each). The code is prefix-free, so keys that differ as bit
// strings differ as bytes (padding is zeros), and a key followed by the
// pending marker 0xFF never equals another key.
//
// Where the stock is dealt onto the piles (Agnes Sorel) or the reserves
// (Agnes Bernauer), as AppendKey: while stock is left, every pile (or
// reserve) is written at its place, as a deal puts its next card on a
// given one; the reserves' cards after the piles', each reserve as a pile
// is written (reserves hold any cards, so mostly in the long code), in
// place or, where their places do not matter, sorted by their first card
// (with one deck two reserves share no card, so that order is canonical);
// the talon set and the cards dealt from it as above, with no folding of
// positions (no stock of theirs is turned to a waste).
type packer struct {
	downBits   uint
	talonIdx   [64]int8 // the card's place in the deal's talon, -1 if none
	talonLen   uint     // the deal's talon: bits of the talon set
	talonBits  uint     // bits of the waste position
	recBits    uint     // bits of the recycles, 0 with unlimited passes
	cells      int
	reserves   int
	fixPiles   bool // the stock is dealt onto the piles: while it lasts, piles keep their places
	fixReserve bool // the stock is dealt onto the reserves: while it lasts, reserves keep their places
	joker      bool // Joker Klondike: the foundations and the Joker's place are written
	founds     int
}

// packable tells whether the packed key serves the rules. How the piles
// build does not matter: every face-up card is written (the alternating
// run is only a shorter code for it).
func packable(r *engine.Rules) bool {
	return r.Decks == 1 && r.Ranks <= 13 && r.CardCount() <= 64
}

// newPacker prepares the packer for the deal whose start is s.
func newPacker(s *engine.State) *packer {
	p := &packer{}
	p.init(s)
	return p
}

// init prepares p, in place, for the deal whose start is s.
func (p *packer) init(s *engine.State) {
	g := s.Game()
	r := &g.Rules
	*p = packer{cells: r.Cells,
		reserves: r.Reserves, fixPiles: r.StockTo == engine.StockToPiles, fixReserve: r.StockTo == engine.StockToReserves,
		joker: r.Joker, founds: r.Foundations()}
	maxDown := 0
	for i := 0; i < g.Piles(); i++ {
		maxDown = max(maxDown, s.Down(i))
	}
	p.downBits = uint(bits.Len(uint(maxDown)))
	for i := range p.talonIdx {
		p.talonIdx[i] = -1
	}
	for k := 0; k < s.Talon(); k++ {
		p.talonIdx[s.TalonCard(k)] = int8(k)
	}
	p.talonLen = uint(s.Talon())
	p.talonBits = uint(bits.Len(uint(s.Talon())))
	if r.Passes > 0 {
		p.recBits = uint(bits.Len(uint(r.Passes)))
	}
}

// bitw is a little-endian bit writer that appends whole words to dst.
type bitw struct {
	acc uint64
	n   uint
	dst []byte
}

func (b *bitw) put(v uint64, width uint) {
	b.acc |= v << b.n
	if b.n+width < 64 {
		b.n += width
		return
	}
	b.dst = binary.LittleEndian.AppendUint64(b.dst, b.acc)
	b.acc = v >> (64 - b.n) // 0 when b.n is 0: Go shifts by 64 to zero
	b.n = b.n + width - 64
}

// flush appends the last bits, padded with zeros to a byte.
func (b *bitw) flush() []byte {
	for k := uint(0); k < b.n; k += 8 {
		b.dst = append(b.dst, byte(b.acc>>k))
	}
	return b.dst
}

// pile writes one pile's face-up cards.
func (b *bitw) pile(up []engine.Card) {
	if len(up) == 0 {
		b.put(0, 7) // flag 0, NoCard
		return
	}
	if len(up) <= 16 {
		var sb uint64
		k := 1
		for ; k < len(up); k++ {
			c, u := up[k], up[k-1]
			if c>>2 != u>>2-1 || (c+1)&2 == (u+1)&2 { // one rank lower, other colour
				break
			}
			sb |= uint64(c&2>>1) << (k - 1)
		}
		if k == len(up) {
			b.put(uint64(up[0])<<1|uint64(len(up)-1)<<7|sb<<11, uint(len(up)+10))
			return
		}
	}
	b.put(1|uint64(len(up))<<1, 7)
	// Ten cards a word: the same bits as a put of six bits a card.
	for len(up) > 0 {
		n := min(len(up), 10)
		var v uint64
		for k := n - 1; k >= 0; k-- {
			v = v<<6 | uint64(up[k]&63)
		}
		b.put(v, uint(6*n))
		up = up[n:]
	}
}

// appendReserves writes the reserves' cards, each as a pile: at their
// places when fixed, else sorted by first card (an empty reserve first).
func (p *packer) appendReserves(b *bitw, s *engine.State, fixed bool) {
	var ord [engine.MaxReserves]int8
	var first [engine.MaxReserves]int
	for i := 0; i < p.reserves; i++ {
		f := -1 // empty
		if rs := s.Reserve(i); len(rs) > 0 {
			f = int(rs[0])
		}
		k := i
		for ; !fixed && k > 0 && first[k-1] > f; k-- {
			ord[k], first[k] = ord[k-1], first[k-1]
		}
		ord[k], first[k] = int8(i), f
	}
	for k := 0; k < p.reserves; k++ {
		b.pile(s.Reserve(int(ord[k])))
	}
}

// appendJoker writes what AppendKey writes for the Joker: the
// foundations' heights (with the Joker a foundation's height no longer
// follows from the cards in play), four bits each, then where the Joker is
// (in play, waiting, or the foundation it is on) and the rank it stands
// for, four bits each.
func (p *packer) appendJoker(b *bitw, s *engine.State) {
	for i := 0; i < p.founds; i++ {
		b.put(uint64(s.Foundation(i)), 4)
	}
	where, f, stands := s.JokerAt()
	var at, rank uint64 // in play (or no Joker): 0, 0
	switch where {
	case engine.JokerOnFoundation:
		at, rank = uint64(1+f), uint64(stands.Rank())
	case engine.JokerWaiting:
		at = 15
	}
	b.put(at|rank<<4, 8)
}

// appendKey appends the packed key of s to dst.
func (p *packer) appendKey(s *engine.State, dst []byte) []byte {
	b := bitw{dst: dst}
	g := s.Game()
	np := g.Piles()
	var sym [engine.MaxPiles]int8
	var symFirst [engine.MaxPiles]engine.Card
	ns := 0
	stockLeft := s.Talon() > s.WastePos()
	for i := 0; i < np; i++ {
		d := s.Down(i)
		b.put(uint64(d), p.downBits)
	}
	for i := 0; i < np; i++ {
		d := s.Down(i)
		pl := s.Pile(i)
		if d > 0 || p.fixPiles && stockLeft {
			b.pile(pl[d:])
			continue
		}
		var first engine.Card
		if len(pl) > 0 {
			first = pl[0]
		}
		k := ns
		for ; k > 0 && symFirst[k-1] > first; k-- {
			sym[k], symFirst[k] = sym[k-1], symFirst[k-1]
		}
		sym[k], symFirst[k] = int8(i), first
		ns++
	}
	for k := 0; k < ns; k++ {
		b.pile(s.Pile(int(sym[k])))
	}
	if p.reserves > 0 {
		p.appendReserves(&b, s, p.fixReserve && stockLeft)
	}
	if p.cells > 0 {
		var cs [engine.MaxCells]engine.Card
		for i := 0; i < p.cells; i++ {
			c := s.Cell(i)
			k := i
			for ; k > 0 && cs[k-1] > c; k-- {
				cs[k] = cs[k-1]
			}
			cs[k] = c
		}
		for _, c := range cs[:p.cells] {
			b.put(uint64(c), 6)
		}
	}
	if p.joker {
		p.appendJoker(&b, s)
	}
	n := s.Talon()
	var mask uint64
	for k := 0; k < n; k++ {
		mask |= 1 << uint(p.talonIdx[s.TalonCard(k)])
	}
	b.put(mask, p.talonLen)
	b.put(uint64(s.KeyWastePos()), p.talonBits)
	if p.recBits > 0 {
		b.put(uint64(s.Recycles()), p.recBits)
	}
	return b.flush()
}
