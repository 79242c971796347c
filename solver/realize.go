package solver

import (
	"context"

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
	idx := make(map[[2]uint64]int, len(line)+1)
	st := root
	idx[rg.key(&st)] = 0
	for i, m := range line {
		rg.apply(&st, m)
		idx[rg.key(&st)] = i + 1
	}
	*z = realizer{ctx: ctx, rg: rg, line: line, idx: idx, budget: budget,
		seen: make(map[string]struct{}, 1024)}
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
}

// kid is a child of a node of the realizer: the moves to it from the node
// (stock steps, then a move) and its place on the line.
type kid struct {
	moves []engine.Move
	at    int
	st    engine.State
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
	var ahead, level []kid
	add := func(pre []engine.Move, m engine.Move, c *engine.State) {
		j := z.place(c)
		switch {
		case j > at:
			ahead = append(ahead, kid{moves: append(pre[:len(pre):len(pre)], m), at: j, st: *c})
		case j == at:
			level = append(level, kid{moves: append(pre[:len(pre):len(pre)], m), at: j, st: *c})
		}
	}
	var buf [128]engine.Move
	for _, m := range s.Moves(buf[:0]) {
		if m.Kind() != engine.KindMove {
			continue
		}
		c := *s
		c.Apply(m)
		add(nil, m, &c)
	}
	// the talon card the line plays next, brought to the waste's top by
	// stock steps (at most one cycle of the stock)
	if at < len(z.line) && z.line[at].from == rfTalon {
		want := z.line[at].card
		c := *s
		var pre []engine.Move
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
					add(pre, m, &cc)
				}
				break
			}
		}
	}
	for _, group := range [2][]kid{ahead, level} {
		for i := range group {
			k := &group[i]
			n := len(z.path)
			z.path = append(z.path, k.moves...)
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
