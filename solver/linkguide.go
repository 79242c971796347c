package solver

import (
	"github.com/klondike-family/klondike/engine"
)

// The link game as the guide of the real search (Yukon): every node of the
// real search is checked against the link game rooted at the deal, as the
// relaxed game's guide checks Klondike's (rsolver.isLost), and skipped
// when the link game proves it lost.
//
// β of a position read from the position alone. linkgame.go defines β(P)
// along a line of play from the root R: L is the cards that have not moved
// since R. The real search keys its nodes by position, not by line, so the
// guide reads from P alone
//
//	L'(P) = the cards of the piles that lie on their root support, but for
//	        a card y lying on a card u that was face down in R and is face
//	        up in P, and for a fill card on the table,
//
// and β'(P) = (L'(P), P's foundations). A card that moved and came back to
// its root support may be in L'(P) though it is not in L.
//
// Theorem. If P, reached from R, can be won, β'(P) can be won in the link
// game of R.
//
// Proof. The proof of the completeness theorem in linkgame.go reads, of
// the position Q a move is played from and its β(Q), only these facts:
// (a) every card of L lies on its root support; (b) every other card in
// the piles lies on a card it fits on, or, a fill card, on an empty pile;
// (c) a card c is face up exactly when it was face up in R or the card
// that lay on it in R is not in L; then the empty piles and (typed) the
// uncovered cards of each host type that the link game reads are Q's
// (they follow from (a)-(c), as linkgame.go shows). The line from P that
// wins is then mapped as there, with L the cards of L'(P) that have not
// moved since P, which keeps (a)-(c) along it as in linkgame.go once they
// hold at P. At P: (a) by the definition; (b) a card not on its root
// support has moved since R, and lies where its last move put it (only a
// move of the card itself changes what it lies on), which is a card it
// fits on or an empty pile; a card on its root support left out of L'(P)
// lies on a card it fits on or, a fill card, on the table: it was moved
// back there (its root support u is face up in P but was face down in R,
// so the card that lay on u in R left it, and u's one card is y again),
// or it is a fill card on the table. (c) if c is face down in P, it never
// was a top card since R, so the card y that lay on it in R never moved:
// y lies on c, c is face down in R and P, so y is in L'(P), and the link
// game says face down; if c is face up in P and was face down in R, the
// card that lay on it in R is either elsewhere or, lying on c again, left
// out of L'(P): the link game says face up; a card face up in R is face up
// in both. So the mapped line is a win of the link game from β'(P). ∎
//
// So a real node whose β' is a lost state of the link game is lost, and
// the search may skip it: the lost marks of the root's link search
// (linkgame.go marks a node only once searched in full and lost) and of
// every guide search are shared, since they are states of the same game.

// lguide is the link game's guide of one real search (one worker).
type lguide struct {
	ls *lsearch // its seen set: the link nodes searched in full and lost
	guideSets
}

// newLguide returns the guide of the real search from the root of ls's
// link game, keeping ls's lost marks (its set made with at most
// linkMarksMem(mem) bytes); its own two sets take at most mem/8 each (mem
// 0: no limit).
func newLguide(ls *lsearch, mem, budget int64) *lguide {
	return &lguide{ls: ls, guideSets: newGuideSets(mem, budget)}
}

// guideSets is the bookkeeping of an abstraction's guide (lguide, and the
// reserve game's qguide) around its lost marks: the states whose search
// found a win of the abstraction or ran out of budget, and the real nodes
// proved lost.
type guideSets struct {
	won, open *keyset // states whose search found a win, or ran out of budget
	pruned    int64   // real nodes the guide proved lost
	full      bool    // a set ran out of memory: look-ups only from then on
	budget    int64   // the states one real node's search may visit
}

func newGuideSets(mem, budget int64) guideSets {
	return guideSets{won: newKeyset(mem / 8), open: newKeyset(mem / 8), budget: budget}
}

// before looks up the state of key k (marked lost: lost) and tells
// whether the node is proved lost (prune), or else the budget of a new
// search of it (0: none, the state already known or no search allowed),
// within min(g.budget, limit) states (limit 0: g.budget; < 0: no search).
func (g *guideSets) before(k [2]uint64, lost bool, limit int64) (prune bool, budget int64) {
	switch {
	case lost:
		g.pruned++
		return true, 0
	case g.full || limit < 0 || g.won.contains(k) || g.open.contains(k):
		return false, 0
	case limit > 0:
		return false, min(g.budget, limit)
	}
	return false, g.budget
}

// after records the search of the state of key k (won, or stopped by
// stop) and tells whether the node is proved lost.
func (g *guideSets) after(k [2]uint64, won bool, stop Stop) bool {
	ok := true
	switch {
	case won:
		_, ok = g.won.insert(k)
	case stop == NotStopped:
		g.pruned++
		return true
	case stop == StopNodes:
		_, ok = g.open.insert(k)
	case stop == StopMemory:
		ok = false
	}
	// (stopped by the clock or cancelled: the real search sees it too)
	g.full = g.full || !ok
	return false
}

func (g *guideSets) prunedNodes() int64 { return g.pruned }
func (g *guideSets) bytes() int64       { return g.won.bytes() + g.open.bytes() }

func (g *guideSets) release() {
	g.won.free()
	g.open.free()
}

// linkMarksMem is the share of a guide's mem that its lost marks may hold
// (the set of the link search it keeps): 3/4, the rest its two other sets.
func linkMarksMem(mem int64) int64 { return mem / 4 * 3 }

// beta returns β'(s) (see above): s must be a position of the game lg is
// rooted in.
func (lg *lgame) beta(s *engine.State) lstate {
	var st lstate
	g := s.Game()
	for i := 0; i < g.Piles(); i++ {
		p := s.Pile(i)
		down := s.Down(i)
		for j, c := range p {
			if j == 0 {
				if lg.under[c] == 0 && lg.bottoms&cbit(c) != 0 && lg.fillers&cbit(c) == 0 {
					st.L |= cbit(c)
				}
				continue
			}
			u := p[j-1]
			if engine.Card(lg.under[c]) != u {
				continue
			}
			if lg.rootUp&cbit(u) == 0 && j-1 >= down {
				continue // u turned up: c left it and came back
			}
			st.L |= cbit(c)
		}
	}
	for f := 0; f < 4; f++ {
		st.f[f] = uint8(s.Foundation(f))
	}
	return st
}

// isLost tells whether the link game proves the real position s lost:
// β'(s) is looked up among the lost marks, and a new one searched with at
// most min(g.budget, limit) link states (limit 0: g.budget; < 0: no
// search).
func (g *lguide) isLost(s *engine.State, limit int64) bool {
	ls := g.ls
	st := ls.lg.beta(s)
	k := ls.lg.key(&st, 0)
	prune, b := g.before(k, ls.seen.contains(k), limit)
	if prune || b == 0 {
		return prune
	}
	ls.budget, ls.stop = ls.nodes+b, NotStopped
	return g.after(k, ls.visit(st, 0, 0), ls.stop)
}

func (g *lguide) states() int64 { return g.ls.nodes }
func (g *lguide) bytes() int64  { return g.ls.seen.bytes() + g.guideSets.bytes() }

func (g *lguide) release() {
	g.ls.seen.free()
	g.guideSets.release()
}
