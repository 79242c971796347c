package solver

import (
	"math/bits"

	"github.com/klondike-family/klondike/engine"
)

// Sampler is an exact search for the many small solves of a player's
// samples of the hidden cards, in Klondike's own rules (one deck, runs
// built down in alternating colours and moved whole or in part, spaces
// filled by Kings, the stock dealt to a waste, no cells): it searches
// positions that forget how the face-up cards of the piles are arranged.
//
// The twin positions. In a position, call a pile's head the face-up card
// that lies on its face-down cards (on none, for a pile's last card of
// the deal not yet moved): it is the card turned last in that pile, so
// the deal and the count of the pile's cards not yet moved tell it. The
// twin position of a real one is what is left when the arrangement of
// the other face-up cards is forgotten: the foundations, the talon (its
// cards, its waste's place, its recycles), and for each pile the count of
// its cards of the deal not yet moved. The face-up cards of the piles are
// then every card elsewhere, and each that is no head lies on a card of
// the rank above and the other colour (a host), or, a King, in a space.
// Twins are the two cards of one rank and colour.
//
// Theorem. Two real positions with the same twin position are both won
// or both lost.
//
// Proof. Let P and Q have the same twin position. For each move m from P
// to P', we give moves from Q to a Q' with the twin position of P'; by
// symmetry and induction on the moves of a winning line, P is won when Q
// is and conversely (a won position's twin is won). For a card c of rank
// r, its hosts are the two cards of rank r+1 of the other colour, and its
// children the two of rank r-1 of the other colour. Count, in the face-up
// cards of the piles, the hosts of a twin pair {c, c̄} and the non-head
// cards of the pair: each such card lies on a host, and a host holds one
// card at most, so in every real position of the twin position there are
// at least as many hosts as such cards, and a host lies free (nothing on
// it) whenever there are more (the pigeonhole).
//   - m moves a group between piles, turning nothing up: the group's
//     bottom card is no head (a head moved turns up the card under it, or
//     empties its pile: a King alone in a pile moved into a space is the
//     same position), so P' has P's twin position: Q' = Q.
//   - m moves a group headed by a head c onto a host h (or into a space).
//     In Q, c is the head of the same pile (the same cards of the deal
//     are left in it). In P the pair {c, c̄} has fewer non-head cards than
//     hosts (h is free, c is a head), and so has Q: some host of c lies
//     free in Q, and Q moves c's group there. (A King: P and Q have the
//     same count of spaces, the piles with no card of the deal left less
//     the Kings that are no heads.) Both turn up the same card, or, c
//     being the pile's last card of the deal, empty the same pile.
//   - m moves c to its foundation (a head or not). In P nothing lies on
//     c, so the non-head children of c are at most one (two would need c
//     and c̄), and when there is one, d, it lies on c̄. In Q the same
//     cards are face up; if d lies on c, then c̄ is face up (it holds d in
//     P) and free (only d or d̄ could lie on it, and d̄ is a head or not
//     face up), so Q moves d's group onto c̄ (no card turned: the twin
//     position is unchanged) and then c up.
//   - m moves a talon or foundation card c onto a host or into a space:
//     as for a head, a host of c lies free in Q.
//   - m is a stock step, or moves a talon card up: the same in Q.
//
// So the search needs only the twin positions, and their moves: a head's
// group to the piles (one move, wherever it goes), a face-up card up
// when its non-head children can lie on its twin, a talon or foundation
// card to the piles when a host is free for it, and the cards up from the
// talon. A twin position is one word: a solve's table is an exact set of
// words, two positions being one only when their words are equal.
//
// The search is a depth-first search over the twin positions with the
// real search's K+ stock (genkplus.go), its safe foundation moves
// (gensafe.go: a card from a pile, or the waste with one card a draw, that
// the rule lets up goes up alone of all moves) and its sure wins
// (surewin.go), in the order: the heads' moves, the cards up from the
// piles, the talon's cards up, then to the piles, then the foundations'
// cards down. Its verdicts are exact: Won with a line of real moves
// (AppendSolution: each twin move played as the proof plays it) that
// replays to a won position; Lost only when the search ended within the
// node limit; Unknown when the limit stopped it. A Sampler is not safe for
// concurrent use: give each goroutine its own. A warm Sampler's solves
// allocate nothing.
type Sampler struct {
	maxNodes int64
	nodes    int64
	start    engine.State
	game     *engine.Game
	fits     bool
	safe     bool // the safe foundation moves are proven for the rules
	worry    bool // worrying back: cards come down, only Aces and Twos are safe
	draw     int
	passes   int
	sure     bool // draw 1 with unlimited passes: every all-up position is a sure win
	kingMask uint64
	ranks    int
	np       int // piles

	// the deal being solved
	orig     [engine.MaxPiles][24]engine.Card // orig[i][k]: pile i's k-th card from the bottom of those dealt still in place
	origPile [64]int8                         // the pile of each card of orig, -1 for the others
	talon    [32]engine.Card                  // the talon in turning order
	mult     [engine.MaxPiles]uint64          // the mixed radix of the counts in a key
	shift    [4]uint                          // the key's fields: counts, waste, talon, recycles

	tab    twinTable
	frames []twinFrame
	moves  []twinMove
	kp     []kpTop
	path   []twinMove
	buf    []engine.Move
}

