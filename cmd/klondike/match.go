package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"

	"github.com/klondike-family/klondike/engine/multi"
	"github.com/klondike-family/klondike/results"
	"github.com/klondike-family/klondike/solver/mplayer"
	"github.com/spf13/cobra"
)

type matchOptions struct {
	game    string
	players string
	games   uint64
	from    string
	mode    string
	speeds  string
	forced  bool
	workers int
	shard   string
	out     string
}

func newMatchCmd(stdout, stderr io.Writer) *cobra.Command {
	o := &matchOptions{}
	cmd := &cobra.Command{
		Use:   "match --players P1,P2[,...] --games N [--from S] [--mode turns|simultaneous] --out DIR",
		Short: "Play Double Klondike between players, resumably, and record every game",
		Long: `Play games S..S+N-1 of Double Klondike (rule text 000) between 2 to 5 players and
write one JSON line per game to DIR/matches.jsonl, after DIR/manifest.json,
which holds every setting. Each player has his own deck, tableau, stock and
waste; the foundations are shared. The same command continues where it
stopped; a DIR of another experiment is refused.

--mode turns is Snap-Up Patience (turns, one stock card a turn;
--forced-play makes a player who could play pass no more while everyone
else is stuck). --mode simultaneous is Simultaneous Play for two and
Multi-Klondike for more: a discrete-event simulation where each player
acts at his own pace, --speeds giving each player's speed (mean time per
action 1/speed), and two cards racing for one foundation spot are settled
by which lands first. Game seed s seats player k (k from 0) at seat
(k-s) mod n: every player sits in every seat equally often.

Players: ` + strings.Join(mplayer.Names(), ", ") + `. --shard k/n plays the seeds s with
(s-S) % n == k-1. Progress goes to stderr, the summary to stdout; Ctrl-C or
SIGTERM saves what is done and exits 3.`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return runMatch(ctx, stdout, stderr, o)
		},
	}
	fs := cmd.Flags()
	fs.StringVar(&o.game, "game", "double-klondike", "the game: double-klondike (the only one)")
	fs.StringVar(&o.players, "players", "", "the players, 2 to 5, comma-separated (required)")
	addCountFlag(fs, &o.games, "games", 0, "number of games: seeds in the range (required)")
	fs.StringVar(&o.from, "from", "", "first game's seed, 0..18446744073709551615 (default 0); seed s shuffles each player's deck from its own stream")
	fs.StringVar(&o.mode, "mode", results.ModeTurns, "turns or simultaneous")
	fs.StringVar(&o.speeds, "speeds", "", "simultaneous play: each player's speed, comma-separated (default all 1)")
	fs.BoolVar(&o.forced, "forced-play", false, "turns: a player must play when everyone else is stuck")
	addWorkersFlag(fs, &o.workers)
	fs.StringVar(&o.shard, "shard", "1/1", "this run's part k/n of the seeds")
	fs.StringVar(&o.out, "out", "", "result directory (required)")
	return cmd
}

// manifest checks the flags; every error is a usage error.
func (o *matchOptions) manifest() (results.MatchManifest, error) {
	var m results.MatchManifest
	if o.game != "double-klondike" {
		return m, usageErrorf("--game %q: the games between players are double-klondike", o.game)
	}
	if o.players == "" {
		return m, usageErrorf("give the players: --players P1,P2[,...] (%s)", strings.Join(mplayer.Names(), ", "))
	}
	players := strings.Split(o.players, ",")
	for i, p := range players {
		players[i] = strings.TrimSpace(p)
		if _, err := mplayer.New(players[i]); err != nil {
			return m, usageErrorf("--players: %v", err)
		}
	}
	if n := len(players); n < multi.MinPlayers || n > multi.MaxPlayers {
		return m, usageErrorf("--players: %s; want %d to %d", counted(int64(n), "player"), multi.MinPlayers, multi.MaxPlayers)
	}
	if o.mode != results.ModeTurns && o.mode != results.ModeSimultaneous {
		return m, usageErrorf("--mode %q: want turns or simultaneous", o.mode)
	}
	var speeds []float64
	if o.speeds != "" {
		if o.mode != results.ModeSimultaneous {
			return m, usageErrorf("--speeds is for --mode simultaneous")
		}
		for _, s := range strings.Split(o.speeds, ",") {
			v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
			if err != nil || !(v > 0) || v > 1e6 {
				return m, usageErrorf("--speeds: %q is not a positive speed", s)
			}
			speeds = append(speeds, v)
		}
		if len(speeds) != len(players) {
			return m, usageErrorf("--speeds: %s for %s", counted(int64(len(speeds)), "speed"), counted(int64(len(players)), "player"))
		}
	}
	if o.forced && o.mode != results.ModeTurns {
		return m, usageErrorf("--forced-play is a rule of --mode turns")
	}
	switch {
	case o.out == "":
		return m, usageErrorf("give the result directory: --out DIR")
	case checkOutDir("--out", o.out) != nil:
		return m, checkOutDir("--out", o.out)
	case o.games == 0:
		return m, usageErrorf("give the number of games: --games N (1 or more)")
	case o.workers < 1:
		return m, usageErrorf("--workers %d: want 1 or more", o.workers)
	}
	from, err := seedNumber("native", "--from", o.from)
	if err != nil {
		return m, usageError(err)
	}
	shard, err := results.ParseShard(o.shard)
	if err != nil {
		return m, usageErrorf("--shard: %v", err)
	}
	m, err = results.NewMatchManifest(o.mode, players, speeds, o.forced, from, o.games, shard, o.workers)
	if err != nil {
		return m, usageError(err)
	}
	return m, nil
}

func runMatch(ctx context.Context, stdout, stderr io.Writer, o *matchOptions) error {
	m, err := o.manifest()
	if err != nil {
		return err
	}
	clock := newLineClock()
	progress := func(p results.MatchProgress) {
		if p.Final || clock.due() {
			fmt.Fprintf(stderr, "match: %s\n", matchLine(&m, p))
		}
	}
	res, err := results.RunMatches(ctx, results.MatchRunOptions{Dir: o.out, Manifest: m, Progress: progress,
		Torn: tornNotice(stderr, "match", "played its game")})
	if err != nil {
		return runError(err)
	}
	fmt.Fprintf(stdout, "%s: %s\n", o.out, matchLine(&m, res.MatchProgress))
	if res.Interrupted {
		return &exitError{code: exitInterrupted, err: fmt.Errorf(
			"interrupted: %d of %d games recorded in %s; run the same command again to continue",
			res.Done, res.Total, o.out)}
	}
	return nil
}

// matchLine writes counts, wins by player and ties.
func matchLine(m *results.MatchManifest, p results.MatchProgress) string {
	s := fmt.Sprintf("%d/%d games", p.Done, p.Total)
	if !p.Final {
		s += fmt.Sprintf(", %.0f games/s", p.Rate())
	}
	for i, w := range p.Wins {
		s += fmt.Sprintf(", player %d (%s) won %d", i+1, m.Players[i], w)
	}
	return s + ", " + counted(int64(p.Ties), "tie")
}
