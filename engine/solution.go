package engine

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// The solution format is a list of atomic steps, written in JSON as
//
//	{"op":"draw"}       turn one packet of the draw count from stock to waste
//	{"op":"recycle"}    turn the waste over as the new stock
//	{"op":"deal"}       deal the stock onto the piles or reserves
//	{"op":"move","from":"t3","to":"f2","n":1,"card":"7H"}
//
// A move names its source and destination (waste, t1..tN piles left to right
// as dealt, f1..fM foundations, c1.. cells, r1.. reserves), the number of
// cards moved and the bottom card of the moved group as Card.String writes
// it. A face-down card turns up by itself: there is no step for it.
//
// Joker Klondike. The Joker's own move to a foundation is a move step whose
// card is "JK":
//
//	{"op":"move","from":"waste","to":"f3","n":1,"card":"JK"}
//
// A move that takes the Joker along with a real card adds "joker", where
// the Joker goes in the same move. The release: the real card the Joker
// stands for goes to the Joker's foundation, in its place ("to" is that
// foundation), and the Joker goes on to another open foundation or, with
// none open, waits off the table:
//
//	{"op":"move","from":"t3","to":"f2","n":1,"card":"5H","joker":"f4"}
//	{"op":"move","from":"waste","to":"f2","n":1,"card":"5H","joker":"wait"}
//
// An Ace going up while the Joker waits takes it along onto the Ace's
// foundation, as its Two; "joker" names that foundation:
//
//	{"op":"move","from":"t1","to":"f1","n":1,"card":"AC","joker":"f1"}
//
// A step has "joker" exactly when its move takes the Joker along.

// Step ops.
const (
	OpDraw    = "draw"
	OpRecycle = "recycle"
	OpDeal    = "deal"
	OpMove    = "move"
)

// Step is one atomic step of a solution.
type Step struct {
	Op   string `json:"op"`
	From string `json:"from,omitempty"`
	To   string `json:"to,omitempty"`
	N    int    `json:"n,omitempty"`
	Card string `json:"card,omitempty"`
	// Joker is where the Joker goes along with the move's card: a
	// foundation ("f4") or "wait"; empty when the move does not take it.
	Joker string `json:"joker,omitempty"`
}

// String writes the step plainly: "draw", "recycle", "deal",
// "t3-f2 of 1 card (7H)", or with the Joker along "t3-f2 of 1 card (5H),
// JK to f4" / "..., JK waits".
func (st Step) String() string {
	if st.Op != OpMove {
		return st.Op
	}
	s := fmt.Sprintf("%s-%s of %s", st.From, st.To, cardsWord(st.N))
	if st.Card != "" {
		s += " (" + st.Card + ")"
	}
	switch st.Joker {
	case "":
	case "wait":
		s += ", JK waits"
	default:
		s += ", JK to " + st.Joker
	}
	return s
}

func cardsWord(n int) string {
	if n == 1 {
		return "1 card"
	}
	return strconv.Itoa(n) + " cards"
}

// Steps writes moves played from s as solution steps. The moves must be
// legal in turn, as the solver or Moves gives them; each step's card is
// taken from the state before its move.
func Steps(s State, moves []Move) []Step {
	out := make([]Step, 0, len(moves))
	for _, m := range moves {
		out = append(out, stepOf(&s, m))
		s.Apply(m)
	}
	return out
}

func stepOf(s *State, m Move) Step {
	switch m.Kind() {
	case KindDraw:
		return Step{Op: OpDraw}
	case KindRecycle:
		return Step{Op: OpRecycle}
	case KindDeal:
		return Step{Op: OpDeal}
	}
	st := Step{Op: OpMove, From: m.From().String(), To: m.To().String(), N: m.N(), Card: s.MovedCard(m).String()}
	if j := m.JokerTo(); j != 0 {
		st.Joker = j.String()
	}
	return st
}

// parseJokerTo reads the joker field of a step: "" (the move does not take
// the Joker along: 0), "wait" (LocWait) or a foundation.
func parseJokerTo(name string) (Loc, error) {
	switch name {
	case "":
		return 0, nil
	case "wait":
		return LocWait, nil
	}
	l, err := parseLoc(name)
	if err != nil || !l.IsFoundation() {
		return 0, fmt.Errorf("joker: %s is no foundation (want f1.. or wait)", quote(name))
	}
	return l, nil
}

