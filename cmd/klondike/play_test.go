package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/results"
	"github.com/klondike-family/klondike/solver/player"
)

// TestPlay plays one deal with each cheap player: the JSON report's moves
// replay under the rules, a won game has every card home and scores
// $208 at Vegas, and the text output ends with the result line.
func TestPlay(t *testing.T) {
	for _, p := range []string{"random", "greedy", "human"} {
		out := mustRun(t, "play", "--seed", "3", "--draw", "1", "--player", p, "--json")
		var rep playReport
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatalf("%s: %v\n%s", p, err, out)
		}
		g := engine.MustGame(engine.Klondike(1, 0))
		s, err := g.NewState(engine.NativeDeal(&g.Rules, 3))
		if err != nil {
			t.Fatal(err)
		}
		err = engine.Verify(s, rep.Moves)
		switch {
		case rep.Result == "won" && err != nil:
			t.Errorf("%s: a won game does not replay to a win: %v", p, err)
		case rep.Result == "won" && (rep.Cards != 52 || rep.Vegas != 208 || rep.TillDawn != 104):
			t.Errorf("%s: won with %d cards, Vegas %d, Till Dawn %d", p, rep.Cards, rep.Vegas, rep.TillDawn)
		case rep.Result == "lost" && rep.Vegas != 5*rep.Cards-52:
			t.Errorf("%s: %d cards but Vegas %d", p, rep.Cards, rep.Vegas)
		}
		text := mustRun(t, "play", "--seed", "3", "--draw", "1", "--player", p)
		if !strings.Contains(text, "\nresult: "+rep.Result+" ") {
			t.Errorf("%s: text output lacks the result line:\n%s", p, text)
		}
	}
}

// TestWinratePlayer runs a small player experiment: every record carries
// how the game went and its scores, and the manifest names the player.
func TestWinratePlayer(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "greedy")
	if _, errs, code := klondike(t, "winrate", "--player", "greedy", "--deals", "30", "--workers", "2", "--out", dir); code != 0 {
		t.Fatalf("winrate --player: exit %d: %s", code, errs)
	}
	recs := records(t, dir)
	checkCovers(t, recs, 0, 30)
	for _, r := range recs {
		if r.Play == nil || (r.Verdict == "won") != (r.Play.End == "won") || r.Play.Vegas != 5*r.Play.Cards-52 {
			t.Fatalf("record %+v", r)
		}
	}
	m, err := results.ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	if m.Player != "greedy" || m.PlayerMemory != "talon" || m.PlayerVersion != results.PlayerVersion || m.Budget != "0s" || m.Mem != 0 {
		t.Errorf("manifest %+v", m)
	}
	// The expert's manifest records its settings, the defaults where no
	// flag was given.
	edir := filepath.Join(t.TempDir(), "expert")
	if _, errs, code := klondike(t, "winrate", "--player", "expert", "--samples", "2", "--deals", "1", "--out", edir); code != 0 {
		t.Fatalf("winrate --player expert: exit %d: %s", code, errs)
	}
	em, err := results.ReadManifest(edir)
	if err != nil {
		t.Fatal(err)
	}
	if em.Player != "expert" || em.PlayerSamples != 2 || em.PlayerNodes != player.DefaultExpertConfig.Nodes {
		t.Errorf("expert manifest: player %q, %d samples, %d nodes; want expert, 2, %d",
			em.Player, em.PlayerSamples, em.PlayerNodes, player.DefaultExpertConfig.Nodes)
	}
	// The same experiment with another player is another experiment.
	checkOneLineError(t, []string{"winrate", "--player", "human", "--deals", "30", "--out", dir}, exitUsage, "player is")
}

func TestPlayBadInput(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "x")
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"play", "--seed", "1", "--player", "nobody"}, `unknown player "nobody"`},
		{[]string{"play", "--seed", "1", "--memory", "some"}, `--memory "some"`},
		{[]string{"play", "--seed", "1", "--player", "planner", "--samples", "0"}, "0 samples"},
		{[]string{"play", "--seed", "1", "--player", "expert", "--plan-nodes", "-5"}, "-5 nodes"},
		{[]string{"play", "--seed", "1", "--player", "expert", "--plan-workers", "0"}, "--plan-workers 0"},
		{[]string{"winrate", "--samples", "8", "--deals", "3", "--out", dir}, "--samples needs --player"},
		{[]string{"winrate", "--player", "greedy", "--budget", "1s", "--deals", "3", "--out", dir}, "--budget is a budget of the solver"},
		{[]string{"winrate", "--memory", "none", "--deals", "3", "--out", dir}, "--memory needs --player"},
	}
	for _, c := range cases {
		checkOneLineError(t, c.args, exitUsage, c.want)
	}
}

