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
// within budget states (0: no limit) and mem bytes (0: no limit). It
// returns Lost when the abstraction cannot be won (then s cannot be won),
// else Won (the abstraction is won: this proves nothing) or Unknown (stop
// says why); ok is false when no abstraction applies.
//
// The link game is searched only where it is typed (Yukon): the free link
// game (Alaska) knows too little of where the placed cards lie; it proves
// lost almost no deal that the real search does not, and spends the
// nodes the real search needs.
func otherProof(ctx context.Context, s *engine.State, budget int64, deadline time.Time, mem int64) (v Verdict, nodes, bytes int64, stop Stop, ok bool) {
	lg, root, ok := newLgame(s)
	if !ok || !lg.typed {
		return Unknown, 0, 0, NotStopped, false
	}
	ls := &lsearch{lg: lg, seen: newKeyset(mem), budget: budget, deadline: deadline, ctx: ctx}
	v = ls.search(root)
	bytes = ls.seen.bytes()
	ls.seen.free()
	return v, ls.nodes, bytes, ls.stop, true
}

// otherProofs is Solve's hook: where the relaxed game of relax.go does
// not apply and another abstraction does, it searches that abstraction
// within the nodes left, counting its states in *spent and *abstract and
// its table in *peak. done tells whether its result is the answer: a
// proved loss, or a budget spent (time, cancelled, or the nodes).
func otherProofs(ctx context.Context, s *engine.State, opt Options, start, deadline time.Time, spent, peak, abstract *int64) (Result, bool) {
	if relaxApplies(&s.Game().Rules) {
		return Result{}, false
	}
	var budget int64
	if opt.MaxNodes > 0 {
		budget = max(opt.MaxNodes-*spent, 1)
	}
	v, nodes, bytes, stop, ok := otherProof(ctx, s, budget, deadline, opt.Mem)
	if !ok {
		return Result{}, false
	}
	*spent += nodes
	*abstract += nodes
	*peak = max(*peak, bytes)
	st := Stats{Nodes: *spent, Stored: nodes, TableSize: *peak, Elapsed: time.Since(start), Stop: stop, RelaxedNodes: *abstract}
	switch {
	case v == Lost:
		st.Stop = NotStopped
		return Result{Verdict: Lost, Stats: st}, true
	case stop == StopTime || stop == StopCancelled || (opt.MaxNodes > 0 && *spent >= opt.MaxNodes):
		if st.Stop == NotStopped {
			st.Stop = StopNodes
		}
		return Result{Verdict: Unknown, Stats: st}, true
	}
	return Result{}, false
}
