package solver

import (
	"context"
	"sync"

	"github.com/klondike-family/klondike/engine"
)

// realize looks for a real winning line that follows a relaxed winning
// line (relaxroot.go): from the deal s, whose relaxed state is root, it
// searches the real game depth first, keeping only the real moves whose
// relaxed image stays on the line: a move whose image is a later state of
// the line (it does that state's relaxed move, or several), or one that
// the relaxed game does not see (a group moved from pile to pile, a stock
// step on the way to the talon card the line plays next). A relaxed win
// proves nothing (relax.go), so the line found is only a candidate: the
// solver replays it under the rules before it says "won", and when no
// line is found within budget real nodes it searches the real game as
// before. So this search needs no proof; it decides no verdict.
//
// It returns the atomic moves of the line, or nil; z.nodes counts the
// real nodes it searched.
func (z *realizer) realize(ctx context.Context, s engine.State, rg *rgame, root rstate, line []rMove, budget int64) []engine.Move {
	b := realizerPool.Get().(*realizerBufs)
	defer z.putBufs()
	idx := b.idx
	st := root
	idx[rg.key(&st)] = 0
	for i, m := range line {
		rg.apply(&st, m)
		idx[rg.key(&st)] = i + 1
	}
	*z = realizer{ctx: ctx, rg: rg, line: line, idx: idx, budget: budget, seen: b.seen, bufs: b}
	start := s
	if !z.dfs(&s, 0, 0) {
		return nil
	}
	// the line is made of legal moves; check that it wins all the same
	for _, m := range z.path {
		start.Apply(m)
	}
	if !start.Won() {
		return nil
	}
	return z.path
}

type realizer struct {
	ctx    context.Context
	rg     *rgame
	line   []rMove
	idx    map[[2]uint64]int // relaxed key -> its place on the line
	budget int64
	nodes  int64
	seen   map[string]struct{}
	key    []byte
	path   []engine.Move
	bufs   *realizerBufs
}

// kid is a child of a node of the realizer: the moves to it from the node
// (stock steps, then a move: its depth's moves[off:off+n]) and its place
// on the line.
type kid struct {
	off, n int32
	at     int
	st     engine.State
}

// realizerBufs is a realizer's maps and per-depth buffers, kept from one
// realization to the next in realizerPool, so that many small solves (a
// player's samples) do not each allocate them again: per depth, the
// children ahead on the line and those level with the node, and their
// moves.
type realizerBufs struct {
	idx   map[[2]uint64]int
	seen  map[string]struct{}
	kids  [][2][]kid
	moves [][]engine.Move
}

var realizerPool = sync.Pool{New: func() any {
	return &realizerBufs{idx: map[[2]uint64]int{}, seen: make(map[string]struct{}, 1024)}
}}

// putBufs empties the realizer's maps and gives its buffers back to the
// pool; the realizer keeps no reference to them. A map that grew large is
// dropped rather than cleared: clearing costs in proportion to the room
// a map has grown to, which every later small realization would pay.
func (z *realizer) putBufs() {
	b := z.bufs
	if len(b.seen) > 1<<14 {
		b.seen = make(map[string]struct{}, 1024)
	} else {
		clear(b.seen)
	}
	if len(b.idx) > 1<<12 {
		b.idx = map[[2]uint64]int{}
	} else {
		clear(b.idx)
	}
	z.idx, z.seen, z.bufs = nil, nil, nil
	realizerPool.Put(b)
}

// add files child c, reached by the moves pre then m from a node at place
// at of depth depth, with the children ahead on the line (kids[depth][0])
// or level with the node (kids[depth][1]); the others are dropped.
func (z *realizer) add(depth, at int, pre []engine.Move, m engine.Move, c *engine.State) {
	j := z.place(c)
	g := 0
	switch {
	case j > at:
	case j == at:
		g = 1
	default:
		return
	}
	b := z.bufs
	off := len(b.moves[depth])
	b.moves[depth] = append(append(b.moves[depth], pre...), m)
	b.kids[depth][g] = append(b.kids[depth][g], kid{off: int32(off), n: int32(len(pre) + 1), at: j, st: *c})
}

// place returns the place on the line of the relaxed image of c, or -1.
func (z *realizer) place(c *engine.State) int {
	a, ok := z.rg.alpha(c)
	if !ok {
		return -1
	}
	j, ok := z.idx[z.rg.key(&a)]
	if !ok {
		return -1
	}
	return j
}

func (z *realizer) dfs(s *engine.State, at, depth int) bool {
	if s.Won() {
		return true
	}
	z.nodes++
	if z.nodes > z.budget || depth > 4096 || (z.nodes&255 == 0 && z.ctx != nil && z.ctx.Err() != nil) {
		return false
	}
	z.key = append(s.AppendKey(z.key[:0]), byte(at), byte(at>>8))
	if _, ok := z.seen[string(z.key)]; ok {
		return false
	}
	z.seen[string(z.key)] = struct{}{}
	b := z.bufs
	for len(b.kids) <= depth {
		b.kids = append(b.kids, [2][]kid{})
		b.moves = append(b.moves, nil)
	}
	b.kids[depth][0], b.kids[depth][1], b.moves[depth] = b.kids[depth][0][:0], b.kids[depth][1][:0], b.moves[depth][:0]
	var buf [128]engine.Move
	for _, m := range s.Moves(buf[:0]) {
		if m.Kind() != engine.KindMove {
			continue
		}
		c := *s
		c.Apply(m)
		z.add(depth, at, nil, m, &c)
	}
	// the talon card the line plays next, brought to the waste's top by
	// stock steps (at most one cycle of the stock)
	if at < len(z.line) && z.line[at].from == rfTalon {
		want := z.line[at].card
		c := *s
		var preBuf [64]engine.Move
		pre := preBuf[:0]
		for k := 0; k <= 2*(s.Talon()+2); k++ {
			if !c.CanStep() {
				break
			}
			st := stockStep(&c)
			c.Apply(st)
			pre = append(pre, st)
			if w := c.Waste(); len(w) > 0 && w[len(w)-1] == want {
				for _, m := range c.WasteMoves(buf[:0]) {
					cc := c
					cc.Apply(m)
					z.add(depth, at, pre, m, &cc)
				}
				break
			}
		}
	}
	for g := range 2 {
		group := b.kids[depth][g] // deeper calls append to their own depth's buffers only
		for i := range group {
			k := &group[i]
			n := len(z.path)
			z.path = append(z.path, b.moves[depth][k.off:k.off+k.n]...)
			if z.dfs(&k.st, k.at, depth+1) {
				return true
			}
			z.path = z.path[:n]
			if z.nodes > z.budget {
				return false
			}
		}
	}
	return false
}
