package results

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mathext"
)

// Interval is a confidence interval for a proportion, both ends in [0, 1].
type Interval struct {
	Lo, Hi float64
}

// Contains tells whether p lies in the interval.
func (iv Interval) Contains(p float64) bool { return iv.Lo <= p && p <= iv.Hi }

// Overlaps tells whether two intervals share a point.
func (iv Interval) Overlaps(o Interval) bool { return iv.Lo <= o.Hi && o.Lo <= iv.Hi }

// Wilson is the Wilson score interval for k successes in n trials at
// confidence level conf (e.g. 0.95). With n = 0 it is [0, 1]; with k = 0
// the lower end is exactly 0 and with k = n the upper end exactly 1.
func Wilson(k, n int, conf float64) Interval {
	if n <= 0 {
		return Interval{0, 1}
	}
	z := normalQuantile(1 - (1-conf)/2)
	nf, p := float64(n), float64(k)/float64(n)
	z2 := z * z
	centre := (p + z2/(2*nf)) / (1 + z2/nf)
	half := z / (1 + z2/nf) * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	iv := Interval{max(centre-half, 0), min(centre+half, 1)}
	if k <= 0 {
		iv.Lo = 0
	}
	if k >= n {
		iv.Hi = 1
	}
	return iv
}

// ClopperPearson is the exact (Clopper–Pearson) interval for k successes
// in n trials at confidence level conf, from quantiles of the Beta
// distribution: lower Beta(k, n−k+1) at (1−conf)/2, upper Beta(k+1, n−k)
// at 1−(1−conf)/2. With k = 0 the lower end is 0 and the upper
// 1−((1−conf)/2)^(1/n); with k = n the upper end is 1 and the lower
// ((1−conf)/2)^(1/n). With n = 0 it is [0, 1].
func ClopperPearson(k, n int, conf float64) Interval {
	if n <= 0 {
		return Interval{0, 1}
	}
	a := (1 - conf) / 2
	kf, nf := float64(k), float64(n)
	var iv Interval
	switch {
	case k <= 0:
		iv = Interval{0, 1 - math.Pow(a, 1/nf)}
	case k >= n:
		iv = Interval{math.Pow(a, 1/nf), 1}
	default:
		iv.Lo = mathext.InvRegIncBeta(kf, nf-kf+1, a)
		iv.Hi = mathext.InvRegIncBeta(kf+1, nf-kf, 1-a)
	}
	return iv
}

// Conf is the confidence level of the project's intervals.
const Conf = 0.95

// WinRate is a win rate with unknowns, as Blake & Gent report theirs: the
// interval runs from the lower bound of an interval counting every
// unknown deal as lost to the upper bound counting every unknown as won.
// With no unknowns it is the plain interval.
type WinRate struct {
	Won, Lost, Unknown int
	// Range is the interval, unknowns counted either way (Wilson, 95%).
	Range Interval
	// Decided is the Wilson 95% interval of won out of the decided deals
	// (won + lost), unknowns left out.
	Decided Interval
}

// NewWinRate computes the intervals of a win count.
func NewWinRate(won, lost, unknown int) WinRate {
	n := won + lost + unknown
	return WinRate{
		Won: won, Lost: lost, Unknown: unknown,
		Range:   Interval{Wilson(won, n, Conf).Lo, Wilson(won+unknown, n, Conf).Hi},
		Decided: Wilson(won, won+lost, Conf),
	}
}

// Deals is the number of deals counted.
func (w WinRate) Deals() int { return w.Won + w.Lost + w.Unknown }

// Text writes the win rate as the report and every command give it: the
// centre ± half width of Range, in percent, "81.827 ± 17.069". With no
// unknown deal Range is the Wilson interval of the won deals.
func (w WinRate) Text() string {
	return fmt.Sprintf("%.3f ± %.3f", 100*w.Mid(), 100*w.Half())
}

// Basis says how Text's interval was made, for a label: "95% Wilson,
// unknowns counted either way", or "95% Wilson" with no unknown deal.
func (w WinRate) Basis() string {
	if w.Unknown == 0 {
		return "95% Wilson"
	}
	return "95% Wilson, unknowns counted either way"
}

// Mid is the centre of Range, the figure reported as "mid ± half".
func (w WinRate) Mid() float64 { return (w.Range.Lo + w.Range.Hi) / 2 }

// Half is the half width of Range.
func (w WinRate) Half() float64 { return (w.Range.Hi - w.Range.Lo) / 2 }

// Paired compares two rule sets deal by deal on the same seeds.
type Paired struct {
	BothWon, BothLost int
	OnlyA, OnlyB      int // discordant: won under one rule set and lost under the other
	Unknown           int // pairs with an unknown verdict on either side
	// P is the exact two-sided McNemar p-value on the discordant counts:
	// twice the binomial(OnlyA+OnlyB, 1/2) tail of the smaller, at most 1.
	P float64
}

// Pairs is the number of seeds compared.
func (p Paired) Pairs() int { return p.BothWon + p.BothLost + p.OnlyA + p.OnlyB + p.Unknown }

// ComparePaired pairs the records of a and b by seed; seeds found on one
// side only are left out.
func ComparePaired(a, b []Record) Paired {
	bv := make(map[uint64]string, len(b))
	for _, r := range b {
		bv[r.Seed] = r.Verdict
	}
	var p Paired
	for _, r := range a {
		vb, ok := bv[r.Seed]
		if !ok {
			continue
		}
		switch {
		case r.Verdict == "unknown" || vb == "unknown":
			p.Unknown++
		case r.Verdict == "won" && vb == "won":
			p.BothWon++
		case r.Verdict == "won":
			p.OnlyA++
		case vb == "won":
			p.OnlyB++
		default:
			p.BothLost++
		}
	}
	p.P = McNemarExact(p.OnlyA, p.OnlyB)
	return p
}

// McNemarExact is the exact two-sided McNemar test on discordant counts b
// and c: under the null hypothesis each discordant pair goes either way
// with probability 1/2, and the p-value is twice the binomial tail of
// min(b, c), capped at 1. With no discordant pairs it is 1.
func McNemarExact(b, c int) float64 {
	n := b + c
	if n == 0 {
		return 1
	}
	k := min(b, c)
	// Sum the tail P(X ≤ k) for X ~ Binomial(n, 1/2) term by term in
	// log space: exact to rounding for any n.
	var tail float64
	for i := 0; i <= k; i++ {
		tail += math.Exp(logChoose(n, i) - float64(n)*math.Ln2)
	}
	return min(2*tail, 1)
}

// logChoose is log(n choose k).
func logChoose(n, k int) float64 {
	a, _ := math.Lgamma(float64(n + 1))
	b, _ := math.Lgamma(float64(k + 1))
	c, _ := math.Lgamma(float64(n - k + 1))
	return a - b - c
}

// normalQuantile is the standard normal distribution's quantile function.
func normalQuantile(p float64) float64 { return mathext.NormalQuantile(p) }

// meanStdDev is the mean of xs and their sample standard deviation (with
// n-1), by the corrected two-pass algorithm.
func meanStdDev(xs []float64) (mean, sd float64) {
	n := float64(len(xs))
	for _, x := range xs {
		mean += x
	}
	mean /= n
	var ss, comp float64
	for _, x := range xs {
		d := x - mean
		ss += d * d
		comp += d
	}
	return mean, math.Sqrt((ss - comp*comp/n) / (n - 1))
}

// normalCDF is the standard normal distribution's CDF.
func normalCDF(x float64) float64 { return 0.5 * math.Erfc(-x/math.Sqrt2) }
