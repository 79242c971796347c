package engine

import (
	"errors"
	"fmt"
)

// Game is a rule set made ready for play: the Rules plus what follows from
// them. States point to their Game.
type Game struct {
	Rules     Rules
	piles     int
	reserves  int
	cells     int
	founds    int
	ranks     int
	topRank   int // the rank that fills a King-only space: the rank below the base
	symPiles  bool
	symReserv bool
	upRuns    bool // every pile's face-up cards are a built run in every position (upRunsRule)
	joker     bool // the game has a Joker (Rules.Joker)
	realCards int  // cards a win puts on the foundations: all but the Joker
	// fitMask[t] is the set of cards that may be built on card t in a
	// pile: bit c is set when card c fits on t. Cards are below 64, so a
	// set of cards is one word.
	fitMask [64]uint64
	// hostMask[c] is the set of cards that card c may be built on: bit t
	// is set when c is in fitMask[t].
	hostMask [64]uint64
	// runPattern[t] is the set of cards runPatternRule admits for a run
	// topped by card t.
	runPattern [64]uint64
	// chainMask[t] is the set of cards that continue a movable run on
	// card t: fitMask[t], of t's suit only when runs are same-suit.
	chainMask [64]uint64
	// fillMask[b] is the set of cards that may head a group put on an
	// empty pile when the foundations start with rank b.
	fillMask [16]uint64
	// fillRanks[b] is the ranks of the real cards of fillMask[b], bit r
	// for rank r: the fill rules ask a real card only for its rank.
	fillRanks [16]uint16
	// suitFits[a] is, in builds down by rank, the set of the suits b
	// (bit b) such that a card of suit a fits on a card of suit b one rank
	// above it: the build's test but for rank.
	suitFits [4]uint8
	// nextBit[b][h] is the set holding the clubs card that a foundation
	// of h cards built from rank b takes next (shifted by the suit, the
	// card of any suit): from the Ace rank h+1, as foundationFor asks;
	// from another base empty when the foundation is complete.
	nextBit [16][16]uint64
}

// NewGame checks the rules and prepares a Game.
func NewGame(r Rules) (*Game, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	r.Deal = append([]PileDeal(nil), r.Deal...)
	g := &Game{Rules: r, piles: len(r.Deal), reserves: r.Reserves, cells: r.Cells,
		founds: r.Foundations(), ranks: r.Ranks, joker: r.Joker, realCards: r.RealCards()}
	for h := 0; h < 14; h++ {
		g.nextBit[1][h] = bit(NewCard(h+1, 0)) // as foundationFor: rank h+1 from the Ace
	}
	for b := 2; b <= g.ranks; b++ {
		for h := 0; h < g.ranks; h++ {
			g.nextBit[b][h] = bit(NewCard(g.rankAt(b, h), 0))
		}
	}
	if r.Build != BuildUpDownSuit {
		for a := range 4 {
			for b := range 4 {
				if g.fitsRule(NewCard(1, a), NewCard(2, b)) {
					g.suitFits[a] |= 1 << b
				}
			}
		}
	}
	g.symPiles = r.StockTo != StockToPiles
	g.symReserv = r.StockTo != StockToReserves
	g.upRuns = upRunsRule(&r)
	for c := Card(0); c < 64; c++ {
		for t := Card(0); t < 64; t++ {
			if c.Valid() && t.Valid() && c.Rank() <= g.ranks && t.Rank() <= g.ranks && g.fitsRule(c, t) {
				g.fitMask[t] |= 1 << c
				g.hostMask[c] |= 1 << t
				if r.Unit != UnitSameSuitRun || c.Suit() == t.Suit() {
					g.chainMask[t] |= 1 << c
				}
			}
		}
		for t := Card(0); t < 64; t++ {
			if g.runPatternRule(c, t) {
				g.runPattern[t] |= 1 << c
			}
		}
		for b := 1; b < len(g.fillMask); b++ {
			if g.fillRule(c, b) {
				g.fillMask[b] |= 1 << c
				if c.Valid() && c != Joker && c.Rank() <= g.ranks {
					g.fillRanks[b] |= 1 << c.Rank()
				}
			}
		}
	}
	return g, nil
}

