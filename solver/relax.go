package solver

import (
	"math/bits"
	"slices"

	"github.com/klondike-family/klondike/engine"
)

// The relaxed game: a proof of loss that forgets where face-up cards lie.
//
// A Klondike position is mapped by α to a much smaller "relaxed" state:
//
//   - the foundations' heights;
//   - for each pile, how many of its structure cards are left, where the
//     structure of a pile is its face-down cards with, on top of them, the
//     lowest face-up card (its surface; a pile's structure at the root is
//     what lies there at the root, so the count names the cards exactly);
//   - the talon: which of its cards are left (in the fixed turning order),
//     how many of them are in the waste, and the recycles used;
//   - the cells' cards, as a set.
//
// Every other card is "placed": face up in a pile on top of a structure card
// or of another placed card (a placed King may lie on an empty pile). So
// the placed cards are known from the rest, but not where they lie: α
// forgets the arrangement of the face-up cards. Two facts of the
// arrangement are still known from the relaxed state, because the
// face-up part of a pile is a run built down in alternating colour:
//
//   - for a type t (a rank and a colour), the number of uncovered cards of
//     type t (cards nothing lies on) is present(t) - placed(t-1), where
//     present(t) counts the face-up cards of type t in the piles and
//     placed(t-1) the placed cards of the type below (one rank lower, the
//     other colour): each placed card lies on exactly one card, of its
//     parent type, and every card that lies on another is placed;
//   - the number of empty piles is the number of piles without structure
//     less the placed Kings (each lies at the bottom of such a pile).
//
// A structure of one King with nothing under it is counted as an empty
// pile with a placed King (normalize): the two describe the same piles.
//
// The relaxed moves, from a relaxed state A (a "fits" guard below means:
// for a King, an empty pile; for another card c, an uncovered card of its
// parent type, one rank higher in the other colour):
//
//   - a face-up pile card c whose type has an uncovered card goes to its
//     foundation (if the foundation takes it) or into a free cell; if c is
//     a surface, the card under it becomes the pile's surface;
//   - a surface card goes, with what lies on it, onto the piles if it
//     fits: it becomes placed and the card under it the surface (a
//     "reveal");
//   - a talon card that the stock can bring to the waste's top (as the K+
//     stock: every position the draws and recycles reach, each at its
//     first occurrence) goes to its foundation, into a free cell, or onto
//     the piles if it fits;
//   - a cell card goes to its foundation or onto the piles if it fits;
//   - with worrying back, a foundation's top card goes onto the piles if
//     it fits.
//
// Theorem (completeness). If a Klondike position P can be won, so can the
// relaxed state α(P). So a relaxed game that cannot be won proves that the
// position is lost.
//
// Proof. Take a winning line σ from P. Drop its stock steps and map each
// other move m, played in the position Q, to the relaxed game:
//
//   - m moves a group whose bottom card is placed, from pile to pile: α
//     does not see it (no foundation, structure, talon or cell changes,
//     and the same cards stay placed), so it is dropped;
//   - m moves a group whose bottom card X is the surface of its pile onto
//     another pile: the reveal of X; in Q, X fits on the card it goes onto,
//     an uncovered card of X's parent type (or X is a King going into an
//     empty pile), so the guard holds in α(Q), and α(Q) moves to α(m(Q));
//     when X is a King alone on an empty structure, α(m(Q)) = α(Q) by
//     normalize, and m is dropped;
//   - m moves a pile's top card c to a foundation or a cell: c is
//     uncovered in Q, so its type has an uncovered card in α(Q);
//   - m moves a card from the waste, a cell or a foundation to the piles:
//     in Q it fits on an uncovered card (or goes to an empty pile), so the
//     guard holds; to a foundation or a cell, there is nothing more to
//     check.
//
// The guards count what Q shows, so each mapped move is a relaxed move
// from α(Q) that leads to α(m(Q)). The talon needs one more step, as in
// the K+ stock (kplus): with the stock steps dropped, the relaxed talon
// keeps the turning position of its last waste move. Invariant: the
// relaxed talon holds the same cards as Q's, and the deterministic walk of
// stock steps from its position reaches Q's position after k recycles
// with (relaxed recycles) + k <= Q's recycles. Stock steps of σ extend
// the walk; a waste move of σ plays the card at Q's position, which the
// relaxed game offers at the walk's first occurrence of that position,
// with no more recycles, so the limit on passes allows it; after it both
// are at the same position with the relaxed recycles no more than Q's.
// With unlimited passes the positions of the stock's full cycle are
// folded into one (each reaches the others by stock steps alone). The
// mapped line ends where σ ends, with every card on a foundation: a win
// of the relaxed game from α(P). ∎
//
// The Joker (Joker Klondike; engine's State.open, toFoundation). The
// relaxed game sees the Joker as a credit: a foundation may take a card
// two ranks above its height, the Joker standing for the rank skipped. The
// relaxed state keeps where the Joker is (jk): in play (in a structure or
// the talon), free (off the table: waiting, or on a foundation with
// nothing on it), or on a foundation with cards built on it, and then the
// rank it stands for (jr). A foundation's height counts the Joker when
// cards are built on it, as the real one's does, and not when it is free:
// α maps a real Joker on a foundation with nothing on it to a free Joker
// and that foundation's height less one. Nothing is built on the Joker in
// the piles and it goes only to foundations, so in a pile it is never
// placed: face up, it is its pile's one face-up card, the surface. While a
// foundation is open (started and not complete) such a Joker is free, and
// the card under it is the pile's surface (normalize; α too): in the real
// game it must go up at once. Its relaxed moves (jokerMoves):
//
//   - the Joker in play, a talon card the K+ stock reaches, becomes free
//     while a foundation is open;
//   - with the Joker free, a card Y whose foundation is started and of
//     height rank(Y)-2, a face-up pile card whose type has an uncovered
//     card, a cell card or a talon card the K+ stock reaches, goes up with
//     the Joker under it (a credit): the height grows by two, and the
//     Joker stands for rank(Y)-1;
//   - the card X the Joker stands for (any such card as above) takes the
//     Joker's place (the height stays), and the Joker is free (a release).
//
// The real moves map as follows. The Joker going to a foundation (forced
// or not; it needs an open one): from a pile's top α sees nothing (the
// Joker is free on both sides); from the waste's top (a position the K+
// stock reaches) α of the position after it has the Joker free with the
// heights unchanged, so it is the first move. A real move that uncovers
// the Joker on a pile while a foundation is open, or the Ace that opens
// the first foundation while the Joker lies on a pile's top, is the card's
// own relaxed move, after which apply frees the Joker as α does. (One
// corner: a pile card that completes the last open foundation and uncovers
// the Joker leaves the real Joker in play, and apply, which frees it when
// the card leaves, while the foundation is open, frees it. That relaxed
// state differs from α's only there and can do all that α's can: a Joker
// on a pile's top with no foundation open has no move, and the Ace that
// opens one frees it in both; so the mapped line goes on from it.) A card Y
// going onto the Joker that has nothing on it (the foundation's next card
// after the Joker): α before it has the Joker free and the foundation at
// rank(Y)-2
// (started: the Joker goes only onto started foundations, so rank(Y) >= 3),
// Y uncovered or the waste's top, so it is a credit. The real card X taking
// the Joker's place: with nothing on the Joker, α sees X going up on a
// foundation of height rank(X)-1, an ordinary move, the Joker free before
// and after, wherever the real one goes on to; with cards on the Joker it
// is a release. An Ace with the waiting Joker riding along is the Ace's
// ordinary move (the Joker free before and after). Every other card's move
// to a foundation is taken by its foundation's height, which counts the
// Joker exactly when the next card goes above it (foundOK; the card the
// Joker stands for never fits it, its foundation's height being at least
// its rank). With worrying back, a card taken down from just above the
// Joker leaves it free and the height two lower (apply). So the proof above
// holds move for move. The game is won when every real card is up: no
// Joker standing for a card and every height full (won). The safe moves
// with the Joker are proved in safe.
//
// The converse is not proved (a relaxed move may use an uncovered card of
// a type where the real position has that card covered and its twin
// free), so a relaxed win proves nothing, and the solver then searches
// the real game. The relaxed search prunes only with its safe moves
// (safe, proved for the relaxed game) and keeps an exact table (the whole
// packed state is stored and compared), so "no relaxed win" is decided
// exhaustively (relaxsearch.go).
//
// The rules this holds for (relaxApplies): one deck (with or without a
// Joker), built down in alternating colour without wrapping, foundations
// from the Ace,
// Kings (the top rank) alone fill empty piles, the stock dealt to a waste,
// no reserves; any run or only whole runs may move (the relaxed game
// allows more than either). Cells are allowed. The argument needs the
// face-up part of every pile to be a built run, which play keeps; a deal
// file whose face-up cards are not is searched in the real game only.

