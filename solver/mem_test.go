package solver_test

import (
	"context"
	"testing"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/solver"
)

// TestMemLimit solves a hard deal (draw 3 with worrying back, native seed
// 71650: its proof of loss takes 16 M relaxed states; seed 372, used until
// solver version 50 deferred worried-back cards, takes 0.54 M since) with
// small memory limits, on one worker and on two: the search must stop with
// "memory", unknown, and the tables of all its searches together (the
// real one's and the relaxed ones', Stats.TableSize) must never have held
// more than Options.Mem.
func TestMemLimit(t *testing.T) {
	r := engine.Klondike(3, 0)
	r.WorryBack = true
	g := engine.MustGame(r)
	s, err := g.NewState(engine.NativeDeal(&r, 71650))
	if err != nil {
		t.Fatal(err)
	}
	for _, mem := range []int64{8 << 20, 24 << 20} {
		for _, workers := range []int{1, 2} {
			res := solver.Solve(context.Background(), s, solver.Options{Mem: mem, Workers: workers})
			if res.Verdict != solver.Unknown || res.Stats.Stop != solver.StopMemory {
				t.Errorf("mem %d MiB, %d workers: %v (stop %q), want unknown (memory)", mem>>20, workers, res.Verdict, res.Stats.Stop)
			}
			if res.Stats.TableSize > mem {
				t.Errorf("mem %d MiB, %d workers: the tables held %d bytes", mem>>20, workers, res.Stats.TableSize)
			}
			if res.Stats.TableSize < mem/4 {
				t.Errorf("mem %d MiB, %d workers: the tables held only %d bytes before memory stopped the search", mem>>20, workers, res.Stats.TableSize)
			}
			if testing.Verbose() {
				t.Logf("mem %d MiB, %d workers: %d bytes, %d nodes", mem>>20, workers, res.Stats.TableSize, res.Stats.Nodes)
			}
		}
	}
}
