package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// The text deal format is this project's own, for people to read and type:
//
//	# comments start with '#'; blank lines are ignored
//	stock: 5H 2C KD         bottom to top: the last card is turned next
//	waste: 9S               bottom to top: the last card is playable
//	f1: AC 2C               a foundation, bottom to top
//	t1: | 5C                a pile: face-down cards, '|', face-up cards
//	t2: 4D | 9H
//	r1: 8S                  a reserve, bottom to top
//	c1: -                   a cell, '-' when empty
//	recycles: 0             times the waste has been turned over
//	joker: waiting          the Joker waits off the table for the next Ace
//
// Cards are written as in ParseCard: "10H", "TH", "Q♠", "JK" all read;
// "??" is a card not seen (Unknown): a face-down card the player has not
// seen, or a stock card not yet turned (NewView reads such a layout). The
// Joker on a foundation is written in its place ("f2: AD 2D JK 4D": it
// stands for the 3D); the joker line is written only when it waits.
// Lines may come in any order; a pile, reserve or foundation number must
// not skip, and each location appears once.

// TextOptions choose how FormatText writes cards.
type TextOptions struct {
	Symbols bool // suit symbols instead of letters
	Colour  bool // red suits in red (ANSI escapes), for a terminal
}

// FormatText writes a layout in the text deal format.
func FormatText(l Layout, o TextOptions) string {
	var b strings.Builder
	card := func(c Card) string {
		s := c.String()
		if o.Symbols {
			s = c.Symbol()
		}
		if o.Colour && c.Valid() && c != Joker && c.Red() {
			s = "\x1b[31m" + s + "\x1b[0m"
		}
		return s
	}
	list := func(cs []Card) string {
		parts := make([]string, len(cs))
		for i, c := range cs {
			parts[i] = card(c)
		}
		return strings.Join(parts, " ")
	}
	line := func(name, rest string) {
		b.WriteString(name)
		b.WriteString(":")
		if rest != "" {
			b.WriteString(" ")
			b.WriteString(rest)
		}
		b.WriteString("\n")
	}
	line("stock", list(l.Stock))
	line("waste", list(l.Waste))
	for i, f := range l.Foundations {
		line(fmt.Sprintf("f%d", i+1), list(f))
	}
	for i, p := range l.Piles {
		d := 0
		if i < len(l.FaceDown) {
			d = l.FaceDown[i]
		}
		rest := "|"
		if d > 0 {
			rest = list(p[:d]) + " |"
		}
		if d < len(p) {
			rest += " " + list(p[d:])
		}
		line(fmt.Sprintf("t%d", i+1), rest)
	}
	for i, r := range l.Reserves {
		line(fmt.Sprintf("r%d", i+1), list(r))
	}
	for i, c := range l.Cells {
		s := "-"
		if c != NoCard {
			s = card(c)
		}
		line(fmt.Sprintf("c%d", i+1), s)
	}
	if l.Recycles > 0 {
		line("recycles", strconv.Itoa(l.Recycles))
	}
	if l.JokerWaiting {
		line("joker", "waiting")
	}
	return b.String()
}

