package engine

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// endgame is a Klondike draw-1 position six steps from a win: QH lies on a
// face-down KH, KC is alone on t2, KS waits in the stock.
const endgame = `
stock: KS
waste:
f1: AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC
f2: AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD
f3: AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH
f4: AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS
t1: KH | QH
t2: | KC
t3: |
t4: |
t5: |
t6: |
t7: |
`

// endgameWin is a hand-checked win from endgame.
var endgameWin = []Step{
	{Op: OpMove, From: "t1", To: "f3", N: 1, Card: "QH"},
	{Op: OpMove, From: "t1", To: "f3", N: 1, Card: "KH"}, // KH turned up by itself
	{Op: OpMove, From: "t2", To: "f1", N: 1, Card: "KC"},
	{Op: OpDraw},
	{Op: OpMove, From: "waste", To: "f4", N: 1, Card: "KS"},
}

func endgameState(t *testing.T) State {
	t.Helper()
	l, err := ParseText(endgame)
	if err != nil {
		t.Fatalf("ParseText: %v", err)
	}
	s, err := MustGame(Klondike(1, 0)).NewState(l)
	if err != nil {
		t.Fatalf("NewState: %v", err)
	}
	return s
}

func TestVerifyHandWin(t *testing.T) {
	s := endgameState(t)
	if err := Verify(s, endgameWin); err != nil {
		t.Fatalf("Verify(hand win) = %v, want nil", err)
	}
	// One step short is legal but not a win.
	err := Verify(s, endgameWin[:4])
	if want := "the 4 steps end short of a win: 51 of 52 cards on the foundations"; err == nil || err.Error() != want {
		t.Errorf("Verify(short) = %v, want %q", err, want)
	}
}

func TestVerifyMoves(t *testing.T) {
	s := endgameState(t)
	moves, _, err := StepMoves(s, endgameWin, FoundationLabels{})
	if err != nil {
		t.Fatalf("StepMoves(hand win) = %v", err)
	}
	if err := VerifyMoves(s, moves); err != nil {
		t.Fatalf("VerifyMoves(hand win) = %v, want nil", err)
	}
	tests := []struct {
		name  string
		moves []Move
		want  string
	}{
		{"short", moves[:4], "the 4 moves end short of a win: 51 of 52 cards on the foundations"},
		{"one short", moves[:1], "the 1 move ends short of a win: 49 of 52 cards on the foundations"},
		{"illegal", []Move{moves[0], moves[0]}, "is not legal"},
		{"after the win", append(moves[:len(moves):len(moves)], moves[0]), "the game is already won"},
	}
	for _, tc := range tests {
		err := VerifyMoves(s, tc.moves)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: VerifyMoves = %v, want an error with %q", tc.name, err, tc.want)
		}
	}
	if err := VerifyMoves(s, moves[:4]); err == nil || err.Error() != tests[0].want {
		t.Errorf("short: VerifyMoves = %v, want exactly %q", err, tests[0].want)
	}
}

func TestReplayRejects(t *testing.T) {
	s := endgameState(t)
	mv := func(from, to string, n int, card string) Step {
		return Step{Op: OpMove, From: from, To: to, N: n, Card: card}
	}
	tests := []struct {
		name  string
		steps []Step
		want  string
	}{
		{"illegal move", []Step{endgameWin[0], mv("t3", "f2", 1, "KD")},
			"step 2: move t3-f2 of 1 card is not legal here"},
		{"face-down card", []Step{mv("t1", "f3", 2, "KH")},
			"step 1: move t1-f3 of 2 cards is not legal here"},
		{"tampered card", []Step{mv("t1", "f3", 1, "8S")},
			"step 1: card is 8S but the move takes QH"},
		{"tampered later card", append(append([]Step{}, endgameWin[:3]...), Step{Op: OpDraw}, mv("waste", "f4", 1, "KH")),
			"step 5: card is KH but the move takes KS"},
		{"bad card", []Step{mv("t1", "f3", 1, "ZZ")},
			`step 1: move t1-f3: card "ZZ"`},
		{"no card", []Step{mv("t1", "f3", 1, "")},
			"step 1: move t1-f3: no card named"},
		{"zero n", []Step{mv("t1", "f3", 0, "QH")},
			"step 1: move t1-f3: n must be at least 1, got 0"},
		{"unknown place", []Step{mv("t1", "x3", 1, "QH")},
			`step 1: to: unknown place "x3"`},
		{"place out of range", []Step{mv("t11", "f3", 1, "QH")},
			`step 1: from: no place "t11": at most 10 of that kind`},
		{"unknown op", []Step{{Op: "flip"}},
			`step 1: unknown op "flip" (want draw, recycle, deal or move)`},
		{"draw with fields", []Step{{Op: OpDraw, Card: "KS"}},
			"step 1: a draw step takes no from, to, n, card or joker"},
		{"recycle with full stock", []Step{{Op: OpRecycle}},
			"step 1: recycle is not legal here"},
		{"deal in a waste game", []Step{{Op: OpDeal}},
			"step 1: deal is not legal here"},
		{"draw from empty stock", []Step{{Op: OpDraw}, {Op: OpDraw}},
			"step 2: draw is not legal here"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before := s
			_, err := Replay(s, tc.steps)
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("Replay = %v, want an error starting %q", err, tc.want)
			}
			if err := Verify(s, tc.steps); err == nil {
				t.Errorf("Verify accepted illegal steps")
			}
			if !reflect.DeepEqual(before.Layout(), s.Layout()) {
				t.Errorf("Replay changed its argument")
			}
		})
	}
}

