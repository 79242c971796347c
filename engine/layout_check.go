package engine

import (
	"fmt"
	"strings"
)

// CheckCards checks a layout against the rules of its game: the number of
// tableau piles, the face-down counts, the stock and waste (at most what the
// deal leaves in the stock), the number of foundations, reserves
// and cells, that every card of the game is there exactly as many times as
// the game has decks (the Joker once when the game has one) counting the
// piles, stock, waste, foundations, reserves and cells (and the waiting
// Joker), and that each
// foundation is a run of one suit up from the base (the Ace, or with a
// dealt base the rank of the first started foundation; ranks wrap past the
// top rank when the base is dealt or the rules wrap). The error names the
// first problem in one line: the first extra card and where its copies are,
// or the first missing card.
func CheckCards(r *Rules, l Layout) error {
	if len(l.Piles) != len(r.Deal) {
		return fmt.Errorf("%s; the game has %d", plural(len(l.Piles), "tableau pile"), len(r.Deal))
	}
	if len(l.FaceDown) != len(l.Piles) {
		return fmt.Errorf("%s for %s", plural(len(l.FaceDown), "face-down count"), plural(len(l.Piles), "tableau pile"))
	}
	for i, d := range l.FaceDown {
		if d < 0 {
			return fmt.Errorf("tableau pile %d: negative face-down count %d", i+1, d)
		}
		if d > len(l.Piles[i]) {
			return fmt.Errorf("tableau pile %d: %s but the pile holds %d", i+1, plural(d, "face-down card"), len(l.Piles[i]))
		}
	}
	if len(l.Foundations) > r.Foundations() {
		return fmt.Errorf("%s; the game has %d", plural(len(l.Foundations), "foundation"), r.Foundations())
	}
	if len(l.Reserves) > r.Reserves {
		return fmt.Errorf("%s; the game has %d", plural(len(l.Reserves), "reserve"), r.Reserves)
	}
	if len(l.Cells) > r.Cells {
		return fmt.Errorf("%s; the game has %d", plural(len(l.Cells), "cell"), r.Cells)
	}
	if l.Recycles < 0 {
		return fmt.Errorf("negative recycle count %d", l.Recycles)
	}

	// Count every card, remembering where each copy is.
	var where [64][]string
	extra := NoCard // the first card seen more often than the game has it
	want := func(c Card) int {
		if c == Joker {
			return 1
		}
		return r.Decks
	}
	var err error
	count := func(place string, cs []Card, emptyOK bool) {
		for i, c := range cs {
			if err != nil {
				return
			}
			switch {
			case c == NoCard && emptyOK:
				continue
			case c == NoCard:
				err = fmt.Errorf("%s, card %d: no card", place, i+1)
			case !c.Valid():
				err = fmt.Errorf("%s, card %d: invalid card value %d", place, i+1, uint8(c))
			case c == Joker && !r.Joker:
				err = fmt.Errorf("the Joker (%s) is not in this game", place)
			case c != Joker && c.Rank() > r.Ranks:
				err = fmt.Errorf("card %v (%s) is not in this game: its ranks are A..%s", c, place, rankName(r.Ranks))
			default:
				where[c] = append(where[c], place)
				if extra == NoCard && len(where[c]) > want(c) {
					extra = c
				}
			}
		}
	}
	for i, p := range l.Piles {
		count(fmt.Sprintf("tableau pile %d", i+1), p, false)
	}
	count("stock", l.Stock, false)
	count("waste", l.Waste, false)
	for i, f := range l.Foundations {
		count(fmt.Sprintf("foundation %d", i+1), f, false)
	}
	for i, p := range l.Reserves {
		count(fmt.Sprintf("reserve %d", i+1), p, false)
	}
	for i, c := range l.Cells {
		count(fmt.Sprintf("cell %d", i+1), []Card{c}, true)
	}
	if l.JokerWaiting {
		count("waiting", []Card{Joker}, false)
	}
	if err != nil {
		return err
	}
	if extra != NoCard {
		ws := where[extra]
		msg := fmt.Sprintf("card %v appears %s (%s)", extra, times(len(ws)), places(ws))
		if w := want(extra); w > 1 {
			msg += fmt.Sprintf("; the game has %d", w)
		}
		return fmt.Errorf("%s", msg)
	}
	for suit := 0; suit < 4; suit++ {
		for rank := 1; rank <= r.Ranks; rank++ {
			c := NewCard(rank, suit)
			if n := len(where[c]); n < r.Decks {
				if n == 0 {
					return fmt.Errorf("card %v is missing", c)
				}
				return fmt.Errorf("card %v is missing: %d of %d found (%s)", c, n, r.Decks, places(where[c]))
			}
		}
	}
	if r.Joker && len(where[Joker]) == 0 {
		return fmt.Errorf("the Joker is missing")
	}
	if err := checkFoundations(r, l.Foundations); err != nil {
		return err
	}
	// Cards only ever leave the stock and the waste, so neither can hold
	// more than the deal leaves in the stock. A game without a stock
	// (Yukon) holds none: its search has no draw count to turn them by.
	if n, most := len(l.Stock)+len(l.Waste), max(r.StockCount(), 0); n > most {
		if most == 0 {
			return fmt.Errorf("%s in the stock and waste; the game has no stock (a deal of another game?)", plural(n, "card"))
		}
		return fmt.Errorf("%s in the stock and waste; the game deals %d to its stock (a deal of another game?)", plural(n, "card"), most)
	}
	return nil
}

