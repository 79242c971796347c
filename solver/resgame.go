package solver

import (
	"math/bits"

	"github.com/klondike-family/klondike/engine"
)

// The reserve game: a proof of loss for the games whose stock is dealt
// onto reserves (Agnes Bernauer), in the spirit of the relaxed game of
// relax.go, which it extends to ranks that wrap, a base dealt, cards of
// one rank filling spaces, and reserves.
//
// Fix a root position R in which the face-up part of every pile is a
// built run (each face-up card fits on the one under it). A pile's
// structure is its face-down cards with, on top of them, its lowest
// face-up card (the surface); a structure of one fill card (a card that
// may go to an empty pile) on the table counts as no structure, that card
// being placed. The rules must be "typed": the set of cards a card fits on
// (its hosts) is, for any two cards, the same or disjoint; a host group is
// one such set, and its kids are the cards whose hosts it is. A position P
// along a line of play from R is mapped by α to:
//
//   - the foundations' heights;
//   - for each pile, how many cards of its structure in R are left (its
//     structure in P is a prefix of its structure in R: a face-down card
//     is never covered by a new one, the card on it is the one that lay
//     there in R, and a non-fill card that leaves the table does not come
//     back to it);
//   - the set of cards in the reserves, and the deals made.
//
// Every other card is placed: face up in a pile, lying on a card it fits
// on or, a fill card, on the table. (Cards move onto piles only onto a
// card they fit on, or a fill card onto an empty pile; a structure card
// turned up is a surface; a reserve card or a stock card is never covered
// by a pile card.) So α forgets where the placed cards lie. From α one
// knows the placed set, and the present cards (surfaces and placed cards,
// the face-up cards of the piles: every other pile card is covered by a
// structure card). Bounds, for a host group H with kids K:
//
//   - uncovered(H) <= present(H) - nonfill(K) - max(0, fill(K) - E0),
//     where nonfill(K) and fill(K) count the placed kids that may not and
//     may fill a space, and E0 the piles with no structure: a card has at
//     most one card on it, each placed non-fill kid lies on a card of H,
//     and at most E0 placed cards lie on the table (one a pile);
//   - empty piles <= E0 - Σ_H max(0, fill(K) - max(0, present(H) -
//     nonfill(K))): a pile with no structure is empty unless a placed fill
//     card lies on its table, and the fill kids of H that do not lie on a
//     card of H (which holds at most present(H) - nonfill(K) of them) lie
//     on the table, as does every placed fill card that fits on no card
//     (subtracted too).
//
// The moves of the reserve game, from a state A ("fits" below: X's host
// group has a bound of at least 1, or X is a fill card and the empty
// piles' bound is at least 1; "up" below: the next card of its foundation,
// and where a host group contains it, that group's bound is at least 1):
//
//   - a placed card or a surface goes up (a surface leaves its structure,
//     and the card under it, if any, becomes the surface);
//   - a reserve's top card goes up, or onto the piles if it fits (it is
//     placed);
//   - a surface X goes onto the piles if it fits: X is placed, and the card
//     under it, if any, becomes the surface (a reveal);
//   - a deal, while the stock lasts (whether or not the rules allow one
//     only when no other move is possible): the reserves gain its cards.
//
// A structure left with one fill card is normalised as above.
//
// Theorem (completeness). If R can be won, so can α(R) in the reserve game.
//
// Proof. Take a winning line σ from R and map each move m, from Q to
// m(Q), to the reserve game. The bounds above hold in every position, as
// shown, and the face-up part of every pile stays a built run (moves put
// cards only on cards they fit on, or fill cards on the table; a card
// turned up is alone face up).
//
//   - m moves a group whose bottom card is placed: no foundation,
//     structure, reserve or the stock changes, and the same cards stay
//     placed, so α(m(Q)) = α(Q) and m is dropped;
//   - m moves a group whose bottom card X is a surface, onto a card Y or
//     an empty pile: Y is uncovered in Q, a card of X's host group, so
//     that group's bound is at least 1; or X is a fill card and Q has an
//     empty pile, so the empty piles' bound is at least 1: the reveal of
//     X leads from α(Q) to α(m(Q)) (the card under X, if any, is turned
//     up and is the surface, normalised as α does);
//   - m moves a card c to a foundation from a pile: c is the top of its
//     pile, so uncovered; if a host group holds c, its bound is at least
//     1; c is a placed card or a surface, and α(m(Q)) follows;
//   - m moves a reserve's top card to a foundation, or onto a card it fits
//     on or an empty pile: as above, and the card is placed;
//   - m deals: the deal.
//
// Each mapped move is a move of the reserve game from α(Q) to α(m(Q)), and
// the mapped line ends with every card up: a win from α(R). ∎
//
// Every move raises a foundation, shortens a structure or a reserve, or
// deals, so the game is acyclic, and its search keeps an exact set of the
// states it searched in full and found lost (keyset: the whole state is
// the key).
//
// Safe moves. A card c that may go up, every card that fits on c being up
// already, goes up alone: the search tries no other move of that state.
// Proof: let A' be A after c goes up, and take a line that wins from A.
// Drop from it the moves of c (its going up, and before that its reveal
// or its leaving a reserve for the piles, if any); the rest is a line from
// A'. Compare a state Q of the old line with the state Q' the new one
// reaches there: they differ only in that c is up in Q' (and, if c is a
// surface in Q, that the card under it is the surface in Q', normalised
// if it is a fill card alone on the table, with one more pile without
// structure if c lay on the table). Every bound of Q' is at least Q's: the
// host group H that holds c loses c from its present cards, but H's bound
// serves only its kids, all up, and the cards of H going up, one of which,
// present, keeps it at 1 or more (no kid of H is placed); c's own group
// has one placed kid fewer; the card under c adds a present card; one more
// pile without structure raises every bound; a normalised fill card adds a
// placed fill kid and a pile without structure together, which leaves its
// group's bound as it was and lowers no other. A reserve's top in Q is its
// top in Q' too or c is gone from above it, and the foundations are as
// high. So every kept move is a move from Q', and the new line wins from
// A'. ∎