func TestStepJSON(t *testing.T) {
	s := endgameState(t)
	var moves []Move
	for _, st := range endgameWin {
		m, err := matchStep(&s, st, s.Moves(nil), FoundationLabels{})
		if err != nil {
			t.Fatalf("matchStep(%v): %v", st, err)
		}
		moves = append(moves, m)
		s.Apply(m)
	}
	got, err := json.Marshal(Steps(endgameState(t), moves))
	if err != nil {
		t.Fatal(err)
	}
	want := `[{"op":"move","from":"t1","to":"f3","n":1,"card":"QH"},` +
		`{"op":"move","from":"t1","to":"f3","n":1,"card":"KH"},` +
		`{"op":"move","from":"t2","to":"f1","n":1,"card":"KC"},` +
		`{"op":"draw"},` +
		`{"op":"move","from":"waste","to":"f4","n":1,"card":"KS"}]`
	if string(got) != want {
		t.Errorf("json:\ngot  %s\nwant %s", got, want)
	}
	var back []Step
	if err := json.Unmarshal(got, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, endgameWin) {
		t.Errorf("unmarshal: got %v, want %v", back, endgameWin)
	}
}

// TestStepsReplayRoundTrip plays random games and checks that their steps
// replay to the same position, and that a changed card is caught.
func TestStepsReplayRoundTrip(t *testing.T) {
	holdout := Klondike(1, 1)
	holdout.Cells = 2
	worry := Klondike(3, 3)
	worry.WorryBack = true
	for _, r := range []Rules{Klondike(1, 0), Klondike(3, 0), holdout, worry} {
		g := MustGame(r)
		for seed := uint64(0); seed < 20; seed++ {
			s, err := g.NewState(NativeDeal(&r, seed))
			if err != nil {
				t.Fatalf("NewState: %v", err)
			}
			rng := rand.New(rand.NewPCG(seed, 7))
			end := s
			var moves, buf []Move
			for len(moves) < 300 {
				buf = end.Moves(buf[:0])
				if len(buf) == 0 {
					break
				}
				m := buf[rng.IntN(len(buf))]
				moves = append(moves, m)
				end.Apply(m)
			}
			steps := Steps(s, moves)
			if len(steps) != len(moves) {
				t.Fatalf("Steps gave %d steps for %d moves", len(steps), len(moves))
			}
			got, err := Replay(s, steps)
			if err != nil {
				t.Fatalf("seed %d: Replay of a random playout: %v", seed, err)
			}
			if !reflect.DeepEqual(got.Layout(), end.Layout()) {
				t.Fatalf("seed %d: Replay ends at\n%s\nwant\n%s", seed,
					FormatText(got.Layout(), TextOptions{}), FormatText(end.Layout(), TextOptions{}))
			}
			// Tamper with the card of the first card move.
			for i, st := range steps {
				if st.Op != OpMove {
					continue
				}
				bad := append([]Step(nil), steps...)
				c, _, _ := ParseCard(st.Card)
				bad[i].Card = NewCard(c.Rank()%13+1, c.Suit()).String()
				if _, err := Replay(s, bad); err == nil || !strings.Contains(err.Error(), "card is "+bad[i].Card) {
					t.Errorf("seed %d: tampered step %d: Replay = %v, want a card error", seed, i+1, err)
				}
				break
			}
		}
	}
}
