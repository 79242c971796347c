package engine

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/klondike-family/klondike/engine/ref"
)

// jokerRules is Klondike with the Joker, cut to the given ranks and piles.
func jokerRules(ranks, piles, draw, passes int) Rules {
	r := Klondike(draw, passes)
	r.Joker = true
	r.Ranks = ranks
	r.Deal = r.Deal[:piles]
	return r
}

// jokerRuleSets are the Joker Klondike rule sets of the playout, key and
// allocation tests: the full game with draw 1 and 3, unlimited and limited
// passes, and small versions.
func jokerRuleSets() map[string]Rules {
	return map[string]Rules{
		"joker-draw3":          jokerRules(13, 7, 3, 0),
		"joker-draw1":          jokerRules(13, 7, 1, 0),
		"joker-draw1-passes1":  jokerRules(13, 7, 1, 1),
		"joker-draw3-passes3":  jokerRules(13, 7, 3, 3),
		"small-joker-4x3":      jokerRules(4, 3, 3, 0),
		"small-joker-5x4":      jokerRules(5, 4, 1, 0),
		"small-joker-4x3-p2":   jokerRules(4, 3, 1, 2),
		"small-joker-5x4-d3p3": jokerRules(5, 4, 3, 3),
	}
}

// playRuleSets are klondikeRuleSets and jokerRuleSets together: the rule
// sets of the tests that need no reference.
func playRuleSets() map[string]Rules {
	sets := klondikeRuleSets()
	for k, v := range jokerRuleSets() {
		sets[k] = v
	}
	return sets
}