// relaxApplies tells whether the relaxed game bounds the rules.
func relaxApplies(r *engine.Rules) bool {
	return r.Decks == 1 && r.Build == engine.BuildAltColour && !r.Wrap &&
		!r.BaseDealt && r.Fill == engine.FillKing && r.StockTo == engine.StockToWaste &&
		!r.DealOnlyWhenStuck && r.Reserves == 0 &&
		(r.Unit == engine.UnitAnyRun || r.Unit == engine.UnitWholeRun)
}

// rgame is what the relaxed game of one deal fixes.
type rgame struct {
	ranks    int
	piles    int
	cells    int
	draw     int
	passes   int // 0: unlimited
	worry    bool
	joker    bool                           // Joker Klondike (the Joker's part of the game, below)
	stc      [engine.MaxPiles][]engine.Card // each pile's structure, bottom to top
	talon    []engine.Card                  // turning order
	talonIdx [64]int8                       // a card's index in talon, or -1
	kings    uint64                         // cards of the top rank
	typ      [16][2]uint64                  // cards of a rank and colour (1 red)
	// packing widths, and where each field starts (the talon at bit 0)
	wBits, recBits, foundBits uint
	sBits                     [engine.MaxPiles]uint
	offW, offRec, offCells    uint
	offJoker                  uint // the Joker's fields (jokerBits wide, with a Joker), after the cells
	offFound                  [4]uint
	offS                      [engine.MaxPiles]uint
	foundUnit                 [4][2]uint64 // 1 at each foundation field's lowest bit, as a key
	fast                      fastTables   // for the root search's generators (relaxfast.go)
}

// rstate is a relaxed state. placed is derived from the rest (the cards
// that are on no foundation, in no cell, neither in the talon nor in a
// structure) but kept up to date.
type rstate struct {
	found  [4]uint8
	s      [engine.MaxPiles]uint8 // structure cards left per pile
	talon  uint64                 // talon cards left: bit i is talon card i
	w      uint8                  // of those left, how many are in the waste
	rec    uint8                  // recycles used (limited passes)
	cells  [engine.MaxCells]engine.Card
	placed uint64
	jk     uint8 // with a Joker: where it is (rjInPlay, 1 + its foundation, rjFree)
	jr     uint8 // on a foundation: the rank it stands for
}

func bitsFor(n int) uint { return uint(bits.Len(uint(n))) }

