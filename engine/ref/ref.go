// Package ref is a deliberately plain reference implementation of the rules
// of Klondike solitaire and its one-player relatives (Double Klondike,
// Gargantua, Steps, Yukon, Alaska, Thumb and Pouch, Whitehead, Agnes Sorel,
// Agnes Bernauer, Joker Klondike, and the Solitaire Till Dawn options:
// strict group moves, holdout cells, and worrying back), written only from
// the rules text in VARIANTS.md and the seed texts (for Joker Klondike: the
// binding reading in notes/joker-rules.md), for differential testing of the
// fast engine.
//
// It shares no code with the rest of the project and imports nothing of it.
// Cards are strings, piles are slices of strings, moves are strings, and
// every Apply returns a fresh deep copy. Clarity is preferred to speed.
//
// Moves are written "FROM-TO/N" where a place is "w" (the waste), "t1".. (a
// tableau pile), "f1".."f4" (the foundations of C, D, H, S), "f5".."f8" (the
// second deck's foundations of C, D, H, S), "c1".. (a cell) or "r1".. (a
// reserve), and N is the number of cards moved; the stock moves are "draw",
// "recycle" and "deal".
//
// Joker Klondike (Game.Joker) writes the Joker "JK" and adds to the notation:
//
//   - The Joker's own move to a foundation is an ordinary "FROM-TO/1" whose
//     mover is the Joker: "w-f1/1" (the Joker from the waste to f1),
//     "t3-f2/1" (the Joker from the top of pile 3 to f2). When it is forced
//     these are the only moves, one per open foundation.
//   - A release (swap) is "FROM-F/1+G" or "FROM-F/1+wait": the real card
//     the Joker stands for goes from FROM (the waste or a pile top) to the
//     Joker's foundation F, taking the Joker's place there, and the Joker
//     goes on as the next card of the open foundation G ("t3-f2/1+f4"), or,
//     when no other foundation is open, leaves the table to wait
//     ("t3-f2/1+wait").
//   - An Ace going to a foundation while the Joker waits keeps its plain
//     name ("t3-f2/1", "w-f4/1"); the Joker rides with it onto that
//     foundation as its 2 (no choice arises, so nothing is added).
package ref

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Game holds the rules options. The zero value of every field added after
// Ranks means the Klondike rule, so a Game with only the first six fields
// set is Klondike.
type Game struct {
	Draw      int  // cards turned per draw, 1..N (only used, and only checked, with StockTo "waste")
	Passes    int  // times through the stock; 0 = unlimited
	WorryBack bool // top card of a foundation may move back to a tableau pile
	Strict    bool // only ALL the face-up cards of a pile move together (never part of them); single top card moves to foundation/cell still allowed. Same as Move "whole".
	Cells     int  // holdout cells (0 or 2), each holds one card
	Ranks     int  // ranks per suit, A..Ranks (13 normally; smaller for tiny test games). The King of the rules means rank == Ranks (the highest rank).

	Decks int // 1 or 2 (0 means 1): every card appears Decks times

	// Build is how a card goes on a tableau card: "" or "alt" (one rank
	// down, other colour), "suit" (down, same suit), "colour" (down, same
	// colour), "other-suit" (down, any suit but its own), "any" (down, any
	// suit), "updown-suit" (one rank up or down, same suit).
	Build string

	// Move is which cards of a pile move to another pile as a unit: "" or
	// "run" (the top n face-up cards when they are built: each fits on the
	// one below it by Build), "whole" (only all the face-up cards of the
	// pile, and only if built; same as Strict), "suit-run" (built and all of
	// one suit), "any-face-up" (any face-up card with everything on top of
	// it, built or not: Yukon), "top" (only the top card).
	Move string

	// Fill is what may go on an empty pile: "" or "king" (a card of the top
	// rank, or with BaseDealt the rank just below Position.Base, wrapping;
	// or a group headed by one), "any" (any card or group), "none" (nothing;
	// only a deal puts cards there).
	Fill string

	// Wrap lets ranks wrap round in the tableau: building down a King
	// (rank Ranks) may go on an Ace (and building up an Ace on a King).
	// Foundations wrap K→A whenever BaseDealt.
	Wrap bool

	// BaseDealt makes every foundation start at Position.Base instead of
	// the Ace and go on up in suit, wrapping K→A, to Ranks cards.
	BaseDealt bool

	// StockTo is where the stock goes: "" or "waste" (draw Draw cards to
	// the waste, recycle by Passes), "piles" (a "deal" move puts one stock
	// card face up on each pile in order, pile 1 first, top stock card
	// first, while the stock lasts; empty piles get cards too), "reserves"
	// (a "deal" puts one stock card on each reserve the same way). Only
	// "waste" has a waste, draws and recycles.
	StockTo string

	// DealWhenStuck makes "deal" legal only when no other move is legal.
	DealWhenStuck bool

	// Reserves is the number of reserve piles (Agnes Bernauer): all their
	// cards are face up, only the top card of each plays (to a foundation
	// or a pile), and nothing is ever built on a reserve.
	Reserves int

	// Joker adds one Joker, "JK", to the deck (Joker Klondike, by the
	// reading of notes/joker-rules.md). Only with one deck, a waste (StockTo
	// "" or "waste"), foundations from the Ace (no BaseDealt), no worrying
	// back, no cells and no reserves: the rules say nothing of the others.
	Joker bool
}

