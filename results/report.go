package results

import (
	"fmt"
	"io"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/klondike-family/klondike/engine"
)

// Result is a result directory read back: its manifest and records.
type Result struct {
	Dir      string
	Manifest Manifest
	Records  []Record
	// Passes counts the deals of each retry pass (Manifest.Retries).
	Passes []PassCount
}

// LoadResult reads a result directory, with its retry passes applied
// (RunRetry). A torn last line is left out, as a resumed run would.
func LoadResult(dir string) (Result, error) {
	m, recs, _, err := readRun(dir)
	if err != nil {
		return Result{}, err
	}
	recs, passes, err := applyRetries(dir, len(m.Retries), recs)
	if err != nil {
		return Result{}, err
	}
	return Result{Dir: dir, Manifest: m, Records: recs, Passes: passes}, nil
}

// Expected is the number of seeds the directory's shard covers.
func (r *Result) Expected() int {
	sh, err := ParseShard(r.Manifest.Shard)
	if err != nil { // merged: the whole range
		return int(r.Manifest.Deals)
	}
	return len(sh.Seeds(r.Manifest.From, r.Manifest.Deals))
}

// WinRate counts the directory's verdicts.
func (r *Result) WinRate() WinRate {
	s := Summarise(r.Records)
	return NewWinRate(s.Won, s.Lost, s.Unknown)
}

// Published is a published win rate: Mid ± Half, as fractions.
type Published struct {
	Mid, Half float64
	Source    string
}

// Interval is the published figure as an interval.
func (p Published) Interval() Interval { return Interval{p.Mid - p.Half, p.Mid + p.Half} }

// PublishedFigures returns the published thoughtful win rates for rules
// r, none when there are none: Blake & Gent (JAIR 2026, 10^6 deals each)
// for one-deck Klondike with unlimited passes, draw 1 or 3, worrying back
// allowed or not; and for draw 3 with worrying back (lonelybot's fixed
// rules) lonelybot's, whose README gives 4,843,708 deals won of 5,910,579
// in Klondike-Solver's numbering, none left undecided, 0.8192 to 0.8198
// at 95 %. It matches by rules, whatever the game's name.
func PublishedFigures(r engine.Rules) []Published {
	const bg = "Blake & Gent 2026"
	figures := []struct {
		draw int
		wb   bool
		p    Published
	}{
		{3, true, Published{0.81945, 0.00084, bg}},
		{3, true, Published{0.81950, 0.00031, "lonelybot 2024, 5,910,579 deals"}},
		{1, true, Published{0.90480, 0.00116, bg}},
		{3, false, Published{0.81524, 0.00089, bg}},
		{1, false, Published{0.90204, 0.00093, bg}},
	}
	var out []Published
	for _, f := range figures {
		k := engine.Klondike(f.draw, 0)
		k.WorryBack = f.wb
		if reflect.DeepEqual(k, r) {
			out = append(out, f.p)
		}
	}
	return out
}

// RulesSummary says in a few words every rule a game's options change
// (variants.KnownOptions), so that two experiments of one game under
// different options never share a label: the stock (draw and passes, or
// where it is dealt and whether only when stuck, or none), defoundation,
// the foundation base when dealt, a tableau dealt all face up, strict
// (whole runs only), cells. TestRulesSummaryTellsOptionsApart checks it
// against every option of every game.
func RulesSummary(r *engine.Rules) string {
	var parts []string
	stuck := ""
	if r.DealOnlyWhenStuck {
		stuck = " only when stuck"
	}
	switch {
	case r.StockCount() == 0:
		parts = append(parts, "no stock")
	case r.StockTo == engine.StockToPiles:
		parts = append(parts, "stock dealt onto the piles"+stuck)
	case r.StockTo == engine.StockToReserves:
		parts = append(parts, "stock dealt onto the reserves"+stuck)
	default:
		parts = append(parts, fmt.Sprintf("draw %d", r.Draw))
		switch {
		case r.Passes == 0:
			parts = append(parts, "unlimited passes")
		case r.Passes == 1:
			parts = append(parts, "1 pass")
		default:
			parts = append(parts, fmt.Sprintf("%d passes", r.Passes))
		}
		if stuck != "" {
			parts = append(parts, "drawn"+stuck)
		}
	}
	if r.WorryBack {
		parts = append(parts, "defoundation")
	}
	if r.BaseDealt {
		parts = append(parts, "dealt base")
	}
	if allFaceUp(r) {
		parts = append(parts, "all face up")
	}
	if r.Unit == engine.UnitWholeRun {
		parts = append(parts, "strict")
	}
	if r.Cells > 0 {
		parts = append(parts, fmt.Sprintf("%d cells", r.Cells))
	}
	return strings.Join(parts, ", ")
}

