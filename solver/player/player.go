// Package player plays games the way a person does: without seeing the
// face-down cards or the stock. A Player is given only an engine.View (the
// position with every hidden card masked) and the legal moves; the game's
// true state stays with the referee (engine.Table), so a player cannot
// read a hidden card. What the View hides is the game's information model
// (engine.Memory, Options.Memory): a person's (face-down cards and the
// unturned stock hidden) or the published players' (the stock known).
//
// Players: random (uniform over the legal moves), greedy (a fixed priority
// of move kinds), human (rules of thumb from the seeds' tips and common
// advice), planner (hindsight optimisation: it samples the hidden cards
// and asks the thoughtful solver which move wins most samples) and expert
// (the same estimate, made only where a move cannot be taken back, over
// lines of moves, with many small solves shared by the lines and spent by
// successive halving on the contenders).
//
// Every player plays under the same referee rules, which end every game
// without telling the player anything he could not see:
//
//   - Progress is a card turned face up, a card leaving the talon, or more
//     cards on the foundations than ever before in the game.
//   - Between two stock actions (draw, recycle, deal) or progress, a move
//     that leads back to a position already played is not offered: no
//     shuffling cards to and fro.
//   - A recycle is offered only if it leads to a position no earlier
//     recycle led to, and not after MaxIdlePasses passes in a row without
//     progress: rule text 001's "the game is lost when no move is possible or
//     the only move is to recycle the stock", read as "when the only way on
//     is to go through the stock once more with nothing changed"; a
//     rearranged tableau is something changed, up to a limit that a
//     patient person would reach too.
//
// The game ends, lost, when no move is offered. Each progress measure only
// grows and is bounded and there are finitely many positions, so every game
// ends; a cap on the number of moves (reported as such) bounds the work.
package player

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/klondike-family/klondike/engine"
)

// Player chooses moves seeing only what a person sees.
type Player interface {
	// Choose returns the index in moves of the move to play. moves is
	// not empty; every move in it is legal and leads to a position not
	// played before.
	Choose(v *engine.View, moves []engine.Move) int
}

// Config holds the players' options.
type Config struct {
	// Samples and Nodes are the planner's and the expert's: the number of
	// samples of the hidden cards solved for each decision (the planner)
	// or the solves a decision spends (the expert), and the solver's node
	// budget for each solve.
	Samples int
	Nodes   int64
	// Workers is the number of goroutines the expert solves the samples
	// of one decision with (0 or 1: one). It does not change the game.
	Workers int
}

// DefaultConfig is the options' defaults (the planner's).
var DefaultConfig = Config{Samples: 4, Nodes: 1000}

// DefaultExpertConfig is the expert's defaults: 400 solves a decision
// (more when a decision has many lines: each is solved on at least 24
// samples a round) of at most 5,000 nodes each, by solver.Solve. Player
// version 3's were 200 solves of 500 nodes by solver.Small; on Klondike
// draw 3 with worrying back and the stock known, native deals 0..199, it
// won 74 (results/bench.md, "The expert beside lonelybot's own
// hidden-information player"), and more solves of such undecided samples
// bought little (version 2: 100 solves 31.5 %, 200 36.5 %, 400 37.0 %).
var DefaultExpertConfig = Config{Samples: 400, Nodes: 5000}

// Defaults returns the named player's default options: the expert's own,
// DefaultConfig for the rest.
func Defaults(name string) Config {
	if name == "expert" {
		return DefaultExpertConfig
	}
	return DefaultConfig
}

// Factory makes a player for one game; seed makes its random choices
// repeatable (the same game, seed and player play the same moves).
type Factory func(seed uint64) Player

// Names lists the players.
func Names() []string { return []string{"random", "greedy", "human", "planner", "expert"} }