// newRgame sets up the relaxed game of the position s, or tells that it
// does not apply (the rules, a face-up part that is not a built run, or a
// state too large to pack in 127 bits).
func newRgame(s *engine.State) (*rgame, rstate, bool) {
	g := s.Game()
	r := &g.Rules
	if !relaxApplies(r) {
		return nil, rstate{}, false
	}
	rg := &rgame{ranks: r.Ranks, piles: g.Piles(), cells: r.Cells, draw: r.Draw, passes: r.Passes, worry: r.WorryBack, joker: r.Joker}
	for c := engine.Card(0); c < 64; c++ {
		if !c.Valid() || c.IsJoker() || c.Rank() > r.Ranks {
			continue
		}
		rg.typ[c.Rank()][c.Colour()] |= 1 << c
		if c.Rank() == r.Ranks {
			rg.kings |= 1 << c
		}
	}
	for p := 0; p < rg.piles; p++ {
		pile := s.Pile(p)
		d := s.Down(p)
		if d > 0 && len(pile) == d {
			return nil, rstate{}, false
		}
		for i := d + 1; i < len(pile); i++ {
			if !g.Fits(pile[i], pile[i-1]) {
				return nil, rstate{}, false
			}
		}
		if len(pile) > 0 {
			rg.stc[p] = slices.Clone(pile[:d+1])
		}
		rg.sBits[p] = bitsFor(len(rg.stc[p]))
	}
	n := s.Talon()
	if n > 63 {
		return nil, rstate{}, false
	}
	for i := range rg.talonIdx {
		rg.talonIdx[i] = -1
	}
	for i := 0; i < n; i++ {
		rg.talon = append(rg.talon, s.TalonCard(i))
		rg.talonIdx[s.TalonCard(i)] = int8(i)
	}
	if rg.passes > 0 {
		rg.recBits = bitsFor(rg.passes)
	}
	rg.wBits = bitsFor(n)
	rg.foundBits = bitsFor(r.Ranks)
	if !rg.layout() {
		return nil, rstate{}, false
	}
	rg.prepareFast()
	st, ok := rg.alpha(s)
	if !ok {
		return nil, rstate{}, false
	}
	return rg, st, true
}

// layout places the key's fields from their widths (the talon at bit 0),
// or tells that they do not fit in 127 bits.
func (rg *rgame) layout() bool {
	n := uint(len(rg.talon))
	total := n + rg.wBits + rg.recBits + 4*rg.foundBits + uint(rg.cells)*6 + rg.jokerWidth()
	for p := 0; p < rg.piles; p++ {
		total += rg.sBits[p]
	}
	if total > 127 {
		return false
	}
	rg.offW = n
	rg.offRec = rg.offW + rg.wBits
	off := rg.offRec + rg.recBits
	for i := range rg.offFound {
		rg.offFound[i] = off
		rg.foundUnit[i] = [2]uint64{}
		rg.foundUnit[i][off/64] = 1 << (off % 64)
		off += rg.foundBits
	}
	for p := 0; p < rg.piles; p++ {
		rg.offS[p] = off
		off += rg.sBits[p]
	}
	rg.offCells = off
	rg.offJoker = off + 6*uint(rg.cells)
	return true
}

// jokerWidth is the key's bits for the Joker: where it is, and the rank it
// stands for (0 without a Joker).
func (rg *rgame) jokerWidth() uint {
	if rg.joker {
		return jokerBits
	}
	return 0
}

// normalize frees a Joker that is its pile's surface while a foundation is
// open, and counts a structure that is one King alone as an empty pile
// with a placed King.
func (rg *rgame) normalize(st *rstate, p int) {
	if k := st.s[p]; k > 0 && rg.stc[p][k-1] == engine.Joker && rg.anyOpen(st) {
		// the Joker on a pile's top, with a foundation open, is free,
		// and the card under it the surface (the Joker's part of the
		// game, above)
		st.s[p]--
		st.jk = rjFree
	}
	if st.s[p] == 1 && rg.stc[p][0].Rank() == rg.ranks {
		st.s[p] = 0
		st.placed |= 1 << rg.stc[p][0]
	}
}

func (st *rstate) sortCells() {
	// a few cells: insertion sort, NoCard (0) last
	for i := 1; i < len(st.cells); i++ {
		for j := i; j > 0 && less(st.cells[j], st.cells[j-1]); j-- {
			st.cells[j], st.cells[j-1] = st.cells[j-1], st.cells[j]
		}
	}
}

func less(a, b engine.Card) bool {
	if a == engine.NoCard {
		return false
	}
	return b == engine.NoCard || a < b
}

// surfaces returns the surface cards of the piles.
func (rg *rgame) surfaces(st *rstate) uint64 {
	var m uint64
	for p := 0; p < rg.piles; p++ {
		if k := st.s[p]; k > 0 {
			m |= 1 << rg.stc[p][k-1]
		}
	}
	return m
}

// won tells whether every card is on a foundation (every real card: the
// Joker, when on one, stands for a card that is not).
func (rg *rgame) won(st *rstate) bool {
	if st.jk >= 1 && st.jk <= 4 {
		return false
	}
	for i := 0; i < 4; i++ {
		if int(st.found[i]) != rg.ranks {
			return false
		}
	}
	return true
}

// talonLeft returns how many talon cards are left.
func (st *rstate) talonLeft() int { return bits.OnesCount64(st.talon) }

// key packs st into two words, exactly (bit 127 marks a used slot). With
// unlimited passes the positions of the stock's full cycle (0, the draw
// count, twice it, ..., all the cards left) are written as 0: they reach
// one another by stock steps alone.
func (rg *rgame) key(st *rstate) [2]uint64 {
	var kp keyPacker
	kp.put(st.talon, uint(len(rg.talon)))
	kp.put(uint64(rg.keyW(st)), rg.wBits)
	kp.put(uint64(st.rec), rg.recBits)
	for i := 0; i < 4; i++ {
		kp.put(uint64(st.found[i]), rg.foundBits)
	}
	for p := 0; p < rg.piles; p++ {
		kp.put(uint64(st.s[p]), rg.sBits[p])
	}
	for i := 0; i < rg.cells; i++ {
		kp.put(uint64(st.cells[i]&63), 6)
	}
	if rg.joker {
		kp.put(uint64(st.jk), 3)
		kp.put(uint64(st.jr), 4)
	}
	kp.k[1] |= 1 << 63
	return kp.k
}

// keyW is the waste position as the key writes it.
func (rg *rgame) keyW(st *rstate) int {
	w := int(st.w)
	if rg.passes == 0 {
		if left := st.talonLeft(); w == left || w%rg.draw == 0 {
			w = 0
		}
	}
	return w
}

