// Package multi plays Double Klondike between players (rule text 000): two to
// five players, each with his own 52-card deck, seven-pile Klondike
// tableau, stock and waste, and foundations shared by all: one pile per
// suit per deck in play (4 × players), each built Ace to King in suit,
// from which nothing ever leaves. A player plays only on his own tableau
// and the shared foundations.
//
// Two ways to play are given: turns (PlayTurns, "Snap-Up Patience") and
// simultaneous play (PlaySimultaneous, a discrete-event simulation; for
// three or more players this is Multi-Klondike). Every choice rule text
// 000 leaves open is written down where it is made.
//
// A player (Player) is given a View, never the Game: the View shows
// everything public (every face-up tableau card, every waste top, every
// foundation, the sizes of stocks and wastes) and masks every face-down
// card and every stock card as engine.Unknown, the player's own included.
package multi

import (
	"fmt"
	"math/rand/v2"

	"github.com/klondike-family/klondike/engine"
)

// Piles is the number of tableau piles of each player.
const Piles = 7

// DeckSize is the number of cards of each player's deck.
const DeckSize = 52

// MinPlayers and MaxPlayers bound the number of players.
const (
	MinPlayers = 2
	MaxPlayers = 5
)

// Card is a card on a shared foundation, with the seat that owns it (the
// decks have different backs).
type Card struct {
	engine.Card
	Owner uint8
}

// Layout is one player's own cards: his tableau, stock and waste. Every
// card of a Layout belongs to its player.
type Layout struct {
	Piles [Piles][]engine.Card // bottom card first
	Down  [Piles]int           // face-down cards at the bottom of each pile
	Stock []engine.Card        // the top card is the last
	Waste []engine.Card        // the top card is the last
}

// Game is the true state of a game: every player's layout and the shared
// foundations. It is the referee's; players see Views.
type Game struct {
	Layouts []Layout
	Found   [][]Card // 4 × players piles, bottom (the Ace) first
}

// Kind is a move's kind.
type Kind uint8

const (
	// Pass ends a turn (turn-based play only).
	Pass Kind = iota
	// PileToFound plays the top card of pile From to foundation Found.
	PileToFound
	// WasteToFound plays the waste's top card to foundation Found.
	WasteToFound
	// WasteToPile plays the waste's top card onto pile To.
	WasteToPile
	// PileToPile moves the top N cards of pile From onto pile To.
	PileToPile
	// Deal turns up to three cards from the stock to the waste
	// (simultaneous play only).
	Deal
	// Recycle turns the waste over as the new stock (simultaneous play
	// only).
	Recycle
)

var kindNames = [...]string{"pass", "pile-to-foundation", "waste-to-foundation", "waste-to-pile", "pile-to-pile", "deal", "recycle"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("kind%d", k)
}

// Move is one action of a player on his own layout and the foundations.
type Move struct {
	Kind  Kind
	From  int8  // source pile (PileToFound, PileToPile)
	To    int8  // destination pile (WasteToPile, PileToPile)
	N     uint8 // cards moved (PileToPile)
	Found uint8 // destination foundation (PileToFound, WasteToFound)
}

func (m Move) String() string {
	switch m.Kind {
	case PileToFound:
		return fmt.Sprintf("pile %d to foundation %d", m.From+1, m.Found+1)
	case WasteToFound:
		return fmt.Sprintf("waste to foundation %d", m.Found+1)
	case WasteToPile:
		return fmt.Sprintf("waste to pile %d", m.To+1)
	case PileToPile:
		return fmt.Sprintf("%d from pile %d to pile %d", m.N, m.From+1, m.To+1)
	}
	return m.Kind.String()
}

// ToFoundation tells whether m plays a card to a foundation.
func (m Move) ToFoundation() bool { return m.Kind == PileToFound || m.Kind == WasteToFound }

// NewDeck returns seat's deck for a game seed: the 52 cards in suit and
// rank order shuffled by a PCG stream of (seed, seat). Each player's deck
// is shuffled on its own, as the seed's players shuffle each other's.
func NewDeck(seed uint64, seat int) []engine.Card {
	d := make([]engine.Card, 0, DeckSize)
	for s := 0; s < 4; s++ {
		for r := 1; r <= 13; r++ {
			d = append(d, engine.NewCard(r, s))
		}
	}
	engine.Shuffle(d, rand.New(rand.NewPCG(seed, 0x6b6c_6d75_0000+uint64(seat))))
	return d
}