// New returns the factory of the named player.
func New(name string, c Config) (Factory, error) {
	switch name {
	case "random":
		return func(seed uint64) Player { return newRandom(seed) }, nil
	case "greedy":
		return func(uint64) Player { return greedy{} }, nil
	case "human":
		return func(uint64) Player { return human{} }, nil
	case "planner", "expert":
		if c.Samples < 1 {
			return nil, fmt.Errorf("%s: %d samples; at least 1", name, c.Samples)
		}
		if c.Nodes < 1 {
			return nil, fmt.Errorf("%s: %d nodes; at least 1", name, c.Nodes)
		}
		if c.Workers < 0 {
			return nil, fmt.Errorf("%s: %d workers; at least 0", name, c.Workers)
		}
		if name == "expert" {
			return func(seed uint64) Player { return newExpert(seed, c) }, nil
		}
		return func(seed uint64) Player { return newPlanner(seed, c) }, nil
	}
	return nil, fmt.Errorf("unknown player %q; players: %s", name, strings.Join(Names(), ", "))
}

// Options set how a game is played.
type Options struct {
	Memory   engine.Memory // which turned talon cards the player remembers
	MaxMoves int           // a safety cap on the moves of one game; 0 is DefaultMaxMoves
	Line     bool          // keep the moves played in Result.Line
	// Explain, when set, is called after each choice of a player that
	// explains its choices (the expert) with the number of moves played
	// before it and how the move was chosen.
	Explain func(ply int, d Decision)
}

// explainer is a player that tells how it made its last choice.
type explainer interface {
	lastDecision() Decision
}

// MaxIdlePasses is the number of whole passes through the stock in a row
// without progress after which no recycle is offered. On Klondike draw 3,
// 2000 deals, greedy wins 9.6 % with 2, 11.3 % with 10 or more; human 10.3 %
// with 2, 12.1 % with 10, 12.8 % with 20, 13.4 % without a limit (which
// lets a few two-deck games run past 20,000 moves).
const MaxIdlePasses = 20

// DefaultMaxMoves caps a game's length. The referee's no-repeat rule ends
// every game by itself; the cap only bounds the work of a wandering random
// player, and a game that reaches it is reported as such (End "limit").
const DefaultMaxMoves = 20000

// Result is how one game went.
type Result struct {
	Won   bool
	Cards int    // cards on the foundations at the end
	Moves int    // moves played
	End   string // "won", "stuck" (no move to a new position), "limit", "cancelled"
	Line  []engine.Move
}

// Play plays the game from s (usually a fresh deal) with player p.
func Play(ctx context.Context, s engine.State, p Player, o Options) Result {
	limit := o.MaxMoves
	if limit <= 0 {
		limit = DefaultMaxMoves
	}
	tab := engine.NewTable(s, o.Memory)
	b := books.Get().(*bookkeeping)
	defer books.Put(b)
	played, recycled, v := &b.played, &b.recycled, &b.view
	recycled.reset()
	fresh := func() {
		played.reset()
		st := tab.Reveal()
		played.add(tab.PositionHash(), &st)
	}
	fresh()
	st := tab.Reveal()
	mostFound, down, talon := st.FoundationCards(), st.DownCards(), st.Talon()
	idlePasses := 0       // whole passes in a row without progress
	passProgress := false // progress since the last recycle
	all, cand := b.all[:0], b.cand[:0]
	defer func() { b.all, b.cand = all, cand }()
	var child engine.State
	var res Result
	for {
		if tab.Won() {
			res.End = "won"
			break
		}
		if res.Moves >= limit {
			res.End = "limit"
			break
		}
		if res.Moves&63 == 0 && ctx.Err() != nil {
			res.End = "cancelled"
			break
		}
		all = tab.Moves(all[:0])
		cand = cand[:0]
		for _, m := range all {
			h := tab.ChildPosition(m, &child)
			seen := played.has(h, &child)
			if !seen && m.Kind() == engine.KindRecycle {
				seen = (!passProgress && idlePasses >= MaxIdlePasses-1) || recycled.has(h, &child)
			}
			if !seen {
				cand = append(cand, m)
			}
		}
		if len(cand) == 0 {
			res.End = "stuck"
			break
		}
		i := 0
		if len(cand) > 1 {
			*v = tab.View()
			i = p.Choose(v, cand)
			if i < 0 || i >= len(cand) {
				panic(fmt.Sprintf("player chose move %d of %d", i, len(cand)))
			}
			if ex, ok := p.(explainer); ok && o.Explain != nil {
				o.Explain(res.Moves, ex.lastDecision())
			}
		}
		m := cand[i]
		tab.Play(m)
		res.Moves++
		if o.Line {
			res.Line = append(res.Line, m)
		}
		st = tab.Reveal()
		progress := false
		if f := st.FoundationCards(); f > mostFound {
			mostFound, progress = f, true
		}
		if d := st.DownCards(); d < down {
			down, progress = d, true
		}
		if t := st.Talon(); t < talon {
			talon, progress = t, true
		}
		passProgress = passProgress || progress
		h := tab.PositionHash()
		if m.Kind() == engine.KindRecycle {
			recycled.add(h, &st)
			if passProgress {
				idlePasses = 0
			} else {
				idlePasses++
			}
			passProgress = false
		}
		if progress || m.Kind() != engine.KindMove {
			fresh()
		} else {
			played.add(h, &st)
		}
	}
	res.Won = tab.Won()
	res.Cards = tab.FoundationCards()
	return res
}

