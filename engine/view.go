package engine

import (
	"fmt"
	"math/rand/v2"
	"slices"
)

// Unknown stands in a View for a card the viewer cannot see. It is not a
// valid card: nothing builds on it, it goes to no foundation and fills no
// space, so move generation on a View's state never plays it.
const Unknown Card = 15 << 2

// Memory says which talon (stock and waste) cards a player knows: the
// information model of a game played without seeing every card. The
// face-down pile cards are hidden in every model.
type Memory uint8

const (
	// RememberNone: only the waste's top card of the talon is known.
	RememberNone Memory = iota
	// RememberTalon: every talon card once turned up is known: the whole
	// waste, and after a recycle the stock's order too (it is the old
	// waste turned over). The unturned stock is hidden.
	RememberTalon
	// RememberStock: the whole talon is known from the deal on, the
	// unturned stock's order included; only the face-down pile cards are
	// hidden. It is the information of the published hindsight players
	// of Klondike (Bjarnason, Fern and Tadepalli 2009; lonelybot's hop
	// player, whose hidden cards are the tableau's only), not a person's.
	RememberStock
)

var memoryNames = [...]string{"none", "talon", "stock"}

// String names the memory as ParseMemory reads it: none, talon or stock.
func (m Memory) String() string {
	if int(m) < len(memoryNames) {
		return memoryNames[m]
	}
	return fmt.Sprintf("Memory(%d)", m)
}

// ParseMemory reads a memory's name: none, talon or stock.
func ParseMemory(name string) (Memory, error) {
	for i, n := range memoryNames {
		if n == name {
			return Memory(i), nil
		}
	}
	return 0, fmt.Errorf("memory %q: want none, talon or stock", name)
}

// Table holds a game as a player sees it played: the true state, which
// only the Table reads, and what the player has seen of the talon. A
// player is given Views, never the State; the Table is the referee.
type Table struct {
	s      State
	memory Memory
	seen   int      // talon cards 0..seen-1 have been turned up at least once
	parts  posParts // hashes of the position's piles and talon (PositionHash)
}

// NewTable starts a game at state s (usually a fresh deal) for a player
// with the given memory. Cards already in the waste count as seen.
func NewTable(s State, memory Memory) *Table {
	t := &Table{s: s, memory: memory, seen: int(s.waste)}
	t.s.fullParts(&t.parts)
	return t
}

// Moves appends the legal moves. They depend only on what is face up, so
// a player learns nothing hidden from them.
func (t *Table) Moves(dst []Move) []Move { return t.s.Moves(dst) }

// Play plays a legal move (one Moves returned) and keeps track of the
// talon cards the player has seen: a draw shows the cards it turns; a card
// leaving the waste takes its place among the seen ones with it. The talon
// keeps its order otherwise (recycling only resets the waste position), so
// the seen cards are always the talon's first seen cards in turning order.
func (t *Table) Play(m Move) {
	t.s.Apply(m)
	switch {
	case m.Kind() == KindDraw:
		t.seen = max(t.seen, int(t.s.waste))
	case m.Kind() == KindMove && m.From() == LocWaste:
		t.seen--
	}
	t.s.updateParts(m, &t.parts)
}

// Won, FoundationCards, Recycles and Game report public facts of the game.
func (t *Table) Won() bool            { return t.s.Won() }
func (t *Table) FoundationCards() int { return t.s.FoundationCards() }
func (t *Table) Game() *Game          { return t.s.g }

// AppendPositionKey appends a key that tells positions of this game apart
// exactly, the waste position included (AppendKey folds the positions of a
// draw cycle together; a player who draws one packet at a time must not).
// Two positions of one game with equal keys show the player the same thing
// and have the same future.
func (t *Table) AppendPositionKey(dst []byte) []byte { return t.s.AppendPositionKey(dst) }

// AppendPositionKey appends the position key (Table.AppendPositionKey) of
// s, for the referee's bookkeeping of states it got from ChildPosition.
func (s *State) AppendPositionKey(dst []byte) []byte {
	dst = s.AppendKey(dst)
	return append(dst, keyTalonSep, s.waste)
}

// Reveal returns the true state. It is for the referee's own bookkeeping
// and for tests; a player must never be given it.
func (t *Table) Reveal() State { return t.s }

