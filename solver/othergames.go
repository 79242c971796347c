package solver

import (
	"context"
	"time"

	"github.com/klondike-family/klondike/engine"
)

// The other games' proofs of loss: for the rules the relaxed game of
// relax.go does not bound, the abstraction that fits the game, searched
// from the root after the quick real search and the beam searches, before
// the full search (Solve's hook). Each one's theorem is in its file:
// linkgame.go (no stock, any face-up group moves; searched where typed).

// otherProof searches the abstraction that bounds s's rules, if one does,
// within budget states (0: no limit; < 0: none, the search only set up)
// and mem bytes (0: no limit). It
// returns Lost when the abstraction cannot be won (then s cannot be won),
// else Won (the abstraction is won: this proves nothing) or Unknown (stop
// says why), and the search, whose lost marks the guide of the real
// search keeps (linkguide.go); ok is false when no abstraction applies.
//
// The link game is searched only where it is typed (Yukon): the free link
// game (Alaska) knows too little of where the placed cards lie; it proves
// lost almost no deal that the real search does not, and spends the
// nodes the real search needs.
func otherProof(ctx context.Context, s *engine.State, budget int64, deadline time.Time, mem int64) (v Verdict, ls *lsearch, ok bool) {
	lg, root, ok := newLgame(s)
	if !ok || !lg.typed {
		return Unknown, nil, false
	}
	ls = &lsearch{lg: lg, seen: newKeyset(mem), budget: budget, deadline: deadline, ctx: ctx}
	if budget < 0 {
		return Unknown, ls, true
	}
	return ls.search(root), ls, true
}

// linkGuided tells whether the real search of s is guided by the link
// game (linkguide.go): where otherProof searches it.
func linkGuided(s *engine.State) bool {
	r := &s.Game().Rules
	if relaxApplies(r) || !linkApplies(r) {
		return false
	}
	lg, _, ok := newLgame(s)
	return ok && lg.typed
}

// otherProofs is Solve's hook: where the relaxed game of relax.go does
// not apply and another abstraction does, it searches that abstraction
// within share states (0: no limit; < 0: none) and mem bytes, counting its states in
// *spent and *abstract and its set in *peak. done tells whether its
// result is the answer: a proved loss, or a budget spent (time,
// cancelled, or the nodes). When it is not, ls is the search, whose lost
// marks guide the real search (nil: no abstraction applies).
func otherProofs(ctx context.Context, s *engine.State, opt Options, start, deadline time.Time, share, mem int64, spent, peak, abstract *int64) (r Result, done bool, ls *lsearch) {
	if relaxApplies(&s.Game().Rules) {
		return Result{}, false, nil
	}
	v, ls, ok := otherProof(ctx, s, share, deadline, mem)
	if !ok {
		return Result{}, false, nil
	}
	*spent += ls.nodes
	*abstract += ls.nodes
	*peak = max(*peak, ls.seen.bytes())
	st := Stats{Nodes: *spent, Stored: ls.nodes, TableSize: *peak, Elapsed: time.Since(start), Stop: ls.stop, RelaxedNodes: *abstract}
	switch {
	case v == Lost:
		st.Stop = NotStopped
		ls.seen.free()
		return Result{Verdict: Lost, Stats: st}, true, nil
	case ls.stop == StopTime || ls.stop == StopCancelled || (opt.MaxNodes > 0 && *spent >= opt.MaxNodes):
		if st.Stop == NotStopped {
			st.Stop = StopNodes
		}
		ls.seen.free()
		return Result{Verdict: Unknown, Stats: st}, true, nil
	}
	return Result{}, false, ls
}
