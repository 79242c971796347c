package solver

import (
	"math/bits"

	"github.com/klondike-family/klondike/engine"
)

// The link game: a proof of loss for the games without a stock in which
// any face-up card moves with everything that lies on it (Yukon, Alaska).
//
// Fix a root position R (the deal, or the node a search starts from). In
// R every card in a pile lies on the card under it, or on the table at
// the bottom of its pile: call that its root support. A card "moves" when
// it is the bottom card of a group moved from pile to pile (it then lies
// on a new card, or on an empty pile); the cards above it in the group
// come along without moving in this sense, and keep lying on the same
// cards. Along a line of play from R, β of a position P is:
//
//   - the foundations' heights;
//   - the set L of the cards in the piles that have not moved since R
//     (they lie on their root support).
//
// Every other card in the piles, "placed", has moved, so it lies where its
// last move put it: on a card it fits on (a host), or, for a card that may
// fill an empty pile, on an empty pile. (A card that may fill an empty pile
// lying on the table at the root counts as placed, as if it had just moved
// there: it is not in L.) From β alone one can tell, for a card c in the
// piles:
//
//   - whether a card of L lies on c: exactly when the card that lay on c
//     in R is in L ("c is link-covered"; a card of L lies on its root
//     support, and only one card lay on c in R);
//   - whether c is face up: it was in R, or the card that lay on it in R
//     is not in L (that card moved or went up, c was then the top card and
//     turned up; a face-up card never turns down; while that card is in L
//     it lies on c);
//   - the number of empty piles: a pile holds one card on the table, which
//     is a root bottom card still in L or a placed card lying on an empty
//     pile, so it is the piles empty in R, plus the root bottom cards no
//     longer in L, less the placed cards that lie on empty piles.
//
// Where the rules give every card one "host type" (a set of cards such
// that c fits on exactly the cards of its set, and two cards' sets are
// equal or disjoint: Yukon's alternating colour, where c's hosts are the
// two cards one rank higher of the other colour), and the cards that may
// fill an empty pile have no host (Yukon's Kings), the game is "typed".
// There the placed cards on empty piles are exactly the placed fill cards
// (a card that may not fill lies on a host; a fill card has none), and β
// gives the number of uncovered cards of each host type T: the cards of T
// in the piles that are not link-covered, less the placed cards whose host
// type is T. Proof: a card has at most one card on it; a card of T that
// is not link-covered has no card of L on it, so it is covered exactly
// when a placed card lies on it; every placed card whose host type is T
// lies on one card of T, and no two on the same. Otherwise the game is
// "free": a host counts as available when it is in the piles and not
// link-covered (a placed card may lie on it: that only lets the
// abstraction do more), and the empty piles are bounded from above,
// counting as lying on an empty pile only the placed fill cards with no
// host in the piles ("forced").
//
// The moves of the link game, from an abstract state A:
//
//   - foundation: the next card c of a foundation goes up if it is not
//     link-covered and (typed game, c of a host type) its type has an
//     uncovered card; c leaves L;
//   - cut: a face-up card y of L leaves L, if a host of y is available
//     (typed: y's host type has an uncovered card; free: some host of y
//     is in the piles and not link-covered) or y may fill an empty pile
//     and one is empty (free game: the bound is at least 1).
//
// Theorem (completeness). If R can be won, so can β(R) in the link game.
//
// Proof. Take a winning line σ from R and map each move m, from the
// position Q to m(Q), to the link game:
//
//   - m moves a group whose bottom card y is placed: no card joins or
//     leaves L and no foundation changes, so β(m(Q)) = β(Q), and m is
//     dropped;
//   - m moves a group whose bottom card y is in L, onto a host h or onto
//     an empty pile: y is face up in Q; h is a pile's top card in Q, so it
//     is not link-covered and (typed) its type has an uncovered card; an
//     empty pile exists in Q, and the number of empty piles of β(Q) is at
//     least the true one. So the cut of y is a move of β(Q), and it leads
//     to β(m(Q)) (y has moved);
//   - m moves the top card c of a pile to its foundation: c is uncovered
//     in Q, so it is not link-covered and its type has an uncovered card;
//     the foundation move of β(Q) leads to β(m(Q)).
//
// The games it applies to have no other moves (no stock, waste, cells,
// reserves, worrying back). The mapped line ends with every foundation
// full: a win of the link game from β(R). ∎
//
// The converse fails through what β forgets (which host a placed card lies
// on: a cut may use a host that lies in the very group being moved, or one
// a placed card covers in the free game), so a link-game win proves
// nothing, and the solver goes on with the real game.
//
// What a move changes. The cut of y: y joins the placed cards; if y lay on
// a card u in R, u is no longer link-covered (it becomes available as a
// host, for its foundation move and, typed, adds one uncovered card of its
// type) and turns face up; if y lay on the table, one more pile is empty;
// y, placed, takes one uncovered card of its host type (typed) or, a fill
// card, one empty pile (typed; free: when y is forced). The foundation
// move of d: d leaves the piles (and L); as for a cut, the card d lay on
// in R is no longer link-covered if d was in L; d's type loses d as an
// uncovered card (typed); a placed d frees what it took (typed: one
// uncovered card of its host type, or an empty pile); in the free game the
// bound grows by one if d was a root bottom card of L or a forced fill
// card, and drops by one for each placed fill card in the piles whose
// last host in the piles was d. Every guard asks only "at least 1" of a
// count, or whether a card is in a set that these changes move.
//
// Safe foundation moves. At a free node (below) of state A, when the
// foundation move of c is a move of A and no card in the piles fits on c,
// the search plays that move alone.
// Proof: let σ be a winning line from A; delete from it the cut of c (if
// any) and c's foundation move, and play it from A' (A after the move of
// c). Until c goes up in σ, the state of the new line is the state S of σ
// with c gone up: c not link-covered in A stays so in S (L only shrinks).
// Every move kept is still a move there: the cuts' and foundation moves'
// sets only grow when c leaves (the card under c is no longer
// link-covered; face-up cards stay face up); the cards c could host are
// not in the piles, so no guard needs c as a host, and in the free game no
// placed fill card loses its last host; the empty piles (typed) and their
// bound (free) grow or stay. The one count that can drop, typed, is the
// uncovered cards of c's type T, read by the cuts of the cards whose host
// type is T (none is in the piles: they are the cards that fit on c) and
// by the foundation move of a card d of T: with no card of host type T in
// the piles, the uncovered cards of T are those of T not link-covered,
// d among them. After c goes up in σ the two states are equal. So the new
// line wins from A'.
//
// Cuts read at once. A move m "reads" the cut of y when, in the changes
// above, the cut of y can make m a move where it was not, or m can stop
// the cut of y from being one: y's readers are, with u the card y lay on
// in R,
//
//   - the cut of u when u was face down in R, u's foundation move;
//   - typed: the cuts of the cards whose host type is u's type, the
//     foundation moves of the cards of u's type;
//   - free: the cuts of the cards that fit on u, the foundation moves of
//     y's hosts; and for a fill card y, the cuts of the fill cards and the
//     foundation moves of every fill card's hosts (they can lower the
//     bound on the empty piles y's cut may need);
//   - y on the table in R: the cuts of the fill cards.
//
// Lemma (swap). If the cut of y then a move m (not y's foundation move)
// are played from S, and m does not read y's cut, then m then the cut of
// y are moves from S, to the same state; if m is y's foundation move and
// does not read y's cut, that move alone is a move of S, to the same
// state. Proof: m is a move of S, for the cut of y only adds to what m
// reads when m is among the readers above. The cut of y is a move after
// m: y is in L and face up still; m can lower a count that y's cut needs
// only by using up the same thing: typed, m a cut of the same host type
// or the foundation move of a card of y's host type T, which took one of
// T's uncovered cards that y's cut did not give back (m does not read it),
// so T had 2 when y's cut was played and keeps 1 after m; typed, m the cut
// of a fill card where y fills an empty pile: likewise 2 and 1; in the
// free game m is a reader whenever it can lower y's count (a host of y
// going up; a fill card's cut, or a fill card's host going up, where y is
// a fill card). Both orders remove the same cards from L and raise the
// same foundations.
//
// The search plays, after a run of cuts from a free node (one entered by
// a foundation move, or the root), any cut, but a foundation move only if
// it reads every cut of the run that no later cut of the run reads (the
// pending cuts). Theorem: from a free node of state S the search finds a
// win whenever S has one in the link game. Proof, by induction on the
// cards in the piles plus the cards in L (every move lowers it): if S has
// a safe foundation move, its state has a win (above) and is searched as
// a free node. Else take a winning line from S and, while some run of cuts
// followed by a foundation move m holds a cut that is not linked to m by
// a chain of readers within the run, move the last such cut past m (the
// swap lemma: no later cut of the run, nor m, reads it) or drop it when m
// is its own foundation move: each step lowers the pairs (cut, later
// foundation move), so this ends, with a winning line whose first run is
// searched, leading to m and a free node whose state has a win. (The same
// induction covers a node after a cut: when a run of cuts that the search
// allows from it leads to a foundation move and a state with a win, the
// search finds a win.) The nodes searched in full and lost are kept in an
// exact set, each keyed by its whole state and pending cuts (key: no two
// nodes share a key, and the set compares whole keys); the game is
// acyclic, so no node is met again while it is being searched. A node
// after a cut is skipped when the free node of its state was searched
// and lost (its state then has no win, by this theorem), or a node of its
// state whose pending cuts are a proper subset of its own: the more cuts
// pend, the fewer foundation
// moves the search allows, and after the same cut the pending cuts of the
// one node are a subset of the other's, so the lines the search allows
// from the node are among those it allows from the other. When the search
// ends without a win, β(R) cannot be won, and by the theorem R cannot be
// won.