// View returns what the player sees now.
func (t *Table) View() View {
	v := View{s: t.s}
	s := &v.s
	n := 0
	hide := func(i int) {
		v.unseen[n] = s.cards[i]
		s.cards[i] = Unknown
		n++
	}
	// The talon: the waste's top is always visible; with memory every
	// card turned before is too, and the whole talon when the player
	// knows the stock.
	talon := int(s.end[0])
	for i := 0; i < talon && t.memory != RememberStock; i++ {
		visible := i == int(s.waste)-1 || (t.memory == RememberTalon && i < t.seen)
		if !visible {
			hide(i)
		}
	}
	for p := 0; p < s.g.piles; p++ {
		start := s.start(LocPile0 + Loc(p))
		for i := start; i < start+int(s.down[p]); i++ {
			hide(i)
		}
	}
	v.n = uint8(n)
	slices.Sort(v.unseen[:n])
	return v
}

// View is a position as a player sees it: the true state with every card
// the player cannot see replaced by Unknown, and the multiset of those
// cards (which anyone can work out from the cards in sight). It holds no
// trace of where the hidden cards are.
type View struct {
	s      State
	unseen [MaxCards]Card
	n      uint8
}

// State returns the masked state: a copy the player may inspect and play
// moves on. Moves generated on it are the true legal moves; a move that
// would turn a hidden card shows Unknown there.
func (v *View) State() State { return v.s }

// Unseen returns the cards the player cannot see, sorted.
func (v *View) Unseen() []Card { return v.unseen[:v.n] }

// Hidden returns how many cards are hidden.
func (v *View) Hidden() int { return int(v.n) }

// Sample returns a full state consistent with the view: the unseen cards
// dealt into the hidden places in a uniformly random order drawn from
// rng. Every state the player cannot tell from the true one is equally
// likely.
func (v *View) Sample(rng *rand.Rand) State {
	s := v.s
	cards := v.unseen
	hid := cards[:v.n]
	Shuffle(hid, rng)
	s.FillUnknown(hid)
	return s
}

// SampleHidden appends to dst the unseen cards in a uniformly random order
// drawn from rng, as Sample deals them: FillUnknown(hidden) on the view's
// state is Sample's state, drawn with the same random numbers. A sample
// kept this way is dealt again into any position the player reaches from
// the view without turning a hidden card (FillUnknown).
func (v *View) SampleHidden(rng *rand.Rand, dst []Card) []Card {
	n := len(dst)
	dst = append(dst, v.unseen[:v.n]...)
	Shuffle(dst[n:], rng)
	return dst
}

// FillUnknown deals hidden into the places of s that hold Unknown, in
// buffer order (the talon from its first card, then each pile bottom up),
// which is the order of SampleHidden. The hidden places keep that order
// while a game goes on: face-down cards never move and the talon keeps
// its order, so a player's sample of the hidden cards, made at one
// position, fills any position he reaches from it by moves that turn no
// hidden card. hidden must hold at least as many cards as s has
// Unknowns; FillUnknown returns how many it used.
func (s *State) FillUnknown(hidden []Card) int {
	k := 0
	total := int(s.end[locBuffers-1])
	for i := 0; i < total; i++ {
		if s.cards[i] == Unknown {
			s.cards[i] = hidden[k]
			k++
		}
	}
	return k
}

// AppendChildPositionKey appends the position key (AppendPositionKey) of
// the position legal move m leads to, without playing it. The referee uses
// it to keep a player from going back to a position already played; it
// tells the player nothing more than his own record of the game would.
func (t *Table) AppendChildPositionKey(dst []byte, m Move) []byte {
	c := t.s
	c.Apply(m)
	return c.AppendPositionKey(dst)
}

// DownCards returns the number of face-down cards on all piles.
func (s *State) DownCards() int {
	n := 0
	for i := 0; i < s.g.piles; i++ {
		n += int(s.down[i])
	}
	return n
}

// HasUnknown tells whether l has a card not seen (Unknown) anywhere.
func (l Layout) HasUnknown() bool {
	for _, cs := range [][]Card{l.Stock, l.Waste, l.Cells} {
		if slices.Contains(cs, Unknown) {
			return true
		}
	}
	for _, ps := range [][][]Card{l.Piles, l.Foundations, l.Reserves} {
		for _, p := range ps {
			if slices.Contains(p, Unknown) {
				return true
			}
		}
	}
	return false
}