// Position is a position of one of the games. Cards are strings
// "AC","2D",..,"10H", "JS","QC","KD" (rank A,2..10,J,Q,K then suit C,D,H,S
// upper case).
type Position struct {
	Piles       [][]string  // tableau piles left to right (any number of piles), bottom..top
	Down        []int       // number of face-down cards at the bottom of each pile
	Stock       []string    // bottom..top; the LAST element is the next card turned or dealt
	Waste       []string    // bottom..top; the LAST element is playable (always empty unless StockTo is "waste")
	Foundations [4][]string // one per suit in order C, D, H, S (f1..f4); bottom..top (the base card first)
	Cells       []string    // len == Game.Cells; "" when empty
	Recycles    int         // times the waste has been turned over so far

	ExtraFoundations [4][]string // the second deck's foundations, suits C, D, H, S, named f5..f8 (empty unless Decks == 2)
	Reserves         [][]string  // len == Game.Reserves, bottom..top, named r1..rN
	Base             int         // foundation base rank when BaseDealt (1..Ranks); 0 otherwise

	// JokerWaiting is true when the Joker (Game.Joker) has left the table
	// to wait for the next foundation to open; it is then in no slice.
	// Otherwise the Joker is the string "JK" in exactly one slice: in a
	// pile (face down or up), the stock or the waste like any card, or in
	// the foundation it is on. On foundation f it sits at the height of the
	// card it stands for (height k, 0 = bottom, stands for rank k+1 of f's
	// suit; never k = 0, since it only joins a foundation holding its Ace),
	// and the real cards built on it afterwards follow it in the slice, so
	// f1 = {"AC", "2C", "JK", "4C"} has the Joker standing for 3C with 4C
	// built on it. Which foundation holds the Joker is the one whose slice
	// holds "JK".
	JokerWaiting bool
}

// Counts holds the perft counts at one depth. Nodes is the number of legal
// move sequences of that length; the kind fields (ToFoundation, PileToPile,
// WasteToPile, Draw, Recycle, FromFoundation, Cell, Deal, ReserveToPile)
// split Nodes by the kind of the last move of the sequence (they sum to
// Nodes); Flips counts the sequences whose last move turned a face-down
// card face up. In Joker Klondike the Joker's move to a foundation
// ("w-f1/1", "t3-f2/1") and a release ("t3-f2/1+f4", "w-f2/1+wait") count
// as ToFoundation (their TO is a foundation), and so does an Ace carrying
// the waiting Joker; a release or a Joker move from a pile that uncovers a
// face-down card counts in Flips too.
type Counts struct {
	Nodes, ToFoundation, PileToPile, WasteToPile, Draw, Recycle, FromFoundation, Cell, Flips int64
	Deal, ReserveToPile                                                                      int64
}

