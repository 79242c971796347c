package solver

import (
	"context"
	"time"

	"github.com/cespare/xxhash/v2"
	"github.com/klondike-family/klondike/engine"
)

// Verdict is the answer for a deal.
type Verdict uint8

// Verdicts.
const (
	Unknown Verdict = iota // a budget ran out before the search ended
	Won                    // a solution was found
	Lost                   // the search was exhaustive and found none
)

func (v Verdict) String() string { return [...]string{"unknown", "won", "lost"}[v] }

// Options set the search's budgets and pruning.
type Options struct {
	Budget   time.Duration // wall time; 0 is no limit
	MaxNodes int64         // nodes expanded; 0 is no limit
	Mem      int64         // bytes the transposition table may use; 0 is no limit
	// NoPrune turns off the pruning that is not needed for correctness
	// (safe foundation moves and the K+ stock): for differential tests.
	NoPrune bool
	// Workers searches one deal with this many goroutines sharing one
	// table (0 or 1: one). The verdict does not depend on it; node counts
	// and the solution found may.
	Workers int
}

// Stats describe a search.
type Stats struct {
	Nodes     int64         // states expanded
	Stored    int64         // distinct states in the table
	TableSize int64         // bytes the table held at the end (its peak)
	Elapsed   time.Duration // wall time
	Stop      string        // why an unknown verdict stopped: time, nodes, memory, cancelled
}

// Result is a verdict with its solution (for Won) and statistics.
type Result struct {
	Verdict  Verdict
	Solution []engine.Move // atomic moves from the deal to the win
	Stats    Stats
}

// sMove is a search move: an engine move preceded by a number of stock
// steps (each a draw, or a recycle when the stock is empty). Layout:
//
//	bits  0-19  the engine.Move (kind, from, to, n, flip)
//	bits 20-27  stock steps before it (the K+ stock)
//	bits 28-31  ordering score (higher is tried first)
type sMove uint32

func (m sMove) move() engine.Move { return engine.Move(m & (1<<20 - 1)) }
func (m sMove) steps() int        { return int(m >> 20 & 255) }

type search struct {
	opt      Options
	tab      *table
	ctx      context.Context
	deadline time.Time
	nodes    int64
	stop     string
	bufs     [][]sMove
	path     []sMove
	key      []byte
	scratch  []engine.Move
	wscratch []engine.Move
	klon     bool // the game is Klondike-like, so safe foundation moves apply
	draw1    bool
	worry    bool
}

// Solve decides the deal whose start is s.
func Solve(ctx context.Context, s engine.State, opt Options) Result {
	start := time.Now()
	sr := &search{opt: opt, tab: newTable(opt.Mem), ctx: ctx, key: make([]byte, 0, engine.MaxKeyLen)}
	if opt.Budget > 0 {
		sr.deadline = start.Add(opt.Budget)
	}
	r := &s.Game().Rules
	sr.klon = !opt.NoPrune && safeRulesApply(r)
	sr.draw1 = r.Draw == 1
	sr.worry = r.WorryBack
	var res Result
	won := sr.dfs(&s, 0)
	res.Stats = Stats{Nodes: sr.nodes, Stored: int64(sr.tab.count), TableSize: sr.tab.bytes(),
		Elapsed: time.Since(start), Stop: sr.stop}
	switch {
	case won:
		res.Verdict = Won
		res.Solution = expand(s, sr.path)
	case sr.stop != "":
		res.Verdict = Unknown
	default:
		res.Verdict = Lost
	}
	return res
}

// expand turns search moves into atomic engine moves.
func expand(s engine.State, path []sMove) []engine.Move {
	var out []engine.Move
	for _, m := range path {
		for k := 0; k < m.steps(); k++ {
			st := stockStep(&s)
			out = append(out, st)
			s.Apply(st)
		}
		mv := m.move()
		out = append(out, mv)
		s.Apply(mv)
	}
	return out
}

// stockStep is the stock action the K+ stock takes next: a draw while the
// stock has cards, else a recycle.
func stockStep(s *engine.State) engine.Move {
	if len(s.Stock()) > 0 {
		return engine.MoveDraw
	}
	return engine.MoveRecycle
}

func (sr *search) budgetSpent() bool {
	if sr.stop != "" {
		return true
	}
	if sr.opt.MaxNodes > 0 && sr.nodes >= sr.opt.MaxNodes {
		sr.stop = "nodes"
		return true
	}
	if sr.nodes&1023 == 0 {
		if !sr.deadline.IsZero() && time.Now().After(sr.deadline) {
			sr.stop = "time"
			return true
		}
		if sr.ctx != nil && sr.ctx.Err() != nil {
			sr.stop = "cancelled"
			return true
		}
	}
	return false
}

// dfs searches from s (already known to be new) and tells whether it found
// a win; on a win, sr.path holds the moves from the root.
func (sr *search) dfs(s *engine.State, depth int) bool {
	if s.Won() {
		return true
	}
	sr.key = s.AppendKey(sr.key[:0])
	added, ok := sr.tab.insert(sr.key, xxhash.Sum64(sr.key))
	if !ok {
		sr.stop = "memory"
		return false
	}
	if !added {
		return false
	}
	sr.nodes++
	if sr.budgetSpent() {
		return false
	}
	for len(sr.bufs) <= depth {
		sr.bufs = append(sr.bufs, make([]sMove, 0, 128))
	}
	moves := sr.generate(s, sr.bufs[depth][:0])
	sr.bufs[depth] = moves
	var child engine.State
	for _, m := range moves {
		child = *s
		for k := 0; k < m.steps(); k++ {
			child.Apply(stockStep(&child))
		}
		child.Apply(m.move())
		sr.path = append(sr.path[:depth], m)
		if sr.dfs(&child, depth+1) {
			return true
		}
		if sr.stop != "" {
			return false
		}
	}
	return false
}