// playSetNames returns the names of playRuleSets sorted.
func playSetNames() []string {
	var names []string
	for name := range playRuleSets() {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// jokerState reads a position in the text format for rules r.
func jokerState(t *testing.T, r Rules, text string) State {
	t.Helper()
	l, err := ParseText(text)
	if err != nil {
		t.Fatalf("ParseText: %v", err)
	}
	s, err := MustGame(r).NewState(l)
	if err != nil {
		t.Fatalf("NewState: %v\n%s", err, text)
	}
	return s
}

// findMove returns the move of s written name (Move.String), failing the
// test when there is none.
func findMove(t *testing.T, s *State, name string) Move {
	t.Helper()
	for _, m := range s.Moves(nil) {
		if m.String() == name {
			return m
		}
	}
	t.Fatalf("no move %s among %v\n%s", name, moveStrings(s.Moves(nil)), FormatText(s.Layout(), TextOptions{}))
	return 0
}

func wantMoves(t *testing.T, s *State, want ...string) {
	t.Helper()
	got := moveStrings(s.Moves(nil))
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("moves %v, want %v\n%s", got, want, FormatText(s.Layout(), TextOptions{}))
	}
}

func play(t *testing.T, s *State, name string) {
	t.Helper()
	m := findMove(t, s, name)
	s.Apply(m)
	if err := s.Validate(); err != nil {
		t.Fatalf("after %s: %v", name, err)
	}
}

func wantJoker(t *testing.T, s *State, where JokerWhere, f int, stands Card) {
	t.Helper()
	w, gf, gs := s.JokerAt()
	if w != where || gf != f || gs != stands {
		t.Fatalf("Joker at (%d, f%d, %v), want (%d, f%d, %v)\n%s", w, gf+1, gs, where, f+1, stands, FormatText(s.Layout(), TextOptions{}))
	}
}

// A 3-rank, 3-pile game keeps the hand-made positions small: 12 real cards
// and the Joker.
var joker3 = jokerRules(3, 3, 1, 0)

// TestJokerNoOpenFoundation: the Joker on a pile top with no foundation
// open stays where it is, takes nothing, goes nowhere; play goes on.
func TestJokerNoOpenFoundation(t *testing.T) {
	s := jokerState(t, joker3, `
stock: 3H 3S 2S AS
t1: AC | JK
t2: 2C | 3C
t3: AD 2D 3D AH | 2H
`)
	if s.JokerForced() {
		t.Fatal("forced with no foundation open")
	}
	wantMoves(t, &s, "draw", "t3-t2/1")
	wantJoker(t, &s, JokerInPlay, -1, NoCard)
}

// TestJokerForcedOneFoundation: the Joker on a pile top with one open
// foundation has one move, to it, and nothing else is legal.
func TestJokerForcedOneFoundation(t *testing.T) {
	s := jokerState(t, joker3, `
stock: 3H 3S 2S
f1: AC
t1: AS | JK
t2: 2C | 3C
t3: AD 2D 3D AH | 2H
`)
	if !s.JokerForced() {
		t.Fatal("not forced")
	}
	wantMoves(t, &s, "t1-f1/1")
	m := findMove(t, &s, "t1-f1/1")
	if !m.Flips() || s.MovedCard(m) != Joker || m.Class() != ClassToFoundation {
		t.Fatalf("move %v: flips %v, card %v, class %v", m, m.Flips(), s.MovedCard(m), m.Class())
	}
	play(t, &s, "t1-f1/1")
	wantJoker(t, &s, JokerOnFoundation, 0, NewCard(2, Clubs))
	if got := s.Layout().Foundations[0]; !slices.Equal(got, []Card{NewCard(1, Clubs), Joker}) {
		t.Fatalf("f1 is %v", got)
	}
	if s.Foundation(0) != 2 || s.FoundationCards() != 1 || s.FoundationTop(0) != Joker {
		t.Fatalf("f1 height %d, real cards up %d, top %v", s.Foundation(0), s.FoundationCards(), s.FoundationTop(0))
	}
	// 3C builds on the Joker's foundation as on the 2C it stands for; the
	// 2C itself is face down.
	s2 := jokerState(t, joker3, `
stock: 3H 3S 2S
f1: AC JK
t1: | AS
t2: 2C | 3C
t3: AD 2D 3D AH | 2H
`)
	if a, b := FormatText(s.Layout(), TextOptions{}), FormatText(s2.Layout(), TextOptions{}); a != b || !bytes.Equal(s.AppendKey(nil), s2.AppendKey(nil)) {
		t.Fatalf("the position after the move differs from the one written out\n%s\n%s", a, b)
	}
	wantMoves(t, &s, "t1-f4/1", "t1-t3/1", "t2-f1/1", "t3-t2/1", "draw")
}

// TestJokerForcedTwoFoundations: one forced move per open foundation; a
// complete foundation is not open.
func TestJokerForcedTwoFoundations(t *testing.T) {
	s := jokerState(t, joker3, `
stock: 3H 3S
f1: AC
f4: AS
f2:
f3:
t1: 2S | JK
t2: 2C | 3C
t3: AD 2D 3D AH | 2H
`)
	wantMoves(t, &s, "t1-f1/1", "t1-f4/1")
	s = jokerState(t, joker3, `
stock: 3H
f1: AC
f4: AS 2S 3S
f2:
f3:
t1: | JK
t2: 2C | 3C
t3: AD 2D 3D AH | 2H
`)
	wantMoves(t, &s, "t1-f1/1")
	s = jokerState(t, joker3, `
stock: 3H AC
f4: AS 2S 3S
f1:
f2:
f3:
t1: | JK
t2: 2C | 3C
t3: AD 2D 3D AH | 2H
`)
	if s.JokerForced() {
		t.Fatal("a complete foundation counts as open")
	}
	wantMoves(t, &s, "draw", "t3-t2/1")
}

// TestJokerOnWaste: the Joker turned onto the waste with no foundation
// open is covered by the next draw and goes back into the stock with a
// recycle; uncovered while a foundation is open, it is forced.
func TestJokerOnWaste(t *testing.T) {
	s := jokerState(t, joker3, `
stock: 3H 3S 2S JK
t1: AC | AS
t2: 2C | 3C
t3: AD 2D 3D AH | 2H
`)
	play(t, &s, "draw")
	if s.Waste()[0] != Joker || s.JokerForced() {
		t.Fatalf("waste %v, forced %v", s.Waste(), s.JokerForced())
	}
	wantMoves(t, &s, "draw", "t1-f4/1", "t1-t3/1", "t3-t2/1")
	// Through the stock and back: the recycle takes the Joker into the stock.
	r := s
	for range 3 {
		play(t, &r, "draw")
	}
	play(t, &r, "recycle")
	if r.Stock()[0] != Joker || len(r.Waste()) != 0 {
		t.Fatalf("after the recycle: stock %v, waste %v", r.Stock(), r.Waste())
	}
	play(t, &s, "draw") // 2S covers the Joker
	play(t, &s, "t1-f4/1")
	if s.JokerForced() {
		t.Fatal("a covered Joker is forced")
	}
	play(t, &s, "w-f4/1") // 2S up: the Joker is the waste top, f4 open
	wantMoves(t, &s, "w-f4/1")
	play(t, &s, "w-f4/1")
	wantJoker(t, &s, JokerOnFoundation, 3, NewCard(3, Spades))
}

// TestJokerTurnedUp: a face-down Joker turned up as a pile's top card is
// forced at once.
func TestJokerTurnedUp(t *testing.T) {
	s := jokerState(t, joker3, `
stock: 3H 3S 2S
f1: AC
t1: JK | AS
t2: 2C | 3C
t3: AD 2D 3D AH | 2H
`)
	if s.JokerForced() {
		t.Fatal("a face-down Joker is forced")
	}
	play(t, &s, "t1-f4/1")
	wantMoves(t, &s, "t1-f1/1", "t1-f4/1")
}

// TestJokerRelease: the real card the Joker stands for takes its place;
// the Joker goes on to each other open foundation, one move each, or
// waits when none is open; the move is a choice.
func TestJokerRelease(t *testing.T) {
	s := jokerState(t, joker3, `
stock: 3S 2S 2H
f1: AC JK
f3: AH
f2:
t1: AS | 3H
t2: 3C | 2C
t3: AD 2D | 3D
`)
	wantMoves(t, &s, "t2-f1/1,JK-f3", "t2-t1/1", "t2-t3/1", "draw")
	m := findMove(t, &s, "t2-f1/1,JK-f3")
	if !m.Flips() || m.JokerTo() != LocFound0+2 || s.MovedCard(m) != NewCard(2, Clubs) {
		t.Fatalf("release %v: flips %v, joker to %v, card %v", m, m.Flips(), m.JokerTo(), s.MovedCard(m))
	}
	play(t, &s, "t2-f1/1,JK-f3")
	wantJoker(t, &s, JokerOnFoundation, 2, NewCard(2, Hearts))
	// The 3H goes on the Joker as on the 2H; the Joker now stands for
	// the King of this 3-rank game inside a complete foundation.
	play(t, &s, "t1-f3/1")
	if got := s.Layout().Foundations[2]; !slices.Equal(got, []Card{NewCard(1, Hearts), Joker, NewCard(3, Hearts)}) {
		t.Fatalf("f3 is %v", got)
	}
	play(t, &s, "t2-f1/1") // 3C: f1 complete
	play(t, &s, "t1-f4/1") // AS
	play(t, &s, "draw")    // 2H on the waste: release, the Joker to f4
	// (A 3 is this game's King: it may fill the empty piles.)
	wantMoves(t, &s, "w-f3/1,JK-f4", "t3-t1/1", "t3-t2/1", "draw")
	// No release while another open foundation exists: it is f4 or nothing.
	play(t, &s, "w-f3/1,JK-f4")
	wantJoker(t, &s, JokerOnFoundation, 3, NewCard(2, Spades))

	// With no other open foundation the Joker waits.
	s = jokerState(t, joker3, `
stock: 3S 2S 2H AH
f1: AC JK
t1: AS | 3H
t2: 3C | 2C
t3: AD 2D | 3D
`)
	wantMoves(t, &s, "t2-f1/1,JK-wait", "t2-t1/1", "t2-t3/1", "draw")
	play(t, &s, "t2-f1/1,JK-wait")
	wantJoker(t, &s, JokerWaiting, -1, NoCard)
	l := s.Layout()
	if !l.JokerWaiting || !strings.Contains(FormatText(l, TextOptions{}), "joker: waiting\n") {
		t.Fatalf("the layout does not say the Joker waits:\n%s", FormatText(l, TextOptions{}))
	}
	// f1 is open again, but a waiting Joker goes only with the next Ace.
	wantMoves(t, &s, "t2-f1/1", "draw")
	play(t, &s, "t2-f1/1")
	play(t, &s, "draw")
	wantMoves(t, &s, "w-f3/1,JK-f3", "t1-t2/1", "t3-t2/1", "draw")
	play(t, &s, "w-f3/1,JK-f3")
	wantJoker(t, &s, JokerOnFoundation, 2, NewCard(2, Hearts))
	if s.Foundation(2) != 2 || s.FoundationTop(2) != Joker {
		t.Fatalf("f3 height %d top %v", s.Foundation(2), s.FoundationTop(2))
	}
}

// TestJokerRidesAce: a waiting Joker rides with the next Ace, from a pile
// too, and the Ace's move names it.
func TestJokerRidesAce(t *testing.T) {
	s := jokerState(t, joker3, `
joker: waiting
stock: 3S 2S 2H
f1: AC 2C
t1: 3H | AH
t2: | 3C
t3: AD 2D AS | 3D
`)
	wantMoves(t, &s, "t1-f3/1,JK-f3", "t2-f1/1", "draw")
	play(t, &s, "t1-f3/1,JK-f3")
	wantJoker(t, &s, JokerOnFoundation, 2, NewCard(2, Hearts))
	if m := findMove(t, &s, "t2-f1/1"); m.JokerTo() != 0 {
		t.Fatalf("%v takes the Joker along", m)
	}
}

// TestJokerStandsForKing: the Joker standing for the top rank makes its
// foundation complete; its release sends the Joker on to an open
// foundation or to wait.
func TestJokerStandsForKing(t *testing.T) {
	s := jokerState(t, joker3, `
stock: 3S 2S 2H
f1: AC 2C JK
f3: AH
f2:
t1: AS | 3H
t2: 2D | 3C
t3: AD | 3D
`)
	wantJoker(t, &s, JokerOnFoundation, 0, NewCard(3, Clubs))
	wantMoves(t, &s, "t2-f1/1,JK-f3", "draw")
	s = jokerState(t, joker3, `
stock: 3S 2S 2H AH
f1: AC 2C JK
t1: AS | 3H
t2: 2D | 3C
t3: AD | 3D
`)
	wantMoves(t, &s, "t2-f1/1,JK-wait", "draw")
}

// TestJokerWinInStock: the game is won with every real card up, the Joker
// still in the stock; Verify accepts the win.
func TestJokerWinInStock(t *testing.T) {
	s := jokerState(t, joker3, `
stock: JK 3S
f1: AC 2C 3C
f2: AD 2D 3D
f3: AH 2H 3H
f4: AS 2S
t1: |
t2: |
t3: |
`)
	steps := []Step{{Op: OpDraw}, {Op: OpMove, From: "waste", To: "f4", N: 1, Card: "3S"}}
	if err := Verify(s, steps); err != nil {
		t.Fatal(err)
	}
	end, _ := Replay(s, steps)
	if !end.Won() || end.Stock()[0] != Joker {
		t.Fatalf("won %v, stock %v", end.Won(), end.Stock())
	}
	err := Verify(s, steps[:1])
	if want := "the 1 step ends short of a win: 11 of 12 cards on the foundations"; err == nil || err.Error() != want {
		t.Fatalf("Verify(short) = %v, want %q", err, want)
	}
	// Won with the Joker waiting and with it on a foundation too.
	for _, text := range []string{
		"joker: waiting\nstock:\nf1: AC 2C 3C\nf2: AD 2D 3D\nf3: AH 2H 3H\nf4: AS 2S 3S\nt1: |\nt2: |\nt3: |\n",
		"stock: 3S\nf1: AC 2C 3C\nf2: AD 2D 3D\nf3: AH 2H 3H\nf4: AS 2S JK\nt1: |\nt2: |\nt3: |\n",
	} {
		s := jokerState(t, joker3, text)
		if strings.Contains(text, "JK") == s.Won() {
			t.Fatalf("won %v:\n%s", s.Won(), text)
		}
	}
}

// TestJokerSteps writes a line with every kind of Joker move as steps,
// through JSON and back, and replays it; a step with a wrong or missing
// Joker destination is refused.
func TestJokerSteps(t *testing.T) {
	s := jokerState(t, joker3, `
stock: 3H 3S 2S 2H AH
f1: AC
t1: AS | JK
t2: 3C | 2C
t3: AD 2D | 3D
`)
	var line []Move
	c := s
	for _, name := range []string{"t1-f1/1", "t2-f1/1,JK-wait", "t2-f1/1", "draw", "w-f3/1,JK-f3", "t1-f4/1", "draw", "w-f3/1,JK-f4"} {
		m := findMove(t, &c, name)
		line = append(line, m)
		c.Apply(m)
	}
	steps := Steps(s, line)
	data, err := json.Marshal(steps)
	if err != nil {
		t.Fatal(err)
	}
	want := `[{"op":"move","from":"t1","to":"f1","n":1,"card":"JK"},` +
		`{"op":"move","from":"t2","to":"f1","n":1,"card":"2C","joker":"wait"},` +
		`{"op":"move","from":"t2","to":"f1","n":1,"card":"3C"},{"op":"draw"},` +
		`{"op":"move","from":"waste","to":"f3","n":1,"card":"AH","joker":"f3"},` +
		`{"op":"move","from":"t1","to":"f4","n":1,"card":"AS"},{"op":"draw"},` +
		`{"op":"move","from":"waste","to":"f3","n":1,"card":"2H","joker":"f4"}]`
	if string(data) != want {
		t.Fatalf("steps\n got %s\nwant %s", data, want)
	}
	var back []Step
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	end, err := Replay(s, back)
	if err != nil {
		t.Fatal(err)
	}
	if end != c {
		t.Fatal("the replayed line ends elsewhere")
	}
	if got := back[1].String(); got != "t2-f1 of 1 card (2C), JK waits" {
		t.Errorf("step string %q", got)
	}
	if got := back[7].String(); got != "waste-f3 of 1 card (2H), JK to f4" {
		t.Errorf("step string %q", got)
	}
	bad := func(i int, joker, wantErr string) {
		t.Helper()
		b := slices.Clone(back)
		b[i].Joker = joker
		_, err := Replay(s, b)
		if err == nil || err.Error() != wantErr {
			t.Errorf("step %d with joker %q: %v, want %q", i+1, joker, err, wantErr)
		}
	}
	bad(1, "", "step 2: move t2-f1 takes the Joker along: name where it goes (wait)")
	bad(1, "f3", "step 2: move t2-f1: the Joker cannot go to f3 (it may go to wait)")
	bad(2, "f2", "step 3: move t2-f1 of 1 card with the Joker to f2 is not legal here")
	bad(4, "", "step 5: move waste-f3 takes the Joker along: name where it goes (f3)")
	bad(7, "wait", "step 8: move waste-f3: the Joker cannot go to wait (it may go to f4)")
	bad(7, "t1", `step 8: move waste-f3: joker: "t1" is no foundation (want f1.. or wait)`)
	b := slices.Clone(back)
	b[0].Card = "AS"
	if _, err := Replay(s, b); err == nil || err.Error() != "step 1: card is AS but the move takes JK" {
		t.Errorf("tampered Joker card: %v", err)
	}
	if _, err := Replay(s, []Step{{Op: OpDraw, Joker: "f1"}}); err == nil {
		t.Error("a draw step with a joker field replays")
	}
}

// TestJokerLayouts checks the layouts NewState refuses and the round trip
// of the Joker's places through the text format.
func TestJokerLayouts(t *testing.T) {
	g := MustGame(joker3)
	for _, c := range []struct{ text, want string }{
		{"stock: 3S 2S 2H AH\nf1: JK\nt1: AS | 3H\nt2: 3C | 2C AC\nt3: AD 2D | 3D\n", "a foundation starts with the Joker"},
		{"joker: waiting\nstock: 3S 2S 2H AH\nf1: AC JK\nt1: AS | 3H\nt2: 3C | 2C\nt3: AD 2D | 3D\n", "card JK appears twice"},
		{"stock: 3S 2S 2H AH\nf1: AC 2C\nt1: AS | 3H\nt2: 3C | JK\nt3: AD 2D | 3D JK\n", "card JK appears twice"},
		{"stock: 3S 2S 2H AH\nf1: AC 2C\nt1: AS | 3H\nt2: | 3C\nt3: AD 2D | 3D\n", "the Joker is missing"},
	} {
		l, err := ParseText(c.text)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.NewState(l); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("NewState = %v, want %q\n%s", err, c.want, c.text)
		}
	}
	for _, text := range []string{
		"stock: 3S 2S 2H AH\nwaste:\nf1: AC JK\nf2:\nf3:\nf4:\nt1: AS | 3H\nt2: 3C | 2C\nt3: AD 2D | 3D\n",
		"stock: 3S 2S 2H\nwaste:\nf1: AC 2C\nf2:\nf3: AH JK 3H\nf4:\nt1: | AS\nt2: |\nt3: AD 2D | 3D 3C\n",
		"stock: 3S 2S 2H AH\nwaste:\nf1: AC 2C\nf2:\nf3:\nf4:\nt1: AS | 3H\nt2: | 3C\nt3: AD 2D | 3D\njoker: waiting\n",
	} {
		l, err := ParseText(text)
		if err != nil {
			t.Fatal(err)
		}
		s, err := g.NewState(l)
		if err != nil {
			t.Fatalf("%v\n%s", err, text)
		}
		if got := FormatText(s.Layout(), TextOptions{}); got != text {
			t.Errorf("round trip\n got\n%s\nwant\n%s", got, text)
		}
	}
	if _, err := ParseText("joker: here\nt1: |\n"); err == nil {
		t.Error("ParseText accepts joker: here")
	}
	if _, err := FormatSolvitaire(Layout{JokerWaiting: true}); err == nil {
		t.Error("FormatSolvitaire writes a waiting Joker")
	}
}

