// Package ref is a deliberately plain reference implementation of the rules
// of Klondike solitaire (with the Solitaire Till Dawn options: strict group
// moves, holdout cells, and worrying back), written only from the rules text
// in VARIANTS.md and the seed texts, for differential testing of the fast
// engine.
//
// It shares no code with the rest of the project and imports nothing of it.
// Cards are strings, piles are slices of strings, moves are strings, and
// every Apply returns a fresh deep copy. Clarity is preferred to speed.
package ref

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Game holds the Klondike options.
type Game struct {
	Draw      int  // cards turned per draw, 1..N
	Passes    int  // times through the stock; 0 = unlimited
	WorryBack bool // top card of a foundation may move back to a tableau pile
	Strict    bool // only ALL the face-up cards of a pile move together (never part of them); single top card moves to foundation/cell still allowed
	Cells     int  // holdout cells (0 or 2), each holds one card
	Ranks     int  // ranks per suit, A..Ranks (13 normally; smaller for tiny test games). The King of the rules means rank == Ranks (the highest rank).
}

// Position is a Klondike position. Cards are strings "AC","2D",..,"10H",
// "JS","QC","KD" (rank A,2..10,J,Q,K then suit C,D,H,S upper case).
type Position struct {
	Piles       [][]string  // tableau piles left to right (any number of piles), bottom..top
	Down        []int       // number of face-down cards at the bottom of each pile
	Stock       []string    // bottom..top; the LAST element is the next card turned
	Waste       []string    // bottom..top; the LAST element is playable
	Foundations [4][]string // one per suit in order C, D, H, S; bottom..top (A first)
	Cells       []string    // len == Game.Cells; "" when empty
	Recycles    int         // times the waste has been turned over so far
}

// Counts holds the perft counts at one depth. Nodes is the number of legal
// move sequences of that length; the next seven fields split Nodes by the
// kind of the last move of the sequence (they sum to Nodes); Flips counts
// the sequences whose last move turned a face-down card face up.
type Counts struct {
	Nodes, ToFoundation, PileToPile, WasteToPile, Draw, Recycle, FromFoundation, Cell, Flips int64
}

// suits lists the suit letters in foundation order: f1=C, f2=D, f3=H, f4=S.
const suits = "CDHS"

// card is a parsed card: rank 1 (Ace) .. 13 (King of a full deck), suit
// index 0..3 in the order of suits.
type card struct {
	rank int
	suit int
}

