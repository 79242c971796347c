package solver

import (
	"math/bits"

	"github.com/klondike-family/klondike/engine"
)

// Deferred moves: the root search of the relaxed game (relaxroot.go)
// plays three kinds of relaxed moves only where what they provide is used
// at once.
//
// All need a game without cells. A move is deferrable when it is
//
//   - (T) with one card drawn at a time and unlimited passes, a talon
//     card c placed onto the piles; it provides an uncovered card of c's
//     type (with the Joker, readers gives the
//     credits and releases that read c's type);
//   - (E) a reveal of a surface X that is not a King and is the last card
//     of its pile's structure; it provides an empty pile;
//   - (W) with worrying back and no Joker, a foundation's top card c
//     placed onto the piles; it provides an uncovered card of c's type,
//     and the exposure of c⁻, the card under c on its foundation (c⁻ is
//     the top there now).
//
// A move reads a type t when its guard asks for an uncovered card of t: a
// card whose parent type is t placed or revealed onto the piles, or a pile
// card of type t going to its foundation (with the Joker: on credit, or
// taking the Joker's place too) or into a cell. It reads an empty pile
// when it puts a King onto the piles. The Joker's own moves read neither
// (a Joker in the talon becomes free at a position the K+ stock reaches;
// on a pile's top it is free already, relax.go's normalize). The moves
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
// stored but its last state. After W(c) the followers are c's readers but
// c's own return, and c⁻ worried back (it reads the exposure) onto a host
// there or onto one pulled (pull, below the theorems).
//
// The lemma and the first theorem are about T and E alone; the second
// theorem is about all three, with the followers and pulls of W.
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
// which must come, the line ending won; with the Joker it may go up on
// credit or take the Joker's place, and the talon offers those too) from
// the talon instead; for E,
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
// canonical shortest line σ of the lemma. Its first move is generated: the
// moves rgame.moves leaves out are never the first move of a shortest win.
// If it is not deferrable, its state is a child that wins in one move
// fewer. Else let σ begin d1 … dk m with d1 … dk deferrable and m not;
// every di is followed by a reader of what it provides, so each of d2 … dk
// and m is among the readers the macro follows from the state before it,
// unless a safe reader is followed alone there: that state wins in |σ| - i
// moves (it lies on σ after i moves), so the safe move's state wins in
// fewer (rgame.safe), and it ends the macro (a move to a foundation is not
// deferrable) as a child that wins in fewer moves than Y. Otherwise the
// macro reaches m's state, which wins in |σ| - k - 1 moves. By induction
// on the fewest moves to a win, the search reaches a won state from a
// winnable root. ∎
//
// With W the lemma fails: a worried-back card reads two things, a host and
// its exposure, so a shortest line may need two providers before one move
// (the card under a worried-back card onto a host worried back from
// another foundation: draw-3 deal 69040 with worrying back, which the
// followers without pulls call lost; TestWorryBackHardWins). What holds:
//
// Theorem (exhaustive with worried-back cards deferred). With T (where the
// search defers it), E and W deferred, a winnable relaxed state Y that is
// not won has a generated child that wins in fewer moves.
//
// Proof. If rgame.moves gives a safe move alone, as before. Counts: the
// uncovered cards of each type and the empty piles. A move lowers a count
// when it uses a unit of it: a card placed or revealed onto a type (a
// King, onto an empty pile), a pile card of the type going up. Along a
// legal line match each lowering to the oldest unit of its count still
// unmatched (first in, first out). The consumers of a provider d: the
// lowering matched to d's unit; for W(c) also the next W(c⁻) (exposure)
// and the next c going up (presence); for T(x) the next x going up from
// the piles (presence). Each move lowers at most one count. Among the
// shortest winning lines from Y take σ maximising Ψ, the sum over σ's
// providers of the moves before them that are not providers, and let ρ =
// d1 … dk m be σ's first providers and the first move that is not one.
//
// (1) Every provider d of ρ has a consumer in ρ. It has one in σ: a won
// line ends with every card up, so T's and W's units are matched, and an E
// whose unit is never matched is deleted, X then going up from its
// surface, a shorter line (as in the lemma). If d's first consumer u came
// after m, move d to just before u. In between, d's host type has a unit
// more; d's own count one fewer, but each lowering of it there is matched
// to an older unit, so the count was 2 or more there; W(c)'s card stays on
// its foundation, which only c's return and W(c⁻) read (consumers, not
// there) and c⁺ going up (illegal in σ there); T(x)'s card stays in the
// talon, offered at every position, and if x goes up from the piles in
// between, it goes up from the talon instead and T(x) is deleted, a
// shorter line; E as in the lemma. d's own guard holds at its new place by
// the same counts. The line is as short and has a larger Ψ (d passes m):
// impossible.
//
// (2) No provider's first consumer is its own card going up (its return).
// For W(c), delete W(c) and the return: in between, c's type has a unit
// fewer, but each lowering of it there is matched to an older unit (W(c)'s
// is matched at the return or later), so the count was 2 or more; c's
// parent type has a unit more; c stays up, which only W(c⁻) (a consumer,
// not there) and c⁺ going up (illegal in σ there) read; after the return
// the counts agree again (the return uncovered c's parent). For T(x),
// delete T(x) and play x up from the talon at the return's place. Both
// give a shorter line. So expand leaves out c's return after W(c).
//
// (3) Let G be the graph on ρ with an edge from each provider to each of
// its consumers in ρ. Edges go forward in σ, so G has no cycle; by (1) m
// is its only sink, and every move of ρ is an ancestor of m. A move has at
// most two in-edges: its matched unit's provider and, for W(c), W(c⁺)
// (exposure), or for m, a presence.
//
// (4) Every order π of ρ along which each edge goes forward is legal from
// Y and ends where ρ does. A lowering u of a count t: before u in π, the
// lowerings matched to units older than ρ number at most S(t) - 1 if u's
// own unit is one of those, else at most S(t) (S(t) the count at Y); every
// other lowering before u, and u itself if its unit is of ρ, has the raise
// of its unit (its provider, an edge) before it; so t's count before u is
// at least 1. Of ρ's moves only W changes a foundation (and m), and the
// exposure edges keep each suit's W in σ's order; presence edges put each
// return after its card's W or T; T's cards are offered at every position;
// the E of ρ empty distinct piles. The moves are ρ's, so the state after
// them is ρ's.
//
// (5) The macros make such an order. Take a path in G back from m: at m,
// if m is a card c going up after W(c) or T(c) of ρ, the in-edge of its
// matched unit, from P (the provider's first consumer x is in ρ and not m,
// by (2), and x reaches m only through P, so the provider is an ancestor
// of P; P is not W(c) itself, whose consumers in ρ would then be m alone,
// W(c⁻) keeping c off its foundation); at W(c), the exposure in-edge from
// W(c⁺) when it is in ρ; elsewhere the only in-edge. The path ends at a
// move d1 with no in-edge, legal at Y and generated there: every π
// followed by σ's rest is a shortest win from Y, and rgame.moves leaves
// out only moves that are never the first of a shortest win (so too along
// π). Each move of the path reads what the one before it provides
// (readers: its type, not as a return by (2); or the exposure, W(c⁻) after
// W(c)), so it is among expand's followers there, unless its other in-edge
// comes from a move not yet made. That happens only at a W(c) entered from
// W(c⁺), whose host is then a provider of ρ: pull makes its host's
// ancestors not yet made, depth first, each card needing a host after that
// host's ancestors: the host there when G's in-edge comes from a move made
// already or from before ρ, else the provider pulled, a W with the cards
// above it on its foundation first (its exposure ancestors), a T or an E
// each after its own host. pull never takes from a suit or pile whose card
// waits for the host (G would have a cycle), nor worries back a safe card
// (never in a shortest win, rgame.moves). So the macro makes every move of
// ρ after its in-edges' providers, an order of (4), and each guard pull
// and expand check holds. Its last state is ρ's, which wins in |σ| - k - 1
// moves; a safe reader followed alone on the way ends the macro in fewer,
// as in the first theorem. By induction on the fewest moves to a win, the
// search reaches a won state from a winnable root. ∎
//
// TestDeferredWorryKeepsWins checks it on small games' relaxed states
// whose foundations go up and down, where the followers without pulls, or
// without talon cards pulled, call won states lost.