// resGame is the reserve game rooted at one position.
type resGame struct {
	piles, reserves int
	ranks           int
	total           int      // the cards
	hasHost         uint64   // the cards that fit on some card
	resOf           [64]int8 // the reserve whose sequence holds a card (-1: none)
	all             uint64
	fillers         uint64
	hostGroup       [64]int8 // a card's host group (-1: it fits on no card)
	inGroup         [64]int8 // the group that holds the card as a host (-1: none)
	hosts           []uint64 // per group: its host cards
	kids            []uint64 // per group: the cards that fit on its hosts
	stc             [engine.MaxPiles][]engine.Card
	stMask          [engine.MaxPiles][]uint64 // stMask[i][n]: the first n cards of pile i's structure
	stBits          [engine.MaxPiles]uint     // where pile i's count starts in the key's first word
	seq             [engine.MaxReserves][]engine.Card
	next            [4][16]engine.Card // next[f][h]: foundation f's card at height h (h cards up)
	upTo            [4][16]uint64      // upTo[f][h]: foundation f's first h cards
	deals           []uint64           // deals[d]: the cards of the d-th deal from the root
	later           []uint64           // later[d]: the stock's cards after d deals
	stockLen        []int              // stockLen[d]: the stock's size after d deals
}

// qstate is a state of the reserve game.
type qstate struct {
	found [4]uint8
	st    [engine.MaxPiles]uint8
	deals uint8
	res   uint64 // the cards in the reserves
}