// keyAfter returns key(st) for st = apply(parent, m), given k =
// key(parent): it rewrites only the fields m changes (apply's cases: a
// pile's structure count, the talon with the waste position and
// recycles, a foundation's height, the cells; placed cards are not in the
// key). TestRelaxKeyAfter checks it against key on every move of random
// relaxed games. The key's two words go in and out as scalars, in
// registers: a [2]uint64 is passed through memory, and one whose address
// is taken lives there (BenchmarkSolve: 5 % of a draw-1 solve each).
func (rg *rgame) keyAfter(k0, k1 uint64, st *rstate, m rMove) (uint64, uint64) {
	if rg.joker && (m.jt != 0 || m.card == engine.Joker || m.from == rfFound || m.kind == rmFound && m.card.Rank() == 1) {
		// the Joker's moves change fields apart from the card's (where
		// the Joker is, the rank it stands for, a height by two), and so
		// do a card worried back off the Joker and an Ace (the first to
		// go up frees a Joker on a pile's top, normalize): the key is
		// written whole; the other moves leave them as they are, but
		// for a card leaving a pile, which can free the Joker under it
		// (its field is written below)
		k := rg.key(st)
		return k[0], k[1]
	}
	cells := m.kind == rmCell
	switch m.from {
	case rfPile:
		if m.pile != 255 {
			p := int(m.pile)
			k0, k1 = setBits2(k0, k1, rg.offS[p], rg.sBits[p], uint64(st.s[p]))
		}
	case rfTalon:
		// the talon is at bit 0, in the first word (it has at most 63
		// cards); with one card drawn and unlimited passes the waste
		// position is always written as 0 (keyW) and no recycle counted
		k0 &^= 1 << m.ti
		if rg.draw != 1 || rg.passes != 0 {
			k0, k1 = setBits2(k0, k1, rg.offW, rg.wBits, uint64(rg.keyW(st)))
			k0, k1 = setBits2(k0, k1, rg.offRec, rg.recBits, uint64(st.rec))
		}
	case rfCell:
		cells = true
	case rfFound:
		// a foundation's height changes by one: a unit at its field's
		// lowest bit (rgame.foundUnit), added or taken with the carry into
		// the field's bits in the next word when it straddles the two
		u := &rg.foundUnit[m.card.Suit()]
		var c uint64
		k0, c = bits.Sub64(k0, u[0], 0)
		k1 = k1 - u[1] - c
	}
	if m.kind == rmFound {
		u := &rg.foundUnit[m.card.Suit()]
		var c uint64
		k0, c = bits.Add64(k0, u[0], 0)
		k1 = k1 + u[1] + c
	}
	if cells {
		for i := 0; i < rg.cells; i++ {
			k0, k1 = setBits2(k0, k1, rg.offCells+6*uint(i), 6, uint64(st.cells[i]&63))
		}
	}
	if rg.joker && m.from == rfPile {
		// a card leaving a pile can free the Joker under it (normalize)
		k0, k1 = setBits2(k0, k1, rg.offJoker, 3, uint64(st.jk))
	}
	return k0, k1
}

// setBits2 is setBits on the two words k0 (low) and k1.
func setBits2(k0, k1 uint64, off, width uint, v uint64) (uint64, uint64) {
	if width == 0 {
		return k0, k1
	}
	mask := uint64(1)<<width - 1
	b := off % 64
	if off >= 64 {
		return k0, k1&^(mask<<b) | v<<b
	}
	k0 = k0&^(mask<<b) | v<<b
	if b+width > 64 {
		k1 = k1&^(mask>>(64-b)) | v>>(64-b)
	}
	return k0, k1
}

// setBits writes v into the width bits of k from bit off (width < 64).
func setBits(k *[2]uint64, off, width uint, v uint64) {
	if width == 0 {
		return
	}
	mask := uint64(1)<<width - 1
	i, b := off/64, off%64
	k[i] = k[i]&^(mask<<b) | v<<b
	if b+width > 64 {
		k[1] = k[1]&^(mask>>(64-b)) | v>>(64-b)
	}
}

// keyPacker writes fields of given widths into two words, low bits first.
type keyPacker struct {
	k   [2]uint64
	off uint
}

func (kp *keyPacker) put(v uint64, width uint) {
	if width == 0 {
		return
	}
	i, b := kp.off/64, kp.off%64
	kp.k[i] |= v << b
	if b+width > 64 && i == 0 {
		kp.k[1] |= v >> (64 - b)
	}
	kp.off += width
}

// rMove is a relaxed move.
type rMove struct {
	kind uint8 // rmFound, rmCell, rmReveal, rmPlace
	from uint8 // rfPile (pile in pile), rfTalon, rfCell, rfFound
	pile uint8 // the pile of a surface card
	card engine.Card
	w    uint8 // talon: the waste position played (1 + index among those left)
	rec  uint8 // talon: recycles after reaching it
	ti   uint8 // talon: the card's index in rgame.talon
	jt   uint8 // with a Joker, a move to a foundation: 0 (the Joker stays), rjFree (the Joker becomes free), 1 + the card's foundation (a credit)
}

const (
	rmFound = iota
	rmCell
	rmReveal
	rmPlace
)

const (
	rfPile = iota
	rfTalon
	rfCell
	rfFound
)

// uncovered returns, for the card types, whether a card of the type is
// uncovered: bit c of the result is set for both cards of c's type when
// some card of the type is. vis is the face-up pile cards. A type (rank r,
// a colour) has as many uncovered cards as it has visible ones less the
// placed cards built on them, the other colour's placed cards of rank r-1
// (each placed card lies on an uncovered card of its parent type when
// placed, and stays there in the relaxed game).
//
// The counts are taken for all ranks at once (a card is bit 4·rank+suit,
// see engine.NewCard): each suit is shifted onto the Clubs bits, so bit
// 4r holds a suit's rank r; a colour's two suits give "at least one"
// (or) and "two" (and); a type has more visible than placed children when
// it has two visible and fewer than two children, or one or more visible
// and none. uncoveredLoop in the tests is the plain count it is checked
// against.
func (rg *rgame) uncovered(vis, placed uint64) uint64 {
	const lane = 0x1111111111111111 // the Clubs bits
	c, d, h, s := vis&lane, vis>>1&lane, vis>>2&lane, vis>>3&lane
	pc, pd, ph, ps := placed&lane, placed>>1&lane, placed>>2&lane, placed>>3&lane
	// children of a black type of rank r: red placed cards of rank r-1
	black := (c&s)&^((pd&ph)<<4) | (c|s)&^((pd|ph)<<4)
	red := (d&h)&^((pc&ps)<<4) | (d|h)&^((pc|ps)<<4)
	return black | black<<3 | red<<1 | red<<2
}

