package results

import (
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"github.com/klondike-family/klondike/engine"
)

// PublishedPlayer is a published win rate of a player who cannot see the
// face-down cards (../shared/VARIANTS.md, "Published figures"), as the
// fractions Lo..Hi (Lo == Hi for a figure given without an interval).
type PublishedPlayer struct {
	Draw, Passes int      // one-deck Klondike; Passes 0 is unlimited
	WorryBack    bool     // with worrying back
	KnowsStock   bool     // the player knows the stock's order (our players' memory "stock")
	Players      []string // the players of ours it is set against
	Who          string   // who played, and the source
	Lo, Hi       float64
}

// PublishedPlayers are the published hidden-information figures. The
// Bjarnason, Fern and Tadepalli players saw the stock; ours do not, so
// ours have less to go on. How the heuristic bots play is not published, so
// they are set against each of our players but random. lonelybot's
// hidden-information player (its README and later notes) plays with
// worrying back and knows the stock's order: it is set against our expert
// with the same rules and memory.
var PublishedPlayers = []PublishedPlayer{
	{3, 0, false, false, []string{"random"}, "random play (Bjarnason, Fern & Tadepalli 2009; stock visible)", 0.071, 0.071},
	{3, 0, false, false, []string{"greedy"}, "greedy (Bjarnason, Fern & Tadepalli 2009; stock visible)", 0.130, 0.130},
	{3, 0, false, false, []string{"planner", "expert"}, "best Monte-Carlo planner (Bjarnason, Fern & Tadepalli 2009; stock visible), 36.97 ± 1.92", 0.3697 - 0.0192, 0.3697 + 0.0192},
	{1, 1, false, false, []string{"greedy", "human", "planner", "expert"}, "heuristic bots", 0.024, 0.040},
	{3, 3, false, false, []string{"greedy", "human", "planner", "expert"}, "heuristic bots (Vegas)", 0.063, 0.076},
	{3, 0, true, true, []string{"expert"}, "lonelybot's hidden-information player (38,884 games), 44.52 ± 0.50", 0.4452 - 0.0050, 0.4452 + 0.0050},
	{3, 0, true, true, []string{"expert"}, "lonelybot's hidden-information player, later notes (15,024 games), 47.58 ± 0.80", 0.4758 - 0.0080, 0.4758 + 0.0080},
}

// Set says how win rate w (with its interval) stands to the published
// figure: "inside" when they overlap, else "ours lower" or "ours higher".
func (p PublishedPlayer) Set(w Interval) string {
	switch {
	case w.Hi < p.Lo:
		return "ours lower"
	case w.Lo > p.Hi:
		return "ours higher"
	}
	return "inside"
}

func (p PublishedPlayer) figure() string {
	if p.Lo == p.Hi {
		return pct(p.Lo)
	}
	return pct(p.Lo) + "–" + pct(p.Hi)
}

// matches says whether a player result is one the figure is set against.
func (p PublishedPlayer) matches(m *Manifest) bool {
	r := engine.Klondike(p.Draw, p.Passes)
	r.WorryBack = p.WorryBack
	return slices.Contains(p.Players, m.Player) && (m.PlayerMemory == "stock") == p.KnowsStock && reflect.DeepEqual(r, m.Rules)
}

// writePublishedPlayers writes each published player figure with the
// player results of the same rules; nothing when no result matches.
func writePublishedPlayers(b *strings.Builder, rs []Result) {
	var rows []string
	for _, p := range PublishedPlayers {
		for i := range rs {
			r := &rs[i]
			if !p.matches(&r.Manifest) {
				continue
			}
			s := SummarisePlay(r.Records)
			rows = append(rows, "| "+strings.Join([]string{
				RulesSummary(&r.Manifest.Rules), p.Who, p.figure(), filepath.ToSlash(r.Dir), PlayerSummary(&r.Manifest),
				fmt.Sprint(s.Games),
				fmt.Sprintf("%s [%s, %s]", pct(float64(s.Won)/float64(max(s.Games, 1))), pct(s.Win.Lo), pct(s.Win.Hi)),
				p.Set(s.Win),
			}, " | ")+" |")
		}
	}
	if len(rows) == 0 {
		return
	}
	b.WriteString(`
### Against the published players

Published win rates of players who cannot see the face-down cards (each row names its source), with
ours on the same rules: "inside" when the published figure (or range) meets our 95% interval.
The players of Bjarnason, Fern and Tadepalli saw the stock cards, which ours do not; how the
heuristic bots play is not published, so each of our players but random is set against them.
lonelybot's player worries back and knows the stock's order: it is set against our expert with
the same rules and information.

| rules | published player | published % | result | our player | games | our win % [95%] | |
|---|---|---|---|---|--:|---|---|
`)
	for _, row := range rows {
		b.WriteString(row + "\n")
	}
}
