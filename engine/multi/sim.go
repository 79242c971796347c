package multi

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// PlaySimultaneous plays a game without turns (Double Klondike
// Simultaneous Play for two, Multi-Klondike for more) as a discrete-event
// simulation, deterministic given seed:
//
//   - Every player acts at his own pace. At time t he looks at the game,
//     chooses an action, and the action lands at t+d, where d is drawn
//     from a log-normal law of mean 1/speed (Options.Speeds) and shape
//     Options.Sigma, from the player's own random stream (seed, seat). He
//     then looks again at once. Actions: a move on his layout or to a
//     foundation, a Deal of three cards (fewer at the end of the stock)
//     from stock to waste, or a Recycle of the spent stock's waste.
//   - Two cards reach the same foundation spot "at the same moment" when
//     a player chose a foundation move and, before it landed, another
//     card landed on that foundation: the earlier landing stands, and the
//     later card goes back where it came from (the move is not made; its
//     time is spent). Equal landing times go to the lower seat.
//   - A player is stuck when he has dealt through his whole talon and
//     turned it over with nothing played since by anyone: his actions
//     since the last progress (his own card turned face up or out of his
//     waste, or any card onto a foundation) number ceil(talon/3)+2 or
//     more (deals, recycles and moves that change nothing all count), or
//     when he has no action at all. A stuck player waits; a card landing on a foundation wakes
//     him.
//   - Players who play out take places in order; the game ends when at
//     most one is left (with two players, when the first plays out), or
//     when everyone left is stuck: those are ranked by cards on the
//     foundations, equal counts sharing a place.
func PlaySimultaneous(g *Game, players []Player, seed uint64, o Options) (Result, error) {
	n := g.Players()
	if len(players) != n {
		return Result{}, fmt.Errorf("%d players for %d seats", len(players), n)
	}
	if len(o.Speeds) != 0 && len(o.Speeds) != n {
		return Result{}, fmt.Errorf("%d speeds for %d seats", len(o.Speeds), n)
	}
	sigma := o.Sigma
	if sigma <= 0 {
		sigma = DefaultSigma
	}
	maxActions := o.MaxActions
	if maxActions <= 0 {
		maxActions = DefaultMaxActions
	}
	res := Result{Starter: -1, Moves: make([]int, n)}
	type actor struct {
		rng     *rand.Rand
		mu      float64 // log-normal location
		busy    bool
		at      float64 // landing time of the pending action
		move    Move
		draws   int // actions since the last progress
		out     bool
		waiting bool
	}
	as := make([]actor, n)
	for s := range as {
		v := 1.0
		if len(o.Speeds) > 0 {
			v = o.Speeds[s]
		}
		if !(v > 0) || math.IsInf(v, 0) {
			return res, fmt.Errorf("seat %d: speed %v; want a positive number", s+1, v)
		}
		as[s].rng = rand.New(rand.NewPCG(seed, 0x7370_6565_6400+uint64(s)))
		as[s].mu = math.Log(1/v) - sigma*sigma/2
	}
	moves := make([]Move, 0, 64)
	view := &View{g: g, sim: true}
	decide := func(s int, now float64) error {
		a := &as[s]
		l := &g.Layouts[s]
		moves = g.Moves(s, true, moves[:0])
		talon := len(l.Stock) + len(l.Waste)
		if len(moves) == 0 || a.draws >= (talon+2)/3+2 {
			a.busy, a.waiting = false, true
			return nil
		}
		i := 0
		if len(moves) > 1 {
			view.me, view.time = s, now
			i = players[s].Choose(view, moves)
			if i < 0 || i >= len(moves) {
				return fmt.Errorf("seat %d chose move %d of %d", s+1, i, len(moves))
			}
		}
		a.move = moves[i]
		a.busy, a.waiting = true, false
		a.at = now + math.Exp(a.mu+sigma*a.rng.NormFloat64())
		return nil
	}
	for s := range as {
		if err := decide(s, 0); err != nil {
			return res, err
		}
	}
	active := n
	now := 0.0
	for {
		if res.Turns >= maxActions {
			res.End = EndLimit
			break
		}
		s := -1
		for t := range as {
			if as[t].busy && (s < 0 || as[t].at < as[s].at) {
				s = t
			}
		}
		if s < 0 {
			res.End = EndStuck
			break
		}
		a := &as[s]
		now = a.at
		a.busy = false
		res.Turns++
		m := a.move
		if !g.Legal(s, m, true) {
			// Only a foundation spot can be taken from under a player:
			// his own layout is his alone.
			res.Collisions++
		} else {
			e := g.Apply(s, m)
			if o.OnAction != nil {
				o.OnAction(g)
			}
			if m.Kind != Deal && m.Kind != Recycle {
				res.Moves[s]++
			}
			a.draws++
			if e.Progress() {
				a.draws = 0
			}
			if e.Found {
				for t := range as {
					if t != s && !as[t].out {
						as[t].draws = 0
						if as[t].waiting {
							if err := decide(t, now); err != nil {
								return res, err
							}
						}
					}
				}
			}
			if g.Out(s) {
				a.out = true
				res.Finish = append(res.Finish, s)
				active--
				if n == 2 || active <= 1 {
					res.End = EndOut
					break
				}
				continue
			}
		}
		if err := decide(s, now); err != nil {
			return res, err
		}
	}
	res.Time = now
	finishResult(g, &res)
	return res, nil
}
