package solver

import (
	"context"
	"time"

	"github.com/klondike-family/klondike/engine"
)

// The segment game: a proof of loss for the games whose stock is dealt
// onto the piles (Agnes Sorel).
//
// The rules must have one deck, no Joker, no reserves, no cells, no
// worrying back, spaces that stay empty (FillNone), a stock dealt a card
// onto each pile (or none), and groups that move are built runs. So a card
// moves onto a pile only onto a card it fits on; a deal puts a card on a
// pile whatever lies there, and a pile's face-up part need not be a built
// run, as the reserve game (resgame.go) needs.
//
// In a position P, a pile's structure cards are its face-down cards, its
// lowest face-up card, and every face-up card that does not lie on a card
// it fits on (a card dealt there); its top structure card is its surface.
// Its frozen part is its cards up to the surface; the cards above it, a
// built run on the surface, are free. A segment is a structure card with
// the cards on it up to the next structure card.
//
// Lemma. Between two deals, the structure cards of a pile are a prefix of
// what they were, and its cards up to its surface lie as they did: its
// frozen part is only shortened, by whole segments.
//
// Proof. A card that moved lies on a card it fits on: moves put a card only
// there (no space may be filled), and the card under a moved card can
// leave only in a group with it (a built run), so under it still. Such a
// card is face up and not the lowest face-up card (it was put on a face-up
// card), so it is not a structure card. A card that has not moved lies on
// the cards it lay on (cards leave a pile only in a group from its top),
// so a structure card that has not moved is a structure card still, and
// every structure card was one before (one face down is face down still
// or, turned up, the lowest face-up card). A structure card moves only as
// the bottom card of its group, since it does not lie on a card it fits
// on, so only once every structure card above it in its pile has left: the
// ones left are a prefix, and the cards under the surface have not moved. ∎
//
// The game. A state is the foundations' heights, the stock's cards left,
// and for each pile a frozen part: a list of cards, each face down, face
// up, or dealt in the segment game (see the deal below). Its present cards
// are the free cards (every card not up, not in the stock, not in a frozen
// part), the surfaces, and the cards that a deal of the segment game
// covered (the surface under a dealt card of a frozen part). For a host
// group H (resgame.go: the rules must be typed), the bound on its
// uncovered cards is present(H) - free kids(H). The moves:
//
//   - a card goes up if it is the next of its foundation, free or a
//     surface, and its host group's bound is at least 1 (or no group holds
//     it); a surface that goes up leaves its frozen part, whose top segment
//     goes (its cards under the surface are free);
//   - a surface whose host group's bound is at least 1 leaves its frozen
//     part the same way, and is free (a reveal);
//   - a deal, while the stock lasts (whether or not the rules allow one
//     only when no other move is possible): each pile's card is either
//     free, where the pile has a frozen part and the card's host group's
//     bound before the deal, less the earlier cards of the deal dealt free
//     onto that group, is at least 1, or pushed on the pile's frozen part
//     as a dealt card, whose surface it becomes.
//
// α of a real position is its foundations' heights, its stock, and its
// piles' frozen parts (no card marked dealt).
//
// Theorem (completeness). If a real position R can be won, so can α(R).
//
// Proof. Take a winning line from R and follow a state A of the segment
// game along it, starting from α(R), such that in each position Q of the
// line:
//
//	(a) the foundations and the stock are Q's;
//	(b) each pile's frozen part in A is Q's cut after one of its
//	    structure cards, then A's dealt cards, which are Q's structure
//	    cards above the cut, in order; every other card of Q's frozen
//	    part above the cut is free in A; so A's surface is Q's, and a pile
//	    empty in Q has no frozen part in A;
//	(c) every card free in Q is free in A.
//
// Then (d): every uncovered card of Q, a pile's top, is free in Q or its
// surface, so free in A or a surface of A; and every free kid of A lies in
// Q on a distinct card of its host group that is present in A: a card free
// in Q lies on a free card or the surface of Q; one in Q's frozen part lies
// on the card under it, free in A, or the last card under one of A's dealt
// cards (the surface when that card was dealt, which A counts present). So
// each host group's bound in A is at least its uncovered cards in Q. Each
// move of the line:
//
//   - a group whose bottom card is free in Q lands on an uncovered card it
//     fits on, above the surface: nothing of (a)-(c) changes, and A stays;
//   - a group whose bottom card is Q's surface (a structure card can move
//     only so) lands on an uncovered card of its host group, so the
//     group's bound in A is at least 1 by (d): A reveals its surface, and
//     the cards under it down to the next structure card, free in Q now,
//     are free in A;
//   - a card that goes up is a pile's top, uncovered: free in A or A's
//     surface, its host group's bound at least 1 by (d); A plays it up;
//   - a deal: a card that fits on its pile's top in Q is free in Q, and
//     lands on a card uncovered before the deal and not taken by an
//     earlier card of the deal (each lies on another pile's top): so its
//     host group's bound before the deal, less the earlier cards of the
//     deal dealt free onto the group, is at least 1 by (d); A deals it
//     free. Another card is Q's new surface (on an empty pile, the pile's
//     only card): A pushes it, and the cards it covers, free in Q before,
//     are free in A.
//
// (a)-(c) hold after each move, so the line ends, all cards up, in a won
// state of the segment game. ∎
//
// Every move raises a foundation, shortens a frozen part, or deals, so
// the game is acyclic, and its search keeps an exact set of the states
// it searched in full and found lost (keyset: the whole state is the key).
//
// Safe moves. A card c that may go up, every card that fits on c being up
// already, goes up alone, as the reserve game proves (resgame.go); where c
// is a surface, the segment it frees earlier lowers no bound (each freed
// card adds itself to the present cards of the group holding it, and the
// free kid it becomes lies on a freed card or the new surface, present
// too).
//
// A state's value does not depend on the position it was reached from. So
// the guide keys a state by the foundations, the stock left and the
// sorted ids of its frozen parts (a trie names each list of cards with
// their marks), and the lost marks of one check serve every later one:
// the real search checks each of its nodes.

