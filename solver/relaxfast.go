package solver

import (
	"math/bits"

	"github.com/klondike-family/klondike/engine"
)

// The root search's move generation on card sets. rgame.moves and
// rgame.readers say what the relaxed moves are, plainly, card by card;
// rootMoves and rootReaders give the same moves in the same order from
// sets of cards (one word each) and tables made once per deal, so that
// the root search (relaxroot.go), which spends most of a solve's time,
// makes a state's children in a few dozen word operations instead of
// loops over every talon card and pile. TestRootMovesMatch and
// TestRootReadersMatch check them against the plain ones on the states of
// random relaxed games, and since they agree move for move the root
// search visits the same states in the same order either way
// (TestRootSearchFastMatchesPlain compares node counts and lines).

// fastTables are the per-deal tables of the set-based generators.
type fastTables struct {
	// surfBit[p][k] is the surface card of pile p when k of its structure
	// cards are left, as a set (0 for k = 0).
	surfBit [engine.MaxPiles][]uint64
	// stcPile[c] is the pile whose structure holds card c, or -1.
	stcPile [64]int8
	// talonSet[j][b] is the set of talon cards whose indices are the bits
	// of b, shifted by 8j: the cards of a talon index mask are
	// talonSet[0][m&255] | talonSet[1][m>>8&255] | ...
	talonSet [][256]uint64
	// lowCard is the set of real cards below the top rank.
	lowCard uint64
}

// prepareFast makes rg's fastTables (after its structures and talon are
// known).
func (rg *rgame) prepareFast() {
	ft := &rg.fast
	for c := range ft.stcPile {
		ft.stcPile[c] = -1
	}
	for p := 0; p < rg.piles; p++ {
		ft.surfBit[p] = make([]uint64, len(rg.stc[p])+1)
		for k, c := range rg.stc[p] {
			ft.surfBit[p][k+1] = 1 << c
			ft.stcPile[c] = int8(p)
		}
	}
	ft.talonSet = make([][256]uint64, (len(rg.talon)+7)/8)
	for i, c := range rg.talon {
		j, b := i/8, uint(i%8)
		for m := range 256 {
			if m&(1<<b) != 0 {
				ft.talonSet[j][m] |= 1 << c
			}
		}
	}
	for r := 1; r < rg.ranks; r++ {
		ft.lowCard |= rg.typ[r][0] | rg.typ[r][1]
	}
}

// talonCards returns the set of the talon cards left in st.
func (rg *rgame) talonCards(st *rstate) uint64 {
	var m uint64
	t := st.talon
	for j := range rg.fast.talonSet {
		m |= rg.fast.talonSet[j][t>>(8*uint(j))&255]
	}
	return m
}

// fitSet returns the set of cards that may go onto the piles (rgame.fits):
// the cards below the top rank whose parent type (one rank higher, the
// other colour) has an uncovered card, given unc (rgame.uncovered: both
// cards of an uncovered type), and the top rank's cards when a pile is
// empty.
func (rg *rgame) fitSet(unc uint64, empty bool) uint64 {
	const lane = 0x1111111111111111 // the Clubs bits
	u := unc >> 4                   // a type's bits on the rank below
	black := u & lane               // black types uncovered: red cards fit
	red := u >> 1 & lane            // red types uncovered: black cards fit
	m := (black<<1 | black<<2 | red | red<<3) & rg.fast.lowCard
	if empty {
		m |= rg.kings
	}
	return m
}

// pileOf returns the pile of card c when it is a surface (in surf), else
// 255 (a placed card).
func (rg *rgame) pileOf(c engine.Card, surf uint64) uint8 {
	if surf&(1<<c) != 0 {
		return uint8(rg.fast.stcPile[c])
	}
	return 255
}

// rview is what the generators read of a state, worked out once.
type rview struct {
	surf  uint64 // surface cards
	vis   uint64 // face-up pile cards: surfaces and placed cards
	unc   uint64 // uncovered types (rgame.uncovered)
	next  uint64 // cards the foundations take
	fit   uint64 // cards that may go onto the piles
	tc    uint64 // talon cards left (talonCards)
	tops  uint64 // the foundations' top cards
	empty bool   // a pile is empty
	cell  bool   // a cell is free
}

