package engine

import (
	"errors"
	"fmt"
	"math/bits"
)

// Limits of a Packed position.
const (
	MaxPackedPiles = 8  // tableau piles
	MaxPackedTalon = 32 // cards in the stock and the waste together
	MaxPackedCells = 2  // holdout cells
	maxPackedDown  = 15 // face-down cards of one pile
)

// Packed is a position of a one-deck game of the Klondike shape in 64
// bytes: the same position as a State, bit-packed. It plays the same moves
// in the same order as State.Moves, and Apply changes it as State.Apply
// does; State gives the State back. It holds games whose piles are always
// face-down cards under one built run (see Game.Packable).
//
// What never changes from the start of a game is not stored: a pile's
// face-down cards are only ever turned up from the top, and the talon keeps
// its turning order (cards leave it, none come in). Both are kept once, in
// the PackedDeal the position points to; the position records only how much
// of them is left. A face-up run is built down by rank from its bottom card,
// so it is its top card's rank, its length and its cards' suits. Layout:
//
//	d         8  the deal: its game, the face-down cards of each pile, the
//	             talon's cards in turning order at the start
//	suits    32  pile i's face-up cards' suits, 2 bits a card, the top
//	             card in bits 0-1, the card under it in bits 2-3, ...
//	pile      8  pile i: bits 0-3 the rank of its top card (0 when it is
//	             empty), bits 4-7 its face-up cards
//	down      4  pile i's face-down cards in bits 4i..4i+3
//	talon     4  bit k set when talon card k (the deal's turning order) is
//	             still in the talon
//	waste     1  the talon cards of index below waste are the waste, the
//	             others the stock (turned next from the lowest); waste is
//	             one past the waste's top card, 0 when the waste is empty
//	recycles  1  times the waste has been turned over
//	found     2  foundation f (suit f) holds bits 4f..4f+3 cards
//	cells     2  the holdout cells, NoCard when empty
//
// 62 bytes of fields, 64 with Go's alignment. A pile's top card is
// NewCard(rank, suits&3) and card k from the top NewCard(rank+k,
// suits>>2k&3); a group of k cards moves as the low 2k bits of suits.
type Packed struct {
	d        *PackedDeal
	suits    [MaxPackedPiles]uint32
	pile     [MaxPackedPiles]uint8
	down     uint32
	talon    uint32
	waste    uint8
	recycles uint8
	found    uint16
	cells    [MaxPackedCells]Card
}

// PackedDeal is what every Packed position from the same start shares:
// the game, the face-down cards of each pile and the talon in turning
// order. Pack makes one; it is read only afterwards.
type PackedDeal struct {
	g      *Game
	hidden [MaxPackedPiles][maxPackedDown]Card // hidden[i][k]: pile i's k-th face-down card from the bottom
	talon  [MaxPackedTalon]Card                // the talon at the start, in turning order
	won    uint16                              // Packed.found when every card is up
}

// Packable tells why positions of the game cannot be packed, or nil when
// they can: one deck, no Joker, the stock dealt to a waste, no reserves, at
// most MaxPackedCells cells and MaxPackedPiles piles, foundations from
// the Ace, runs built down by rank without wrapping, at most one face-up
// card dealt to each pile (so that a pile's face-up cards are always one
// built run), at most 15 face-down and a talon of at most MaxPackedTalon.
func (g *Game) Packable() error {
	r := &g.Rules
	switch {
	case r.Decks != 1:
		return errors.New("packed positions hold one deck")
	case r.Joker:
		return errors.New("packed positions hold no Joker")
	case r.StockTo != StockToWaste:
		return errors.New("packed positions deal the stock to a waste")
	case r.Reserves != 0:
		return errors.New("packed positions have no reserves")
	case r.Cells > MaxPackedCells:
		return fmt.Errorf("packed positions have at most %d cells", MaxPackedCells)
	case len(r.Deal) > MaxPackedPiles:
		return fmt.Errorf("packed positions have at most %d piles", MaxPackedPiles)
	case r.BaseDealt:
		return errors.New("packed positions build foundations from the Ace")
	case r.Wrap:
		return errors.New("packed positions hold runs built down by rank without wrapping from the Ace to the King")
	case r.Build == BuildUpDownSuit:
		return errors.New("packed positions hold runs built down by rank, not up or down in suit")
	case r.Unit == UnitAnyFaceUp:
		return errors.New("packed positions move built runs, not any face-up card with what lies on it")
	case r.StockCount() > MaxPackedTalon:
		return fmt.Errorf("packed positions hold a talon of at most %d cards", MaxPackedTalon)
	}
	for i, d := range r.Deal {
		if d.Up > 1 || d.Down > maxPackedDown {
			return fmt.Errorf("pile %d is dealt %d face-down and %d face-up cards: packed piles take at most %d and 1", i+1, d.Down, d.Up, maxPackedDown)
		}
	}
	return nil
}