// TestJokerRulesValidate checks which rules the Joker is played with.
func TestJokerRulesValidate(t *testing.T) {
	r := jokerRules(13, 7, 3, 0)
	if err := r.Validate(); err != nil {
		t.Fatalf("Joker Klondike: %v", err)
	}
	for name, change := range map[string]func(r *Rules){
		"two decks":    func(r *Rules) { r.Decks = 2; r.Deal = append(r.Deal, PileDeal{7, 1}, PileDeal{8, 1}) },
		"cells":        func(r *Rules) { r.Cells = 2 },
		"worry back":   func(r *Rules) { r.WorryBack = true },
		"dealt base":   func(r *Rules) { r.BaseDealt = true },
		"stock piles":  func(r *Rules) { r.StockTo = StockToPiles },
		"any face-up":  func(r *Rules) { r.Unit = UnitAnyFaceUp },
		"reserves":     func(r *Rules) { r.Reserves = 2; r.StockTo = StockToReserves },
		"yukon groups": func(r *Rules) { r.Unit = UnitAnyFaceUp; r.Draw = 0 },
	} {
		x := jokerRules(13, 7, 3, 0)
		change(&x)
		if err := x.Validate(); err == nil {
			t.Errorf("%s with the Joker: valid", name)
		}
	}
}