// resApplies tells whether the reserve game bounds the rules: one deck
// without a Joker, no cells, no worrying back, the stock dealt onto the
// reserves (or none), groups that move are built runs.
func resApplies(r *engine.Rules) bool {
	return r.Decks == 1 && !r.Joker && r.Cells == 0 && !r.WorryBack && r.Reserves > 0 &&
		(r.StockTo == engine.StockToReserves || r.StockCount() == 0) &&
		(r.Unit == engine.UnitAnyRun || r.Unit == engine.UnitWholeRun)
}

// newResGame sets up the reserve game rooted at s, or tells that it does
// not apply (the rules, a face-up part that is not a built run, host
// groups that are not disjoint or more than 32, or a state too large for
// its key).
func newResGame(s *engine.State) (*resGame, qstate, bool) {
	g := s.Game()
	r := &g.Rules
	if !resApplies(r) || g.Piles() > engine.MaxPiles || r.Ranks > 15 || len(s.Waste()) > 0 {
		return nil, qstate{}, false
	}
	rg := &resGame{}
	if !rg.initCards(s) {
		return nil, qstate{}, false
	}
	var st qstate
	for f := 0; f < 4; f++ {
		st.found[f] = uint8(s.Foundation(f))
	}
	at := uint(16 + 4) // the foundations' heights, then the deals
	for i := 0; i < rg.piles; i++ {
		p, down := s.Pile(i), s.Down(i)
		for j := down + 1; j < len(p); j++ {
			if !g.Fits(p[j], p[j-1]) {
				return nil, qstate{}, false
			}
		}
		n := min(down+1, len(p))
		rg.stc[i] = append([]engine.Card(nil), p[:n]...)
		rg.stMask[i] = make([]uint64, n+1)
		for j, c := range rg.stc[i] {
			rg.stMask[i][j+1] = rg.stMask[i][j] | cbit(c)
		}
		st.st[i] = uint8(n)
		rg.normalize(&st, i)
		rg.stBits[i] = at
		at += uint(bits.Len(uint(n)))
	}
	if at > 64 {
		return nil, qstate{}, false
	}
	for j := 0; j < rg.reserves; j++ {
		rg.seq[j] = append([]engine.Card(nil), s.Reserve(j)...)
		for _, c := range s.Reserve(j) {
			st.res |= cbit(c)
		}
	}
	stock := s.Stock()
	rg.later = append(rg.later, 0)
	for _, c := range stock {
		rg.later[0] |= cbit(c)
	}
	rg.stockLen = append(rg.stockLen, len(stock))
	for len(stock) > 0 {
		var d uint64
		for j := 0; j < rg.reserves && len(stock) > 0; j++ {
			rg.seq[j] = append(rg.seq[j], stock[0])
			d |= cbit(stock[0])
			stock = stock[1:]
		}
		rg.deals = append(rg.deals, d)
		rg.later = append(rg.later, rg.later[len(rg.later)-1]&^d)
		rg.stockLen = append(rg.stockLen, len(stock))
	}
	if len(rg.deals) > 15 {
		return nil, qstate{}, false
	}
	for j := 0; j < rg.reserves; j++ {
		for _, c := range rg.seq[j] {
			rg.resOf[c] = int8(j)
		}
	}
	return rg, st, true
}