// Pack returns the packed form of s, with a new PackedDeal holding its
// face-down cards and its talon: the start of a packed game. It fails when
// the game is not Packable or s is not a position a packed game holds (a
// pile whose face-up cards are no built run, a talon too long).
func Pack(s *State) (Packed, error) {
	var p Packed
	g := s.g
	if err := g.Packable(); err != nil {
		return p, err
	}
	d := &PackedDeal{g: g, won: uint16(g.ranks) * 0x1111}
	p.d = d
	for i := 0; i < g.piles; i++ {
		pile, down := s.Pile(i), int(s.down[i])
		if down > maxPackedDown {
			return p, fmt.Errorf("pile %d has %d face-down cards, more than %d", i+1, down, maxPackedDown)
		}
		copy(d.hidden[i][:], pile[:down])
		up := pile[down:]
		if down > 0 && len(up) == 0 {
			return p, fmt.Errorf("pile %d has %s and none face up", i+1, plural(down, "face-down card"))
		}
		for k := 1; k < len(up); k++ {
			if !g.fits(up[k], up[k-1]) {
				return p, fmt.Errorf("pile %d: %v on %v is no built run", i+1, up[k], up[k-1])
			}
		}
		var suits uint32
		for _, c := range up {
			suits = suits<<2 | uint32(c.Suit())
		}
		p.suits[i] = suits
		if n := len(up); n > 0 {
			p.pile[i] = uint8(up[n-1].Rank()) | uint8(n)<<4
		}
		p.down |= uint32(down) << (4 * i)
	}
	n := int(s.end[0])
	if n > MaxPackedTalon {
		return p, fmt.Errorf("a talon of %d cards, more than %d", n, MaxPackedTalon)
	}
	copy(d.talon[:], s.cards[:n])
	p.talon = uint32(uint64(1)<<n - 1)
	p.waste = s.waste
	p.recycles = s.recycles
	for f := 0; f < 4; f++ {
		p.found |= uint16(s.found[f]) << (4 * f)
	}
	copy(p.cells[:], s.cells[:MaxPackedCells])
	return p, nil
}

// State returns the position as a State.
func (p *Packed) State() State {
	g := p.d.g
	var s State
	s.g = g
	n := 0
	for k := 0; k < MaxPackedTalon; k++ {
		if p.talon>>k&1 != 0 {
			s.cards[n] = p.d.talon[k]
			n++
			if k < int(p.waste) {
				s.waste++
			}
		}
	}
	s.end[0] = uint8(n)
	for i := 0; i < MaxPiles; i++ {
		if i < g.piles {
			down := p.downOf(i)
			n += copy(s.cards[n:], p.d.hidden[i][:down])
			s.down[i] = uint8(down)
			for k := p.upOf(i) - 1; k >= 0; k-- {
				s.cards[n] = p.cardAt(i, k)
				n++
			}
		}
		s.end[LocPile0+Loc(i)] = uint8(n)
	}
	for i := LocReserve0; i < LocCell0; i++ {
		s.end[i] = uint8(n)
	}
	for f := 0; f < 4; f++ {
		s.found[f] = uint8(p.foundOf(f))
	}
	copy(s.cells[:], p.cells[:])
	s.recycles = p.recycles
	s.base = 1
	for i := 0; i < g.piles; i++ {
		s.setRun(i)
	}
	return s
}

// Deal returns the deal the position shares with its game's other
// positions.
func (p *Packed) Deal() *PackedDeal { return p.d }

// PackedKey is a Packed position without its deal pointer: two positions
// of the same PackedDeal are the same exactly when their keys are equal.
// It is the packed fields themselves, read without looking at any card.
type PackedKey [7]uint64

