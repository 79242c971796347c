package multi

import "fmt"

// Options set how a game is played.
type Options struct {
	// ForcedPlay (turn-based play): when a player passes with a progress
	// move in hand (a card to a foundation, a card turned face up, a
	// card out of the waste) while every other player still in the game
	// passed his last turn without one, the others demand he make a
	// move, and he must make a progress move of his choice (rule text 000:
	// "his opponent can optionally demand he make the move"; we read the
	// option as always demanded when it applies). One demand a turn: he
	// may play on, and pass again, after it. Off by default.
	ForcedPlay bool
	// MaxTurns caps a turn-based game (DefaultMaxTurns when 0), and
	// MaxTurnMoves the moves of one turn (DefaultMaxTurnMoves when 0;
	// the turn then ends as if passed). A capped game ends "limit".
	MaxTurns     int
	MaxTurnMoves int

	// Speeds (simultaneous play) are the players' speeds by seat: a
	// player of speed v takes on average 1/v time units per action. Empty
	// is all 1.
	Speeds []float64
	// Sigma is the log-normal shape of the time of an action
	// (DefaultSigma when 0).
	Sigma float64
	// MaxActions caps a simultaneous game's actions (DefaultMaxActions
	// when 0); a capped game ends "limit".
	MaxActions int

	// OnAction, when set, is called after every change of the game
	// (tests check invariants there).
	OnAction func(g *Game)
}

// Defaults of Options.
const (
	DefaultMaxTurns     = 20000
	DefaultMaxTurnMoves = 200
	DefaultSigma        = 0.5
	DefaultMaxActions   = 400000
)

// Ends of a game.
const (
	EndOut   = "out"   // every player but at most one played out
	EndStuck = "stuck" // everyone still in the game was stuck
	EndLimit = "limit" // the safety cap on turns or actions
)

// Result is how a game between players went. Slices are by seat.
type Result struct {
	Starter    int    // seat who had the first turn (turn-based), -1 in simultaneous play
	Finish     []int  // seats in the order they played out
	Places     []int  // 1 is first; equal places are ties
	Cards      []int  // cards each played to the foundations
	Winner     int    // seat of the sole first place, -1 for a tie
	End        string // EndOut, EndStuck or EndLimit
	Turns      int    // turns (turn-based) or actions (simultaneous) played
	Moves      []int  // moves each made (passes, deals and recycles not counted)
	Time       float64
	Collisions int // simultaneous play: cards that lost a race and went back
	Forced     int // turn-based play with ForcedPlay: demands made (a pass refused)
}

// Tie tells whether more than one seat shares the first place.
func (r *Result) Tie() bool { return r.Winner < 0 }

// Starter returns the seat who has the first turn: the lowest-ranked top
// card of the first pile; among seats tied, the lowest top of the second
// pile, and so on across the seven piles; if every pile ties too, the
// lowest seat (seats are the order the players sit in, which a match
// rotates from game to game).
func Starter(g *Game) int {
	var cand [MaxPlayers]int
	n := 0
	for s := range g.Layouts {
		cand[n] = s
		n++
	}
	for i := 0; i < Piles && n > 1; i++ {
		low := 99
		for _, s := range cand[:n] {
			low = min(low, topRank(g, s, i))
		}
		k := 0
		for _, s := range cand[:n] {
			if topRank(g, s, i) == low {
				cand[k] = s
				k++
			}
		}
		n = k
	}
	return cand[0]
}

// topRank is the rank of the top of seat's pile i, 14 for an empty pile
// (only a rigged game starts with one).
func topRank(g *Game, seat, i int) int {
	p := g.Layouts[seat].Piles[i]
	if len(p) == 0 {
		return 14
	}
	return p[len(p)-1].Rank()
}

// StartTurn is what happens at the start of each of a player's turns
// but his first: one card from his stock to his waste; when the stock is
// spent, the waste is first turned over (without shuffling) as the new
// stock, and its top card turned. With neither stock nor waste, nothing.
// It tells whether a card was turned.
func StartTurn(l *Layout) bool {
	if len(l.Stock) == 0 {
		if len(l.Waste) == 0 {
			return false
		}
		RecycleWaste(l)
	}
	TurnOne(l)
	return true
}

// progressMove tells whether m would make progress (Effect.Progress).
func progressMove(g *Game, seat int, m Move) bool {
	switch m.Kind {
	case PileToFound, WasteToFound, WasteToPile:
		return true
	case PileToPile:
		l := &g.Layouts[seat]
		return l.Down[m.From] > 0 && len(l.Piles[m.From])-int(m.N) == l.Down[m.From]
	}
	return false
}

