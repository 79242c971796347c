package results

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
)

// cm is a centimetre in points, the unit of svgPlot's sizes.
const cm = 72 / 2.54

// PlotFile is a plot written by WritePlots.
type PlotFile struct {
	Path  string // where it was written
	Title string
}

// WritePlots writes SVG plots of results into dir: winrate.svg, the win
// rate of each directory with its interval (unknowns either way) as error
// bars and the published figures where there are any (a series a
// source); and for each
// directory times-NAME.svg, a histogram of the solve time per deal on a
// log scale, NAME its path below the directories' common parent
// (timePlotNames), so that a row keeps its file when rows come and go. A
// times-*.svg in dir that it does not write (an earlier report's row no
// longer given) is removed, so that dir holds the report's plots alone.
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
		if err := winRatePlot(rs, true, 16*cm, 10*cm).Write(path); err != nil {
			return nil, err
		}
		files = append(files, PlotFile{path, "Win rate per rule set"})
	}
	if len(players) > 0 {
		path := filepath.Join(dir, "players-winrate.svg")
		w := float64(max(16, len(players))) * cm
		if err := winRatePlot(players, false, w, 14*cm).Write(path); err != nil {
			return nil, err
		}
		files = append(files, PlotFile{path, "Win rate per rule set and player"})
	}
	var timed []*Result
	for i := range rs {
		if len(rs[i].Records) > 0 {
			timed = append(timed, &rs[i])
		}
	}
	written := map[string]bool{}
	for i, name := range timePlotNames(timed) {
		path := filepath.Join(dir, "times-"+name+".svg")
		if err := timePlot(timed[i], 16*cm, 10*cm).Write(path); err != nil {
			return nil, err
		}
		written[filepath.Base(path)] = true
		files = append(files, PlotFile{path, "Solve time per deal: " + filepath.ToSlash(timed[i].Dir)})
	}
	old, err := filepath.Glob(filepath.Join(dir, "times-*.svg"))
	if err != nil {
		return nil, err
	}
	for _, f := range old {
		if !written[filepath.Base(f)] {
			if err := os.Remove(f); err != nil {
				return nil, err
			}
		}
	}
	return files, nil
}

// timePlotNames names the time histograms of rs: each directory's path
// below the common parent of all of them, its separators as '-' (slug),
// and a number after a name that is taken already (two paths that differ
// only where slug writes '-').
func timePlotNames(rs []*Result) []string {
	dirs := make([]string, len(rs))
	for i, r := range rs {
		dirs[i] = filepath.ToSlash(filepath.Clean(r.Dir))
	}
	var common []string // the parents' common leading elements
	for i, d := range dirs {
		parent := strings.Split(d, "/")
		parent = parent[:len(parent)-1]
		if i == 0 {
			common = parent
			continue
		}
		n := 0
		for n < len(common) && n < len(parent) && common[n] == parent[n] {
			n++
		}
		common = common[:n]
	}
	taken := map[string]bool{}
	names := make([]string, len(dirs))
	for i, d := range dirs {
		var elems []string
		for _, e := range strings.Split(d, "/")[len(common):] {
			if e != "" && e != "." {
				elems = append(elems, e)
			}
		}
		base := slug(strings.Join(elems, "/"))
		if base == "" {
			base = "run" // the directory "." or "/"
		}
		name := base
		for k := 2; taken[name]; k++ {
			name = fmt.Sprintf("%s-%d", base, k)
		}
		taken[name] = true
		names[i] = name
	}
	return names
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

// winRatePlot draws the win rate of each directory, in percent.
// With thoughtful set, the published thoughtful figures are drawn beside.
func winRatePlot(rs []Result, thoughtful bool, width, height float64) *svgPlot {
	p := &svgPlot{Title: "Win rate (95% interval, unknowns either way)", Width: width, Height: height}
	if !thoughtful {
		p.Title = "Players' win rate (Wilson 95% interval)"
	}
	p.Y.Label = "win %"
	p.Y.Pad = 0.05
	var ours []plotPoint
	var sources []string            // the published figures' sources, in the order met
	pub := map[string][]plotPoint{} // by source
	names := make([]string, len(rs))
	for i := range rs {
		names[i] = filepath.Base(rs[i].Dir)
		if len(rs[i].Records) == 0 {
			continue
		}
		wr := rs[i].WinRate()
		ours = append(ours, plotPoint{X: float64(i), Y: 100 * wr.Mid(), Lo: 100 * wr.Range.Lo, Hi: 100 * wr.Range.Hi})
		if thoughtful {
			for j, f := range PublishedFigures(rs[i].Manifest.Rules) {
				if _, ok := pub[f.Source]; !ok {
					sources = append(sources, f.Source)
				}
				pub[f.Source] = append(pub[f.Source], plotPoint{X: float64(i) + 0.15*float64(j+1), Y: 100 * f.Mid, Lo: 100 * (f.Mid - f.Half), Hi: 100 * (f.Mid + f.Half)})
			}
		}
	}
	p.X.Categories = names
	if len(ours) > 0 {
		p.Points("this project", ours, circleMarker, "black")
	}
	for k, src := range sources {
		p.Points("published: "+src, pub[src], crossMarker, plotColour(k))
	}
	return p
}

// timePlot draws the histogram of log10 of the solve times, in ms.
func timePlot(r *Result, width, height float64) *svgPlot {
	vals := make([]float64, len(r.Records))
	for i, rec := range r.Records {
		vals[i] = math.Log10(max(rec.TimeMS, 1e-3))
	}
	p := &svgPlot{Title: "Solve time per deal: " + filepath.ToSlash(r.Dir), Width: width, Height: height}
	p.X.Label = "time per deal (log scale)"
	p.Y.Label = "deals"
	p.Y.FromZero = true
	p.Y.Pad = 0.03
	p.X.Ticks = logTimeTicks
	p.Hist(histogram(vals, min(max(len(vals)/5, 5), 40)))
	return p
}

// logTimeTicks labels the powers of ten of a log10(ms) axis as times.
func logTimeTicks(lo, hi float64) []plotTick {
	var ticks []plotTick
	for e := math.Floor(lo); e <= math.Ceil(hi); e++ {
		if e >= lo && e <= hi {
			ticks = append(ticks, plotTick{Value: e, Label: timeLabel(e)})
		}
		for m := 2.0; m < 10; m++ {
			if v := e + math.Log10(m); v >= lo && v <= hi {
				ticks = append(ticks, plotTick{Value: v})
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