// linkApplies tells whether the link game bounds the rules: one deck
// without a Joker, no stock, waste, cells or reserves, no worrying back,
// foundations from the Ace without wrapping, any face-up card moving with
// what lies on it, Kings (the top rank) alone filling empty piles.
func linkApplies(r *engine.Rules) bool {
	return r.Decks == 1 && !r.Joker && r.StockCount() == 0 && r.Cells == 0 && r.Reserves == 0 &&
		!r.WorryBack && !r.BaseDealt && !r.Wrap && r.Unit == engine.UnitAnyFaceUp &&
		r.Fill == engine.FillKing && r.StockTo == engine.StockToWaste
}

// lgame is what the link game of one root position fixes.
type lgame struct {
	ranks   int
	all     uint64     // every card of the game
	under   [64]uint8  // the card a card lay on in the root (0: the table, or not in a pile)
	above   [64]uint8  // the card that lay on a card in the root (0: none)
	rootUp  uint64     // cards face up in the root
	bottoms uint64     // cards on the table in the root (pile bottoms)
	e0      int        // piles empty in the root
	fillers uint64     // cards that may fill an empty pile
	hosts   [64]uint64 // the cards each card fits on
	kids    [64]uint64 // the cards that fit on each card
	upTo    [4][16]uint64
	// the typed game: host types, numbered from 1 (0: none)
	typed      bool
	typeOf     [64]uint8 // the type a card belongs to (as a host)
	hostType   [64]uint8 // the type of a card's hosts
	typeMask   [64]uint64
	childMask  [64]uint64 // per type: the cards whose host type it is
	later, ups []lmove    // moves' scratch
	// readCuts[y] and readUps[y]: the cards whose cuts, and whose
	// foundation moves, read the cut of y
	readCuts, readUps [64]uint64
	// breakGuard is for the tests only: a guard deliberately broken
	// (linkBreak*), to check that the tests see it.
	breakGuard int
}

