package engine

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Card is one playing card packed into a byte.
//
//	bit  7 6 | 5 4 3 2 | 1 0
//	     0 0 |  rank   | suit
//
// rank is 1 (Ace) .. 13 (King), or 14 for the Joker (whose suit bits are 0);
// suit is 0 clubs, 1 diamonds, 2 hearts, 3 spades, so a suit is red exactly
// when (suit+1)&2 != 0. The zero Card is NoCard. Cards of a second deck are
// the same values: two decks hold every card twice.
type Card uint8

// Suits in their packed order.
const (
	Clubs = iota
	Diamonds
	Hearts
	Spades
)

// NoCard is the zero Card: no card at all.
const NoCard Card = 0

// JokerRank is the rank field of the Joker.
const JokerRank = 14

// Joker is the single Joker of Joker Klondike.
const Joker Card = JokerRank << 2

// NewCard returns the card of the given rank (1..13) and suit (0..3).
func NewCard(rank, suit int) Card { return Card(rank<<2 | suit) }

// Rank is 1 (Ace) .. 13 (King), or JokerRank.
func (c Card) Rank() int { return int(c >> 2) }

// Suit is 0 clubs, 1 diamonds, 2 hearts, 3 spades.
func (c Card) Suit() int { return int(c & 3) }

// Red tells whether the card is a diamond or a heart.
func (c Card) Red() bool { return (c+1)&2 != 0 && c != Joker }

// Colour is 1 for red and 0 for black.
func (c Card) Colour() int { return int((c+1)>>1) & 1 }

// IsJoker tells whether the card is the Joker.
func (c Card) IsJoker() bool { return c == Joker }

// Valid tells whether c is a real card or the Joker.
func (c Card) Valid() bool {
	r := c.Rank()
	return c == Joker || (r >= 1 && r <= 13 && c < 64)
}

const rankLetters = "?A23456789TJQK"
const suitLetters = "CDHS"

// String writes the card as Solvitaire does: rank A,2..10,J,Q,K then an
// upper-case suit letter, e.g. "10H", "AS"; the Joker is "JK", a card not
// seen (Unknown) "??".
func (c Card) String() string {
	switch {
	case c == NoCard:
		return "--"
	case c == Joker:
		return "JK"
	case c == Unknown:
		return "??"
	case !c.Valid():
		return fmt.Sprintf("?%d", uint8(c))
	}
	r := c.Rank()
	rs := string(rankLetters[r])
	if r == 10 {
		rs = "10"
	}
	return rs + string(suitLetters[c.Suit()])
}

// Symbol writes the card with a suit symbol, e.g. "10♥".
func (c Card) Symbol() string {
	if !c.Valid() || c == Joker {
		return c.String()
	}
	s := c.String()
	return s[:len(s)-1] + []string{"♣", "♦", "♥", "♠"}[c.Suit()]
}

// ParseCard reads a card written as a rank (A, 2..10, T, J, Q, K, or 1..13)
// followed by a suit letter (c, d, h, s in either case) or a suit symbol, or
// the Joker as "JK" / "Joker". It tells whether the suit was written in
// lower case, which Solvitaire's format uses for a face-down card.
func ParseCard(s string) (c Card, lower bool, err error) {
	t := strings.TrimSpace(s)
	if strings.EqualFold(t, "jk") || strings.EqualFold(t, "joker") {
		return Joker, t == "jk", nil
	}
	suit := -1
	for i, sym := range []string{"♣", "♦", "♥", "♠"} {
		if strings.HasSuffix(t, sym) {
			suit, t = i, strings.TrimSuffix(t, sym)
		}
	}
	if suit < 0 {
		if len(t) < 2 {
			return 0, false, fmt.Errorf("bad card %s", quote(s))
		}
		last := t[len(t)-1]
		switch last {
		case 'c', 'd', 'h', 's':
			lower = true
			suit = strings.IndexByte("cdhs", last)
		case 'C', 'D', 'H', 'S':
			suit = strings.IndexByte(suitLetters, last)
		default:
			// the last character, or the last byte where the input is
			// not UTF-8 there (quoted as "\xfe", not as the character
			// U+00FE)
			_, n := utf8.DecodeLastRuneInString(t)
			return 0, false, fmt.Errorf("bad card %s: unknown suit %s", quote(s), quote(t[len(t)-n:]))
		}
		t = t[:len(t)-1]
	}
	rank := 0
	switch strings.ToUpper(t) {
	case "A", "1":
		rank = 1
	case "T", "10":
		rank = 10
	case "J", "11":
		rank = 11
	case "Q", "12":
		rank = 12
	case "K", "13":
		rank = 13
	default:
		if len(t) == 1 && t[0] >= '2' && t[0] <= '9' {
			rank = int(t[0] - '0')
		} else {
			return 0, false, fmt.Errorf("bad card %s: unknown rank %s", quote(s), quote(t))
		}
	}
	return NewCard(rank, suit), lower, nil
}