// twinPos is a twin position, with what its moves read kept at hand.
type twinPos struct {
	vis   uint64 // the face-up cards of the piles
	heads uint64 // the heads among them
	talon uint32 // the talon cards left, by index in turning order
	found uint16 // foundation f holds bits 4f..4f+3 cards
	waste uint8  // one past the waste's top card's index, 0 when the waste is empty
	rec   uint8  // recycles
	rem   [engine.MaxPiles]uint8
}

// twinMove is a move of the search: steps stock steps, then kind's move
// of card c; prio orders a position's moves.
type twinMove struct {
	c     engine.Card
	kind  uint8
	steps uint8
	prio  uint8
}

// Kinds of twin moves.
const (
	twinHead      = iota // a head's group to a host or a space
	twinUp               // a face-up card of the piles up
	twinTalonPile        // the waste's top (after the steps) to a host or a space
	twinTalonUp          // the waste's top (after the steps) up
	twinDown             // a foundation's top card to a host or a space
)

type twinFrame struct {
	p            twinPos
	lo, hi, next int32
	// kp[kpLo:kpHi] is the position's talon, K+: the waste tops the stock
	// steps reach (a parent's, when the move here left the talon as it
	// was); the frame's own entries start at kpOwn. kpLo is -1 in a frame
	// of one safe move, which makes no list.
	kpLo, kpHi, kpOwn int32
}

// kpTop is a waste top the stock steps reach: talon card k after steps
// steps.
type kpTop struct{ k, steps uint8 }

// SamplerFits tells whether a Sampler can solve positions of game g.
func SamplerFits(g *engine.Game) bool {
	r := &g.Rules
	if !(r.Decks == 1 && !r.Joker && r.Build == engine.BuildAltColour && r.Unit == engine.UnitAnyRun &&
		r.Fill == engine.FillKing && r.Cells == 0 && r.Reserves == 0 && r.StockTo == engine.StockToWaste &&
		!r.BaseDealt && !r.Wrap && r.StockCount() <= 32 && len(r.Deal) <= engine.MaxPiles) {
		return false
	}
	radix := uint64(1)
	for _, d := range r.Deal {
		if d.Up != 1 || d.Down+1 > 23 {
			return false
		}
		radix *= uint64(d.Down + 2)
	}
	n := r.StockCount()
	return 16+bits.Len64(radix-1)+bits.Len(uint(n))+n+bits.Len(uint(max(r.Passes-1, 0))) <= 64
}

// NewSampler returns a sampler that expands at most maxNodes positions a
// solve (at least 1).
func NewSampler(maxNodes int64) *Sampler {
	return &Sampler{maxNodes: max(maxNodes, 1)}
}