// fits tells whether card c may go onto the piles: an uncovered card of
// its parent type (unc), or, for a King, an empty pile.
func (rg *rgame) fits(c engine.Card, unc uint64, empty bool) bool {
	r := c.Rank()
	if r == rg.ranks {
		return empty
	}
	return unc&rg.typ[r+1][1-c.Colour()] != 0
}

// foundOK tells whether c's foundation takes it as its next card (the
// Joker's moves are jokerMoves').
func (rg *rgame) foundOK(st *rstate, c engine.Card) bool {
	return c != engine.Joker && int(st.found[c.Suit()]) == c.Rank()-1
}

// The Joker's part of the relaxed game.
const (
	rjInPlay  = 0 // rstate.jk: in a structure or the talon; 1..4: on foundation jk-1, cards on it
	rjFree    = 5 // rstate.jk: free (off the table, or on a foundation with nothing on it); rMove.jt: the Joker becomes free
	jokerBits = 7 // the key's: jk (3 bits) and jr (4)
)

// anyOpen tells whether a foundation is open to a Joker in play: started
// and not complete (the Joker is on none).
func (rg *rgame) anyOpen(st *rstate) bool {
	for f := 0; f < 4; f++ {
		if h := int(st.found[f]); h >= 1 && h < rg.ranks {
			return true
		}
	}
	return false
}

// creditOK tells whether c may go up on credit: the Joker is free and
// c's foundation is started and two ranks below it.
func (rg *rgame) creditOK(st *rstate, c engine.Card) bool {
	if st.jk != rjFree || c == engine.Joker {
		return false
	}
	h := int(st.found[c.Suit()])
	return h >= 1 && h == c.Rank()-2
}

// surfPileOf returns the pile whose surface is c (surf: the surfaces,
// surfPile: each surface's pile), or 255 when c is a placed card: an
// rMove's pile.
func surfPileOf(surf uint64, surfPile *[64]uint8, c engine.Card) uint8 {
	if surf&(1<<c) != 0 {
		return surfPile[c]
	}
	return 255
}

// jokerMoves appends the Joker's moves: the Joker in play, a talon card
// the K+ stock reaches, becomes free while a foundation is open (on a
// pile's top normalize frees it); with the Joker free, a card two ranks
// above its started foundation goes up on credit; the card the Joker
// stands for takes its place. A card moving is an uncovered pile card
// (upper: the face-up pile cards whose type has an uncovered card), a cell
// card or a talon card the K+ stock reaches.
func (rg *rgame) jokerMoves(st *rstate, surf, upper uint64, surfPile *[64]uint8, ks []kpos, dst []rMove) []rMove {
	pileOf := func(c engine.Card) uint8 { return surfPileOf(surf, surfPile, c) }
	switch {
	case st.jk == rjInPlay:
		// in the talon (on a pile's top it is free once a foundation is
		// open: normalize)
		if !rg.anyOpen(st) {
			return dst
		}
		x := engine.Joker
		for _, k := range ks {
			if k.card == x {
				dst = append(dst, rMove{kind: rmFound, from: rfTalon, card: x, w: k.w, rec: k.rec, ti: k.ti, jt: rjFree})
			}
		}
	case st.jk <= 4:
		x := engine.NewCard(int(st.jr), int(st.jk)-1)
		if upper&(1<<x) != 0 {
			dst = append(dst, rMove{kind: rmFound, from: rfPile, pile: pileOf(x), card: x, jt: rjFree})
		}
		for i := 0; i < rg.cells; i++ {
			if st.cells[i] == x {
				dst = append(dst, rMove{kind: rmFound, from: rfCell, card: x, jt: rjFree})
			}
		}
		for _, k := range ks {
			if k.card == x {
				dst = append(dst, rMove{kind: rmFound, from: rfTalon, card: x, w: k.w, rec: k.rec, ti: k.ti, jt: rjFree})
			}
		}
	default: // free: credits
		for m := upper; m != 0; m &= m - 1 {
			c := engine.Card(bits.TrailingZeros64(m))
			if rg.creditOK(st, c) {
				dst = append(dst, rMove{kind: rmFound, from: rfPile, pile: pileOf(c), card: c, jt: uint8(c.Suit()) + 1})
			}
		}
		for i := 0; i < rg.cells; i++ {
			if c := st.cells[i]; c != engine.NoCard && rg.creditOK(st, c) {
				dst = append(dst, rMove{kind: rmFound, from: rfCell, card: c, jt: uint8(c.Suit()) + 1})
			}
		}
		for _, k := range ks {
			if rg.creditOK(st, k.card) {
				dst = append(dst, rMove{kind: rmFound, from: rfTalon, card: k.card, w: k.w, rec: k.rec, ti: k.ti, jt: uint8(k.card.Suit()) + 1})
			}
		}
	}
	return dst
}