// resource is what a deferrable move provides: an uncovered card of a
// type (a rank and a colour, 1 red), or an empty pile (rank 0).
type resource struct {
	rank, colour int
}

// deferrable tells whether m, from st, is a deferrable move, and what it
// provides (with (W), the type's card; the exposure of the card under it
// is expand's).
func (rg *rgame) deferrable(st *rstate, m rMove) (resource, bool) {
	if rg.cells != 0 {
		return resource{}, false
	}
	switch {
	case m.kind == rmPlace && m.from == rfTalon && rg.defersTalon():
		return resource{m.card.Rank(), m.card.Colour()}, true
	case m.kind == rmPlace && m.from == rfFound && rg.defersWorry():
		return resource{m.card.Rank(), m.card.Colour()}, true
	case m.kind == rmReveal && st.s[m.pile] == 1 && m.card.Rank() != rg.ranks:
		return resource{}, true
	}
	return resource{}, false
}

// defersTalon tells whether rg's talon placements are deferrable (T).
func (rg *rgame) defersTalon() bool {
	return rg.draw == 1 && rg.passes == 0 && rg.cells == 0
}

// defersWorry tells whether rg's worried-back cards are deferrable (W).
func (rg *rgame) defersWorry() bool {
	return rg.worry && !rg.joker && rg.cells == 0
}