// bookkeeping is the referee's memory of a game, kept in books for the
// next game when one is over: sets and buffers keep their room when they
// are reset, so a worker's games after its first play without allocating
// (a random player's two-deck game adds some 18,000 positions).
type bookkeeping struct {
	played, recycled posSet
	all, cand        []engine.Move
	view             engine.View // the player's; Choose keeps no pointer to it
}

var books = sync.Pool{New: func() any { return new(bookkeeping) }}

// posSet is a set of positions, found by their position hashes
// (engine.Table.PositionHash), which positions with equal keys share. A
// hash that is not in the set proves the position is not; exact position
// keys decide the rest, so a hash collision never makes two positions one.
// The set keeps the state of the first position added with each hash; a
// position SamePosition calls the same as it is in the set without a key
// written, and keys are written only for the rest (a position reached
// another way, with its piles in another order, say). A set that has been
// reset adds positions without allocating, but for those rare keys.
type posSet struct {
	first map[uint64]int32    // the first entry added with each hash
	ents  []engine.State      // those entries' states
	more  map[string]struct{} // keys whose hash was another key's first
	a, b  []byte              // key buffers
}

func (ps *posSet) reset() {
	clear(ps.first)
	clear(ps.more)
	ps.ents = ps.ents[:0]
}

// add adds position s, whose hash is h.
func (ps *posSet) add(h uint64, s *engine.State) {
	if ps.first == nil {
		ps.first, ps.more = map[uint64]int32{}, map[string]struct{}{}
		ps.a, ps.b = make([]byte, 0, engine.MaxKeyLen+2), make([]byte, 0, engine.MaxKeyLen+2)
	}
	i, ok := ps.first[h]
	if !ok {
		ps.first[h] = int32(len(ps.ents))
		ps.ents = append(ps.ents, *s)
		return
	}
	e := &ps.ents[i]
	if e.SamePosition(s) {
		return
	}
	ps.a, ps.b = e.AppendPositionKey(ps.a[:0]), s.AppendPositionKey(ps.b[:0])
	if string(ps.a) != string(ps.b) {
		ps.more[string(ps.b)] = struct{}{}
	}
}

// has tells whether position s, whose hash is h, is in the set.
func (ps *posSet) has(h uint64, s *engine.State) bool {
	i, ok := ps.first[h]
	if !ok {
		return false
	}
	e := &ps.ents[i]
	if e.SamePosition(s) {
		return true
	}
	ps.a, ps.b = e.AppendPositionKey(ps.a[:0]), s.AppendPositionKey(ps.b[:0])
	if string(ps.a) == string(ps.b) {
		return true
	}
	_, in := ps.more[string(ps.b)]
	return in
}
