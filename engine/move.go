package engine

import "fmt"

// Loc numbers the places a card can be taken from or put on. The numbers
// below LocCell0 are also the locations of the State's card buffer.
type Loc uint8

// Locations.
const (
	LocWaste    Loc = 0                         // the waste (the talon's played part)
	LocPile0    Loc = 1                         // piles: LocPile0+i for pile i
	LocReserve0 Loc = LocPile0 + MaxPiles       // reserves: LocReserve0+i
	LocCell0    Loc = LocReserve0 + MaxReserves // cells: LocCell0+i
	LocFound0   Loc = LocCell0 + MaxCells       // foundations: LocFound0+i
	locBuffers      = int(LocCell0)             // locations kept in the card buffer
	locEnd          = int(LocFound0) + MaxFoundations
	// LocWait is no place on the table: where the Joker goes when it
	// leaves a foundation with no other foundation open to take it (it
	// waits for the next Ace). Only a move's Joker destination names it.
	LocWait Loc = 31
)

// IsPile, IsReserve, IsCell and IsFoundation tell the kind of a location.
func (l Loc) IsPile() bool       { return l >= LocPile0 && l < LocReserve0 }
func (l Loc) IsReserve() bool    { return l >= LocReserve0 && l < LocCell0 }
func (l Loc) IsCell() bool       { return l >= LocCell0 && l < LocFound0 }
func (l Loc) IsFoundation() bool { return l >= LocFound0 && int(l) < locEnd }

// String names a location as the solution format does: waste, t1.., r1..,
// c1.., f1...
func (l Loc) String() string {
	switch {
	case l == LocWaste:
		return "waste"
	case l.IsPile():
		return fmt.Sprintf("t%d", l-LocPile0+1)
	case l.IsReserve():
		return fmt.Sprintf("r%d", l-LocReserve0+1)
	case l.IsCell():
		return fmt.Sprintf("c%d", l-LocCell0+1)
	case l.IsFoundation():
		return fmt.Sprintf("f%d", l-LocFound0+1)
	case l == LocWait:
		return "wait"
	}
	return fmt.Sprintf("loc%d", uint8(l))
}

// MoveKind says what a move does.
type MoveKind uint8

// Move kinds.
const (
	KindMove    MoveKind = iota // cards from one location to another
	KindDraw                    // turn a packet of Draw cards from stock to waste
	KindRecycle                 // turn the waste over as the new stock
	KindDeal                    // deal one stock card onto each pile or reserve
)

// Move is one atomic move packed into 32 bits.
//
//	bits  0-4   from  (Loc)
//	bits  5-9   to    (Loc)
//	bits 10-16  n     cards moved (KindMove)
//	bits 17-18  kind  (MoveKind)
//	bit  19     flip  the move turns a face-down card up
//	bits 20-24  joker where the Joker goes in the same move (Loc), or 0
//
// The joker field is set on the two moves of Joker Klondike that take the
// Joker along with a real card to a foundation: the release (the real
// card the Joker stands for goes to the Joker's foundation, in its place,
// and the Joker goes on to another open foundation, or to LocWait), and
// an Ace going up while the Joker waits (the Joker rides with it onto the
// Ace's foundation as its Two: the field names that foundation). A move of
// the Joker itself to a foundation is a plain move whose card is the
// Joker. The zero Move is not a legal move.
type Move uint32

// NewMove packs a card move.
func NewMove(from, to Loc, n int) Move {
	return Move(from) | Move(to)<<5 | Move(n)<<10
}

func (m Move) From() Loc         { return Loc(m & 31) }
func (m Move) To() Loc           { return Loc(m >> 5 & 31) }
func (m Move) N() int            { return int(m >> 10 & 127) }
func (m Move) Kind() MoveKind    { return MoveKind(m >> 17 & 3) }
func (m Move) Flips() bool       { return m>>19&1 != 0 }
func (m Move) withFlip() Move    { return m | 1<<19 }
func (m Move) withoutFlip() Move { return m &^ (1 << 19) }

// JokerTo is where the move sends the Joker along with its real card: a
// foundation or LocWait; 0 (LocWaste) when the move does not take the
// Joker along.
func (m Move) JokerTo() Loc { return Loc(m >> 20 & 31) }

// withJoker sets where the move takes the Joker along.
func (m Move) withJoker(to Loc) Move { return m&^(31<<20) | Move(to)<<20 }

// The stock moves.
const (
	MoveDraw    = Move(KindDraw) << 17
	MoveRecycle = Move(KindRecycle) << 17
	MoveDeal    = Move(KindDeal) << 17
)

// String writes the move plainly: "draw", "recycle", "deal" or
// "t1-t3/2" (from, to, cards moved); a move that takes the Joker along
// adds where it goes: "t1-f2/1,JK-f4" or "w-f2/1,JK-wait".
func (m Move) String() string {
	switch m.Kind() {
	case KindDraw:
		return "draw"
	case KindRecycle:
		return "recycle"
	case KindDeal:
		return "deal"
	}
	from, to := m.From().String(), m.To().String()
	if m.From() == LocWaste {
		from = "w"
	}
	if m.To() == LocWaste {
		to = "w"
	}
	if j := m.JokerTo(); j != 0 {
		return fmt.Sprintf("%s-%s/%d,JK-%v", from, to, m.N(), j)
	}
	return fmt.Sprintf("%s-%s/%d", from, to, m.N())
}

// Class is the move's class for perft counts, one per move by priority:
// draw, recycle, deal, to a foundation, from a foundation, to or from a
// cell, from the waste to a pile, from a reserve to a pile, pile to pile.
type Class uint8

// Move classes.
const (
	ClassToFoundation Class = iota
	ClassPileToPile
	ClassWasteToPile
	ClassDraw
	ClassRecycle
	ClassFromFoundation
	ClassCell
	ClassDeal
	ClassReserveToPile
	NumClasses
)

var classNames = [...]string{"to-foundation", "pile-to-pile", "waste-to-pile", "draw", "recycle", "from-foundation", "cell", "deal", "reserve-to-pile"}

func (c Class) String() string { return classNames[c] }

// Class returns the move's perft class (classOf, by one lookup).
func (m Move) Class() Class { return moveClasses[m&classBits|m>>(17-10)&(3<<10)] }

// classBits are the bits of a Move that its Class depends on besides its
// kind: from and to.
const classBits = 1<<10 - 1

// moveClasses is classOf by a move's from and to (bits 0..9) and kind
// (bits 10..11).
var moveClasses = func() (t [1 << 12]Class) {
	for i := range t {
		t[i] = classOf(Move(i&classBits) | Move(i>>10)<<17)
	}
	return t
}()

// classOf is Move.Class, worked out from the move's kind, from and to.
func classOf(m Move) Class {
	switch m.Kind() {
	case KindDraw:
		return ClassDraw
	case KindRecycle:
		return ClassRecycle
	case KindDeal:
		return ClassDeal
	}
	switch f, t := m.From(), m.To(); {
	case t.IsFoundation():
		return ClassToFoundation
	case f.IsFoundation():
		return ClassFromFoundation
	case f.IsCell() || t.IsCell():
		return ClassCell
	case f == LocWaste:
		return ClassWasteToPile
	case f.IsReserve():
		return ClassReserveToPile
	}
	return ClassPileToPile
}