// The tuning's choices of deferred moves with worrying back.
const (
	worryAndTalonDeferred = iota // T, W and E
	worryNotDeferred             // T and E only
)

// deferred tells whether the root search defers m, a move of st, and
// what it provides: deferrable, of a kind the search defers.
func (rr *rroot) deferred(st *rstate, m rMove) (resource, bool) {
	if !rr.deferMoves {
		return resource{}, false
	}
	r, ok := rr.rg.deferrable(st, m)
	switch {
	case !ok:
		return r, false
	case m.from == rfTalon:
		return r, rr.deferT
	case m.from == rfFound:
		return r, rr.deferW
	}
	return r, true
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
	v1 := v.after(m)
	if w.rr.plainGen {
		ms = rg.readers(&st1, r, w.mbuf[lvl][:0])
	} else {
		ms = rg.rootReaders(&st1, r, w.mbuf[lvl][:0], &w.ks, nk, &v1)
	}
	// W(c): not c's own return; the card under c, worried back onto a
	// host there (it reads c's exposure), and below, onto a host pulled
	under := engine.NoCard
	if m.from == rfFound {
		for i, m2 := range ms {
			if m2.kind == rmFound && m2.card == m.card {
				ms = append(ms[:i], ms[i+1:]...)
				break
			}
		}
	}
	if m.from == rfFound && m.card.Rank() > 1 {
		if c := engine.NewCard(m.card.Rank()-1, m.card.Suit()); !rg.safe(&st1, c) {
			under = c
			if rg.fitsIn(&st1, c) {
				ms = append(ms, rMove{kind: rmPlace, from: rfFound, card: c})
			}
		}
	}
	if len(ms) == 0 && under == engine.NoCard {
		return kids
	}
	for _, m2 := range ms {
		if m2.kind == rmFound && rg.safe(&st1, m2.card) {
			ms = append(ms[:0], m2)
			under = engine.NoCard
			break
		}
	}
	w.mbuf[lvl] = ms
	w.seq = append(w.seq, m)
	var key1 [2]uint64 // st1's
	key1[0], key1[1] = rg.keyAfter(k0, k1, &st1, m)
	for i := range ms {
		m2 := ms[i]
		if r2, ok := w.rr.deferred(&st1, m2); ok {
			kids = w.expand(&st1, key1[0], key1[1], &ms[i], r2, depth, kids, nk, &v1)
			continue
		}
		kids = w.kid(&st1, key1[0], key1[1], m2, depth, kids)
	}
	if under != engine.NoCard && (!w.rr.pullsSkip || rg.mayBeRead(&st1, under)) {
		n := len(w.goals)
		w.goals = append(w.goals,
			pgoal{kind: pgFollow, mv: rMove{kind: rmPlace, from: rfFound, card: under}},
			pgoal{kind: pgHost, pulledOnly: true, mv: rMove{card: under}, busy: 1 << under.Suit()})
		kids = w.pull(&st1, key1[0], key1[1], &v1, depth, kids, nk)
		w.goals = w.goals[:n]
	}
	w.seq = w.seq[:lvl-1]
	return kids
}

