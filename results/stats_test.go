package results

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// TestIntervalsTabulated checks both intervals against tabulated 95%
// values to four places. Clopper–Pearson for n = 10 is the standard table
// (e.g. Geigy Scientific Tables; k = 0 upper is 1 − 0.025^(1/10)); the
// Wilson values are the score interval worked by hand
// ((k + z²/2)/(n + z²) ± z√(k(n−k)/n + z²/4)/(n + z²), z = 1.959964).
func TestIntervalsTabulated(t *testing.T) {
	cases := []struct {
		name   string
		f      func(k, n int, conf float64) Interval
		k, n   int
		lo, hi float64
	}{
		{"clopper-pearson", ClopperPearson, 0, 10, 0, 0.3085},
		{"clopper-pearson", ClopperPearson, 1, 10, 0.0025, 0.4450},
		{"clopper-pearson", ClopperPearson, 2, 10, 0.0252, 0.5561},
		{"clopper-pearson", ClopperPearson, 3, 10, 0.0667, 0.6525},
		{"clopper-pearson", ClopperPearson, 5, 10, 0.1871, 0.8129},
		{"clopper-pearson", ClopperPearson, 10, 10, 0.6915, 1},
		{"clopper-pearson", ClopperPearson, 0, 1, 0, 0.975},
		{"wilson", Wilson, 0, 10, 0, 0.2775},
		{"wilson", Wilson, 1, 10, 0.0179, 0.4042},
		{"wilson", Wilson, 5, 10, 0.2366, 0.7634},
		{"wilson", Wilson, 10, 10, 0.7225, 1},
		{"wilson", Wilson, 0, 0, 0, 1},
	}
	for _, c := range cases {
		got := c.f(c.k, c.n, 0.95)
		if !near(got.Lo, c.lo, 5e-5) || !near(got.Hi, c.hi, 5e-5) {
			t.Errorf("%s(%d, %d) = [%.5f, %.5f], want [%.4f, %.4f]", c.name, c.k, c.n, got.Lo, got.Hi, c.lo, c.hi)
		}
	}
	// The k = 0 and k = n ends are exact, not merely close.
	if iv := Wilson(0, 7, 0.95); iv.Lo != 0 {
		t.Errorf("Wilson(0, 7).Lo = %v, want exactly 0", iv.Lo)
	}
	if iv := Wilson(7, 7, 0.95); iv.Hi != 1 {
		t.Errorf("Wilson(7, 7).Hi = %v, want exactly 1", iv.Hi)
	}
	if iv := ClopperPearson(7, 7, 0.95); iv.Hi != 1 || !near(iv.Lo, math.Pow(0.025, 1.0/7), 1e-12) {
		t.Errorf("ClopperPearson(7, 7) = %+v, want [0.025^(1/7), 1]", iv)
	}
}

// TestWinRateBlakeGent: the unknowns-either-way interval reproduces Blake &
// Gent's published half widths from their counts (10^6 deals each): draw
// 3, 157 unknown, 81.945 ± 0.084 %; draw 1, 1,145 unknown, 90.480 ±
// 0.116 %. The won counts are those that put the centre on the published
// figure.
func TestWinRateBlakeGent(t *testing.T) {
	cases := []struct {
		won, unknown int
		mid, half    float64 // percent
	}{
		{819372, 157, 81.945, 0.084},
		{904228, 1145, 90.480, 0.116},
	}
	for _, c := range cases {
		w := NewWinRate(c.won, 1_000_000-c.won-c.unknown, c.unknown)
		if !near(100*w.Mid(), c.mid, 0.0005) || !near(100*w.Half(), c.half, 0.0015) {
			t.Errorf("won %d, unknown %d: %.3f ± %.3f %%, want %.3f ± %.3f %%",
				c.won, c.unknown, 100*w.Mid(), 100*w.Half(), c.mid, c.half)
		}
	}
	// No unknowns: the plain Wilson interval.
	if w := NewWinRate(5, 5, 0); w.Range != Wilson(5, 10, 0.95) || w.Decided != w.Range {
		t.Errorf("NewWinRate(5, 5, 0) = %+v, want the Wilson interval of 5/10 twice", w)
	}
	// Unknowns widen the range both ways; the decided interval ignores them.
	w := NewWinRate(5, 3, 2)
	if w.Range.Lo != Wilson(5, 10, 0.95).Lo || w.Range.Hi != Wilson(7, 10, 0.95).Hi || w.Decided != Wilson(5, 8, 0.95) {
		t.Errorf("NewWinRate(5, 3, 2) = %+v", w)
	}
}