func (rg *rgame) view(st *rstate) rview {
	var v rview
	exhausted := 0
	for p := 0; p < rg.piles; p++ {
		if k := st.s[p]; k > 0 {
			v.surf |= rg.fast.surfBit[p][k]
		} else {
			exhausted++
		}
	}
	v.vis = v.surf | st.placed
	v.unc = rg.uncovered(v.vis, st.placed)
	v.empty = exhausted > bits.OnesCount64(st.placed&rg.kings)
	for suit := 0; suit < 4; suit++ {
		if f := int(st.found[suit]); f < rg.ranks {
			v.next |= 1 << engine.NewCard(f+1, suit)
		}
		if f := int(st.found[suit]); f > 0 {
			v.tops |= 1 << engine.NewCard(f, suit)
		}
	}
	v.fit = rg.fitSet(v.unc, v.empty)
	v.tc = rg.talonCards(st)
	for i := 0; i < rg.cells; i++ {
		if st.cells[i] == engine.NoCard {
			v.cell = true
		}
	}
	return v
}

// rsets are the card sets of a state that rootReaders reads: a view's
// surf, next, tc and tops.
type rsets struct {
	surf, next, tc, tops uint64
}

// sets returns v's rsets.
func (v *rview) sets() rsets { return rsets{v.surf, v.next, v.tc, v.tops} }

// after returns the rsets of the state deferrable move m leads to from
// the state of s: a talon card placed leaves the talon, a surface revealed
// off the last card of its structure leaves the surfaces, and a card c
// worried back leaves the foundation's top to the card under it (none
// under an Ace) and becomes the card it takes next, in place of c's
// successor (relaxdefer.go). TestRootMovesMatch checks it against view.
func (s rsets) after(m rMove) rsets {
	switch m.from {
	case rfTalon:
		s.tc &^= 1 << m.card
	case rfFound:
		c := m.card
		s.tops &^= 1 << c
		s.next &^= 1 << (c + 4) // c's successor: a card's bit is 4·rank + suit (none above the top rank is set)
		s.next |= 1 << c
		if c.Rank() > 1 {
			s.tops |= 1 << (c - 4)
		}
	default:
		s.surf &^= 1 << m.card
	}
	return s
}

// rootMoves returns rg.moves(st, dst, true) (the same moves in the same
// order), with the K+ stock's positions in ks (nk of them) for the caller
// to reuse while the talon is unchanged, and st's view in *v (for
// rootReaders).
func (rg *rgame) rootMoves(st *rstate, dst []rMove, ks *[64]kpos, v *rview) ([]rMove, int) {
	*v = rg.view(st)
	if rg.draw == 1 && rg.passes == 0 && rg.cells == 0 {
		return rg.rootMovesAll(st, dst, v), -1
	}
	nk := rg.kplus(st, ks)
	n0 := len(dst)
	// to the foundations; a safe one alone
	for m := v.vis & v.unc & v.next; m != 0; m &= m - 1 {
		c := engine.Card(bits.TrailingZeros64(m))
		mv := rMove{kind: rmFound, from: rfPile, pile: rg.pileOf(c, v.surf), card: c}
		if rg.safe(st, c) {
			return append(dst[:n0], mv), nk
		}
		dst = append(dst, mv)
	}
	for i := 0; i < rg.cells; i++ {
		if c := st.cells[i]; c != engine.NoCard && v.next&(1<<c) != 0 {
			mv := rMove{kind: rmFound, from: rfCell, card: c}
			if rg.safe(st, c) {
				return append(dst[:n0], mv), nk
			}
			dst = append(dst, mv)
		}
	}
	talonSafe := rg.draw == 1 && rg.passes == 0
	var tc uint64 // the talon cards the K+ stock reaches
	for _, k := range ks[:nk] {
		tc |= 1 << k.card
	}
	if tc&v.next != 0 {
		for _, k := range ks[:nk] {
			if v.next&(1<<k.card) != 0 {
				mv := rMove{kind: rmFound, from: rfTalon, card: k.card, w: k.w, rec: k.rec, ti: k.ti}
				if talonSafe && rg.safe(st, k.card) {
					return append(dst[:n0], mv), nk
				}
				dst = append(dst, mv)
			}
		}
	}
	dst = rg.revealMoves(st, v, dst)
	// placements from the talon and the cells
	if tc&v.fit != 0 {
		for _, k := range ks[:nk] {
			b := uint64(1) << k.card
			if b&v.fit == 0 || b&v.next != 0 && rg.safe(st, k.card) {
				continue // see rgame.moves: a safe card is not placed
			}
			dst = append(dst, rMove{kind: rmPlace, from: rfTalon, card: k.card, w: k.w, rec: k.rec, ti: k.ti})
		}
	}
	for i := 0; i < rg.cells; i++ {
		if c := st.cells[i]; c != engine.NoCard && v.fit&(1<<c) != 0 && !(v.next&(1<<c) != 0 && rg.safe(st, c)) {
			dst = append(dst, rMove{kind: rmPlace, from: rfCell, card: c})
		}
	}
	// into a cell
	if v.cell {
		for m := v.vis & v.unc; m != 0; m &= m - 1 {
			c := engine.Card(bits.TrailingZeros64(m))
			dst = append(dst, rMove{kind: rmCell, from: rfPile, pile: rg.pileOf(c, v.surf), card: c})
		}
		for _, k := range ks[:nk] {
			dst = append(dst, rMove{kind: rmCell, from: rfTalon, card: k.card, w: k.w, rec: k.rec, ti: k.ti})
		}
	}
	dst = rg.worryMoves(st, v, dst)
	return dst, nk
}

