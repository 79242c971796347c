package results

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/solver"
)

// SolveAndGrade solves deal seed as SolveOne does (a won verdict only with
// a solution that replays) and grades a won deal with gr. A grading cut
// short by ctx makes the record "unknown", stop "cancelled", which the
// runner drops.
func SolveAndGrade(ctx context.Context, g *engine.Game, deal DealFunc, seed uint64, opt solver.Options, gr *Grading) (Record, error) {
	s, err := startState(g, deal, seed)
	if err != nil {
		return Record{}, err
	}
	rec, err := solveState(ctx, s, seed, opt)
	if err != nil || rec.Verdict != solver.Won.String() {
		return rec, err
	}
	gradeRec, ok, err := gr.Grade(ctx, s, seed)
	if err != nil {
		return Record{}, fmt.Errorf("seed %d: %v", seed, err)
	}
	if !ok {
		return Record{Seed: seed, Verdict: solver.Unknown.String(), Stop: "cancelled"}, nil
	}
	rec.Grade = &gradeRec
	return rec, nil
}

// WinnableOptions ask for the first Count deals from the manifest's first
// seed that are proven won (and graded Grade, when it is not empty).
type WinnableOptions struct {
	Dir string
	// Manifest describes the run: game, rules, seed type, From, budgets,
	// workers, and a Grading. Its Deals is where the search starts: Step
	// deals (default Count, or Workers if more); each later round adds
	// what growth says the rate found so far needs, at most Step, until
	// enough deals are found.
	Manifest Manifest
	Count    int
	Grade    string
	Step     uint64
	// MaxDeals stops the search when this many deals from From have a
	// record (0: DefaultMaxDeals), so that a budget too small to win any
	// deal, or a grade no deal gets, does not search for ever.
	MaxDeals uint64
	Progress func(Progress)
}

// DefaultMaxDeals is the deals a winnable search looks at, at most, when
// WinnableOptions.MaxDeals is 0.
const DefaultMaxDeals = 100000

// WinnableResult is what FindWinnable found.
type WinnableResult struct {
	Deals []Record // the first Count (or fewer) winnable deals, by seed
	// Searched is the number of seeds from From that have a record; Won,
	// Lost and Unknown count them, and Graded the won ones of the grade
	// asked for.
	Searched, Won, Lost, Unknown, Graded int
	// Interrupted: ctx ended first; running the same command continues.
	Interrupted bool
	// Exhausted: the seed type's numbers ran out first; Limited: MaxDeals
	// deals were searched first.
	Exhausted, Limited bool
}

// FindWinnable solves the deals From, From+1, ... into Dir (one record
// per deal, Run's directory: resumable, interruptible, records kept) and
// grades the won ones, growing the range until the first Count won deals
// of the grade asked for are known. Every deal before the last one listed
// has a record, so the list is the first Count proven winnable deals;
// deals left unknown by the budget are skipped (and counted).
func FindWinnable(ctx context.Context, o WinnableOptions) (WinnableResult, error) {
	var res WinnableResult
	m := o.Manifest
	switch {
	case o.Count < 1:
		return res, errors.New("count: want 1 or more")
	case m.Grading == nil:
		return res, errors.New("the manifest has no grading")
	case o.Grade != "" && !isGrade(o.Grade):
		return res, fmt.Errorf("grade %q: want one of %v", o.Grade, Grades())
	}
	step := o.Step
	if step == 0 {
		step = uint64(max(o.Count, m.Workers))
	}
	limit := o.MaxDeals
	if limit == 0 {
		limit = DefaultMaxDeals
	}
	m.Deals = max(m.Deals, min(step, limit))
	if old, err := ReadManifest(o.Dir); err == nil {
		m.Deals = max(m.Deals, old.Deals)
	} else if !errors.Is(err, os.ErrNotExist) {
		return res, err
	}
	for {
		run, err := Run(ctx, RunOptions{Dir: o.Dir, Manifest: m, Grow: true, Progress: o.Progress,
			Enough: func(recs []Record) bool { return firstWinnable(recs, m.From, o.Count, o.Grade) }})
		if err != nil {
			return res, err
		}
		recs, _, err := ReadRecords(o.Dir)
		if err != nil {
			return res, err
		}
		res = pickWinnable(recs, o.Count, o.Grade)
		if run.Interrupted {
			res.Interrupted = true
			return res, nil
		}
		if len(res.Deals) >= o.Count {
			return res, nil
		}
		if m.Deals >= limit {
			res.Limited = true
			return res, nil
		}
		if last := m.From + m.Deals - 1; math.MaxUint64-last < step {
			res.Exhausted = true
			return res, nil
		}
		next := m
		next.Deals = min(m.Deals+growth(res, o.Count, step, uint64(max(m.Workers, 1))), limit)
		if next.Check() != nil {
			res.Exhausted = true
			return res, nil
		}
		m = next
	}
}

// growth is how many deals the next round of a winnable search adds when
// res, over every deal searched so far, has too few: enough to find the
// deals still missing at the rate found so far, with a tenth more and a
// deal per worker to spare, and never more than step (the first round's
// size, so a rate of zero still grows as before). Without it a search for
// 10,000 deals that found 8,900 in its first 10,000 would solve and grade
// 10,000 more to find the last 1,100.
func growth(res WinnableResult, count int, step, workers uint64) uint64 {
	need := uint64(count - len(res.Deals))
	if res.Graded == 0 || res.Searched == 0 {
		return step
	}
	n := need*uint64(res.Searched)/uint64(res.Graded) + 1
	n += n/10 + workers
	return max(min(n, step), 1)
}

