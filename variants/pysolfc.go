package variants

import (
	"errors"
	"fmt"

	"github.com/klondike-family/klondike/engine"
)

// pysolfcGame says how PySolFC deals one of our games: which of its games
// it is, and in which order it lays out the cards (engine.PySolFCCards
// gives them in the order they are dealt).
type pysolfcGame struct {
	// title is PySolFC's name of the game and its game id, e.g.
	// `Klondike (id 2)`.
	title string
	// rightToLeft: the rows are dealt from the last pile to the first
	// (PySolFC's Klondike.startGame, reverse=1, which Thumb and Pouch,
	// Whitehead and the Agnes games inherit); else from the first pile
	// (DoubleKlondike and Yukon).
	rightToLeft bool
	// check refuses the rule options under which PySolFC deals the game
	// differently; nil when every option deals alike.
	check func(r *engine.Rules) error
}

// pysolfcKlondike is PySolFC's Klondike deal: Klondike (id 2), Klondike
// (Draw 3) (id 18), Thumb and Pouch (id 58) and the others that keep
// Klondike.startGame.
func pysolfcKlondike(title string) *pysolfcGame {
	return &pysolfcGame{title: title, rightToLeft: true}
}

// layout lays out cards, in the order PySolFC deals them, as PySolFC does
// for this game under rules r:
//
//   - the rows of face-down cards: row i gives a card to every pile with
//     more than i face-down cards (Klondike: piles i+1..7);
//   - the rows of face-up cards under the top ones: row k to every pile
//     with more than k+1 face-up cards (Yukon: the four rows of piles
//     2..7);
//   - the top row, a card to every pile;
//
// each row from the first pile to the last, or from the last to the first
// (rightToLeft); then a card to each reserve in turn, then the foundation
// base when the game deals one (PySolFC's Jane.startGame and
// AgnesSorel.startGame, dealSingleBaseCard), and the rest is the stock,
// the next card to be dealt turned first.
//
// In PySolFC's games with a waste the first stock card is then turned
// (startGame's dealCards); here the deal stops before it. That draw may
// come first in any game played from our deal, since nothing before it
// touches the talon, so the two starts win and lose alike.
func (p *pysolfcGame) layout(r *engine.Rules, cards []engine.Card) (engine.Layout, error) {
	var l engine.Layout
	n := len(r.Deal)
	l.Piles = make([][]engine.Card, n)
	l.FaceDown = make([]int, n)
	next := 0
	deal := func(to func(pile int) bool) {
		for k := range n {
			i := k
			if p.rightToLeft {
				i = n - 1 - k
			}
			if to(i) && next < len(cards) {
				l.Piles[i] = append(l.Piles[i], cards[next])
				next++
			}
		}
	}
	rows := 0
	for i, d := range r.Deal {
		if d.Up < 1 {
			return l, fmt.Errorf("pysolfc deal: pile %d has no face-up card", i+1)
		}
		l.FaceDown[i] = d.Down
		rows = max(rows, d.Down, d.Up)
	}
	for row := range rows {
		deal(func(i int) bool { return r.Deal[i].Down > row })
	}
	for row := range rows {
		deal(func(i int) bool { return r.Deal[i].Up > row+1 })
	}
	deal(func(int) bool { return true })
	if next+r.Reserves+btoi(r.BaseDealt) > len(cards) {
		return l, errors.New("pysolfc deal: more cards dealt than the game has")
	}
	for range r.Reserves {
		l.Reserves = append(l.Reserves, []engine.Card{cards[next]})
		next++
	}
	l.Foundations = make([][]engine.Card, r.Foundations())
	for i := range l.Foundations {
		l.Foundations[i] = []engine.Card{}
	}
	if r.BaseDealt {
		if r.Decks != 1 {
			return l, errors.New("pysolfc deal: a dealt base in a game of more than one deck")
		}
		c := cards[next]
		next++
		l.Foundations[c.Suit()] = []engine.Card{c}
	}
	rest := cards[next:]
	l.Stock = make([]engine.Card, len(rest))
	for i, c := range rest {
		l.Stock[len(rest)-1-i] = c
	}
	l.Waste = []engine.Card{}
	l.Cells = make([]engine.Card, r.Cells)
	return l, nil
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// pysolfcDeal returns game number n of game g under rules r as PySolFC
// deals it, or an error when PySolFC has no such game or deals it
// otherwise under these rules.
func pysolfcDeal(g *Game, r *engine.Rules, n engine.Seed) (engine.Layout, error) {
	if err := pysolfcCheck(g, r); err != nil {
		return engine.Layout{}, err
	}
	cards, err := engine.PySolFCCards(r.Decks, n)
	if err != nil {
		return engine.Layout{}, err
	}
	return g.pysolfc.layout(r, cards)
}

// pysolfcCheck tells whether PySolFC deals game g under rules r as we do.
func pysolfcCheck(g *Game, r *engine.Rules) error {
	switch {
	case g == nil:
		return errors.New("pysolfc deals depend on the game: name it")
	case g.pysolfc == nil:
		return fmt.Errorf("PySolFC has no game %s; it deals %s", g.Name, pysolfcGameList())
	case r.Ranks != 13 || r.Joker:
		return fmt.Errorf("PySolFC deals %s with 52-card decks", g.Name)
	case g.pysolfc.check != nil:
		return g.pysolfc.check(r)
	}
	return nil
}

// pysolfcGameList names the games PySolFC deals.
func pysolfcGameList() string {
	s := ""
	for _, g := range All() {
		if g.pysolfc != nil {
			if s != "" {
				s += ", "
			}
			s += g.Name
		}
	}
	return s
}