// MustGame is NewGame for rules known to be valid; it panics otherwise.
func MustGame(r Rules) *Game {
	g, err := NewGame(r)
	if err != nil {
		panic(err)
	}
	return g
}

// Piles is the number of tableau piles.
func (g *Game) Piles() int { return g.piles }

// State is a position of a game, a value type: copying it copies the
// position. Layout:
//
//	cards  every card that is not on a foundation nor in a cell, grouped by
//	       location in buffer order: the talon (location 0), then piles
//	       1..P, then reserves. Location l spans cards[start(l):end[l]],
//	       start(0) = 0, start(l) = end[l-1]; each spans bottom to top.
//	talon  the stock and the waste as one sequence in turning order:
//	       cards[0:waste] is the waste (its top at waste-1) and
//	       cards[waste:end[0]] the stock, turned next from index waste.
//	       Drawing only moves waste forward; recycling sets it to 0, which
//	       is exactly turning the waste over without shuffling.
//	down   face-down cards at the bottom of each pile
//	found  cards on each foundation; foundation i holds suit i%4, built
//	       from base rank up (wrapping when the rules say so)
//	cells  holdout cells, NoCard when empty
//	run    the number of cards from the top of each pile that may move
//	       together (the whole face-up part, the top card only, or the
//	       longest run from the top whose cards chain: each fits on the
//	       one below it, in one suit when runs must be), 0 when it is empty
//	jk     where the Joker is (Joker Klondike): jkInPlay when it is a card
//	       of the buffer (in a pile, the waste or the stock) or the game
//	       has none, 1+f when it is on foundation f, jkWait when it waits
//	       off the table for the next Ace
//	jkRank the rank the Joker stands for on its foundation (its suit is
//	       the foundation's), 0 when it is on none. found[f] counts the
//	       Joker among foundation f's cards: the next real card to go on
//	       is still rank found[f]+1, and the real card of rank jkRank is
//	       in play until it takes the Joker's place (the release move).
//
// The State carries a pointer to its Game; nothing else is shared. It is
// 168 bytes (8 for the pointer, 160 of arrays and bytes).
type State struct {
	g        *Game
	cards    [MaxCards]Card
	end      [locBuffers]uint8
	down     [MaxPiles]uint8
	found    [MaxFoundations]uint8
	cells    [MaxCells]Card
	run      [MaxPiles]uint8
	waste    uint8
	recycles uint8
	base     uint8 // rank every foundation starts with
	jk       uint8 // where the Joker is: jkInPlay, 1+foundation, or jkWait
	jkRank   uint8 // the rank the Joker stands for on its foundation, else 0
}

// The Joker's whereabouts in State.jk; 1..MaxFoundations is 1+f for the
// Joker on foundation f. Every value is below 64 so that keys can carry it
// as a card-sized byte.
const (
	jkInPlay = 0  // a card of the buffer (pile, waste, stock), or no Joker
	jkWait   = 15 // off the table, waiting for the next Ace
)

// JokerWhere says where the Joker is.
type JokerWhere uint8

// Joker whereabouts.
const (
	JokerAbsent       JokerWhere = iota // the game has no Joker
	JokerInPlay                         // in a pile, the waste or the stock
	JokerOnFoundation                   // on a foundation, standing for a card
	JokerWaiting                        // off the table, waiting for the next Ace
)

// JokerAt tells where the Joker is. When it is on a foundation, f is that
// foundation and stands the real card it stands for; otherwise f is -1 and
// stands NoCard.
func (s *State) JokerAt() (where JokerWhere, f int, stands Card) {
	switch {
	case !s.g.joker:
		return JokerAbsent, -1, NoCard
	case s.jk == jkInPlay:
		return JokerInPlay, -1, NoCard
	case s.jk == jkWait:
		return JokerWaiting, -1, NoCard
	}
	f = int(s.jk) - 1
	return JokerOnFoundation, f, NewCard(int(s.jkRank), f&3)
}