// TestJokerKeyCycle checks the key's cycle fold with the Joker in the
// talon: the waste positions of the draw cycle are one state unless the
// Joker lies where drawing turns it up while a foundation is open.
func TestJokerKeyCycle(t *testing.T) {
	r := jokerRules(3, 3, 1, 0)
	g := MustGame(r)
	key := func(text string) string {
		t.Helper()
		l, err := ParseText(text)
		if err != nil {
			t.Fatal(err)
		}
		s, err := g.NewState(l)
		if err != nil {
			t.Fatalf("%v\n%s", err, text)
		}
		return string(s.AppendKey(nil))
	}
	// No foundation open: every position of the cycle is one state.
	noOpen := "t1: AS | 3H\nt2: 3C | 2C\nt3: AD 2D AH | 3D\n"
	k0 := key("stock: 3S 2S JK 2H AC\n" + noOpen)
	k1 := key("stock: 3S 2S JK 2H\nwaste: AC\n" + noOpen)
	k3 := key("stock: 3S\nwaste: AC 2H JK 2S\n" + noOpen)
	if k0 != k1 || k0 != k3 {
		t.Error("with no foundation open, waste positions of the cycle have different keys")
	}
	// f1 open: the Joker at talon index 2 is turned up by the third draw
	// and forced there, so the positions differ.
	open := "f1: AC\nt1: AS | 3H\nt2: 3C | 2C\nt3: AD 2D AH | 3D\n"
	k0 = key("stock: 3S 2S JK 2H\n" + open)
	k1 = key("stock: 3S 2S JK\nwaste: 2H\n" + open)
	k3 = key("stock: 3S\nwaste: 2H JK 2S\n" + open)
	if k0 == k1 || k0 == k3 || k1 == k3 {
		t.Error("with the Joker forced on the cycle, waste positions share a key")
	}
	// Draw 3 with the Joker where no cycle position turns it up: one state.
	r3 := jokerRules(3, 3, 3, 0)
	g3 := MustGame(r3)
	key3 := func(text string) []byte {
		l, err := ParseText(text)
		if err != nil {
			t.Fatal(err)
		}
		s, err := g3.NewState(l)
		if err != nil {
			t.Fatalf("%v\n%s", err, text)
		}
		return s.AppendKey(nil)
	}
	if !bytes.Equal(key3("stock: 3S 2S JK 2H\n"+open), key3("stock: 3S\nwaste: 2H JK 2S\n"+open)) {
		t.Error("draw 3, Joker off the cycle: positions 0 and 3 have different keys")
	}
	if bytes.Equal(key3("stock: 2S JK 2H 3S\n"+open), key3("stock: 2S\nwaste: 3S 2H JK\n"+open)) {
		t.Error("draw 3, Joker at cycle position 3: positions 0 and 3 share a key")
	}
}