// initCards sets what the reserve game knows of the game of s, whatever
// the root: its cards, their host groups and the foundations' sequences.
// It is false where the rules are not typed or have more host groups than
// a view holds.
func (rg *resGame) initCards(s *engine.State) bool {
	g := s.Game()
	r := &g.Rules
	rg.piles, rg.reserves, rg.ranks = g.Piles(), r.Reserves, r.Ranks
	for c := engine.Card(0); c < 64; c++ {
		rg.hostGroup[c], rg.inGroup[c], rg.resOf[c] = -1, -1, -1
		if c.Valid() && !c.IsJoker() && c.Rank() <= r.Ranks {
			rg.all |= cbit(c)
			rg.total++
			if s.CanFill(c) {
				rg.fillers |= cbit(c)
			}
		}
	}
	for c := engine.Card(0); c < 64; c++ {
		if rg.all&cbit(c) == 0 {
			continue
		}
		var h uint64
		for t := engine.Card(0); t < 64; t++ {
			if rg.all&cbit(t) != 0 && g.Fits(c, t) {
				h |= cbit(t)
			}
		}
		if h == 0 {
			continue
		}
		k := -1
		for j, hs := range rg.hosts {
			switch {
			case hs == h:
				k = j
			case hs&h != 0:
				return false // not typed
			}
		}
		if k < 0 {
			k = len(rg.hosts)
			rg.hosts = append(rg.hosts, h)
			rg.kids = append(rg.kids, 0)
		}
		rg.hostGroup[c] = int8(k)
		rg.kids[k] |= cbit(c)
		rg.hasHost |= cbit(c)
	}
	if len(rg.hosts) > len(qview{}.unc) {
		return false // more host groups than a view holds
	}
	for k, h := range rg.hosts {
		for m := h; m != 0; m &= m - 1 {
			rg.inGroup[bits.TrailingZeros64(m)] = int8(k)
		}
	}
	base := s.Base()
	for f := 0; f < 4; f++ {
		for h := 0; h < r.Ranks; h++ {
			c := engine.NewCard((base-1+h)%r.Ranks+1, f)
			rg.next[f][h] = c
			rg.upTo[f][h+1] = rg.upTo[f][h] | cbit(c)
		}
	}
	return true
}

// normalize counts a structure of one fill card as none (the card placed).
func (rg *resGame) normalize(st *qstate, i int) {
	if st.st[i] == 1 && rg.fillers&cbit(rg.stc[i][0]) != 0 {
		st.st[i] = 0
	}
}

// alpha returns α(s) for a position s reached from the root, and false
// where s does not fit the root's structures (not reached from it).
func (rg *resGame) alpha(s *engine.State) (qstate, bool) {
	var st qstate
	for f := 0; f < 4; f++ {
		st.found[f] = uint8(s.Foundation(f))
	}
	for i := 0; i < rg.piles; i++ {
		p, down := s.Pile(i), s.Down(i)
		switch {
		case len(p) == 0:
		case down > 0 || len(rg.stc[i]) > 0 && p[0] == rg.stc[i][0]:
			if down >= len(rg.stc[i]) || p[down] != rg.stc[i][down] {
				return st, false
			}
			st.st[i] = uint8(down + 1)
			rg.normalize(&st, i)
		}
	}
	for j := 0; j < rg.reserves; j++ {
		for _, c := range s.Reserve(j) {
			st.res |= cbit(c)
		}
	}
	n := len(s.Stock())
	for d, l := range rg.stockLen {
		if l == n {
			st.deals = uint8(d)
			return st, true
		}
	}
	return st, false
}

// key is st's key in the search's set: the whole state.
func (rg *resGame) key(st *qstate) [2]uint64 {
	w := uint64(st.found[0]) | uint64(st.found[1])<<4 | uint64(st.found[2])<<8 | uint64(st.found[3])<<12 | uint64(st.deals)<<16
	for i := 0; i < rg.piles; i++ {
		w |= uint64(st.st[i]) << rg.stBits[i]
	}
	return [2]uint64{w, keyMark | st.res}
}

// qview is what a state shows: the placed cards, the surfaces, the host
// groups' bounds and the empty piles' bound.
type qview struct {
	placed, surf uint64
	unc          [32]int8
	empty        int
}

func (rg *resGame) view(st *qstate, v *qview) {
	var gone, strc uint64
	for f := 0; f < 4; f++ {
		gone |= rg.upTo[f][st.found[f]]
	}
	e0 := 0
	v.surf = 0
	for i := 0; i < rg.piles; i++ {
		n := st.st[i]
		if n == 0 {
			e0++
			continue
		}
		strc |= rg.stMask[i][n]
		v.surf |= cbit(rg.stc[i][n-1])
	}
	v.placed = rg.all &^ (gone | strc | st.res | rg.later[st.deals])
	rg.bounds(v, v.placed|v.surf, e0)
}