// joker is the Joker's string (Game.Joker).
const joker = "JK"

// suits lists the suit letters in foundation order: f1=C, f2=D, f3=H, f4=S
// (and f5..f8 the same for a second deck).
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

// decks is the number of decks of g (0 means 1).
func decks(g Game) int {
	if g.Decks == 0 {
		return 1
	}
	return g.Decks
}

// moveRule is the group-move rule of g, with Strict meaning "whole" and ""
// meaning "run".
func moveRule(g Game) string {
	if g.Strict || g.Move == "whole" {
		return "whole"
	}
	if g.Move == "" {
		return "run"
	}
	return g.Move
}

// stockTo is where the stock of g goes, "" meaning "waste".
func stockTo(g Game) string {
	if g.StockTo == "" {
		return "waste"
	}
	return g.StockTo
}

// base is the rank every foundation starts with: Position.Base with
// BaseDealt, else the Ace.
func base(g Game, p Position) int {
	if g.BaseDealt {
		return p.Base
	}
	return 1
}

// foundRank is the rank of the card at height k (0 = bottom) of every
// foundation: the base, then up by one, wrapping from Ranks to 1.
func foundRank(g Game, p Position, k int) int {
	return (base(g, p)-1+k)%g.Ranks + 1
}

// fillRank is the rank that may fill an empty pile under Fill "king": the
// top rank, or with BaseDealt the rank just below the base (wrapping, so a
// base of Ace gives the King).
func fillRank(g Game, p Position) int {
	b := base(g, p)
	if b == 1 {
		return g.Ranks
	}
	return b - 1
}

// foundation returns foundation i (0..7): f1..f4 are Foundations, f5..f8
// are ExtraFoundations.
func foundation(p Position, i int) []string {
	if i < 4 {
		return p.Foundations[i]
	}
	return p.ExtraFoundations[i-4]
}

// setFoundation replaces foundation i (0..7) of p.
func setFoundation(p *Position, i int, f []string) {
	if i < 4 {
		p.Foundations[i] = f
	} else {
		p.ExtraFoundations[i-4] = f
	}
}

var (
	builds   = []string{"", "alt", "suit", "colour", "other-suit", "any", "updown-suit"}
	moveKeys = []string{"", "run", "whole", "suit-run", "any-face-up", "top"}
	fills    = []string{"", "king", "any", "none"}
	stockTos = []string{"", "waste", "piles", "reserves"}
)

