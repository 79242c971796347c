package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/klondike-family/klondike/engine"
)

// TestHint checks hint's text and JSON on a won deal and a lost one: every
// legal move listed once, winning ones first with lines that replay, and
// the plain sentence when no move wins.
func TestHint(t *testing.T) {
	out := mustRun(t, "hint", "--seed", fastSeed, "--json", "--max-nodes", "300000")
	var rep hintReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("hint --json: %v\n%s", err, out)
	}
	r := engine.Klondike(3, 0)
	s, err := engine.MustGame(r).NewState(engine.NativeDeal(&r, 6))
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Moves) != len(s.Moves(nil)) || rep.Verdict != "won" || rep.Winning == 0 {
		t.Fatalf("hint: %d moves (want %d), verdict %s, %d winning", len(rep.Moves), len(s.Moves(nil)), rep.Verdict, rep.Winning)
	}
	for i, m := range rep.Moves {
		if (i < rep.Winning) != (m.Verdict == "won") {
			t.Fatalf("move %d is %s: winning moves must come first", i+1, m.Verdict)
		}
		if m.Verdict == "won" {
			if m.Length != len(m.Line) || m.Line[0] != m.Step {
				t.Fatalf("move %d: length %d, line of %d starting %v", i+1, m.Length, len(m.Line), m.Line[0])
			}
			if err := engine.Verify(s, m.Line); err != nil {
				t.Fatalf("move %d: %v", i+1, err)
			}
		}
	}
	text := mustRun(t, "hint", "--seed", fastSeed, "--max-nodes", "300000")
	if !strings.Contains(text, "winning moves: "+itoa(rep.Winning)+" of "+itoa(len(rep.Moves))+"\n") {
		t.Errorf("hint text lacks the summary:\n%s", text)
	}
	lost := mustRun(t, "hint", "--seed", "3", "--draw", "1", "--passes", "1")
	if !strings.Contains(lost, "no move wins: the position is lost (all 2 moves lose)\n") {
		t.Errorf("hint on a lost deal:\n%s", lost)
	}
}

// TestAnalyzeGreedyGame analyses the greedy player's game of deal 4: the
// decisive move is the 55th, found by bisection with few solves, and the
// first alternative's winning line replays from the position before it.
func TestAnalyzeGreedyGame(t *testing.T) {
	game := writeFile(t, "game.json", mustRun(t, "play", "--seed", "4", "--player", "greedy", "--json"))
	out := mustRun(t, "analyze", "--seed", "4", "--moves", game, "--json", "--max-nodes", "300000")
	var rep analyzeReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("analyze --json: %v\n%s", err, out)
	}
	if rep.Outcome != "decisive" || rep.Decisive != 55 || rep.WonUntil != 54 || rep.LostFrom != 55 {
		t.Fatalf("analyze: outcome %s, decisive %d (won until %d, lost from %d), want decisive 55", rep.Outcome, rep.Decisive, rep.WonUntil, rep.LostFrom)
	}
	if len(rep.Positions) != len(rep.Moves)+1 || rep.Solves > 30 {
		t.Fatalf("analyze: %d positions for %d moves, %d solves", len(rep.Positions), len(rep.Moves), rep.Solves)
	}
	r := engine.Klondike(3, 0)
	s, err := engine.MustGame(r).NewState(engine.NativeDeal(&r, 4))
	if err != nil {
		t.Fatal(err)
	}
	before, err := engine.Replay(s, rep.Moves[:54])
	if err != nil {
		t.Fatal(err)
	}
	if rep.Winning == 0 || rep.Alternatives[0].Verdict != "won" {
		t.Fatalf("no winning alternative: %+v", rep.Alternatives)
	}
	if err := engine.Verify(before, rep.Alternatives[0].Line); err != nil {
		t.Fatalf("the winning alternative does not win: %v", err)
	}
	text := mustRun(t, "analyze", "--seed", "4", "--moves", game, "--max-nodes", "300000")
	for _, want := range []string{"verdict: winnable until move 55, lost from then on\n", "decisive move: 55. waste → f2  5D\n",
		"moves open there: " + itoa(rep.Winning) + " of " + itoa(len(rep.Alternatives)) + " win\n"} {
		if !strings.Contains(text, want) {
			t.Errorf("analyze text lacks %q:\n%s", want, text)
		}
	}
	lost := mustRun(t, "analyze", "--seed", "2", "--moves", writeFile(t, "g2.json", mustRun(t, "play", "--seed", "2", "--player", "greedy", "--json")))
	if !strings.Contains(lost, "verdict: lost from the start") {
		t.Errorf("analyze of a lost deal:\n%s", lost)
	}
}

// TestAnalyzeIllegalMove refuses a game whose 5th step is illegal, naming
// the step, and a missing --moves.
func TestAnalyzeIllegalMove(t *testing.T) {
	var p playReport
	if err := json.Unmarshal([]byte(mustRun(t, "play", "--seed", "4", "--player", "greedy", "--json")), &p); err != nil {
		t.Fatal(err)
	}
	bad := append([]engine.Step(nil), p.Moves[:10]...)
	bad[4] = engine.Step{Op: "move", From: "t1", To: "f4", N: 1, Card: "KS"}
	b, _ := json.Marshal(bad)
	checkOneLineError(t, []string{"analyze", "--seed", "4", "--moves", writeFile(t, "bad.json", string(b))}, exitUsage, "step 5: ")
	checkOneLineError(t, []string{"analyze", "--seed", "4"}, exitUsage, "--moves is required")
}

// TestHintUnseenCards asks for a hint on a game in progress with unseen
// cards (testdata/inprogress.txt): every legal move once, chances in order
// and inside their intervals, the same answer twice, and the commands that
// need every card refusing the file in one line.
func TestHintUnseenCards(t *testing.T) {
	const file = "testdata/inprogress.txt"
	args := []string{"hint", "--deal", file, "--samples", "4", "--max-nodes", "200000", "--json"}
	out := mustRun(t, args...)
	if again := mustRun(t, args...); stripElapsed(again) != stripElapsed(out) {
		t.Fatalf("two hints differ:\n%s\n%s", out, again)
	}
	var rep chanceReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("hint --json: %v\n%s", err, out)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	l, err := engine.ParseText(string(data))
	if err != nil {
		t.Fatal(err)
	}
	v, err := engine.MustGame(engine.Klondike(3, 0)).NewView(l)
	if err != nil {
		t.Fatal(err)
	}
	vs := v.State()
	if rep.Unseen != v.Hidden() || rep.Samples != 4 || len(rep.Moves) != len(vs.Moves(nil)) {
		t.Fatalf("hint: %d unseen, %d samples, %d moves; want %d, 4, %d", rep.Unseen, rep.Samples, len(rep.Moves), v.Hidden(), len(vs.Moves(nil)))
	}
	for i, m := range rep.Moves {
		if m.Chance != float64(m.Wins)/4 || m.Lo > m.Chance || m.Hi < m.Chance || (i > 0 && m.Wins > rep.Moves[i-1].Wins) {
			t.Fatalf("move %d: %+v", i+1, m)
		}
	}
	checkOneLineError(t, []string{"solve", "--deal", file}, exitUsage, "26 cards are unseen (??); only hint")
	checkOneLineError(t, []string{"hint", "--seed", "4", "--samples", "3"}, exitUsage, "--samples goes with a position with unseen cards")
}

// stripElapsed drops the elapsed time from a JSON report.
func stripElapsed(s string) string {
	if i := strings.Index(s, `"elapsed_ms":`); i >= 0 {
		return s[:i]
	}
	return s
}