// Nodes returns the positions the last solve expanded.
func (z *Sampler) Nodes() int64 { return z.nodes }

// setGame prepares the sampler's rules.
func (z *Sampler) setGame(g *engine.Game) {
	r := &g.Rules
	z.game = g
	z.fits = SamplerFits(g)
	z.safe = safeRulesApply(r)
	z.worry, z.draw, z.passes = r.WorryBack, r.Draw, r.Passes
	z.sure = r.Draw == 1 && r.Passes == 0
	z.ranks = r.Ranks
	z.np = len(r.Deal)
	z.kingMask = 0
	for s := 0; s < 4; s++ {
		z.kingMask |= bit(engine.NewCard(r.Ranks, s))
	}
}

func bit(c engine.Card) uint64 { return 1 << (c & 63) }

// Solve decides s, a position of a game that SamplerFits, within the node
// limit; a position of another game is Unknown, with no node spent.
func (z *Sampler) Solve(s *engine.State) Verdict {
	z.nodes = 0
	z.path = z.path[:0]
	z.start = *s
	if g := s.Game(); g != z.game {
		z.setGame(g)
	}
	if s.Won() {
		return Won
	}
	if !z.fits {
		return Unknown
	}
	root := z.load(s)
	if z.sureWin(&root) {
		return Won
	}
	z.tab.reset(z.maxNodes + 1)
	z.tab.insert(z.key(&root))
	z.frames = z.frames[:0]
	z.moves = z.moves[:0]
	z.kp = z.kp[:0]
	z.push(&root)
	for len(z.frames) > 0 {
		f := &z.frames[len(z.frames)-1]
		if f.next == f.hi {
			z.moves = z.moves[:f.lo]
			z.kp = z.kp[:f.kpOwn]
			z.frames = z.frames[:len(z.frames)-1]
			continue
		}
		m := z.moves[f.next]
		f.next++
		child := f.p
		z.apply(&child, m)
		if z.won(&child) || z.sureWin(&child) {
			for i := range z.frames {
				z.path = append(z.path, z.moves[z.frames[i].next-1])
			}
			return Won
		}
		if !z.tab.insert(z.key(&child)) {
			continue
		}
		if z.nodes >= z.maxNodes {
			return Unknown
		}
		z.push(&child)
	}
	return Lost
}

// load makes the twin position of s and the deal's tables: each pile's
// cards of the deal still in place are its face-down cards and its head
// (its lowest face-up card when it has face-down cards, or its only card
// of the deal when it has none and that card is no King: a King at the
// bottom of a pile is taken as one put into a space, the same position).
func (z *Sampler) load(s *engine.State) twinPos {
	var p twinPos
	for c := range z.origPile {
		z.origPile[c] = -1
	}
	radix := uint64(1)
	for i := 0; i < z.np; i++ {
		pile, down := s.Pile(i), s.Down(i)
		n := 0
		if len(pile) > 0 && (down > 0 || pile[0].Rank() != z.ranks) {
			n = down + 1
		}
		copy(z.orig[i][:], pile[:n])
		for _, c := range pile[:n] {
			z.origPile[c&63] = int8(i)
		}
		p.rem[i] = uint8(n)
		for _, c := range pile[down:] {
			p.vis |= bit(c)
		}
		if n > 0 {
			p.heads |= bit(pile[n-1])
		}
		z.mult[i] = radix
		radix *= uint64(z.game.Rules.Deal[i].Down + 2)
	}
	n := s.Talon()
	for k := 0; k < n; k++ {
		z.talon[k] = s.TalonCard(k)
	}
	p.talon = uint32(uint64(1)<<n - 1)
	p.waste = uint8(s.WastePos())
	p.rec = uint8(s.Recycles())
	for f := 0; f < 4; f++ {
		p.found |= uint16(s.Foundation(f)) << (4 * f)
	}
	z.shift[0] = 16
	z.shift[1] = z.shift[0] + uint(bits.Len64(radix-1))
	z.shift[2] = z.shift[1] + uint(bits.Len(uint(n)))
	z.shift[3] = z.shift[2] + uint(n)
	return p
}

