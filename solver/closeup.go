package solver

import "github.com/klondike-family/klondike/engine"

// Reversible foundation moves played at once (solver version 58). With
// worrying back, a pile's top card c lying on a face-up card d that it
// fits, which its foundation takes, can go up and come straight back
// (worried back onto d): the positions with c on d and with c up are won
// alike. So each free child (a node with nothing pending) has every such
// card moved up, until none is left (closeUp), before its key is made:
// the search and its table see the moved-up position only, and the line
// it returns plays those moves after the move that made the child
// (closeBit, expand).
//
// Proof. Count a line's cost as its moves other than worry-backs (a K+
// stock move is one move); let μ(Z) be the least cost of a line that wins
// from Z, and ν(Z) the least length among such lines.
//
//   - The restrictions keep the cost: each rebuilding of restrict.go and
//     gensafe.go reorders moves, deletes them, or turns a pile-to-pile move
//     of a worried card into a worry-back, and never adds a move. So every
//     free position Z has a winning line of cost μ(Z) and length ν(Z) that
//     the search's moves follow, closing aside.
//   - Moving c up keeps the cost. Let Z' be Z with c up, and τ a line that
//     wins from Z. Build τ' from Z', keeping "Z' is Z with c up rather
//     than on d" (d may move, as the bottom of a group c tops): c to its
//     foundation is dropped, and the lines coincide; a card put on c, c to
//     a cell, or the card under c worried back is, in τ', c worried back
//     onto d (which is bare there, as c is in τ) and then the same move, a
//     use of c as the worry-back restriction asks; c alone to another pile
//     is c worried back there; a group topped by c moved is the group
//     without c (with whole runs moved, still the whole face-up part);
//     nothing can go on d in τ, and every other move is legal and the same.
//     Only worry-backs are added, so μ(Z') ≤ μ(Z).
//   - A search step costs at least 1: the node after a worry-back is
//     restricted (pendingAfter), so the move that reaches a free node is no
//     worry-back.
//   - The table. Suppose the search ends lost from a position that can be
//     won, and take, of the free nodes it stored that can be won (the root,
//     searched as it is, and moved-up positions), one X with (μ, ν) least.
//     Follow from X the first step of a line as above, to a free Y, which
//     the search reaches as the moved-up C(Y) through the same restricted
//     nodes (closing touches free nodes only): μ(C(Y)) ≤ μ(Y) ≤ μ(X) − 1.
//     Each node on the way was searched, found in the table, or
//     (restricted) skipped because the free node of its position P is
//     stored: then P (the root, or a moved-up position) was searched with
//     all its moves and can be won, with μ(P) < μ(X), or μ(P) = μ(X) and
//     ν(P) < ν(X) when every move before it was a worry-back. So C(Y) or P
//     is stored, can be won, and has a (μ, ν) below X's: a contradiction.
//
// The key is the moved-up position's, never the one before: a free
// position with such a card is never stored (but for the root, which is
// searched with all its moves), so the worry-back restriction's
// subsumption (solver.go) never skips a restricted node for a free node
// that was only moved up. The rules: those of worryPendApplies,
// one deck, foundations from the Ace without wrapping, a waste.
func closeUpsApply(r *engine.Rules) bool {
	return worryPendApplies(r) && r.Decks == 1 && !r.Wrap && !r.BaseDealt &&
		r.StockTo == engine.StockToWaste && r.Reserves == 0
}

// closeBit marks a move of a line after which closeUp played moves.
const closeBit = sMove(1) << 44

// closeUp moves up every pile top of s that lies on a face-up card it fits
// and that its foundation takes, until none is left, and tells whether it
// moved any; the moves are appended to *rec unless rec is nil.
func closeUp(s *engine.State, rec *[]engine.Move) bool {
	g := s.Game()
	played := false
	for again := true; again; {
		again = false
		for i := 0; i < g.Piles(); i++ {
			p := s.Pile(i)
			n := len(p)
			if n-s.Down(i) < 2 {
				continue
			}
			c := p[n-1]
			if !g.Fits(c, p[n-2]) || !s.CanFound(c) {
				continue
			}
			m := engine.NewMove(engine.LocPile0+engine.Loc(i), engine.LocFound0+engine.Loc(c.Suit()), 1)
			s.Apply(m)
			if rec != nil {
				*rec = append(*rec, m)
			}
			played, again = true, true
		}
	}
	return played
}
