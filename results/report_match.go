package results

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// MatchStats sums up a match directory.
type MatchStats struct {
	Games            int
	Ties, Stuck, Out int // ties for first; games ended all stuck; ended by playing out
	Limit            int
	SomeoneOut       int         // games in which at least one player played out
	SlotWins         []int       // by manifest slot
	SeatWins         []int       // by seat
	SlotCards        [][]float64 // cards of each slot's player per game
	StarterWins      int         // turns: games the starter won outright
	StarterDecided   int         // turns: games with a sole winner
	Turns, Time      Mean
	Collisions       Mean
	Forced           int
	Cards            []float64 // every player's cards, every game
}

// SummariseMatch counts a match's games.
func SummariseMatch(r *MatchResult) MatchStats {
	n := len(r.Manifest.Players)
	s := MatchStats{SlotWins: make([]int, n), SeatWins: make([]int, n), SlotCards: make([][]float64, n)}
	var turns, times, coll []float64
	for _, rec := range r.Records {
		s.Games++
		switch rec.End {
		case "stuck":
			s.Stuck++
		case "out":
			s.Out++
		default:
			s.Limit++
		}
		if len(rec.Finish) > 0 {
			s.SomeoneOut++
		}
		if rec.Winner == 0 {
			s.Ties++
		} else {
			s.SeatWins[rec.Winner-1]++
			s.SlotWins[rec.Slots[rec.Winner-1]-1]++
			if rec.Starter > 0 {
				s.StarterDecided++
				if rec.Winner == rec.Starter {
					s.StarterWins++
				}
			}
		}
		for k, c := range rec.Cards {
			s.SlotCards[rec.Slots[k]-1] = append(s.SlotCards[rec.Slots[k]-1], float64(c))
			s.Cards = append(s.Cards, float64(c))
		}
		turns = append(turns, float64(rec.Turns))
		times = append(times, rec.Time)
		coll = append(coll, float64(rec.Collisions))
		s.Forced += rec.Forced
	}
	s.Turns, s.Time, s.Collisions = NewMean(turns), NewMean(times), NewMean(coll)
	return s
}

// Expected is the number of games the directory's shard covers.
func (r *MatchResult) Expected() int {
	sh, err := ParseShard(r.Manifest.Shard)
	if err != nil {
		return int(r.Manifest.Games)
	}
	return len(sh.Seeds(r.Manifest.From, r.Manifest.Games))
}

// pctIv writes k of n as a percentage with its Wilson interval; "–"
// when n is 0 (a shard not started).
func pctIv(k, n int) string {
	if n == 0 {
		return "–"
	}
	iv := Wilson(k, n, Conf)
	return fmt.Sprintf("%.2f [%.2f, %.2f]", 100*float64(k)/float64(max(n, 1)), 100*iv.Lo, 100*iv.Hi)
}

// equalPlayers tells whether every slot has the same player and speed.
func equalPlayers(m *MatchManifest) bool {
	for i := range m.Players {
		if m.Players[i] != m.Players[0] || (len(m.Speeds) > 0 && m.Speeds[i] != m.Speeds[0]) {
			return false
		}
	}
	return true
}