// key returns p's word: the foundations, the counts (mixed radix), the
// waste's place, the talon, the recycles when the passes are limited.
func (z *Sampler) key(p *twinPos) uint64 {
	var counts uint64
	for i := 0; i < z.np; i++ {
		counts += uint64(p.rem[i]) * z.mult[i]
	}
	k := uint64(p.found) | counts<<z.shift[0] | uint64(p.waste)<<z.shift[1] | uint64(p.talon)<<z.shift[2]
	if z.passes > 0 {
		k |= uint64(p.rec) << z.shift[3]
	}
	return k
}

func (z *Sampler) won(p *twinPos) bool { return int(p.found) == z.ranks*0x1111 }

// sureWin is surewin.go's theorem: no face-down card (every pile has at
// most its head of the deal left), and at most one talon card or one
// card a draw with unlimited passes.
func (z *Sampler) sureWin(p *twinPos) bool {
	for i := 0; i < z.np; i++ {
		if p.rem[i] > 1 {
			return false
		}
	}
	return bits.OnesCount32(p.talon) <= 1 || z.sure
}

// Card sets of the pair arguments: twins(c) is c and its twin; hosts(c)
// the two cards of the rank above in the other colour; kids(c) the two
// of the rank below in the other colour.
func twins(c engine.Card) uint64 { return bit(c) | bit(c^3) }
func hosts(c engine.Card) uint64 {
	r := c &^ 3
	if c.Red() {
		return bit(r+4) | bit(r+7)
	}
	return bit(r+5) | bit(r+6)
}
func kids(c engine.Card) uint64 {
	r := c &^ 3
	if c.Red() {
		return bit(r-4) | bit(r-1)
	}
	return bit(r-3) | bit(r-2)
}

// spaces returns the empty piles: those with no card of the deal left,
// less the Kings that are no heads.
func (z *Sampler) spaces(p *twinPos) int {
	n := 0
	for i := 0; i < z.np; i++ {
		if p.rem[i] == 0 {
			n++
		}
	}
	return n - bits.OnesCount64(p.vis&^p.heads&z.kingMask)
}

// room tells whether card c, no head and not on the piles, may join them:
// a space for a King, else a host free (more hosts face up than non-head
// cards of c's pair).
func (z *Sampler) room(p *twinPos, c engine.Card) bool {
	if c.Rank() == z.ranks {
		return z.spaces(p) > 0
	}
	return bits.OnesCount64(p.vis&^p.heads&twins(c)) < bits.OnesCount64(p.vis&hosts(c))
}

// canLeave tells whether face-up card c of the piles may go up: its
// non-head children can all lie on its twin.
func (z *Sampler) canLeave(p *twinPos, c engine.Card) bool {
	if c.Rank() == 1 {
		return true
	}
	return bits.OnesCount64(p.vis&^p.heads&kids(c)) <= bits.OnesCount64(p.vis&bit(c^3))
}

// next returns the cards the foundations take next.
func (z *Sampler) next(p *twinPos) uint64 {
	var m uint64
	for f := 0; f < 4; f++ {
		if h := int(p.found>>(4*f)) & 15; h < z.ranks {
			m |= bit(engine.NewCard(h+1, f))
		}
	}
	return m
}

// safeUp is gensafe.go's rule (safeCard) on p's foundations.
func (z *Sampler) safeUp(p *twinPos, c engine.Card) bool {
	a, b := otherColour(c)
	return safeCard(c, z.worry, int(p.found>>(4*a))&15, int(p.found>>(4*b))&15)
}

// The order of a position's moves, lowest first.
const (
	twinPrioHead = iota
	twinPrioUp
	twinPrioTalonUp // before the talon's cards to the piles: 489 deals won of 1,000 at 1,000 nodes against 440 (bench.md)
	twinPrioTalonPile
	twinPrioDown
)