// NewView builds the View of a position a player writes down from a game
// in progress: l holds Unknown ("??" in the text format) for every card he
// has not seen, which may stand only among a pile's face-down cards, in the
// stock, and in the waste under its top card. The unseen cards are those of
// the game not in sight; there must be exactly one Unknown for each. The
// layout with its Unknowns filled is checked as NewState checks a deal, so
// a position that cannot arise is refused with NewState's one-line error.
func (g *Game) NewView(l Layout) (View, error) {
	var v View
	unknown := 0
	for i, p := range l.Piles {
		d := 0
		if i < len(l.FaceDown) {
			d = l.FaceDown[i]
		}
		for k, c := range p {
			if c == Unknown {
				if k >= d {
					return v, fmt.Errorf("tableau pile %d: a face-up card is ?? (only face-down cards may be unseen)", i+1)
				}
				unknown++
			}
		}
	}
	for _, c := range l.Stock {
		if c == Unknown {
			unknown++
		}
	}
	for k, c := range l.Waste {
		if c == Unknown {
			if k == len(l.Waste)-1 {
				return v, fmt.Errorf("the waste's top card is ?? (it is face up)")
			}
			unknown++
		}
	}
	for _, ps := range [][][]Card{l.Foundations, l.Reserves} {
		for _, p := range ps {
			if slices.Contains(p, Unknown) {
				return v, fmt.Errorf("a foundation or reserve card is ?? (only face-down, stock and waste cards may be unseen)")
			}
		}
	}
	if slices.Contains(l.Cells, Unknown) {
		return v, fmt.Errorf("a cell holds ?? (only face-down, stock and waste cards may be unseen)")
	}
	// The cards not in sight: each card of the game as often as it has
	// it, less the copies seen (too many copies seen is CheckCards' error).
	var seen [64]int
	count := func(cs []Card) {
		for _, c := range cs {
			if c != Unknown && c != NoCard && c.Valid() {
				seen[c]++
			}
		}
	}
	count(l.Stock)
	count(l.Waste)
	count(l.Cells)
	for _, ps := range [][][]Card{l.Piles, l.Foundations, l.Reserves} {
		for _, p := range ps {
			count(p)
		}
	}
	if l.JokerWaiting {
		seen[Joker]++
	}
	for c, n := range seen {
		if want := g.Rules.Decks; Card(c) == Joker && n > 1 || Card(c) != Joker && n > want {
			return v, fmt.Errorf("card %v appears %s", Card(c), times(n))
		}
	}
	var missing []Card
	for suit := 0; suit < 4; suit++ {
		for rank := 1; rank <= g.ranks; rank++ {
			c := NewCard(rank, suit)
			for k := seen[c]; k < g.Rules.Decks; k++ {
				missing = append(missing, c)
			}
		}
	}
	if g.joker && seen[Joker] == 0 {
		missing = append(missing, Joker)
	}
	if len(missing) != unknown {
		are := " are"
		if len(missing) == 1 {
			are = " is"
		}
		return v, fmt.Errorf("%s%s not in sight but the position has %d unseen (??); write ?? for each card not seen", plural(len(missing), "card"), are, unknown)
	}
	if unknown > MaxCards {
		return v, fmt.Errorf("%d unseen cards", unknown)
	}
	full := l.Clone()
	k := 0
	fill := func(cs []Card) {
		for i, c := range cs {
			if c == Unknown {
				cs[i] = missing[k]
				k++
			}
		}
	}
	fill(full.Stock)
	fill(full.Waste)
	for _, p := range full.Piles {
		fill(p)
	}
	s, err := g.NewState(full)
	if err != nil {
		return v, err
	}
	// Mask the filled places again, where NewState put them: the waste
	// bottom up, then the stock top down, then each pile bottom up.
	for i, c := range l.Waste {
		if c == Unknown {
			s.cards[i] = Unknown
		}
	}
	for j := range l.Stock {
		if l.Stock[len(l.Stock)-1-j] == Unknown {
			s.cards[len(l.Waste)+j] = Unknown
		}
	}
	for p, cs := range l.Piles {
		start := s.start(LocPile0 + Loc(p))
		for i, c := range cs {
			if c == Unknown {
				s.cards[start+i] = Unknown
			}
		}
	}
	v.s = s
	copy(v.unseen[:], missing)
	v.n = uint8(len(missing))
	slices.Sort(v.unseen[:v.n])
	return v, nil
}
