package results

import (
	"context"
	"fmt"
	"math"
	"sync"
	"time"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/solver/player"
)

// PlayerVersion names the players' behaviour and the referee's rules
// (solver/player); it changes whenever a player would play a deal
// differently, so that records of different versions are never merged.
// Version 2: the expert decides over lines of moves at irreversible moves,
// with solver.Small (the other players play as in version 1). Version 3:
// the expert plays the exact solver's winning line from a position with at
// most one hidden card, under worrying back counts a foundation move from
// or to a pile quiet, and its sample solves (solver.Small) stop at a sure
// win (solver/surewin.go). Version 4: the expert solves its samples with
// solver.Solve (the relaxed game's searches after a quick search of 300
// nodes), at its defaults 400 solves of 5,000 nodes a decision, each
// candidate solved on at least 24 samples a round of the halving.
// Version 5: where the first positions of a component have no exit, the
// expert follows solved samples' winning lines to exits beyond them
// (expert.seekExits). Version 6: a line seekExits follows must begin with
// a move the referee offers, and goes on from a position of the
// component only when it is the same state (not only the same position
// key, which sorts piles).
const PlayerVersion = "6"

// PlayRecord is how a player's game went, with its scores.
type PlayRecord struct {
	End      string `json:"end"`   // won, stuck, limit (see player.Result)
	Cards    int    `json:"cards"` // cards on the foundations at the end
	Moves    int    `json:"moves"`
	Score    int    `json:"score"`     // standard: a point a card
	Vegas    int    `json:"vegas"`     // $52 a deck to play, $5 back a card
	TillDawn int    `json:"till_dawn"` // $52 a deck to play, $3 back a card
}

// Scoring: the seeds' three ways to count a game (VARIANTS.md, Scoring).
// The stake is $52 a deck, so a two-deck game stakes $104; the Joker is
// not a card that pays.
const (
	VegasStake    = 52
	VegasPerCard  = 5
	TillDawnStake = 52
	TillDawnCard  = 3
)

// Scores fills in the three scores of a game that ended with cards on the
// foundations, in a game of decks decks.
func Scores(cards, decks int) (score, vegas, tillDawn int) {
	return cards, VegasPerCard*cards - VegasStake*decks, TillDawnCard*cards - TillDawnStake*decks
}

// PlayerFactory returns the player a manifest names.
func (m *Manifest) PlayerFactory() (player.Factory, player.Options, error) {
	o := player.Options{Memory: engine.RememberTalon}
	if m.PlayerMemory != "" {
		mem, err := engine.ParseMemory(m.PlayerMemory)
		if err != nil {
			return nil, o, fmt.Errorf("player %v", err)
		}
		o.Memory = mem
	}
	c := player.Defaults(m.Player)
	if m.PlayerSamples > 0 {
		c.Samples = m.PlayerSamples
	}
	if m.PlayerNodes > 0 {
		c.Nodes = m.PlayerNodes
	}
	f, err := player.New(m.Player, c)
	return f, o, err
}

// PlayOne plays the deal of seed with a fresh player made for that seed:
// the same seed, player and options always play the same game.
func PlayOne(ctx context.Context, g *engine.Game, deal DealFunc, seed uint64, f player.Factory, o player.Options) (Record, error) {
	l, err := deal(seed)
	if err != nil {
		return Record{}, fmt.Errorf("seed %d: %v", seed, err)
	}
	s, err := g.NewState(l)
	if err != nil {
		return Record{}, fmt.Errorf("seed %d: %v", seed, err)
	}
	start := time.Now()
	res := player.Play(ctx, s, f(seed), o)
	ms := float64(time.Since(start)) / float64(time.Millisecond)
	rec := Record{Seed: seed, Verdict: "lost", TimeMS: math.Round(ms*1000) / 1000}
	switch res.End {
	case "won":
		rec.Verdict = "won"
	case "cancelled":
		rec.Verdict, rec.Stop = "unknown", "cancelled"
	}
	cards := res.Cards // real cards: the Joker is not counted
	pr := &PlayRecord{End: res.End, Cards: cards, Moves: res.Moves}
	pr.Score, pr.Vegas, pr.TillDawn = Scores(cards, g.Rules.Decks)
	rec.Play = pr
	return rec, nil
}

// eachDeal runs one on the seeds with workers goroutines, handing every
// record to each from one goroutine at a time, and stops early when ctx
// ends or one fails.
func eachDeal[R any](ctx context.Context, seeds []uint64, workers int,
	one func(uint64) (R, error), each func(R)) error {
	workers = max(workers, 1)
	jobs := make(chan uint64)
	var mu sync.Mutex
	var firstErr error
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for seed := range jobs {
				rec, err := one(seed)
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = err
				}
				if err == nil && ctx.Err() == nil {
					each(rec)
				}
				mu.Unlock()
			}
		}()
	}
	for _, s := range seeds {
		if ctx.Err() != nil {
			break
		}
		mu.Lock()
		failed := firstErr != nil
		mu.Unlock()
		if failed {
			break
		}
		jobs <- s
	}
	close(jobs)
	wg.Wait()
	return firstErr
}