// push expands p: its moves, ordered, become a new frame.
func (z *Sampler) push(p *twinPos) {
	z.nodes++
	lo := int32(len(z.moves))
	kpOwn := int32(len(z.kp))
	alone := func(m twinMove) {
		z.moves = append(z.moves[:lo], m)
		z.kp = z.kp[:kpOwn]
		z.frames = append(z.frames, twinFrame{p: *p, lo: lo, hi: lo + 1, next: lo, kpLo: -1, kpHi: -1, kpOwn: kpOwn}) // no talon list made
	}
	next := z.next(p)
	// cards up from the piles
	for up := p.vis & next; up != 0; up &= up - 1 {
		c := engine.Card(bits.TrailingZeros64(up))
		if !z.canLeave(p, c) {
			continue
		}
		if z.safe && z.safeUp(p, c) {
			alone(twinMove{c: c, kind: twinUp})
			return
		}
		z.moves = append(z.moves, twinMove{c: c, kind: twinUp, prio: twinPrioUp})
	}
	// the heads' groups
	sp := -1
	for i := 0; i < z.np; i++ {
		n := p.rem[i]
		if n == 0 {
			continue
		}
		c := z.orig[i][n-1]
		if c.Rank() == z.ranks {
			if sp < 0 {
				sp = z.spaces(p)
			}
			if n < 2 || sp == 0 {
				continue
			}
		} else if bits.OnesCount64(p.vis&^p.heads&twins(c)) >= bits.OnesCount64(p.vis&hosts(c)) {
			continue
		}
		z.moves = append(z.moves, twinMove{c: c, kind: twinHead, prio: twinPrioHead})
	}
	// the talon, K+: every waste top the stock steps reach, at its first
	// reach (genkplus.go's soundness argument); the parent's when the
	// talon is as it was there
	kpLo, kpHi := kpOwn, kpOwn
	if n := len(z.frames); n > 0 && z.frames[n-1].kpLo >= 0 && z.frames[n-1].p.talon == p.talon && z.frames[n-1].p.waste == p.waste && z.frames[n-1].p.rec == p.rec {
		kpLo, kpHi = z.frames[n-1].kpLo, z.frames[n-1].kpHi
	} else {
		q := *p
		var seen uint64
		for steps := 0; ; steps++ {
			w := q.waste
			if seen>>w&1 != 0 {
				break
			}
			seen |= 1 << w
			if k := engine.TalonTop(q.talon, q.waste); k >= 0 {
				z.kp = append(z.kp, kpTop{k: uint8(k), steps: uint8(steps)})
			}
			if !z.stockStep(&q) {
				break
			}
		}
		kpHi = int32(len(z.kp))
	}
	for _, t := range z.kp[kpLo:kpHi] {
		c := z.talon[t.k]
		if next&bit(c) != 0 {
			if t.steps == 0 && z.safe && z.draw == 1 && z.safeUp(p, c) {
				alone(twinMove{c: c, kind: twinTalonUp})
				return
			}
			z.moves = append(z.moves, twinMove{c: c, kind: twinTalonUp, steps: t.steps, prio: twinPrioTalonUp})
		}
		if z.room(p, c) {
			z.moves = append(z.moves, twinMove{c: c, kind: twinTalonPile, steps: t.steps, prio: twinPrioTalonPile})
		}
	}
	if z.worry {
		for f := 0; f < 4; f++ {
			if h := int(p.found>>(4*f)) & 15; h > 0 {
				if c := engine.NewCard(h, f); z.room(p, c) {
					z.moves = append(z.moves, twinMove{c: c, kind: twinDown, prio: twinPrioDown})
				}
			}
		}
	}
	mv := z.moves[lo:]
	for i := 1; i < len(mv); i++ {
		for j := i; j > 0 && mv[j].prio < mv[j-1].prio; j-- {
			mv[j], mv[j-1] = mv[j-1], mv[j]
		}
	}
	z.frames = append(z.frames, twinFrame{p: *p, lo: lo, hi: int32(len(z.moves)), next: lo, kpLo: kpLo, kpHi: kpHi, kpOwn: kpOwn})
}

