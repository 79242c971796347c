package advice

import (
	"context"
	"slices"
	"time"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/solver"
)

// Options are the budgets of the solves.
type Options struct {
	// Solve holds the budgets of each solve: one per position or move
	// searched.
	Solve solver.Options
}

// How a Choice's verdict was reached.
const (
	BySearch   = "search"   // the move's position was solved
	BySolution = "solution" // the move is the first of the position's solution
	ByPosition = "position" // the position is lost, so every move is
	ByWin      = "win"      // the move wins the game at once
)

// Choice is one move of a position with its verdict.
type Choice struct {
	Move    engine.Move
	Verdict solver.Verdict
	// Line is, for a won move, the move and a winning line after it;
	// its length is the length of the win found (not always the
	// shortest). Empty otherwise.
	Line []engine.Move
	By   string      // how the verdict was reached: BySearch, BySolution, ByPosition or ByWin
	Stop solver.Stop // why an unknown search stopped: time, nodes, memory, cancelled
}

// Hint is the verdict of a position and of each of its moves.
type Hint struct {
	Verdict solver.Verdict // the position's own
	Stop    solver.Stop    // why the position's search stopped, when unknown
	// Choices lists every legal move: the won ones first (shorter lines
	// first), then the unknown, then the lost; within each, the order of
	// the engine's move generation.
	Choices []Choice
	Solves  int           // searches made
	Nodes   int64         // states expanded by all of them
	Elapsed time.Duration // wall time
}

// Winning returns the number of won choices.
func (h *Hint) Winning() int {
	n := 0
	for _, c := range h.Choices {
		if c.Verdict == solver.Won {
			n++
		}
	}
	return n
}

// Advise gives the verdict of every legal move of s. It solves s first:
// when s is lost, so is every move; when s is won, the solution's first
// move is won with that solution as its line; every other move's position
// is then solved with the same budgets.
func Advise(ctx context.Context, s engine.State, o Options) Hint {
	return adviseFrom(ctx, s, nil, 0, nil, o)
}

// adviseFrom is Advise with the position's result already known (root),
// or nil to solve it, and the result of move played's position known
// (playedRes), or nil.
func adviseFrom(ctx context.Context, s engine.State, root *solver.Result, played engine.Move, playedRes *solver.Result, o Options) Hint {
	start := time.Now()
	var h Hint
	if root == nil {
		r := solver.Solve(ctx, s, o.Solve)
		h.Solves++
		h.Nodes += r.Stats.Nodes
		root = &r
	}
	h.Verdict, h.Stop = root.Verdict, root.Stats.Stop
	moves := s.Moves(nil)
	var child engine.State
	for _, m := range moves {
		c := Choice{Move: m}
		s.Child(m, &child)
		switch {
		case child.Won():
			c.Verdict, c.Line, c.By = solver.Won, []engine.Move{m}, ByWin
		case root.Verdict == solver.Lost:
			c.Verdict, c.By = solver.Lost, ByPosition
		case root.Verdict == solver.Won && len(root.Solution) > 0 && root.Solution[0] == m:
			c.Verdict, c.Line, c.By = solver.Won, root.Solution, BySolution
		case playedRes != nil && m == played:
			c.Verdict, c.Stop, c.By = playedRes.Verdict, playedRes.Stats.Stop, BySearch
			if c.Verdict == solver.Won {
				c.Line = append([]engine.Move{m}, playedRes.Solution...)
			}
		default:
			r := solver.Solve(ctx, child, o.Solve)
			h.Solves++
			h.Nodes += r.Stats.Nodes
			c.Verdict, c.Stop, c.By = r.Verdict, r.Stats.Stop, BySearch
			if r.Verdict == solver.Won {
				c.Line = append([]engine.Move{m}, r.Solution...)
			}
		}
		h.Choices = append(h.Choices, c)
	}
	// a child won means the position is won, whatever its own search said
	if h.Verdict != solver.Won && h.Winning() > 0 {
		h.Verdict, h.Stop = solver.Won, solver.NotStopped
	}
	rank := func(c Choice) int {
		switch c.Verdict {
		case solver.Won:
			return 0
		case solver.Unknown:
			return 1
		}
		return 2
	}
	slices.SortStableFunc(h.Choices, func(a, b Choice) int {
		if ra, rb := rank(a), rank(b); ra != rb {
			return ra - rb
		}
		if a.Verdict == solver.Won {
			return len(a.Line) - len(b.Line)
		}
		return 0
	})
	h.Elapsed = time.Since(start)
	return h
}
