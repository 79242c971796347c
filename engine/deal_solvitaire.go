package engine

import (
	"errors"
	"fmt"
	"math"
)

// SolvitaireDeal returns the deal Solvitaire makes for "--random seed": the
// numbering of Solvitaire's releases up to 2022, also lonelybot's
// "solvitaire" seed type. (Newer Solvitaire sources use another generator
// and number their deals differently.)
//
// Solvitaire builds the deck for each deck rank by rank, Ace to King, each
// rank in the suit order clubs, hearts, spades, diamonds; shuffles it with
// a Fisher–Yates pass from the last index down, drawing each index with
// boost::random::uniform_int_distribution from a std::mt19937 seeded with
// the seed; then pops cards from the end of the deck: first the stock (the
// first card popped is the bottom of the stock, the last one is turned
// first), then the tableau row by row, each row from the last pile to the
// first, a pile taking a card in row k while its deal size is more than k.
// Each pile gets r.Deal's face-down count (for Klondike, all but its top).
//
// Seeds are Solvitaire's 32-bit ints: a negative seed -n is 2^32-n here.
// The rules must have 13 ranks, one or two decks, no Joker, no dealt
// foundation base and no reserves.
func SolvitaireDeal(r *Rules, seed uint64) (Layout, error) {
	switch {
	case r.Ranks != 13:
		return Layout{}, fmt.Errorf("solvitaire deal: %d ranks; Solvitaire's numbering needs 13", r.Ranks)
	case r.Decks != 1 && r.Decks != 2:
		return Layout{}, fmt.Errorf("solvitaire deal: %d decks; 1 or 2 are supported", r.Decks)
	case r.Joker:
		return Layout{}, errors.New("solvitaire deal: Solvitaire's numbering has no Joker")
	case r.BaseDealt:
		return Layout{}, errors.New("solvitaire deal: Solvitaire's numbering deals no foundation base")
	case r.Reserves > 0:
		return Layout{}, errors.New("solvitaire deal: reserves are not supported")
	case len(r.Deal) == 0:
		return Layout{}, errors.New("solvitaire deal: the game has no tableau piles")
	case seed > math.MaxUint32:
		return Layout{}, fmt.Errorf("solvitaire deal: seed %d out of range 0..%d", seed, uint64(math.MaxUint32))
	}
	for i, d := range r.Deal {
		if d.Down < 0 || d.Up < 0 {
			return Layout{}, fmt.Errorf("solvitaire deal: pile %d has a negative count", i+1)
		}
	}
	n := r.CardCount()
	if r.TableauCount() > n {
		return Layout{}, fmt.Errorf("solvitaire deal: the tableau needs %d cards but the game has %d", r.TableauCount(), n)
	}

	deck := make([]Card, 0, n)
	for d := 0; d < r.Decks; d++ {
		for rank := 1; rank <= 13; rank++ {
			for _, suit := range [4]int{Clubs, Hearts, Spades, Diamonds} {
				deck = append(deck, NewCard(rank, suit))
			}
		}
	}
	mt := newMT19937(uint32(seed))
	for i := len(deck) - 1; i > 0; i-- {
		j := boostUniform32(mt, uint32(i))
		deck[i], deck[j] = deck[j], deck[i]
	}
	pop := func() Card {
		c := deck[len(deck)-1]
		deck = deck[:len(deck)-1]
		return c
	}

	var l Layout
	l.Stock = make([]Card, n-r.TableauCount())
	for i := range l.Stock {
		l.Stock[i] = pop()
	}
	np := len(r.Deal)
	l.Piles = make([][]Card, np)
	l.FaceDown = make([]int, np)
	rows := 0
	for i, d := range r.Deal {
		size := d.Down + d.Up
		l.Piles[i] = make([]Card, 0, size)
		l.FaceDown[i] = d.Down
		rows = max(rows, size)
	}
	for row := 0; row < rows; row++ {
		for p := np - 1; p >= 0; p-- {
			if r.Deal[p].Down+r.Deal[p].Up > row {
				l.Piles[p] = append(l.Piles[p], pop())
			}
		}
	}
	l.Waste = []Card{}
	l.Foundations = make([][]Card, r.Foundations())
	for i := range l.Foundations {
		l.Foundations[i] = []Card{}
	}
	l.Cells = make([]Card, r.Cells)
	return l, nil
}

// boostUniform32 draws a number in 0..i as boost's
// uniform_int_distribution<>(0, i) does from a 32-bit engine whose range is
// the whole of uint32: it divides the draw by a bucket size of
// floor((2^32-1)/(i+1)), one more when i+1 divides 2^32, and draws again
// while the quotient is above i.
func boostUniform32(mt *mt19937, i uint32) uint32 {
	const brange = math.MaxUint32
	bucket := brange / (i + 1)
	if brange%(i+1) == i {
		bucket++
	}
	for {
		if j := mt.next() / bucket; j <= i {
			return j
		}
	}
}

// mt19937 is the 32-bit Mersenne Twister of std::mt19937.
type mt19937 struct {
	s [624]uint32
	i int
}

func newMT19937(seed uint32) *mt19937 {
	m := &mt19937{i: 624}
	m.s[0] = seed
	for k := 1; k < 624; k++ {
		p := m.s[k-1]
		m.s[k] = 1812433253*(p^p>>30) + uint32(k)
	}
	return m
}

func (m *mt19937) next() uint32 {
	if m.i >= 624 {
		for k := 0; k < 624; k++ {
			y := m.s[k]&0x80000000 | m.s[(k+1)%624]&0x7fffffff
			v := m.s[(k+397)%624] ^ y>>1
			if y&1 != 0 {
				v ^= 0x9908b0df
			}
			m.s[k] = v
		}
		m.i = 0
	}
	y := m.s[m.i]
	m.i++
	y ^= y >> 11
	y ^= y << 7 & 0x9d2c5680
	y ^= y << 15 & 0xefc60000
	y ^= y >> 18
	return y
}