// allFaceUp tells whether the deal puts no card face down though its piles
// hold more than one card (a game dealt face up, as Whitehead is).
func allFaceUp(r *engine.Rules) bool {
	most := 0
	for _, d := range r.Deal {
		if d.Down > 0 {
			return false
		}
		most = max(most, d.Up)
	}
	return most > 1
}

// BudgetSummary writes a manifest's budgets, e.g. "1m0s, 20000 nodes,
// 1.0 GiB"; "none" when there are none.
func BudgetSummary(m *Manifest) string { return budgetSummary(m.Budget, m.MaxNodes, m.Mem) }

func budgetSummary(budget string, maxNodes, mem int64) string {
	var parts []string
	if d, err := time.ParseDuration(budget); err != nil || d != 0 {
		parts = append(parts, budget)
	}
	if maxNodes > 0 {
		parts = append(parts, fmt.Sprintf("%d nodes", maxNodes))
	}
	if mem > 0 {
		parts = append(parts, FormatBytes(mem))
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// formatTotal writes a long time given in milliseconds: in hours from an
// hour, in minutes from a minute.
func formatTotal(ms float64) string {
	switch {
	case ms >= 3600e3:
		return fmt.Sprintf("%.2f h", ms/3600e3)
	case ms >= 60e3:
		return fmt.Sprintf("%.1f min", ms/60e3)
	}
	return formatMS(ms)
}

// formatMS writes a time in milliseconds.
func formatMS(ms float64) string {
	if ms < 1000 {
		return fmt.Sprintf("%.1f ms", ms)
	}
	return fmt.Sprintf("%.2f s", ms/1000)
}

func pct(x float64) string { return fmt.Sprintf("%.3f", 100*x) }

// ReportOptions say how the report is headed and where its plots are.
type ReportOptions struct {
	// Command is the command line that makes the report, named in its
	// header.
	Command string
	// Plots, when set, are the plot files to show, as paths relative to
	// the report.
	Plots []PlotFile
	// Matches are match directories (games between players), reported
	// in a section of their own.
	Matches []MatchResult
	// Bench are solve benchmark directories (klondike bench solve
	// --out), reported in a section of their own.
	Bench []Result
}

// rulesDiff names the one rule field in which a and b differ, with both
// values; ok is false unless exactly one field differs.
func rulesDiff(a, b *engine.Rules) (desc string, ok bool) {
	ta := reflect.TypeOf(*a)
	va, vb := reflect.ValueOf(*a), reflect.ValueOf(*b)
	n := 0
	for i := 0; i < ta.NumField(); i++ {
		x, y := va.Field(i).Interface(), vb.Field(i).Interface()
		if reflect.DeepEqual(x, y) {
			continue
		}
		n++
		name := ta.Field(i).Name
		switch name {
		case "WorryBack":
			desc = fmt.Sprintf("defoundation: %s → %s", yesNo(a.WorryBack), yesNo(b.WorryBack))
		case "Passes":
			desc = fmt.Sprintf("passes: %s → %s", passes(a.Passes), passes(b.Passes))
		case "Unit":
			desc = fmt.Sprintf("group moves: %s → %s", a.Unit, b.Unit)
		default:
			desc = fmt.Sprintf("%s: %v → %v", strings.ToLower(name), x, y)
		}
	}
	return desc, n == 1
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func passes(n int) string {
	if n == 0 {
		return "unlimited"
	}
	return fmt.Sprint(n)
}

// seedsSummary writes a directory's seeds: type, range and shard.
func seedsSummary(m *Manifest) string {
	s := fmt.Sprintf("%s %d..%d", m.SeedType, m.From, m.From+m.Deals-1)
	switch {
	case m.Shard == "1/1":
	case strings.HasPrefix(m.Shard, "merged "):
		s += " (" + m.Shard + ")"
	default:
		s += " (shard " + m.Shard + ")"
	}
	return s
}

// WriteReport writes the Markdown report of results: a table with a row
// per directory, paired comparisons of directories that differ in one
// rule on the same seeds, and the plots.
func WriteReport(w io.Writer, all []Result, o ReportOptions) error {
	var rs, players []Result
	for _, r := range all {
		if r.Manifest.Player == "" {
			rs = append(rs, r)
		} else {
			players = append(players, r)
		}
	}
	var b strings.Builder
	switch {
	case len(rs)+len(players) == 0 && len(o.Matches) > 0:
		b.WriteString("# Games between players\n\n")
	case len(rs)+len(players)+len(o.Matches) == 0 && len(o.Bench) > 0:
		b.WriteString("# Solve benchmarks\n\n")
	default:
		b.WriteString("# Win-rate results\n\n")
	}
	fmt.Fprintf(&b, "_Generated by `%s`: regenerate it with that command, never edit it by hand._\n\n", o.Command)
	if len(rs) > 0 || len(o.Matches)+len(o.Bench) == 0 {
		writeThoughtful(&b, rs)
	}
	if len(players) > 0 {
		writePlayerSection(&b, players)
	}
	if len(o.Matches) > 0 {
		WriteMatchSection(&b, o.Matches)
	}
	if len(o.Bench) > 0 {
		if err := writeBenchSection(&b, o.Bench); err != nil {
			return err
		}
	}
	if len(o.Plots) > 0 {
		b.WriteString("\n## Plots\n\n")
		for _, p := range o.Plots {
			fmt.Fprintf(&b, "![%s](%s)\n\n", p.Title, filepath.ToSlash(p.Path))
		}
	}
	_, err := io.WriteString(w, strings.TrimRight(b.String(), "\n")+"\n")
	return err
}

// writeThoughtful writes the table of thoughtful results and their
// paired comparisons.
func writeThoughtful(b *strings.Builder, rs []Result) {
	b.WriteString(`Thoughtful play: every card known, each deal solved exactly within the budget.
"win %" is the centre ± half width of the 95% interval that runs from the Wilson lower
bound counting every unknown deal as lost to the Wilson upper bound counting every
unknown as won (as Blake & Gent report theirs); "of decided" is won out of won + lost
with its Wilson 95% interval: the rate among the deals the budget decided, not an estimate
of the win rate, since the unknown deals are not like the others (of the small rows'
unknowns that the larger rows decided, most were lost in Klondike, Alaska and Agnes Sorel,
nearly all won in Double Klondike, Gargantua, Steps and Whitehead). "published" gives the thoughtful figures for the same rules
where any are published, and "overlaps" whether our interval meets each, in the same order:
Blake & Gent's, for one-deck Klondike with unlimited passes, and for draw 3 with worrying back
lonelybot's too
(4,843,708 won of 5,910,579 deals of Klondike-Solver's numbering, none undecided, as its
README gives them). For every other rule set here (limited passes,
Strict, Holdout and the other games) no exact figure is published anywhere, and the column
shows "–". "solver" is the
solver version that decided the row's deals (each manifest keeps it):
versions differ in which deals their budget leaves unknown and in time, never in a
verdict they give, but for three flaws: versions before 8 (with the Joker, before 9) could
call a won deal lost in games with worrying back; versions before 35 restricted
Agnes Bernauer's partial-run moves where the restriction's proof fails (its ranks wrap;
no deal is known where that lost a win); and versions before 37 dropped a move that empties
a pile when no other card could fill it, though the moved group itself might carry one
above its bottom card (Yukon, Alaska, Agnes Bernauer, and the games where any card fills a
space: Thumb and Pouch, Whitehead, Steps; a small Yukon game showed a win lost that way, and
no deal of the full games is known where it did). Rows they decided in those games are marked † in
"solver": their lost verdicts, and the rates built on them, rest on no proof. "total time" is the deals' solving times summed, retry passes
included: the run's length on one core when it ran one deal at a time (--workers 1). Those
times are wall times, longer where other work shared the core; where every record of a row
has its CPU time (runs of one worker by builds that record it), the mean and total CPU
times follow in parentheses, which other work inflates far less.

`)
	sums := make([]Summary, len(rs)) // each row's, summed once for both tables
	for i := range rs {
		sums[i] = Summarise(rs[i].Records)
	}
	writeBest(b, rs, sums)
	b.WriteString("| result | game | rules | seeds | deals | won | lost | unknown | win % | of decided % | mean time | p99 time | total time | budget | solver | published % | overlaps |\n")
	b.WriteString("|---|---|---|---|--:|--:|--:|--:|---|---|--:|--:|--:|---|---|---|---|\n")
	for i := range rs {
		b.WriteString(reportRow(&rs[i], sums[i]))
		b.WriteByte('\n')
	}
	pairs := pairRows(rs)
	if len(pairs) > 0 {
		b.WriteString(`
## Paired comparisons

Directories with the same game and seeds whose rules differ in one rule, compared deal
by deal on the seeds both hold. "only A" counts deals A wins and B loses; pairs with an
unknown on either side are left out of the test. p is the exact two-sided McNemar
(binomial) test on the discordant pairs.

| A | B | differs | pairs | both won | both lost | only A | only B | unknown | McNemar p |
|---|---|---|--:|--:|--:|--:|--:|--:|--:|
`)
		for _, row := range pairs {
			b.WriteString(row)
			b.WriteByte('\n')
		}
		b.WriteString(`
A check on the solver: where one rule set admits every line of play of the other (draw 1
against draw 3, as three draws of one are a draw of three; more passes; worrying back;
more cells), a deal won under the stricter rules cannot be lost under the looser ones.
`)
		if cs := contradictions(rs); len(cs) == 0 {
			b.WriteString("No pair of thoughtful rows above has such a deal.\n")
		} else {
			b.WriteString("Such deals were found; of each, the lost verdict is the wrong one (a won verdict's line replays):\n\n")
			for _, c := range cs {
				b.WriteString("- " + c + "\n")
			}
		}
	}
}

// writeBest writes the table of the most precise row of each rule set:
// of the rows of one game and rules, the one whose win-rate interval
// (unknowns counted either way) is the narrowest, more deals breaking a
// tie; rule sets in the order of their first row. A row not complete can
// be the one (its interval holds for the deals it has). Nothing is
// written when no rule set has two rows (there is nothing to choose).
// sums[i] is rs[i]'s Summary.
func writeBest(b *strings.Builder, rs []Result, sums []Summary) {
	type best struct {
		r *Result
		s Summary
		w WinRate
	}
	var order []string
	by := map[string]best{}
	rows := 0
	for i := range rs {
		r, s := &rs[i], sums[i]
		w := NewWinRate(s.Won, s.Lost, s.Unknown)
		if s.Deals == 0 {
			continue
		}
		rows++
		k := fmt.Sprintf("%s %#v", r.Manifest.Game, r.Manifest.Rules)
		old, ok := by[k]
		switch {
		case !ok:
			order = append(order, k)
		case w.Half() > old.w.Half(), w.Half() == old.w.Half() && w.Deals() <= old.w.Deals():
			continue
		}
		by[k] = best{r, s, w}
	}
	if len(order) == rows {
		return
	}
	b.WriteString("The most precise row of each rule set (the narrowest interval among the rows below; \"N of\nM\" deals: a row not complete, whose interval holds for the deals it has):\n\n")
	b.WriteString("| game | rules | result | deals | unknown | win % | mean time | solver | published % |\n")
	b.WriteString("|---|---|---|--:|--:|---|--:|---|---|\n")
	for _, k := range order {
		x := by[k]
		m := &x.r.Manifest
		pub, _ := publishedCell(m.Rules)
		fmt.Fprintf(b, "| %s | %s | %s | %s | %d | %s | %s | %s | %s |\n", m.Game, RulesSummary(&m.Rules),
			filepath.ToSlash(x.r.Dir), dealsCell(x.r, x.s.Deals), x.s.Unknown, x.w.Text(),
			meanCell(x.s.MeanMS, x.s.CPUMS/float64(x.s.Deals)), solverCell(m), pub)
	}
	b.WriteString("\nEvery row:\n\n")
}

// looser tells whether rules b admit every line of play of rules a, where
// the two differ in one rule that rulesDiff names: draw 1 against more
// (a draw of d cards is d draws of one), more passes (0 is unlimited),
// worrying back against none, more cells. Any other difference, or the
// other direction, is false.
func looser(a, b *engine.Rules) bool {
	if _, ok := rulesDiff(a, b); !ok {
		return false
	}
	switch {
	case a.Draw != b.Draw:
		return b.Draw == 1
	case a.Passes != b.Passes:
		return b.Passes == 0 || a.Passes > 0 && b.Passes > a.Passes
	case a.WorryBack != b.WorryBack:
		return b.WorryBack
	case a.Cells != b.Cells:
		return b.Cells > a.Cells
	}
	return false
}

// contradictions lists, for each pair of thoughtful results of one game
// whose rules one admits every line of the other's (looser), the seeds won
// under the stricter rules and lost under the looser ones.
func contradictions(rs []Result) []string {
	var out []string
	for i := range rs {
		for j := range rs {
			a, b := &rs[i], &rs[j]
			ma, mb := &a.Manifest, &b.Manifest
			if i == j || ma.Game != mb.Game || ma.Player != "" || mb.Player != "" || !looser(&ma.Rules, &mb.Rules) {
				continue
			}
			lost := make(map[uint64]bool, len(b.Records))
			for _, r := range b.Records {
				if r.Verdict == "lost" {
					lost[r.Seed] = true
				}
			}
			var seeds []string
			for _, r := range a.Records {
				if r.Verdict == "won" && lost[r.Seed] {
					seeds = append(seeds, fmt.Sprint(r.Seed))
				}
			}
			if n := len(seeds); n > 0 {
				more := ""
				if n > 20 {
					seeds, more = seeds[:20], fmt.Sprintf(" and %d more", n-20)
				}
				out = append(out, fmt.Sprintf("won in %s, lost in %s (%d): seed %s%s",
					filepath.ToSlash(a.Dir), filepath.ToSlash(b.Dir), n, strings.Join(seeds, ", "), more))
			}
		}
	}
	return out
}

// solverCell names the manifest's solver version, e.g. "v4", and its
// retry passes' ("v2; retries v4"), marked † when a version that could call
// a won deal lost decided deals of the row (lostUntrusted).
func solverCell(m *Manifest) string {
	if m.SolverVersion == "" {
		return "–"
	}
	s := "v" + m.SolverVersion
	for i := range m.Retries {
		if i == 0 {
			s += "; retried v"
		} else {
			s += ", v"
		}
		s += m.Retries[i].SolverVersion
	}
	if lostUntrusted(m) {
		s += " †"
	}
	return s
}

// firstSoundVersion is the first solver version whose lost verdicts for
// rules r rest on proven pruning alone: with worrying back 8 (earlier ones
// dropped moves whose use lay under a foundation's top), with the Joker
// too 9 (version 8 still could when the Joker stood under other cards);
// where ranks wrap and piles build down in alternating colour with any run
// moving (Agnes Bernauer), 35 (earlier ones restricted partial-run moves
// there, whose proof fails when a built run can go round: see
// solver/restrict.go, partialRulesApply); where a group that empties its
// pile can carry, above its bottom card, a card that may fill the pile
// (Yukon and Alaska, any card filling, ranks that wrap or only one rank
// filling: emptyCarriesFiller), 37 (earlier ones dropped such a move when
// no other card could fill the pile: see solver/useless.go,
// fillerExists). See SolverVersion.
func firstSoundVersion(r *engine.Rules) int {
	v := 1
	if r.WorryBack {
		v = 8
		if r.Joker {
			v = 9
		}
	}
	restricted := r.StockTo != engine.StockToPiles && !r.DealOnlyWhenStuck
	if r.Wrap && r.Build == engine.BuildAltColour && r.Unit == engine.UnitAnyRun && restricted {
		v = max(v, 35)
	}
	if restricted && emptyCarriesFiller(r) {
		v = max(v, 37)
	}
	return v
}

// emptyCarriesFiller tells whether a group of cards that moves can hold,
// above its bottom card, a card that may fill an empty pile: any card
// fills, or only the rank below the base does where runs may hold it
// anywhere (ranks that wrap, any face-up card moving with what lies on
// it, or FillRank's rank). Where Kings alone fill, ranks do not wrap and
// only built runs move, a King lies at the bottom of any run it is in.
func emptyCarriesFiller(r *engine.Rules) bool {
	switch {
	case r.Unit == engine.UnitTopCard || r.Fill == engine.FillNone:
		return false
	case r.Fill == engine.FillAny || r.Fill == engine.FillRank:
		return true
	}
	return r.Wrap || r.Unit == engine.UnitAnyFaceUp
}

// lostUntrusted tells whether a solver version before firstSoundVersion
// decided deals of a thoughtful run, in the run or in one of its retry
// passes.
func lostUntrusted(m *Manifest) bool {
	if m.Player != "" {
		return false
	}
	first := firstSoundVersion(&m.Rules)
	old := func(v string) bool {
		n, err := strconv.Atoi(v)
		return err == nil && n < first
	}
	if old(m.SolverVersion) {
		return true
	}
	for i := range m.Retries {
		if old(m.Retries[i].SolverVersion) {
			return true
		}
	}
	return false
}

// budgetCell writes the budgets of a result and of its retry passes, with
// how far a pass is when it is not finished.
func budgetCell(r *Result) string {
	m := &r.Manifest
	s := BudgetSummary(m)
	for i := range m.Retries {
		p := &m.Retries[i]
		s += "; unknowns again"
		if i < len(r.Passes) && r.Passes[i].Done < r.Passes[i].Of {
			s += fmt.Sprintf(" (%d of %d; the pass is not complete)", r.Passes[i].Done, r.Passes[i].Of)
		}
		s += ": " + budgetSummary(p.Budget, p.MaxNodes, p.Mem)
	}
	return s
}

// dealsCell writes a row's deal count, "N of M" when the run has fewer
// records than its range.
func dealsCell(r *Result, deals int) string {
	if exp := r.Expected(); deals < exp {
		return fmt.Sprintf("%d of %d", deals, exp)
	}
	return fmt.Sprint(deals)
}

// publishedCell writes the published thoughtful figures for rules, "81.524
// ± 0.089 (Blake & Gent 2026)", several joined by "; ", and returns them;
// "–" and none where none is published.
func publishedCell(rules engine.Rules) (string, []Published) {
	ps := PublishedFigures(rules)
	if len(ps) == 0 {
		return "–", nil
	}
	cells := make([]string, len(ps))
	for i, p := range ps {
		cells[i] = fmt.Sprintf("%s ± %s (%s)", pct(p.Mid), pct(p.Half), p.Source)
	}
	return strings.Join(cells, "; "), ps
}

// meanCell writes a mean time with its mean CPU time after it when there
// is one (cpu > 0): "89.2 ms (CPU 88.8 ms)".
func meanCell(ms, cpu float64) string {
	if cpu > 0 {
		return formatMS(ms) + " (CPU " + formatMS(cpu) + ")"
	}
	return formatMS(ms)
}

// reportRow is r's table row; s is its records' Summary.
func reportRow(r *Result, s Summary) string {
	m := &r.Manifest
	wr := NewWinRate(s.Won, s.Lost, s.Unknown)
	deals := dealsCell(r, s.Deals)
	win, decided, mean, p99, total := "–", "–", "–", "–", "–"
	if s.Deals > 0 {
		win = wr.Text()
		mean, p99, total = meanCell(s.MeanMS, s.CPUMS/float64(s.Deals)), formatMS(s.P99MS), formatTotal(s.TotalMS)
		if s.CPUMS > 0 {
			total += " (CPU " + formatTotal(s.CPUMS) + ")"
		}
	}
	if s.Won+s.Lost > 0 {
		decided = fmt.Sprintf("%s [%s, %s]", pct(float64(s.Won)/float64(s.Won+s.Lost)), pct(wr.Decided.Lo), pct(wr.Decided.Hi))
	}
	pub, ps := publishedCell(m.Rules)
	overlaps := "–"
	if len(ps) > 0 && s.Deals > 0 {
		o := make([]string, len(ps))
		for i, p := range ps {
			o[i] = yesNo(wr.Range.Overlaps(p.Interval()))
		}
		overlaps = strings.Join(o, "; ")
	}
	cells := []string{
		filepath.ToSlash(r.Dir), m.Game, RulesSummary(&m.Rules), seedsSummary(m), deals,
		fmt.Sprint(s.Won), fmt.Sprint(s.Lost), fmt.Sprint(s.Unknown), win, decided,
		mean, p99, total, budgetCell(r), solverCell(m), pub, overlaps,
	}
	return "| " + strings.Join(cells, " | ") + " |"
}

// sharesSeeds tells whether two experiments' seed ranges, of one seed
// type, overlap: their records can then be paired on the seeds both hold.
func sharesSeeds(a, b *Manifest) bool {
	return a.SeedType == b.SeedType && max(a.From, b.From) < min(a.From+a.Deals, b.From+b.Deals)
}

// pairRows compares every two directories with the same game and
// overlapping seed ranges whose rules differ in exactly one field.
func pairRows(rs []Result) []string {
	var rows []string
	for i := range rs {
		for j := i + 1; j < len(rs); j++ {
			a, b := &rs[i], &rs[j]
			ma, mb := &a.Manifest, &b.Manifest
			if ma.Game != mb.Game || !sharesSeeds(ma, mb) {
				continue
			}
			desc, ok := rulesDiff(&ma.Rules, &mb.Rules)
			switch pa, pb := PlayerSummary(ma), PlayerSummary(mb); {
			case pa == pb:
			case reflect.DeepEqual(ma.Rules, mb.Rules):
				desc, ok = fmt.Sprintf("player: %s → %s", pa, pb), true
			default:
				ok = false
			}
			if !ok {
				continue
			}
			p := ComparePaired(a.Records, b.Records)
			rows = append(rows, fmt.Sprintf("| %s | %s | %s | %d | %d | %d | %d | %d | %d | %.3g |",
				filepath.ToSlash(a.Dir), filepath.ToSlash(b.Dir), desc, p.Pairs(),
				p.BothWon, p.BothLost, p.OnlyA, p.OnlyB, p.Unknown, p.P))
		}
	}
	return rows
}