// stockStep plays the stock's next step on p's talon as the engine does
// (a draw, else a recycle when the passes allow) and tells whether there
// was one.
func (z *Sampler) stockStep(p *twinPos) bool {
	if p.talon>>p.waste != 0 {
		p.waste = engine.TalonDraw(p.talon, p.waste, z.draw)
		return true
	}
	if engine.TalonTop(p.talon, p.waste) >= 0 && (z.passes == 0 || int(p.rec) < z.passes-1) {
		p.waste = 0
		p.rec++
		return true
	}
	return false
}

// apply plays m on p.
func (z *Sampler) apply(p *twinPos, m twinMove) {
	for k := uint8(0); k < m.steps; k++ {
		z.stockStep(p)
	}
	c := m.c
	switch m.kind {
	case twinHead:
		z.turn(p, int(z.origPile[c&63]))
	case twinUp:
		if p.heads&bit(c) != 0 {
			z.turn(p, int(z.origPile[c&63]))
		}
		p.vis &^= bit(c)
		p.found += 1 << (4 * (c & 3))
	case twinTalonPile, twinTalonUp:
		p.talon, p.waste = engine.TalonTake(p.talon, engine.TalonTop(p.talon, p.waste))
		if m.kind == twinTalonUp {
			p.found += 1 << (4 * (c & 3))
		} else {
			p.vis |= bit(c)
		}
	case twinDown:
		p.found -= 1 << (4 * (c & 3))
		p.vis |= bit(c)
	}
}

// turn takes pile i's head from the heads (it has left, or lies on a host
// now) and turns up the card under it, the pile's new head; a King turned
// with no card of the deal under it is taken as a King in a space.
func (z *Sampler) turn(p *twinPos, i int) {
	n := p.rem[i]
	p.heads &^= bit(z.orig[i][n-1])
	n--
	if n > 0 {
		c := z.orig[i][n-1]
		p.vis |= bit(c)
		if n == 1 && c.Rank() == z.ranks {
			n = 0
		} else {
			p.heads |= bit(c)
		}
	}
	p.rem[i] = n
}

// AppendSolution appends the winning line of the last solve, if it was
// won, as atomic engine moves from the position solved: each twin move
// played as the theorem's proof plays it (a group moved aside first when
// a card going up is covered, the host that lies free chosen). The line
// replays with engine.State.Apply to a won position.
func (z *Sampler) AppendSolution(dst []engine.Move) []engine.Move {
	s := z.start
	for _, m := range z.path {
		for k := uint8(0); k < m.steps; k++ {
			st := stockStep(&s)
			dst = append(dst, st)
			s.Apply(st)
		}
		var ok bool
		dst, ok = z.realize(&s, m, dst)
		if !ok {
			return dst // the replay shows where: a line that does not win
		}
	}
	return finishSureWin(&s, dst)
}

// realize appends the real moves of twin move m from s and plays them.
func (z *Sampler) realize(s *engine.State, m twinMove, dst []engine.Move) ([]engine.Move, bool) {
	c := m.c
	g := s.Game()
	found := engine.LocFound0 + engine.Loc(c&3)
	switch m.kind {
	case twinTalonUp:
		return z.play(s, engine.LocWaste, found, 1, dst)
	case twinTalonPile:
		return z.play(s, engine.LocWaste, z.hostPile(s, c), 1, dst)
	case twinDown:
		return z.play(s, found, z.hostPile(s, c), 1, dst)
	}
	// c is on a pile: find it
	for i := 0; i < g.Piles(); i++ {
		pile := s.Pile(i)
		for k := s.Down(i); k < len(pile); k++ {
			if pile[k] != c {
				continue
			}
			from := engine.LocPile0 + engine.Loc(i)
			if m.kind == twinHead {
				return z.play(s, from, z.hostPile(s, c), len(pile)-k, dst)
			}
			if k < len(pile)-1 {
				// its child's group onto c's twin, which lies free
				to := noLoc
				for j := 0; j < g.Piles(); j++ {
					if p := s.Pile(j); len(p) > 0 && p[len(p)-1] == c^3 {
						to = engine.LocPile0 + engine.Loc(j)
					}
				}
				var ok bool
				if dst, ok = z.play(s, from, to, len(pile)-1-k, dst); !ok {
					return dst, false
				}
			}
			return z.play(s, from, found, 1, dst)
		}
	}
	return dst, false
}