// Key returns the position's key.
func (p *Packed) Key() PackedKey {
	var k PackedKey
	for i := 0; i < 4; i++ {
		k[i] = uint64(p.suits[2*i]) | uint64(p.suits[2*i+1])<<32
	}
	for i := 0; i < MaxPackedPiles; i++ {
		k[4] |= uint64(p.pile[i]) << (8 * i)
	}
	k[5] = uint64(p.down) | uint64(p.talon)<<32
	k[6] = uint64(p.waste) | uint64(p.recycles)<<8 | uint64(p.found)<<16 |
		uint64(p.cells[0])<<32 | uint64(p.cells[1])<<40
	return k
}

func (p *Packed) downOf(i int) int  { return int(p.down >> (4 * i) & 15) }
func (p *Packed) upOf(i int) int    { return int(p.pile[i] >> 4) }
func (p *Packed) foundOf(f int) int { return int(p.found >> (4 * f) & 15) }

// cardAt returns pile i's face-up card k from the top (k = 0 is the top).
func (p *Packed) cardAt(i, k int) Card {
	return Card((int(p.pile[i]&15)+k)<<2) | Card(p.suits[i]>>(2*k)&3)
}

// wasteTop returns the index in the deal's talon of the waste's top card,
// or -1 when the waste is empty.
func (p *Packed) wasteTop() int { return TalonTop(p.talon, p.waste) }

// The packed talon's arithmetic, for Packed and for the searches that keep
// a talon the same way (solver.Sampler): talon is the set of the talon
// cards left, bit k for card k of the deal's turning order, and waste is
// one past the index of the waste's top card (0 when the waste is empty).

// TalonTop returns the index of the waste's top card, -1 when the waste
// is empty.
func TalonTop(talon uint32, waste uint8) int {
	return 31 - bits.LeadingZeros32(talon&(uint32(1)<<waste-1))
}

// TalonDraw returns waste after a draw of draw cards (fewer when the stock
// has fewer).
func TalonDraw(talon uint32, waste uint8, draw int) uint8 {
	w := uint(waste)
	for k := draw; k > 0; k-- {
		rest := talon >> w << w
		if rest == 0 {
			break
		}
		w = uint(bits.TrailingZeros32(rest)) + 1
	}
	return uint8(w)
}

// TalonTake returns talon and waste once the waste's top card, index k,
// has left: the waste ends at its next card down, so that a position has
// one form whatever the order its cards left in.
func TalonTake(talon uint32, k int) (uint32, uint8) {
	talon &^= 1 << k
	return talon, uint8(32 - bits.LeadingZeros32(talon&(uint32(1)<<k-1)))
}

// packedNext[h][b] is the set of the cards that the foundations take next
// when byte h of Packed.found is b: the foundations of suits 2h and 2h+1.
var packedNext = func() (t [2][256]uint64) {
	for h := range 2 {
		for b := range 256 {
			for k := range 2 {
				t[h][b] |= bit(NewCard(b>>(4*k)&15+1, 2*h+k))
			}
		}
	}
	return t
}()

