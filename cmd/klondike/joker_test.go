package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/klondike-family/klondike/engine"
)

// TestJokerKlondike: the CLI plays joker-klondike through the variants
// registry: deal prints the Joker, solve wins native deal 1 with Joker
// steps that verify replays (and a tampered Joker destination it refuses),
// and the text solution shows where the Joker goes.
func TestJokerKlondike(t *testing.T) {
	deal := mustRun(t, "deal", "--game", "joker-klondike", "--seed", "1")
	if strings.Count(deal, "JK") != 1 {
		t.Errorf("deal --game joker-klondike:\n%s", deal)
	}
	rep, out := solveJSON(t, "--game", "joker-klondike", "--seed", "1", "--budget", "20s")
	if rep.Verdict != "won" || rep.Game != "joker-klondike" {
		t.Fatalf("solve --game joker-klondike --seed 1: %+v", rep)
	}
	joker, along := -1, -1
	for i, st := range rep.Solution {
		if st.Card == "JK" && joker < 0 {
			joker = i
		}
		if st.Joker != "" && along < 0 {
			along = i
		}
	}
	if joker < 0 || along < 0 {
		t.Fatalf("the solution has no Joker move (%d) or no move taking it along (%d)", joker, along)
	}
	sol := writeFile(t, "sol.json", out)
	want := "valid: wins in " + itoa(len(rep.Solution)) + " steps\n"
	if got := mustRun(t, "verify", "--game", "joker-klondike", "--seed", "1", "--solution", sol); got != want {
		t.Errorf("verify: %q, want %q", got, want)
	}
	tampered := append([]engine.Step(nil), rep.Solution...)
	tampered[along].Joker = "f8"
	tb, _ := json.Marshal(tampered)
	out, _, code := klondike(t, "verify", "--game", "joker-klondike", "--seed", "1", "--solution", writeFile(t, "bad.json", string(tb)))
	if code != exitFail || !strings.HasPrefix(out, "invalid: step "+itoa(along+1)+": ") {
		t.Errorf("verify of a tampered Joker destination: exit %d, %q", code, out)
	}
	text := mustRun(t, "solve", "--game", "joker-klondike", "--seed", "1")
	if !strings.Contains(text, "  JK\n") || !(strings.Contains(text, ", JK → f") || strings.Contains(text, ", JK waits")) {
		t.Errorf("solve text shows no Joker move:\n%s", text)
	}
	checkOneLineError(t, []string{"solve", "--game", "joker-klondike", "--seed", "1", "--defoundation"}, 2, "has no option --defoundation")
}