// jokerFound returns the foundation the Joker is on, or -1.
func (s *State) jokerFound() int {
	if s.jk >= 1 && s.jk <= MaxFoundations {
		return int(s.jk) - 1
	}
	return -1
}

// open tells whether foundation f is open in the sense of Joker Klondike:
// it holds at least its Ace, it is not complete (its next rank is at most
// the top rank) and the Joker is not on it. Joker games start every
// foundation with the Ace.
func (s *State) open(f int) bool {
	h := int(s.found[f])
	return h >= 1 && h < s.g.ranks && int(s.jk) != f+1
}

// openMask returns the open foundations as a bit set.
func (s *State) openMask() uint8 {
	var m uint8
	for f := 0; f < s.g.founds; f++ {
		if s.open(f) {
			m |= 1 << f
		}
	}
	return m
}

// placeJoker puts the Joker on foundation f as its next card.
func (s *State) placeJoker(f int) {
	s.found[f]++
	s.jk = uint8(f + 1)
	s.jkRank = s.found[f]
}

// Game returns the state's game.
func (s *State) Game() *Game { return s.g }

func (s *State) start(l Loc) int {
	if l == 0 {
		return 0
	}
	return int(s.end[l-1])
}

// Loc returns the cards of a buffer location (talon, pile or reserve),
// bottom to top. The slice aliases the state.
func (s *State) loc(l Loc) []Card { return s.cards[s.start(l):s.end[l]] }

// Pile returns pile i's cards, bottom to top; the first Down(i) are face
// down. The slice aliases the state: do not keep it past a change.
func (s *State) Pile(i int) []Card { return s.loc(LocPile0 + Loc(i)) }

// Down returns the number of face-down cards of pile i.
func (s *State) Down(i int) int { return int(s.down[i]) }

// Reserve returns reserve i's cards, bottom to top.
func (s *State) Reserve(i int) []Card { return s.loc(LocReserve0 + Loc(i)) }

// Waste returns the waste, bottom to top.
func (s *State) Waste() []Card { return s.cards[:s.waste] }

// Stock returns the stock in turning order: the first card is turned next.
func (s *State) Stock() []Card { return s.cards[s.waste:s.end[0]] }

// Cell returns the card in cell i, or NoCard.
func (s *State) Cell(i int) Card { return s.cells[i] }

// Foundation returns the number of cards on foundation i, counting the
// Joker when it is there.
func (s *State) Foundation(i int) int { return int(s.found[i]) }

// Base returns the rank every foundation starts with.
func (s *State) Base() int { return int(s.base) }

// Recycles returns the number of times the waste has been turned over.
func (s *State) Recycles() int { return int(s.recycles) }

// FoundationTop returns the top card of foundation i (the Joker when it
// is the top), or NoCard.
func (s *State) FoundationTop(i int) Card {
	h := int(s.found[i])
	if h == 0 {
		return NoCard
	}
	if int(s.jk) == i+1 && int(s.jkRank) == h {
		return Joker
	}
	return NewCard(s.g.rankAt(int(s.base), h-1), i&3)
}

// rankAt returns the rank k steps above base, wrapping.
func (g *Game) rankAt(base, k int) int { return (base-1+k)%g.ranks + 1 }

// FoundationCards returns the number of real cards on all foundations
// (the Joker, when it is on one, is not counted).
func (s *State) FoundationCards() int {
	n := 0
	for i := 0; i < s.g.founds; i++ {
		n += int(s.found[i])
	}
	if s.jokerFound() >= 0 {
		n--
	}
	return n
}

// Won tells whether every real card is on the foundations, wherever the
// Joker is (on a foundation, waiting, in the stock or on the waste).
func (s *State) Won() bool { return s.FoundationCards() == s.g.realCards }

