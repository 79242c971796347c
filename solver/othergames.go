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

// otherGame returns the abstraction that bounds s's rules and is searched
// (the link game, linkgame.go) with its root state, or nil when none is.
//
// The link game is searched only where it is typed (Yukon): the free link
// game (Alaska) knows too little of where the placed cards lie; it proves
// lost almost no deal that the real search does not, and spends the
// nodes the real search needs.
func otherGame(s *engine.State) (*lgame, lstate) {
	if relaxApplies(&s.Game().Rules) {
		return nil, lstate{}
	}
	lg, root, ok := newLgame(s)
	if !ok || !lg.typed {
		return nil, lstate{}
	}
	return lg, root
}

// otherProof searches lg from root within budget states (0: no limit;
// < 0: none, the search only set up) and mem bytes (0: no limit). It
// returns Lost when the abstraction cannot be won (then the position
// cannot be won), else Won (the abstraction is won: this proves nothing)
// or Unknown (ls.stop says why), and the search, whose lost marks the
// guide of the real search keeps (linkguide.go).
func otherProof(ctx context.Context, lg *lgame, root lstate, budget int64, deadline time.Time, mem int64) (v Verdict, ls *lsearch) {
	ls = newLsearch(lg, mem, absCount{budget: budget, deadline: deadline, ctx: ctx})
	if budget < 0 {
		return Unknown, ls
	}
	return ls.search(root), ls
}

// otherProofs is Solve's hook: where another abstraction than the relaxed
// game of relax.go bounds the rules (otherGame: lg, not nil), it searches
// lg from root within share states (0: no limit; < 0: none) and mem
// bytes, counting its states in *spent and *abstract and its set in
// *peak. done tells whether its result is the answer: a proved loss, or a
// budget spent (time, cancelled, or the nodes). When it is not, ls is the
// search, whose lost marks guide the real search.
func otherProofs(ctx context.Context, lg *lgame, root lstate, opt Options, start, deadline time.Time, share, mem int64, spent, peak, abstract *int64) (r Result, done bool, ls *lsearch) {
	v, ls := otherProof(ctx, lg, root, share, deadline, mem)
	if r, done := rootProofResult(opt, start, v, ls.nodes, ls.stop, ls.seen, spent, peak, abstract); done {
		return r, true, nil
	}
	return Result{}, false, ls
}

// rootProofResult counts an abstraction's search from the root (its
// verdict v, its states, why it stopped, its set of lost marks) in Solve's
// totals (*spent, *peak, *abstract: see otherProofs) and tells whether its
// result is the answer: a proved loss, or a budget spent (time, cancelled,
// or the nodes); then the set is freed.
func rootProofResult(opt Options, start time.Time, v Verdict, nodes int64, stop Stop, seen *keyset, spent, peak, abstract *int64) (Result, bool) {
	*spent += nodes
	*abstract += nodes
	*peak = max(*peak, seen.bytes())
	st := Stats{Nodes: *spent, Stored: nodes, TableSize: *peak, Elapsed: time.Since(start), Stop: stop, RelaxedNodes: *abstract}
	switch {
	case v == Lost:
		st.Stop = NotStopped
		seen.free()
		return Result{Verdict: Lost, Stats: st}, true
	case stop == StopTime || stop == StopCancelled || (opt.MaxNodes > 0 && *spent >= opt.MaxNodes):
		if st.Stop == NotStopped {
			st.Stop = StopNodes
		}
		seen.free()
		return Result{Verdict: Unknown, Stats: st}, true
	}
	return Result{}, false
}

// resGameFor returns the reserve game (resgame.go) rooted at s and its
// root state, or nil where Solve does not search it: where the relaxed game
// bounds s (the link game's rules, without reserves, never admit it),
// where the rules or the position do not admit it, and where the stock is
// dealt only when no other move is possible.
// There the reserve game, which deals at any time, is much weaker than the
// real search, which proves most deals lost quickly: Agnes Bernauer's
// native deals 0..99 with --stuck-only at 500,000 nodes, 27 unknown with
// it where the real search alone leaves 17 (results/bench.md).
func resGameFor(s *engine.State) (*resGame, qstate) {
	if r := &s.Game().Rules; relaxApplies(r) || r.DealOnlyWhenStuck {
		return nil, qstate{}
	}
	rg, root, ok := newResGame(s)
	if !ok {
		return nil, qstate{}
	}
	return rg, root
}

// resProofs is otherProofs for the reserve game: it searches rg from root
// within share states (0: no limit) and mem bytes; done tells whether its
// result is the answer (a proved loss, or a budget spent), and when it is
// not, rs is the search, whose lost marks guide the real search.
func resProofs(ctx context.Context, rg *resGame, root qstate, opt Options, start, deadline time.Time, share, mem int64, spent, peak, abstract *int64) (r Result, done bool, rs *resSearch) {
	rs = &resSearch{rg: rg, seen: newKeyset(mem), absCount: absCount{budget: share, deadline: deadline, ctx: ctx}}
	v := rs.search(root)
	if r, done := rootProofResult(opt, start, v, rs.nodes, rs.stop, rs.seen, spent, peak, abstract); done {
		return r, true, nil
	}
	return Result{}, false, rs
}

// absCount is the accounting of an abstraction's search (the link game's,
// the reserve game's, the segment game's): the states it visited, the
// budget and the clock it stops at, and why it stopped.
type absCount struct {
	nodes    int64
	budget   int64 // the nodes count at which it stops (0: no limit)
	deadline time.Time
	ctx      context.Context
	stop     Stop
}

// enter counts a new state and tells whether the search may search it;
// when not, stop says why: the budget spent, or (looked at every 1,024
// states) the clock or the context.
func (a *absCount) enter() bool {
	a.nodes++
	if a.budget > 0 && a.nodes >= a.budget {
		a.stop = StopNodes
		return false
	}
	if a.nodes&1023 == 0 {
		if !a.deadline.IsZero() && time.Now().After(a.deadline) {
			a.stop = StopTime
			return false
		}
		if a.ctx != nil && a.ctx.Err() != nil {
			a.stop = StopCancelled
			return false
		}
	}
	return true
}
