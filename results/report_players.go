package results

import (
	"fmt"
	"math"
	"path/filepath"
	"strings"
)

// Mean is a sample mean with its 95% confidence interval (normal
// approximation: mean ± z·s/√n).
type Mean struct {
	N          int
	Mean, Half float64
}

// NewMean computes the mean of xs and its interval.
func NewMean(xs []float64) Mean {
	if len(xs) == 0 {
		return Mean{}
	}
	m, sd := meanStdDev(xs)
	if len(xs) < 2 {
		sd = 0
	}
	z := normalQuantile(1 - (1-Conf)/2)
	return Mean{N: len(xs), Mean: m, Half: z * sd / math.Sqrt(float64(len(xs)))}
}

func (m Mean) String() string {
	switch m.N {
	case 0:
		return "–"
	case 1: // no spread to measure: no interval
		return fmt.Sprintf("%.2f (n = 1)", m.Mean)
	}
	return fmt.Sprintf("%.2f ± %.2f", m.Mean, m.Half)
}

// PlayStats sums up a player's games.
type PlayStats struct {
	Games, Won                    int
	Win                           Interval // Wilson 95%
	Cards, Vegas, TillDawn        Mean
	VegasProfit, TillDawnProfit   Interval // share of games that make money (> 0), Wilson 95%
	VegasProfitK, TillDawnProfitK int
	Limit                         int // games stopped by the move cap
	MeanMS                        float64
	// MeanCPUMS is the games' mean CPU time when every game has one
	// (Record.CPUMS: one worker), else 0.
	MeanCPUMS float64
}

// SummarisePlay sums up records of player games.
func SummarisePlay(recs []Record) PlayStats {
	var s PlayStats
	var cards, vegas, dawn []float64
	total := 0.0
	var cpu cpuTotal
	for _, r := range recs {
		if r.Play == nil {
			continue
		}
		s.Games++
		cpu.add(r.CPUMS, 1)
		if r.Verdict == "won" {
			s.Won++
		}
		if r.Play.End == "limit" {
			s.Limit++
		}
		cards = append(cards, float64(r.Play.Cards))
		vegas = append(vegas, float64(r.Play.Vegas))
		dawn = append(dawn, float64(r.Play.TillDawn))
		if r.Play.Vegas > 0 {
			s.VegasProfitK++
		}
		if r.Play.TillDawn > 0 {
			s.TillDawnProfitK++
		}
		total += r.TimeMS
	}
	s.Win = Wilson(s.Won, s.Games, Conf)
	s.Cards, s.Vegas, s.TillDawn = NewMean(cards), NewMean(vegas), NewMean(dawn)
	s.VegasProfit = Wilson(s.VegasProfitK, s.Games, Conf)
	s.TillDawnProfit = Wilson(s.TillDawnProfitK, s.Games, Conf)
	if s.Games > 0 {
		s.MeanMS = total / float64(s.Games)
		s.MeanCPUMS = cpu.total() / float64(s.Games)
	}
	return s
}

// PlayerSummary names a manifest's player with its settings; the players
// that search (planner, expert) with their version too (PlayerVersion:
// versions 2 to 6 changed the expert's play at the same settings), so
// that rows of two versions never share a claims column or pass for one
// player in a paired comparison.
func PlayerSummary(m *Manifest) string {
	s := m.Player
	if m.Player == "planner" || m.Player == "expert" {
		if m.PlayerVersion != "" {
			s += " v" + m.PlayerVersion
		}
		s += fmt.Sprintf(" (%s, %s)", Counted(int64(m.PlayerSamples), "sample"), Counted(m.PlayerNodes, "node"))
	}
	switch m.PlayerMemory {
	case "none":
		s += ", forgets the waste"
	case "stock":
		s += ", knows the stock"
	}
	return s
}

// writePlayerSection writes the table of player results and their paired
// comparisons.
func writePlayerSection(b *strings.Builder, rs []Result) {
	b.WriteString(`
## Players who see only what a person sees

Each deal played once by a player who cannot see face-down cards or stock cards not yet
turned (solver/player: random, greedy, human, planner, expert; the referee's rules that end a
game are in its package doc); a player that "knows the stock" sees the whole talon from the
deal on and only the face-down cards are hidden from it (the published players' information,
--memory stock). "win %" is the Wilson 95% interval; means are ± the
half-width of their 95% interval. Scores per game: standard 1 point a card; Vegas $52
a deck to play and $5 back a card (break-even at 10.4 cards a deck, a won one-deck
game +$208); Till Dawn $52 a deck and $3 a card (break-even at 17.3 cards a deck).
"profit" is the share of games that end with more money than they cost. "mean time" is
wall time a game, with the mean CPU time after it where every game has one (one worker).

| result | game | rules | player | games | won | win % [95%] | cards | Vegas $ | Vegas profit % | Till Dawn $ | Till Dawn profit % | mean time |
|---|---|---|---|--:|--:|---|---|---|---|---|---|--:|
`)
	for i := range rs {
		r := &rs[i]
		m := &r.Manifest
		s := SummarisePlay(r.Records)
		games := fmt.Sprint(s.Games)
		if exp := r.Expected(); s.Games < exp {
			games = fmt.Sprintf("%d of %d", s.Games, exp)
		}
		if s.Limit > 0 {
			games += fmt.Sprintf(" (%d at the move cap)", s.Limit)
		}
		cells := []string{
			filepath.ToSlash(r.Dir), m.Game, RulesSummary(&m.Rules), PlayerSummary(m), games,
			fmt.Sprint(s.Won), fmt.Sprintf("%s [%s, %s]", pct(float64(s.Won)/float64(max(s.Games, 1))), pct(s.Win.Lo), pct(s.Win.Hi)),
			s.Cards.String(), s.Vegas.String(), fmt.Sprintf("%s [%s, %s]", pct(float64(s.VegasProfitK)/float64(max(s.Games, 1))), pct(s.VegasProfit.Lo), pct(s.VegasProfit.Hi)),
			s.TillDawn.String(), fmt.Sprintf("%s [%s, %s]", pct(float64(s.TillDawnProfitK)/float64(max(s.Games, 1))), pct(s.TillDawnProfit.Lo), pct(s.TillDawnProfit.Hi)),
			meanCell(s.MeanMS, s.MeanCPUMS),
		}
		b.WriteString("| " + strings.Join(cells, " | ") + " |\n")
	}
	writePublishedPlayers(b, rs)
	if rows := pairRows(rs); len(rows) > 0 {
		b.WriteString(`
### Paired comparisons of players

Directories with the same game and seeds that differ in one rule (same player) or only
in the player (same rules), compared game by game: "only A" counts deals A wins and B
loses; p is the exact two-sided McNemar test.

| A | B | differs | pairs | both won | both lost | only A | only B | unknown | McNemar p |
|---|---|---|--:|--:|--:|--:|--:|--:|--:|
`)
		for _, row := range rows {
			b.WriteString(row + "\n")
		}
	}
}
