package engine

import (
	"fmt"
	"math"
)

// KlondikeSolverDeal returns the deal Klondike-Solver (ShootMe) makes for
// "/GAME seed", which KSolve and lonelybot's "klondike-solver" seed type
// reproduce.
//
// Klondike-Solver starts from the deck ordered by suit (clubs, diamonds,
// spades, hearts), each Ace to King, makes 269 swaps of two positions each
// drawn (first one, then the other) from its own generator modulo 52, and
// deals the shuffled cards as its 156-digit deck strings list them (see
// ParseDeck): row by row across the piles, then the stock, the 29th card
// turned first.
//
// Seeds are its 32-bit ints: a negative seed -n is 2^32-n here (its seed -1
// asks for a random deal instead). The rules must be one deck of 13 ranks
// without a Joker, dealt as the 7-pile triangle of 1..7 cards; the face-down
// counts are the rules' (for Klondike, all but the top card).
func KlondikeSolverDeal(r *Rules, seed uint64) (Layout, error) {
	down, err := triangle52("klondike-solver", r)
	if err != nil {
		return Layout{}, err
	}
	if seed > math.MaxUint32 {
		return Layout{}, fmt.Errorf("klondike-solver deal: seed %d out of range 0..%d", seed, uint64(math.MaxUint32))
	}

	ksSuits := [4]int{Clubs, Diamonds, Spades, Hearts}
	var cards [52]Card
	for i := range cards {
		cards[i] = NewCard(i%13+1, ksSuits[i/13])
	}
	rng := newKSRandom(uint32(seed))
	for x := 0; x < 269; x++ {
		k := rng.next() % 52
		j := rng.next() % 52
		cards[k], cards[j] = cards[j], cards[k]
	}
	l := ksLayout(&cards, down)
	l.Waste = []Card{}
	l.Foundations = [][]Card{{}, {}, {}, {}}
	l.Cells = make([]Card, r.Cells)
	return l, nil
}

// triangle52 checks that the rules deal one deck of 52 cards as the 7-pile
// Klondike triangle, without a dealt base or reserves, as the 52-card
// numberings of other programs need, and returns the piles' face-down
// counts. name starts its errors.
func triangle52(name string, r *Rules) ([]int, error) {
	switch {
	case r.Decks != 1 || r.Ranks != 13 || r.Joker:
		return nil, fmt.Errorf("%s deal: needs one deck of 52 cards without a Joker", name)
	case len(r.Deal) != 7:
		return nil, fmt.Errorf("%s deal: %d tableau piles; needs the 7-pile Klondike triangle", name, len(r.Deal))
	case r.BaseDealt || r.Reserves > 0:
		return nil, fmt.Errorf("%s deal: needs the Klondike layout, without a dealt base or reserves", name)
	}
	down := make([]int, 7)
	for i, d := range r.Deal {
		if d.Down < 0 || d.Up < 0 || d.Down+d.Up != i+1 {
			return nil, fmt.Errorf("%s deal: pile %d is dealt %d+%d cards; needs the 7-pile Klondike triangle", name, i+1, d.Down, d.Up)
		}
		down[i] = d.Down
	}
	return down, nil
}

// ksLayout lays out 52 cards in Klondike-Solver's deal order: row k gives
// pile k its k+1st card and piles k+1..7 one more card each; the remaining
// 24 form the stock with the 29th card on top, turned first.
func ksLayout(cards *[52]Card, down []int) Layout {
	var l Layout
	l.Piles = make([][]Card, 7)
	l.FaceDown = make([]int, 7)
	for p := range l.Piles {
		l.Piles[p] = make([]Card, 0, p+1)
		l.FaceDown[p] = down[p]
	}
	i := 0
	for row := 0; row < 7; row++ {
		for p := row; p < 7; p++ {
			l.Piles[p] = append(l.Piles[p], cards[i])
			i++
		}
	}
	l.Stock = make([]Card, 24)
	for k := range l.Stock {
		l.Stock[k] = cards[51-k]
	}
	return l
}

// ksRandom is Klondike-Solver's generator (its Random class, Next1).
type ksRandom struct{ value, mix, twist uint32 }

func newKSRandom(seed uint32) *ksRandom {
	g := &ksRandom{value: seed, mix: 51651237, twist: 895213268}
	for i := 0; i < 50; i++ {
		g.step()
	}
	s := seed ^ uint32(int32(seed)>>15)
	g.value = 0x9417B3AF ^ s
	for i := 0; i < 950; i++ {
		g.step()
	}
	return g
}

// step is the generator's state change; its C++ runs on signed ints, so
// the shift of mix is arithmetic.
func (g *ksRandom) step() {
	y := g.twist - g.mix // value ^ (twist-mix) ^ value
	y ^= g.twist ^ g.value ^ g.mix
	g.mix ^= g.twist ^ g.value
	g.value ^= g.twist - g.mix
	g.twist ^= g.value ^ y
	g.value ^= g.twist<<7 ^ uint32(int32(g.mix)>>16) ^ y<<8
}

func (g *ksRandom) next() uint32 {
	g.step()
	return g.value & 0x7fffffff
}
