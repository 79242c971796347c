package engine

import (
	"errors"
	"fmt"
)

// Build says which card may be placed on a pile's top card.
type Build uint8

// Build rules.
const (
	BuildAltColour  Build = iota // down, alternating red and black (Klondike)
	BuildSameSuit                // down, same suit
	BuildSameColour              // down, same colour (Whitehead, Agnes Sorel)
	BuildOtherSuit               // down, any suit but its own (Thumb and Pouch)
	BuildAnySuit                 // down, any suit
	BuildUpDownSuit              // up or down, same suit (Alaska)
)

var buildNames = [...]string{"alternating colour", "same suit", "same colour", "any suit but its own", "any suit", "up or down in suit"}

func (b Build) String() string {
	if int(b) < len(buildNames) {
		return buildNames[b]
	}
	return fmt.Sprintf("Build(%d)", b)
}

// Unit says which face-up cards of a pile may move together.
type Unit uint8

// Move units.
const (
	UnitAnyRun      Unit = iota // any built run from its top: whole or partial (Klondike)
	UnitWholeRun                // only all the face-up cards of a pile (Klondike Strict)
	UnitSameSuitRun             // only runs in one suit (Whitehead)
	UnitAnyFaceUp               // any face-up card with everything above it (Yukon)
	UnitTopCard                 // only the top card
)

var unitNames = [...]string{"any built run", "whole face-up run only", "same-suit runs", "any face-up group", "top card only"}

func (u Unit) String() string {
	if int(u) < len(unitNames) {
		return unitNames[u]
	}
	return fmt.Sprintf("Unit(%d)", u)
}

// Fill says what may be placed on an empty pile.
type Fill uint8

// Fill rules.
const (
	FillKing Fill = iota // a King or a group headed by one
	FillAny              // any card or group
	FillNone             // an empty pile stays empty
	FillRank             // only a card of the rank below the foundation base
)

var fillNames = [...]string{"King", "any card", "nothing", "rank below base"}

func (f Fill) String() string {
	if int(f) < len(fillNames) {
		return fillNames[f]
	}
	return fmt.Sprintf("Fill(%d)", f)
}

// StockTo says where the stock is dealt.
type StockTo uint8

// Stock destinations.
const (
	StockToWaste    StockTo = iota // Draw cards at a time onto the waste
	StockToPiles                   // one card onto each pile (Agnes Sorel)
	StockToReserves                // one card onto each reserve (Agnes Bernauer)
)

var stockNames = [...]string{"waste", "piles", "reserves"}

func (s StockTo) String() string {
	if int(s) < len(stockNames) {
		return stockNames[s]
	}
	return fmt.Sprintf("StockTo(%d)", s)
}

// Limits of the engine's state.
const (
	MaxPiles       = 10
	MaxReserves    = 7
	MaxCells       = 4
	MaxFoundations = 8
	MaxCards       = 105 // two decks and a Joker
)

// PileDeal is how many cards a pile gets face down and face up in the deal.
type PileDeal struct{ Down, Up int }

// Rules describes one game of the family as data.
type Rules struct {
	Decks int  // 1 or 2
	Joker bool // one Joker added (Joker Klondike)
	Ranks int  // ranks per suit: 13, or fewer for small test games (A..Ranks)

	Deal []PileDeal // one entry per tableau pile, left to right

	Draw    int     // cards turned per draw (StockToWaste)
	Passes  int     // times through the stock; 0 is unlimited
	StockTo StockTo // where the stock is dealt
	// DealOnlyWhenStuck allows dealing the stock (to piles or reserves)
	// only when no other move is possible.
	DealOnlyWhenStuck bool

	Reserves int // one-card reserve piles (Agnes Bernauer), top card playable

	Build Build
	Wrap  bool // ranks wrap: a King may be built on an Ace (down), and K→A on foundations
	Unit  Unit
	Fill  Fill

	// BaseDealt puts the first stock card on a foundation in the deal and
	// makes its rank the base of every foundation; otherwise foundations
	// start with an Ace.
	BaseDealt bool

	WorryBack bool // the top card of a foundation may go back to a pile
	Cells     int  // holdout cells of one card each
}

// Foundations is the number of foundation piles: four per deck.
func (r *Rules) Foundations() int { return 4 * r.Decks }

// CardCount is the number of cards in play.
func (r *Rules) CardCount() int {
	n := 4 * r.Ranks * r.Decks
	if r.Joker {
		n++
	}
	return n
}