func TestMcNemarExact(t *testing.T) {
	cases := []struct {
		b, c int
		p    float64
	}{
		{0, 0, 1},
		{0, 5, 2.0 / 32},
		{5, 0, 2.0 / 32},
		{1, 9, 2 * 11.0 / 1024},
		{3, 3, 1},
		{4, 5, 1},
	}
	for _, c := range cases {
		if got := McNemarExact(c.b, c.c); !near(got, c.p, 1e-12) {
			t.Errorf("McNemarExact(%d, %d) = %v, want %v", c.b, c.c, got, c.p)
		}
	}
	// Large counts agree with gonum's binomial CDF.
	b, c := 480, 560
	want := 2 * distuv.Binomial{N: float64(b + c), P: 0.5}.CDF(float64(b))
	if got := McNemarExact(b, c); !near(got, want, 1e-9) {
		t.Errorf("McNemarExact(%d, %d) = %v, want %v (gonum)", b, c, got, want)
	}
}

func TestComparePaired(t *testing.T) {
	a := []Record{
		{Seed: 1, Verdict: "won"}, {Seed: 2, Verdict: "won"}, {Seed: 3, Verdict: "lost"},
		{Seed: 4, Verdict: "lost"}, {Seed: 5, Verdict: "unknown"}, {Seed: 6, Verdict: "won"},
		{Seed: 9, Verdict: "won"}, // not in b
	}
	b := []Record{
		{Seed: 6, Verdict: "unknown"}, {Seed: 1, Verdict: "won"}, {Seed: 2, Verdict: "lost"},
		{Seed: 3, Verdict: "won"}, {Seed: 4, Verdict: "lost"}, {Seed: 5, Verdict: "won"},
	}
	got := ComparePaired(a, b)
	want := Paired{BothWon: 1, BothLost: 1, OnlyA: 1, OnlyB: 1, Unknown: 2, P: 1}
	if got != want {
		t.Errorf("ComparePaired = %+v, want %+v", got, want)
	}
	if got.Pairs() != 6 {
		t.Errorf("Pairs = %d, want 6", got.Pairs())
	}
}

// TestNormalAndMean: the normal quantile and CDF and the sample mean and
// standard deviation that replace gonum's stat and distuv (which link all
// of gonum's linear algebra into the binary) give the textbook values.
func TestNormalAndMean(t *testing.T) {
	const z975 = 1.959963984540054
	if got := normalQuantile(0.975); math.Abs(got-z975) > 1e-12 {
		t.Errorf("normalQuantile(0.975) = %.15g, want %.15g", got, z975)
	}
	if got := normalCDF(-z975); math.Abs(got-0.025) > 1e-12 {
		t.Errorf("normalCDF(-%.15g) = %.15g, want 0.025", z975, got)
	}
	if got := normalCDF(0); got != 0.5 {
		t.Errorf("normalCDF(0) = %g, want 0.5", got)
	}
	m, sd := meanStdDev([]float64{2, 4, 4, 4, 5, 5, 7, 9})
	if m != 5 || math.Abs(sd-math.Sqrt(32.0/7)) > 1e-12 {
		t.Errorf("meanStdDev = %g, %g; want 5, %g", m, sd, math.Sqrt(32.0/7))
	}
}