// segApplies tells whether the segment game bounds the rules.
func segApplies(r *engine.Rules) bool {
	return r.Decks == 1 && !r.Joker && r.Cells == 0 && !r.WorryBack && r.Reserves == 0 &&
		r.Fill == engine.FillNone && (r.StockTo == engine.StockToPiles || r.StockCount() == 0) &&
		(r.Unit == engine.UnitAnyRun || r.Unit == engine.UnitWholeRun)
}

// segNode is a frozen part, named by its id in the trie.
type segNode struct {
	top  engine.Card // its surface
	pop  uint16      // the frozen part without its top segment
	mask uint64      // its cards
	host uint64      // its present cards under the surface: the surfaces its dealt cards cover
}

// The marks of a card in a frozen part (segGame.child).
const (
	segDown  = 1 << 6 // face down
	segDealt = 2 << 6 // dealt in the segment game
)

// segGame is the segment game of one deal.
type segGame struct {
	rg     resGame       // the cards, their host groups and the foundations' sequences
	stock  []engine.Card // the deal's stock, the next card dealt first
	later  []uint64      // later[n]: the stock's last n cards
	trie   map[uint32]uint16
	nodes  []segNode // by id; nodes[0]: no frozen part
	idBits uint      // an id's bits in a key
}

// sstate is a state of the segment game.
type sstate struct {
	found [4]uint8
	left  uint8                   // the stock's cards left
	pile  [engine.MaxPiles]uint16 // the frozen parts' ids (0: none)
}

