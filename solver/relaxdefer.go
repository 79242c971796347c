package solver

import (
	"math/bits"

	"github.com/klondike-family/klondike/engine"
)

// Deferred moves: the root search of the relaxed game (relaxroot.go)
// plays two kinds of relaxed moves only where what they provide is used at
// once.
//
// Both kinds need a game without cells. A move is deferrable when it is
//
//   - (T) with one card drawn at a time and unlimited passes, and no Joker
//     (its credits and releases read types too, and readers does not
//     give them), a talon card c placed onto the piles; it provides an
//     uncovered card of c's type;
//   - (E) a reveal of a surface X that is not a King and is the last card
//     of its pile's structure; it provides an empty pile.
//
// A move reads a type t when its guard asks for an uncovered card of t: a
// card whose parent type is t placed or revealed onto the piles, or a pile
// card of type t going to its foundation (with the Joker: on credit, or
// taking the Joker's place too) or into a cell. It reads an empty pile
// when it puts a King onto the piles. The Joker's own moves read neither
// (a Joker in the talon becomes free at a position the K+ stock reaches;
// on a pile's top it is free already, relax.go's normalize), and with a
// Joker only (E) is deferred, whose readers are Kings alone. The moves
// that lower the count of uncovered cards of t (or of empty piles) are
// readers of it: a card goes onto t's cards, or one of t's cards leaves
// the piles (a King into an empty pile).
//
// The search never makes a child of a deferrable move alone: from the
// state st1 it leads to, the macro goes on with each move of st1 that
// reads what the deferrable move provides (readers), or, if one of those
// is a safe move to a foundation (rgame.safe), with it alone; a follower that
// is deferrable itself is expanded the same way, and any other follower
// ends the macro, whose last state is the child. Nothing in a macro is
// stored but its last state.
//
// Lemma (canonical lines). A relaxed state Y that can be won has a
// shortest winning line in which every deferrable move is followed at
// once by a move that reads what it provides.
//
// Proof. Take a shortest winning line σ from Y. Repeat, while σ has a
// deferrable move not followed by one of its readers: let d be the last
// such move (after d, every deferrable move is followed by a reader of
// its own), R what it provides. Call a later reader of R claimed when the
// move just before it is deferrable and provides R.
//
// First, some reader of R after d is unclaimed. Suppose not, and delete d
// from σ; for T, play c's going up from the piles (a reader of c's type,
// which must come, the line ending won) from the talon instead; for E,
// play X's going up or into a cell, if it comes, from the surface it still
// is. Every other move keeps its guard: one uncovered card of d's parent
// type more (d never covered it) only helps; the talon keeps c, and with
// one card drawn and unlimited passes every talon card left is offered at
// every position (the positions are folded into one, relax.go's key), so
// the other talon moves are the same; and a claimed reader of R is
// legal because the move before it provided R (counts of uncovered cards
// and of empty piles are never negative along a legal line, so the count
// is at least one after the provider). After X's going up from its
// surface the pile is empty, as it is in σ after d and X's going up. So
// the line is legal, wins, and is one move shorter than σ: impossible.
//
// Let r be the first unclaimed reader of R after d, and move d to just
// before r. The moves between d's old place and r keep their guards, as
// above (c's own going up and X's are not among them: such a move, before
// r, would give the shorter line above). d is legal where it now stands:
// c is still in the talon, or X still the surface of its pile with
// nothing under it, and its parent type has one uncovered card more than
// in σ after the same moves, where it had at least none (for a King, the
// same holds of the empty piles). From r on the state is σ's, so the line
// wins and is as short. Now d is followed by r. The move that was just
// before r is not deferrable (r reads one thing, R; if that move were a
// deferrable one followed by a reader, it would provide R, and r would be
// claimed), so nothing lost its reader. The deferrable moves after d's old
// place are all followed by readers, d included: the next d is earlier,
// and the repetition ends. ∎
//
// Theorem (exhaustive with deferred moves). The completeness of the root
// search (relaxroot.go) holds with macros: a winnable state has a
// generated child (a macro's last state) that wins in fewer moves.
//
// Proof. Let Y be winnable and not won. If rgame.moves gives a safe move
// alone, its child wins in fewer moves (rgame.safe). Else take the
// canonical shortest line σ of the lemma. Its first move is generated:
// the moves rgame.moves leaves out are never the first move of a shortest
// win. If it is not deferrable, its state is a child that wins in one move
// fewer. Else let σ begin d1 … dk m with d1 … dk deferrable and m not;
// every di is followed by a reader of what it provides, so each of d2 … dk
// and m is among the readers the macro follows from the state before it,
// unless a safe reader is followed alone there: that state wins in |σ| - i
// moves (it lies on σ after i moves), so the safe move's state wins in
// fewer (rgame.safe), and it ends the macro (a move to a foundation is not
// deferrable) as a child that wins in fewer moves than Y. Otherwise the macro reaches m's state, which wins in |σ| - k - 1
// moves. By induction on the fewest moves to a win, the search reaches a
// won state from a winnable root. ∎