func oneOf(s string, list []string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// validateGame checks the options of g.
func validateGame(g Game) error {
	if stockTo(g) == "waste" && g.Draw < 1 {
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
	if g.Decks < 0 || g.Decks > 2 {
		return fmt.Errorf("decks %d not in 0..2", g.Decks)
	}
	if !oneOf(g.Build, builds) {
		return fmt.Errorf("unknown build %q", g.Build)
	}
	if !oneOf(g.Move, moveKeys) {
		return fmt.Errorf("unknown move rule %q", g.Move)
	}
	if g.Strict && g.Move != "" && g.Move != "whole" {
		return fmt.Errorf("strict with move rule %q", g.Move)
	}
	if !oneOf(g.Fill, fills) {
		return fmt.Errorf("unknown fill %q", g.Fill)
	}
	if !oneOf(g.StockTo, stockTos) {
		return fmt.Errorf("unknown stock destination %q", g.StockTo)
	}
	if g.Reserves < 0 {
		return fmt.Errorf("reserves %d < 0", g.Reserves)
	}
	if g.StockTo == "reserves" && g.Reserves == 0 {
		return errors.New("stock dealt to reserves, but no reserves")
	}
	if g.Joker {
		switch {
		case decks(g) != 1:
			return fmt.Errorf("joker with %d decks: Joker Klondike is played with one deck", decks(g))
		case g.WorryBack:
			return errors.New("joker with worrying back: in Joker Klondike no card leaves a foundation")
		case stockTo(g) != "waste":
			return fmt.Errorf("joker with the stock dealt to %s: Joker Klondike draws the stock to a waste", g.StockTo)
		case g.BaseDealt:
			return errors.New("joker with a dealt base: Joker Klondike's foundations start at the Ace")
		case g.Cells != 0:
			return errors.New("joker with holdout cells: the Joker Klondike rules say nothing of cells")
		case g.Reserves != 0:
			return errors.New("joker with reserves: the Joker Klondike rules say nothing of reserves")
		}
	}
	return nil
}

// jokerFoundation returns the foundation (0..3) holding the Joker and the
// Joker's height in it (0 = bottom), or -1, -1 if no foundation holds it.
func jokerFoundation(p Position) (f, k int) {
	for f := range p.Foundations {
		for k, s := range p.Foundations[f] {
			if s == joker {
				return f, k
			}
		}
	}
	return -1, -1
}

// isOpen reports whether foundation f (0..3) of a Joker game is open: it
// holds at least its Ace, is not complete (its next rank is at most the
// King, rank Ranks) and the Joker is not on it.
func isOpen(g Game, p Position, f int) bool {
	found := p.Foundations[f]
	return len(found) >= 1 && len(found) < g.Ranks && !slices.Contains(found, joker)
}

// openFoundations lists the open foundations (0..3) of a Joker game in
// order, all but skip (-1 to skip none).
func openFoundations(g Game, p Position, skip int) []int {
	var open []int
	for f := range p.Foundations {
		if f != skip && isOpen(g, p, f) {
			open = append(open, f)
		}
	}
	return open
}

// jokerForcedFrom returns the place ("w" or "t1"..) of the Joker when it is
// forced to go to a foundation: it is the top card of the waste or of a
// pile (top cards are face up) and a foundation is open. Otherwise it
// returns "".
func jokerForcedFrom(g Game, p Position) string {
	if !g.Joker || len(openFoundations(g, p, -1)) == 0 {
		return ""
	}
	if len(p.Waste) > 0 && p.Waste[len(p.Waste)-1] == joker {
		return "w"
	}
	for i, pile := range p.Piles {
		if len(pile) > 0 && pile[len(pile)-1] == joker {
			return pileName(i)
		}
	}
	return ""
}

// validate checks the options and the shape of a position: everything
// Moves and Apply rely on. Each card may appear at most Decks times (a
// position need not hold every card).
func validate(g Game, p Position) error {
	if err := validateGame(g); err != nil {
		return err
	}
	if len(p.Down) != len(p.Piles) {
		return fmt.Errorf("%d down counts for %d piles", len(p.Down), len(p.Piles))
	}
	if len(p.Cells) != g.Cells {
		return fmt.Errorf("%d cells in the position, game has %d", len(p.Cells), g.Cells)
	}
	if len(p.Reserves) != g.Reserves {
		return fmt.Errorf("%d reserves in the position, game has %d", len(p.Reserves), g.Reserves)
	}
	if p.Recycles < 0 {
		return fmt.Errorf("recycles %d < 0", p.Recycles)
	}
	if g.BaseDealt {
		if p.Base < 1 || p.Base > g.Ranks {
			return fmt.Errorf("base %d not in 1..%d", p.Base, g.Ranks)
		}
	} else if p.Base != 0 {
		return fmt.Errorf("base %d without a dealt base", p.Base)
	}
	if stockTo(g) != "waste" && len(p.Waste) != 0 {
		return fmt.Errorf("%d waste cards in a game without a waste", len(p.Waste))
	}
	if p.JokerWaiting && !g.Joker {
		return errors.New("a waiting Joker in a game without one")
	}
	jokers := 0
	if p.JokerWaiting {
		jokers++
	}
	seen := map[string]int{}
	check := func(where, s string) error {
		if s == joker && g.Joker {
			jokers++
			if jokers > 1 {
				return fmt.Errorf("%s: the Joker more than once (waiting: %v)", where, p.JokerWaiting)
			}
			return nil
		}
		c, err := parseCard(s)
		if err != nil {
			return fmt.Errorf("%s: %v", where, err)
		}
		if c.rank > g.Ranks {
			return fmt.Errorf("%s: card %s above rank %d", where, s, g.Ranks)
		}
		seen[s]++
		if seen[s] > decks(g) {
			return fmt.Errorf("%s: card %s more than %d times", where, s, decks(g))
		}
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
	if decks(g) == 1 {
		for f, pile := range p.ExtraFoundations {
			if len(pile) != 0 {
				return fmt.Errorf("f%d: a second deck's foundation in a one-deck game", f+5)
			}
		}
	}
	for f := range 4 * decks(g) {
		pile := foundation(p, f)
		if len(pile) > g.Ranks {
			return fmt.Errorf("f%d: %d cards, more than %d", f+1, len(pile), g.Ranks)
		}
		for k, s := range pile {
			if err := check(fmt.Sprintf("f%d", f+1), s); err != nil {
				return err
			}
			want := cardName(foundRank(g, p, k), f%4)
			if s == joker && k == 0 {
				return fmt.Errorf("f%d: the Joker at the bottom, below the Ace", f+1)
			}
			if s != want && s != joker {
				return fmt.Errorf("f%d: card %d is %s, want %s", f+1, k+1, s, want)
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
	for i, pile := range p.Reserves {
		for _, s := range pile {
			if err := check(fmt.Sprintf("r%d", i+1), s); err != nil {
				return err
			}
		}
	}
	return nil
}

// CheckFull returns an error if the game or the position is malformed (as
// Apply checks) or if the position does not hold every card of the game
// exactly Decks times (4*Ranks*Decks cards in all), and with Game.Joker the
// Joker exactly once (as "JK" in a pile, the stock, the waste or a
// foundation, or waiting): 4*Ranks+1 cards in all.
func CheckFull(g Game, p Position) error {
	if err := validate(g, p); err != nil {
		return err
	}
	var all []string
	all = append(all, p.Stock...)
	all = append(all, p.Waste...)
	for _, pile := range p.Piles {
		all = append(all, pile...)
	}
	for f := range 4 * decks(g) {
		all = append(all, foundation(p, f)...)
	}
	for _, s := range p.Cells {
		if s != "" {
			all = append(all, s)
		}
	}
	for _, pile := range p.Reserves {
		all = append(all, pile...)
	}
	jokers := 0
	if p.JokerWaiting {
		jokers++
	}
	realCards := 0
	for _, s := range all {
		if s == joker {
			jokers++
		} else {
			realCards++
		}
	}
	if want := 4 * g.Ranks * decks(g); realCards != want {
		return fmt.Errorf("%d cards, want %d", realCards, want)
	}
	if g.Joker && jokers != 1 {
		return fmt.Errorf("the Joker %d times (waiting: %v), want once", jokers, p.JokerWaiting)
	}
	return nil // validate allows no card more than Decks times (and no Joker without Game.Joker), so each is there exactly Decks times
}

// fitsBuild reports whether card over may lie on card under in the tableau
// by g.Build (and g.Wrap).
func fitsBuild(g Game, under, over card) bool {
	down := under.rank == over.rank+1 || (g.Wrap && under.rank == 1 && over.rank == g.Ranks)
	up := over.rank == under.rank+1 || (g.Wrap && under.rank == g.Ranks && over.rank == 1)
	switch g.Build {
	case "", "alt":
		return down && isRed(under.suit) != isRed(over.suit)
	case "suit":
		return down && under.suit == over.suit
	case "colour":
		return down && isRed(under.suit) == isRed(over.suit)
	case "other-suit":
		return down && under.suit != over.suit
	case "any":
		return down
	case "updown-suit":
		return (down || up) && under.suit == over.suit
	}
	panic("ref: unknown build " + g.Build)
}

// fillAllows reports whether card c (alone or heading a group) may go on an
// empty pile.
func fillAllows(g Game, p Position, c card) bool {
	switch g.Fill {
	case "any":
		return true
	case "none":
		return false
	default:
		return c.rank == fillRank(g, p)
	}
}

// fitsOnPile reports whether card c (alone or heading a group) may be put
// on pile i of p: on an empty pile as Fill allows; otherwise the pile's top
// card must be face up, not the Joker (nothing is built on it), and take c
// by Build.
func fitsOnPile(g Game, p Position, c card, i int) bool {
	pile := p.Piles[i]
	if len(pile) == 0 {
		return fillAllows(g, p, c)
	}
	if p.Down[i] >= len(pile) || pile[len(pile)-1] == joker {
		return false
	}
	return fitsBuild(g, mustCard(pile[len(pile)-1]), c)
}

// foundationFor is the index (0..7) of the lowest-numbered foundation that
// takes card c next, or -1: a foundation of c's suit whose next card is c.
func foundationFor(g Game, p Position, c card) int {
	for d := range decks(g) {
		f := c.suit + 4*d
		h := len(foundation(p, f))
		if h < g.Ranks && foundRank(g, p, h) == c.rank {
			return f
		}
	}
	return -1
}

// groupMoves reports whether the top n cards of pile i (n <= its face-up
// cards) may move to another pile as a unit by g's Move rule (the fit of
// the bottom card on the destination is checked apart). A group holding
// the Joker never moves: the Joker cannot move to a pile.
func groupMoves(g Game, p Position, i, n int) bool {
	pile := p.Piles[i]
	up := len(pile) - p.Down[i]
	group := pile[len(pile)-n:]
	if slices.Contains(group, joker) {
		return false
	}
	built := true
	oneSuit := true
	for k := 0; k+1 < len(group); k++ {
		under, over := mustCard(group[k]), mustCard(group[k+1])
		if !fitsBuild(g, under, over) {
			built = false
		}
		if under.suit != over.suit {
			oneSuit = false
		}
	}
	switch moveRule(g) {
	case "run":
		return built
	case "whole":
		return n == up && built
	case "suit-run":
		return built && oneSuit
	case "any-face-up":
		return true
	case "top":
		return n == 1
	}
	panic("ref: unknown move rule " + g.Move)
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
	if stockTo(g) != "waste" || len(p.Stock) != 0 || len(p.Waste) == 0 {
		return false
	}
	return g.Passes == 0 || p.Recycles < g.Passes-1
}

// canDeal reports whether a "deal" would put any card anywhere (the
// no-other-move condition of DealWhenStuck is checked apart).
func canDeal(g Game, p Position) bool {
	if len(p.Stock) == 0 {
		return false
	}
	switch stockTo(g) {
	case "piles":
		return len(p.Piles) > 0
	case "reserves":
		return len(p.Reserves) > 0
	}
	return false
}

func pileName(i int) string    { return "t" + strconv.Itoa(i+1) }
func cellName(i int) string    { return "c" + strconv.Itoa(i+1) }
func foundName(i int) string   { return "f" + strconv.Itoa(i+1) }
func reserveName(i int) string { return "r" + strconv.Itoa(i+1) }

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

	// Joker Klondike: the Joker on top of the waste or of a pile while a
	// foundation is open must go to a foundation at once; its moves (one
	// per open foundation) are then the only ones.
	if from := jokerForcedFrom(g, p); from != "" {
		for _, f := range openFoundations(g, p, -1) {
			add(moveName(from, foundName(f), 1))
		}
		return moves
	}

	// Stock and waste.
	if stockTo(g) == "waste" && len(p.Stock) > 0 {
		add("draw")
	}
	if canRecycle(g, p) {
		add("recycle")
	}

	// The top card of the waste: to a pile, its foundation, or a cell. A
	// Joker there (not forced, so no foundation is open) stays put.
	if len(p.Waste) > 0 && p.Waste[len(p.Waste)-1] != joker {
		c := mustCard(p.Waste[len(p.Waste)-1])
		for j := range p.Piles {
			if fitsOnPile(g, p, c, j) {
				add(moveName("w", pileName(j), 1))
			}
		}
		if f := foundationFor(g, p, c); f >= 0 {
			add(moveName("w", foundName(f), 1))
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
			if !groupMoves(g, p, i, n) {
				continue
			}
			bottom := mustCard(pile[len(pile)-n])
			for j := range p.Piles {
				if j != i && fitsOnPile(g, p, bottom, j) {
					add(moveName(pileName(i), pileName(j), n))
				}
			}
		}
		// The top card to its foundation or to a cell. A Joker there (not
		// forced, so no foundation is open) stays put.
		if pile[len(pile)-1] == joker {
			continue
		}
		top := mustCard(pile[len(pile)-1])
		if f := foundationFor(g, p, top); f >= 0 {
			add(moveName(pileName(i), foundName(f), 1))
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
		if f := foundationFor(g, p, c); f >= 0 {
			add(moveName(cellName(k), foundName(f), 1))
		}
	}

	// Reserve top cards: to a pile or to their foundation.
	for k, reserve := range p.Reserves {
		if len(reserve) == 0 {
			continue
		}
		c := mustCard(reserve[len(reserve)-1])
		for j := range p.Piles {
			if fitsOnPile(g, p, c, j) {
				add(moveName(reserveName(k), pileName(j), 1))
			}
		}
		if f := foundationFor(g, p, c); f >= 0 {
			add(moveName(reserveName(k), foundName(f), 1))
		}
	}

	// Worrying back: the top card of a foundation to a pile. Of two
	// foundations of one suit at the same height (so with the same top
	// card), only the lower-numbered one is offered.
	if g.WorryBack {
		for f := range 4 * decks(g) {
			found := foundation(p, f)
			if len(found) == 0 {
				continue
			}
			if f >= 4 && len(foundation(p, f-4)) == len(found) {
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

	// Joker Klondike releases: the real card the Joker stands for, from the
	// top of the waste or of a pile, takes the Joker's place; the Joker goes
	// on to another open foundation (one move per choice) or, if there is
	// none, waits.
	if f, k := jokerFoundation(p); f >= 0 {
		stands := cardName(foundRank(g, p, k), f)
		var froms []string
		if len(p.Waste) > 0 && p.Waste[len(p.Waste)-1] == stands {
			froms = append(froms, "w")
		}
		for i, pile := range p.Piles {
			if len(pile) > 0 && pile[len(pile)-1] == stands {
				froms = append(froms, pileName(i))
			}
		}
		for _, from := range froms {
			others := openFoundations(g, p, f) // the real card on f changes no other foundation
			if len(others) == 0 {
				add(moveName(from, foundName(f), 1) + "+wait")
			}
			for _, other := range others {
				add(moveName(from, foundName(f), 1) + "+" + foundName(other))
			}
		}
	}

	// Dealing the stock to the piles or the reserves.
	if canDeal(g, p) && (!g.DealWhenStuck || len(moves) == 0) {
		add("deal")
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
		Reserves: make([][]string, len(p.Reserves)),
		Base:     p.Base,

		JokerWaiting: p.JokerWaiting,
	}
	for i, pile := range p.Piles {
		q.Piles[i] = cp(pile)
	}
	copy(q.Down, p.Down)
	for f := range p.Foundations {
		q.Foundations[f] = cp(p.Foundations[f])
		q.ExtraFoundations[f] = cp(p.ExtraFoundations[f])
	}
	for i, pile := range p.Reserves {
		q.Reserves[i] = cp(pile)
	}
	return q
}

// place is one end of a move: kind 'w', 't', 'f', 'c' or 'r' and a 0-based
// index.
type place struct {
	kind  byte
	index int
}

// parsePlace parses "w", "t3", "f2", "c1", "r4".
func parsePlace(s string) (place, error) {
	if s == "w" {
		return place{kind: 'w'}, nil
	}
	if len(s) < 2 || strings.IndexByte("tfcr", s[0]) < 0 {
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
// malformed (bad or unknown options, unknown cards, a card more than Decks
// times, a card above g.Ranks, a foundation out of order or not starting at
// its base, a base out of range or given without BaseDealt, a second deck's
// foundation in a one-deck game, a waste in a game without one, a wrong
// number of down counts, cells or reserves, a non-empty pile whose top card
// is face down) or if m is not one of Moves(g, p).
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
	case "deal":
		// One card face up on each pile (or reserve) in order, the top
		// stock card first, while the stock lasts.
		dest := q.Piles
		if stockTo(g) == "reserves" {
			dest = q.Reserves
		}
		for i := range dest {
			if len(q.Stock) == 0 {
				break
			}
			top := q.Stock[len(q.Stock)-1]
			q.Stock = q.Stock[:len(q.Stock)-1]
			dest[i] = append(dest[i], top)
		}
		return q, false, nil
	}
	// A release "FROM-F/1+G" or "FROM-F/1+wait" (Joker Klondike).
	m, release, isRelease := strings.Cut(m, "+")
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
		found := foundation(q, from.index)
		cards = []string{found[len(found)-1]}
		setFoundation(&q, from.index, found[:len(found)-1])
	case 'c':
		cards = []string{q.Cells[from.index]}
		q.Cells[from.index] = ""
	case 'r':
		reserve := q.Reserves[from.index]
		cards = []string{reserve[len(reserve)-1]}
		q.Reserves[from.index] = reserve[:len(reserve)-1]
	}

	// Put them on TO.
	switch {
	case isRelease:
		// The real card takes the Joker's place on foundation TO; the
		// Joker goes on to foundation G or waits.
		f, k := jokerFoundation(q)
		q.Foundations[f][k] = cards[0]
		if release == "wait" {
			q.JokerWaiting = true
		} else {
			other, err := parsePlace(release)
			if err != nil {
				return Position{}, false, err // cannot happen: m is a listed move
			}
			q.Foundations[other.index] = append(q.Foundations[other.index], joker)
		}
	case to.kind == 't':
		q.Piles[to.index] = append(q.Piles[to.index], cards...)
	case to.kind == 'f':
		setFoundation(&q, to.index, append(foundation(q, to.index), cards...))
		// A waiting Joker rides on the Ace that opens a foundation, as its 2.
		if q.JokerWaiting && cards[0] != joker && mustCard(cards[0]).rank == 1 && isOpen(g, q, to.index) {
			q.Foundations[to.index] = append(q.Foundations[to.index], joker)
			q.JokerWaiting = false
		}
	case to.kind == 'c':
		q.Cells[to.index] = cards[0]
	default:
		return Position{}, false, errors.New("ref: move to the waste or a reserve") // cannot happen
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
// waste, cells and reserves are all empty, but for the Joker (Joker
// Klondike is won with all the real cards on the foundations, wherever the
// Joker is).
func Won(p Position) bool {
	for _, s := range slices.Concat(p.Stock, p.Waste) {
		if s != joker {
			return false
		}
	}
	for _, pile := range p.Piles {
		for _, s := range pile {
			if s != joker {
				return false
			}
		}
	}
	for _, s := range p.Cells {
		if s != "" {
			return false
		}
	}
	for _, pile := range p.Reserves {
		if len(pile) != 0 {
			return false
		}
	}
	return true
}
