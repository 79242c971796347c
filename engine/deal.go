package engine

import "math/rand/v2"

// NativeDealID names the generator of native deals. It is written into
// every experiment manifest; a change to the generator must change it.
const NativeDealID = "native-pcg-v1"

// pcgStream is the fixed second word of the PCG seed of native deals.
const pcgStream = 0x6b6c6f6e64696b65 // "klondike"

// Deck returns the game's cards in a fixed order: for each deck, suits
// clubs, diamonds, hearts, spades, each Ace up to the top rank; then the
// Joker when the game has one.
func Deck(r *Rules) []Card {
	d := make([]Card, 0, r.CardCount())
	for k := 0; k < r.Decks; k++ {
		for suit := 0; suit < 4; suit++ {
			for rank := 1; rank <= r.Ranks; rank++ {
				d = append(d, NewCard(rank, suit))
			}
		}
	}
	if r.Joker {
		d = append(d, Joker)
	}
	return d
}

// Shuffle puts the cards in a uniformly random order with rng (Fisher–Yates
// from the last index down, with an unbiased bounded draw).
func Shuffle(cards []Card, rng *rand.Rand) {
	for i := len(cards) - 1; i > 0; i-- {
		j := int(rng.Uint64N(uint64(i + 1)))
		cards[i], cards[j] = cards[j], cards[i]
	}
}

// NativeDeal returns deal number seed of a game: the deck in Deck order
// shuffled by a PCG stream seeded with (seed, a fixed constant), then dealt
// like a person deals: row by row across the piles from left to right, a
// pile taking a card in row k while it has fewer than its deal size, its
// last Up cards face up; then the foundation base (when the rules deal one),
// one card to each reserve, and the rest to the stock, the first of them
// turned first. The same seed gives the same deal forever: golden tests pin
// it. Rule variants that differ only in play (draw count, passes, ...) get
// the same deals, so they can be compared deal by deal.
func NativeDeal(r *Rules, seed uint64) Layout {
	cards := Deck(r)
	Shuffle(cards, rand.New(rand.NewPCG(seed, pcgStream)))
	return DealOut(r, cards)
}

// DealOut lays out cards, in the order a person deals them, as NativeDeal
// describes.
func DealOut(r *Rules, cards []Card) Layout {
	var l Layout
	n := len(r.Deal)
	l.Piles = make([][]Card, n)
	l.FaceDown = make([]int, n)
	next := 0
	for row := 0; ; row++ {
		dealt := false
		for i, d := range r.Deal {
			if row < d.Down+d.Up {
				l.Piles[i] = append(l.Piles[i], cards[next])
				next++
				dealt = true
			}
		}
		if !dealt {
			break
		}
	}
	for i, d := range r.Deal {
		l.FaceDown[i] = d.Down
	}
	l.Foundations = make([][]Card, r.Foundations())
	for i := range l.Foundations {
		l.Foundations[i] = []Card{}
	}
	if r.BaseDealt {
		c := cards[next]
		next++
		l.Foundations[c.Suit()] = []Card{c}
	}
	for i := 0; i < r.Reserves; i++ {
		l.Reserves = append(l.Reserves, []Card{cards[next]})
		next++
	}
	rest := cards[next:]
	l.Stock = make([]Card, len(rest))
	for i, c := range rest {
		l.Stock[len(rest)-1-i] = c
	}
	l.Waste = []Card{}
	l.Cells = make([]Card, r.Cells)
	return l
}