// newSegGame returns the segment game of the deal s (the stock full), or
// nil where it does not apply.
func newSegGame(s *engine.State) *segGame {
	g := s.Game()
	r := &g.Rules
	stock := s.Stock()
	if !segApplies(r) || g.Piles() > engine.MaxPiles || r.Ranks > 15 || len(stock) > 63 || len(s.Waste()) > 0 {
		return nil
	}
	sg := &segGame{trie: make(map[uint32]uint16), nodes: make([]segNode, 1, 1024)}
	if !sg.rg.initCards(s) {
		return nil
	}
	sg.stock = append([]engine.Card(nil), stock...)
	sg.later = make([]uint64, len(stock)+1)
	for n := 1; n <= len(stock); n++ {
		sg.later[n] = sg.later[n-1] | cbit(stock[len(stock)-n])
	}
	sg.idBits = min(16, (127-16-6)/uint(g.Piles()))
	return sg
}

// child returns the id of frozen part id with card c on it, marked so; a
// new id gets node n (its fields but the id's). It is false when no id is
// left.
func (sg *segGame) child(id uint16, c engine.Card, mark uint32, n segNode) (uint16, bool) {
	t := uint32(id)<<8 | uint32(c) | mark
	if k, ok := sg.trie[t]; ok {
		return k, true
	}
	k := len(sg.nodes)
	if k >= 1<<sg.idBits {
		return 0, false
	}
	sg.nodes = append(sg.nodes, n)
	sg.trie[t] = uint16(k)
	return uint16(k), true
}

// alpha returns α(s) for a position s of the deal; false where a frozen
// part has no id left.
func (sg *segGame) alpha(s *engine.State) (sstate, bool) {
	var st sstate
	g := s.Game()
	for f := 0; f < 4; f++ {
		st.found[f] = uint8(s.Foundation(f))
	}
	st.left = uint8(len(s.Stock()))
	for i := 0; i < sg.rg.piles; i++ {
		p, down := s.Pile(i), s.Down(i)
		top := len(p) - 1 // the surface: the free cards above it are left out
		for top > down && g.Fits(p[top], p[top-1]) {
			top--
		}
		var id, at uint16 // the trie's path, and the frozen part so far
		var m uint64
		for j := 0; j <= top; j++ {
			c := p[j]
			m |= cbit(c)
			var mark uint32
			if j < down {
				mark = segDown
			}
			n := segNode{top: engine.NoCard}
			structure := j <= down || !g.Fits(c, p[j-1])
			if structure {
				n = segNode{top: c, pop: at, mask: m}
			}
			var ok bool
			if id, ok = sg.child(id, c, mark, n); !ok {
				return st, false
			}
			if structure {
				at = id
			}
		}
		st.pile[i] = at
	}
	return st, true
}

// key is st's key: the foundations' heights (bits 0-15), the stock left
// (16-21), then the frozen parts' ids, sorted, idBits each, and keyMark.
// Sorting loses nothing, though a deal gives each pile its own card: a
// frozen part is a prefix of its pile, so its first card is the pile's
// first card, dealt to that pile alone (at the start, or by a deal onto
// it once empty), and names the pile; the empty piles are the others.
func (sg *segGame) key(st *sstate) [2]uint64 {
	piles := sg.rg.piles
	var v [engine.MaxPiles]uint16
	for i := 0; i < piles; i++ {
		x := st.pile[i]
		j := i
		for ; j > 0 && v[j-1] > x; j-- {
			v[j] = v[j-1]
		}
		v[j] = x
	}
	var w [2]uint64
	w[0] = uint64(st.found[0]) | uint64(st.found[1])<<4 | uint64(st.found[2])<<8 | uint64(st.found[3])<<12 | uint64(st.left)<<16
	at := uint(22)
	for i := 0; i < piles; i++ {
		x := uint64(v[i])
		w[at/64] |= x << (at % 64)
		if at%64+sg.idBits > 64 {
			w[1] |= x >> (64 - at%64)
		}
		at += sg.idBits
	}
	w[1] |= keyMark
	return w
}

