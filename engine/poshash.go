package engine

import (
	"unsafe"

	"github.com/cespare/xxhash/v2"
)

// Position hashes: a fast filter in front of exact position keys.
//
// A position hash is a 64-bit function of the position key
// (AppendPositionKey): positions with equal keys have equal hashes. Each
// part of the key is hashed as the key writes it, and the parts are
// combined by addition, which does not depend on their order, so the
// interchangeable piles, reserves and cells that the key sorts need no
// sorting here. A hash missing from a set of played positions' hashes
// therefore proves the position unplayed; only a hash found there needs
// the keys compared, and the referee does that (a collision costs a key
// comparison, never a wrong answer).
//
// The hash is cheap to get for a child position: the parts a move does
// not touch keep their hashes. A Table keeps the hashes of its position's
// piles and talon; a move's child rehashes only its from and to piles
// (and the talon when the waste is one of them); a draw or a recycle
// rehashes nothing (the waste position and the recycles are short parts),
// a deal everything.

// posParts holds the hashes of a position's long parts.
type posParts struct {
	pile  [MaxPiles]uint64 // pile i's face-up cards
	talon uint64           // the talon as the key writes it
}

// Arbitrary odd constants that keep the kinds of parts apart.
const (
	hFixedPile = 0x9e3779b97f4a7c15
	hSymPile   = 0xc2b2ae3d27d4eb4f
	hFixedRes  = 0x165667b19e3779f9
	hSymRes    = 0xd6e8feb86659fd93
	hCell      = 0xa0761d6478bd642f
	hFound     = 0xe7037ed1a0b428db
	hJoker     = 0x8ebc6af09c88c6e3
	hTalon     = 0x589965cc75374cc3
	hRecycles  = 0x1d8e4e27c47d124f
)

// mix is splitmix64's finaliser: a bijection of 64-bit words that spreads
// every input bit over the output.
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

func cardsHash(cs []Card) uint64 {
	return xxhash.Sum64(unsafe.Slice((*byte)(unsafe.SliceData(cs)), len(cs)))
}

// A pile's face-up cards are hashed as a polynomial in seqMul, with a
// leading 1 for the length: runHash(c1..cn) = seqMul^n + c1*seqMul^(n-1)
// + ... + cn (mod 2^64). A move adds cards to the end of one pile's run
// and takes them from the end of another's, and the polynomial follows
// both from the parent's hash and the moved cards alone (runPush,
// runPop), where a hash of the bytes would read the whole run again.
// seqMul is odd, so multiplying by it is undone by seqMulInv. It is
// fixed, and arithmetic mod 2^64 is no field, so colliding runs exist and
// can be constructed: lattice reduction finds two orders of twelve cards,
// Qh 9c 7s 4s Ad 8h 4d 5s Qd Jd Th Ts and 9d 7d 6s Tc 3d 8s Ah 7c Kd Ts Td
// 5h, with one hash (no pile built by the rules holds either). A
// collision costs the referee's set of played positions a key comparison
// (it compares keys after the hash) and a beam, at worst, a state taken
// for one met before: the win it might have led to, never a wrong
// verdict. No proof rests on these hashes.
const (
	seqMul    = 0x9fb21c651e98df25
	seqMulInv = 0x02ab9c720d1024ad // seqMul * seqMulInv == 1 (mod 2^64)
)

// runHash is the hash of a pile's face-up cards cs (see seqMul).
func runHash(cs []Card) uint64 { return runPush(1, cs) }

// runPush returns the hash of the run of hash h with cs put on its end.
func runPush(h uint64, cs []Card) uint64 {
	for _, c := range cs {
		h = h*seqMul + uint64(c)
	}
	return h
}

// runPop returns the hash of the run of hash h without cs, its last
// cards.
func runPop(h uint64, cs []Card) uint64 {
	for k := len(cs) - 1; k >= 0; k-- {
		h = (h - uint64(cs[k])) * seqMulInv
	}
	return h
}

func (s *State) pileHash(i int) uint64 {
	p := s.Pile(i)
	return runHash(p[s.down[i]:])
}

func (s *State) talonHash() uint64 {
	talon := s.cards[:s.end[0]]
	if s.g.Rules.Decks == 1 {
		var mask uint64
		for _, c := range talon {
			mask |= 1 << (c & 63)
		}
		return mix(mask)
	}
	return cardsHash(talon)
}