// WriteMatchSection writes the report's section on games between
// players.
func WriteMatchSection(b *strings.Builder, ms []MatchResult) {
	b.WriteString(`
## Games between players (Double Klondike, rule text 000)

Double Klondike between 2 to 5 players (engine/multi; rule text 000's rules, every point the
seed leaves open decided and written down in the package doc): each player has his own
deck, tableau, stock and waste, the foundations are shared. "turns" is Snap-Up Patience
(one stock card a turn), "simultaneous" is Simultaneous Play (2) or Multi-Klondike (3+),
a discrete-event simulation (each player's time per action log-normal with mean
1/speed). Players (solver/mplayer) see only what a person sees. Game seed s seats the
players rotated by s, so each sits in each seat equally often. Percentages are with their
Wilson 95% intervals, means ± the half-width of their 95% interval. A tie is a shared
first place; "all stuck" games ended with no one able to play on (the winner is then
who has most cards on the foundations); "played out" counts games in which someone
played all 52 cards.

| result | mode | players | speeds | forced play | games | ties % | all stuck % | played out % | turns or actions | cards a player | collisions a game |
|---|---|---|---|---|--:|---|---|---|---|---|---|
`)
	stats := make([]MatchStats, len(ms))
	for i := range ms {
		r := &ms[i]
		m := &r.Manifest
		s := SummariseMatch(r)
		stats[i] = s
		games := fmt.Sprint(s.Games)
		if exp := r.Expected(); s.Games < exp {
			games = fmt.Sprintf("%d of %d", s.Games, exp)
		}
		if s.Limit > 0 {
			games += fmt.Sprintf(" (%d at the cap)", s.Limit)
		}
		speeds, coll := "–", "–"
		if len(m.Speeds) > 0 {
			var sp []string
			for _, v := range m.Speeds {
				sp = append(sp, fmt.Sprint(v))
			}
			speeds = strings.Join(sp, ":")
			coll = s.Collisions.String()
		}
		forced := "no"
		if m.ForcedPlay {
			forced = fmt.Sprintf("yes (%d demands)", s.Forced)
		}
		cells := []string{filepath.ToSlash(r.Dir), m.Mode, strings.Join(m.Players, ", "), speeds, forced, games,
			pctIv(s.Ties, s.Games), pctIv(s.Stuck, s.Games), pctIv(s.SomeoneOut, s.Games),
			s.Turns.String(), NewMean(s.Cards).String(), coll}
		b.WriteString("| " + strings.Join(cells, " | ") + " |\n")
	}

	b.WriteString(`
### Win rate per player and per seat

Per player: each slot of --players (the same player type may hold several slots), its
wins out of all games (ties are not wins) and its cards on the foundations. Per seat:
the wins of whoever sat there. With equal players every slot and seat should win
(1 − ties)/n of the games unless the seat matters.

| result | slot | player | speed | wins | win % | cards |
|---|--:|---|---|--:|---|---|
`)
	for i := range ms {
		r, s := &ms[i], &stats[i]
		m := &r.Manifest
		for k, p := range m.Players {
			sp := "–"
			if len(m.Speeds) > 0 {
				sp = fmt.Sprint(m.Speeds[k])
			}
			fmt.Fprintf(b, "| %s | %d | %s | %s | %d | %s | %s |\n", filepath.ToSlash(r.Dir), k+1, p, sp,
				s.SlotWins[k], pctIv(s.SlotWins[k], s.Games), NewMean(s.SlotCards[k]).String())
		}
	}
	b.WriteString("\n| result | " + seatHeader(ms) + "\n")
	for i := range ms {
		r, s := &ms[i], &stats[i]
		cells := []string{filepath.ToSlash(r.Dir)}
		for k := 0; k < maxSeats(ms); k++ {
			if k < len(s.SeatWins) {
				cells = append(cells, pctIv(s.SeatWins[k], s.Games))
			} else {
				cells = append(cells, "")
			}
		}
		b.WriteString("| " + strings.Join(cells, " | ") + " |\n")
	}

	b.WriteString(`
### First-turn advantage (turn-based play)

The starter (lowest card on the first pile) against the rest, over the games with a sole
winner: "starter won %" is the starter's share of them, to compare with 1/n
("fair"); with equal players any difference is the worth of the first turn.

| result | players | equal players | decided games | starter won | starter won % | fair % |
|---|---|---|--:|--:|---|--:|
`)
	for i := range ms {
		r, s := &ms[i], &stats[i]
		if r.Manifest.Mode != ModeTurns {
			continue
		}
		n := len(r.Manifest.Players)
		fmt.Fprintf(b, "| %s | %s | %s | %d | %d | %s | %.2f |\n", filepath.ToSlash(r.Dir), strings.Join(r.Manifest.Players, ", "),
			yesNo(equalPlayers(&r.Manifest)), s.StarterDecided, s.StarterWins, pctIv(s.StarterWins, s.StarterDecided), 100/float64(n))
	}

	b.WriteString(`
### Cards played

The distribution of the cards each player got onto the foundations (every player of
every game): quantiles and the share of players who played out all 52.

| result | players | p10 | p25 | median | p75 | p90 | played out % |
|---|---|--:|--:|--:|--:|--:|---|
`)
	for i := range ms {
		r, s := &ms[i], &stats[i]
		c := slices.Clone(s.Cards)
		if len(c) == 0 {
			continue
		}
		slices.Sort(c)
		out := 0
		for _, x := range c {
			if x == 52 {
				out++
			}
		}
		fmt.Fprintf(b, "| %s | %s | %.0f | %.0f | %.0f | %.0f | %.0f | %s |\n", filepath.ToSlash(r.Dir),
			strings.Join(r.Manifest.Players, ", "), quantile(c, 0.1), quantile(c, 0.25), quantile(c, 0.5),
			quantile(c, 0.75), quantile(c, 0.9), pctIv(out, len(c)))
	}

	if rows := speedRows(ms, stats); len(rows) > 0 {
		b.WriteString(`
### Speed in simultaneous play

Two-player simultaneous matches by the speed ratio of player 2 to player 1 (speed 2 /
speed 1): the win rate of each as the ratio grows. The plot joins matches of the same
players.

| result | players | speed ratio | player 2 wins % | player 1 wins % | ties % |
|---|---|--:|---|---|---|
`)
		for _, row := range rows {
			b.WriteString(row + "\n")
		}
	}
}