// revealMoves appends the reveals of st (view v) in pile order: the
// surfaces that fit.
func (rg *rgame) revealMoves(st *rstate, v *rview, dst []rMove) []rMove {
	if v.surf&v.fit != 0 {
		for p := 0; p < rg.piles; p++ {
			if b := rg.fast.surfBit[p][st.s[p]]; b&v.fit != 0 {
				dst = append(dst, rMove{kind: rmReveal, from: rfPile, pile: uint8(p), card: engine.Card(bits.TrailingZeros64(b))})
			}
		}
	}
	return dst
}

// worryMoves appends, with worrying back, the foundations' tops that fit
// on the piles, in suit order (the tops differ in rank, so not in the
// order of their bits); a safe card is not worried back (see rgame.moves).
func (rg *rgame) worryMoves(st *rstate, v *rview, dst []rMove) []rMove {
	if !rg.worry {
		return dst
	}
	for suit := 0; suit < 4; suit++ {
		if f := int(st.found[suit]); f > 0 {
			if c := engine.NewCard(f, suit); v.fit&(1<<c) != 0 && !rg.safe(st, c) {
				dst = append(dst, rMove{kind: rmPlace, from: rfFound, card: c})
			}
		}
	}
	return dst
}

// rootMovesAll is rootMoves where one card is drawn, with unlimited
// passes and no cells: every talon card left is offered (its position is 1
// + its index among those left), so the K+ stock's positions need not be
// listed; the talon moves come in kplus's order all the same, from the
// waste position round the cycle.
func (rg *rgame) rootMovesAll(st *rstate, dst []rMove, v *rview) []rMove {
	n0 := len(dst)
	// to the foundations; a safe one alone
	for m := v.vis & v.unc & v.next; m != 0; m &= m - 1 {
		c := engine.Card(bits.TrailingZeros64(m))
		mv := rMove{kind: rmFound, from: rfPile, pile: rg.pileOf(c, v.surf), card: c}
		if rg.safe(st, c) {
			return append(dst[:n0], mv)
		}
		dst = append(dst, mv)
	}
	if m := v.tc & v.next; m != 0 {
		n1 := len(dst)
		dst = rg.talonMoves(st, m, rmFound, dst)
		for _, mv := range dst[n1:] {
			if rg.safe(st, mv.card) {
				return append(dst[:n0], mv)
			}
		}
	}
	dst = rg.revealMoves(st, v, dst)
	// placements from the talon (a safe card is not placed: rgame.moves;
	// with none given alone above, no talon card to its foundation is)
	if m := v.tc & v.fit; m != 0 {
		dst = rg.talonMoves(st, m, rmPlace, dst)
	}
	dst = rg.worryMoves(st, v, dst)
	return dst
}

// talonMoves appends the moves of kind of the talon cards in cards (all
// left in st's talon), in kplus's order: by position (1 + the card's index
// among those left) from st.w round to st.w - 1, where one card is drawn
// with unlimited passes.
func (rg *rgame) talonMoves(st *rstate, cards uint64, kind uint8, dst []rMove) []rMove {
	n0 := len(dst)
	w0 := int(st.w)
	left := bits.OnesCount64(st.talon)
	for m := cards; m != 0; m &= m - 1 {
		c := engine.Card(bits.TrailingZeros64(m))
		i := int(rg.talonIdx[c])
		w := 1 + bits.OnesCount64(st.talon&(1<<i-1))
		dst = append(dst, rMove{kind: kind, from: rfTalon, card: c, w: uint8(w), ti: uint8(i)})
	}
	// insertion sort by the position's turn, (w - w0) mod left
	ms := dst[n0:]
	turn := func(w uint8) int {
		d := int(w) - w0
		if d < 0 {
			d += left
		}
		return d
	}
	for i := 1; i < len(ms); i++ {
		for j := i; j > 0 && turn(ms[j].w) < turn(ms[j-1].w); j-- {
			ms[j-1], ms[j] = ms[j], ms[j-1]
		}
	}
	return dst
}