func (s *State) fullParts(p *posParts) {
	for i := 0; i < s.g.piles; i++ {
		p.pile[i] = s.pileHash(i)
	}
	p.talon = s.talonHash()
}

// positionHash combines the parts' hashes with the short parts of the
// key, each exactly as AppendKey and AppendPositionKey write them, into
// the sum of their terms, each mixed (h0), and, when two is set, the sum
// of the same terms mixed with fingerprintSalt (h1:
// PositionFingerprint's second word), from one pass over the parts. The
// terms are pileTerm's, the reserves' and cells', foundTerm's, the
// Joker's, talonTerm's and recyclesTerm's; ChildFingerprint takes a
// parent's terms out of its sums and puts the child's in.
func (s *State) positionHash(p *posParts, two bool) (h0, h1 uint64) {
	g := s.g
	r := &g.Rules
	stockLeft := s.end[0] > s.waste
	h := hsum{two: two}
	for i := 0; i < g.piles; i++ {
		h.add(s.pileTerm(p, i, stockLeft))
	}
	if g.reserves > 0 {
		fixed := !g.symReserv && stockLeft
		for i := 0; i < g.reserves; i++ {
			if fixed {
				h.add(cardsHash(s.Reserve(i)) ^ hFixedRes*uint64(i+1))
			} else {
				h.add(cardsHash(s.Reserve(i)) ^ hSymRes)
			}
		}
	}
	for _, c := range s.cells[:g.cells] {
		h.add(uint64(c) ^ hCell)
	}
	if r.Decks != 1 || r.Joker {
		for i := 0; i < g.foundTerms(); i++ {
			h.add(s.foundTerm(i))
		}
		if g.joker {
			h.add(hJoker ^ uint64(s.jk)<<8 ^ uint64(s.jkRank))
		}
	}
	h.add(s.talonTerm(p))
	if r.Passes > 0 {
		h.add(s.recyclesTerm())
	}
	return h.h0, h.h1
}

// pileTerm is pile i's term: its face-up cards' hash, with its place and
// face-down count where the key keeps the pile in its place.
func (s *State) pileTerm(p *posParts, i int, stockLeft bool) uint64 {
	return s.g.pileTermOf(p.pile[i], i, int(s.down[i]), stockLeft)
}

// pileTermOf is the term of pile i with face-up cards of hash h and down
// cards face down.
func (g *Game) pileTermOf(h uint64, i, down int, stockLeft bool) uint64 {
	if down > 0 || (!g.symPiles && stockLeft) {
		return h ^ hFixedPile*(uint64(i+1)<<8|uint64(down))
	}
	return h ^ hSymPile
}

// foundTerms is the number of foundation terms (where the foundations
// are hashed): one for each suit's pair of foundations in a two-deck
// game, whose heights the key takes in either order, else one for each
// foundation.
func (g *Game) foundTerms() int {
	if g.founds == 8 {
		return 4
	}
	return g.founds
}

// foundTerm is foundation term i (foundTerms).
func (s *State) foundTerm(i int) uint64 { return s.g.foundTermOf(&s.found, i) }

// foundTermOf is foundation term i of the foundation heights found.
func (g *Game) foundTermOf(found *[MaxFoundations]uint8, i int) uint64 {
	if g.founds == 8 {
		a, b := found[i], found[i+4]
		if a > b {
			a, b = b, a
		}
		return hFound ^ uint64(i)<<16 ^ uint64(a)<<8 ^ uint64(b)
	}
	return hFound ^ uint64(i)<<8 ^ uint64(found[i])
}

// talonTerm is the talon's term: its hash with the waste position.
func (s *State) talonTerm(p *posParts) uint64 { return talonTermOf(p.talon, int(s.waste)) }

// talonTermOf is the term of a talon of hash h with waste cards turned.
func talonTermOf(h uint64, waste int) uint64 { return h ^ hTalon*uint64(waste+1) }

// recyclesTerm is the passes' term (where the passes are limited).
func (s *State) recyclesTerm() uint64 { return hRecycles ^ uint64(s.recycles) }

// hsum sums a position's terms, mixed (h0) and, when two is set, mixed
// with fingerprintSalt (h1).
type hsum struct {
	h0, h1 uint64
	two    bool
}

func (h *hsum) add(t uint64) {
	h.h0 += mix(t)
	if h.two {
		h.h1 += mix(fingerprintSalt ^ t)
	}
}