// bounds sets v's bounds on each host group's uncovered cards and on the
// empty piles (above), from its placed cards, the present cards and e0,
// the piles with no structure. The segment game's view reads them too.
func (rg *resGame) bounds(v *qview, present uint64, e0 int) {
	v.empty = e0
	for k, h := range rg.hosts {
		pr := bits.OnesCount64(present & h)
		kp := v.placed & rg.kids[k]
		fill := bits.OnesCount64(kp & rg.fillers)
		nonfill := bits.OnesCount64(kp) - fill
		v.unc[k] = int8(pr - nonfill - max(0, fill-e0))
		v.empty -= max(0, fill-max(0, pr-nonfill))
	}
	// fill cards that fit on no card lie on the table
	v.empty -= bits.OnesCount64(v.placed & rg.fillers &^ rg.hasHost)
}

// fits tells whether c may go onto the piles in the view v.
func (rg *resGame) fits(c engine.Card, v *qview) bool {
	if k := rg.hostGroup[c]; k >= 0 && v.unc[k] >= 1 {
		return true
	}
	return rg.fillers&cbit(c) != 0 && v.empty >= 1
}

// uncovered tells whether c, face up in the piles, may be uncovered.
func (rg *resGame) uncovered(c engine.Card, v *qview) bool {
	k := rg.inGroup[c]
	return k < 0 || v.unc[k] >= 1
}

// qmove is a move of the reserve game: kind and where.
type qmove struct {
	kind uint8 // qmUp, qmReveal, qmReserve, qmDeal
	at   uint8 // the foundation (qmUp), pile (qmReveal) or reserve (qmReserve)
}

const (
	qmUp = iota
	qmReveal
	qmReserve
	qmDeal
)

// top returns reserve j's top card in st, or NoCard.
func (rg *resGame) top(st *qstate, j int) engine.Card {
	q := rg.seq[j]
	for k := len(q) - 1; k >= 0; k-- {
		if st.res&cbit(q[k]) != 0 {
			return q[k]
		}
	}
	return engine.NoCard
}

// moves appends st's moves to dst in the order given (search's
// restarts): cards up first (a safe one alone), then in order 0 reserve
// cards onto the piles, surfaces onto the piles and the deal; in order 1
// the deal first; in order 2 surfaces before reserve cards.
func (rg *resGame) moves(st *qstate, v *qview, order int, dst []qmove) []qmove {
	first := len(dst)
	for f := 0; f < 4; f++ {
		h := int(st.found[f])
		if h >= rg.ranks {
			continue
		}
		c, before := rg.next[f][h], len(dst)
		switch {
		case st.res&cbit(c) != 0:
			if rg.top(st, int(rg.resOf[c])) == c {
				dst = append(dst, qmove{qmUp, uint8(f)})
			}
		case (v.placed|v.surf)&cbit(c) != 0:
			if rg.uncovered(c, v) {
				dst = append(dst, qmove{qmUp, uint8(f)})
			}
		}
		if len(dst) > before && rg.safeUp(&st.found, c) {
			return append(dst[:first], dst[len(dst)-1]) // safe: the only move
		}
	}
	canDeal := int(st.deals) < len(rg.deals)
	if order == 1 && canDeal {
		dst = append(dst, qmove{qmDeal, 0})
	}
	if order != 2 {
		dst = rg.reserveMoves(st, v, dst)
	}
	for i := 0; i < rg.piles; i++ {
		// (a fill card alone on the table is no structure: normalize)
		if n := st.st[i]; n > 0 && rg.fits(rg.stc[i][n-1], v) {
			dst = append(dst, qmove{qmReveal, uint8(i)})
		}
	}
	if order == 2 {
		dst = rg.reserveMoves(st, v, dst)
	}
	if order != 1 && canDeal {
		dst = append(dst, qmove{qmDeal, 0})
	}
	return dst
}

