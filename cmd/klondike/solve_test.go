package main

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"os/exec"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/klondike-family/klondike/engine"
)

// TestGoSysBytes checks that goSysBytes reads what runtime.MemStats.Sys
// says: the runtime only ever adds to that total, so Sys read between two
// readings of goSysBytes lies between them.
func TestGoSysBytes(t *testing.T) {
	before := goSysBytes()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	after := goSysBytes()
	if sys := int64(ms.Sys); before <= 0 || sys < before || sys > after {
		t.Errorf("goSysBytes() = %d, then MemStats.Sys %d, then goSysBytes() = %d", before, sys, after)
	}
}

// TestSolveReportJSON checks that writeSolveJSON writes what
// encoding/json writes, byte for byte, and that it knows every field.
func TestSolveReportJSON(t *testing.T) {
	odd := "<a & b> \"q\" \\ \n\r\t\b\f\x01\x1f\x7f é → \u2028\u2029 \xff\xfe 🂡"
	steps := []engine.Step{
		{Op: engine.OpDraw}, {Op: "recycle"},
		{Op: engine.OpMove, From: "t3", To: "f2", N: 1, Card: "AD"},
		{Op: engine.OpMove, From: "waste", To: "t1", N: 12, Card: "10H", Joker: "f4"},
		{Op: engine.OpMove, From: "t1", To: "t2", N: 3, Card: "JK", Joker: "wait"},
		{Op: odd, From: odd, To: odd, N: -1, Card: odd, Joker: odd},
	}
	reports := []solveReport{
		{Game: "klondike", Rules: "draw 1, unlimited passes, defoundation", Deal: "native seed 0", Verdict: "won",
			Solution: steps, Stats: solveStats{Nodes: 83, Stored: 83, TableBytes: 128816, ElapsedMS: 1.145,
				PeakRSSBytes: 7118848, GoSysBytes: 12015880, ProofGame: "relaxed game", RelaxedNodes: 9896, Pruned: 12}},
		{Game: "agnes-sorel", Verdict: "lost", Stats: solveStats{ProofGame: odd, RelaxedNodes: 3, Pruned: 1}},
		{Game: odd, Rules: odd, Deal: odd, Verdict: "unknown", Solution: []engine.Step{},
			Stats: solveStats{Stop: "cancelled", ElapsedMS: 2.5e-9, Nodes: -1}},
		{Verdict: "lost", Stats: solveStats{ElapsedMS: 1e21, Pruned: 5}},
		{Stats: solveStats{ElapsedMS: 123456.789, RelaxedNodes: 1}},
		{Stats: solveStats{ElapsedMS: 1e-6}},
		{Stats: solveStats{ElapsedMS: 0.000999}},
		{Stats: solveStats{ElapsedMS: 60000}},
	}
	for i := range reports {
		var want, got bytes.Buffer
		if err := writeJSON(&want, reports[i]); err != nil {
			t.Fatal(err)
		}
		if err := writeSolveJSON(&got, &reports[i]); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Errorf("report %d:\n got %s\nwant %s", i, got.String(), want.String())
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		b := make([]byte, r.IntN(12))
		for i := range b {
			b[i] = byte(r.IntN(256))
			if r.IntN(2) == 0 {
				const specials = " \"\\<>&\n\x00az"
				b[i] = specials[r.IntN(len(specials))]
			}
		}
		want, _ := json.Marshal(string(b))
		if got := appendJSONString(nil, string(b)); string(got) != string(want) {
			t.Errorf("appendJSONString(%q) = %s, want %s", b, got, want)
		}
	}

	// A field added to these types must be added to writeSolveJSON too.
	for _, c := range []struct {
		v    any
		want string
	}{
		{solveReport{}, "game rules deal verdict solution stats"},
		{solveStats{}, "nodes stored table_bytes elapsed_ms stop peak_rss_bytes go_sys_bytes proof_game,omitempty relaxed_nodes,omitempty pruned,omitempty"},
		{engine.Step{}, "op from,omitempty to,omitempty n,omitempty card,omitempty joker,omitempty"},
	} {
		rt := reflect.TypeOf(c.v)
		var tags []string
		for i := range rt.NumField() {
			tags = append(tags, rt.Field(i).Tag.Get("json"))
		}
		if got := strings.Join(tags, " "); got != c.want {
			t.Errorf("%v has the JSON fields %q; writeSolveJSON writes %q: update it", rt, got, c.want)
		}
	}
}

// testSolveInterrupt: Ctrl-C during a long solve (once its handler is in,
// solveSignalDelay after the start) stops the search, which reports
// unknown (cancelled) and exits 0.
func testSolveInterrupt(t *testing.T, bin string) {
	// Agnes Sorel's deal 1767 takes seconds (a 500,000-node budget left it
	// unknown after 3.8 s).
	cmd := exec.Command(bin, "solve", "--game", "agnes-sorel", "--seed", "1767", "--budget", "60s", "--mem", "256MiB")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(10*solveSignalDelay + 300*time.Millisecond)
	start := time.Now()
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("solve after Ctrl-C: %v (stderr %q, stdout %q)", err, stderr.String(), stdout.String())
	}
	if !strings.Contains(stdout.String(), "verdict: unknown (stopped: cancelled)") {
		t.Errorf("solve after Ctrl-C printed %q, want the verdict unknown (stopped: cancelled)", stdout.String())
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("solve took %v to stop after Ctrl-C", d)
	}
}

// TestLateSignalContext checks that the handler is installed only by Err
// after the delay, never after stop, and that stop cancels the context.
func TestLateSignalContext(t *testing.T) {
	ctx, stop := notifyLate(context.Background(), time.Hour)
	c := ctx.(*lateSignalContext)
	if err := ctx.Err(); err != nil || c.release != nil {
		t.Errorf("before the delay: Err %v, handler installed %v", err, c.release != nil)
	}
	stop()
	if ctx.Err() == nil {
		t.Errorf("stop did not cancel the context")
	}

	ctx, stop = notifyLate(context.Background(), 0)
	c = ctx.(*lateSignalContext)
	if c.release != nil {
		t.Errorf("handler installed before Err was called")
	}
	if err := ctx.Err(); err != nil || c.release == nil {
		t.Errorf("after the delay: Err %v, handler installed %v", err, c.release != nil)
	}
	stop()
	select {
	case <-ctx.Done():
	case <-time.After(5 * time.Second):
		t.Errorf("stop did not cancel the context")
	}

	ctx, stop = notifyLate(context.Background(), 0)
	stop()
	_ = ctx.Err()
	if ctx.(*lateSignalContext).release != nil {
		t.Errorf("handler installed after stop")
	}
}
