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
// ours have less to go on. The heuristic bots' figures came to the project
// with its rule texts, without a source or a description of the bots, so
// they are set against each of our players but random. lonelybot's
// hidden-information player (44.52 ± 0.50 % over 38,884 games and, in its
// later notes, 47.58 ± 0.80 % over 15,024, the figure its README gives
// since commit 3e88e66: results/bench.md) plays with worrying back and
// knows the stock's order: it is set against our expert with the same
// rules and memory.
var PublishedPlayers = []PublishedPlayer{
	{Draw: 3, Players: []string{"random"}, Who: "random play (Bjarnason, Fern & Tadepalli 2009; stock visible)", Lo: 0.071, Hi: 0.071},
	{Draw: 3, Players: []string{"greedy"}, Who: "greedy (Bjarnason, Fern & Tadepalli 2009; stock visible)", Lo: 0.130, Hi: 0.130},
	{Draw: 3, Players: []string{"planner", "expert"}, Who: "best Monte-Carlo planner (Bjarnason, Fern & Tadepalli 2009; stock visible), 36.97 ± 1.92", Lo: 0.3697 - 0.0192, Hi: 0.3697 + 0.0192},
	{Draw: 1, Passes: 1, Players: []string{"greedy", "human", "planner", "expert"}, Who: "heuristic bots (as quoted to the project; no source named)", Lo: 0.024, Hi: 0.040},
	{Draw: 3, Passes: 3, Players: []string{"greedy", "human", "planner", "expert"}, Who: "heuristic bots, Vegas (as quoted to the project; no source named)", Lo: 0.063, Hi: 0.076},
	{Draw: 3, WorryBack: true, KnowsStock: true, Players: []string{"expert"}, Who: "lonelybot's hidden-information player (38,884 games), 44.52 ± 0.50", Lo: 0.4452 - 0.0050, Hi: 0.4452 + 0.0050},
	{Draw: 3, WorryBack: true, KnowsStock: true, Players: []string{"expert"}, Who: "lonelybot's hidden-information player, later notes (15,024 games), 47.58 ± 0.80", Lo: 0.4758 - 0.0080, Hi: 0.4758 + 0.0080},
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