// view fills v: the free cards (placed), the surfaces and the host groups'
// bounds.
func (sg *segGame) view(st *sstate, v *qview) {
	rg := &sg.rg
	var gone, frozen, host uint64
	for f := 0; f < 4; f++ {
		gone |= rg.upTo[f][st.found[f]]
	}
	v.surf = 0
	for i := 0; i < rg.piles; i++ {
		if id := st.pile[i]; id != 0 {
			n := &sg.nodes[id]
			frozen |= n.mask
			v.surf |= cbit(n.top)
			host |= n.host
		}
	}
	v.placed = rg.all &^ (gone | frozen | sg.later[st.left])
	rg.bounds(v, v.placed|v.surf|host, 0) // no card fills a space
}

// smove is a move of the segment game.
type smove struct {
	kind uint8  // qmUp, qmReveal, qmDeal
	at   uint16 // the foundation (qmUp), the pile (qmReveal), or the piles whose card is dealt free (qmDeal)
}

// moves appends st's moves to dst: cards up (a safe one alone), reveals,
// then the deal's outcomes.
func (sg *segGame) moves(st *sstate, v *qview, dst []smove) []smove {
	rg := &sg.rg
	first := len(dst)
	for f := 0; f < 4; f++ {
		h := int(st.found[f])
		if h >= rg.ranks {
			continue
		}
		c := rg.next[f][h]
		if (v.placed|v.surf)&cbit(c) != 0 && rg.uncovered(c, v) {
			if rg.safeUp(&st.found, c) {
				return append(dst[:first], smove{qmUp, uint16(f)}) // safe: the only move
			}
			dst = append(dst, smove{qmUp, uint16(f)})
		}
	}
	for i := 0; i < rg.piles; i++ {
		if id := st.pile[i]; id != 0 && rg.fits(sg.nodes[id].top, v) {
			dst = append(dst, smove{qmReveal, uint16(i)})
		}
	}
	if st.left > 0 {
		dst = sg.deals(st, v.unc, 0, 0, dst)
	}
	return dst
}

// deals appends the deal's outcomes from pile k on, the cards of piles
// before k dealt free where free says, with the bounds unc: the view's
// before the deal, less a card for each card dealt free (a card dealt
// lies on another pile than the later ones, and hosts none of them).
func (sg *segGame) deals(st *sstate, unc [32]int8, k int, free uint16, dst []smove) []smove {
	n := min(sg.rg.piles, int(st.left))
	if k == n {
		return append(dst, smove{qmDeal, free})
	}
	c := sg.stock[len(sg.stock)-int(st.left)+k]
	if h := sg.rg.hostGroup[c]; st.pile[k] != 0 && h >= 0 && unc[h] >= 1 {
		u := unc
		u[h]--
		dst = sg.deals(st, u, k+1, free|1<<k, dst)
	}
	return sg.deals(st, unc, k+1, free, dst)
}

// apply plays m in st; false where a frozen part has no id left.
func (sg *segGame) apply(st *sstate, m smove) bool {
	rg := &sg.rg
	switch m.kind {
	case qmUp:
		c := rg.next[m.at][st.found[m.at]]
		st.found[m.at]++
		for i := 0; i < rg.piles; i++ {
			if id := st.pile[i]; id != 0 && sg.nodes[id].top == c {
				st.pile[i] = sg.nodes[id].pop
				break
			}
		}
	case qmReveal:
		st.pile[m.at] = sg.nodes[st.pile[m.at]].pop
	case qmDeal:
		n := min(rg.piles, int(st.left))
		at := len(sg.stock) - int(st.left)
		for k := 0; k < n; k++ {
			id := st.pile[k]
			if m.at&(1<<k) != 0 {
				continue
			}
			c := sg.stock[at+k]
			var node segNode
			var mark uint32
			if id == 0 {
				node = segNode{top: c, mask: cbit(c)}
			} else {
				p := &sg.nodes[id]
				node = segNode{top: c, pop: id, mask: p.mask | cbit(c), host: p.host | cbit(p.top)}
				mark = segDealt
			}
			nid, ok := sg.child(id, c, mark, node)
			if !ok {
				return false
			}
			st.pile[k] = nid
		}
		st.left -= uint8(n)
	}
	return true
}