// Deliberate breaks of the link game, for its tests: each drops moves the
// theorem needs.
const (
	linkBreakNone     = iota
	linkBreakCount    // typed: a host type needs two uncovered cards
	linkBreakFaceDown // a cut needs y face up in the root
	linkBreakReaders  // free game: the readers miss a host's and a fill card's moves
	linkBreakSafe     // a foundation move is played alone even when a card in play fits on it
)

// lstate is a state of the link game: L and the foundations' heights.
type lstate struct {
	L uint64
	f [4]uint8
}

// key is the key of the node of state st with the pending cuts pend (0:
// a free node) in the search's set. It holds all of both, so that two
// nodes have the same key only when they are the same node: cards are
// 4..55, so L and pend leave bits 0-3 and 56-63 free; the first word
// holds L and the heights of foundations 0 (bits 0-3), 1 and 2 (bits
// 56-63), the second pend, foundation 3's height (bits 0-3) and keyMark.
func (lg *lgame) key(st *lstate, pend uint64) [2]uint64 {
	f := uint64(st.f[0]) | uint64(st.f[1])<<4 | uint64(st.f[2])<<8 | uint64(st.f[3])<<12
	return [2]uint64{st.L | f&15 | (f>>4)<<56, keyMark | pend | (f>>12)&15}
}