// DealLayout deals a deck like a person deals Klondike: row by row across
// the piles from left to right, pile i taking i+1 cards, the last card of
// each pile face up; the other 24 cards are the stock, deck[28] its top.
func DealLayout(deck []engine.Card) Layout {
	var l Layout
	k := 0
	for i := range Piles {
		l.Piles[i] = make([]engine.Card, i+1, i+1+13)
	}
	for row := range Piles {
		for i := row; i < Piles; i++ {
			l.Piles[i][row] = deck[k]
			k++
		}
	}
	for i := range Piles {
		l.Down[i] = i
	}
	rest := deck[k:]
	l.Stock = make([]engine.Card, len(rest), DeckSize)
	for i, c := range rest { // rest[0] is turned first: it is the top
		l.Stock[len(rest)-1-i] = c
	}
	l.Waste = make([]engine.Card, 0, DeckSize)
	return l
}

// NewGame deals a game for players seats from seed.
func NewGame(seed uint64, players int) (*Game, error) {
	if players < MinPlayers || players > MaxPlayers {
		return nil, fmt.Errorf("%d players: want %d to %d", players, MinPlayers, MaxPlayers)
	}
	decks := make([][]engine.Card, players)
	for i := range decks {
		decks[i] = NewDeck(seed, i)
	}
	return NewGameFromDecks(decks)
}

// NewGameFromDecks deals each seat's deck (52 distinct cards each).
func NewGameFromDecks(decks [][]engine.Card) (*Game, error) {
	if len(decks) < MinPlayers || len(decks) > MaxPlayers {
		return nil, fmt.Errorf("%d players: want %d to %d", len(decks), MinPlayers, MaxPlayers)
	}
	g := &Game{Layouts: make([]Layout, len(decks)), Found: make([][]Card, 4*len(decks))}
	for i, d := range decks {
		if err := checkDeck(d); err != nil {
			return nil, fmt.Errorf("seat %d: %v", i+1, err)
		}
		g.Layouts[i] = DealLayout(d)
	}
	for f := range g.Found {
		g.Found[f] = make([]Card, 0, 13)
	}
	return g, g.Validate()
}

func checkDeck(d []engine.Card) error {
	if len(d) != DeckSize {
		return fmt.Errorf("a deck of %d cards: want %d", len(d), DeckSize)
	}
	var seen [64]bool
	for _, c := range d {
		if !c.Valid() || c.IsJoker() || seen[c] {
			return fmt.Errorf("card %v twice or not a card of a standard deck", c)
		}
		seen[c] = true
	}
	return nil
}

// Players is the number of seats.
func (g *Game) Players() int { return len(g.Layouts) }

// Clone returns a deep copy.
func (g *Game) Clone() *Game {
	c := &Game{Layouts: make([]Layout, len(g.Layouts)), Found: make([][]Card, len(g.Found))}
	for i := range g.Layouts {
		l := &g.Layouts[i]
		n := &c.Layouts[i]
		n.Down = l.Down
		for p := range Piles {
			n.Piles[p] = append(make([]engine.Card, 0, cap(l.Piles[p])), l.Piles[p]...)
		}
		n.Stock = append(make([]engine.Card, 0, DeckSize), l.Stock...)
		n.Waste = append(make([]engine.Card, 0, DeckSize), l.Waste...)
	}
	for f := range g.Found {
		c.Found[f] = append(make([]Card, 0, 13), g.Found[f]...)
	}
	return c
}

// FoundationCards returns the cards of seat on the foundations.
func (g *Game) FoundationCards(seat int) int {
	l := &g.Layouts[seat]
	n := DeckSize - len(l.Stock) - len(l.Waste)
	for p := range Piles {
		n -= len(l.Piles[p])
	}
	return n
}

// Out tells whether seat has played all his cards to the foundations.
func (g *Game) Out(seat int) bool { return g.FoundationCards(seat) == DeckSize }

// FoundTop returns the top card of foundation f, NoCard when empty.
func (g *Game) FoundTop(f int) engine.Card {
	p := g.Found[f]
	if len(p) == 0 {
		return engine.NoCard
	}
	return p[len(p)-1].Card
}

// FoundationFor returns the foundation card c can go to: the first empty
// pile for an Ace, else the first pile whose top is c's predecessor in
// suit; -1 when none. Piles with the same top are alike, so one target is
// enough.
func (g *Game) FoundationFor(c engine.Card) int {
	if c.Rank() == 1 {
		for f := range g.Found {
			if len(g.Found[f]) == 0 {
				return f
			}
		}
		return -1
	}
	want := c - 4 // same suit, rank one lower
	for f := range g.Found {
		if n := len(g.Found[f]); n > 0 && g.Found[f][n-1].Card == want {
			return f
		}
	}
	return -1
}