// PlayTurns plays a turn-based game ("Snap-Up Patience") with players[s]
// in seat s. The starter (Starter) plays first, then the seats in order
// around the table. A turn: StartTurn (but on a player's first turn), then
// moves until the player passes or plays out.
//
// The game ends when a player has played out with two players; with three
// or more the others play on for places until at most one is left. It
// ends with everyone stuck when, since the last progress by anyone (a card
// to a foundation, a card turned face up, a card out of a waste), every
// player still in has had at least as many turns as his stock and waste
// hold cards, plus two: each of his talon cards has been on top of his
// waste with nothing played by anyone. Players who played out take the
// first places in that order; the others are ranked by cards on the
// foundations, equal counts sharing a place.
func PlayTurns(g *Game, players []Player, o Options) (Result, error) {
	n := g.Players()
	if len(players) != n {
		return Result{}, fmt.Errorf("%d players for %d seats", len(players), n)
	}
	maxTurns := o.MaxTurns
	if maxTurns <= 0 {
		maxTurns = DefaultMaxTurns
	}
	maxMoves := o.MaxTurnMoves
	if maxMoves <= 0 {
		maxMoves = DefaultMaxTurnMoves
	}
	res := Result{Starter: Starter(g), Moves: make([]int, n)}
	var (
		played  [MaxPlayers]bool // had a turn
		out     [MaxPlayers]bool
		idle    [MaxPlayers]int  // turns since the last progress by anyone
		blocked [MaxPlayers]bool // passed his last turn without a progress move in hand
	)
	active := n
	moves := make([]Move, 0, 64)
	cand := make([]Move, 0, 64)
	view := &View{g: g}
	cur := res.Starter
	end := ""
	for end == "" {
		if res.Turns >= maxTurns {
			end = EndLimit
			break
		}
		if out[cur] {
			cur = (cur + 1) % n
			continue
		}
		l := &g.Layouts[cur]
		if played[cur] {
			if StartTurn(l) && o.OnAction != nil {
				o.OnAction(g)
			}
		}
		played[cur] = true
		res.Turns++
		// Forced play: every other player still in passed his last turn
		// with no progress move in hand.
		demand := false
		if o.ForcedPlay {
			demand = true
			for s := 0; s < n; s++ {
				if s != cur && !out[s] && !(played[s] && blocked[s]) {
					demand = false
				}
			}
		}
		progress := false
		demanded := false
		for k := 0; ; k++ {
			moves = g.Moves(cur, false, moves[:0])
			hasProgress := false
			for _, m := range moves {
				if progressMove(g, cur, m) {
					hasProgress = true
					break
				}
			}
			if k >= maxMoves {
				blocked[cur] = !hasProgress
				break
			}
			i, err := choose(players[cur], view, cur, false, moves)
			if err != nil {
				return res, err
			}
			m := moves[i]
			if m.Kind == Pass && demand && hasProgress && !demanded {
				// He passes with a move in hand while everyone else is
				// stuck: they demand he make it.
				demanded = true
				res.Forced++
				cand = cand[:0]
				for _, m := range moves {
					if progressMove(g, cur, m) {
						cand = append(cand, m)
					}
				}
				if i, err = choose(players[cur], view, cur, true, cand); err != nil {
					return res, err
				}
				m = cand[i]
			}
			if m.Kind == Pass {
				blocked[cur] = !hasProgress
				break
			}
			e := g.Apply(cur, m)
			res.Moves[cur]++
			if o.OnAction != nil {
				o.OnAction(g)
			}
			if e.Progress() {
				progress = true
			}
			if g.Out(cur) {
				out[cur] = true
				res.Finish = append(res.Finish, cur)
				active--
				break
			}
		}
		if progress {
			for s := range idle[:n] {
				idle[s] = 0
			}
		} else {
			idle[cur]++
		}
		switch {
		case n == 2 && len(res.Finish) > 0, active <= 1:
			end = EndOut
		default:
			stuck := true
			for s := 0; s < n; s++ {
				l := &g.Layouts[s]
				if !out[s] && idle[s] < len(l.Stock)+len(l.Waste)+2 {
					stuck = false
					break
				}
			}
			if stuck {
				end = EndStuck
			}
		}
		cur = (cur + 1) % n
	}
	res.End = end
	finishResult(g, &res)
	return res, nil
}

// choose asks seat's player for a move of moves (the only one without
// asking).
func choose(p Player, view *View, seat int, forced bool, moves []Move) (int, error) {
	if len(moves) == 1 {
		return 0, nil
	}
	view.me, view.forced = seat, forced
	i := p.Choose(view, moves)
	if i < 0 || i >= len(moves) {
		return 0, fmt.Errorf("seat %d chose move %d of %d", seat+1, i, len(moves))
	}
	return i, nil
}

// finishResult fills in cards, places and the winner.
func finishResult(g *Game, res *Result) {
	n := g.Players()
	res.Cards = make([]int, n)
	res.Places = make([]int, n)
	for s := range n {
		res.Cards[s] = g.FoundationCards(s)
	}
	done := make([]bool, n)
	for i, s := range res.Finish {
		res.Places[s] = i + 1
		done[s] = true
	}
	k := len(res.Finish)
	for s := range n {
		if done[s] {
			continue
		}
		better := 0
		for t := range n {
			if !done[t] && res.Cards[t] > res.Cards[s] {
				better++
			}
		}
		res.Places[s] = k + 1 + better
	}
	res.Winner = -1
	firsts := 0
	for s := range n {
		if res.Places[s] == 1 {
			firsts++
			res.Winner = s
		}
	}
	if firsts != 1 {
		res.Winner = -1
	}
}
