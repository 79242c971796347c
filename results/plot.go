package results

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// PlotFile is a plot written by WritePlots.
type PlotFile struct {
	Path  string // where it was written
	Title string
}

// WritePlots writes SVG plots of results into dir: winrate.svg, the win
// rate of each directory with its interval (unknowns either way) as error
// bars and the published figure where there is one; and for each
// directory times-NN-NAME.svg, a histogram of the solve time per deal on
// a log scale.
//
// Results of players (Manifest.Player) are left out of those and drawn in
// players-winrate.svg instead, with their Wilson intervals.
func WritePlots(dir string, all []Result) ([]PlotFile, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var rs, players []Result
	for _, r := range all {
		if r.Manifest.Player == "" {
			rs = append(rs, r)
		} else {
			players = append(players, r)
		}
	}
	var files []PlotFile
	if len(rs) > 0 {
		path := filepath.Join(dir, "winrate.svg")
		if err := winRatePlot(rs, true).Save(16*vg.Centimeter, 10*vg.Centimeter, path); err != nil {
			return nil, err
		}
		files = append(files, PlotFile{path, "Win rate per rule set"})
	}
	if len(players) > 0 {
		path := filepath.Join(dir, "players-winrate.svg")
		w := vg.Length(max(16, len(players))) * vg.Centimeter
		if err := winRatePlot(players, false).Save(w, 14*vg.Centimeter, path); err != nil {
			return nil, err
		}
		files = append(files, PlotFile{path, "Win rate per rule set and player"})
	}
	for i := range rs {
		if len(rs[i].Records) == 0 {
			continue
		}
		p, err := timePlot(&rs[i])
		if err != nil {
			return nil, err
		}
		path := filepath.Join(dir, fmt.Sprintf("times-%02d-%s.svg", i+1, slug(filepath.Base(rs[i].Dir))))
		if err := p.Save(16*vg.Centimeter, 10*vg.Centimeter, path); err != nil {
			return nil, err
		}
		files = append(files, PlotFile{path, "Solve time per deal: " + filepath.ToSlash(rs[i].Dir)})
	}
	return files, nil
}

// slug keeps letters, digits, '-' and '_' of s.
func slug(s string) string {
	var b strings.Builder
	for _, c := range s {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '-', c == '_':
			b.WriteRune(c)
		default:
			b.WriteByte('-')
		}
	}
	return b.String()
}

// errPoints are points with asymmetric vertical error bars.
type errPoints struct {
	plotter.XYs
	plotter.YErrors
}

// winRatePlot draws the win rate of each directory, in percent.
// With thoughtful set, the published thoughtful figures are drawn beside.
func winRatePlot(rs []Result, thoughtful bool) *plot.Plot {
	p := plot.New()
	p.Title.Text = "Win rate (95% interval, unknowns either way)"
	if !thoughtful {
		p.Title.Text = "Players' win rate (Wilson 95% interval)"
	}
	p.Y.Label.Text = "win %"
	var ours, pub errPoints
	names := make([]string, len(rs))
	for i := range rs {
		names[i] = filepath.Base(rs[i].Dir)
		if !thoughtful {
			p.X.Tick.Label.Rotation = math.Pi / 2
			p.X.Tick.Label.XAlign = draw.XRight
			p.X.Tick.Label.YAlign = draw.YCenter
		}
		if len(rs[i].Records) == 0 {
			continue
		}
		wr := rs[i].WinRate()
		mid := 100 * wr.Mid()
		ours.XYs = append(ours.XYs, plotter.XY{X: float64(i), Y: mid})
		ours.YErrors = append(ours.YErrors, struct{ Low, High float64 }{mid - 100*wr.Range.Lo, 100*wr.Range.Hi - mid})
		if f, ok := PublishedFigure(rs[i].Manifest.Rules); ok && thoughtful {
			pub.XYs = append(pub.XYs, plotter.XY{X: float64(i) + 0.15, Y: 100 * f.Mid})
			pub.YErrors = append(pub.YErrors, struct{ Low, High float64 }{100 * f.Half, 100 * f.Half})
		}
	}
	add := func(pts errPoints, shape draw.GlyphDrawer, legend string) {
		if len(pts.XYs) == 0 {
			return
		}
		s, err := plotter.NewScatter(pts)
		if err != nil {
			return // no finite points: nothing to draw
		}
		s.GlyphStyle.Shape = shape
		e, err := plotter.NewYErrorBars(pts)
		if err != nil {
			return
		}
		p.Add(s, e)
		p.Legend.Add(legend, s)
	}
	add(ours, draw.CircleGlyph{}, "this project")
	add(pub, draw.CrossGlyph{}, "published")
	p.Legend.Top = true
	p.Y.Max += 0.2 * (p.Y.Max - p.Y.Min) // room for the legend
	p.NominalX(names...)
	p.X.Min, p.X.Max = -0.5, float64(len(rs))-0.5
	p.Add(plotter.NewGrid())
	return p
}

// timePlot draws the histogram of log10 of the solve times, in ms.
func timePlot(r *Result) (*plot.Plot, error) {
	vals := make(plotter.Values, len(r.Records))
	for i, rec := range r.Records {
		vals[i] = math.Log10(max(rec.TimeMS, 1e-3))
	}
	bins := min(max(len(vals)/5, 5), 40)
	h, err := plotter.NewHist(vals, bins)
	if err != nil {
		return nil, err
	}
	p := plot.New()
	p.Title.Text = "Solve time per deal: " + filepath.ToSlash(r.Dir)
	p.X.Label.Text = "time per deal (log scale)"
	p.Y.Label.Text = "deals"
	p.X.Tick.Marker = plot.TickerFunc(logTimeTicks)
	p.Add(h)
	return p, nil
}

// logTimeTicks labels the powers of ten of a log10(ms) axis as times.
func logTimeTicks(lo, hi float64) []plot.Tick {
	var ticks []plot.Tick
	for e := math.Floor(lo); e <= math.Ceil(hi); e++ {
		if e >= lo && e <= hi {
			ticks = append(ticks, plot.Tick{Value: e, Label: timeLabel(e)})
		}
		for m := 2.0; m < 10; m++ {
			if v := e + math.Log10(m); v >= lo && v <= hi {
				ticks = append(ticks, plot.Tick{Value: v})
			}
		}
	}
	return ticks
}

// timeLabel writes 10^e milliseconds, e.g. "1 ms", "10 s".
func timeLabel(e float64) string {
	ms := math.Pow(10, e)
	switch {
	case ms < 1:
		return fmt.Sprintf("%g ms", ms)
	case ms < 1000:
		return fmt.Sprintf("%.0f ms", ms)
	default:
		return fmt.Sprintf("%g s", ms/1000)
	}
}
