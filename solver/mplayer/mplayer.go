// Package mplayer holds the players of games between players (Double
// Klondike, engine/multi): random, greedy and human, the policies of
// solver/player taught the shared foundations. A player is given a
// multi.View, which masks every face-down and stock card (his own and
// everyone else's) and shows everything public; it never sees the game.
package mplayer

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/engine/multi"
)

// Version names the players' behaviour: it changes whenever a player
// would choose differently.
const Version = "1"

// Factory makes the player of one seat of one game; seed makes its random
// choices repeatable.
type Factory func(seed uint64, seat int) multi.Player

// Names lists the players.
func Names() []string { return []string{"random", "greedy", "human"} }

// New returns the factory of the named player.
func New(name string) (Factory, error) {
	switch name {
	case "random":
		return func(seed uint64, seat int) multi.Player {
			return &random{rand.New(rand.NewPCG(seed, 0x6d72_6e64_00+uint64(seat)))}
		}, nil
	case "greedy":
		return func(uint64, int) multi.Player { return greedy{} }, nil
	case "human":
		return func(uint64, int) multi.Player { return human{} }, nil
	}
	return nil, fmt.Errorf("unknown player %q; players of a match: %s", name, strings.Join(Names(), ", "))
}

// random plays a uniformly random legal move (Pass, Deal and Recycle
// included).
type random struct{ rng *rand.Rand }

func (p *random) Choose(_ *multi.View, moves []multi.Move) int { return p.rng.IntN(len(moves)) }

// greedy is solver/player's greedy with the foundations shared: it plays
// every card it can to a foundation at once (which is racing for every
// spot), and knows nothing else of the other players:
//
//  1. a card to a foundation;
//  2. a move that turns a face-down card up, most face-down cards first;
//  3. the waste's top card to a pile;
//  4. pass (turns) or deal (simultaneous play);
//  5. recycle;
//  6. anything else (a tableau move that turns nothing), which therefore
//     it makes only when it has nothing else at all.
//
// Within a rank the earliest move wins, after the face-down count.
type greedy struct{}

func (greedy) Choose(v *multi.View, moves []multi.Move) int {
	return best(v, moves, greedyPriority)
}

func greedyPriority(v *multi.View, m multi.Move) (prio, tie int) {
	switch m.Kind {
	case multi.Pass, multi.Deal:
		return 4, 0
	case multi.Recycle:
		return 5, 0
	case multi.PileToFound, multi.WasteToFound:
		return 1, 0
	case multi.WasteToPile:
		return 3, 0
	}
	if v.Flips(m) {
		return 2, v.Down(v.Me(), int(m.From))
	}
	return 6, 0
}

func best(v *multi.View, moves []multi.Move, prio func(*multi.View, multi.Move) (int, int)) int {
	b, bp, bt := 0, 99, -1
	for i, m := range moves {
		p, t := prio(v, m)
		if p < bp || (p == bp && t > bt) {
			b, bp, bt = i, p, t
		}
	}
	return b
}

// human plays by solver/player's rules of thumb, taught the shared
// foundations: race for a spot another player could take, and do not
// feed a player who is ahead. The first rule some move meets decides;
// ties go to the move from the pile with the most face-down cards, then to
// the earliest:
//
//  1. Race: a card to a foundation when another player shows the same
//     card (a pile top or waste top of the same rank and suit): the first
//     to play it takes the spot.
//  2. A card to a foundation that feeds no one who is ahead (see 9).
//  3. "Try hard to expose face down cards": a move that turns a face-down
//     card up.
//  4. "Play cards from the hand before playing from the tableau": the
//     waste's top card onto a pile.
//  5. A pile-to-pile move that uncovers a face-up card that can go to a
//     foundation.
//  6. Pass (turns) or deal (simultaneous play).
//  7. Recycle.
//  8. A card held back: it would feed a player ahead of us, one with more
//     cards on the foundations, who shows the card that goes on it next
//     (same suit, one rank up) when no foundation takes that card yet.
//     Played only when forced (turns with the forced-play option) or
//     when nothing else is left.
//  9. Anything else (a tableau move that turns nothing).
type human struct{}

func (human) Choose(v *multi.View, moves []multi.Move) int {
	return best(v, moves, humanPriority)
}

func humanPriority(v *multi.View, m multi.Move) (prio, tie int) {
	me := v.Me()
	switch m.Kind {
	case multi.Pass, multi.Deal:
		return 6, 0
	case multi.Recycle:
		return 7, 0
	}
	down := 0
	if m.Kind == multi.PileToFound || m.Kind == multi.PileToPile {
		down = v.Down(me, int(m.From))
	}
	c := v.MovedCard(m)
	switch {
	case m.ToFoundation() && contested(v, c):
		return 1, down
	case m.ToFoundation() && !feedsLeader(v, c):
		return 2, down
	case v.Flips(m):
		return 3, down
	case m.Kind == multi.WasteToPile:
		return 4, 0
	case m.Kind == multi.PileToPile && uncoversFoundationCard(v, m):
		return 5, down
	case m.ToFoundation():
		return 8, down
	}
	return 9, down
}

// contested tells whether another player shows card c too: he could take
// the spot c is about to take.
func contested(v *multi.View, c engine.Card) bool {
	var buf [multi.Piles + 1]engine.Card
	for s := range v.Players() {
		if s == v.Me() {
			continue
		}
		for _, x := range v.Exposed(s, buf[:0]) {
			if x == c {
				return true
			}
		}
	}
	return false
}

// feedsLeader tells whether playing c to a foundation would let a player
// with more foundation cards than the viewer play c's successor, which no
// foundation takes yet.
func feedsLeader(v *multi.View, c engine.Card) bool {
	if c.Rank() == 13 {
		return false
	}
	next := c + 4
	if v.FoundationFor(next) >= 0 {
		return false
	}
	mine := v.FoundationCards(v.Me())
	var buf [multi.Piles + 1]engine.Card
	for s := range v.Players() {
		if s == v.Me() || v.FoundationCards(s) <= mine || v.FoundationCards(s) == multi.DeckSize {
			continue
		}
		for _, x := range v.Exposed(s, buf[:0]) {
			if x == next {
				return true
			}
		}
	}
	return false
}

// uncoversFoundationCard tells whether pile-to-pile move m leaves on top
// of its source a face-up card that can go to a foundation.
func uncoversFoundationCard(v *multi.View, m multi.Move) bool {
	me, i := v.Me(), int(m.From)
	k := v.PileLen(me, i) - int(m.N) - 1
	if k < v.Down(me, i) || k < 0 {
		return false
	}
	return v.FoundationFor(v.PileCard(me, i, k)) >= 0
}