// safe tells whether pile or cell card c (with its foundation taking it)
// may go up at once, alone of all moves: the safe moves of the real game
// (safe in generate.go), proved again for the relaxed game. Let both
// foundations of the other colour hold at least rank(c)-1 cards (and,
// with worrying back, c be an Ace or a Two). Take a relaxed winning line
// σ from st; delete from it every move of c and, with worrying back,
// every excursion of the other colour's Aces from their foundations.
// What is left is a relaxed line from st after c goes up, one move
// shorter at least: the guards only ask for uncovered cards of a type and
// for empty piles, and c's early departure takes away only c itself as
// an uncovered card of its type, which matters to nothing: the cards that
// fit on c's type are the other colour's cards of rank(c)-1, on their
// foundations for good (an Ace's excursion only covers cards and is
// deleted), and c's twin, if it goes up or into a cell in σ, is a face-up
// card of the type, which then has present - placed children >= 1 with no
// child placed. Everything else only gains: the card under a surface c
// turns up sooner, a pile or cell c leaves is free sooner, and the type c
// covered has one more uncovered card. Talon cards are taken only with
// draw 1 and unlimited passes, where the relaxed talon is the set of its
// cards left (every position is folded into one) and every card left is
// offered at every node, so σ's other talon moves stay legal with c gone;
// otherwise taking a talon card away shifts the stock's packets or the
// passes.
//
// With worrying back, a card c of rank r >= 3 is safe too when, besides
// both other-colour foundations holding r-1 cards or more, the other
// foundation of c's colour holds r-2 or more (relaxed game only; the real
// game's rule is unchanged). Proof: call low the cards of rank <= r-1 on
// the foundations in st. Every card of rank <= r-2 is low (the other
// colour's foundations hold r-1, c's colour's r-2, and c's own r-1), and
// so are the other colour's cards of rank r-1. Delete from σ every move
// of c and every move of a low card (their excursions: a low card can only
// leave a foundation by worrying back, and ends on it). The cards left
// (kept) have rank >= r, or are the r-1 of c's colour's other suit when it
// is not low. A guard asks for an uncovered card of a type: the type a
// card fits on (a placement), or a pile card's own type (going up); the
// count is present - placed children. The types kept cards fit on have
// rank >= r and are not c's type (which takes only the other colour's
// r-1, low). For those types, and for the type of a kept card of rank
// >= r+1 or of the other colour's rank r, the count is no smaller than in
// σ: their cards are kept ones moved as in σ, and their children are kept
// ones, c or low cards, and the last two are never placed here. A kept
// card of c's type (c's twin) or of rank r-1 going up is visible, and its
// type's children (the other colour's r-1, or cards of rank r-2) are low,
// never placed: the card itself is uncovered. A kept card going up finds
// its foundation as in σ: a suit's height in the shortened line is the
// larger of σ's and the height of its low cards (kept cards have rank >=
// r-1 and are moved as in σ; c's foundation holds c from the start and σ
// moves nothing above c up before c); a kept foundation card worried back
// (the top in σ, of rank >= r-1 and above every low card of its suit) is
// the top here too. Cells, empty piles and surfaces only gain, as above.
// So the line is legal and wins, and it is shorter by the moves of c at
// least.
//
// With the Joker (Joker Klondike, never with worrying back), the same
// rule holds with the other colour's real cards of rank(c)-1 on their
// foundations: heights of at least rank(c)-1, the Joker standing there
// for no card of rank(c)-1 (realUp; it may stand for a lower one, whose
// card fits on no card of c's type). The real game's rule is unchanged
// (gensafe.go: there a card going up early changes what the real Joker
// must do). Proof: take σ and delete c's moves as above; the guards'
// argument is the same, the cards that fit on c's type (the children of
// its type, and of its twin's) being real cards on their foundations for
// good. The Joker's moves of σ stay legal, with two exceptions, both
// about c: a credit onto c's foundation while it is at rank(c)-1, and the
// release of c that follows it. The credit puts c+1 up with the Joker
// standing for c: here c is up, so c+1 goes up as an ordinary move (c+1's
// type is not one that c's departure changes) and the Joker stays free.
// Until σ's release of c (deleted: c is up) σ's Joker stands on c's
// foundation, so σ makes no credit and moves no Joker meanwhile, and the
// heights agree (the Joker counted there in σ, c here); after it the
// Joker is free in both. Every other move of the Joker reads only its
// own place, the card moving and that card's foundation, as in σ. An Ace
// is safe as before: the Joker never stands for one (a credit needs a
// started foundation); going up early it may open the first foundation
// early, freeing a Joker on a pile's top sooner, which only gains (the
// card under it turns up sooner, and a Joker in a pile has no move). The
// line is shorter by c's moves (c goes up in σ, by itself or taking the
// Joker's place), so the shortest-line arguments of moves hold too.
func (rg *rgame) safe(st *rstate, c engine.Card) bool {
	if rg.joker && rg.worry {
		return false
	}
	r := c.Rank()
	if r == 1 {
		return true
	}
	a, b, twin := engine.Clubs, engine.Spades, engine.Hearts // the other colour's suits, c's colour's other suit
	if !c.Red() {
		a, b, twin = engine.Diamonds, engine.Hearts, engine.Spades
	}
	if !rg.realUp(st, a, r-1) || !rg.realUp(st, b, r-1) {
		return false
	}
	if rg.worry && r > 2 {
		if c.Suit() == twin {
			twin = engine.Diamonds
			if !c.Red() {
				twin = engine.Clubs
			}
		}
		return int(st.found[twin]) >= r-2
	}
	return true
}

// realUp tells whether the real card of rank r of foundation f's suit is
// on it: its height is at least r and the Joker does not stand there for
// rank r.
func (rg *rgame) realUp(st *rstate, f, r int) bool {
	return int(st.found[f]) >= r && !(int(st.jk) == f+1 && int(st.jr) == r)
}

// kpos is a waste position the K+ stock reaches: its card, the position
// (1 + the card's index among the talon cards left) and the recycles used.
type kpos struct {
	card engine.Card
	w    uint8
	rec  uint8
	ti   uint8 // the card's index in rgame.talon
}