// TestJokerPlayoutCoverage plays random games of the Joker rule sets,
// checking every move list with checkMoves, and checks that the games met
// every Joker move: forced from a pile and from the waste, the release to
// another foundation and to wait, the Ace taking the waiting Joker along,
// and wins with the Joker waiting and in play. (No win has the Joker on a
// foundation: there it stands for a real card that is still in play.)
func TestJokerPlayoutCoverage(t *testing.T) {
	seen := map[string]int{}
	sets := jokerRuleSets()
	for _, name := range []string{"joker-draw1", "joker-draw3", "small-joker-4x3", "small-joker-5x4", "small-joker-4x3-p2"} {
		r := sets[name]
		g := MustGame(r)
		var buf []Move
		for seed := uint64(0); seed < 60; seed++ {
			s, err := g.NewState(NativeDeal(&r, seed))
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(seed, 11))
			for ply := 0; ply < 400; ply++ {
				buf = s.Moves(buf[:0])
				checkMoves(t, &s, buf)
				if s.Won() {
					w, _, _ := s.JokerAt()
					if w == JokerOnFoundation {
						t.Fatalf("won with the Joker on a foundation\n%s", FormatText(s.Layout(), TextOptions{}))
					}
					seen[[...]string{"", "won, Joker in play", "won, Joker on a foundation", "won, Joker waiting"}[w]]++
					break
				}
				if len(buf) == 0 {
					break
				}
				m := pickGreedy(rng, buf)
				switch c := s.MovedCard(m); {
				case c == Joker && m.From() == LocWaste:
					seen["forced from the waste"]++
				case c == Joker:
					seen["forced from a pile"]++
				case m.JokerTo() == LocWait:
					seen["release to wait"]++
				case m.JokerTo() != 0 && c.Rank() == 1:
					seen["Ace with the waiting Joker"]++
				case m.JokerTo() != 0:
					seen["release to a foundation"]++
				}
				s = checkStep(t, &s, buf, m)
			}
		}
	}
	for _, what := range []string{"forced from the waste", "forced from a pile", "release to wait", "Ace with the waiting Joker",
		"release to a foundation", "won, Joker in play", "won, Joker waiting"} {
		if seen[what] == 0 {
			t.Errorf("random play met no %s (%v)", what, seen)
		}
	}
	t.Logf("%v", seen)
}