func (sg *segGame) won(st *sstate) bool {
	n := 0
	for f := 0; f < 4; f++ {
		n += int(st.found[f])
	}
	return n == sg.rg.total
}

// segSearch searches the segment game; seen holds the states searched in
// full and lost.
type segSearch struct {
	sg   *segGame
	seen *keyset
	absCount
	bufs [][]smove
}

// visit searches st: true where it found a win; false where st is lost
// (ss.stop NotStopped) or the search stopped.
func (ss *segSearch) visit(st sstate, depth int) bool {
	sg := ss.sg
	if sg.won(&st) {
		return true
	}
	k := sg.key(&st)
	if ss.seen.contains(k) {
		return false
	}
	if !ss.enter() {
		return false
	}
	for len(ss.bufs) <= depth {
		ss.bufs = append(ss.bufs, make([]smove, 0, 32))
	}
	var v qview
	sg.view(&st, &v)
	moves := sg.moves(&st, &v, ss.bufs[depth][:0])
	ss.bufs[depth] = moves
	for _, m := range moves {
		c := st
		if !sg.apply(&c, m) {
			ss.stop = StopMemory
			return false
		}
		if ss.visit(c, depth+1) {
			return true
		}
		if ss.stop != NotStopped {
			return false
		}
	}
	if _, ok := ss.seen.insert(k); !ok {
		ss.stop = StopMemory
	}
	return false
}

// sguide is the segment game's guide of one real search (one worker). A
// node with at most one deal left is checked (α) before its moves, and
// skipped when its state is lost; the lost marks of one check serve the
// others. After the last deal a check costs a few states; with one deal
// left 77 to 337 on average on the Agnes Sorel deals measured, where
// every such check proved its node lost but the last of two solves, cut
// short by their budgets (results/bench.md, "Solver version 42").
// Checking those nodes only once their subtrees have taken 300 nodes
// takes fewer nodes on deals 25 and 31 and more on the other hard deals
// measured (120, 110, 5, 72, 80, 86). Nodes with more deals left
// are not checked: there, too, every one of the hard deals' nodes sampled
// was proved lost, but at a cost of 800 to 9,400 states a check, against
// about 130 nodes for a subtree.
type sguide struct {
	ss segSearch
	guideSets
}

// newSguide returns the segment game's guide for the deal s, or nil where
// the segment game does not apply. Its lost marks take at most
// linkMarksMem(mem) bytes, its two other sets mem/8 each (mem 0: no
// limit); one real node's check may visit budget states.
func newSguide(ctx context.Context, s *engine.State, mem, budget int64, deadline time.Time) *sguide {
	sg := newSegGame(s)
	if sg == nil {
		return nil
	}
	return &sguide{
		ss:        segSearch{sg: sg, seen: newKeyset(linkMarksMem(mem)), absCount: absCount{deadline: deadline, ctx: ctx}},
		guideSets: newGuideSets(mem, budget),
	}
}

// isLost tells whether the segment game proves the real position s lost,
// searching a new state within min(g.budget, limit) states (limit 0:
// g.budget; < 0: look-ups only); it is false where s has more than one
// deal left (its stock longer than a deal).
func (g *sguide) isLost(s *engine.State, limit int64) bool {
	ss := &g.ss
	if len(s.Stock()) > ss.sg.rg.piles {
		return false
	}
	st, ok := ss.sg.alpha(s)
	if !ok {
		return false
	}
	k := ss.sg.key(&st)
	prune, b := g.before(k, ss.seen.contains(k), limit)
	if prune || b == 0 {
		return prune
	}
	ss.budget, ss.stop = ss.nodes+b, NotStopped
	return g.after(k, ss.visit(st, 0), ss.stop)
}

func (g *sguide) states() int64 { return g.ss.nodes }
func (g *sguide) bytes() int64  { return g.ss.seen.bytes() + g.guideSets.bytes() }

func (g *sguide) release() {
	g.ss.seen.free()
	g.guideSets.release()
}