// checkFoundations checks that every foundation is a run of one suit up
// from the base. A Joker stands for the card due next.
func checkFoundations(r *Rules, fs [][]Card) error {
	base := 1
	if r.BaseDealt {
		base = 0
		for _, f := range fs {
			if len(f) > 0 && f[0] != Joker {
				base = f[0].Rank()
				break
			}
		}
	}
	wrap := r.BaseDealt || r.Wrap
	for i, f := range fs {
		if len(f) == 0 {
			continue
		}
		if len(f) > r.Ranks {
			return fmt.Errorf("foundation %d holds %d cards; a suit has %d", i+1, len(f), r.Ranks)
		}
		suit := -1
		for _, c := range f {
			if c != Joker {
				suit = c.Suit()
				break
			}
		}
		rank := base
		for k, c := range f {
			if k > 0 && base != 0 {
				rank++
				if rank > r.Ranks {
					if !wrap {
						return fmt.Errorf("foundation %d: %v on %v is out of sequence", i+1, c, f[k-1])
					}
					rank = 1
				}
			}
			if c == Joker {
				continue
			}
			if c.Suit() != suit {
				return fmt.Errorf("foundation %d: %v on %v is not of one suit", i+1, c, f[k-1])
			}
			if base != 0 && c.Rank() != rank {
				if k == 0 {
					if r.BaseDealt {
						return fmt.Errorf("foundation %d starts with %v; the base is %s", i+1, c, rankName(base))
					}
					return fmt.Errorf("foundation %d starts with %v; want an Ace", i+1, c)
				}
				return fmt.Errorf("foundation %d: %v on %v is out of sequence", i+1, c, f[k-1])
			}
		}
	}
	return nil
}

// rankName writes a rank as a card does: A, 2..10, J, Q, K.
func rankName(rank int) string {
	switch rank {
	case 1:
		return "A"
	case 11:
		return "J"
	case 12:
		return "Q"
	case 13:
		return "K"
	}
	return fmt.Sprint(rank)
}

// times writes a count of occurrences: "once", "twice", "3 times".
func times(n int) string {
	switch n {
	case 1:
		return "once"
	case 2:
		return "twice"
	}
	return fmt.Sprintf("%d times", n)
}

// places lists places in order, each once: "a", "a and b", "a, b and c",
// or "all in a" when every copy is in the same place.
func places(ws []string) string {
	var u []string
	seen := map[string]bool{}
	for _, w := range ws {
		if !seen[w] {
			seen[w] = true
			u = append(u, w)
		}
	}
	if len(u) == 1 && len(ws) > 1 {
		if len(ws) == 2 {
			return "both in " + u[0]
		}
		return "all in " + u[0]
	}
	if len(u) == 1 {
		return u[0]
	}
	return strings.Join(u[:len(u)-1], ", ") + " and " + u[len(u)-1]
}