// sub takes term t out of the sums.
func (h *hsum) sub(t uint64) {
	h.h0 -= mix(t)
	if h.two {
		h.h1 -= mix(fingerprintSalt ^ t)
	}
}

// PositionHash returns the hash of the position key of the table's
// position (see the Position hashes comment): equal keys, equal hashes.
func (t *Table) PositionHash() uint64 {
	h, _ := t.s.positionHash(&t.parts, false)
	return h
}

// ChildPosition sets *c to the true state legal move m leads to and
// returns that position's PositionHash. Like Reveal, it is for the
// referee's bookkeeping, never for a player.
func (t *Table) ChildPosition(m Move, c *State) uint64 {
	*c = t.s
	c.Apply(m)
	p := t.parts
	c.updateParts(m, &p)
	h, _ := c.positionHash(&p, false)
	return h
}

// updateParts brings p, the part hashes of the position before move m,
// up to date for s, the position after it: a draw or a recycle moves no
// card between parts (the waste position and the passes are short parts
// that positionHash reads from the state), a move changes its from and to
// piles and the talon when the waste is one of them, a deal changes
// everything.
func (s *State) updateParts(m Move, p *posParts) {
	switch m.Kind() {
	case KindDraw, KindRecycle:
		return
	case KindMove:
	default:
		s.fullParts(p)
		return
	}
	from, to := m.From(), m.To()
	if from.IsPile() {
		p.pile[from-LocPile0] = s.pileHash(int(from - LocPile0))
	}
	if to.IsPile() {
		p.pile[to-LocPile0] = s.pileHash(int(to - LocPile0))
	}
	if from == LocWaste || to == LocWaste {
		p.talon = s.talonHash()
	}
}

// SamePosition tells whether s and o are the same position of the same
// game: every card where it is, face up or down alike, the same waste
// position, foundations, cells, passes and Joker, except that what the
// key folds away in two cheap cases may differ: piles the key takes as
// interchangeable may stand in another order, and the two foundations of
// a suit in a two-deck game may hold their heights the other way round.
// It compares only what a state holds (the card buffer past its last card
// may hold stale bytes), so positions it calls the same have equal keys;
// positions it tells apart may still have equal keys (cells or reserves in
// another order, another waste position on a draw cycle), which only the
// keys can tell.
func (s *State) SamePosition(o *State) bool {
	if s.g != o.g || s.down != o.down || !s.sameFoundations(o) || s.cells != o.cells ||
		s.waste != o.waste || s.recycles != o.recycles || s.base != o.base || s.jk != o.jk || s.jkRank != o.jkRank {
		return false
	}
	n := s.end[locBuffers-1]
	if s.end == o.end && string(s.cards[:n]) == string(o.cards[:n]) {
		return true
	}
	return s.samePilesOtherOrder(o)
}

// samePilesOtherOrder tells whether s and o, alike but for their card
// buffers, hold the same talon, reserves and piles, the piles the key
// sorts (those with no face-down card, while their place cannot matter)
// in any order. A random player who moves a King back and forth between
// empty piles makes such positions all the time.
func (s *State) samePilesOtherOrder(o *State) bool {
	g := s.g
	const lastPile = LocReserve0 - 1
	if s.end[0] != o.end[0] || s.end[lastPile] != o.end[lastPile] ||
		string(s.cards[:s.end[0]]) != string(o.cards[:o.end[0]]) {
		return false
	}
	for l := LocReserve0; l < Loc(locBuffers); l++ {
		if s.end[l] != o.end[l] {
			return false
		}
	}
	if r, n := s.end[lastPile], s.end[locBuffers-1]; string(s.cards[r:n]) != string(o.cards[r:n]) {
		return false
	}
	fixed := func(i int) bool { return s.down[i] > 0 || (!g.symPiles && s.end[0] > s.waste) } // as AppendKey; o.down is s.down
	var used [MaxPiles]bool
	for i := 0; i < g.piles; i++ {
		p := s.Pile(i)
		if fixed(i) {
			if string(p) != string(o.Pile(i)) {
				return false
			}
			continue
		}
		match := false
		for j := 0; j < g.piles && !match; j++ {
			if !used[j] && !fixed(j) && string(p) == string(o.Pile(j)) {
				used[j], match = true, true
			}
		}
		if !match {
			return false
		}
	}
	return true
}