// moves appends the relaxed moves of st to dst, in the order to try:
// foundation moves, reveals, placements, cells, worrying back. A safe
// move (see safe) is returned alone when prune is set.
func (rg *rgame) moves(st *rstate, dst []rMove, prune bool) []rMove {
	surf := rg.surfaces(st)
	vis := surf | st.placed
	unc := rg.uncovered(vis, st.placed)
	exhausted := 0
	var surfPile [64]uint8
	for p := 0; p < rg.piles; p++ {
		if k := st.s[p]; k > 0 {
			surfPile[rg.stc[p][k-1]] = uint8(p)
		} else {
			exhausted++
		}
	}
	empty := exhausted > bits.OnesCount64(st.placed&rg.kings)
	freeCell := false
	for i := 0; i < rg.cells; i++ {
		if st.cells[i] == engine.NoCard {
			freeCell = true
		}
	}
	pileOf := func(c engine.Card) uint8 { return surfPileOf(surf, &surfPile, c) }
	// the K+ stock's positions
	var ks [64]kpos
	nk := rg.kplus(st, &ks)
	// to the foundations; a safe one alone
	n0 := len(dst)
	for m := vis & unc; m != 0; m &= m - 1 {
		c := engine.Card(bits.TrailingZeros64(m))
		if rg.foundOK(st, c) {
			mv := rMove{kind: rmFound, from: rfPile, pile: pileOf(c), card: c}
			if prune && rg.safe(st, c) {
				return append(dst[:n0], mv)
			}
			dst = append(dst, mv)
		}
	}
	for i := 0; i < rg.cells; i++ {
		if c := st.cells[i]; c != engine.NoCard && rg.foundOK(st, c) {
			mv := rMove{kind: rmFound, from: rfCell, card: c}
			if prune && rg.safe(st, c) {
				return append(dst[:n0], mv)
			}
			dst = append(dst, mv)
		}
	}
	for _, k := range ks[:nk] {
		if rg.foundOK(st, k.card) {
			mv := rMove{kind: rmFound, from: rfTalon, card: k.card, w: k.w, rec: k.rec, ti: k.ti}
			if prune && rg.draw == 1 && rg.passes == 0 && rg.safe(st, k.card) {
				return append(dst[:n0], mv)
			}
			dst = append(dst, mv)
		}
	}
	if rg.joker {
		dst = rg.jokerMoves(st, surf, vis&unc, &surfPile, ks[:nk], dst)
	}
	// reveals
	for p := 0; p < rg.piles; p++ {
		if k := st.s[p]; k > 0 {
			c := rg.stc[p][k-1]
			if c != engine.Joker && rg.fits(c, unc, empty) {
				dst = append(dst, rMove{kind: rmReveal, from: rfPile, pile: uint8(p), card: c})
			}
		}
	}
	// placements from the talon and the cells
	for _, k := range ks[:nk] {
		if prune && rg.foundOK(st, k.card) && rg.safe(st, k.card) {
			// Never the first move of a shortest win: placed, the card is
			// an uncovered pile card, safe, the only move of the state Y
			// it leads to (a safe card of Y other than it would be safe
			// here, and been given alone), and going up from Y gives the
			// state its going up from the talon gives from here. If the
			// placement began a shortest win of d moves, Y would win in
			// d-1, the state after it in d-2 at most (safe's proof),
			// and this one in d-1 by the direct move. The same holds for
			// a cell card below.
			continue
		}
		if k.card != engine.Joker && rg.fits(k.card, unc, empty) {
			dst = append(dst, rMove{kind: rmPlace, from: rfTalon, card: k.card, w: k.w, rec: k.rec, ti: k.ti})
		}
	}
	for i := 0; i < rg.cells; i++ {
		if c := st.cells[i]; c != engine.NoCard && rg.fits(c, unc, empty) && !(prune && rg.foundOK(st, c) && rg.safe(st, c)) {
			dst = append(dst, rMove{kind: rmPlace, from: rfCell, card: c})
		}
	}
	// into a cell
	if freeCell {
		for m := vis & unc; m != 0; m &= m - 1 {
			c := engine.Card(bits.TrailingZeros64(m))
			dst = append(dst, rMove{kind: rmCell, from: rfPile, pile: pileOf(c), card: c})
		}
		for _, k := range ks[:nk] {
			dst = append(dst, rMove{kind: rmCell, from: rfTalon, card: k.card, w: k.w, rec: k.rec, ti: k.ti})
		}
	}
	if rg.worry {
		for suit := 0; suit < 4; suit++ {
			if f := int(st.found[suit]); f > 0 {
				c := engine.NewCard(f, suit)
				if prune && rg.safe(st, c) {
					// Never the first move of a shortest win: worrying
					// c back leads to Y, where c is a pile card that is
					// uncovered, its foundation takes it, and safe(Y, c)
					// holds (safe reads the other suits' foundations
					// only, the same in st and Y). So from Y going up
					// again wins in fewer moves than Y's shortest line
					// (safe's proof), and st, which Y's going up leads
					// back to, would win in fewer moves than its own
					// shortest line less one: a contradiction. Dropping
					// the move keeps the property the relaxed searches'
					// proofs need (a winnable state has a generated
					// successor that wins in fewer moves).
					continue
				}
				if rg.fits(c, unc, empty) {
					dst = append(dst, rMove{kind: rmPlace, from: rfFound, card: c})
				}
			}
		}
	}
	return dst
}

// kplus fills ks with the waste positions the K+ stock reaches from st,
// each at its first occurrence, and returns how many.
func (rg *rgame) kplus(st *rstate, ks *[64]kpos) int {
	nk := 0
	if left := st.talonLeft(); left > 0 {
		var idx [64]uint8
		i := 0
		for m := st.talon; m != 0; m &= m - 1 {
			idx[i] = uint8(bits.TrailingZeros64(m))
			i++
		}
		var seen uint64
		w, rec := int(st.w), int(st.rec)
		for seen&(1<<w) == 0 {
			seen |= 1 << w
			if w > 0 {
				ks[nk] = kpos{card: rg.talon[idx[w-1]], w: uint8(w), rec: uint8(rec), ti: idx[w-1]}
				nk++
			}
			switch {
			case w < left:
				w = min(w+rg.draw, left)
			case w > 0 && (rg.passes == 0 || rec < rg.passes-1):
				w = 0
				if rg.passes > 0 {
					rec++
				}
			}
		}
	}
	return nk
}