// kid appends to kids the state m2 leads to from st (key k0, k1), the
// last of a macro whose moves before m2 are w.seq.
func (w *rworker) kid(st *rstate, k0, k1 uint64, m2 rMove, depth int, kids []rkid) []rkid {
	rg := w.rg
	kids = append(kids, rkid{st: *st, mi: int32(len(w.macro[depth])), mn: int32(len(w.seq) + 1)})
	w.macro[depth] = append(append(w.macro[depth], w.seq...), m2)
	c := &kids[len(kids)-1]
	rg.apply(&c.st, m2)
	if w.rr.plainGen {
		c.k = rg.key(&c.st)
	} else {
		c.k[0], c.k[1] = rg.keyAfter(k0, k1, &c.st, m2)
	}
	c.h = setHash(w.rr.xor, c.k, w.rr.pos)
	w.fetch(c.h)
	return kids
}

// mayBeRead tells whether card c, worried back from st by expand's pulls
// (a follower pulled for: the card under a worried-back card), might have
// a follower of its own after them: a card of c's child type in the talon,
// on a foundation's top or a pile's surface (a reader, were it placed onto
// c), c's twin in the piles with its foundation at rank(c)-1 (going up),
// or a card under c that may be worried back (not safe). Where there is
// none after the pulls, every macro through them ends without a child.
//
// What the pulls can change of these: every card they worry back is a
// host of a card that needs one (c, of rank(c), or a card placed or
// revealed for it, of a higher rank, or the last structure card X of a
// pile revealed to empty it for a King) or lies above such a host on its
// foundation, so it ranks above L, the least of rank(c) and the ranks of
// the cards X that could be revealed so; each foundation keeps at least
// min(its height, L) cards. A card of c's child type (rank(c)-1) comes to
// a foundation's top only if it is the top or L is below rank(c). The
// pulls take cards from the talon and the surfaces, never add them. c's
// twin can go up after them only with its foundation at rank(c)-1: it is
// so now (the twin in the piles or the talon, which the pulls may place),
// or the twin is on its foundation and ranks above L (pulled as a host,
// the cards above it first). safe asks only for foundation heights of at
// least some ranks, so the card under c, safe with every height cut to L,
// stays safe.
func (rg *rgame) mayBeRead(st *rstate, c engine.Card) bool {
	r := c.Rank()
	low := r // L above
	for p := 0; p < rg.piles; p++ {
		if st.s[p] == 1 {
			if x := rg.stc[p][0]; x.Rank() != rg.ranks && x.Rank() < low {
				low = x.Rank()
			}
		}
	}
	if r > 1 {
		cut := *st
		for s := range cut.found {
			cut.found[s] = uint8(min(int(cut.found[s]), low))
		}
		if !rg.safe(&cut, engine.NewCard(r-1, c.Suit())) {
			return true
		}
		for m := rg.typ[r-1][1-c.Colour()]; m != 0; m &= m - 1 {
			k := engine.Card(bits.TrailingZeros64(m))
			if i := rg.talonIdx[k]; i >= 0 && st.talon&(1<<i) != 0 {
				return true
			}
			if f := int(st.found[k.Suit()]); f == k.Rank() || f > k.Rank() && low < r {
				return true
			}
			if rg.isSurface(st, k) {
				return true
			}
		}
	}
	for m := rg.typ[r][c.Colour()] &^ (1 << c); m != 0; m &= m - 1 {
		twin := engine.Card(bits.TrailingZeros64(m))
		if f := int(st.found[twin.Suit()]); f == r-1 || f >= r && low < r {
			return true
		}
	}
	return false
}