// firstWinnable tells whether recs already hold the first count won deals
// of the grade from seed from with a record for every seed before the
// last of them, so that a search resumed with a smaller count has its
// answer without finishing the round it was in.
func firstWinnable(recs []Record, from uint64, count int, grade string) bool {
	seeds := make(map[uint64]*Record, len(recs))
	for i := range recs {
		seeds[recs[i].Seed] = &recs[i]
	}
	found := 0
	for s := from; found < count; s++ {
		r, ok := seeds[s]
		if !ok {
			return false
		}
		if r.Verdict == "won" && r.Grade != nil && (grade == "" || r.Grade.Grade == grade) {
			found++
		}
		if s == math.MaxUint64 {
			return found >= count
		}
	}
	return true
}

// pickWinnable takes, from the records of a range every seed of which has
// one, the first count won deals of the grade (any when grade is empty).
func pickWinnable(recs []Record, count int, grade string) WinnableResult {
	var res WinnableResult
	slices.SortFunc(recs, func(a, b Record) int {
		switch {
		case a.Seed < b.Seed:
			return -1
		case a.Seed > b.Seed:
			return 1
		}
		return 0
	})
	for _, r := range recs {
		if len(res.Deals) == count {
			break
		}
		res.Searched++
		switch r.Verdict {
		case "won":
			res.Won++
			if r.Grade != nil && (grade == "" || r.Grade.Grade == grade) {
				res.Graded++
				res.Deals = append(res.Deals, r)
			}
		case "lost":
			res.Lost++
		default:
			res.Unknown++
		}
	}
	return res
}

// WinnableLine is one deal of 'klondike winnable --json'.
type WinnableLine struct {
	Seed        uint64      `json:"seed"`
	SeedType    string      `json:"seed_type"`
	Game        string      `json:"game"`
	Rules       string      `json:"rules"`
	Grade       string      `json:"grade"`
	SolutionLen int         `json:"solution_len"`
	Nodes       int64       `json:"nodes"`
	Plays       []TierPlays `json:"plays"`
}

// NewWinnableLine writes a won, graded record of m's run as a line.
func NewWinnableLine(m *Manifest, r Record) WinnableLine {
	l := WinnableLine{
		Seed: r.Seed, SeedType: m.SeedType, Game: m.Game, Rules: RulesSummary(&m.Rules),
		SolutionLen: r.SolutionLen, Nodes: r.Nodes,
	}
	if r.Grade != nil {
		l.Grade, l.Plays = r.Grade.Grade, r.Grade.Tiers
	}
	return l
}

// NewWinnableManifest is the manifest of a winnable search: a thoughtful
// run (NewManifest) whose won deals are graded with gr.
func NewWinnableManifest(game string, r engine.Rules, seedType string, from uint64, budget time.Duration,
	maxNodes, mem int64, workers int, gr Grading) (Manifest, error) {
	if err := gr.Check(); err != nil {
		return Manifest{}, err
	}
	m, err := NewManifest(game, r, seedType, from, 1, Whole, budget, maxNodes, mem, workers)
	if err != nil {
		return m, err
	}
	m.Grading, m.PlayerVersion = &gr, PlayerVersion
	return m, nil
}

// WritePack writes the deals FindWinnable found (res.Deals: won, graded
// records of m's run) as a pack: a plain tab-separated table another
// program can read, after comment lines ('#') that say what it holds: the
// game and rules, the seed type, the deals searched and how many the
// budget left unknown (skipped: a pack lists only proven wins), the
// versions and the grading. Its columns are the deal's number (of m's
// seed type), its grade, the length of the replayed solution in steps, and
// for each tier of the grading the games its player won of those it
// played ("-" for a tier not played: an earlier one decided).
func WritePack(w io.Writer, m *Manifest, res WinnableResult, asked int, grade string) error {
	if m.Grading == nil {
		return errors.New("pack: the manifest has no grading")
	}
	what := "winnable"
	if grade != "" {
		what = grade
	}
	base := "Ace base"
	if m.Rules.BaseDealt {
		base = "" // RulesSummary says "dealt base"
	}
	rules := RulesSummary(&m.Rules)
	if base != "" {
		rules += ", " + base
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# klondike winnable pack: %s, %s; seed type %s\n", m.Game, rules, m.SeedType)
	fmt.Fprintf(bw, "# the first %d %s deal numbers from %d (%d asked); each solved with every card known and its solution replayed\n",
		len(res.Deals), what, m.From, asked)
	fmt.Fprintf(bw, "# %d deal numbers searched from %d: %d won, %d lost, %d unknown within the budget (%s a deal; skipped, not listed)\n",
		res.Searched, m.From, res.Won, res.Lost, res.Unknown, BudgetSummary(m))
	fmt.Fprintf(bw, "# solver version %s, player version %s; grades by players who see only what a person sees (remembering: %s):\n",
		m.SolverVersion, m.PlayerVersion, m.Grading.Memory)
	fmt.Fprintf(bw, "# %s\n", m.Grading.Describe())
	fmt.Fprint(bw, "number\tgrade\tsteps")
	for _, t := range m.Grading.Tiers {
		fmt.Fprintf(bw, "\t%s", strings.ReplaceAll(t.label(), " ", "_"))
	}
	fmt.Fprintln(bw)
	for _, r := range res.Deals {
		if r.Grade == nil {
			return fmt.Errorf("pack: deal %d has no grade", r.Seed)
		}
		fmt.Fprintf(bw, "%d\t%s\t%d", r.Seed, r.Grade.Grade, r.SolutionLen)
		for i := range m.Grading.Tiers {
			if i < len(r.Grade.Tiers) {
				fmt.Fprintf(bw, "\t%d/%d", r.Grade.Tiers[i].Wins, r.Grade.Tiers[i].Plays)
			} else {
				fmt.Fprint(bw, "\t-")
			}
		}
		fmt.Fprintln(bw)
	}
	return bw.Flush()
}