// Moves appends every legal move of the position to dst and returns it:
// the moves of State.Moves for the same position, in the same order. It
// allocates nothing when dst has room.
func (p *Packed) Moves(dst []Move) []Move {
	d := p.d
	g := d.g
	r := &g.Rules
	np := g.piles
	var top [MaxPackedPiles]Card
	var pileOf [64]uint8 // pileOf[t]: the pile whose top is t, for t in tops
	var tops, accept uint64
	var empty uint16
	for i := 0; i < np; i++ {
		if p.pile[i] == 0 {
			empty |= 1 << i
			continue
		}
		t := Card(p.pile[i]&15)<<2 | Card(p.suits[i]&3)
		top[i] = t
		pileOf[t] = uint8(i)
		tops |= bit(t)
		accept |= g.fitMask[t]
	}
	var fill uint64
	if empty != 0 {
		fill = g.fillMask[1]
	}
	onPiles := accept | fill
	next := packedNext[0][p.found&0xff] | packedNext[1][p.found>>8]
	// Single cards to the foundations: pile tops, the waste, the cells.
	if tops&next != 0 {
		for i := 0; i < np; i++ {
			if t := top[i]; t != NoCard && next&bit(t) != 0 {
				m := NewMove(LocPile0+Loc(i), LocFound0+Loc(t&3), 1)
				if p.pile[i]>>4 == 1 && p.down>>(4*i)&15 != 0 {
					m = m.withFlip()
				}
				dst = append(dst, m)
			}
		}
	}
	wc := NoCard
	if wt := p.wasteTop(); wt >= 0 {
		wc = d.talon[wt]
		if next&bit(wc) != 0 {
			dst = append(dst, NewMove(LocWaste, LocFound0+Loc(wc&3), 1))
		}
	}
	for i := 0; i < g.cells; i++ {
		if c := p.cells[i]; c != NoCard && next&bit(c) != 0 {
			dst = append(dst, NewMove(LocCell0+Loc(i), LocFound0+Loc(c&3), 1))
		}
	}
	// Groups from pile to pile: the run is a range of ranks from the top
	// card's, so the group that fits a card is found by arithmetic.
	fillRanks := uint32(g.fillRanks[1])
	full := (uint16(1)<<np - 1) &^ empty
	for ; full != 0; full &= full - 1 {
		i := bits.TrailingZeros16(full)
		t0 := top[i]
		up := int(p.pile[i] >> 4)
		topRank := int(t0 >> 2)
		groups, lo := up, 1
		switch r.Unit {
		case UnitTopCard:
			groups = 1
		case UnitSameSuitRun:
			x := (p.suits[i] ^ p.suits[i]>>2) & (uint32(1)<<(2*(up-1)) - 1)
			if x != 0 {
				groups = 1 + bits.TrailingZeros32(x)/2
			}
		case UnitWholeRun:
			lo = up
		}
		pat := g.runPattern[t0]
		set := rankRange(topRank, groups) & pat
		if set&onPiles == 0 {
			continue
		}
		// The groups that may go to a space: card k of the run (k = 1
		// the top) has rank topRank+k-1, and filling a space asks only
		// for a rank.
		var ks uint32
		var to uint16
		if set&fill != 0 {
			ks = fillRanks >> topRank << 1 & (uint32(1)<<(groups+1) - uint32(1)<<lo)
			if ks != 0 {
				to = empty
			}
		}
		hosts := rankRange(topRank+1, groups) & pat
		for h := hosts & tops; h != 0; h &= h - 1 {
			to |= 1 << pileOf[bits.TrailingZeros64(h)]
		}
		to &^= 1 << i
		if to == 0 {
			continue
		}
		flipAt := 0
		if p.down>>(4*i)&15 != 0 {
			flipAt = up
		}
		for ; to != 0; to &= to - 1 {
			j := bits.TrailingZeros16(to)
			if empty>>j&1 != 0 {
				for k := ks; k != 0; k &= k - 1 {
					dst = append(dst, groupMove(i, j, bits.TrailingZeros32(k), flipAt))
				}
				continue
			}
			t := top[j]
			k := int(t>>2) - topRank
			if k >= lo && k <= groups && g.suitFits[p.suits[i]>>(2*(k-1))&3]>>(t&3)&1 != 0 {
				dst = append(dst, groupMove(i, j, k, flipAt))
			}
		}
	}
	// Single cards to the piles: the waste, the cells, the foundations.
	if wc != NoCard && onPiles&bit(wc) != 0 {
		dst = p.cardToPiles(dst, wc, LocWaste, &top, fill)
	}
	for i := 0; i < g.cells; i++ {
		if c := p.cells[i]; c != NoCard && onPiles&bit(c) != 0 {
			dst = p.cardToPiles(dst, c, LocCell0+Loc(i), &top, fill)
		}
	}
	if r.WorryBack {
		for f := 0; f < 4; f++ {
			if h := p.found >> (4 * f) & 15; h != 0 {
				if c := Card(h<<2) | Card(f); onPiles&bit(c) != 0 {
					dst = p.cardToPiles(dst, c, LocFound0+Loc(f), &top, fill)
				}
			}
		}
	}
	// Into the lowest empty cell: pile tops and the waste top.
	if g.cells > 0 {
		cell := -1
		for i := 0; i < g.cells; i++ {
			if p.cells[i] == NoCard {
				cell = i
				break
			}
		}
		if cell >= 0 {
			to := LocCell0 + Loc(cell)
			for i := 0; i < np; i++ {
				if top[i] != NoCard {
					m := NewMove(LocPile0+Loc(i), to, 1)
					if p.pile[i]>>4 == 1 && p.down>>(4*i)&15 != 0 {
						m = m.withFlip()
					}
					dst = append(dst, m)
				}
			}
			if wc != NoCard {
				dst = append(dst, NewMove(LocWaste, to, 1))
			}
		}
	}
	// The stock.
	if p.talon>>p.waste != 0 {
		dst = append(dst, MoveDraw)
	} else if wc != NoCard && (r.Passes == 0 || int(p.recycles) < r.Passes-1) {
		dst = append(dst, MoveRecycle)
	}
	return dst
}