// reserveMoves appends the moves of the reserves' top cards onto the piles.
func (rg *resGame) reserveMoves(st *qstate, v *qview, dst []qmove) []qmove {
	for j := 0; j < rg.reserves; j++ {
		if c := rg.top(st, j); c != engine.NoCard && rg.fits(c, v) {
			dst = append(dst, qmove{qmReserve, uint8(j)})
		}
	}
	return dst
}

// apply plays m in st.
func (rg *resGame) apply(st *qstate, m qmove) {
	switch m.kind {
	case qmUp:
		c := rg.next[m.at][st.found[m.at]]
		st.found[m.at]++
		if st.res&cbit(c) != 0 {
			st.res &^= cbit(c)
			return
		}
		for i := 0; i < rg.piles; i++ {
			if n := st.st[i]; n > 0 && rg.stc[i][n-1] == c {
				st.st[i]--
				rg.normalize(st, i)
				return
			}
		}
	case qmReveal:
		st.st[m.at]--
		rg.normalize(st, int(m.at))
	case qmReserve:
		st.res &^= cbit(rg.top(st, int(m.at)))
	case qmDeal:
		st.res |= rg.deals[st.deals]
		st.deals++
	}
}

func (rg *resGame) won(st *qstate) bool {
	n := 0
	for f := 0; f < 4; f++ {
		n += int(st.found[f])
	}
	return n == rg.total
}

// resSearch searches the reserve game; seen holds the states searched in
// full and lost.
type resSearch struct {
	rg   *resGame
	seen *keyset
	absCount
	bufs  [][]qmove
	kids  [][]qkid
	order int // the order of its moves (moves)
}

// qkid is a child of a node, made before the node's first child is
// searched: its state, whether it is won, and else its key and probe
// (keyset.fetch).
type qkid struct {
	st  qstate
	won bool
	k   [2]uint64
	p   probe
}

// search decides the reserve game from st: Lost (proved: the position
// cannot be won), Won (proves nothing) or Unknown (rs.stop says why).
//
// A win, which proves nothing, is looked for by restarts: rounds of
// growing budgets (resRestartFirst states, doubled every resOrders
// rounds), each in the next of the move orders, until one wins, one
// ends (searched in full: lost), or the budget is spent. The lost marks
// stay from round to round (a state searched in full and lost is lost
// whatever the order), so a lost deal costs little more than one search;
// the time to a win varies much with the order (results/bench.md).
func (rs *resSearch) search(st qstate) Verdict {
	limit := rs.budget // 0: no limit
	for r := 0; ; r++ {
		rs.order = r % resOrders
		rs.stop = NotStopped
		rs.budget = rs.nodes + resRestartFirst<<min(r/resOrders, resDoublings)
		last := r/resOrders >= resDoublings || limit > 0 && rs.budget >= limit
		if last {
			rs.budget = limit // the last round: all that is left
		}
		won := rs.visit(st, 0)
		switch {
		case won:
			return Won
		case rs.stop == NotStopped:
			return Lost
		case rs.stop != StopNodes || last:
			return Unknown
		}
	}
}

// The reserve game's restarts (search): the first round's budget, the
// move orders, and the doublings after which the last round takes all that
// is left.
const (
	resRestartFirst = 1024
	resOrders       = 3
	resDoublings    = 40
)

func (rs *resSearch) visit(st qstate, depth int) bool {
	if rs.rg.won(&st) {
		return true
	}
	k := rs.rg.key(&st)
	return rs.visitKey(&st, k, rs.seen.fetch(k), depth)
}