// ParseText reads a layout in the text deal format. Errors name the line.
func ParseText(data string) (Layout, error) {
	var l Layout
	seen := map[string]int{}
	piles := map[int][]Card{}
	downs := map[int]int{}
	founds := map[int][]Card{}
	reserves := map[int][]Card{}
	cells := map[int]Card{}
	for n, raw := range strings.Split(data, "\n") {
		lineNo := n + 1
		text := raw
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		text = strings.TrimSpace(text)
		if text == "" {
			continue
		}
		name, rest, ok := strings.Cut(text, ":")
		if !ok {
			return l, fmt.Errorf("line %d: want \"name: cards\", got %s", lineNo, quote(raw))
		}
		name = strings.ToLower(strings.TrimSpace(name))
		if prev, dup := seen[name]; dup {
			return l, fmt.Errorf("line %d: %s given twice (first on line %d)", lineNo, name, prev)
		}
		seen[name] = lineNo
		cards := func(s string) ([]Card, error) {
			var out []Card
			for _, tok := range strings.Fields(s) {
				if tok == "??" {
					out = append(out, Unknown)
					continue
				}
				c, _, err := ParseCard(tok)
				if err != nil {
					return nil, fmt.Errorf("line %d (%s): %v", lineNo, name, err)
				}
				if len(out) == MaxCards {
					return nil, fmt.Errorf("line %d (%s): more than %d cards; a game has at most %d", lineNo, name, MaxCards, MaxCards)
				}
				out = append(out, c)
			}
			return out, nil
		}
		num := func(prefix string) (int, bool) {
			if !strings.HasPrefix(name, prefix) {
				return 0, false
			}
			k, err := strconv.Atoi(name[len(prefix):])
			if err != nil || k < 1 || k > 64 || strconv.Itoa(k) != name[len(prefix):] {
				return 0, false
			}
			return k, true
		}
		switch {
		case name == "stock":
			cs, err := cards(rest)
			if err != nil {
				return l, err
			}
			l.Stock = cs
		case name == "waste":
			cs, err := cards(rest)
			if err != nil {
				return l, err
			}
			l.Waste = cs
		case name == "recycles":
			k, err := strconv.Atoi(strings.TrimSpace(rest))
			if err != nil || k < 0 || k > 255 {
				return l, fmt.Errorf("line %d: bad recycles count %s", lineNo, quote(strings.TrimSpace(rest)))
			}
			l.Recycles = k
		case name == "joker":
			if v := strings.ToLower(strings.TrimSpace(rest)); v != "waiting" {
				return l, fmt.Errorf("line %d: joker %s: the only joker line is \"joker: waiting\"", lineNo, quote(v))
			}
			l.JokerWaiting = true
		default:
			if k, ok := num("t"); ok {
				downPart, upPart, hasBar := strings.Cut(rest, "|")
				if !hasBar {
					return l, fmt.Errorf("line %d (%s): a pile needs '|' between face-down and face-up cards", lineNo, name)
				}
				d, err := cards(downPart)
				if err != nil {
					return l, err
				}
				u, err := cards(upPart)
				if err != nil {
					return l, err
				}
				piles[k] = append(d, u...)
				downs[k] = len(d)
			} else if k, ok := num("f"); ok {
				cs, err := cards(rest)
				if err != nil {
					return l, err
				}
				founds[k] = cs
			} else if k, ok := num("r"); ok {
				cs, err := cards(rest)
				if err != nil {
					return l, err
				}
				reserves[k] = cs
			} else if k, ok := num("c"); ok {
				t := strings.TrimSpace(rest)
				if t == "-" || t == "" {
					cells[k] = NoCard
				} else {
					cs, err := cards(t)
					if err != nil {
						return l, err
					}
					if len(cs) != 1 {
						return l, fmt.Errorf("line %d (%s): a cell holds one card, got %d", lineNo, name, len(cs))
					}
					cells[k] = cs[0]
				}
			} else {
				return l, fmt.Errorf("line %d: unknown location %s (want stock, waste, tN, fN, rN, cN, recycles, joker)", lineNo, quote(name))
			}
		}
	}
	var err error
	if l.Piles, err = dense("pile", piles); err != nil {
		return l, err
	}
	if len(l.Piles) == 0 {
		return l, fmt.Errorf("no tableau piles (lines t1:, t2:, ...)")
	}
	l.FaceDown = make([]int, len(l.Piles))
	for k, d := range downs {
		l.FaceDown[k-1] = d
	}
	if l.Foundations, err = dense("foundation", founds); err != nil {
		return l, err
	}
	if l.Reserves, err = dense("reserve", reserves); err != nil {
		return l, err
	}
	for k := 1; k <= len(cells); k++ {
		c, ok := cells[k]
		if !ok {
			return l, fmt.Errorf("cell %d is missing (cells go c1, c2, ...)", k)
		}
		l.Cells = append(l.Cells, c)
	}
	if l.Stock == nil {
		l.Stock = []Card{}
	}
	if l.Waste == nil {
		l.Waste = []Card{}
	}
	return l, nil
}

func dense(what string, m map[int][]Card) ([][]Card, error) {
	out := make([][]Card, len(m))
	top := 0
	for k := range m {
		top = max(top, k)
	}
	if top > len(m) {
		missing := 1
		for _, ok := m[missing]; ok; _, ok = m[missing] {
			missing++
		}
		return nil, fmt.Errorf("%s %d is missing: %s numbers run from 1 without a gap (%s %d is given)", what, missing, what, what, top)
	}
	for k, cs := range m {
		if cs == nil {
			cs = []Card{}
		}
		out[k-1] = cs
	}
	if len(out) == 0 {
		return nil, nil
	}
	return out, nil
}