// rootReaders returns rg.readers(st, r, dst) (the same moves in the same
// order); ks holds the K+ stock's positions of st when known (nk >= 0),
// else nk is -1 and they are worked out where needed. v holds st's
// surfaces, next cards, talon cards and foundation tops.
func (rg *rgame) rootReaders(st *rstate, r resource, dst []rMove, ks *[64]kpos, nk int, v *rsets) []rMove {
	// the cards that go onto r's cards (or the Kings, onto an empty pile)
	var child uint64
	if r.rank == 0 {
		child = rg.kings
	} else if r.rank > 1 {
		child = rg.typ[r.rank-1][1-r.colour]
	}
	if tc := child & v.tc; tc != 0 {
		if rg.draw == 1 && rg.passes == 0 {
			// every card left is offered: position 1 + its index among
			// them, in the order of the talon
			n0 := len(dst)
			for m := tc; m != 0; m &= m - 1 {
				c := engine.Card(bits.TrailingZeros64(m))
				i := int(rg.talonIdx[c])
				w := 1 + bits.OnesCount64(st.talon&(1<<i-1))
				dst = append(dst, rMove{kind: rmPlace, from: rfTalon, card: c, w: uint8(w), ti: uint8(i)})
			}
			sortFew(dst[n0:], false)
		} else {
			if nk < 0 {
				nk = rg.kplus(st, ks)
			}
			for _, k := range ks[:nk] {
				if child&(1<<k.card) != 0 {
					dst = append(dst, rMove{kind: rmPlace, from: rfTalon, card: k.card, w: k.w, rec: k.rec, ti: k.ti})
				}
			}
		}
	}
	for i := 0; i < rg.cells; i++ {
		if c := st.cells[i]; c != engine.NoCard && child&(1<<c) != 0 {
			dst = append(dst, rMove{kind: rmPlace, from: rfCell, card: c})
		}
	}
	if rg.worry {
		// a card's bit is 4·rank + suit: the tops come in suit order
		for m := child & v.tops; m != 0; m &= m - 1 {
			dst = append(dst, rMove{kind: rmPlace, from: rfFound, card: engine.Card(bits.TrailingZeros64(m))})
		}
	}
	if m := child & v.surf; m != 0 {
		n0 := len(dst)
		for ; m != 0; m &= m - 1 {
			c := engine.Card(bits.TrailingZeros64(m))
			dst = append(dst, rMove{kind: rmReveal, from: rfPile, pile: uint8(rg.fast.stcPile[c]), card: c})
		}
		sortFew(dst[n0:], true)
	}
	if r.rank == 0 {
		return dst
	}
	// the cards of r's type going up or into a cell
	freeCell := false
	for i := 0; i < rg.cells; i++ {
		if st.cells[i] == engine.NoCard {
			freeCell = true
		}
	}
	for m := (v.surf | st.placed) & rg.typ[r.rank][r.colour]; m != 0; m &= m - 1 {
		c := engine.Card(bits.TrailingZeros64(m))
		pile := rg.pileOf(c, v.surf)
		if v.next&(1<<c) != 0 {
			dst = append(dst, rMove{kind: rmFound, from: rfPile, pile: pile, card: c})
		}
		if freeCell {
			dst = append(dst, rMove{kind: rmCell, from: rfPile, pile: pile, card: c})
		}
	}
	return dst
}

// sortFew sorts the few moves ms (a type's cards: at most four) by
// pile, or else by talon index: an insertion sort.
func sortFew(ms []rMove, byPile bool) {
	for i := 1; i < len(ms); i++ {
		for j := i; j > 0; j-- {
			a, b := ms[j-1], ms[j]
			if byPile && a.pile <= b.pile || !byPile && a.ti <= b.ti {
				break
			}
			ms[j-1], ms[j] = b, a
		}
	}
}