func cbit(c engine.Card) uint64 { return 1 << (c & 63) }

// newLgame sets up the link game rooted at s, or tells that it does not
// apply.
func newLgame(s *engine.State) (*lgame, lstate, bool) {
	g := s.Game()
	r := &g.Rules
	if !linkApplies(r) || s.Talon() != 0 {
		return nil, lstate{}, false
	}
	lg := &lgame{ranks: r.Ranks}
	for c := engine.Card(0); c < 64; c++ {
		if c.Valid() && !c.IsJoker() && c.Rank() <= r.Ranks {
			lg.all |= cbit(c)
		}
	}
	for c := engine.Card(0); c < 64; c++ {
		if lg.all&cbit(c) == 0 {
			continue
		}
		for t := engine.Card(0); t < 64; t++ {
			if lg.all&cbit(t) != 0 && g.Fits(c, t) {
				lg.hosts[c] |= cbit(t)
				lg.kids[t] |= cbit(c)
			}
		}
		if s.CanFill(c) {
			lg.fillers |= cbit(c)
		}
	}
	for suit := 0; suit < 4; suit++ {
		for h := 1; h <= r.Ranks; h++ {
			lg.upTo[suit][h] = lg.upTo[suit][h-1] | cbit(engine.NewCard(h, suit))
		}
	}
	var st lstate
	for i := 0; i < g.Piles(); i++ {
		p := s.Pile(i)
		if len(p) == 0 {
			lg.e0++
			continue
		}
		lg.bottoms |= cbit(p[0])
		for j, c := range p {
			st.L |= cbit(c)
			if j >= s.Down(i) {
				lg.rootUp |= cbit(c)
			}
			if j > 0 {
				lg.under[c] = uint8(p[j-1])
				lg.above[p[j-1]] = uint8(c)
			}
		}
		if lg.fillers&cbit(p[0]) != 0 {
			st.L &^= cbit(p[0]) // a fill card on the table counts as placed
		}
	}
	for f := 0; f < 4; f++ {
		st.f[f] = uint8(s.Foundation(f))
	}
	lg.setTypes()
	lg.setReaders()
	return lg, st, true
}