// Fits tells whether card c may go onto foundation f now.
func (g *Game) Fits(c engine.Card, f int) bool {
	n := len(g.Found[f])
	if c.Rank() == 1 {
		return n == 0
	}
	return n > 0 && g.Found[f][n-1].Card == c-4
}

// buildsOn tells whether c may be built on top in a tableau: one rank
// lower, the other colour.
func buildsOn(c, top engine.Card) bool {
	return c.Rank()+1 == top.Rank() && c.Colour() != top.Colour()
}

// Moves appends seat's legal moves to dst. In turn-based play (sim false)
// Pass is always among them; in simultaneous play Deal (when the stock
// has cards) or Recycle (when it is spent and the waste is not) are. A
// pile-to-pile move of a whole pile onto a space is never offered (it
// changes nothing); a card goes to one foundation only (those with the
// same top are alike).
func (g *Game) Moves(seat int, sim bool, dst []Move) []Move {
	l := &g.Layouts[seat]
	if n := len(l.Waste); n > 0 {
		w := l.Waste[n-1]
		if f := g.FoundationFor(w); f >= 0 {
			dst = append(dst, Move{Kind: WasteToFound, Found: uint8(f)})
		}
		for j := range Piles {
			if canPlace(l, j, w) {
				dst = append(dst, Move{Kind: WasteToPile, To: int8(j)})
			}
		}
	}
	for i := range Piles {
		p := l.Piles[i]
		if len(p) == 0 {
			continue
		}
		if f := g.FoundationFor(p[len(p)-1]); f >= 0 {
			dst = append(dst, Move{Kind: PileToFound, From: int8(i), Found: uint8(f)})
		}
		for k := l.Down[i]; k < len(p); k++ {
			c := p[k]
			for j := range Piles {
				if j == i || (k == 0 && len(l.Piles[j]) == 0) {
					continue
				}
				if canPlace(l, j, c) {
					dst = append(dst, Move{Kind: PileToPile, From: int8(i), To: int8(j), N: uint8(len(p) - k)})
				}
			}
		}
	}
	if !sim {
		return append(dst, Move{Kind: Pass})
	}
	switch {
	case len(l.Stock) > 0:
		dst = append(dst, Move{Kind: Deal})
	case len(l.Waste) > 0:
		dst = append(dst, Move{Kind: Recycle})
	}
	return dst
}

func canPlace(l *Layout, j int, c engine.Card) bool {
	q := l.Piles[j]
	if len(q) == 0 {
		return c.Rank() == 13
	}
	return buildsOn(c, q[len(q)-1])
}

// Legal tells whether m is legal for seat now.
func (g *Game) Legal(seat int, m Move, sim bool) bool {
	l := &g.Layouts[seat]
	switch m.Kind {
	case Pass:
		return !sim
	case Deal:
		return sim && len(l.Stock) > 0
	case Recycle:
		return sim && len(l.Stock) == 0 && len(l.Waste) > 0
	case WasteToFound:
		return len(l.Waste) > 0 && int(m.Found) < len(g.Found) && g.Fits(l.Waste[len(l.Waste)-1], int(m.Found))
	case WasteToPile:
		return len(l.Waste) > 0 && m.To >= 0 && m.To < Piles && canPlace(l, int(m.To), l.Waste[len(l.Waste)-1])
	case PileToFound:
		if m.From < 0 || m.From >= Piles || int(m.Found) >= len(g.Found) {
			return false
		}
		p := l.Piles[m.From]
		return len(p) > 0 && g.Fits(p[len(p)-1], int(m.Found))
	case PileToPile:
		if m.From < 0 || m.From >= Piles || m.To < 0 || m.To >= Piles || m.From == m.To {
			return false
		}
		p := l.Piles[m.From]
		k := len(p) - int(m.N)
		if m.N == 0 || k < l.Down[m.From] {
			return false
		}
		return canPlace(l, int(m.To), p[k])
	}
	return false
}

// Effect says what a move did.
type Effect struct {
	Flipped   bool // a face-down card was turned up
	Found     bool // a card went to a foundation
	FromWaste bool // a card left the waste
}

// Progress tells whether the move made progress: a card to a foundation,
// a card turned face up, or a card out of the waste.
func (e Effect) Progress() bool { return e.Flipped || e.Found || e.FromWaste }

