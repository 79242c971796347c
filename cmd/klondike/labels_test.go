package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/klondike-family/klondike/engine"
)

// positionSpadesOnF1 is native Klondike deal 1 with the Ace of spades
// already on the foundation the file calls f1 (the engine's own numbering
// would put spades on f4).
const positionSpadesOnF1 = `stock: 10C 6H 8D 9C 4H 3C 3H JD AC 7H 7C 5S AH QD 10H JH 7S KH 8H QS 3D KS KD 8C
waste:
f1: AS
f2:
f3:
f4:
t1: | 4C
t2: 2H | 5C
t3: 4S 3S | JC
t4: 6C 8S 2D | 7D
t5: QC 10S 2C 2S | KC
t6: 5D 10D 5H 6S QH | 4D
t7: 9H JS 9D AD 6D | 9S
`

// TestFoundationLabelsKept solves and plays a position whose spades are on
// f1: every step to or from a foundation names the one the file gave the
// card's suit (spades f1, the other suits their own numbers but clubs,
// which takes the free f4), and verify reads the solution back.
func TestFoundationLabelsKept(t *testing.T) {
	deal := writeFile(t, "pos.txt", positionSpadesOnF1)
	want := map[byte]string{'C': "f4", 'D': "f2", 'H': "f3", 'S': "f1"}
	check := func(what string, steps []engine.Step) {
		t.Helper()
		n := 0
		for i, st := range steps {
			if st.Op != engine.OpMove {
				continue
			}
			suit := st.Card[len(st.Card)-1]
			for _, place := range []string{st.From, st.To} {
				if strings.HasPrefix(place, "f") {
					n++
					if place != want[suit] {
						t.Fatalf("%s step %d: %v: the file's %c foundation is %s", what, i+1, st, suit, want[suit])
					}
				}
			}
		}
		if n == 0 {
			t.Fatalf("%s: no foundation move in %d steps", what, len(steps))
		}
	}
	rep, out := solveJSON(t, "--deal", deal, "--budget", "20s")
	if rep.Verdict != "won" {
		t.Fatalf("solve: verdict %s, want won", rep.Verdict)
	}
	check("solve", rep.Solution)
	sol := writeFile(t, "sol.json", out)
	if got, want := mustRun(t, "verify", "--deal", deal, "--solution", sol), "valid: wins in "+itoa(len(rep.Solution))+" steps\n"; got != want {
		t.Fatalf("verify: %q, want %q", got, want)
	}
	play := mustRun(t, "play", "--deal", deal, "--player", "greedy", "--json")
	var pr playReport
	if err := json.Unmarshal([]byte(play), &pr); err != nil {
		t.Fatalf("play --json: %v", err)
	}
	check("play", pr.Moves)
}

// TestImpossiblePositions refuses positions that cannot arise, each with
// one line naming the problem.
func TestImpossiblePositions(t *testing.T) {
	tests := []struct {
		name, from, to, want string
	}{
		{"card twice", "f1: AS\n", "f1: AS 3S\n", "card 3S appears twice"},
		{"two spade foundations", "f2:\n", "f2: AS\n", "card AS appears twice"},
		{"face-down top", "t1: | 4C", "t1: 4C |", "its top must be face up"},
		{"unknown card", "t1: | 4C", "t1: | 4X", `bad card "4X"`},
	}
	for _, tc := range tests {
		pos := strings.Replace(positionSpadesOnF1, tc.from, tc.to, 1)
		checkOneLineError(t, []string{"solve", "--deal", writeFile(t, "bad.txt", pos)}, exitUsage, tc.want)
	}
	for _, tc := range []struct{ name, found, want string }{
		{"out of sequence", "f1: AS 3S", "foundation 1: 3S on AS is out of sequence"},
		{"not one suit", "f1: AS 3H", "foundation 1: 3H on AS is not of one suit"},
		{"not from the Ace", "f1: 3S", "foundation 1 starts with 3S; want an Ace"},
	} {
		// take the foundation's cards out of the tableau (3S from t3, 3H
		// from the stock) so that only the order is wrong
		pos := strings.Replace(positionSpadesOnF1, "f1: AS\n", tc.found+"\n", 1)
		pos = strings.Replace(pos, "t3: 4S 3S | JC", "t3: 4S | JC", 1)
		if strings.Contains(tc.found, "3H") {
			pos = strings.Replace(pos, " 3H ", " ", 1)
			pos = strings.Replace(pos, "t3: 4S | JC", "t3: 4S 3S | JC", 1)
		}
		if tc.name == "not from the Ace" {
			pos = strings.Replace(pos, "t7: 9H JS 9D AD 6D | 9S", "t7: 9H JS 9D AD 6D AS | 9S", 1)
		}
		checkOneLineError(t, []string{"solve", "--deal", writeFile(t, "bad.txt", pos)}, exitUsage, tc.want)
	}
}
