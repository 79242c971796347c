package results

import (
	"fmt"
	"io"
	"math"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"github.com/klondike-family/klondike/engine"
)

// A claim about odds is a claim about some player. For each claim of the
// seeds (VARIANTS.md, "Odds the seeds claim") WriteClaims finds in the
// result directories it is given the rows that bear on it, one per player
// model (the thoughtful solver, and each player who sees only what a
// person sees), tests the claim on each, and gives two verdicts: over every
// model (holds, fails, or holds only for some players), and over the
// models that stand for a person's play (playsAsPerson). Comparisons
// ("easier than") are
// paired on the same deals where the two games deal alike, and unpaired
// otherwise.

// Alpha is the significance level of the claims' tests.
const Alpha = 0.05

// outcome of a claim for one player model.
type outcome int

const (
	undecided outcome = iota // the data cannot tell at this sample size
	holds
	fails
)

func (o outcome) String() string { return [...]string{"undecided", "holds", "fails"}[o] }

// rowKey names a player model: "thoughtful" or the player's summary.
func rowKey(m *Manifest) string {
	if m.Player == "" {
		return "thoughtful"
	}
	return PlayerSummary(m)
}

// modelOrder sorts player models: thoughtful first, then random, greedy,
// human, planner, expert, then the rest by name.
func modelOrder(a, b string) int {
	rank := func(s string) int {
		for i, p := range []string{"thoughtful", "random", "greedy", "human", "planner", "expert"} {
			if strings.HasPrefix(s, p) {
				return i
			}
		}
		return 9
	}
	if ra, rb := rank(a), rank(b); ra != rb {
		return ra - rb
	}
	return strings.Compare(a, b)
}

// selector picks result directories by game and rules.
type selector struct {
	game  string
	rules func(r *engine.Rules) bool
}

func (s selector) pick(rs []Result) map[string]*Result {
	out := map[string]*Result{}
	for i := range rs {
		r := &rs[i]
		if r.Manifest.Game != s.game || !s.rules(&r.Manifest.Rules) || len(r.Records) == 0 {
			continue
		}
		k := rowKey(&r.Manifest)
		if old, ok := out[k]; !ok || len(r.Records) > len(old.Records) {
			out[k] = r
		}
	}
	return out
}

func klondikeRules(draw, passes int, wb bool) func(r *engine.Rules) bool {
	return func(r *engine.Rules) bool {
		k := engine.Klondike(draw, passes)
		k.WorryBack = wb
		return reflect.DeepEqual(*r, k)
	}
}

func defaultRules(wb bool) func(r *engine.Rules) bool {
	return func(r *engine.Rules) bool { return r.WorryBack == wb }
}

// rateTest is a claim about one win rate: it holds when the whole
// interval lies in the claimed region and fails when none of it does.
type rateTest struct {
	sel   selector
	what  string // the claim in numbers
	check func(iv Interval) outcome
}

// compareTest is a claim that game A is won more often than game B.
type compareTest struct {
	a, b   selector
	aName  string
	bName  string
	paired bool // A and B deal alike, so compare deal by deal
}

// Claim is one claim of the seeds.
type Claim struct {
	Title string
	Seeds string // which seeds say it, in their words
	Test  string // how it is tested
	rate  *rateTest
	cmp   *compareTest
	money *moneyTest
}

// moneyTest is a claim about a scoring's money per game.
type moneyTest struct {
	sel   selector
	field string // "vegas" or "till_dawn"
	won   bool   // the claim is about won games only (Vegas: $208)
}