// NewState builds the state a layout describes, after checking it against
// the game's rules.
func (g *Game) NewState(l Layout) (State, error) {
	var s State
	s.g = g
	if err := CheckCards(&g.Rules, l); err != nil {
		return s, err
	}
	if err := g.checkUpRuns(l); err != nil {
		return s, err
	}
	r := &g.Rules
	if len(l.Reserves) != 0 && len(l.Reserves) != r.Reserves {
		return s, fmt.Errorf("%s, want %d", plural(len(l.Reserves), "reserve"), r.Reserves)
	}
	if len(l.Cells) > r.Cells {
		return s, fmt.Errorf("%s, the game has %d", plural(len(l.Cells), "cell"), r.Cells)
	}
	if len(l.Waste) > 0 && r.StockTo != StockToWaste {
		return s, errors.New("the game has no waste but the deal has one")
	}
	if r.Passes > 0 && l.Recycles >= r.Passes {
		passes := plural(r.Passes, "pass") + " through the stock"
		if r.Passes == 1 {
			passes = "one pass through the stock"
		}
		return s, fmt.Errorf("%s done but the game allows %s", plural(l.Recycles, "recycle"), passes)
	}
	s.base = 1
	if r.BaseDealt {
		base := 0
		for _, f := range l.Foundations {
			if len(f) > 0 {
				base = f[0].Rank()
				break
			}
		}
		if base == 0 {
			return s, errors.New("the game deals the foundation base but no foundation is started")
		}
		s.base = uint8(base)
	}
	// Foundations: each given pile goes to a foundation of its suit.
	slots, err := g.foundationSlots(l, int(s.base))
	if err != nil {
		return s, err
	}
	for j, f := range l.Foundations {
		i := slots[j]
		if i < 0 {
			continue
		}
		s.found[i] = uint8(len(f))
		for k, c := range f {
			if c == Joker {
				s.jk, s.jkRank = uint8(i+1), uint8(k+1)
			}
		}
	}
	if l.JokerWaiting {
		s.jk = jkWait
	}
	n := 0
	put := func(cs []Card) {
		n += copy(s.cards[n:], cs)
	}
	put(l.Waste)
	for i := len(l.Stock) - 1; i >= 0; i-- {
		s.cards[n] = l.Stock[i]
		n++
	}
	s.waste = uint8(len(l.Waste))
	s.end[0] = uint8(n)
	for i := 0; i < MaxPiles; i++ {
		if i < len(l.Piles) {
			put(l.Piles[i])
			d := 0
			if i < len(l.FaceDown) {
				d = l.FaceDown[i]
			}
			s.down[i] = uint8(d)
		}
		s.end[LocPile0+Loc(i)] = uint8(n)
	}
	for i := 0; i < MaxReserves; i++ {
		if i < len(l.Reserves) {
			put(l.Reserves[i])
		}
		s.end[LocReserve0+Loc(i)] = uint8(n)
	}
	for i, c := range l.Cells {
		s.cells[i] = c
	}
	s.recycles = uint8(l.Recycles)
	for i := 0; i < g.piles; i++ {
		s.setRun(i)
	}
	if err := s.Validate(); err != nil {
		return s, err
	}
	return s, nil
}

// upRunsRule tells whether every pile's face-up cards form a built run
// (each fits on the one under it) in every position of a game of rules r:
// the deal turns at most one card of a pile face up; a card comes to a
// pile only onto a card it fits on, or onto an empty pile (no stock is
// dealt onto the piles); and cards leave a pile only as a built run from
// its top (not Yukon's any face-up card with what lies on it), or the top
// card up or turned. The Joker's games are left out.
func upRunsRule(r *Rules) bool {
	if r.StockTo == StockToPiles || r.Unit == UnitAnyFaceUp || r.Joker {
		return false
	}
	for _, d := range r.Deal {
		if d.Up > 1 {
			return false
		}
	}
	return true
}

