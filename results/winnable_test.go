package results

import (
	"context"
	"strings"
	"testing"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/solver"
)

func TestGradeTierDecide(t *testing.T) {
	tier := GradeTier{Player: "planner", Plays: 4, Most: GradeMedium, Some: GradeHard}
	only := GradeTier{Player: "human", Plays: 1, Most: GradeEasy}
	for _, tc := range []struct {
		t    GradeTier
		wins int
		want string
	}{
		{tier, 0, ""}, {tier, 1, GradeHard}, {tier, 2, GradeMedium}, {tier, 4, GradeMedium},
		{only, 0, ""}, {only, 1, GradeEasy},
	} {
		if got := tc.t.decide(tc.wins); got != tc.want {
			t.Errorf("%s wins %d of %d: grade %q, want %q", tc.t.Player, tc.wins, tc.t.Plays, got, tc.want)
		}
	}
}

func TestGradingCheck(t *testing.T) {
	d := DefaultGrading()
	if err := d.Check(); err != nil {
		t.Fatalf("default grading: %v", err)
	}
	for _, tc := range []struct {
		name string
		edit func(g *Grading)
	}{
		{"unknown player", func(g *Grading) { g.Tiers[0].Player = "expert-of-tomorrow" }},
		{"no plays", func(g *Grading) { g.Tiers[1].Plays = 0 }},
		{"unknown grade", func(g *Grading) { g.Tiers[0].Most = "trivial" }},
		{"no tiers", func(g *Grading) { g.Tiers = nil }},
		{"memory", func(g *Grading) { g.Memory = "all" }},
	} {
		g := DefaultGrading()
		tc.edit(&g)
		if err := g.Check(); err == nil {
			t.Errorf("%s: want an error", tc.name)
		}
	}
	if s := d.Describe(); !strings.Contains(s, "easy: human wins at least 1 of 1 games") ||
		!strings.Contains(s, "medium: expert (50 solves of 300 nodes a decision, more when it has many lines) wins at least 2 of 4 games; hard: at least 1") ||
		!strings.Contains(s, "known-cards-only: none of them") {
		t.Errorf("Describe: %q", s)
	}
}