// Claims lists the seeds' claims.
func Claims() []Claim {
	between := func(lo, hi float64) func(Interval) outcome {
		return func(iv Interval) outcome {
			switch {
			case iv.Lo >= lo && iv.Hi <= hi:
				return holds
			case iv.Hi < lo || iv.Lo > hi:
				return fails
			}
			return undecided
		}
	}
	return []Claim{
		{
			Title: "Klondike draw 3 is won about 1 in 30 games",
			Seeds: `rule text 003: "1 in 30 games"; rule text 001: "perhaps one in thirty hands"`,
			Test: "holds if the 95% interval lies within 2%–5% (\"about\" 1 in 30 = 3.3%, read as " +
				"between 1 in 50 and 1 in 20), fails if it lies wholly outside",
			rate: &rateTest{sel: selector{"klondike", klondikeRules(3, 0, false)}, what: "win rate in [2%, 5%]",
				check: between(0.02, 0.05)},
		},
		{
			Title: "Draw 1 has better odds than draw 3",
			Seeds: "rule texts 001 and 003",
			Test:  "Klondike draw 1 against draw 3, unlimited passes, on the same deals: exact McNemar test at 5%",
			cmp: &compareTest{a: selector{"klondike", klondikeRules(1, 0, false)}, b: selector{"klondike", klondikeRules(3, 0, false)},
				aName: "draw 1", bName: "draw 3", paired: true},
		},
		{
			Title: "Klondike Holdout is won at least once in five games",
			Seeds: `rule text 002: "can be at least once in five games, probably more if you're good"`,
			Test:  "holds if the 95% interval lies at or above 20%, fails if it lies below",
			rate: &rateTest{sel: selector{"klondike-holdout", defaultRules(false)}, what: "win rate ≥ 20%",
				check: func(iv Interval) outcome {
					switch {
					case iv.Lo >= 0.2:
						return holds
					case iv.Hi < 0.2:
						return fails
					}
					return undecided
				}},
		},
		{
			Title: "Defoundation makes Klondike slightly easier to win (draw 3)",
			Seeds: `rule text 000: "slightly easier to win"`,
			Test:  "Klondike draw 3 with worrying back against without, on the same deals: exact McNemar test at 5%",
			cmp: &compareTest{a: selector{"klondike", klondikeRules(3, 0, true)}, b: selector{"klondike", klondikeRules(3, 0, false)},
				aName: "defoundation", bName: "standard", paired: true},
		},
		{
			Title: "Defoundation makes Klondike slightly easier to win (draw 1)",
			Seeds: `rule text 000: "slightly easier to win"`,
			Test:  "Klondike draw 1 with worrying back against without, on the same deals: exact McNemar test at 5%",
			cmp: &compareTest{a: selector{"klondike", klondikeRules(1, 0, true)}, b: selector{"klondike", klondikeRules(1, 0, false)},
				aName: "defoundation", bName: "standard", paired: true},
		},
		{
			Title: "Double Klondike is somewhat easier to win than Klondike",
			Seeds: `rule text 000: "somewhat easier to win than the standard variant" (both draw 3, unlimited passes)`,
			Test: "Double Klondike against Klondike draw 3 (different decks, so unpaired): two-proportion z-test at 5%; " +
				"with unknown deals, holds only if the intervals (unknowns either way) do not meet",
			cmp: &compareTest{a: selector{"double-klondike", defaultRules(false)}, b: selector{"klondike", klondikeRules(3, 0, false)},
				aName: "Double Klondike", bName: "Klondike"},
		},
		{
			Title: "Double Klondike is not easy to win",
			Seeds: `rule text 004: "not easy to win"`,
			Test:  "read as \"lost more often than won\": holds if the 95% interval lies below 50%",
			rate:  &rateTest{sel: selector{"double-klondike", defaultRules(false)}, what: "win rate < 50%", check: between(0, 0.5)},
		},
		{
			Title: "Klondike draw 1, one pass, ends in defeat more often than not",
			Seeds: `rule text 004: "More often than not, you end up ... [in] defeat"`,
			Test:  "holds if the 95% interval lies below 50%",
			rate:  &rateTest{sel: selector{"klondike", klondikeRules(1, 1, false)}, what: "win rate < 50%", check: between(0, 0.5)},
		},
		{
			Title: "Turning a profit at Till Dawn's casino scoring is hard (Holdout)",
			Seeds: `rule text 002: "$52 a game ... $3 back for each card ... If you can turn a profit, you're doing okay!"`,
			Test:  "holds if the mean money per game ($3 a card less $52) has its 95% interval below $0",
			money: &moneyTest{sel: selector{"klondike-holdout", defaultRules(false)}, field: "till_dawn"},
		},
		{
			Title: "A won game at Vegas scoring is worth $208",
			Seeds: `rule text 003: "52 × 5 − 52 = $208"`,
			Test:  "every won game's Vegas score ($5 a card less $52) in the records is $208 (Klondike draw 3, three passes: Vegas rules)",
			money: &moneyTest{sel: selector{"klondike", klondikeRules(3, 3, false)}, field: "vegas", won: true},
		},
	}
}

