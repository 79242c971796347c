package engine

// PerftCounts holds the perft counts at one depth. Nodes is the number of
// legal move sequences of that length from the root; ByClass splits Nodes by
// the Class of the sequence's last move (its entries sum to Nodes); Flips
// counts the sequences whose last move turned a face-down card face up
// (Move.Flips).
type PerftCounts struct {
	Nodes   int64
	ByClass [NumClasses]int64
	Flips   int64
}

// DivideEntry is one root move with the number of legal move sequences of
// the divide depth that start with it.
type DivideEntry struct {
	Move  Move
	Nodes int64
}

// Perft counts the legal move sequences from s: result[d-1] holds the
// counts for the sequences of length d, for d = 1..depth. It is nil when
// depth < 1. The last level is counted from the move list without playing
// its moves. Perft allocates one move buffer and one child state per depth
// and nothing per node.
func Perft(s State, depth int) []PerftCounts {
	if depth < 1 {
		return nil
	}
	counts := make([]PerftCounts, depth)
	p := newPerfter(depth)
	p.count(&s, 0, counts)
	return counts
}

// Divide returns, for each move of s in the order Moves lists them, the
// number of legal move sequences of length depth that start with it: the
// split of Perft(s, depth)[depth-1].Nodes by root move, which narrows a
// perft mismatch down to one move. It is nil when depth < 1.
func Divide(s State, depth int) []DivideEntry {
	if depth < 1 {
		return nil
	}
	root := s.Moves(nil)
	out := make([]DivideEntry, len(root))
	if depth == 1 {
		for i, m := range root {
			out[i] = DivideEntry{Move: m, Nodes: 1}
		}
		return out
	}
	counts := make([]PerftCounts, depth-1)
	p := newPerfter(depth - 1)
	var child State
	for i, m := range root {
		clear(counts)
		s.Child(m, &child)
		p.count(&child, 0, counts)
		out[i] = DivideEntry{Move: m, Nodes: counts[depth-2].Nodes}
	}
	return out
}

// perfter holds the per-depth storage of a perft walk: a move buffer and a
// child state for each level, reused across the whole walk.
type perfter struct {
	moves  [][]Move
	states []State
}

// perftMoveCap is the starting room of each depth's move buffer; a buffer
// that runs out grows once and keeps its new room.
const perftMoveCap = 96

func newPerfter(depth int) *perfter {
	return &perfter{moves: perftMoveBufs(depth), states: make([]State, depth)}
}

// perftMoveBufs returns depth empty move buffers of perftMoveCap room
// each, cut from one array.
func perftMoveBufs(depth int) [][]Move {
	backing := make([]Move, depth*perftMoveCap)
	moves := make([][]Move, depth)
	for d := range moves {
		moves[d] = backing[d*perftMoveCap : d*perftMoveCap : (d+1)*perftMoveCap]
	}
	return moves
}

// count adds the sequences of s's moves at level d and below.
func (p *perfter) count(s *State, d int, counts []PerftCounts) {
	ms := s.Moves(p.moves[d][:0])
	p.moves[d] = ms
	counts[d].tally(ms)
	if d+1 == len(counts) {
		return
	}
	child := &p.states[d]
	for _, m := range ms {
		s.Child(m, child)
		p.count(child, d+1, counts)
	}
}

// tally counts the moves ms of one level: each, its class and whether it
// turns a card.
func (c *PerftCounts) tally(ms []Move) {
	c.Nodes += int64(len(ms))
	for _, m := range ms {
		c.ByClass[m.Class()]++
		c.Flips += int64(m >> 19 & 1)
	}
}

// PerftPacked is Perft on a packed position: the same counts as Perft of
// p.State(), by the packed engine.
func PerftPacked(p Packed, depth int) []PerftCounts {
	if depth < 1 {
		return nil
	}
	counts := make([]PerftCounts, depth)
	pp := &packedPerfter{moves: perftMoveBufs(depth), states: make([]Packed, depth)}
	pp.count(&p, 0, counts)
	return counts
}

// packedPerfter is perfter for packed positions.
type packedPerfter struct {
	moves  [][]Move
	states []Packed
}

func (pp *packedPerfter) count(p *Packed, d int, counts []PerftCounts) {
	ms := p.Moves(pp.moves[d][:0])
	pp.moves[d] = ms
	counts[d].tally(ms)
	if d+1 == len(counts) {
		return
	}
	child := &pp.states[d]
	for _, m := range ms {
		p.Child(m, child)
		pp.count(child, d+1, counts)
	}
}

// DividePacked is Divide on a packed position: the same entries as Divide
// of p.State(), by the packed engine.
func DividePacked(p Packed, depth int) []DivideEntry {
	if depth < 1 {
		return nil
	}
	root := p.Moves(nil)
	out := make([]DivideEntry, len(root))
	var child Packed
	for i, m := range root {
		p.Child(m, &child)
		n := int64(1)
		if depth > 1 {
			n = PerftPacked(child, depth-1)[depth-2].Nodes
		}
		out[i] = DivideEntry{Move: m, Nodes: n}
	}
	return out
}