// TestGradeOrder checks that Grade stops at the first tier that decides
// and plays every tier before it: a deal the human-like player wins is
// easy and nobody else plays it; one he loses goes to the next tier.
func TestGradeOrder(t *testing.T) {
	g := engine.MustGame(engine.Klondike(3, 0))
	gr := Grading{Memory: "talon", Tiers: []GradeTier{
		{Player: "human", Plays: 1, Most: GradeEasy},
		{Player: "greedy", Plays: 2, Most: GradeMedium, Some: GradeHard},
	}, Otherwise: GradeKnownCards}
	seen := map[string]bool{}
	for seed := uint64(0); seed < 40 && len(seen) < 2; seed++ {
		s, err := g.NewState(engine.NativeDeal(&g.Rules, seed))
		if err != nil {
			t.Fatal(err)
		}
		rec, ok, err := gr.Grade(context.Background(), s, seed)
		if err != nil || !ok {
			t.Fatalf("seed %d: %v %v", seed, ok, err)
		}
		switch rec.Grade {
		case GradeEasy:
			if len(rec.Tiers) != 1 || rec.Tiers[0].Wins != 1 {
				t.Errorf("seed %d: easy with plays %+v", seed, rec.Tiers)
			}
		case GradeKnownCards:
			if len(rec.Tiers) != 2 || rec.Tiers[0].Wins+rec.Tiers[1].Wins != 0 {
				t.Errorf("seed %d: %s with plays %+v", seed, rec.Grade, rec.Tiers)
			}
		default:
			if len(rec.Tiers) != 2 || rec.Tiers[0].Wins != 0 || rec.Tiers[1].Wins == 0 {
				t.Errorf("seed %d: %s with plays %+v", seed, rec.Grade, rec.Tiers)
			}
		}
		seen[rec.Grade] = true
	}
	if !seen[GradeEasy] {
		t.Errorf("no easy deal among native 0..39: grades %v", seen)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s, _ := g.NewState(engine.NativeDeal(&g.Rules, 1))
	if _, ok, _ := gr.Grade(ctx, s, 1); ok {
		t.Errorf("a cancelled grading gave a grade")
	}
}

// cheapGrading grades by the human-like player alone: quick for tests.
func cheapGrading() Grading {
	return Grading{Memory: "talon", Tiers: []GradeTier{{Player: "human", Plays: 1, Most: GradeEasy}}, Otherwise: GradeKnownCards}
}

// TestFindWinnable checks the first winnable deals against a plain loop
// over SolveOne, the resume of the directory and the grade filter.
func TestFindWinnable(t *testing.T) {
	dir := t.TempDir()
	m, err := NewWinnableManifest("klondike", engine.Klondike(3, 0), "native", 10, 0, 3000, 0, 2, cheapGrading())
	if err != nil {
		t.Fatal(err)
	}
	res, err := FindWinnable(context.Background(), WinnableOptions{Dir: dir, Manifest: m, Count: 4, Step: 3})
	if err != nil {
		t.Fatal(err)
	}
	// the expectation: solve the seeds in turn until 4 are won
	g := engine.MustGame(engine.Klondike(3, 0))
	deal, err := m.Dealer()
	if err != nil {
		t.Fatal(err)
	}
	var want []uint64
	var lost, unknown int
	for seed := uint64(10); len(want) < 4; seed++ {
		r, err := SolveOne(context.Background(), g, deal, seed, solver.Options{MaxNodes: 3000, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		switch r.Verdict {
		case "won":
			want = append(want, seed)
		case "lost":
			lost++
		default:
			unknown++
		}
	}
	var got []uint64
	for _, r := range res.Deals {
		got = append(got, r.Seed)
		if r.Grade == nil || r.SolutionLen == 0 {
			t.Errorf("seed %d: grade %v, solution %d steps", r.Seed, r.Grade, r.SolutionLen)
		}
	}
	if !equalSeeds(got, want) || res.Lost != lost || res.Unknown != unknown || res.Searched != len(want)+lost+unknown {
		t.Fatalf("found %v (searched %d, %d lost, %d unknown); want %v (%d lost, %d unknown)",
			got, res.Searched, res.Lost, res.Unknown, want, lost, unknown)
	}
	recs, _, err := ReadRecords(dir)
	if err != nil {
		t.Fatal(err)
	}
	// the same search again solves nothing new
	again, err := FindWinnable(context.Background(), WinnableOptions{Dir: dir, Manifest: m, Count: 4, Step: 3})
	if err != nil {
		t.Fatal(err)
	}
	recs2, _, _ := ReadRecords(dir)
	if len(recs2) != len(recs) || len(again.Deals) != 4 {
		t.Errorf("resumed search: %d records, was %d; %d deals", len(recs2), len(recs), len(again.Deals))
	}
	// one grade: every deal listed has it
	easy, err := FindWinnable(context.Background(), WinnableOptions{Dir: dir, Manifest: m, Count: 2, Grade: GradeEasy, Step: 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range easy.Deals {
		if r.Grade.Grade != GradeEasy {
			t.Errorf("--grade easy listed seed %d of grade %s", r.Seed, r.Grade.Grade)
		}
	}
	// another grading is another experiment
	other := m
	gr := DefaultGrading()
	other.Grading = &gr
	if _, err := FindWinnable(context.Background(), WinnableOptions{Dir: dir, Manifest: other, Count: 1}); err == nil ||
		!strings.Contains(err.Error(), "grading") {
		t.Errorf("a directory of another grading: %v", err)
	}
}

func equalSeeds(a, b []uint64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestFindWinnableInterrupted(t *testing.T) {
	m, err := NewWinnableManifest("klondike", engine.Klondike(3, 0), "native", 0, 0, 3000, 0, 1, cheapGrading())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := FindWinnable(ctx, WinnableOptions{Dir: t.TempDir(), Manifest: m, Count: 3})
	if err != nil || !res.Interrupted {
		t.Errorf("cancelled search: %+v, %v", res, err)
	}
}

// TestFindWinnableSmallerCount: a search interrupted in the middle of a
// round and resumed with a smaller count answers from the records it has,
// without finishing the round, when they already hold its deals.
func TestFindWinnableSmallerCount(t *testing.T) {
	dir := t.TempDir()
	m, err := NewWinnableManifest("klondike", engine.Klondike(3, 0), "native", 10, 0, 3000, 0, 1, cheapGrading())
	if err != nil {
		t.Fatal(err)
	}
	big := m
	big.Deals = 40
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	if _, err := Run(ctx, RunOptions{Dir: dir, Manifest: big, Grow: true, OnRecord: func(Record) {
		if n++; n == 12 {
			cancel()
		}
	}}); err != nil {
		t.Fatal(err)
	}
	recs, _, err := ReadRecords(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) >= 40 {
		t.Fatalf("the round was not interrupted: %d records", len(recs))
	}
	want := pickWinnable(recs, 2, "")
	if len(want.Deals) < 2 || !firstWinnable(recs, 10, 2, "") {
		t.Fatalf("the interrupted round's %d records hold %d won deals: the test needs 2", len(recs), len(want.Deals))
	}
	res, err := FindWinnable(context.Background(), WinnableOptions{Dir: dir, Manifest: m, Count: 2})
	if err != nil {
		t.Fatal(err)
	}
	after, _, _ := ReadRecords(dir)
	if len(after) != len(recs) || len(res.Deals) != 2 || res.Deals[1].Seed != want.Deals[1].Seed {
		t.Errorf("resumed with a smaller count: %d records (had %d), deals %v; want none solved and %v",
			len(after), len(recs), res.Deals, want.Deals)
	}
	if firstWinnable(recs, 10, len(recs), "") {
		t.Errorf("firstWinnable: %d won deals asked of %d records", len(recs), len(recs))
	}
}

func TestWinnableManifestRefuses(t *testing.T) {
	if _, err := NewWinnableManifest("klondike-strict", engine.Klondike(1, 1), "pysolfc", 1, 0, 10, 0, 1, cheapGrading()); err == nil {
		t.Errorf("pysolfc klondike-strict: want a refusal")
	}
	bad := cheapGrading()
	bad.Tiers[0].Player = "nobody"
	if _, err := NewWinnableManifest("klondike", engine.Klondike(3, 0), "native", 0, 0, 10, 0, 1, bad); err == nil {
		t.Errorf("unknown player: want an error")
	}
}

func TestRetryRefusesWinnable(t *testing.T) {
	dir := t.TempDir()
	// 50 nodes a deal win nothing: the search stops at MaxDeals
	m, err := NewWinnableManifest("klondike", engine.Klondike(3, 0), "native", 1, 0, 50, 0, 1, cheapGrading())
	if err != nil {
		t.Fatal(err)
	}
	res, err := FindWinnable(context.Background(), WinnableOptions{Dir: dir, Manifest: m, Count: 1, Step: 2, MaxDeals: 5})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Limited || res.Searched != 5 || len(res.Deals) != 0 {
		t.Errorf("search past its limit: %+v", res)
	}
	_, err = RunRetry(context.Background(), RetryOptions{Dir: dir, MaxNodes: 1000})
	if err == nil || !strings.Contains(err.Error(), "winnable") {
		t.Errorf("retry of a winnable search: %v", err)
	}
}

// TestWritePack checks the pack's table: a header naming each tier, a
// row per deal with its tiers' games and "-" for tiers not played, and
// an error rather than a row for a deal without a grade.
func TestWritePack(t *testing.T) {
	g := engine.MustGame(engine.Klondike(3, 0))
	m, err := NewWinnableManifest("klondike", g.Rules, "pysolfc", 1, 0, 1000, 0, 1, DefaultGrading())
	if err != nil {
		t.Fatal(err)
	}
	deals := []Record{
		{Seed: 1, Verdict: "won", SolutionLen: 150, Grade: &GradeRecord{Grade: GradeEasy, Tiers: []TierPlays{{Player: "human", Plays: 1, Wins: 1}}}},
		{Seed: 3, Verdict: "won", SolutionLen: 172, Grade: &GradeRecord{Grade: GradeKnownCards, Tiers: []TierPlays{
			{Player: "human", Plays: 1}, {Player: "expert 50x300", Plays: 4}, {Player: "expert 200x500", Plays: 2}}}},
	}
	var b strings.Builder
	res := WinnableResult{Deals: deals, Searched: 4, Won: 3, Lost: 1}
	if err := WritePack(&b, &m, res, 2, ""); err != nil {
		t.Fatal(err)
	}
	var rows []string
	for _, l := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
		if !strings.HasPrefix(l, "#") {
			rows = append(rows, l)
		}
	}
	want := []string{
		"number\tgrade\tsteps\thuman\texpert_50x300\texpert_200x500",
		"1\teasy\t150\t1/1\t-\t-",
		"3\tknown-cards-only\t172\t0/1\t0/4\t0/2",
	}
	if strings.Join(rows, "\n") != strings.Join(want, "\n") {
		t.Errorf("pack rows:\n%s\nwant:\n%s", strings.Join(rows, "\n"), strings.Join(want, "\n"))
	}
	if !strings.Contains(b.String(), "# klondike winnable pack: klondike, draw 3, unlimited passes, Ace base; seed type pysolfc\n") ||
		!strings.Contains(b.String(), "# 4 deal numbers searched from 1: 3 won, 1 lost, 0 unknown within the budget (1000 nodes a deal; skipped, not listed)\n") {
		t.Errorf("pack header:\n%s", b.String())
	}
	deals[1].Grade = nil
	if err := WritePack(&b, &m, res, 2, ""); err == nil || !strings.Contains(err.Error(), "deal 3 has no grade") {
		t.Errorf("a deal without a grade: %v", err)
	}
}

// TestGrowth checks the size of a winnable search's next round: the deals
// still missing at the rate found so far, a tenth and a deal per worker
// more, capped by the first round's step, and the step itself when
// nothing was found yet.
func TestGrowth(t *testing.T) {
	for _, tc := range []struct {
		found, searched, count int
		step, workers, want    uint64
	}{
		{8900, 10000, 10000, 10000, 1, 1360}, // 1,100 missing at 89 %: 1,236, +123, +1
		{8900, 10000, 10000, 10000, 2, 1361},
		{0, 100, 10, 10, 1, 10},   // nothing found: the step
		{1, 1000, 10, 10, 1, 10},  // a rate that would ask for 9,001: capped
		{99, 100, 100, 100, 2, 4}, // one missing: 2, +0, +2
	} {
		res := WinnableResult{Deals: make([]Record, tc.found), Searched: tc.searched, Graded: tc.found}
		if got := growth(res, tc.count, tc.step, tc.workers); got != tc.want {
			t.Errorf("%d found in %d, %d asked, step %d, %d workers: grow by %d, want %d",
				tc.found, tc.searched, tc.count, tc.step, tc.workers, got, tc.want)
		}
	}
}