// setTypes makes the game typed when the host sets of the cards are equal
// or disjoint and the fill cards have no host.
func (lg *lgame) setTypes() {
	var sets []uint64
	for c := engine.Card(0); c < 64; c++ {
		h := lg.hosts[c]
		if lg.all&cbit(c) == 0 || h == 0 {
			continue
		}
		if lg.fillers&cbit(c) != 0 {
			return
		}
		known := false
		for _, x := range sets {
			if x == h {
				known = true
			} else if x&h != 0 {
				return
			}
		}
		if !known {
			sets = append(sets, h)
		}
	}
	if len(sets) >= 64 {
		return
	}
	lg.typed = true
	for i, x := range sets {
		ti := uint8(i + 1)
		lg.typeMask[ti] = x
		for m := x; m != 0; m &= m - 1 {
			lg.typeOf[bits.TrailingZeros64(m)] = ti
		}
	}
	for c := engine.Card(0); c < 64; c++ {
		if h := lg.hosts[c]; lg.all&cbit(c) != 0 && h != 0 {
			ti := lg.typeOf[bits.TrailingZeros64(h)]
			lg.hostType[c] = ti
			lg.childMask[ti] |= cbit(c)
		}
	}
}

// lview is what a state's guards read, worked out once per state.
type lview struct {
	inPlay  uint64 // cards in the piles
	covered uint64 // link-covered cards
	free    uint64 // in play and not link-covered
	placed  uint64 // in play and not in L
	empties int    // empty piles (free game: a bound from above)
}

func (lg *lgame) view(st *lstate) lview {
	var v lview
	var up uint64
	for s := 0; s < 4; s++ {
		up |= lg.upTo[s][st.f[s]]
	}
	v.inPlay = lg.all &^ up
	for m := st.L; m != 0; m &= m - 1 {
		c := bits.TrailingZeros64(m)
		if u := lg.under[c]; u != 0 {
			v.covered |= 1 << (u & 63)
		}
	}
	v.free = v.inPlay &^ v.covered
	v.placed = v.inPlay &^ st.L
	onEmpty := v.placed & lg.fillers
	if !lg.typed {
		// only the fill cards with no host left in play must lie on an
		// empty pile
		for m := onEmpty; m != 0; m &= m - 1 {
			c := bits.TrailingZeros64(m)
			if lg.hosts[c]&v.inPlay != 0 {
				onEmpty &^= 1 << c
			}
		}
	}
	v.empties = lg.e0 + bits.OnesCount64(lg.bottoms&^st.L) - bits.OnesCount64(onEmpty)
	return v
}

// uncovered is the number of uncovered cards of host type t (typed game).
func (lg *lgame) uncovered(v *lview, t uint8) int {
	n := bits.OnesCount64(lg.typeMask[t]&v.free) - bits.OnesCount64(v.placed&lg.childMask[t])
	if lg.breakGuard == linkBreakCount {
		n--
	}
	return n
}

// hostFree tells whether a host of y is available.
func (lg *lgame) hostFree(v *lview, y int) bool {
	if lg.typed {
		t := lg.hostType[y]
		return t != 0 && lg.uncovered(v, t) >= 1
	}
	return lg.hosts[y]&v.free != 0
}

// lmove is a move of the link game: a card to its foundation, or a cut.
type lmove struct {
	card uint8
	up   bool // to the foundation; else a cut
}

// setReaders works out each cut's readers (see "Cuts read at once").
func (lg *lgame) setReaders() {
	var fillerHosts uint64 // the cards a fill card fits on
	for m := lg.fillers; m != 0; m &= m - 1 {
		fillerHosts |= lg.hosts[bits.TrailingZeros64(m)]
	}
	for y := engine.Card(0); y < 64; y++ {
		lg.readCuts[y], lg.readUps[y] = 0, 0
		if lg.all&cbit(y) == 0 {
			continue
		}
		if !lg.typed && lg.breakGuard != linkBreakReaders {
			// free game: a host of y going up may leave y no free host;
			// a fill card's host going up, or a fill card's cut, may
			// lower the bound on the empty piles that a fill card reads
			lg.readUps[y] = lg.hosts[y]
			if lg.fillers&cbit(y) != 0 {
				lg.readCuts[y] = lg.fillers
				lg.readUps[y] |= fillerHosts
			}
		}
		u := engine.Card(lg.under[y])
		if u == engine.NoCard {
			lg.readCuts[y] |= lg.fillers // y on the table: an empty pile
			continue
		}
		ub := cbit(u)
		lg.readUps[y] |= ub
		if lg.rootUp&ub == 0 {
			lg.readCuts[y] |= ub
		}
		if lg.typed {
			if t := lg.typeOf[u]; t != 0 {
				lg.readCuts[y] |= lg.childMask[t]
				lg.readUps[y] |= lg.typeMask[t]
			}
		} else {
			lg.readCuts[y] |= lg.kids[u]
			lg.readUps[y] |= lg.hosts[y]
		}
	}
}