// isSurface tells whether card c is a pile's surface in st.
func (rg *rgame) isSurface(st *rstate, c engine.Card) bool {
	p := rg.fast.stcPile[c]
	return p >= 0 && st.s[p] > 0 && rg.stc[p][st.s[p]-1] == c
}

// fitsIn tells whether card c may go onto st's piles: an uncovered card
// of its parent type, or for a King an empty pile.
func (rg *rgame) fitsIn(st *rstate, c engine.Card) bool {
	exhausted := 0
	var surf uint64
	for p := 0; p < rg.piles; p++ {
		if k := st.s[p]; k > 0 {
			surf |= rg.fast.surfBit[p][k]
		} else {
			exhausted++
		}
	}
	if c.Rank() == rg.ranks {
		return exhausted > bits.OnesCount64(st.placed&rg.kings)
	}
	return rg.uncovered(surf|st.placed, st.placed)&rg.typ[c.Rank()+1][1-c.Colour()] != 0
}

// Pulled providers. A macro's follower that reads what the deferred move
// before it provides may need another provision too: the card under a
// worried-back card (it reads the exposure) needs a host. expand offers
// it on a host there (fitsIn), and pull on each host pulled: a card of
// the host's type worried back, with the cards above it on its foundation
// worried back first, each onto a host there or pulled in turn; where the
// talon placements are deferred, a talon card of the host's type placed
// onto a host there or pulled; for a King, an empty pile made by an
// emptying reveal onto a host there or pulled. The theorem that keeps the
// search exhaustive with them, and its proof, are at the top of this file
// (the second theorem).

// pgoal is a goal of pull, which works through w.goals, the next one
// last.
type pgoal struct {
	kind uint8
	// pulledOnly (pgHost): pulled hosts only, the one there being
	// expand's follower
	pulledOnly bool
	// mv: for pgHost the card that needs a host (only its card), for
	// pgDown the card to bring its suit down to, for pgPlay and pgFollow
	// the move
	mv rMove
	// busy: the suits (bit s) and piles (bit 4 + p) not to pull from, as
	// their card waits for the host being pulled
	busy uint32
}

const (
	pgHost   = iota // a host for mv.card: the one there, or one pulled
	pgDown          // mv.card's suit worried back down to mv.card, each card onto a host
	pgPlay          // play mv, whose guard holds
	pgFollow        // the follower mv, if its guard holds: a deferred move, expanded
)

