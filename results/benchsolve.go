package results

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"time"
)

// BenchSolve is the report of a solve benchmark: a fixed set of deals
// solved one core per deal, summed up by Summarise with the figures a
// benchmark adds (the share decided, per-deal table memory, wall time).
type BenchSolve struct {
	Game     string
	Rules    string
	SeedType string        // the deals' numbering (variants.SeedType); "" is native
	From     uint64        // first seed
	Budget   time.Duration // wall time per deal; 0 none
	MaxNodes int64         // nodes expanded per deal; 0 none
	Mem      int64         // table bytes allowed per deal; 0 no limit
	Workers  int           // deals solved at once
	Range    int           // seeds in the benchmark's range when more than Deals were asked for (a run not finished)

	Summary
	DecidedPct       float64 // won or lost, percent of deals
	MedianTableBytes int64   // median of the per-deal table peaks
	WallSeconds      float64 // the whole run
	PeakRSSBytes     int64   // of the process, 0 when unknown
}

// benchSolveJSON is BenchSolve with the budget in seconds and the summary's
// fields named for JSON.
type benchSolveJSON struct {
	Game             string  `json:"game"`
	Rules            string  `json:"rules"`
	SeedType         string  `json:"seed_type"`
	From             uint64  `json:"from"`
	Deals            int     `json:"deals"`
	RangeDeals       int     `json:"range_deals,omitempty"`
	BudgetSeconds    float64 `json:"budget_seconds"`
	MaxNodes         int64   `json:"max_nodes"`
	Mem              int64   `json:"mem_bytes"`
	Workers          int     `json:"workers"`
	DecidedPct       float64 `json:"decided_pct"`
	Won              int     `json:"won"`
	Lost             int     `json:"lost"`
	Unknown          int     `json:"unknown"`
	MeanMS           float64 `json:"mean_ms"`
	MedianMS         float64 `json:"median_ms"`
	P99MS            float64 `json:"p99_ms"`
	MaxMS            float64 `json:"max_ms"`
	MaxTableBytes    int64   `json:"max_table_bytes"`
	MedianTableBytes int64   `json:"median_table_bytes"`
	Nodes            int64   `json:"nodes"`
	StatesPerSec     float64 `json:"states_per_sec"`
	WallSeconds      float64 `json:"wall_seconds"`
	PeakRSSBytes     int64   `json:"peak_rss_bytes"`
}

// SummariseBench fills the figures of b from the records of its deals.
func (b *BenchSolve) SummariseBench(recs []Record) {
	b.Summary = Summarise(recs)
	b.DecidedPct, b.MedianTableBytes = 0, 0
	if b.Deals == 0 {
		return
	}
	b.DecidedPct = 100 * float64(b.Won+b.Lost) / float64(b.Deals)
	tables := make([]int64, len(recs))
	for i, r := range recs {
		tables[i] = r.TableBytes
	}
	slices.Sort(tables)
	b.MedianTableBytes = tables[(len(tables)-1)/2]
}

// WriteJSON writes b as one JSON object on one line.
func (b *BenchSolve) WriteJSON(w io.Writer) error {
	data, err := json.Marshal(benchSolveJSON{
		Game: b.Game, Rules: b.Rules, SeedType: b.seedType(), From: b.From, Deals: b.Deals, RangeDeals: b.Range,
		BudgetSeconds: b.Budget.Seconds(), MaxNodes: b.MaxNodes, Mem: b.Mem, Workers: b.Workers,
		DecidedPct: b.DecidedPct, Won: b.Won, Lost: b.Lost, Unknown: b.Unknown,
		MeanMS: b.MeanMS, MedianMS: b.MedianMS, P99MS: b.P99MS, MaxMS: b.MaxMS,
		MaxTableBytes: b.MaxTableBytes, MedianTableBytes: b.MedianTableBytes,
		Nodes: b.Nodes, StatesPerSec: b.NodesPerSec,
		WallSeconds: b.WallSeconds, PeakRSSBytes: b.PeakRSSBytes,
	})
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", data)
	return err
}

