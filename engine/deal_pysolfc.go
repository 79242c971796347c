package engine

import (
	"fmt"
	"math"
)

// PySolFC's game numbers: 1 .. 10^20−1. Numbers below PySolFCMTFrom use
// its linear congruential generator (Microsoft's FreeCell numbering),
// the others the Mersenne Twister.
const PySolFCMTFrom = 32000

// PySolFCMax returns the largest PySolFC game number, 10^20−1.
func PySolFCMax() Seed { return Seed{Hi: 5, Lo: 7766279631452241919} } // 5·2^64 + 7766279631452241919

// PySolFCCards returns the cards of a game of decks decks of 52 cards in
// the order PySolFC deals them for game number n: the first card dealt
// first. Each game then lays them out in its own order (variants).
//
// PySolFC (pysollib/game: createCards, shuffle; pysollib/pysolrandom.py;
// the generators are pysol_cards' random.py) makes the cards deck by
// deck, each in the suit order clubs, spades, hearts, diamonds and each
// suit Ace to King, and puts the shuffled list into the talon one card
// after another, so the last card of the list is dealt first. The shuffle
// is Fisher–Yates from the last index i down to 1, swapping i with a j in
// 0..i drawn from the game number's generator:
//
//   - below 32000, PySolFC's LCRandom31, Microsoft's C rand: x ← (x·214013
//   - 2531011) mod 2^33 from x = n, drawing (x >> 16) & 0x7fff, and j is
//     the draw mod (i+1); a one-deck game's cards are first put rank by
//     rank, each rank in the suits clubs, diamonds, hearts, spades
//     (pysol_cards' ms_rearrange, the order of FreeCell's numbering);
//   - from 32000, Python's random.Random(n): the Mersenne Twister seeded
//     by init_by_array with n's 32-bit words, least significant first;
//     j = int(random()·(i+1)), random() = (a·2^26 + b)/2^53 from two
//     draws a>>5 and b>>6.
//
// (pysol_cards' own shuffle() takes the first generator up to 32000
// included; PySolFC itself, whose deals these are, from 32000 on takes
// the second.)
func PySolFCCards(decks int, n Seed) ([]Card, error) {
	if n.Cmp(SeedOf(1)) < 0 || n.Cmp(PySolFCMax()) > 0 {
		return nil, fmt.Errorf("pysolfc deal: game number %s out of range 1..%s", n, PySolFCMax())
	}
	if decks < 1 {
		return nil, fmt.Errorf("pysolfc deal: %d decks", decks)
	}
	pysolSuits := [4]int{Clubs, Spades, Hearts, Diamonds}
	cards := make([]Card, 0, 52*decks)
	for range decks {
		for _, s := range pysolSuits {
			for rank := 1; rank <= 13; rank++ {
				cards = append(cards, NewCard(rank, s))
			}
		}
	}
	if small, ok := n.Uint64(); ok && small < PySolFCMTFrom {
		if len(cards) == 52 {
			ms := make([]Card, 0, 52)
			for rank := 1; rank <= 13; rank++ {
				for _, s := range [4]int{Clubs, Diamonds, Hearts, Spades} {
					ms = append(ms, NewCard(rank, s))
				}
			}
			cards = ms
		}
		x := small
		for i := len(cards) - 1; i > 0; i-- {
			x = (x*214013 + 2531011) & (1<<33 - 1)
			j := (x >> 16 & 0x7fff) % uint64(i+1)
			cards[i], cards[j] = cards[j], cards[i]
		}
	} else {
		mt := newMT19937Array(n.words32())
		for i := len(cards) - 1; i > 0; i-- {
			a, b := mt.next()>>5, mt.next()>>6
			r := (float64(a)*67108864 + float64(b)) * (1.0 / 9007199254740992.0)
			j := int(math.Floor(r * float64(i+1)))
			cards[i], cards[j] = cards[j], cards[i]
		}
	}
	for i, j := 0, len(cards)-1; i < j; i, j = i+1, j-1 {
		cards[i], cards[j] = cards[j], cards[i]
	}
	return cards, nil
}

// newMT19937Array seeds the Mersenne Twister by init_by_array, as
// Python's random.seed does with an int's 32-bit words.
func newMT19937Array(key []uint32) *mt19937 {
	m := newMT19937(19650218)
	const n = 624
	i, j := 1, 0
	for k := max(n, len(key)); k > 0; k-- {
		p := m.s[i-1]
		m.s[i] = (m.s[i] ^ (p^p>>30)*1664525) + key[j] + uint32(j)
		i++
		j++
		if i >= n {
			m.s[0] = m.s[n-1]
			i = 1
		}
		if j >= len(key) {
			j = 0
		}
	}
	for k := n - 1; k > 0; k-- {
		p := m.s[i-1]
		m.s[i] = (m.s[i] ^ (p^p>>30)*1566083941) - uint32(i)
		i++
		if i >= n {
			m.s[0] = m.s[n-1]
			i = 1
		}
	}
	m.s[0] = 0x80000000
	return m
}