// checkUpRuns refuses a layout that no play of the game can reach because
// a pile's face-up cards are not a built run where they always are
// (upRunsRule): most often a position of another game.
func (g *Game) checkUpRuns(l Layout) error {
	if !g.upRuns {
		return nil
	}
	for i, p := range l.Piles {
		for k := l.FaceDown[i] + 1; k < len(p); k++ {
			if !g.fits(p[k], p[k-1]) {
				return fmt.Errorf("tableau pile %d: %v lies face up on %v, which it does not build on; this game's face-up cards are always built runs (a position of another game?)", i+1, p[k], p[k-1])
			}
		}
	}
	return nil
}

// foundationSlots matches each foundation of l to a foundation of the
// state: foundation i of a state holds suit i%4, so a started pile goes to
// the first free foundation of its suit. slots[j] is the state's
// foundation for l.Foundations[j], or -1 when that pile is empty. base is
// the rank every foundation starts with.
func (g *Game) foundationSlots(l Layout, base int) ([]int, error) {
	slots := make([]int, len(l.Foundations))
	var used [MaxFoundations]bool
	for j, f := range l.Foundations {
		slots[j] = -1
		if len(f) == 0 {
			continue
		}
		if f[0] == Joker {
			return nil, errors.New("a foundation starts with the Joker: it must start with its Ace (the Joker never stands for an Ace)")
		}
		if f[0].Rank() != base {
			return nil, fmt.Errorf("foundation starting with %v: it must start with rank %d", f[0], base)
		}
		for i := f[0].Suit(); i < g.founds; i += 4 {
			if !used[i] {
				used[i], slots[j] = true, i
				break
			}
		}
		if slots[j] < 0 {
			return nil, fmt.Errorf("too many foundations of suit %c", suitLetters[f[0].Suit()])
		}
	}
	return slots, nil
}

// Layout writes the state out plainly.
func (s *State) Layout() Layout {
	g := s.g
	var l Layout
	for i := 0; i < g.piles; i++ {
		l.Piles = append(l.Piles, append([]Card{}, s.Pile(i)...))
		l.FaceDown = append(l.FaceDown, s.Down(i))
	}
	st := s.Stock()
	l.Stock = make([]Card, len(st))
	for i, c := range st {
		l.Stock[len(st)-1-i] = c
	}
	l.Waste = append([]Card{}, s.Waste()...)
	l.Foundations = make([][]Card, g.founds)
	for i := range l.Foundations {
		l.Foundations[i] = []Card{}
		for k := 0; k < int(s.found[i]); k++ {
			c := NewCard(g.rankAt(int(s.base), k), i&3)
			if int(s.jk) == i+1 && int(s.jkRank) == k+1 {
				c = Joker
			}
			l.Foundations[i] = append(l.Foundations[i], c)
		}
	}
	l.JokerWaiting = s.jk == jkWait
	for i := 0; i < g.reserves; i++ {
		l.Reserves = append(l.Reserves, append([]Card{}, s.Reserve(i)...))
	}
	for i := 0; i < g.cells; i++ {
		l.Cells = append(l.Cells, s.cells[i])
	}
	l.Recycles = int(s.recycles)
	return l
}