// parseLoc reads a place of the solution format: waste, t1.., f1.., c1..
// or r1...
func parseLoc(name string) (Loc, error) {
	if name == "waste" {
		return LocWaste, nil
	}
	bad := fmt.Errorf("unknown place %s (want waste, t1.., f1.., c1.. or r1..)", quote(name))
	if len(name) < 2 {
		return 0, bad
	}
	k, err := strconv.Atoi(name[1:])
	if err != nil || k < 1 || name[1] == '+' || name[1] == '0' {
		return 0, bad
	}
	var base Loc
	var limit int
	switch name[0] {
	case 't':
		base, limit = LocPile0, MaxPiles
	case 'f':
		base, limit = LocFound0, MaxFoundations
	case 'c':
		base, limit = LocCell0, MaxCells
	case 'r':
		base, limit = LocReserve0, MaxReserves
	default:
		return 0, bad
	}
	if k > limit {
		return 0, fmt.Errorf("no place %s: at most %d of that kind", quote(name), limit)
	}
	return base + Loc(k-1), nil
}

// Replay plays steps from s, checking that every step is legal: the step
// must be one of s.Moves (same kind, source, destination and number of
// cards) and a move must name the card it actually moves. It returns the
// state after the last step. The error names the step, counted from 1, and
// why it fails; the state returned then is the one before that step.
func Replay(s State, steps []Step) (State, error) {
	return ReplayLabelled(s, steps, FoundationLabels{})
}

// ReplayLabelled is Replay for steps that name the foundations by the
// labels fl (those of the position file s came from); its errors name
// them so too.
func ReplayLabelled(s State, steps []Step, fl FoundationLabels) (State, error) {
	_, end, err := StepMoves(s, steps, fl)
	return end, err
}

// StepMoves replays steps from s as ReplayLabelled does and returns the
// engine's moves they name and the state after the last. On an illegal
// step it returns the moves before it, the state before it and the error
// naming it.
func StepMoves(s State, steps []Step, fl FoundationLabels) ([]Move, State, error) {
	legal := make([]Move, 0, 128)
	out := make([]Move, 0, len(steps))
	for i, st := range steps {
		legal = s.Moves(legal[:0])
		m, err := matchStep(&s, st, legal, fl)
		if err != nil {
			return out, s, fmt.Errorf("step %d: %v", i+1, err)
		}
		out = append(out, m)
		s.Apply(m)
	}
	return out, s, nil
}

// Check tells whether the step is well formed, whatever the position: a
// known op; a draw, recycle or deal with no other field; a move with
// places that parse, at least one card and a card named that parses, and
// where the Joker goes, if given, a place. A step that passes may still be
// illegal where it is played (StepMoves says so).
func (st Step) Check() error {
	_, err := st.parse()
	return err
}

// parsedStep is a well-formed step read: its kind, and for a move its
// places (as written, not yet through any labels), card and where the
// Joker goes.
type parsedStep struct {
	kind         MoveKind
	from, to, jt Loc
	card         Card
}

// parse reads the step (Check).
func (st Step) parse() (parsedStep, error) {
	var p parsedStep
	switch st.Op {
	case OpDraw:
		p.kind = KindDraw
	case OpRecycle:
		p.kind = KindRecycle
	case OpDeal:
		p.kind = KindDeal
	case OpMove:
		p.kind = KindMove
	default:
		return p, fmt.Errorf("unknown op %s (want draw, recycle, deal or move)", quote(st.Op))
	}
	if p.kind != KindMove {
		if st.From != "" || st.To != "" || st.N != 0 || st.Card != "" || st.Joker != "" {
			return p, fmt.Errorf("a %s step takes no from, to, n, card or joker", st.Op)
		}
		return p, nil
	}
	var err error
	if p.from, err = parseLoc(st.From); err != nil {
		return p, fmt.Errorf("from: %v", err)
	}
	if p.to, err = parseLoc(st.To); err != nil {
		return p, fmt.Errorf("to: %v", err)
	}
	if st.N < 1 {
		return p, fmt.Errorf("move %s-%s: n must be at least 1, got %d", st.From, st.To, st.N)
	}
	if st.Card == "" {
		return p, fmt.Errorf("move %s-%s: no card named", st.From, st.To)
	}
	if p.card, _, err = ParseCard(st.Card); err != nil {
		return p, fmt.Errorf("move %s-%s: card %s: %v", st.From, st.To, quote(st.Card), err)
	}
	if p.jt, err = parseJokerTo(st.Joker); err != nil {
		return p, fmt.Errorf("move %s-%s: %v", st.From, st.To, err)
	}
	return p, nil
}

