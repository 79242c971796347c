package solver

import (
	"github.com/klondike-family/klondike/engine"
)

// Ordering scores: higher first.
const (
	scoreFoundation = 12
	scoreFlip       = 11
	scorePile       = 7
	scoreWaste      = 6
	scoreCell       = 3
	scoreWorry      = 2
	scoreStock      = 1
)

func score(m engine.Move) int {
	switch m.Class() {
	case engine.ClassToFoundation:
		return scoreFoundation
	case engine.ClassFromFoundation:
		return scoreWorry
	case engine.ClassCell:
		if m.Flips() {
			return scoreFlip
		}
		return scoreCell
	case engine.ClassDraw, engine.ClassRecycle, engine.ClassDeal:
		return scoreStock
	case engine.ClassWasteToPile:
		return scoreWaste
	}
	if m.Flips() {
		return scoreFlip
	}
	return scorePile
}

func pack(m engine.Move, steps, sc int) sMove {
	if steps > 255 {
		panic("solver: more than 255 stock steps")
	}
	w := steps / 8 // later in the stock, a little later in the order
	if sc -= w; sc < 0 {
		sc = 0
	}
	return sMove(m) | sMove(steps)<<32 | sMove(sc)<<40
}

// atomicTalon tells whether the node at s must play the stock as the
// engine does, a draw or a recycle at a time, rather than as K+ moves: in
// Joker Klondike while the Joker is in the talon (see kplus). Such a node
// keeps its exact waste position in its table key, and no move restriction
// (pend) is made there.
func (sr *search) atomicTalon(s *engine.State) bool {
	return sr.joker && s.JokerInTalon()
}

// generate appends the search's moves for s to dst in the order to try.
// With pruning on: a safe foundation move alone when there is one; the
// stock as K+ moves (every waste card reachable by drawing and recycling,
// played in one move, see kplus); the other engine moves as they are. A
// forced Joker's moves (the only legal moves then) are returned as they
// are; while the Joker is in the talon the stock is played atomically.
func (sr *search) generate(s *engine.State, dst []sMove, pend pendT) []sMove {
	sr.upOK = false
	if pend != 0 && sr.pendGen {
		sr.scratch = sr.pendMoves(s, pend, sr.scratch[:0])
	} else {
		sr.scratch = s.Moves(sr.scratch[:0])
		if pend != 0 {
			sr.scratch = usesOf(s, pend, sr.scratch)
		}
	}
	if sr.opt.NoPrune || (sr.joker && s.JokerForced()) {
		for _, m := range sr.scratch {
			dst = append(dst, pack(m, 0, score(m)))
		}
		return sortMoves(dst)
	}
	if sr.klon || sr.safeUps {
		for _, m := range sr.scratch {
			if m.Class() == engine.ClassToFoundation && (sr.klon && sr.safe(s, m) || sr.safeUps && sr.safeAny(s, m)) {
				return append(dst, pack(m, 0, scoreFoundation))
			}
		}
	}
	atomic := sr.atomicTalon(s)
	kplus := s.Game().Rules.StockTo == engine.StockToWaste && !atomic
	for _, m := range sr.scratch {
		if kplus && (m.From() == engine.LocWaste || m.Kind() == engine.KindDraw || m.Kind() == engine.KindRecycle) {
			continue
		}
		if sr.useless(s, m, atomic) {
			continue
		}
		dst = append(dst, pack(m, 0, score(m)))
	}
	if kplus {
		dst = sr.kplus(s, dst, pend)
	}
	return sortMoves(dst)
}

// sortMoves orders moves by score, highest first, keeping the generation
// order among equals (insertion sort: the lists are short).
func sortMoves(ms []sMove) []sMove {
	for i := 1; i < len(ms); i++ {
		for j := i; j > 0 && ms[j]>>40 > ms[j-1]>>40; j-- {
			ms[j], ms[j-1] = ms[j-1], ms[j]
		}
	}
	return ms
}