// sameFoundations tells whether s and o hold the same foundation heights,
// the two foundations of a suit in a two-deck game (f and f+4) as a pair
// in either order: a random player who worries cards back and forth
// between them makes such twins all the time.
func (s *State) sameFoundations(o *State) bool {
	if s.found == o.found {
		return true
	}
	if s.g.founds != 8 {
		return false
	}
	for i := 0; i < 4; i++ {
		a, b, c, d := s.found[i], s.found[i+4], o.found[i], o.found[i+4]
		if !(a == c && b == d || a == d && b == c) {
			return false
		}
	}
	return true
}

// PositionParts holds the hashes of a position's long parts (its piles and
// talon), from which PositionFingerprint is made. A child position's are
// its parent's brought up to date by UpdateParts, which rehashes only the
// parts the move touches.
type PositionParts struct{ p posParts }

// PositionParts returns s's parts, all hashed.
func (s *State) PositionParts() PositionParts {
	var p PositionParts
	s.fullParts(&p.p)
	return p
}

// UpdateParts brings p, the parts of the position before move m, up to
// date for s, the position after it.
func (s *State) UpdateParts(m Move, p *PositionParts) { s.updateParts(m, &p.p) }

// Fingerprint is a position's two hashes (PositionFingerprint). It is a
// struct rather than an array so that it is passed and returned in
// registers: a [2]uint64 goes through memory, and reading it whole just
// after its words were written one by one waits for the stores.
type Fingerprint struct{ H0, H1 uint64 }

// fingerprintSalt gives PositionFingerprint's second word its own mixing.
const fingerprintSalt = 0x6a09e667f3bcc909

// PositionFingerprint returns two hashes of s's position key
// (AppendPositionKey) made from its parts p: PositionHash's, and another
// with every term mixed otherwise. Equal keys give equal fingerprints;
// unequal keys share one only when both hashes collide, or when two
// different piles, reserves or two-deck talons share their 64-bit part
// hash (a one-deck talon's part is its card set, exactly). It is for
// searches that lose nothing but time when two states are taken for one
// (a beam search, which proves nothing when it finds no win), never for
// a proof.
func (s *State) PositionFingerprint(p *PositionParts) Fingerprint {
	h0, h1 := s.positionHash(&p.p, true)
	return Fingerprint{h0, h1}
}

// ChildFingerprint returns s's PositionFingerprint, where s is the
// position move m leads to from parent, whose parts are pp and whose
// fingerprint is pf, and cp is pp brought up to date for s (UpdateParts).
// The sums are the parent's with the terms m changes taken out and the
// child's put in (sums of terms do not depend on their order), so it is
// PositionFingerprint(cp) exactly, from the terms of the piles, the
// foundation and the talon m touches rather than from every term. A deal,
// a game with reserves, cells or a Joker, and a move that empties the
// stock or refills it where the piles' places count while the stock
// lasts, are hashed whole.
func (s *State) ChildFingerprint(parent *State, pf Fingerprint, pp, cp *PositionParts, m Move) Fingerprint {
	g := s.g
	stockLeft := s.end[0] > s.waste
	if g.reserves > 0 || g.cells > 0 || g.joker || m.Kind() == KindDeal ||
		!g.symPiles && stockLeft != (parent.end[0] > parent.waste) {
		return s.PositionFingerprint(cp)
	}
	h := hsum{h0: pf.H0, h1: pf.H1, two: true}
	talon := m.Kind() != KindMove
	if m.Kind() == KindMove {
		for _, l := range [2]Loc{m.From(), m.To()} {
			switch {
			case l.IsPile():
				i := int(l - LocPile0)
				h.sub(parent.pileTerm(&pp.p, i, stockLeft))
				h.add(s.pileTerm(&cp.p, i, stockLeft))
			case l == LocWaste:
				talon = true
			case l.IsFoundation() && g.Rules.Decks != 1:
				i := int(l - LocFound0)
				if g.founds == 8 {
					i %= 4
				}
				h.sub(parent.foundTerm(i))
				h.add(s.foundTerm(i))
			}
		}
	}
	if talon {
		h.sub(parent.talonTerm(&pp.p))
		h.add(s.talonTerm(&cp.p))
	}
	if m.Kind() == KindRecycle && g.Rules.Passes > 0 {
		h.sub(parent.recyclesTerm())
		h.add(s.recyclesTerm())
	}
	return Fingerprint{h.h0, h.h1}
}

