package player

import (
	"context"
	"testing"
)

// TestPlayAllocatesLittle: a game played after another takes the
// referee's bookkeeping from the pool, so it allocates at most once (0 for
// greedy, 1 for random when this was written), and the cheap players'
// batches do not feed the collector. Without the pool a game of this deal
// allocates 19 times.
func TestPlayAllocatesLittle(t *testing.T) {
	for _, name := range []string{"random", "greedy"} {
		g := game(t, "klondike", [2]string{"draw", "3"})
		f, err := New(name, DefaultConfig)
		if err != nil {
			t.Fatal(err)
		}
		s := deal(t, g, 7)
		p := f(7)
		n := testing.AllocsPerRun(10, func() { Play(context.Background(), s, p, Options{}) })
		if n >= 2 {
			t.Errorf("%s: %.1f allocations a game, want at most 1", name, n)
		}
	}
}