// visitKey is visit of st, not won, whose key is k and k's probe p. A
// node makes its children, with their keys, and fetches their slots
// before it searches the first: a child's look-up then finds its cache
// line come, where a large set would miss the cache at each. The
// children are searched in the moves' order, so the search is the same,
// node for node, as one that makes each child when it reaches it.
func (rs *resSearch) visitKey(st *qstate, k [2]uint64, p probe, depth int) bool {
	rg := rs.rg
	if rs.seen.containsAt(k, p) {
		return false
	}
	if !rs.enter() {
		return false
	}
	for len(rs.bufs) <= depth {
		rs.bufs = append(rs.bufs, make([]qmove, 0, 32))
		rs.kids = append(rs.kids, make([]qkid, 0, 32))
	}
	var v qview
	rg.view(st, &v)
	moves := rg.moves(st, &v, rs.order, rs.bufs[depth][:0])
	rs.bufs[depth] = moves
	kids := rs.kids[depth][:0]
	for _, m := range moves {
		kd := qkid{st: *st}
		rg.apply(&kd.st, m)
		if kd.won = rg.won(&kd.st); !kd.won {
			kd.k = rg.key(&kd.st)
			kd.p = rs.seen.fetch(kd.k)
		}
		kids = append(kids, kd)
	}
	rs.kids[depth] = kids
	for i := range kids {
		kd := &rs.kids[depth][i]
		if kd.won || rs.visitKey(&kd.st, kd.k, kd.p, depth+1) {
			return true
		}
		if rs.stop != NotStopped {
			return false
		}
	}
	if _, ok := rs.seen.insert(k); !ok {
		rs.stop = StopMemory
	}
	return false
}

// The reserve game as the guide of the real search: every node of the
// real search is checked against the reserve game rooted at the deal, as
// the link game's guide checks Yukon's (lguide.isLost). α of a node is read
// from the node alone (alpha), which is α along any line from the root to
// it: the structures, reserves, foundations and deals are the position's.
// So a node whose α is a lost state of the reserve game is lost (the
// theorem above, from the node's α), and the search skips it. The lost
// marks of the root's search and of every guide search are shared: they
// are states of the same game.

// qguide is the reserve game's guide of one real search (one worker).
type qguide struct {
	rs *resSearch // its seen set: the states searched in full and lost
	guideSets
}

// newQguide returns the guide of the real search from the root of rs's
// game, keeping rs's lost marks; its own two sets take at most mem/8 each
// (mem 0: no limit).
func newQguide(rs *resSearch, mem, budget int64) *qguide {
	return &qguide{rs: rs, guideSets: newGuideSets(mem, budget)}
}

// isLost tells whether the reserve game proves the real position s lost,
// searching a new state within min(g.budget, limit) states (limit 0:
// g.budget; < 0: look-ups only).
func (g *qguide) isLost(s *engine.State, limit int64) bool {
	rs := g.rs
	st, ok := rs.rg.alpha(s)
	if !ok {
		return false
	}
	k := rs.rg.key(&st)
	prune, b := g.before(k, rs.seen.contains(k), limit)
	if prune || b == 0 {
		return prune
	}
	rs.budget, rs.stop = rs.nodes+b, NotStopped
	return g.after(k, rs.visit(st, 0), rs.stop)
}

func (g *qguide) states() int64 { return g.rs.nodes }
func (g *qguide) bytes() int64  { return g.rs.seen.bytes() + g.guideSets.bytes() }

func (g *qguide) release() {
	g.rs.seen.free()
	g.guideSets.release()
}

// safeUp tells whether c going up is safe: every card that fits on c is up
// already ("Safe moves" above).
func (rg *resGame) safeUp(found *[4]uint8, c engine.Card) bool {
	k := rg.inGroup[c]
	if k < 0 {
		return true
	}
	var gone uint64
	for f := 0; f < 4; f++ {
		gone |= rg.upTo[f][found[f]]
	}
	return rg.kids[k]&^gone == 0
}