// apply plays m on st.
func (rg *rgame) apply(st *rstate, m rMove) {
	c := m.card
	// take the card
	switch m.from {
	case rfPile:
		if m.pile != 255 {
			p := int(m.pile)
			st.s[p]--
			rg.normalize(st, p)
		} else {
			st.placed &^= 1 << c
		}
	case rfTalon:
		st.talon &^= 1 << m.ti
		st.w = m.w - 1
		st.rec = m.rec
	case rfCell:
		for i := range st.cells {
			if st.cells[i] == c {
				st.cells[i] = engine.NoCard
				break
			}
		}
		st.sortCells()
	case rfFound:
		f := c.Suit()
		st.found[f]--
		if int(st.jk) == f+1 && st.found[f] == st.jr {
			// c lay on the Joker, which is left with nothing on it: free,
			// and the height without it
			st.found[f]--
			st.jk, st.jr = rjFree, 0
		}
	}
	// put it
	switch m.kind {
	case rmFound:
		switch {
		case m.jt == 0:
			st.found[c.Suit()]++
			if rg.joker && st.jk == rjInPlay && c.Rank() == 1 {
				// the first foundation to open frees a Joker on a
				// pile's top
				for p := 0; p < rg.piles; p++ {
					rg.normalize(st, p)
				}
			}
		case m.jt == rjFree:
			// the Joker in play becomes free, or c takes the Joker's
			// place (a release: the height stays) and the Joker is free
			st.jk, st.jr = rjFree, 0
		default:
			// c goes up on credit, the Joker under it
			f := c.Suit()
			st.found[f] += 2
			st.jk, st.jr = uint8(f+1), st.found[f]-1
		}
	case rmCell:
		for i := range st.cells[:rg.cells] {
			if st.cells[i] == engine.NoCard {
				st.cells[i] = c
				break
			}
		}
		st.sortCells()
	case rmReveal, rmPlace:
		st.placed |= 1 << c
	}
}

// rtable is an exact set of packed relaxed states: open addressing on
// rhash of the key, the whole key stored and compared.
type rtable struct {
	slots [][2]uint64
	n     int
	owner *rsolver // whose memory limit covers this table too (nil: none)
}

// rtableSlots is the slots a new rtable starts with.
const rtableSlots = 1 << 12

func newRtable() *rtable {
	return &rtable{slots: make([][2]uint64, rtableSlots)}
}

// rhash hashes a relaxed key for the relaxed tables: a 64×64→128-bit
// multiply of the two words, each first XORed with a constant, folded to
// 64 bits (wyhash's "mum"). Every output bit depends on every input bit,
// and it costs one multiply where xxhash of 16 bytes cost several rounds.
// The tables are exact sets (a key is found only by comparing it whole), so
// the hash changes only where keys lie, never what a search does.
func rhash(k [2]uint64) uint64 {
	hi, lo := bits.Mul64(k[0]^0xa0761d6478bd642f, k[1]^0xe7037ed1a0b428db)
	return hi ^ lo
}

func (t *rtable) bytes() int64 { return int64(len(t.slots)) * 16 }

// insert adds k; added is false when it was there; ok is false when the
// table would outgrow its limit.
func (t *rtable) insert(k [2]uint64) (added, ok bool) {
	if (t.n+1)*4 > len(t.slots)*3 {
		if o := t.owner; o != nil && o.limit > 0 && o.bytes()+t.bytes() > o.limit {
			return false, false
		}
		t.grow()
	}
	mask := uint64(len(t.slots) - 1)
	for i := rhash(k) & mask; ; i = (i + 1) & mask {
		switch t.slots[i] {
		case k:
			return false, true
		case [2]uint64{}:
			t.slots[i] = k
			t.n++
			return true, true
		}
	}
}

func (t *rtable) grow() {
	old := t.slots
	t.slots = make([][2]uint64, 2*len(old))
	mask := uint64(len(t.slots) - 1)
	for _, k := range old {
		if k == ([2]uint64{}) {
			continue
		}
		i := rhash(k) & mask
		for t.slots[i] != ([2]uint64{}) {
			i = (i + 1) & mask
		}
		t.slots[i] = k
	}
}

// alpha maps a position reached from the root of rg to its relaxed state
// (for tests: the theorem's α). ok is false when s is not such a
// position.
func (rg *rgame) alpha(s *engine.State) (rstate, bool) {
	var st rstate
	for p := 0; p < rg.piles; p++ {
		pile := s.Pile(p)
		d := s.Down(p)
		stc := rg.stc[p]
		switch {
		case d > 0:
			if d+1 > len(stc) || !slices.Equal(pile[:d+1], stc[:d+1]) {
				return st, false
			}
			st.s[p] = uint8(d + 1)
		case len(pile) > 0 && len(stc) > 0 && pile[0] == stc[0]:
			st.s[p] = 1
		}
		for i := int(st.s[p]); i < len(pile); i++ {
			st.placed |= 1 << pile[i]
		}
	}
	j := 0
	for i := 0; i < s.Talon(); i++ {
		c := s.TalonCard(i)
		for j < len(rg.talon) && rg.talon[j] != c {
			j++
		}
		if j == len(rg.talon) {
			return st, false
		}
		st.talon |= 1 << j
		j++
	}
	st.w = uint8(s.WastePos())
	if rg.passes > 0 {
		st.rec = uint8(s.Recycles())
	}
	for i := 0; i < 4; i++ {
		st.found[i] = uint8(s.Foundation(i))
	}
	switch where, f, stands := s.JokerAt(); where {
	case engine.JokerOnFoundation:
		if int(st.found[f]) > stands.Rank() {
			st.jk, st.jr = uint8(f+1), uint8(stands.Rank())
		} else {
			// nothing on it: free, the height without it
			st.jk = rjFree
			st.found[f]--
		}
	case engine.JokerWaiting:
		st.jk = rjFree
	}
	ci := 0
	for i := 0; i < rg.cells; i++ {
		if c := s.Cell(i); c != engine.NoCard {
			st.cells[ci] = c
			ci++
		}
	}
	for p := 0; p < rg.piles; p++ {
		rg.normalize(&st, p)
	}
	st.sortCells()
	return st, true
}

func (t *rtable) contains(k [2]uint64) bool {
	mask := uint64(len(t.slots) - 1)
	for i := rhash(k) & mask; ; i = (i + 1) & mask {
		switch t.slots[i] {
		case k:
			return true
		case [2]uint64{}:
			return false
		}
	}
}

// reset empties the table, keeping its slots.
func (t *rtable) reset() {
	if t.n > 0 {
		clear(t.slots)
		t.n = 0
	}
}