// resource is what a deferrable move provides: an uncovered card of a
// type (a rank and a colour, 1 red), or an empty pile (rank 0).
type resource struct {
	rank, colour int
}

// deferrable tells whether m, from st, is a deferrable move, and what it
// provides.
func (rg *rgame) deferrable(st *rstate, m rMove) (resource, bool) {
	if rg.cells != 0 {
		return resource{}, false
	}
	switch {
	case m.kind == rmPlace && m.from == rfTalon && rg.draw == 1 && rg.passes == 0 && !rg.joker:
		return resource{m.card.Rank(), m.card.Colour()}, true
	case m.kind == rmReveal && st.s[m.pile] == 1 && m.card.Rank() != rg.ranks:
		return resource{}, true
	}
	return resource{}, false
}

// reads tells whether m reads r (for the tests: readers generates exactly
// such moves).
func (rg *rgame) reads(m rMove, r resource) bool {
	c := m.card
	switch m.kind {
	case rmPlace, rmReveal:
		if c.Rank() == rg.ranks {
			return r.rank == 0
		}
		return r.rank == c.Rank()+1 && r.colour != c.Colour()
	case rmFound, rmCell:
		return m.from == rfPile && r.rank == c.Rank() && r.colour == c.Colour()
	}
	return false
}

// expand appends to kids the last states of the macros that begin with
// the move *mp (deferrable, providing r) from st, whose key is k0, k1;
// w.seq holds the macro's moves before it. Each kid's moves go to
// w.macro[depth]. w.ks holds the K+ stock's positions of st when nk >= 0
// (nk of them): the talon is the visited state's until a macro plays a
// talon card. v is st's card sets (rootReaders; unused with plainGen).
// The state the move leads to is keyed only when it has readers. The key
// comes as two words and the move and card sets by pointer, so that the
// arguments stay in registers (a [2]uint64 or a struct of many fields is
// passed through memory).
func (w *rworker) expand(st *rstate, k0, k1 uint64, mp *rMove, r resource, depth int, kids []rkid, nk int, v *rsets) []rkid {
	rg := w.rg
	m := *mp
	st1 := *st
	rg.apply(&st1, m)
	if m.from == rfTalon {
		nk = -1
	}
	lvl := len(w.seq) + 1
	for len(w.mbuf) <= lvl {
		w.mbuf = append(w.mbuf, make([]rMove, 0, 64))
	}
	var ms []rMove
	var v1 rsets
	if w.rr.plainGen {
		ms = rg.readers(&st1, r, w.mbuf[lvl][:0])
	} else {
		v1 = v.after(m)
		ms = rg.rootReaders(&st1, r, w.mbuf[lvl][:0], &w.ks, nk, &v1)
	}
	if len(ms) == 0 {
		return kids
	}
	for _, m2 := range ms {
		if m2.kind == rmFound && rg.safe(&st1, m2.card) {
			ms = append(ms[:0], m2)
			break
		}
	}
	w.mbuf[lvl] = ms
	w.seq = append(w.seq, m)
	var key1 [2]uint64 // st1's
	key1[0], key1[1] = rg.keyAfter(k0, k1, &st1, m)
	for i := range ms {
		m2 := ms[i]
		if r2, ok := rg.deferrable(&st1, m2); ok {
			kids = w.expand(&st1, key1[0], key1[1], &ms[i], r2, depth, kids, nk, &v1)
			continue
		}
		kids = append(kids, rkid{st: st1, mi: int32(len(w.macro[depth])), mn: int32(lvl + 1)})
		w.macro[depth] = append(append(w.macro[depth], w.seq...), m2)
		c := &kids[len(kids)-1]
		rg.apply(&c.st, m2)
		if w.rr.plainGen {
			c.k = rg.key(&c.st)
		} else {
			c.k[0], c.k[1] = rg.keyAfter(key1[0], key1[1], &c.st, m2)
		}
		c.h = setHash(w.rr.xor, c.k, w.rr.pos)
		w.fetch(c.h)
	}
	w.seq = w.seq[:lvl-1]
	return kids
}