// TestExpertIsDeterministic: the same deal, settings and seed play the
// same game, whatever the number of deals played at once (winrate
// --workers) or of goroutines solving one decision's samples (play
// --plan-workers).
func TestExpertIsDeterministic(t *testing.T) {
	var runs [2][]results.Record
	for k, w := range []string{"1", "2"} {
		dir := filepath.Join(t.TempDir(), "expert"+w)
		args := []string{"winrate", "--player", "expert", "--samples", "3", "--plan-nodes", "300", "--deals", "4", "--workers", w, "--out", dir}
		if _, errs, code := klondike(t, args...); code != 0 {
			t.Fatalf("winrate --workers %s: exit %d: %s", w, code, errs)
		}
		runs[k] = records(t, dir)
	}
	byPlay := func(rs []results.Record) map[uint64]results.PlayRecord {
		m := map[uint64]results.PlayRecord{}
		for _, r := range rs {
			m[r.Seed] = *r.Play
		}
		return m
	}
	a, b := byPlay(runs[0]), byPlay(runs[1])
	if len(a) != 4 || len(b) != 4 {
		t.Fatalf("%d and %d records, want 4", len(a), len(b))
	}
	for seed, pa := range a {
		if pb := b[seed]; pa != pb {
			t.Fatalf("seed %d: --workers 1 played %+v, --workers 2 %+v", seed, pa, pb)
		}
	}
	for _, mem := range []string{"talon", "stock"} {
		one := mustRun(t, "play", "--seed", "2", "--player", "expert", "--samples", "20", "--plan-nodes", "300", "--plan-workers", "1", "--memory", mem)
		two := mustRun(t, "play", "--seed", "2", "--player", "expert", "--samples", "20", "--plan-nodes", "300", "--plan-workers", "2", "--memory", mem)
		if one != two {
			t.Fatalf("--memory %s: play --plan-workers 1 and 2 differ:\n%s\n%s", mem, one, two)
		}
	}
}

// TestPlayStockKnown: --memory stock plays with the stock known, and the
// report says so.
func TestPlayStockKnown(t *testing.T) {
	var rep playReport
	out := mustRun(t, "play", "--seed", "3", "--player", "human", "--memory", "stock", "--json")
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if rep.Memory != "stock" {
		t.Fatalf("memory %q, want stock", rep.Memory)
	}
	if text := mustRun(t, "play", "--seed", "3", "--player", "human", "--memory", "stock"); !strings.Contains(text, "player: human (knows the stock's order)") {
		t.Fatalf("the text does not say the player knows the stock:\n%s", text)
	}
}

// TestPlayExplain: play --explain shows the expert's decisions: in JSON,
// each names a move of the game, whose step is the chosen choice's, with
// chances in [0, 1] from no more samples than were dealt, or is a safe
// move or an endgame solve (with no choices; this game has both); the
// text shows them under their moves; another player is refused.
func TestPlayExplain(t *testing.T) {
	args := []string{"play", "--seed", "1", "--player", "expert", "--samples", "6", "--plan-nodes", "300", "--explain"}
	var rep playReport
	out := mustRun(t, append(args, "--json")...)
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(rep.Decisions) == 0 {
		t.Fatal("no decisions in the JSON report")
	}
	sampled, endgames := 0, 0
	for _, d := range rep.Decisions {
		if d.Move < 1 || d.Move > len(rep.Moves) {
			t.Fatalf("decision for move %d of %d", d.Move, len(rep.Moves))
		}
		if d.Safe || d.Endgame {
			if len(d.Choices) != 0 {
				t.Fatalf("move %d: a safe or endgame decision with %d choices", d.Move, len(d.Choices))
			}
			if d.Endgame {
				endgames++
			}
			continue
		}
		sampled++
		chosen := 0
		for _, c := range d.Choices {
			if c.Chance < 0 || c.Chance > 1 || len(d.Choices) > 1 && c.Samples < 1 || c.Samples > d.Samples || c.Won+c.Unknown > c.Samples {
				t.Fatalf("move %d: choice %+v of %d samples", d.Move, c, d.Samples)
			}
			if c.Chosen {
				chosen++
				if c.Step != rep.Moves[d.Move-1] || len(c.Line) == 0 || c.Line[0] != c.Step {
					t.Fatalf("move %d: chose %+v, played %+v", d.Move, c.Step, rep.Moves[d.Move-1])
				}
			}
		}
		if chosen != 1 {
			t.Fatalf("move %d: %d of %d choices chosen", d.Move, chosen, len(d.Choices))
		}
	}
	if sampled == 0 || endgames == 0 {
		t.Fatalf("%d sampled decisions, %d endgame solves", sampled, endgames)
	}
	text := mustRun(t, args...)
	if !strings.Contains(text, " lines:\n") || !strings.Contains(text, "safe: to a foundation at once") || !strings.Contains(text, "the exact solver's winning line") {
		t.Fatalf("text output shows no decision:\n%s", text)
	}
	if plain := mustRun(t, args[:len(args)-1]...); strings.Contains(plain, "lines:") || len(plain) >= len(text) {
		t.Fatalf("without --explain the decisions are still shown:\n%s", plain)
	}
	checkOneLineError(t, []string{"play", "--seed", "1", "--player", "human", "--explain"}, exitUsage, "--explain goes with --player expert")
}