// pull works through w.goals from st (key k0, k1, card sets v; nk as in
// expand), appending the macros' last states to kids.
func (w *rworker) pull(st *rstate, k0, k1 uint64, v *rsets, depth int, kids []rkid, nk int) []rkid {
	rg := w.rg
	n := len(w.goals)
	g := w.goals[n-1]
	w.goals = w.goals[:n-1]
	switch g.kind {
	case pgPlay:
		st2 := *st
		rg.apply(&st2, g.mv)
		j0, j1 := rg.keyAfter(k0, k1, &st2, g.mv)
		v2 := v.after(g.mv)
		nk2 := nk
		if g.mv.from == rfTalon {
			nk2 = -1
		}
		w.seq = append(w.seq, g.mv)
		kids = w.pull(&st2, j0, j1, &v2, depth, kids, nk2)
		w.seq = w.seq[:len(w.seq)-1]
	case pgFollow:
		c := g.mv.card
		if int(st.found[c.Suit()]) == c.Rank() && rg.fitsIn(st, c) {
			if r2, ok := w.rr.deferred(st, g.mv); ok {
				for len(w.ubuf) <= len(w.seq) {
					w.ubuf = append(w.ubuf, rMove{})
				}
				u := &w.ubuf[len(w.seq)]
				*u = g.mv
				kids = w.expand(st, k0, k1, u, r2, depth, kids, nk, v)
			}
		}
	case pgHost:
		c := g.mv.card
		if !g.pulledOnly && rg.fitsIn(st, c) {
			kids = w.pull(st, k0, k1, v, depth, kids, nk)
		}
		if c.Rank() == rg.ranks {
			// an empty pile: a pile's last structure card (not a King)
			// revealed onto a host
			for p := 0; p < rg.piles; p++ {
				if st.s[p] != 1 || g.busy&(1<<(4+p)) != 0 {
					continue
				}
				x := rg.stc[p][0]
				if x.Rank() == rg.ranks {
					continue
				}
				w.goals = append(w.goals[:n-1],
					pgoal{kind: pgPlay, mv: rMove{kind: rmReveal, from: rfPile, pile: uint8(p), card: x}},
					pgoal{kind: pgHost, mv: rMove{card: x}, busy: g.busy | 1<<(4+p)})
				kids = w.pull(st, k0, k1, v, depth, kids, nk)
			}
			break
		}
		hosts := rg.typ[c.Rank()+1][1-c.Colour()]
		for m := hosts; m != 0; m &= m - 1 {
			y := engine.Card(bits.TrailingZeros64(m))
			if g.busy&(1<<y.Suit()) != 0 || int(st.found[y.Suit()]) < y.Rank() {
				continue
			}
			w.goals = append(w.goals[:n-1], pgoal{kind: pgDown, mv: rMove{card: y}, busy: g.busy})
			kids = w.pull(st, k0, k1, v, depth, kids, nk)
		}
		if w.rr.deferT {
			for m := hosts; m != 0; m &= m - 1 {
				x := engine.Card(bits.TrailingZeros64(m))
				i := int(rg.talonIdx[x])
				if i < 0 || st.talon&(1<<i) == 0 {
					continue
				}
				tw := 1 + bits.OnesCount64(st.talon&(1<<i-1))
				w.goals = append(w.goals[:n-1],
					pgoal{kind: pgPlay, mv: rMove{kind: rmPlace, from: rfTalon, card: x, w: uint8(tw), ti: uint8(i)}},
					pgoal{kind: pgHost, mv: rMove{card: x}, busy: g.busy})
				kids = w.pull(st, k0, k1, v, depth, kids, nk)
			}
		}
	case pgDown:
		y := g.mv.card
		s := y.Suit()
		top := int(st.found[s])
		if top < y.Rank() {
			break
		}
		z := engine.NewCard(top, s)
		if rg.safe(st, z) {
			break // never worried back (rgame.moves)
		}
		if z != y {
			w.goals = append(w.goals, g)
		}
		w.goals = append(w.goals,
			pgoal{kind: pgPlay, mv: rMove{kind: rmPlace, from: rfFound, card: z}},
			pgoal{kind: pgHost, mv: rMove{card: z}, busy: g.busy | 1<<s})
		kids = w.pull(st, k0, k1, v, depth, kids, nk)
	}
	w.goals = append(w.goals[:n-1], g)
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
		if rg.joker {
			// on credit, or taking the Joker's place (jokerMoves)
			switch {
			case rg.creditOK(st, c):
				dst = append(dst, rMove{kind: rmFound, from: rfPile, pile: pile, card: c, jt: uint8(c.Suit()) + 1})
			case st.jk >= 1 && st.jk <= 4 && c == engine.NewCard(int(st.jr), int(st.jk)-1):
				dst = append(dst, rMove{kind: rmFound, from: rfPile, pile: pile, card: c, jt: rjFree})
			}
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