// Unlimited tells whether the stock may be turned over without limit.
func (r *Rules) Unlimited() bool { return r.Passes == 0 }

// TableauCount is the number of cards the deal puts on the piles.
func (r *Rules) TableauCount() int {
	n := 0
	for _, d := range r.Deal {
		n += d.Down + d.Up
	}
	return n
}

// StockCount is the number of cards left in the stock after the deal
// (after the base card, when the foundation base is dealt, and one card
// for each reserve).
func (r *Rules) StockCount() int {
	n := r.CardCount() - r.TableauCount() - r.Reserves
	if r.BaseDealt {
		n--
	}
	return n
}

// Validate checks that the rules describe a game the engine can hold.
func (r *Rules) Validate() error {
	switch {
	case r.Decks != 1 && r.Decks != 2:
		return fmt.Errorf("rules: %d decks; 1 or 2 are supported", r.Decks)
	case r.Ranks < 1 || r.Ranks > 13:
		return fmt.Errorf("rules: %d ranks; 1..13 are supported", r.Ranks)
	case len(r.Deal) < 1 || len(r.Deal) > MaxPiles:
		return fmt.Errorf("rules: %d piles; 1..%d are supported", len(r.Deal), MaxPiles)
	case r.Reserves < 0 || r.Reserves > MaxReserves:
		return fmt.Errorf("rules: %d reserves; 0..%d are supported", r.Reserves, MaxReserves)
	case r.Cells < 0 || r.Cells > MaxCells:
		return fmt.Errorf("rules: %d cells; 0..%d are supported", r.Cells, MaxCells)
	case r.Passes < 0:
		return fmt.Errorf("rules: %d passes; a positive number or 0 for unlimited", r.Passes)
	case r.StockTo == StockToWaste && r.StockCount() > 0 && r.Draw < 1:
		return fmt.Errorf("rules: draw %d; at least 1", r.Draw)
	case r.StockTo == StockToReserves && r.Reserves == 0:
		return errors.New("rules: the stock goes to reserves but there are none")
	case r.StockCount() < 0:
		return fmt.Errorf("rules: the deal needs %d cards but the game has %d", r.TableauCount(), r.CardCount())
	case r.StockCount() > 255 || r.CardCount() > MaxCards:
		return fmt.Errorf("rules: %d cards; at most %d are supported", r.CardCount(), MaxCards)
	case r.Joker:
		if err := r.jokerRulesOK(); err != nil {
			return err
		}
	case r.Fill == FillRank && !r.BaseDealt:
		return errors.New("rules: filling with the rank below the base needs a dealt base")
	}
	for i, d := range r.Deal {
		if d.Down < 0 || d.Up < 0 {
			return fmt.Errorf("rules: pile %d has a negative count", i+1)
		}
	}
	return nil
}

// jokerRulesOK checks that a game with a Joker is one whose Joker play is
// defined: the rules of Joker Klondike (variants/joker.go, its page) are
// written for one deck played to a waste, with foundations from the Ace,
// without cells, reserves or worrying back, and with runs that are built
// (a group that may hold any face-up card would carry the Joker to a pile,
// which the rules forbid).
func (r *Rules) jokerRulesOK() error {
	switch {
	case r.Decks != 1:
		return errors.New("rules: the Joker is played with one deck only")
	case r.StockTo != StockToWaste:
		return errors.New("rules: the Joker is played with the stock turned to a waste only")
	case r.Reserves > 0 || r.Cells > 0:
		return errors.New("rules: the Joker is not played with reserves or cells")
	case r.WorryBack:
		return errors.New("rules: no worrying back with the Joker (no card leaves a foundation)")
	case r.BaseDealt:
		return errors.New("rules: the Joker is played with foundations from the Ace only")
	case r.Unit == UnitAnyFaceUp:
		return errors.New("rules: the Joker is not played with any-face-up group moves (a group would carry it to a pile)")
	}
	return nil
}

// RealCards is the number of cards in play that are not the Joker: the
// cards a win puts on the foundations.
func (r *Rules) RealCards() int { return 4 * r.Ranks * r.Decks }

// Klondike returns the rules of Klondike with the given draw count and
// passes (0 for unlimited), without worrying back.
func Klondike(draw, passes int) Rules {
	deal := make([]PileDeal, 7)
	for i := range deal {
		deal[i] = PileDeal{Down: i, Up: 1}
	}
	return Rules{Decks: 1, Ranks: 13, Deal: deal, Draw: draw, Passes: passes}
}