func maxSeats(ms []MatchResult) int {
	n := 0
	for i := range ms {
		n = max(n, len(ms[i].Manifest.Players))
	}
	return n
}

func seatHeader(ms []MatchResult) string {
	n := maxSeats(ms)
	var h, sep []string
	for k := 0; k < n; k++ {
		h = append(h, fmt.Sprintf("seat %d wins %%", k+1))
		sep = append(sep, "---")
	}
	return strings.Join(h, " | ") + " |\n|---|" + strings.Join(sep, "|") + "|"
}

// speedMatches returns the indices of two-player simultaneous matches,
// sorted by speed ratio.
func speedMatches(ms []MatchResult) []int {
	var idx []int
	for i := range ms {
		m := &ms[i].Manifest
		if m.Mode == ModeSimultaneous && len(m.Players) == 2 && len(m.Speeds) == 2 {
			idx = append(idx, i)
		}
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		ra := ms[a].Manifest.Speeds[1] / ms[a].Manifest.Speeds[0]
		rb := ms[b].Manifest.Speeds[1] / ms[b].Manifest.Speeds[0]
		switch {
		case ra < rb:
			return -1
		case ra > rb:
			return 1
		}
		return 0
	})
	return idx
}

func speedRows(ms []MatchResult, stats []MatchStats) []string {
	var rows []string
	for _, i := range speedMatches(ms) {
		m, s := &ms[i].Manifest, &stats[i]
		rows = append(rows, fmt.Sprintf("| %s | %s | %.3g | %s | %s | %s |", filepath.ToSlash(ms[i].Dir),
			strings.Join(m.Players, ", "), m.Speeds[1]/m.Speeds[0], pctIv(s.SlotWins[1], s.Games),
			pctIv(s.SlotWins[0], s.Games), pctIv(s.Ties, s.Games)))
	}
	return rows
}