func matchStep(s *State, st Step, moves []Move, fl FoundationLabels) (Move, error) {
	p, err := st.parse()
	if err != nil {
		return 0, err
	}
	kind := p.kind
	if kind != KindMove {
		for _, m := range moves {
			if m.Kind() == kind {
				return m, nil
			}
		}
		return 0, fmt.Errorf("%s is not legal here", st.Op)
	}
	from, to := fl.StateLoc(p.from), fl.StateLoc(p.to)
	named := p.card
	jt := fl.StateLoc(p.jt)
	var jokerWays []string // where the Joker may go along with this move
	for _, m := range moves {
		if m.Kind() != KindMove || m.From() != from || m.To() != to || m.N() != st.N {
			continue
		}
		if got := s.MovedCard(m); got != named {
			return 0, fmt.Errorf("card is %s but the move takes %s", named, got)
		}
		if m.JokerTo() != jt {
			if j := m.JokerTo(); j != 0 {
				jokerWays = append(jokerWays, fl.Loc(j).String())
			}
			continue
		}
		return m, nil
	}
	switch {
	case len(jokerWays) > 0 && jt == 0:
		return 0, fmt.Errorf("move %s-%s takes the Joker along: name where it goes (%s)", st.From, st.To, strings.Join(jokerWays, ", "))
	case len(jokerWays) > 0:
		return 0, fmt.Errorf("move %s-%s: the Joker cannot go to %s (it may go to %s)", st.From, st.To, st.Joker, strings.Join(jokerWays, ", "))
	case jt != 0:
		return 0, fmt.Errorf("move %s-%s of %s with the Joker to %s is not legal here", st.From, st.To, cardsWord(st.N), st.Joker)
	}
	return 0, fmt.Errorf("move %s-%s of %s is not legal here", st.From, st.To, cardsWord(st.N))
}

// Verify replays steps from s as Replay does and checks that they win.
func Verify(s State, steps []Step) error {
	return VerifyLabelled(s, steps, FoundationLabels{})
}

// VerifyMoves checks a line of the engine's moves from s, as a solver
// gives it: each move must be one of s.Moves at its turn, played while
// the game is not yet won, and leave a state that passes Validate; the
// line must end in a win. The error names the move, counted from 1.
func VerifyMoves(s State, moves []Move) error {
	legal := make([]Move, 0, 128)
	for i, m := range moves {
		if s.Won() {
			return fmt.Errorf("move %d (%v): the game is already won", i+1, m)
		}
		legal = s.Moves(legal[:0])
		if !slices.Contains(legal, m) {
			return fmt.Errorf("move %d (%v) is not legal", i+1, m)
		}
		s.Apply(m)
		if err := s.Validate(); err != nil {
			return fmt.Errorf("move %d (%v) leaves an invalid state: %v", i+1, m, err)
		}
	}
	return wonEnd(&s, len(moves), "move")
}

// VerifyLabelled is Verify for steps that name the foundations by the
// labels fl.
func VerifyLabelled(s State, steps []Step, fl FoundationLabels) error {
	end, err := ReplayLabelled(s, steps, fl)
	if err != nil {
		return err
	}
	return wonEnd(&end, len(steps), "step")
}

// wonEnd returns nil when end, the state a line of n moves or steps
// (unit) reached, is won, and otherwise an error saying how far short of a
// win the line ends.
func wonEnd(end *State, n int, unit string) error {
	if end.Won() {
		return nil
	}
	verb := "end"
	if n == 1 {
		verb = "ends"
	}
	return fmt.Errorf("the %s %s short of a win: %d of %d cards on the foundations",
		plural(n, unit), verb, end.FoundationCards(), end.Game().Rules.RealCards())
}

// plural writes a count with its noun, singular for one: "1 card",
// "2 cards", "3 passes".
func plural(n int, word string) string {
	switch {
	case n == 1:
		return "1 " + word
	case strings.HasSuffix(word, "s"):
		return strconv.Itoa(n) + " " + word + "es"
	}
	return strconv.Itoa(n) + " " + word + "s"
}
