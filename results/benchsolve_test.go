package results

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"
)

func benchRecords() []Record {
	return []Record{
		{Seed: 3, Verdict: "won", TimeMS: 2, Nodes: 100, TableBytes: 1 << 20},
		{Seed: 4, Verdict: "lost", TimeMS: 8, Nodes: 300, TableBytes: 3 << 20},
		{Seed: 5, Verdict: "unknown", Stop: "time", TimeMS: 10, Nodes: 600, TableBytes: 2 << 20},
		{Seed: 6, Verdict: "won", TimeMS: 20, Nodes: 1000, TableBytes: 4 << 20},
	}
}

func TestSummariseBench(t *testing.T) {
	b := BenchSolve{Game: "klondike", Rules: "draw 1", From: 3, Budget: 10 * time.Second, Workers: 1}
	b.SummariseBench(benchRecords())
	if b.Deals != 4 || b.Won != 2 || b.Lost != 1 || b.Unknown != 1 {
		t.Errorf("deals %d won %d lost %d unknown %d, want 4 2 1 1", b.Deals, b.Won, b.Lost, b.Unknown)
	}
	if b.DecidedPct != 75 {
		t.Errorf("decided %v %%, want 75", b.DecidedPct)
	}
	if b.MedianTableBytes != 2<<20 || b.MaxTableBytes != 4<<20 {
		t.Errorf("table median %d max %d, want %d %d", b.MedianTableBytes, b.MaxTableBytes, 2<<20, 4<<20)
	}
	if b.NodesPerSec != 2000/0.04 {
		t.Errorf("states/s %v, want %v", b.NodesPerSec, 2000/0.04)
	}
	var empty BenchSolve
	empty.SummariseBench(nil)
	if empty.Deals != 0 || empty.DecidedPct != 0 || empty.MedianTableBytes != 0 {
		t.Errorf("summary of no records = %+v", empty)
	}
}

func TestBenchSolveOutput(t *testing.T) {
	b := BenchSolve{Game: "klondike", Rules: "draw 1", From: 3, Budget: 10 * time.Second, Workers: 2, Mem: 1 << 30}
	b.SummariseBench(benchRecords())
	var text bytes.Buffer
	if err := b.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"deals:         4 (native seeds 3..6)", "decided:       75.0 %", "unknown:       1",
		"median 8.0 ms", "max 20.0 ms", "max 4.0 MiB", "1.0 GiB", "2 worker(s)",
	} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("text output lacks %q:\n%s", want, text.String())
		}
	}
	var js bytes.Buffer
	if err := b.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(js.Bytes(), &got); err != nil {
		t.Fatalf("JSON output %q: %v", js.String(), err)
	}
	for k, want := range map[string]any{
		"deals": 4.0, "won": 2.0, "lost": 1.0, "unknown": 1.0, "decided_pct": 75.0,
		"budget_seconds": 10.0, "max_table_bytes": float64(4 << 20), "workers": 2.0,
	} {
		if got[k] != want {
			t.Errorf("JSON %s = %v, want %v", k, got[k], want)
		}
	}
	if strings.Count(js.String(), "\n") != 1 {
		t.Errorf("JSON output is not one line: %q", js.String())
	}
	// A run not finished (bench solve --out, interrupted): the deals
	// recorded out of the range asked for.
	b.Range = 10
	text.Reset()
	js.Reset()
	if err := b.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if want := "deals:         4 of 10 so far (native seeds 3..12)"; !strings.Contains(text.String(), want) {
		t.Errorf("unfinished run: text output lacks %q:\n%s", want, text.String())
	}
	if err := b.WriteJSON(&js); err != nil || !strings.Contains(js.String(), `"range_deals":10`) {
		t.Errorf("unfinished run: JSON %q (%v) lacks range_deals", js.String(), err)
	}
}

// TestBenchSolveBudgetLine is the budget line of a benchmark with each
// budget given or not: a node budget is named, a wall-time budget of 0 is
// no time limit (it printed "0s per deal" and left the node budget out),
// and the JSON carries max_nodes.
func TestBenchSolveBudgetLine(t *testing.T) {
	for _, tc := range []struct {
		budget   time.Duration
		maxNodes int64
		want     string
	}{
		{10 * time.Second, 0, "budget:        10s per deal, table memory 1.0 GiB, 2 worker(s), one core per deal\n"},
		{0, 100, "budget:        100 nodes per deal, no time limit, table memory 1.0 GiB, 2 worker(s), one core per deal\n"},
		{time.Minute, 1, "budget:        1m0s and 1 node per deal, table memory 1.0 GiB, 2 worker(s), one core per deal\n"},
		{0, 0, "budget:        no time or node limit, table memory 1.0 GiB, 2 worker(s), one core per deal\n"},
	} {
		b := BenchSolve{Game: "klondike", Rules: "draw 1", Budget: tc.budget, MaxNodes: tc.maxNodes, Workers: 2, Mem: 1 << 30}
		b.SummariseBench(benchRecords())
		var text, js bytes.Buffer
		if err := b.WriteText(&text); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(text.String(), tc.want) {
			t.Errorf("budget %v, %d nodes: text lacks %q:\n%s", tc.budget, tc.maxNodes, tc.want, text.String())
		}
		var got struct {
			MaxNodes      *int64   `json:"max_nodes"`
			BudgetSeconds *float64 `json:"budget_seconds"`
		}
		if err := b.WriteJSON(&js); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(js.Bytes(), &got); err != nil || got.MaxNodes == nil || *got.MaxNodes != tc.maxNodes ||
			got.BudgetSeconds == nil || *got.BudgetSeconds != tc.budget.Seconds() {
			t.Errorf("budget %v, %d nodes: JSON %s (%v), want max_nodes %d and budget_seconds %v",
				tc.budget, tc.maxNodes, js.String(), err, tc.maxNodes, tc.budget.Seconds())
		}
	}
}
