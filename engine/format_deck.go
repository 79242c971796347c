package engine

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Klondike-Solver's deck strings (its /DECK option and deal files) write a
// fresh one-deck Klondike deal as 52 cards of three digits each: the rank
// 01..13, then the suit 1 clubs, 2 diamonds, 3 hearts, 4 spades. The cards
// come in dealing order: the first 28 row by row, each row starting with
// the face-up card of the next pile and giving one face-down card to each
// pile to its right (cards 1..7 are the bottom cards of piles 1..7, card 8
// is pile 2's face-up card, and so on); cards 29..52 are the stock, card 29
// on top, turned first.

// ParseDeck reads a Klondike-Solver deck string; white space anywhere is
// ignored. It checks that every card is there once.
func ParseDeck(s string) (Layout, error) {
	digits := make([]byte, 0, 156)
	for i, ch := range s {
		switch {
		case unicode.IsSpace(ch):
		case ch >= '0' && ch <= '9':
			digits = append(digits, byte(ch))
		default:
			// the character, or the byte where s is not UTF-8 ("\xfe")
			_, n := utf8.DecodeRuneInString(s[i:])
			return Layout{}, fmt.Errorf("deck string position %d: bad character %s", len(digits)/3+1, quote(s[i:i+n]))
		}
	}
	if len(digits) != 156 {
		return Layout{}, fmt.Errorf("deck string: %s, want 156", plural(len(digits), "digit"))
	}
	var cards [52]Card
	var at [64]int // 1-based position of each card seen
	for i := range cards {
		tok := string(digits[3*i : 3*i+3])
		rank := int(tok[0]-'0')*10 + int(tok[1]-'0')
		suit := int(tok[2] - '0')
		if rank < 1 || rank > 13 {
			return Layout{}, fmt.Errorf("deck string position %d: bad rank %s in %s", i+1, tok[:2], tok)
		}
		if suit < 1 || suit > 4 {
			return Layout{}, fmt.Errorf("deck string position %d: bad suit digit %c in %s", i+1, tok[2], tok)
		}
		c := NewCard(rank, suit-1)
		if at[c] != 0 {
			return Layout{}, fmt.Errorf("deck string: card %v appears twice (positions %d and %d)", c, at[c], i+1)
		}
		at[c] = i + 1
		cards[i] = c
	}
	l := ksLayout(&cards, []int{0, 1, 2, 3, 4, 5, 6})
	l.Waste = []Card{}
	l.Foundations = [][]Card{{}, {}, {}, {}}
	return l, nil
}

// FormatDeck writes a fresh one-deck Klondike deal as a Klondike-Solver
// deck string: seven piles of 1..7 cards with all but the top face down, a
// stock of 24, and nothing on the waste, foundations, reserves or cells.
func FormatDeck(l Layout) (string, error) {
	if len(l.Piles) != 7 {
		return "", fmt.Errorf("deck string: %s; needs a fresh 7-pile Klondike deal", plural(len(l.Piles), "tableau pile"))
	}
	if len(l.FaceDown) != 7 {
		return "", fmt.Errorf("deck string: %d face-down counts for 7 tableau piles", len(l.FaceDown))
	}
	for p, pile := range l.Piles {
		if len(pile) != p+1 || l.FaceDown[p] != p {
			return "", fmt.Errorf("deck string: tableau pile %d holds %s, %d face down; a fresh deal has %d, %d face down",
				p+1, plural(len(pile), "card"), l.FaceDown[p], p+1, p)
		}
	}
	switch {
	case len(l.Stock) != 24:
		return "", fmt.Errorf("deck string: stock of %s; a fresh deal has 24", plural(len(l.Stock), "card"))
	case len(l.Waste) != 0:
		return "", errors.New("deck string: the waste is not empty")
	case len(l.Reserves) != 0:
		return "", errors.New("deck string: the layout has reserves")
	case l.Recycles != 0:
		return "", errors.New("deck string: the stock has been recycled")
	}
	for i, f := range l.Foundations {
		if len(f) != 0 {
			return "", fmt.Errorf("deck string: foundation %d is not empty", i+1)
		}
	}
	for i, c := range l.Cells {
		if c != NoCard {
			return "", fmt.Errorf("deck string: cell %d is not empty", i+1)
		}
	}
	r := Klondike(1, 0)
	check := l
	check.Cells = nil
	if err := CheckCards(&r, check); err != nil {
		return "", fmt.Errorf("deck string: %w", err)
	}
	var b strings.Builder
	b.Grow(156)
	put := func(c Card) {
		fmt.Fprintf(&b, "%02d%d", c.Rank(), c.Suit()+1)
	}
	for row := 0; row < 7; row++ {
		for p := row; p < 7; p++ {
			put(l.Piles[p][row])
		}
	}
	for k := 23; k >= 0; k-- {
		put(l.Stock[k])
	}
	return b.String(), nil
}