// readers appends to dst the moves of st that read r, where st provides r
// (so that a guard on r holds): rgame.moves' moves m with reads(m, r),
// none left out (TestReaders).
func (rg *rgame) readers(st *rstate, r resource, dst []rMove) []rMove {
	// the cards that go onto r's cards (or the Kings, onto an empty pile)
	var child uint64
	if r.rank == 0 {
		child = rg.kings
	} else if r.rank > 1 {
		child = rg.typ[r.rank-1][1-r.colour]
	}
	var inTalon uint64 // the talon indices of child's cards left there
	for m := child; m != 0; m &= m - 1 {
		if i := rg.talonIdx[bits.TrailingZeros64(m)]; i >= 0 {
			inTalon |= st.talon & (1 << i)
		}
	}
	if inTalon != 0 {
		if rg.draw == 1 && rg.passes == 0 {
			// every card left is offered: position 1 + its index among them
			for m := inTalon; m != 0; m &= m - 1 {
				i := bits.TrailingZeros64(m)
				w := 1 + bits.OnesCount64(st.talon&(1<<i-1))
				dst = append(dst, rMove{kind: rmPlace, from: rfTalon, card: rg.talon[i], w: uint8(w), ti: uint8(i)})
			}
		} else {
			var ks [64]kpos
			nk := rg.kplus(st, &ks)
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
		for suit := 0; suit < 4; suit++ {
			if f := int(st.found[suit]); f > 0 {
				if c := engine.NewCard(f, suit); child&(1<<c) != 0 {
					dst = append(dst, rMove{kind: rmPlace, from: rfFound, card: c})
				}
			}
		}
	}
	var surf uint64
	for p := 0; p < rg.piles; p++ {
		if k := st.s[p]; k > 0 {
			c := rg.stc[p][k-1]
			surf |= 1 << c
			if child&(1<<c) != 0 {
				dst = append(dst, rMove{kind: rmReveal, from: rfPile, pile: uint8(p), card: c})
			}
		}
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
	for m := (surf | st.placed) & rg.typ[r.rank][r.colour]; m != 0; m &= m - 1 {
		c := engine.Card(bits.TrailingZeros64(m))
		pile := uint8(255)
		if surf&(1<<c) != 0 {
			for p := 0; p < rg.piles; p++ {
				if k := st.s[p]; k > 0 && rg.stc[p][k-1] == c {
					pile = uint8(p)
				}
			}
		}
		if rg.foundOK(st, c) {
			dst = append(dst, rMove{kind: rmFound, from: rfPile, pile: pile, card: c})
		}
		if freeCell {
			dst = append(dst, rMove{kind: rmCell, from: rfPile, pile: pile, card: c})
		}
	}
	return dst
}

// pushLine adds kid c's moves to w.line, last first.
func (w *rworker) pushLine(depth int, c *rkid) {
	ms := w.macro[depth][c.mi : c.mi+c.mn]
	for i := len(ms) - 1; i >= 0; i-- {
		w.line = append(w.line, ms[i])
	}
}