// cardToPiles appends the moves of card c from location from to every pile
// it may go on: an empty one when fill holds it, another when it fits on
// its top.
func (p *Packed) cardToPiles(dst []Move, c Card, from Loc, top *[MaxPackedPiles]Card, fill uint64) []Move {
	g := p.d.g
	b := bit(c)
	hosts := g.hostMask[c]
	for j := 0; j < g.piles; j++ {
		if t := top[j]; t == NoCard {
			if fill&b == 0 {
				continue
			}
		} else if hosts&bit(t) == 0 {
			continue
		}
		dst = append(dst, NewMove(from, LocPile0+Loc(j), 1))
	}
	return dst
}

// Apply plays move m on the position in place: a move that Moves returned
// for it (Apply does not check). A pile whose face-up cards are all gone
// turns its top face-down card up.
func (p *Packed) Apply(m Move) {
	switch m.Kind() {
	case KindDraw:
		p.waste = TalonDraw(p.talon, p.waste, p.d.g.Rules.Draw)
		return
	case KindRecycle:
		p.waste = 0
		p.recycles++
		return
	}
	from, to, n := m.From(), m.To(), m.N()
	// Take the cards: c is the group's bottom card, s its suits.
	var c Card
	var s uint32
	switch {
	case from == LocWaste:
		k := p.wasteTop()
		c = p.d.talon[k]
		p.talon, p.waste = TalonTake(p.talon, k)
		s = uint32(c & 3)
	case from.IsCell():
		c = p.cells[from-LocCell0]
		p.cells[from-LocCell0] = NoCard
		s = uint32(c & 3)
	case from.IsFoundation():
		f := int(from - LocFound0)
		c = Card(p.foundOf(f)<<2 | f)
		p.found -= 1 << (4 * f)
		s = uint32(f)
	default:
		i := int(from - LocPile0)
		c = p.cardAt(i, n-1)
		s = p.suits[i] & (uint32(1)<<(2*n) - 1)
		p.takeFrom(i, n)
	}
	// Put them down.
	switch {
	case to.IsFoundation():
		p.found += 1 << (4 * (c & 3))
	case to.IsCell():
		p.cells[to-LocCell0] = c
	default:
		j := int(to - LocPile0)
		p.suits[j] = p.suits[j]<<(2*n) | s
		p.pile[j] = (p.pile[j]&0xf0 + uint8(n)<<4) | uint8(int(c>>2)-n+1)
	}
}

// takeFrom removes the top n cards of pile i, turning up its top
// face-down card when no face-up card is left.
func (p *Packed) takeFrom(i, n int) {
	up := int(p.pile[i]>>4) - n
	if up > 0 {
		p.suits[i] >>= 2 * n
		p.pile[i] += uint8(n) - uint8(n)<<4
		return
	}
	down := p.downOf(i)
	if down == 0 {
		p.suits[i], p.pile[i] = 0, 0
		return
	}
	down--
	p.down -= 1 << (4 * i)
	c := p.d.hidden[i][down]
	p.suits[i] = uint32(c & 3)
	p.pile[i] = 1<<4 | uint8(c>>2)
}

// Child writes into dst the position after move m: copy-make.
func (p *Packed) Child(m Move, dst *Packed) {
	*dst = *p
	dst.Apply(m)
}

// Won tells whether every card is on the foundations.
func (p *Packed) Won() bool { return p.found == p.d.won }