// WriteMatchPlots writes the plots of match directories into dir:
// match-winrate.svg (each slot's win rate with its interval), match-cards.svg
// (the distribution of cards played, one line per directory) and, when
// there are two-player simultaneous matches, match-speed.svg (the second
// player's win rate against the speed ratio).
func WriteMatchPlots(dir string, ms []MatchResult) ([]PlotFile, error) {
	if len(ms) == 0 {
		return nil, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var files []PlotFile
	stats := make([]MatchStats, len(ms))
	for i := range ms {
		stats[i] = SummariseMatch(&ms[i])
	}
	// Win rate per slot.
	p := &svgPlot{Title: "Games between players: win rate per player (Wilson 95%)"}
	p.Y.Label = "win %"
	p.Y.Pad = 0.05
	var pts []plotPoint
	var names []string
	for i := range ms {
		for k, pl := range ms[i].Manifest.Players {
			iv := Wilson(stats[i].SlotWins[k], stats[i].Games, Conf)
			mid := 100 * float64(stats[i].SlotWins[k]) / float64(max(stats[i].Games, 1))
			pts = append(pts, plotPoint{X: float64(len(names)), Y: mid, Lo: 100 * iv.Lo, Hi: 100 * iv.Hi})
			names = append(names, fmt.Sprintf("%s #%d %s", filepath.Base(ms[i].Dir), k+1, pl))
		}
	}
	p.Points("", pts, circleMarker, "black")
	p.X.Categories = names
	p.Width, p.Height = float64(max(16, len(names)))*cm, 16*cm
	path := filepath.Join(dir, "match-winrate.svg")
	if err := p.Write(path); err != nil {
		return nil, err
	}
	files = append(files, PlotFile{path, "Games between players: win rate per player"})

	// Cards played: cumulative distribution per directory.
	p = &svgPlot{Title: "Cards a player got onto the foundations", Width: 18 * cm, Height: 14 * cm, Legend: legendRight}
	p.X.Label = "cards"
	p.Y.Label = "share of players with at most that many (%)"
	for i := range ms {
		c := slices.Clone(stats[i].Cards)
		if len(c) == 0 {
			continue
		}
		slices.Sort(c)
		var xy []plotPoint
		for v := 0; v <= 52; v++ {
			k, _ := slices.BinarySearch(c, float64(v)+0.5)
			xy = append(xy, plotPoint{X: float64(v), Y: 100 * float64(k) / float64(len(c))})
		}
		p.Line(filepath.Base(ms[i].Dir), xy, plotColour(i), plotDashes(i), noMarker, false)
	}
	path = filepath.Join(dir, "match-cards.svg")
	if err := p.Write(path); err != nil {
		return nil, err
	}
	files = append(files, PlotFile{path, "Games between players: cards played"})

	if idx := speedMatches(ms); len(idx) > 0 {
		p = &svgPlot{Title: "Simultaneous play: win rate of player 2 against its speed ratio", Width: 16 * cm, Height: 12 * cm}
		p.X.Label = "speed of player 2 / speed of player 1"
		p.Y.Label = "player 2 wins % (Wilson 95%)"
		p.X.Pad, p.Y.Pad = 0.05, 0.05
		byPlayers := map[string][]plotPoint{}
		var order []string
		for _, i := range idx {
			m := &ms[i].Manifest
			key := strings.Join(m.Players, " v ")
			if _, ok := byPlayers[key]; !ok {
				order = append(order, key)
			}
			s := &stats[i]
			iv := Wilson(s.SlotWins[1], s.Games, Conf)
			mid := 100 * float64(s.SlotWins[1]) / float64(max(s.Games, 1))
			byPlayers[key] = append(byPlayers[key], plotPoint{X: m.Speeds[1] / m.Speeds[0], Y: mid, Lo: 100 * iv.Lo, Hi: 100 * iv.Hi})
		}
		for j, key := range order {
			p.Line(key, byPlayers[key], plotColour(j), nil, circleMarker, true)
		}
		path = filepath.Join(dir, "match-speed.svg")
		if err := p.Write(path); err != nil {
			return nil, err
		}
		files = append(files, PlotFile{path, "Simultaneous play: win rate against speed ratio"})
	}
	return files, nil
}