// rankNames maps a rank to its name; index 0 is unused.
var rankNames = [...]string{"", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"}

// parseCard parses a card string such as "10H" or "AS".
func parseCard(s string) (card, error) {
	if len(s) < 2 {
		return card{}, fmt.Errorf("bad card %q", s)
	}
	suit := strings.IndexByte(suits, s[len(s)-1])
	if suit < 0 {
		return card{}, fmt.Errorf("bad suit in card %q", s)
	}
	name := s[:len(s)-1]
	for r := 1; r < len(rankNames); r++ {
		if rankNames[r] == name {
			return card{rank: r, suit: suit}, nil
		}
	}
	return card{}, fmt.Errorf("bad rank in card %q", s)
}

// mustCard parses a card already checked by validate.
func mustCard(s string) card {
	c, err := parseCard(s)
	if err != nil {
		panic("ref: " + err.Error())
	}
	return c
}

// cardName is the string of the card of rank r and suit s.
func cardName(r, s int) string {
	return rankNames[r] + string(suits[s])
}

// isRed reports whether a suit index is Diamonds or Hearts.
func isRed(suit int) bool {
	return suit == 1 || suit == 2
}

// validate checks the options and the shape of a position: everything
// Moves and Apply rely on.
func validate(g Game, p Position) error {
	if g.Draw < 1 {
		return fmt.Errorf("draw %d < 1", g.Draw)
	}
	if g.Passes < 0 {
		return fmt.Errorf("passes %d < 0", g.Passes)
	}
	if g.Cells < 0 {
		return fmt.Errorf("cells %d < 0", g.Cells)
	}
	if g.Ranks < 1 || g.Ranks > 13 {
		return fmt.Errorf("ranks %d not in 1..13", g.Ranks)
	}
	if len(p.Down) != len(p.Piles) {
		return fmt.Errorf("%d down counts for %d piles", len(p.Down), len(p.Piles))
	}
	if len(p.Cells) != g.Cells {
		return fmt.Errorf("%d cells in the position, game has %d", len(p.Cells), g.Cells)
	}
	if p.Recycles < 0 {
		return fmt.Errorf("recycles %d < 0", p.Recycles)
	}
	seen := map[string]bool{}
	check := func(where, s string) error {
		c, err := parseCard(s)
		if err != nil {
			return fmt.Errorf("%s: %v", where, err)
		}
		if c.rank > g.Ranks {
			return fmt.Errorf("%s: card %s above rank %d", where, s, g.Ranks)
		}
		if seen[s] {
			return fmt.Errorf("%s: card %s twice", where, s)
		}
		seen[s] = true
		return nil
	}
	for i, pile := range p.Piles {
		if p.Down[i] < 0 || p.Down[i] > len(pile) {
			return fmt.Errorf("t%d: %d face-down cards in a pile of %d", i+1, p.Down[i], len(pile))
		}
		if len(pile) > 0 && p.Down[i] == len(pile) {
			return fmt.Errorf("t%d: top card is face down", i+1)
		}
		for _, s := range pile {
			if err := check(fmt.Sprintf("t%d", i+1), s); err != nil {
				return err
			}
		}
	}
	for _, s := range p.Stock {
		if err := check("stock", s); err != nil {
			return err
		}
	}
	for _, s := range p.Waste {
		if err := check("waste", s); err != nil {
			return err
		}
	}
	for f, pile := range p.Foundations {
		for k, s := range pile {
			if err := check(fmt.Sprintf("f%d", f+1), s); err != nil {
				return err
			}
			if s != cardName(k+1, f) {
				return fmt.Errorf("f%d: card %d is %s, want %s", f+1, k+1, s, cardName(k+1, f))
			}
		}
	}
	for i, s := range p.Cells {
		if s == "" {
			continue
		}
		if err := check(fmt.Sprintf("c%d", i+1), s); err != nil {
			return err
		}
	}
	return nil
}

// fitsOnPile reports whether card c may be put on pile i of p: on an empty
// pile only a King (rank g.Ranks); otherwise the pile's top card must be face
// up, one rank higher than c and of the other colour.
func fitsOnPile(g Game, p Position, c card, i int) bool {
	pile := p.Piles[i]
	if len(pile) == 0 {
		return c.rank == g.Ranks
	}
	if p.Down[i] >= len(pile) {
		return false
	}
	top := mustCard(pile[len(pile)-1])
	return top.rank == c.rank+1 && isRed(top.suit) != isRed(c.suit)
}

// fitsOnFoundation reports whether card c may go to its suit's foundation.
func fitsOnFoundation(p Position, c card) bool {
	return len(p.Foundations[c.suit]) == c.rank-1
}

// firstEmptyCell is the index of the lowest-numbered empty cell, or -1.
func firstEmptyCell(p Position) int {
	for i, s := range p.Cells {
		if s == "" {
			return i
		}
	}
	return -1
}

// canRecycle reports whether the waste may be turned over as the new stock.
func canRecycle(g Game, p Position) bool {
	if len(p.Stock) != 0 || len(p.Waste) == 0 {
		return false
	}
	return g.Passes == 0 || p.Recycles < g.Passes-1
}

func pileName(i int) string { return "t" + strconv.Itoa(i+1) }
func cellName(i int) string { return "c" + strconv.Itoa(i+1) }
func foundName(i int) string {
	return "f" + strconv.Itoa(i+1)
}

func moveName(from, to string, n int) string {
	return from + "-" + to + "/" + strconv.Itoa(n)
}

// Moves returns every legal move in p, each once. It panics if the game or
// the position is malformed (see Apply for the checks), which is a
// programmer error.
func Moves(g Game, p Position) []string {
	if err := validate(g, p); err != nil {
		panic("ref: Moves: " + err.Error())
	}
	var moves []string
	add := func(m string) {
		for _, old := range moves {
			if old == m {
				panic("ref: duplicate move " + m)
			}
		}
		moves = append(moves, m)
	}
	cell := firstEmptyCell(p)

	// Stock and waste.
	if len(p.Stock) > 0 {
		add("draw")
	}
	if canRecycle(g, p) {
		add("recycle")
	}

	// The top card of the waste: to a pile, its foundation, or a cell.
	if len(p.Waste) > 0 {
		c := mustCard(p.Waste[len(p.Waste)-1])
		for j := range p.Piles {
			if fitsOnPile(g, p, c, j) {
				add(moveName("w", pileName(j), 1))
			}
		}
		if fitsOnFoundation(p, c) {
			add(moveName("w", foundName(c.suit), 1))
		}
		if cell >= 0 {
			add(moveName("w", cellName(cell), 1))
		}
	}

	// Cards from the piles.
	for i, pile := range p.Piles {
		up := len(pile) - p.Down[i]
		if up == 0 {
			continue
		}
		// A group of the top n face-up cards to another pile.
		for n := 1; n <= up; n++ {
			if g.Strict && n != up {
				continue
			}
			bottom := mustCard(pile[len(pile)-n])
			for j := range p.Piles {
				if j != i && fitsOnPile(g, p, bottom, j) {
					add(moveName(pileName(i), pileName(j), n))
				}
			}
		}
		// The top card to its foundation or to a cell.
		top := mustCard(pile[len(pile)-1])
		if fitsOnFoundation(p, top) {
			add(moveName(pileName(i), foundName(top.suit), 1))
		}
		if cell >= 0 {
			add(moveName(pileName(i), cellName(cell), 1))
		}
	}

	// Cell cards: to a pile or to their foundation.
	for k, s := range p.Cells {
		if s == "" {
			continue
		}
		c := mustCard(s)
		for j := range p.Piles {
			if fitsOnPile(g, p, c, j) {
				add(moveName(cellName(k), pileName(j), 1))
			}
		}
		if fitsOnFoundation(p, c) {
			add(moveName(cellName(k), foundName(c.suit), 1))
		}
	}

	// Worrying back: the top card of a foundation to a pile.
	if g.WorryBack {
		for f, found := range p.Foundations {
			if len(found) == 0 {
				continue
			}
			c := mustCard(found[len(found)-1])
			for j := range p.Piles {
				if fitsOnPile(g, p, c, j) {
					add(moveName(foundName(f), pileName(j), 1))
				}
			}
		}
	}
	return moves
}

// clonePosition returns a deep copy of p that shares no slice with it.
func clonePosition(p Position) Position {
	cp := func(s []string) []string {
		out := make([]string, len(s))
		copy(out, s)
		return out
	}
	q := Position{
		Piles:    make([][]string, len(p.Piles)),
		Down:     make([]int, len(p.Down)),
		Stock:    cp(p.Stock),
		Waste:    cp(p.Waste),
		Cells:    cp(p.Cells),
		Recycles: p.Recycles,
	}
	for i, pile := range p.Piles {
		q.Piles[i] = cp(pile)
	}
	copy(q.Down, p.Down)
	for f := range p.Foundations {
		q.Foundations[f] = cp(p.Foundations[f])
	}
	return q
}

// place is one end of a move: kind 'w', 't', 'f' or 'c' and a 0-based index.
type place struct {
	kind  byte
	index int
}

// parsePlace parses "w", "t3", "f2", "c1".
func parsePlace(s string) (place, error) {
	if s == "w" {
		return place{kind: 'w'}, nil
	}
	if len(s) < 2 || strings.IndexByte("tfc", s[0]) < 0 {
		return place{}, fmt.Errorf("bad place %q", s)
	}
	n, err := strconv.Atoi(s[1:])
	if err != nil || n < 1 {
		return place{}, fmt.Errorf("bad place %q", s)
	}
	return place{kind: s[0], index: n - 1}, nil
}

// parseMove parses "FROM-TO/N".
func parseMove(m string) (from, to place, n int, err error) {
	slash := strings.IndexByte(m, '/')
	dash := strings.IndexByte(m, '-')
	if slash < 0 || dash < 0 || dash > slash {
		return from, to, 0, fmt.Errorf("bad move %q", m)
	}
	if from, err = parsePlace(m[:dash]); err != nil {
		return from, to, 0, err
	}
	if to, err = parsePlace(m[dash+1 : slash]); err != nil {
		return from, to, 0, err
	}
	if n, err = strconv.Atoi(m[slash+1:]); err != nil || n < 1 {
		return from, to, 0, fmt.Errorf("bad count in move %q", m)
	}
	return from, to, n, nil
}

// Apply returns the position after move m, as a new position that shares
// no slice with p. It returns an error if the game or the position is
// malformed (bad options, unknown or repeated cards, a card above
// g.Ranks, a foundation out of order, a wrong number of down counts or
// cells, a non-empty pile whose top card is face down) or if m is not one
// of Moves(g, p).
func Apply(g Game, p Position, m string) (Position, error) {
	q, _, err := apply(g, p, m)
	return q, err
}

// apply is Apply that also reports whether the move turned a face-down
// card face up.
func apply(g Game, p Position, m string) (Position, bool, error) {
	if err := validate(g, p); err != nil {
		return Position{}, false, err
	}
	legal := false
	for _, x := range Moves(g, p) {
		if x == m {
			legal = true
			break
		}
	}
	if !legal {
		return Position{}, false, fmt.Errorf("illegal move %q", m)
	}
	q := clonePosition(p)
	switch m {
	case "draw":
		n := min(g.Draw, len(q.Stock))
		for range n {
			top := q.Stock[len(q.Stock)-1]
			q.Stock = q.Stock[:len(q.Stock)-1]
			q.Waste = append(q.Waste, top)
		}
		return q, false, nil
	case "recycle":
		stock := make([]string, 0, len(q.Waste))
		for i := len(q.Waste) - 1; i >= 0; i-- {
			stock = append(stock, q.Waste[i])
		}
		q.Stock = stock
		q.Waste = []string{}
		q.Recycles++
		return q, false, nil
	}
	from, to, n, err := parseMove(m)
	if err != nil {
		return Position{}, false, err // cannot happen: m is a listed move
	}

	// Take the n cards off FROM.
	var cards []string
	switch from.kind {
	case 'w':
		cards = []string{q.Waste[len(q.Waste)-1]}
		q.Waste = q.Waste[:len(q.Waste)-1]
	case 't':
		pile := q.Piles[from.index]
		cards = append([]string{}, pile[len(pile)-n:]...)
		q.Piles[from.index] = pile[:len(pile)-n]
	case 'f':
		found := q.Foundations[from.index]
		cards = []string{found[len(found)-1]}
		q.Foundations[from.index] = found[:len(found)-1]
	case 'c':
		cards = []string{q.Cells[from.index]}
		q.Cells[from.index] = ""
	}

	// Put them on TO.
	switch to.kind {
	case 't':
		q.Piles[to.index] = append(q.Piles[to.index], cards...)
	case 'f':
		q.Foundations[to.index] = append(q.Foundations[to.index], cards...)
	case 'c':
		q.Cells[to.index] = cards[0]
	default:
		return Position{}, false, errors.New("ref: move to the waste") // cannot happen
	}

	// Turn up the new top card of an uncovered pile.
	flipped := false
	if from.kind == 't' {
		i := from.index
		if p.Down[i] > 0 && len(q.Piles[i]) == q.Down[i] {
			q.Down[i]--
			flipped = true
		}
	}
	return q, flipped, nil
}

// Won reports whether every card is on the foundations: the piles, stock,
// waste and cells are all empty.
func Won(p Position) bool {
	if len(p.Stock) != 0 || len(p.Waste) != 0 {
		return false
	}
	for _, pile := range p.Piles {
		if len(pile) != 0 {
			return false
		}
	}
	for _, s := range p.Cells {
		if s != "" {
			return false
		}
	}
	return true
}