// Apply plays legal move m for seat. A face-down card left on top of a
// pile is turned up at once. Deal turns min(3, stock) cards; Recycle turns
// the waste over as the stock.
func (g *Game) Apply(seat int, m Move) Effect {
	l := &g.Layouts[seat]
	var e Effect
	switch m.Kind {
	case WasteToFound:
		c := l.Waste[len(l.Waste)-1]
		l.Waste = l.Waste[:len(l.Waste)-1]
		g.Found[m.Found] = append(g.Found[m.Found], Card{c, uint8(seat)})
		e.Found, e.FromWaste = true, true
	case WasteToPile:
		c := l.Waste[len(l.Waste)-1]
		l.Waste = l.Waste[:len(l.Waste)-1]
		l.Piles[m.To] = append(l.Piles[m.To], c)
		e.FromWaste = true
	case PileToFound:
		p := l.Piles[m.From]
		g.Found[m.Found] = append(g.Found[m.Found], Card{p[len(p)-1], uint8(seat)})
		l.Piles[m.From] = p[:len(p)-1]
		e.Found = true
		e.Flipped = flip(l, int(m.From))
	case PileToPile:
		p := l.Piles[m.From]
		k := len(p) - int(m.N)
		l.Piles[m.To] = append(l.Piles[m.To], p[k:]...)
		l.Piles[m.From] = p[:k]
		e.Flipped = flip(l, int(m.From))
	case Deal:
		for n := 0; n < 3 && len(l.Stock) > 0; n++ {
			TurnOne(l)
		}
	case Recycle:
		RecycleWaste(l)
	}
	return e
}

// TurnOne turns the stock's top card onto the waste.
func TurnOne(l *Layout) {
	c := l.Stock[len(l.Stock)-1]
	l.Stock = l.Stock[:len(l.Stock)-1]
	l.Waste = append(l.Waste, c)
}

// RecycleWaste turns the waste over, without shuffling, as the new stock:
// the waste's first card becomes the stock's top.
func RecycleWaste(l *Layout) {
	for i := len(l.Waste) - 1; i >= 0; i-- {
		l.Stock = append(l.Stock, l.Waste[i])
	}
	l.Waste = l.Waste[:0]
}

func flip(l *Layout, i int) bool {
	if l.Down[i] > 0 && len(l.Piles[i]) == l.Down[i] {
		l.Down[i]--
		return true
	}
	return false
}

// Validate checks every invariant: each seat's 52 cards are all there
// exactly once (in his layout or, with him as owner, on the foundations);
// a non-empty pile has its top card face up; the face-up part of a pile
// builds down in alternating colours; every foundation is an Ace and its
// successors in suit.
func (g *Game) Validate() error {
	if len(g.Found) != 4*len(g.Layouts) {
		return fmt.Errorf("%d foundations for %d players", len(g.Found), len(g.Layouts))
	}
	seen := make([][64]uint8, len(g.Layouts))
	count := func(seat int, c engine.Card, where string) error {
		if !c.Valid() || c.IsJoker() {
			return fmt.Errorf("seat %d: %v in %s is not a card", seat+1, c, where)
		}
		seen[seat][c]++
		return nil
	}
	for s := range g.Layouts {
		l := &g.Layouts[s]
		for i := range Piles {
			p := l.Piles[i]
			if l.Down[i] < 0 || l.Down[i] > len(p) || (len(p) > 0 && l.Down[i] == len(p)) {
				return fmt.Errorf("seat %d pile %d: %d cards, %d face down", s+1, i+1, len(p), l.Down[i])
			}
			for k, c := range p {
				if err := count(s, c, "a pile"); err != nil {
					return err
				}
				if k > l.Down[i] && !buildsOn(c, p[k-1]) {
					return fmt.Errorf("seat %d pile %d: %v on %v", s+1, i+1, c, p[k-1])
				}
			}
		}
		for _, c := range l.Stock {
			if err := count(s, c, "the stock"); err != nil {
				return err
			}
		}
		for _, c := range l.Waste {
			if err := count(s, c, "the waste"); err != nil {
				return err
			}
		}
	}
	for f, p := range g.Found {
		for k, c := range p {
			if int(c.Owner) >= len(g.Layouts) {
				return fmt.Errorf("foundation %d: %v owned by seat %d", f+1, c.Card, c.Owner+1)
			}
			if err := count(int(c.Owner), c.Card, "a foundation"); err != nil {
				return err
			}
			if c.Rank() != k+1 || (k > 0 && c.Suit() != p[0].Suit()) {
				return fmt.Errorf("foundation %d: %v at height %d", f+1, c.Card, k+1)
			}
		}
	}
	for s := range seen {
		for r := 1; r <= 13; r++ {
			for su := 0; su < 4; su++ {
				if n := seen[s][engine.NewCard(r, su)]; n != 1 {
					return fmt.Errorf("seat %d: %v %d times", s+1, engine.NewCard(r, su), n)
				}
			}
		}
	}
	return nil
}
