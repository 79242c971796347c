package engine

import (
	"fmt"
	"math"
)

// GreenfeltDeal returns deal seed of greenfelt.net's Klondike, as
// MinimalKlondike (ShootMe) reproduces it for "Klondike.exe N" and
// lonelybot's "greenfelt" seed type does.
//
// The deck starts in suit order clubs, diamonds, hearts, spades, each Ace
// to King (Deck's order). The generator is the Park–Miller "minimal
// standard" generator, x ← x·16807 mod (2^31−1), started at the seed. Seven
// passes each swap every position j = 0..51 in turn with position
// next() mod 52. The shuffled cards are then read from the last to the
// first and dealt as Klondike-Solver's deck strings list them (see
// ParseDeck): row by row across the piles, each row starting one pile
// further right, then the stock, whose first card (the 24th of the
// shuffled deck) is turned first.
//
// Seeds are 0..2^32−1, the unsigned ints MinimalKlondike reads. The
// generator works modulo 2^31−1, so seeds n and n+2^31−1 give the same
// deal, and seeds 0 and 2^31−1 leave the generator at 0 (every swap is
// with position 0). The rules must be one deck of 52 cards dealt as the
// 7-pile Klondike triangle; the face-down counts are the rules'.
func GreenfeltDeal(r *Rules, seed uint64) (Layout, error) {
	down, err := triangle52("greenfelt", r)
	if err != nil {
		return Layout{}, err
	}
	if seed > math.MaxUint32 {
		return Layout{}, fmt.Errorf("greenfelt deal: seed %d out of range 0..%d", seed, uint64(math.MaxUint32))
	}
	var deck [52]Card
	for i := range deck {
		deck[i] = NewCard(i%13+1, i/13)
	}
	x := seed
	for range 7 {
		for j := range deck {
			x = x * 16807 % 0x7fffffff
			k := x % 52
			deck[j], deck[k] = deck[k], deck[j]
		}
	}
	var cards [52]Card
	for i, c := range deck {
		cards[51-i] = c
	}
	l := ksLayout(&cards, down)
	l.Waste = []Card{}
	l.Foundations = [][]Card{{}, {}, {}, {}}
	l.Cells = make([]Card, r.Cells)
	return l, nil
}