// ChildParts sets *cp to the parts of the position legal move m leads to
// from s, whose parts are pp and whose PositionFingerprint is pf, and
// returns that position's fingerprint and whether it is won, without
// making the position: the same parts, fingerprint and win as Apply, then
// UpdateParts and ChildFingerprint, give (TestChildParts). It does so for
// a draw, a recycle, and a move of cards from a pile or the waste to a
// pile or a foundation, in games without reserves, cells or a Joker, but
// for a draw or a recycle that empties or refills the stock where the
// piles' places count while it lasts; for any other move ok is false and
// *cp is left alone. A search that keeps only the children it has not met
// (the beams) makes the others for nothing. A nil cp asks for the
// fingerprint and win alone (the beams, which hash the children they keep
// again when they make them).
func (s *State) ChildParts(m Move, pp *PositionParts, pf Fingerprint, cp *PositionParts) (f Fingerprint, won, ok bool) {
	g := s.g
	if g.reserves > 0 || g.cells > 0 || g.joker {
		return f, false, false
	}
	h := hsum{h0: pf.H0, h1: pf.H1, two: true}
	stockLeft := s.end[0] > s.waste
	switch m.Kind() {
	case KindDraw, KindRecycle:
		waste := 0
		if m.Kind() == KindDraw {
			waste = int(s.waste) + min(int(s.end[0])-int(s.waste), g.Rules.Draw)
		}
		if !g.symPiles && stockLeft != (int(s.end[0]) > waste) {
			return f, false, false
		}
		if cp != nil {
			*cp = *pp
		}
		h.sub(s.talonTerm(&pp.p))
		h.add(talonTermOf(pp.p.talon, waste))
		if m.Kind() == KindRecycle && g.Rules.Passes > 0 {
			h.sub(s.recyclesTerm())
			h.add(hRecycles ^ uint64(s.recycles+1))
		}
		return Fingerprint{h.h0, h.h1}, false, true
	case KindMove:
	default:
		return f, false, false
	}
	from, to, n := m.From(), m.To(), m.N()
	if !from.IsPile() && from != LocWaste || !to.IsPile() && !to.IsFoundation() {
		return f, false, false
	}
	if cp != nil {
		*cp = *pp
	}
	var moved []Card // the cards that leave from, bottom first
	if from == LocWaste {
		// the talon loses the waste's top; the stock stays as it is, so
		// whether any is left does not change
		w := int(s.waste) - 1
		moved = s.cards[w : w+1]
		var talon uint64
		if g.Rules.Decks == 1 {
			var mask uint64
			for _, c := range s.cards[:s.end[0]] {
				mask |= 1 << (c & 63)
			}
			talon = mix(mask &^ (1 << (moved[0] & 63)))
		} else {
			var buf [MaxCards]Card
			k := copy(buf[:], s.cards[:w])
			k += copy(buf[k:], s.cards[w+1:s.end[0]])
			talon = cardsHash(buf[:k])
		}
		if cp != nil {
			cp.p.talon = talon
		}
		h.sub(s.talonTerm(&pp.p))
		h.add(talonTermOf(talon, w))
	} else {
		i := int(from - LocPile0)
		st, e, down := s.start(from), int(s.end[from]), int(s.down[i])
		moved = s.cards[e-n : e]
		var ph uint64
		if down > 0 && e-n-st == down {
			down-- // the card under the group is turned up
			ph = runHash(s.cards[st+down : e-n])
		} else {
			ph = runPop(pp.p.pile[i], moved)
		}
		if cp != nil {
			cp.p.pile[i] = ph
		}
		h.sub(s.pileTerm(&pp.p, i, stockLeft))
		h.add(g.pileTermOf(ph, i, down, stockLeft))
	}
	if to.IsFoundation() {
		won = s.FoundationCards()+1 == g.realCards
		if g.Rules.Decks != 1 {
			j := int(to - LocFound0)
			found := s.found
			found[j]++
			if g.founds == 8 {
				j %= 4
			}
			h.sub(s.foundTerm(j))
			h.add(g.foundTermOf(&found, j))
		}
	} else {
		j := int(to - LocPile0)
		ph := runPush(pp.p.pile[j], moved)
		if cp != nil {
			cp.p.pile[j] = ph
		}
		h.sub(s.pileTerm(&pp.p, j, stockLeft))
		h.add(g.pileTermOf(ph, j, int(s.down[j]), stockLeft))
	}
	return Fingerprint{h.h0, h.h1}, won, true
}
