package multi

import "github.com/klondike-family/klondike/engine"

// View is the game as one player sees it: everything public and nothing
// hidden. It reads the referee's game through accessors that never return
// a face-down card or a stock card (they are engine.Unknown), for the
// viewer's own layout as for everyone else's; the waste below its top is
// covered too. Views are only valid during the Choose call they are given
// to.
type View struct {
	g      *Game
	me     int
	sim    bool
	forced bool
	time   float64
}

// Me is the viewer's seat.
func (v *View) Me() int { return v.me }

// Players is the number of seats.
func (v *View) Players() int { return len(v.g.Layouts) }

// Simultaneous tells whether the game is played without turns.
func (v *View) Simultaneous() bool { return v.sim }

// MustPlay tells whether, under the forced-play option, the viewer may
// not pass now (Pass is then not among his moves).
func (v *View) MustPlay() bool { return v.forced }

// Time is the simulated time of a simultaneous game.
func (v *View) Time() float64 { return v.time }

// Foundations is the number of foundation piles.
func (v *View) Foundations() int { return len(v.g.Found) }

// FoundTop returns the top card of foundation f (NoCard when empty): the
// foundations are public.
func (v *View) FoundTop(f int) engine.Card { return v.g.FoundTop(f) }

// FoundationFor is Game.FoundationFor: public.
func (v *View) FoundationFor(c engine.Card) int {
	if c == engine.Unknown {
		return -1
	}
	return v.g.FoundationFor(c)
}

// FoundationCards returns the cards seat has on the foundations.
func (v *View) FoundationCards(seat int) int { return v.g.FoundationCards(seat) }

// PileLen returns the number of cards on seat's pile i.
func (v *View) PileLen(seat, i int) int { return len(v.g.Layouts[seat].Piles[i]) }

// Down returns the number of face-down cards on seat's pile i.
func (v *View) Down(seat, i int) int { return v.g.Layouts[seat].Down[i] }

// PileCard returns card k (0 the bottom) of seat's pile i, Unknown when it
// is face down.
func (v *View) PileCard(seat, i, k int) engine.Card {
	l := &v.g.Layouts[seat]
	if k < l.Down[i] {
		return engine.Unknown
	}
	return l.Piles[i][k]
}

// PileTop returns the top card of seat's pile i (always face up), NoCard
// when the pile is empty.
func (v *View) PileTop(seat, i int) engine.Card {
	p := v.g.Layouts[seat].Piles[i]
	if len(p) == 0 {
		return engine.NoCard
	}
	return p[len(p)-1]
}

// WasteTop returns seat's waste top, NoCard when the waste is empty.
func (v *View) WasteTop(seat int) engine.Card {
	w := v.g.Layouts[seat].Waste
	if len(w) == 0 {
		return engine.NoCard
	}
	return w[len(w)-1]
}

// StockLen and WasteLen return the sizes of seat's stock and waste.
func (v *View) StockLen(seat int) int { return len(v.g.Layouts[seat].Stock) }
func (v *View) WasteLen(seat int) int { return len(v.g.Layouts[seat].Waste) }

// MovedCard returns the card move m of the viewer takes (the bottom card
// of a moved run), NoCard for a move that takes none.
func (v *View) MovedCard(m Move) engine.Card {
	l := &v.g.Layouts[v.me]
	switch m.Kind {
	case WasteToFound, WasteToPile:
		return l.Waste[len(l.Waste)-1]
	case PileToFound:
		p := l.Piles[m.From]
		return p[len(p)-1]
	case PileToPile:
		p := l.Piles[m.From]
		return p[len(p)-int(m.N)]
	}
	return engine.NoCard
}

// Flips tells whether move m of the viewer uncovers a face-down card.
func (v *View) Flips(m Move) bool {
	if m.Kind != PileToFound && m.Kind != PileToPile {
		return false
	}
	l := &v.g.Layouts[v.me]
	n := 1
	if m.Kind == PileToPile {
		n = int(m.N)
	}
	return l.Down[m.From] > 0 && len(l.Piles[m.From])-n == l.Down[m.From]
}

// Exposed appends the cards of seat that could be played now or soon and
// that everyone sees: each pile's top and the waste's top.
func (v *View) Exposed(seat int, dst []engine.Card) []engine.Card {
	l := &v.g.Layouts[seat]
	for i := range Piles {
		if p := l.Piles[i]; len(p) > 0 {
			dst = append(dst, p[len(p)-1])
		}
	}
	if n := len(l.Waste); n > 0 {
		dst = append(dst, l.Waste[n-1])
	}
	return dst
}

// Public is a snapshot of everything a View shows, for comparing what two
// players see (tests).
type Public struct {
	Me      int
	Found   []engine.Card
	Piles   [][]engine.Card // seat*Piles+i, face-down cards as Unknown
	Waste   []engine.Card   // each seat's waste top
	Stocks  []int
	Wastes  []int
	MustPly bool
}

// Snapshot returns everything the view shows.
func (v *View) Snapshot() Public {
	p := Public{Me: v.me, MustPly: v.forced}
	for f := range v.g.Found {
		p.Found = append(p.Found, v.FoundTop(f))
	}
	for s := range v.g.Layouts {
		for i := range Piles {
			var pile []engine.Card
			for k := 0; k < v.PileLen(s, i); k++ {
				pile = append(pile, v.PileCard(s, i, k))
			}
			p.Piles = append(p.Piles, pile)
		}
		p.Waste = append(p.Waste, v.WasteTop(s))
		p.Stocks = append(p.Stocks, v.StockLen(s))
		p.Wastes = append(p.Wastes, v.WasteLen(s))
	}
	return p
}

// NewView returns what seat sees of g (for tests and tools; the games
// build their own).
func NewView(g *Game, seat int, sim bool) *View { return &View{g: g, me: seat, sim: sim} }

// Player chooses moves in a game between players, seeing only a View.
type Player interface {
	// Choose returns the index in moves of the move to play. moves is
	// not empty and every move in it is legal.
	Choose(v *View, moves []Move) int
}