// moves appends the moves of st to dst. At a free node (pend 0): a safe
// foundation move alone when there is one; else the cuts that turn a
// card up, the other cuts, then the foundation moves. After the cut of
// pend: the readers of that cut only, in the same order.
func (lg *lgame) moves(st *lstate, pend uint64, dst []lmove) []lmove {
	v := lg.view(st)
	n0 := len(dst)
	ups := lg.ups[:0]
	upMask, cutMask := lg.all, st.L&v.inPlay
	for m := pend; m != 0; m &= m - 1 {
		upMask &= lg.readUps[bits.TrailingZeros64(m)]
	}
	for s := 0; s < 4; s++ {
		h := int(st.f[s])
		if h >= lg.ranks {
			continue
		}
		c := engine.NewCard(h+1, s)
		if v.free&upMask&cbit(c) == 0 {
			continue
		}
		if lg.typed {
			if t := lg.typeOf[c]; t != 0 && lg.uncovered(&v, t) < 1 {
				continue
			}
		}
		if pend == 0 && (lg.kids[c]&v.inPlay == 0 || lg.breakGuard == linkBreakSafe) {
			return append(dst[:n0], lmove{card: uint8(c), up: true})
		}
		ups = append(ups, lmove{card: uint8(c), up: true})
	}
	later := lg.later[:0]
	for m := cutMask; m != 0; m &= m - 1 {
		y := bits.TrailingZeros64(m)
		faceUp := lg.rootUp&(1<<y) != 0 || (lg.breakGuard != linkBreakFaceDown && v.covered&(1<<y) == 0)
		if !faceUp {
			continue
		}
		if !lg.hostFree(&v, y) && !(lg.fillers&(1<<y) != 0 && v.empties >= 1) {
			continue
		}
		mv := lmove{card: uint8(y)}
		if u := lg.under[y]; u != 0 && lg.rootUp&(1<<(u&63)) == 0 {
			dst = append(dst, mv) // turns u up
		} else {
			later = append(later, mv)
		}
	}
	lg.later, lg.ups = later, ups
	dst = append(dst, later...)
	return append(dst, ups...)
}

func (lg *lgame) apply(st *lstate, m lmove) {
	st.L &^= 1 << (m.card & 63)
	if m.up {
		st.f[engine.Card(m.card).Suit()]++
	}
}

func (lg *lgame) won(st *lstate) bool {
	for s := 0; s < 4; s++ {
		if int(st.f[s]) != lg.ranks {
			return false
		}
	}
	return true
}

// lsearch is one exhaustive search of a link game.
type lsearch struct {
	lg   *lgame
	seen *keyset
	absCount
	bufs [][]lmove
	kids [][]lkid
}

// lkid is a child of a node, made before the node's first child is
// searched: its state, pending cuts, whether it is won, and else its key
// and probe (keyset.fetch).
type lkid struct {
	st   lstate
	pend uint64
	won  bool
	k    [2]uint64
	p    probe
}

// search decides the link game from st: Lost (proved: the root position
// cannot be won), Won (a win of the link game: proves nothing) or Unknown
// (ls.stop says why).
func (ls *lsearch) search(st lstate) Verdict {
	won := ls.visit(st, 0, 0)
	switch {
	case won:
		return Won
	case ls.stop != NotStopped:
		return Unknown
	}
	return Lost
}

