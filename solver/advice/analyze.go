package advice

import (
	"context"
	"time"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/solver"
)

// Position is the verdict of one position of a game that was played.
type Position struct {
	Verdict solver.Verdict
	// Searched tells that the position was solved; otherwise its
	// verdict follows from a later won position (won) or an earlier lost
	// one (lost), or it was not searched (unknown).
	Searched bool
	Stop     solver.Stop // why its search stopped, when searched and unknown
	Nodes    int64       // states its search expanded
}

// Analysis is the verdict of every position of a game and the move that
// lost it.
type Analysis struct {
	// Positions[k] is the position after k moves: Positions[0] the start,
	// Positions[len(moves)] the end.
	Positions []Position
	// Decisive is the move (counted from 1) after which the game was lost
	// though it was won before it, or 0 when there is none: the game was
	// won, is still winnable, was lost from the start, or the budgets
	// left the boundary open (then WonUntil and LostFrom bound it).
	Decisive int
	// WonUntil is the last position known won (-1 when none is) and
	// LostFrom the first known lost (len(moves)+1 when none is).
	WonUntil, LostFrom int
	// Alternatives are the moves of the position before the decisive
	// move, with their verdicts (nil without a decisive move).
	Alternatives *Hint
	Solves       int           // searches made, the alternatives' included
	Nodes        int64         // states expanded by all of them
	Elapsed      time.Duration // wall time
}

// Analyze gives the verdict of every position of the game played from
// start by moves (legal in turn), finds the decisive move by bisection
// (see the package comment) and gives the verdicts of the moves that were
// open before it. It solves the end and the start first, then positions
// between the last known won and the first known lost; a position whose
// search runs out of budget is passed over for the next nearest to the
// middle.
func Analyze(ctx context.Context, start engine.State, moves []engine.Move, o Options) Analysis {
	t0 := time.Now()
	n := len(moves)
	states := make([]engine.State, n+1)
	states[0] = start
	for i, m := range moves {
		states[i+1] = states[i]
		states[i+1].Apply(m)
	}
	a := Analysis{Positions: make([]Position, n+1), WonUntil: -1, LostFrom: n + 1}
	results := make([]*solver.Result, n+1)
	solve := func(k int) solver.Verdict {
		var r solver.Result
		if states[k].Won() {
			r = solver.Result{Verdict: solver.Won}
		} else {
			r = solver.Solve(ctx, states[k], o.Solve)
			a.Solves++
			a.Nodes += r.Stats.Nodes
		}
		results[k] = &r
		a.Positions[k] = Position{Verdict: r.Verdict, Searched: true, Stop: r.Stats.Stop, Nodes: r.Stats.Nodes}
		switch r.Verdict {
		case solver.Won:
			a.WonUntil = max(a.WonUntil, k)
		case solver.Lost:
			a.LostFrom = min(a.LostFrom, k)
		}
		return r.Verdict
	}
	if solve(n) != solver.Won && n > 0 {
		solve(0)
	}
	for a.LostFrom-a.WonUntil > 1 && ctx.Err() == nil {
		// the position not yet searched nearest the middle of the gap
		lo, hi := a.WonUntil+1, a.LostFrom-1
		mid := (a.WonUntil + a.LostFrom) / 2
		k := -1
		for d := 0; k < 0 && (mid-d >= lo || mid+d <= hi); d++ {
			for _, c := range []int{mid - d, mid + d} {
				if c >= lo && c <= hi && results[c] == nil {
					k = c
					break
				}
			}
		}
		if k < 0 {
			break // every position of the gap is unknown within the budget
		}
		solve(k)
	}
	for k := range a.Positions {
		switch {
		case k <= a.WonUntil && !a.Positions[k].Searched:
			a.Positions[k].Verdict = solver.Won
		case k >= a.LostFrom && !a.Positions[k].Searched:
			a.Positions[k].Verdict = solver.Lost
		}
	}
	if a.WonUntil >= 0 && a.LostFrom <= n && a.LostFrom == a.WonUntil+1 {
		a.Decisive = a.LostFrom
		h := adviseFrom(ctx, states[a.WonUntil], results[a.WonUntil], moves[a.WonUntil], results[a.LostFrom], o)
		a.Solves += h.Solves
		a.Nodes += h.Nodes
		a.Alternatives = &h
	}
	a.Elapsed = time.Since(t0)
	return a
}
