package player

import (
	"context"
	"testing"
)

// BenchmarkPlay measures the referee with the cheap players: each
// iteration plays one game from native deals 0, 1, ..., 15 in turn (at
// most DefaultMaxMoves moves). Double Klondike with worrying back keeps a
// random player wandering to the cap, so there the referee's bookkeeping
// is most of the work. ns/move is the figure to compare.
func BenchmarkPlay(b *testing.B) {
	for _, bc := range []struct {
		name, game, player string
		opts               [][2]string
	}{
		{"klondike-d3/random", "klondike", "random", [][2]string{{"draw", "3"}}},
		{"klondike-d3/greedy", "klondike", "greedy", [][2]string{{"draw", "3"}}},
		{"double-klondike-wb/random", "double-klondike", "random", [][2]string{{"defoundation", "true"}}},
		{"double-klondike-wb/greedy", "double-klondike", "greedy", [][2]string{{"defoundation", "true"}}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			g := game(b, bc.game, bc.opts...)
			f, err := New(bc.player, DefaultConfig)
			if err != nil {
				b.Fatal(err)
			}
			moves, seed := 0, uint64(0)
			b.ReportAllocs()
			for b.Loop() {
				r := Play(context.Background(), deal(b, g, seed), f(seed), Options{})
				moves += r.Moves
				seed = (seed + 1) % 16
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(moves), "ns/move")
			b.ReportMetric(float64(moves)/float64(b.N), "moves/game")
		})
	}
}

// BenchmarkExpert measures the expert: at its defaults on Klondike draw
// 3, on Yukon at the packs' middle grade (50 solves of 300 nodes a
// decision, more when it has many lines), and on Holdout, draw 1 and
// Double Klondike at the budget of the results' expert rows (200 solves
// of 5,000 nodes). Each iteration plays one game from native deals 0, 1,
// ... in turn (8 deals, the others' 4). ns/op (a game) is the figure to
// compare; a profile of it shows where the expert's time goes (its
// sample solves, its components). A Double Klondike game takes about a
// minute.
func BenchmarkExpert(b *testing.B) {
	for _, bc := range []struct {
		name, game string
		opts       [][2]string
		cfg        Config
		deals      uint64
	}{
		{"klondike-d3", "klondike", [][2]string{{"draw", "3"}}, DefaultExpertConfig, 8},
		{"yukon-50x300", "yukon", nil, Config{Samples: 50, Nodes: 300}, 4},
		{"holdout-200x5000", "klondike-holdout", nil, Config{Samples: 200, Nodes: 5000}, 4},
		{"d1-200x5000", "klondike", [][2]string{{"draw", "1"}}, Config{Samples: 200, Nodes: 5000}, 4},
		{"double-klondike-200x5000", "double-klondike", nil, Config{Samples: 200, Nodes: 5000}, 4},
	} {
		b.Run(bc.name, func(b *testing.B) {
			g := game(b, bc.game, bc.opts...)
			f, err := New("expert", bc.cfg)
			if err != nil {
				b.Fatal(err)
			}
			seed := uint64(0)
			for b.Loop() {
				Play(context.Background(), deal(b, g, seed), f(seed), Options{})
				seed = (seed + 1) % bc.deals
			}
		})
	}
}