// newLsearch makes a search of lg whose set holds at most mem bytes (0:
// no limit). The set leaves the pending cuts out of its keys' hash
// (keyset.skip), so that the nodes of one state share a run of slots,
// which seenNode reads at once.
func newLsearch(lg *lgame, mem int64, ac absCount) *lsearch {
	ls := &lsearch{lg: lg, seen: newKeyset(mem), absCount: ac}
	ls.seen.skip = lg.all
	return ls
}

// seenNode tells whether the node of k, a node of state st with pending
// cuts pend, can be skipped for a node in the set (searched and lost):
// the node itself, or a node of st whose pending cuts are a subset of
// pend, the free node among them (see "Cuts read at once"). The set's
// hash leaves the pending cuts out (newLsearch), so all the nodes of st
// lie in the run of slots where k's probe starts: one run read for them
// all. (Versions 42 and before probed the set once a node, for the
// subsets of at most 4 pending cuts only: with more, only the free node
// and the node itself were looked for.)
func (ls *lsearch) seenNode(k [2]uint64, pend uint64, p probe) bool {
	s := ls.seen
	base := k[1] &^ pend // the second word without the cuts
	for i := s.start(k[0], k[1], p); ; i = (i + 1) & s.mask {
		a, b := s.slots[2*i], s.slots[2*i+1]
		if b == 0 {
			return false
		}
		if a != k[0] {
			continue
		}
		if p := b & s.skip; b&^p == base && p&^pend == 0 {
			return true
		}
	}
}

// visit searches from st, reached by the cuts pend (0: a free node).
func (ls *lsearch) visit(st lstate, pend uint64, depth int) bool {
	if ls.lg.won(&st) {
		return true
	}
	k := ls.lg.key(&st, pend)
	return ls.visitKey(&st, pend, k, ls.seen.fetch(k), depth)
}

// visitKey is visit of st, not won, whose key is k and k's probe p. A
// node makes its children, with their keys, and fetches their slots
// before it searches the first: a child's look-up then finds its cache
// line come, where a large set would miss the cache at each. The
// children are searched in the moves' order, so the search is the same,
// node for node, as one that makes each child when it reaches it.
func (ls *lsearch) visitKey(st *lstate, pend uint64, k [2]uint64, p probe, depth int) bool {
	lg := ls.lg
	// a node after a cut is skipped when the free node of its state is in
	// the set, or one with fewer cuts pending (see "Cuts read at once")
	if ls.seenNode(k, pend, p) {
		return false
	}
	if !ls.enter() {
		return false
	}
	for len(ls.bufs) <= depth {
		ls.bufs = append(ls.bufs, make([]lmove, 0, 64))
		ls.kids = append(ls.kids, make([]lkid, 0, 64))
	}
	moves := lg.moves(st, pend, ls.bufs[depth][:0])
	ls.bufs[depth] = moves
	kids := ls.kids[depth][:0]
	for _, m := range moves {
		kd := lkid{st: *st}
		lg.apply(&kd.st, m)
		if !m.up {
			kd.pend = pend
			for q := pend; q != 0; q &= q - 1 {
				w := bits.TrailingZeros64(q)
				if lg.readCuts[w]&cbit(engine.Card(m.card)) != 0 {
					kd.pend &^= 1 << w
				}
			}
			kd.pend |= cbit(engine.Card(m.card))
		}
		if kd.won = lg.won(&kd.st); !kd.won {
			kd.k = lg.key(&kd.st, kd.pend)
			kd.p = ls.seen.fetch(kd.k)
		}
		kids = append(kids, kd)
	}
	ls.kids[depth] = kids
	for i := range kids {
		kd := &ls.kids[depth][i]
		if kd.won || ls.visitKey(&kd.st, kd.pend, kd.k, kd.p, depth+1) {
			return true
		}
		if ls.stop != NotStopped {
			return false
		}
	}
	// searched in full and lost: marked only now, so that a search
	// stopped by its budget leaves no mark it has not earned (the guide,
	// linkguide.go, reads the marks as proofs)
	if _, ok := ls.seen.insert(k); !ok {
		ls.stop = StopMemory
	}
	return false
}
