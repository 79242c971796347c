package results

import (
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"time"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/variants"
)

// BenchFromResult sums up a directory written by `klondike bench solve
// --out` as a benchmark: the manifest gives the game, rules, seeds and
// budgets, the records the figures. The wall time and the process's peak
// RSS are not recorded in the directory and stay 0.
func BenchFromResult(r *Result) (BenchSolve, error) {
	m := &r.Manifest
	budget, err := time.ParseDuration(m.Budget)
	if err != nil {
		return BenchSolve{}, fmt.Errorf("%s: budget %q: %v", r.Dir, m.Budget, err)
	}
	b := BenchSolve{Game: m.Game, Rules: RulesSummary(&m.Rules), SeedType: m.SeedType, From: m.From,
		Budget: budget, MaxNodes: m.MaxNodes, Mem: m.Mem, Workers: m.Workers}
	if t, err := variants.LookupSeedType(m.SeedType); err == nil {
		b.SeedType = t.Name // the registry's name of a manifest that names the generator
	}
	b.SummariseBench(r.Records)
	if exp := r.Expected(); b.Deals < exp {
		b.Range = exp
	}
	return b, nil
}

// benchTableBytes is the benchmark's memory target per deal: 256 MB.
const benchTableBytes = 256_000_000

// BenchTarget is the solve benchmark's target for one rule set (issue 3):
// on 10,000 deals, one core per deal, no deal unknown at a 60 s budget, a
// mean time per deal of at most half lonelybot's, and at most 256 MB of
// memory per deal (here: of the solver's tables, its dominant use).
type BenchTarget struct {
	Deals      int
	Budget     time.Duration
	MeanMS     float64
	TableBytes int64
}

// BenchTargetFor returns the target for rules, if the benchmark sets one:
// Klondike draw 1 (mean 14 ms) and draw 3 (32 ms), with worrying back and
// unlimited passes.
func BenchTargetFor(r engine.Rules) (BenchTarget, bool) {
	for _, t := range []struct {
		draw int
		ms   float64
	}{{1, 14}, {3, 32}} {
		k := engine.Klondike(t.draw, 0)
		k.WorryBack = true
		if reflect.DeepEqual(r, k) {
			return BenchTarget{Deals: 10000, Budget: time.Minute, MeanMS: t.ms, TableBytes: benchTableBytes}, true
		}
	}
	return BenchTarget{}, false
}

// misses lists what b falls short of in t, or "met".
func (t BenchTarget) misses(b *BenchSolve) string {
	var m []string
	if b.Deals < t.Deals {
		m = append(m, fmt.Sprintf("%d of %d deals", b.Deals, t.Deals))
	}
	if b.Budget > t.Budget {
		m = append(m, fmt.Sprintf("budget %v > %v", b.Budget, t.Budget))
	}
	if b.Unknown > 0 {
		m = append(m, fmt.Sprintf("%d unknown", b.Unknown))
	}
	if b.MeanMS > t.MeanMS {
		m = append(m, fmt.Sprintf("mean %.3g× the %g ms aimed at", b.MeanMS/t.MeanMS, t.MeanMS))
	}
	if b.MaxTableBytes > t.TableBytes {
		m = append(m, fmt.Sprintf("tables over %d MB", t.TableBytes/1_000_000))
	}
	if len(m) == 0 {
		return "met"
	}
	return "not met: " + strings.Join(m, ", ")
}

// writeBenchSection writes the table of solve benchmarks.
func writeBenchSection(b *strings.Builder, bench []Result) error {
	b.WriteString(`
## Solve benchmark

Directories written by ` + "`klondike bench solve --out DIR`" + `: a fixed range of deals, native
unless the deals column names their numbering (--seed-type), each solved within the
wall-time budget and the table memory shown, one core per deal.
"unknown" deals stopped at a budget. "tables" is the peak of the solver's tables per
deal (median / max) and "> 256 MB" counts the deals over 256 MB (the benchmark's memory
target); "states/s" is the states expanded (real and relaxed) per second of solving.
The target, on 10,000 deals each of draw 1 and draw 3 with worrying back: no
deal unknown at 60 s, a mean time per deal of at most 14 ms (draw 1) and 32 ms (draw 3),
half of lonelybot's mean time as first measured, and at most 256 MB per deal. Times
depend on the machine and its load, and lonelybot's with them; results/bench.md tells the
conditions of each run, and the test of "half of lonelybot's" that counts is the ratio of the
two solvers run side by side on the same deals, which it gives (a row here, run alone,
cannot).

| benchmark | game | rules | deals | budget | decided % | won | lost | unknown | mean | median | p99 | max | tables | > 256 MB | states/s | solver | target |
|---|---|---|--:|---|--:|--:|--:|--:|--:|--:|--:|--:|---|--:|--:|---|---|
`)
	for i := range bench {
		r := &bench[i]
		s, err := BenchFromResult(r)
		if err != nil {
			return err
		}
		deals := fmt.Sprint(s.Deals)
		if s.Range > s.Deals {
			deals = fmt.Sprintf("%d of %d", s.Deals, s.Range)
		}
		if t := s.seedType(); t != "native" {
			deals += " (" + t + ")"
		}
		over := 0
		for _, rec := range r.Records {
			if rec.TableBytes > benchTableBytes {
				over++
			}
		}
		target := "–"
		if t, ok := BenchTargetFor(r.Manifest.Rules); ok {
			target = t.misses(&s)
		}
		mean, median, p99, max := "–", "–", "–", "–"
		if s.Deals > 0 {
			mean, median, p99, max = benchMS(s.MeanMS), benchMS(s.MedianMS), benchMS(s.P99MS), benchMS(s.MaxMS)
		}
		cells := []string{
			filepath.ToSlash(r.Dir), s.Game, s.Rules, deals, BudgetSummary(&r.Manifest),
			fmt.Sprintf("%.2f", s.DecidedPct), fmt.Sprint(s.Won), fmt.Sprint(s.Lost), fmt.Sprint(s.Unknown),
			mean, median, p99, max,
			FormatBytes(s.MedianTableBytes) + " / " + FormatBytes(s.MaxTableBytes), fmt.Sprint(over),
			fmt.Sprintf("%.0f", s.NodesPerSec), solverCell(&r.Manifest), target,
		}
		b.WriteString("| " + strings.Join(cells, " | ") + " |\n")
	}
	return nil
}
