package results

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/klondike-family/klondike/engine"
)

// fakeResult makes a result directory in memory: verdicts by seed, and for
// a player the cards of each game (52 for a win).
func fakeResult(t *testing.T, game string, r engine.Rules, playerName string, from uint64, won []bool) Result {
	t.Helper()
	m, err := NewManifest(game, r, "native", from, uint64(len(won)), Whole, 0, 0, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	m.Player = playerName
	var recs []Record
	for i, w := range won {
		rec := Record{Seed: from + uint64(i), Verdict: "lost"}
		cards := 5
		if w {
			rec.Verdict, cards = "won", r.CardCount()
		}
		if playerName != "" {
			rec.Play = &PlayRecord{Cards: cards}
			rec.Play.Score, rec.Play.Vegas, rec.Play.TillDawn = Scores(cards, r.Decks)
		}
		recs = append(recs, rec)
	}
	return Result{Dir: game + "-" + playerName, Manifest: m, Records: recs}
}

// wins returns n verdicts, the first k won.
func wins(n, k int) []bool {
	w := make([]bool, n)
	for i := 0; i < k; i++ {
		w[i] = true
	}
	return w
}

// TestClaims runs the claims on made-up results whose outcomes are known:
// draw 3 at 3.3% of 3000 games (interval inside 2–5%: holds) for one player
// and 10% for another (fails); draw 1 winning 200 more of the same deals
// (holds, paired); Double Klondike at 9% against 10% on other deals
// (z-test: undecided at this size); Holdout at 50% (holds); Vegas won games
// at $208 (holds). The human player fails claims 1 and 3 where others hold
// them; of the two experts, the one with a person's information holds
// claim 3 and the one that knows the stock holds claim 1 but does not
// count for a person: for a person claim 1 fails and claim 3 holds only
// for some players.
func TestClaims(t *testing.T) {
	d3 := engine.Klondike(3, 0)
	d1 := engine.Klondike(1, 0)
	vegas := engine.Klondike(3, 3)
	holdout := engine.Klondike(1, 1)
	holdout.Cells = 2
	double := engine.Klondike(3, 0)
	double.Decks = 2
	rs := []Result{
		fakeResult(t, "klondike", d3, "random", 0, wins(3000, 100)),
		fakeResult(t, "klondike", d3, "greedy", 0, wins(3000, 300)),
		fakeResult(t, "klondike", d1, "greedy", 0, wins(3000, 500)),
		fakeResult(t, "double-klondike", double, "greedy", 0, wins(3000, 290)),
		fakeResult(t, "klondike-holdout", holdout, "greedy", 0, wins(1000, 500)),
		fakeResult(t, "klondike", vegas, "greedy", 0, wins(100, 10)),
		fakeResult(t, "klondike", d3, "human", 0, wins(3000, 300)),
		fakeResult(t, "klondike-holdout", holdout, "human", 0, wins(1000, 100)),
		fakeResult(t, "klondike-holdout", holdout, "expert", 0, wins(1000, 500)),
		fakeResult(t, "klondike", d3, "expert", 0, wins(3000, 100)),
	}
	rs[len(rs)-1].Manifest.PlayerMemory = "stock" // not a person's information
	var buf bytes.Buffer
	if err := WriteClaims(&buf, rs, "klondike claims"); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{
		"| # | claim | verdict | for a person | random | greedy | human | expert (0 samples, 0 nodes) | expert (0 samples, 0 nodes), knows the stock |",
		"| 1 | Klondike draw 3 is won about 1 in 30 games | holds only for some players | fails | holds | fails | fails | – | holds |",
		"- Verdict: **holds only for some players**; for a person: **fails**.",
		"| 2 | Draw 1 has better odds than draw 3 | holds | no data | – | holds | – | – | – |",
		"| 3 | Klondike Holdout is won at least once in five games | holds only for some players | holds only for some players | – | holds | fails | holds | – |",
		"| 6 | Double Klondike is somewhat easier to win than Klondike | undecided | no data | – | undecided | – | – | – |",
		"| 10 | A won game at Vegas scoring is worth $208 | holds | no data | – | holds | – | – | – |",
		"only draw 1 won 200, only draw 3 won 0",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("claims page lacks %q:\n%s", want, out)
		}
	}
}

// TestTwoProportion checks the z-test against a value worked by hand:
// 60/100 against 40/100: pooled p 0.5, se = sqrt(0.25·0.02) = 0.070711,
// z = 2.8284, two-sided p = 0.004678.
func TestTwoProportion(t *testing.T) {
	z, p := twoProportion(60, 100, 40, 100)
	if d := z - 2.828427; d > 1e-5 || d < -1e-5 {
		t.Errorf("z = %v", z)
	}
	if d := p - 0.0046777; d > 1e-6 || d < -1e-6 {
		t.Errorf("p = %v", p)
	}
}

// TestRateFigure: a claim's figure for a row with unknown deals is the
// middle of the interval that counts them either way (as the report
// writes it), not the rate of the won deals alone, which is that
// interval's floor; with every deal decided it is the rate and its Wilson
// interval.
func TestRateFigure(t *testing.T) {
	w := NewWinRate(80809, 14164, 5027)
	want := w.Text() + "% (5027 unknown, counted either way)"
	if got := rateFigure(w); got != want || !strings.HasPrefix(got, "83.3") {
		t.Errorf("with unknowns: %q, want %q (about 83.3)", got, want)
	}
	d := NewWinRate(815812, 184188, 0)
	if got, want := rateFigure(d), fmt.Sprintf("81.581%% [%.3f, %.3f]", 100*d.Range.Lo, 100*d.Range.Hi); got != want {
		t.Errorf("every deal decided: %q, want %q", got, want)
	}
}