// TestJokerDifferentialGreedy plays Joker games against the plain
// reference with the greedy policy (foundation moves first, three times in
// four), which reaches the Joker's foundation play far more often than the
// uniform random play of TestDifferentialReference, to the end of the
// game: at every position both list the same moves, after every move both
// reach the same position and agree on the win. It checks that the games
// met every kind of Joker move.
func TestJokerDifferentialGreedy(t *testing.T) {
	deals := map[string]int{"small-joker-4x3": 300, "small-joker-5x4": 300, "small-joker-4x3-p2": 300,
		"small-joker-5x4-d3p3": 300, "joker-draw1": 40, "joker-draw3-passes3": 40}
	if testing.Short() {
		for k := range deals {
			deals[k] /= 5
		}
	}
	if *deep {
		for k := range deals {
			deals[k] *= 10
		}
	}
	sets := jokerRuleSets()
	var mu sync.Mutex
	seen := map[string]int{}
	t.Run("sets", func(t *testing.T) {
		for name, n := range deals {
			r := sets[name]
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				g := MustGame(r)
				rg := refGame(&r)
				local := map[string]int{}
				var buf []Move
				for seed := uint64(0); seed < uint64(n); seed++ {
					s, err := g.NewState(NativeDeal(&r, seed))
					if err != nil {
						t.Fatal(err)
					}
					p := refOf(t, &s)
					rng := rand.New(rand.NewPCG(seed, 13))
					// (The recycle count is a byte: stop a game that goes round
					// the stock too often, stuck.)
					for ply := 0; ply < 600 && !s.Won() && s.Recycles() < 200; ply++ {
						buf = s.Moves(buf[:0])
						got, want := refMoveStrings(buf), ref.Moves(rg, p)
						slices.Sort(want)
						if !slices.Equal(got, want) {
							t.Fatalf("deal %d ply %d: moves\n got %v\nwant %v\n%s", seed, ply, got, want, FormatText(s.Layout(), TextOptions{}))
						}
						if len(buf) == 0 {
							break
						}
						m := pickGreedy(rng, buf)
						switch c := s.MovedCard(m); {
						case c == Joker:
							local["forced"]++
						case m.JokerTo() == LocWait:
							local["release to wait"]++
						case m.JokerTo() != 0 && m.JokerTo() == m.To():
							local["Ace with the Joker"]++
						case m.JokerTo() != 0:
							local["release to a foundation"]++
						}
						s.Apply(m)
						np, err := ref.Apply(rg, p, refMove(m))
						if err != nil {
							t.Fatalf("deal %d ply %d: the reference refuses %v: %v", seed, ply, refMove(m), err)
						}
						p = np
						if gotP := refOf(t, &s); !samePosition(gotP, p) || gotP.JokerWaiting != p.JokerWaiting {
							t.Fatalf("deal %d ply %d: after %v\n got %+v\nwant %+v", seed, ply, m, gotP, p)
						}
						if s.Won() != ref.Won(p) {
							t.Fatalf("deal %d ply %d: won %v, reference %v", seed, ply, s.Won(), ref.Won(p))
						}
					}
					if s.Won() {
						local["won"]++
					}
				}
				mu.Lock()
				defer mu.Unlock()
				for k, v := range local {
					seen[k] += v
				}
			})
		}
	})
	for _, what := range []string{"forced", "release to wait", "Ace with the Joker", "release to a foundation", "won"} {
		if seen[what] == 0 {
			t.Errorf("the games met no %s (%v)", what, seen)
		}
	}
	t.Logf("%v", seen)
}