// hostPile returns a pile card c may be put on: a space for a King, else
// a pile whose top is a host of c.
func (z *Sampler) hostPile(s *engine.State, c engine.Card) engine.Loc {
	for j := 0; j < s.Game().Piles(); j++ {
		p := s.Pile(j)
		if len(p) == 0 && c.Rank() == z.ranks || len(p) > 0 && hosts(c)&bit(p[len(p)-1]) != 0 {
			return engine.LocPile0 + engine.Loc(j)
		}
	}
	return noLoc
}

// play plays the legal move of n cards from from to to, as Moves gives it,
// and appends it; ok is false when there is none.
func (z *Sampler) play(s *engine.State, from, to engine.Loc, n int, dst []engine.Move) ([]engine.Move, bool) {
	z.buf = s.Moves(z.buf[:0])
	for _, m := range z.buf {
		if m.Kind() == engine.KindMove && m.From() == from && m.To() == to && m.N() == n {
			s.Apply(m)
			return append(dst, m), true
		}
	}
	return dst, false
}

// twinTable is an exact set of twin positions' words: open addressing
// with linear probing, each word stored whole and compared whole. A stamp
// marks the slots of the current solve, so that a reset clears nothing
// but when the stamps wrap. It starts at the size a solve's node limit
// asks for, at most twinTableStart slots, and doubles past half full, so
// that a large limit costs memory only as it is used.
type twinTable struct {
	keys  []uint64
	stamp []uint32
	now   uint32
	mask  uint64
	count int
}

// twinTableStart is the most slots a table starts with.
const twinTableStart = 1 << 16

// reset empties the set for a solve that inserts at most n words.
func (t *twinTable) reset(n int64) {
	if t.keys == nil {
		size := min(1<<bits.Len64(uint64(2*n+16)), twinTableStart)
		t.keys, t.stamp = make([]uint64, size), make([]uint32, size)
	}
	t.mask = uint64(len(t.keys)) - 1
	t.count = 0
	t.now++
	if t.now == 0 {
		clear(t.stamp)
		t.now = 1
	}
}

// insert adds k and tells whether it was new.
func (t *twinTable) insert(k uint64) bool {
	if 2*(t.count+1) > len(t.keys) {
		t.grow()
	}
	for i := twinHash(k) & t.mask; ; i = (i + 1) & t.mask {
		if t.stamp[i] != t.now {
			t.stamp[i] = t.now
			t.keys[i] = k
			t.count++
			return true
		}
		if t.keys[i] == k {
			return false
		}
	}
}

func twinHash(k uint64) uint64 {
	h := k * 0x9e3779b97f4a7c15
	return h ^ h>>32
}

// grow doubles the table, keeping the current solve's words.
func (t *twinTable) grow() {
	keys, stamp, now := t.keys, t.stamp, t.now
	t.keys, t.stamp = make([]uint64, 2*len(keys)), make([]uint32, 2*len(keys))
	t.mask = uint64(len(t.keys)) - 1
	t.now = 1
	for i, k := range keys {
		if stamp[i] != now {
			continue
		}
		j := twinHash(k) & t.mask
		for t.stamp[j] == t.now {
			j = (j + 1) & t.mask
		}
		t.stamp[j], t.keys[j] = t.now, k
	}
}

// noLoc is no location: no move has it.
const noLoc = engine.Loc(255)