// claimRow is one player model's evidence on a claim.
type claimRow struct {
	model, data, figure string
	out                 outcome
}

// WriteClaims writes results/CLAIMS.md from result directories.
func WriteClaims(w io.Writer, rs []Result, command string) error {
	var b strings.Builder
	b.WriteString("# The rule texts' claims, measured\n\n")
	fmt.Fprintf(&b, "_Generated by `%s`: regenerate it with that command, never edit it by hand._\n\n", command)
	b.WriteString(`A claim about odds is a claim about a player. Each claim below is tested against every
player model with data: **thoughtful** (every card known; the exact solver, unknown deals
counted either way), and players who see only what a person sees (solver/player):
**random** (uniform over legal moves: a floor, not a person; with worrying back it takes
cards down from the foundations as readily as it plays them up, and the referee's no-repeat
rule ends its games long before it wins: it almost never does), **greedy** (a fixed priority
of move kinds), **human** (the tips of rule text 002 and common advice), **planner**
(hindsight optimisation over sampled hidden cards, move by move), **expert** (the same over
lines of moves, decided only at moves that cannot be taken back, with the exact solver on
each sample; a column names the version and budget: samples a decision, nodes a solve).
Intervals are 95% (Wilson for win rates; normal for means).
A claim **holds** for a model when the test says so at 5%, **fails** when the data say
the opposite, and is **undecided** when the data cannot tell. The verdict of a claim is
"holds" or "fails" when every model with data agrees, else "holds only for some players".
The rule texts speak of people, so a second verdict, **for a person**, sums up in the same
way the outcomes of two models only, each with a person's information (not knowing the
stock's order): the human player (the play people are advised) and the expert (the best
play here without seeing the cards). The thoughtful solver sees every card, the random
and greedy players are baselines, not people's play, and the planner is an earlier,
smaller form of the expert.
Data marked † were decided by a solver version whose lost verdicts rest on no proof for
their rules: before 8 (with the Joker, before 9) with worrying back, where it could call a
won deal lost; before 35 in Agnes Bernauer, where it restricted partial-run moves though
the restriction's proof fails when ranks wrap; before 37 in Yukon, Alaska, Agnes Bernauer
and the games where any card fills a space, where it could drop a move that empties a pile
though the moved group carried a card to fill it.

`)
	claims := Claims()
	type done struct {
		c    Claim
		rows []claimRow
	}
	var all []done
	for _, c := range claims {
		all = append(all, done{c, claimRows(&c, rs)})
	}
	var rowSets [][]claimRow
	for _, d := range all {
		rowSets = append(rowSets, d.rows)
	}
	models := summaryModels(rowSets)
	persons := map[string]bool{}
	for i := range rs {
		persons[rowKey(&rs[i].Manifest)] = playsAsPerson(&rs[i].Manifest)
	}
	b.WriteString("| # | claim | verdict | for a person | " + strings.Join(models, " | ") + " |\n")
	b.WriteString("|--:|---|---|---|" + strings.Repeat("---|", len(models)) + "\n")
	for i, d := range all {
		cells := []string{fmt.Sprint(i + 1), d.c.Title, verdict(d.rows), personVerdict(d.rows, persons)}
		for _, m := range models {
			cell := "–"
			for _, r := range d.rows {
				if r.model == m {
					cell = r.out.String()
				}
			}
			cells = append(cells, cell)
		}
		b.WriteString("| " + strings.Join(cells, " | ") + " |\n")
	}
	for i, d := range all {
		fmt.Fprintf(&b, "\n## %d. %s\n\n", i+1, d.c.Title)
		fmt.Fprintf(&b, "- Said by: %s.\n- Test: %s.\n- Verdict: **%s**; for a person: **%s**.\n\n",
			d.c.Seeds, d.c.Test, verdict(d.rows), personVerdict(d.rows, persons))
		if len(d.rows) == 0 {
			b.WriteString("No result directory bears on this claim yet.\n")
			continue
		}
		b.WriteString("| player model | data | figure | outcome |\n|---|---|---|---|\n")
		for _, r := range d.rows {
			fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", r.model, r.data, r.figure, r.out)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// summaryModels lists the player models that appear in any rows.
func summaryModels(rows [][]claimRow) []string {
	var ms []string
	for _, rr := range rows {
		for _, r := range rr {
			if !slices.Contains(ms, r.model) {
				ms = append(ms, r.model)
			}
		}
	}
	slices.SortFunc(ms, modelOrder)
	return ms
}

// verdict sums up the outcomes of a claim's rows.
func verdict(rows []claimRow) string {
	if len(rows) == 0 {
		return "no data"
	}
	n := map[outcome]int{}
	for _, r := range rows {
		n[r.out]++
	}
	switch {
	case n[holds] == len(rows):
		return "holds"
	case n[fails] == len(rows):
		return "fails"
	case n[holds] == 0 && n[fails] == 0:
		return "undecided"
	case n[holds] == 0:
		return "fails (undecided for some players)"
	}
	return "holds only for some players"
}

// playsAsPerson tells whether m's player stands for a person's play: the
// human player or the expert, with a person's information (the stock's
// order not known).
func playsAsPerson(m *Manifest) bool {
	return (m.Player == "human" || m.Player == "expert") && m.PlayerMemory != "stock"
}

// personVerdict sums up, as verdict does, the rows of the models that
// play as a person (persons, by model name: playsAsPerson); "no data"
// when none has data.
func personVerdict(rows []claimRow, persons map[string]bool) string {
	var ps []claimRow
	for _, r := range rows {
		if persons[r.model] {
			ps = append(ps, r)
		}
	}
	return verdict(ps)
}

// claimRows tests claim c on every player model with data.
func claimRows(c *Claim, rs []Result) []claimRow {
	var rows []claimRow
	switch {
	case c.rate != nil:
		for k, r := range c.rate.sel.pick(rs) {
			s := Summarise(r.Records)
			wr := NewWinRate(s.Won, s.Lost, s.Unknown)
			fig := fmt.Sprintf("%d won of %d: %s", s.Won, s.Deals, rateFigure(wr))
			rows = append(rows, claimRow{k, dataName(r), fig, c.rate.check(wr.Range)})
		}
	case c.cmp != nil:
		as, bs := c.cmp.a.pick(rs), c.cmp.b.pick(rs)
		for k, a := range as {
			b, ok := bs[k]
			if !ok {
				continue
			}
			rows = append(rows, compareRow(c.cmp, k, a, b))
		}
	case c.money != nil:
		for k, r := range c.money.sel.pick(rs) {
			if r.Manifest.Player == "" {
				continue // thoughtful records carry no scores
			}
			rows = append(rows, moneyRow(c.money, k, r))
		}
	}
	slices.SortFunc(rows, func(a, b claimRow) int { return modelOrder(a.model, b.model) })
	return rows
}

// rateFigure writes a win rate for a claim's row: with every deal
// decided, the rate and its Wilson interval, "81.581% [81.505, 81.657]";
// with unknown deals, as the report writes it (WinRate.Text), the middle
// of the interval that counts them either way and its half width,
// "83.307 ± 2.743% (5027 unknown, counted either way)": the rate of the
// won deals alone is that interval's floor, not an estimate.
func rateFigure(w WinRate) string {
	if w.Unknown == 0 {
		return fmt.Sprintf("%s%% [%s, %s]", pct(float64(w.Won)/float64(max(w.Deals(), 1))), pct(w.Range.Lo), pct(w.Range.Hi))
	}
	return fmt.Sprintf("%s%% (%d unknown, counted either way)", w.Text(), w.Unknown)
}

func dataName(r *Result) string {
	mark := ""
	if lostUntrusted(&r.Manifest) {
		mark = " †"
	}
	return fmt.Sprintf("`%s` (%s)%s", filepath.ToSlash(r.Dir), seedsSummary(&r.Manifest), mark)
}

// compareRow tests "A is won more often than B" for one player model.
func compareRow(t *compareTest, model string, a, b *Result) claimRow {
	sa, sb := Summarise(a.Records), Summarise(b.Records)
	ra, rb := NewWinRate(sa.Won, sa.Lost, sa.Unknown), NewWinRate(sb.Won, sb.Lost, sb.Unknown)
	data := dataName(a) + " vs " + dataName(b)
	fig := fmt.Sprintf("%s %s, %s %s", t.aName, rateFigure(ra), t.bName, rateFigure(rb))
	ma, mb := &a.Manifest, &b.Manifest
	paired := t.paired && sharesSeeds(ma, mb)
	var out outcome
	if paired {
		p := ComparePaired(a.Records, b.Records)
		fig += fmt.Sprintf("; same %d deals: only %s won %d, only %s won %d, McNemar p = %.3g", p.Pairs(), t.aName, p.OnlyA, t.bName, p.OnlyB, p.P)
		if p.Unknown > 0 {
			fig += fmt.Sprintf(" (%d pairs with an unknown left out)", p.Unknown)
		}
		switch {
		case p.P < Alpha && p.OnlyA > p.OnlyB:
			out = holds
		case p.P < Alpha:
			out = fails
		}
		// With unknowns, the discordant pairs left out could reverse it:
		// only a test that survives them counted against the claim holds.
		if out == holds && p.Unknown > 0 && McNemarExact(p.OnlyA, p.OnlyB+p.Unknown) >= Alpha {
			out = undecided
		}
		return claimRow{model, data, fig, out}
	}
	if sa.Unknown+sb.Unknown > 0 {
		switch {
		case ra.Range.Lo > rb.Range.Hi:
			out = holds
		case ra.Range.Hi < rb.Range.Lo:
			out = fails
		}
		return claimRow{model, data, fig, out}
	}
	z, pv := twoProportion(sa.Won, sa.Deals, sb.Won, sb.Deals)
	fig += fmt.Sprintf("; z = %.2f, p = %.3g", z, pv)
	switch {
	case pv < Alpha && z > 0:
		out = holds
	case pv < Alpha:
		out = fails
	}
	return claimRow{model, data, fig, out}
}

// twoProportion is the pooled two-proportion z-test of k1/n1 against
// k2/n2: z and its two-sided p-value.
func twoProportion(k1, n1, k2, n2 int) (z, p float64) {
	p1, p2 := float64(k1)/float64(n1), float64(k2)/float64(n2)
	pp := float64(k1+k2) / float64(n1+n2)
	se := math.Sqrt(pp * (1 - pp) * (1/float64(n1) + 1/float64(n2)))
	if se == 0 {
		return 0, 1
	}
	z = (p1 - p2) / se
	return z, 2 * normalCDF(-math.Abs(z))
}

// moneyRow tests a claim about money per game.
func moneyRow(t *moneyTest, model string, r *Result) claimRow {
	var xs []float64
	bad := 0
	for _, rec := range r.Records {
		if rec.Play == nil {
			continue
		}
		v := rec.Play.TillDawn
		if t.field == "vegas" {
			v = rec.Play.Vegas
		}
		if t.won {
			if rec.Verdict != "won" {
				continue
			}
			if v != 208 {
				bad++
			}
		}
		xs = append(xs, float64(v))
	}
	m := NewMean(xs)
	if t.won {
		fig := fmt.Sprintf("%d won games, mean Vegas score $%.2f", len(xs), m.Mean)
		out := holds
		switch {
		case len(xs) == 0:
			out = undecided
		case bad > 0:
			out = fails
			fig += fmt.Sprintf(", %d not $208", bad)
		}
		return claimRow{model, dataName(r), fig, out}
	}
	fig := fmt.Sprintf("%d games, $%.2f ± %.2f a game", m.N, m.Mean, m.Half)
	out := undecided
	switch {
	case m.Mean+m.Half < 0:
		out = holds
	case m.Mean-m.Half > 0:
		out = fails
	}
	return claimRow{model, dataName(r), fig, out}
}