// Validate checks the state's invariants: every card exactly as often as
// the game has it, face-down cards only under a face-up top, foundations
// within their suit's ranks, locations the game does not have empty, the
// stock position and recycles within bounds, and the Joker in exactly one
// place: in play, waiting, or on a foundation above its Ace standing for
// a card of that foundation's suit that is itself still in play.
func (s *State) Validate() error {
	g := s.g
	if g == nil {
		return errors.New("state has no game")
	}
	var count [64]int
	prev := uint8(0)
	for l := 0; l < locBuffers; l++ {
		if s.end[l] < prev {
			return fmt.Errorf("location %v ends before it starts", Loc(l))
		}
		prev = s.end[l]
	}
	if int(prev) > MaxCards {
		return fmt.Errorf("%d cards in the buffer", prev)
	}
	for _, c := range s.cards[:prev] {
		if !c.Valid() || (c != Joker && c.Rank() > g.ranks) {
			return fmt.Errorf("invalid card %v in play", c)
		}
		count[c]++
	}
	for i := 0; i < MaxCells; i++ {
		c := s.cells[i]
		if c == NoCard {
			continue
		}
		if i >= g.cells {
			return fmt.Errorf("cell %d is not in the game but holds %v", i+1, c)
		}
		if !c.Valid() {
			return fmt.Errorf("invalid card %v in cell %d", c, i+1)
		}
		count[c]++
	}
	switch jf := s.jokerFound(); {
	case !g.joker && (s.jk != jkInPlay || s.jkRank != 0):
		return fmt.Errorf("the game has no Joker but its place is %d (rank %d)", s.jk, s.jkRank)
	case s.jk == jkInPlay || s.jk == jkWait:
		if s.jkRank != 0 {
			return fmt.Errorf("the Joker is on no foundation but stands for rank %d", s.jkRank)
		}
		if s.jk == jkWait {
			count[Joker]++
		}
	case jf < 0 || jf >= g.founds:
		return fmt.Errorf("the Joker's place %d is no foundation of the game", s.jk)
	case s.jkRank < 2 || s.jkRank > s.found[jf] || int(s.jkRank) > g.ranks || s.base != 1:
		return fmt.Errorf("the Joker stands for rank %d on foundation %d of %s", s.jkRank, jf+1, plural(int(s.found[jf]), "card"))
	default:
		count[Joker]++
	}
	for i := 0; i < MaxFoundations; i++ {
		h := int(s.found[i])
		if h > 0 && i >= g.founds {
			return fmt.Errorf("foundation %d is not in the game but holds cards", i+1)
		}
		if h > g.ranks {
			return fmt.Errorf("foundation %d holds %d cards", i+1, h)
		}
		for k := 0; k < h; k++ {
			if int(s.jk) == i+1 && int(s.jkRank) == k+1 {
				continue // the Joker's place: its real card is elsewhere
			}
			count[NewCard(g.rankAt(int(s.base), k), i&3)]++
		}
	}
	for suit := 0; suit < 4; suit++ {
		for rank := 1; rank <= g.ranks; rank++ {
			if n := count[NewCard(rank, suit)]; n != g.Rules.Decks {
				return fmt.Errorf("card %v appears %s, want %s", NewCard(rank, suit), times(n), times(g.Rules.Decks))
			}
		}
	}
	if g.Rules.Joker != (count[Joker] == 1) || count[Joker] > 1 {
		return fmt.Errorf("the Joker appears %d times", count[Joker])
	}
	for i := 0; i < MaxPiles; i++ {
		n := len(s.Pile(i))
		if i >= g.piles {
			if n > 0 || s.down[i] > 0 {
				return fmt.Errorf("pile %d is not in the game but holds cards", i+1)
			}
			continue
		}
		if d := int(s.down[i]); d > 0 && d >= n {
			return fmt.Errorf("pile %d has %s of %d: its top must be face up", i+1, plural(d, "face-down card"), n)
		}
		if want := g.runCount(s.Pile(i), int(s.down[i])); int(s.run[i]) != want {
			return fmt.Errorf("pile %d has a movable run of %s but %d recorded", i+1, plural(want, "card"), s.run[i])
		}
	}
	for i := g.reserves; i < MaxReserves; i++ {
		if len(s.Reserve(i)) > 0 {
			return fmt.Errorf("reserve %d is not in the game but holds cards", i+1)
		}
	}
	if s.waste > s.end[0] {
		return fmt.Errorf("waste of %s in a talon of %d", plural(int(s.waste), "card"), s.end[0])
	}
	if g.Rules.StockTo != StockToWaste && s.waste != 0 {
		return errors.New("a waste in a game that has none")
	}
	if g.Rules.Passes > 0 && int(s.recycles) >= g.Rules.Passes {
		return fmt.Errorf("%s with %s", plural(int(s.recycles), "recycle"), plural(g.Rules.Passes, "pass"))
	}
	if s.base < 1 || int(s.base) > g.ranks {
		return fmt.Errorf("foundation base rank %d", s.base)
	}
	return nil
}