// seedType names the numbering of b's deals.
func (b *BenchSolve) seedType() string {
	if b.SeedType == "" {
		return "native"
	}
	return b.SeedType
}

// budgets writes the wall-time and node budgets per deal: "10s per deal",
// "100 nodes per deal, no time limit", "1m0s and 100 nodes per deal", or
// "no time or node limit".
func (b *BenchSolve) budgets() string {
	nodes := Counted(b.MaxNodes, "node")
	switch {
	case b.Budget > 0 && b.MaxNodes > 0:
		return fmt.Sprintf("%v and %s per deal", b.Budget, nodes)
	case b.Budget > 0:
		return fmt.Sprintf("%v per deal", b.Budget)
	case b.MaxNodes > 0:
		return nodes + " per deal, no time limit"
	}
	return "no time or node limit"
}

// WriteText writes b for people, one figure a line.
func (b *BenchSolve) WriteText(w io.Writer) error {
	mem := "no limit"
	if b.Mem > 0 {
		mem = FormatBytes(b.Mem)
	}
	last := b.From
	if b.Deals > 0 {
		last = b.From + uint64(b.Deals) - 1
	}
	deals := fmt.Sprint(b.Deals)
	if b.Range > b.Deals {
		last = b.From + uint64(b.Range) - 1
		deals = fmt.Sprintf("%d of %d so far", b.Deals, b.Range)
	}
	rss := "unknown"
	if b.PeakRSSBytes > 0 {
		rss = FormatBytes(b.PeakRSSBytes)
	}
	_, err := fmt.Fprintf(w, `game:          %s (%s)
deals:         %s (%s seeds %d..%d)
budget:        %s, table memory %s, %d worker(s), one core per deal
decided:       %.1f %%
won:           %d
lost:          %d
unknown:       %d
time per deal: mean %s, median %s, p99 %s, max %s
table memory:  peak per deal: median %s, max %s
states/s:      %.0f (states expanded per second of solving, one core)
wall time:     %.1f s, peak RSS %s
`,
		b.Game, b.Rules, deals, b.seedType(), b.From, last,
		b.budgets(), mem, b.Workers,
		b.DecidedPct, b.Won, b.Lost, b.Unknown,
		benchMS(b.MeanMS), benchMS(b.MedianMS), benchMS(b.P99MS), benchMS(b.MaxMS),
		FormatBytes(b.MedianTableBytes), FormatBytes(b.MaxTableBytes),
		b.NodesPerSec, b.WallSeconds, rss)
	return err
}

// BenchProgress writes one plain progress line of a running solve
// benchmark: deals done of total, their verdicts, and the time so far.
func BenchProgress(w io.Writer, done, total, won, lost, unknown int, elapsed time.Duration) {
	fmt.Fprintf(w, "bench solve: %d/%d deals, %d won, %d lost, %d unknown, %.0f s\n",
		done, total, won, lost, unknown, elapsed.Seconds())
}

// benchMS writes a time in milliseconds with a unit that suits it.
func benchMS(ms float64) string {
	switch {
	case ms < 1:
		return fmt.Sprintf("%.0f µs", ms*1000)
	case ms < 1000:
		return fmt.Sprintf("%.1f ms", ms)
	}
	return fmt.Sprintf("%.2f s", ms/1000)
}

// FormatBytes writes a byte count with a binary unit, e.g. "1.5 MiB".
func FormatBytes(n int64) string {
	const units = "KMGTPE"
	if n < 1024 {
		return fmt.Sprintf("%d B", n)
	}
	v := float64(n)
	i := -1
	for v >= 1024 && i < len(units)-1 {
		v /= 1024
		i++
	}
	return fmt.Sprintf("%.1f %ciB", v, units[i])
}
