package results

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
)

// svgPlot is a two-dimensional plot written as SVG by Write: a title, two
// axes with ticks, labels and grid lines, and series drawn over them
// (points with vertical error bars, lines with dash patterns, histogram
// bars), with a legend. It is the report's own small plot writer; the
// plots need nothing more.
//
// Sizes are in points (1/72 inch); the SVG's user units are points too.
type svgPlot struct {
	Title         string
	Width, Height float64
	X, Y          plotAxis
	Legend        legendPlace
	series        []plotSeries
}

// plotAxis is one axis of an svgPlot.
type plotAxis struct {
	Label string
	// Min and Max are the axis's range; when both are 0 the range is that
	// of the data, widened by Pad (a share of its length) at each end, and
	// to 0 with FromZero.
	Min, Max float64
	Pad      float64
	FromZero bool
	// Ticks gives the ticks of a range; nil is round numbers. Ticks
	// without a label are minor ticks (shorter, no grid line).
	Ticks func(lo, hi float64) []plotTick
	// Categories makes a nominal axis: category i sits at i, and the
	// range is [-0.5, n-0.5]. Labels that do not fit side by side are
	// written upright (rotated by 90°).
	Categories []string
}

// plotTick is a tick of an axis; one without a label is a minor tick.
type plotTick struct {
	Value float64
	Label string
}

// legendPlace is where the legend goes.
type legendPlace int

const (
	legendAbove legendPlace = iota // in rows between the title and the plot
	legendRight                    // in a column right of the plot
)

// marker is the shape drawn at a point.
type marker int

const (
	noMarker marker = iota
	circleMarker
	crossMarker
)

// plotPoint is a point with a vertical error bar from Lo to Hi (both NaN:
// none).
type plotPoint struct{ X, Y, Lo, Hi float64 }

// histBin is a histogram bar over [Lo, Hi) of height N.
type histBin struct {
	Lo, Hi float64
	N      int
}

// plotSeries is one thing drawn: points, a line through them, or bars.
type plotSeries struct {
	name   string
	points []plotPoint
	bins   []histBin
	marker marker
	line   bool
	errors bool
	colour string
	dashes []float64
}

// Points adds points with error bars drawn in colour with marker m; name
// "" leaves them out of the legend.
func (p *svgPlot) Points(name string, pts []plotPoint, m marker, colour string) {
	p.series = append(p.series, plotSeries{name: name, points: pts, marker: m, errors: true, colour: colour})
}

// Line adds a line through pts (their error bars too with errors set,
// and marker m at each point).
func (p *svgPlot) Line(name string, pts []plotPoint, colour string, dashes []float64, m marker, errors bool) {
	p.series = append(p.series, plotSeries{name: name, points: pts, line: true, marker: m, errors: errors,
		colour: colour, dashes: dashes})
}

// Hist adds histogram bars.
func (p *svgPlot) Hist(bins []histBin) {
	p.series = append(p.series, plotSeries{bins: bins, colour: "#808080"})
}

// histogram puts vals into n bins of equal width from their least to
// their greatest value (the greatest in the last bin).
func histogram(vals []float64, n int) []histBin {
	if len(vals) == 0 || n < 1 {
		return nil
	}
	lo, hi := vals[0], vals[0]
	for _, v := range vals {
		lo, hi = min(lo, v), max(hi, v)
	}
	w := (hi - lo) / float64(n)
	if w == 0 {
		w = 1
	}
	bins := make([]histBin, n)
	for i := range bins {
		bins[i] = histBin{Lo: lo + float64(i)*w, Hi: lo + float64(i+1)*w}
	}
	for _, v := range vals {
		i := min(int((v-lo)/w), n-1)
		bins[i].N++
	}
	return bins
}

// plotColour is the colour of series i; colours repeat after seven, with
// the next dash pattern (plotDashes).
func plotColour(i int) string {
	colours := [...]string{"#d62728", "#2ca02c", "#1f77b4", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2"}
	return colours[i%len(colours)]
}

// plotDashes is the dash pattern of series i: solid for the first seven.
func plotDashes(i int) []float64 {
	dashes := [...][]float64{nil, {6, 2}, {2, 2}, {1, 1}, {5, 2, 1, 2}, {10, 2, 2, 2}}
	return dashes[(i/7)%len(dashes)]
}

// Font sizes and the estimated width of a character, as a share of the
// font size (text is measured without fonts; this errs on the wide side
// for common sans-serif fonts).
const (
	titleSize  = 12.0
	labelSize  = 11.0
	tickSize   = 9.0
	charWidth  = 0.55
	tickLength = 4.0
)

func textWidth(s string, size float64) float64 {
	return float64(len([]rune(s))) * size * charWidth
}

// area is the plot's frame in SVG coordinates (y downwards) and the data
// ranges it shows.
type area struct {
	left, top, right, bottom float64
	xlo, xhi, ylo, yhi       float64
}

func (a *area) px(x float64) float64 {
	return a.left + (x-a.xlo)/(a.xhi-a.xlo)*(a.right-a.left)
}

func (a *area) py(y float64) float64 {
	return a.bottom - (y-a.ylo)/(a.yhi-a.ylo)*(a.bottom-a.top)
}

// dataRange is the least and greatest x and y of the series.
func (p *svgPlot) dataRange() (xlo, xhi, ylo, yhi float64) {
	xlo, ylo = math.Inf(1), math.Inf(1)
	xhi, yhi = math.Inf(-1), math.Inf(-1)
	see := func(x, y float64) {
		if !math.IsNaN(x) && !math.IsInf(x, 0) {
			xlo, xhi = min(xlo, x), max(xhi, x)
		}
		if !math.IsNaN(y) && !math.IsInf(y, 0) {
			ylo, yhi = min(ylo, y), max(yhi, y)
		}
	}
	for _, s := range p.series {
		for _, pt := range s.points {
			see(pt.X, pt.Y)
			if s.errors {
				see(math.NaN(), pt.Lo)
				see(math.NaN(), pt.Hi)
			}
		}
		for _, b := range s.bins {
			see(b.Lo, float64(b.N))
			see(b.Hi, 0)
		}
	}
	return xlo, xhi, ylo, yhi
}

// axisRange is the range shown on an axis with data from lo to hi.
func axisRange(ax *plotAxis, lo, hi float64) (float64, float64) {
	switch {
	case len(ax.Categories) > 0:
		return -0.5, float64(len(ax.Categories)) - 0.5
	case ax.Min != 0 || ax.Max != 0:
		return ax.Min, ax.Max
	case lo > hi: // no data
		return 0, 1
	}
	if ax.FromZero {
		lo, hi = min(lo, 0), max(hi, 0)
	}
	pad := ax.Pad * (hi - lo)
	if !ax.FromZero || lo != 0 { // bars stand on 0: no room below it
		lo -= pad
	}
	hi += pad
	if lo == hi {
		lo, hi = lo-1, hi+1
	}
	return lo, hi
}

// ticks are the axis's ticks in [lo, hi].
func (ax *plotAxis) ticks(lo, hi float64) []plotTick {
	if len(ax.Categories) > 0 {
		ts := make([]plotTick, len(ax.Categories))
		for i, c := range ax.Categories {
			ts[i] = plotTick{float64(i), c}
		}
		return ts
	}
	if ax.Ticks != nil {
		return ax.Ticks(lo, hi)
	}
	return roundTicks(lo, hi)
}

// roundTicks are about five to ten ticks at round numbers (1, 2, 2.5 or 5
// times a power of ten) in [lo, hi].
func roundTicks(lo, hi float64) []plotTick {
	if !(hi > lo) {
		return nil
	}
	raw := (hi - lo) / 6
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	step, decimals := 10*p, -math.Floor(math.Log10(p))-1
	for _, m := range []float64{1, 2, 2.5, 5} {
		if m*p >= raw {
			step, decimals = m*p, -math.Floor(math.Log10(p))
			if m == 2.5 {
				decimals++
			}
			break
		}
	}
	d := max(int(decimals), 0)
	var ts []plotTick
	for v := math.Ceil(lo/step) * step; v <= hi+step*1e-9; v += step {
		if math.Abs(v) < step*1e-9 {
			v = 0
		}
		ts = append(ts, plotTick{v, strconv.FormatFloat(v, 'f', d, 64)})
	}
	return ts
}

// num writes a coordinate.
func num(v float64) string {
	return strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64)
}

// xmlText escapes s for XML character data and attribute values.
func xmlText(s string) string {
	var b strings.Builder
	for _, c := range s {
		switch c {
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '&':
			b.WriteString("&amp;")
		case '"':
			b.WriteString("&quot;")
		case '\'':
			b.WriteString("&apos;")
		default:
			b.WriteRune(c)
		}
	}
	return b.String()
}

// Write writes the plot as SVG to path.
func (p *svgPlot) Write(path string) error {
	return os.WriteFile(path, p.SVG(), 0o644)
}

// legendEntries are the series that have a name.
func (p *svgPlot) legendEntries() []plotSeries {
	var es []plotSeries
	for _, s := range p.series {
		if s.name != "" {
			es = append(es, s)
		}
	}
	return es
}

const legendGap = 12.0 // between legend entries in a row

// sampleWidth is the width of a legend entry's sample: a stretch of line,
// or room for the marker alone.
func (s *plotSeries) sampleWidth() float64 {
	if s.line {
		return 24
	}
	return 10
}

// legendWidth is the width of a legend entry: its sample and name.
func (s *plotSeries) legendWidth() float64 {
	return s.sampleWidth() + 4 + textWidth(s.name, labelSize)
}

// legendRows lays the entries out in rows at most width wide.
func legendRows(es []plotSeries, width float64) [][]plotSeries {
	var rows [][]plotSeries
	var row []plotSeries
	w := 0.0
	for _, e := range es {
		ew := e.legendWidth()
		if len(row) > 0 && w+legendGap+ew > width {
			rows = append(rows, row)
			row, w = nil, 0
		}
		if len(row) > 0 {
			w += legendGap
		}
		row = append(row, e)
		w += ew
	}
	if len(row) > 0 {
		rows = append(rows, row)
	}
	return rows
}

// SVG lays the plot out and returns it as an SVG document.
func (p *svgPlot) SVG() []byte {
	xlo, xhi, ylo, yhi := p.dataRange()
	var a area
	a.xlo, a.xhi = axisRange(&p.X, xlo, xhi)
	a.ylo, a.yhi = axisRange(&p.Y, ylo, yhi)
	xt, yt := p.X.ticks(a.xlo, a.xhi), p.Y.ticks(a.ylo, a.yhi)

	// Margins from the text around the frame.
	yTickW := 0.0
	for _, t := range yt {
		yTickW = max(yTickW, textWidth(t.Label, tickSize))
	}
	a.left = 6 + tickLength + 3 + yTickW
	if p.Y.Label != "" {
		a.left += labelSize + 6
	}
	a.right = p.Width - 12
	es := p.legendEntries()
	if p.Legend == legendRight && len(es) > 0 {
		lw := 0.0
		for _, e := range es {
			lw = max(lw, e.legendWidth())
		}
		a.right -= lw + 12
	}
	a.top = 8
	if p.Title != "" {
		a.top += titleSize + 8
	}
	var rows [][]plotSeries
	if p.Legend == legendAbove && len(es) > 0 {
		rows = legendRows(es, p.Width-a.left-12)
		a.top += float64(len(rows))*(labelSize+4) + 4
	}
	h := p.Height
	slot := (a.right - a.left) / float64(max(len(xt), 1))
	xTickH, rotate := tickSize, false
	for _, t := range xt {
		if len(p.X.Categories) > 0 && textWidth(t.Label, tickSize) > slot*0.9 {
			rotate = true
		}
	}
	if rotate { // the canvas grows by the labels' length
		for _, t := range xt {
			xTickH = max(xTickH, textWidth(t.Label, tickSize))
		}
		h += xTickH - tickSize
	}
	a.bottom = h - 6 - (tickLength + 3 + xTickH)
	if p.X.Label != "" {
		a.bottom -= labelSize + 6
	}

	var b bytes.Buffer
	fmt.Fprintf(&b, `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="%spt" height="%spt" viewBox="0 0 %s %s" font-family="sans-serif">
<rect width="100%%" height="100%%" fill="white"/>
`, num(p.Width), num(h), num(p.Width), num(h))
	if p.Title != "" {
		fmt.Fprintf(&b, `<text x="%s" y="%s" font-size="%s" text-anchor="middle">%s</text>
`, num(p.Width/2), num(8+titleSize), num(titleSize), xmlText(p.Title))
	}

	// Grid lines at the labelled ticks.
	b.WriteString(`<g stroke="#d0d0d0" stroke-width="0.5">` + "\n")
	for _, t := range xt {
		if t.Label != "" {
			x := a.px(t.Value)
			fmt.Fprintf(&b, `<line x1="%s" y1="%s" x2="%s" y2="%s"/>`+"\n", num(x), num(a.top), num(x), num(a.bottom))
		}
	}
	for _, t := range yt {
		if t.Label != "" {
			y := a.py(t.Value)
			fmt.Fprintf(&b, `<line x1="%s" y1="%s" x2="%s" y2="%s"/>`+"\n", num(a.left), num(y), num(a.right), num(y))
		}
	}
	b.WriteString("</g>\n")

	for _, s := range p.series {
		p.drawSeries(&b, &a, &s)
	}

	// The axes, their ticks and labels.
	fmt.Fprintf(&b, `<g stroke="black" stroke-width="0.75" fill="none">
<line x1="%s" y1="%s" x2="%s" y2="%s"/>
<line x1="%s" y1="%s" x2="%s" y2="%s"/>
`, num(a.left), num(a.bottom), num(a.right), num(a.bottom), num(a.left), num(a.top), num(a.left), num(a.bottom))
	for _, t := range xt {
		l := tickLength
		if t.Label == "" {
			l /= 2
		}
		x := a.px(t.Value)
		fmt.Fprintf(&b, `<line x1="%s" y1="%s" x2="%s" y2="%s"/>`+"\n", num(x), num(a.bottom), num(x), num(a.bottom+l))
	}
	for _, t := range yt {
		l := tickLength
		if t.Label == "" {
			l /= 2
		}
		y := a.py(t.Value)
		fmt.Fprintf(&b, `<line x1="%s" y1="%s" x2="%s" y2="%s"/>`+"\n", num(a.left-l), num(y), num(a.left), num(y))
	}
	b.WriteString("</g>\n")
	fmt.Fprintf(&b, `<g font-size="%s">`+"\n", num(tickSize))
	for _, t := range xt {
		if t.Label == "" {
			continue
		}
		x, y := a.px(t.Value), a.bottom+tickLength+3
		if rotate {
			fmt.Fprintf(&b, `<text x="%s" y="%s" text-anchor="end" dominant-baseline="central" transform="rotate(-90 %s %s)">%s</text>`+"\n",
				num(x), num(y), num(x), num(y), xmlText(t.Label))
		} else {
			fmt.Fprintf(&b, `<text x="%s" y="%s" text-anchor="middle">%s</text>`+"\n", num(x), num(y+tickSize), xmlText(t.Label))
		}
	}
	for _, t := range yt {
		if t.Label == "" {
			continue
		}
		fmt.Fprintf(&b, `<text x="%s" y="%s" text-anchor="end" dominant-baseline="central">%s</text>`+"\n",
			num(a.left-tickLength-3), num(a.py(t.Value)), xmlText(t.Label))
	}
	b.WriteString("</g>\n")
	if p.X.Label != "" {
		fmt.Fprintf(&b, `<text x="%s" y="%s" font-size="%s" text-anchor="middle">%s</text>`+"\n",
			num((a.left+a.right)/2), num(h-8), num(labelSize), xmlText(p.X.Label))
	}
	if p.Y.Label != "" {
		x, y := 6+labelSize, (a.top+a.bottom)/2
		fmt.Fprintf(&b, `<text x="%s" y="%s" font-size="%s" text-anchor="middle" transform="rotate(-90 %s %s)">%s</text>`+"\n",
			num(x), num(y), num(labelSize), num(x), num(y), xmlText(p.Y.Label))
	}

	p.drawLegend(&b, &a, es, rows)
	b.WriteString("</svg>\n")
	return b.Bytes()
}

// dashArray is the stroke-dasharray attribute of a dash pattern.
func dashArray(d []float64) string {
	if len(d) == 0 {
		return ""
	}
	parts := make([]string, len(d))
	for i, v := range d {
		parts[i] = num(v)
	}
	return ` stroke-dasharray="` + strings.Join(parts, " ") + `"`
}

func drawMarker(b *bytes.Buffer, m marker, x, y float64, colour string) {
	switch m {
	case circleMarker:
		fmt.Fprintf(b, `<circle cx="%s" cy="%s" r="2.5" fill="none" stroke="%s" stroke-width="1"/>`+"\n", num(x), num(y), colour)
	case crossMarker:
		fmt.Fprintf(b, `<path d="M%s %sl5 5m0 -5l-5 5" stroke="%s" stroke-width="1"/>`+"\n", num(x-2.5), num(y-2.5), colour)
	}
}

func (p *svgPlot) drawSeries(b *bytes.Buffer, a *area, s *plotSeries) {
	for _, bin := range s.bins {
		x0, x1, y0, y1 := a.px(bin.Lo), a.px(bin.Hi), a.py(float64(bin.N)), a.py(0)
		fmt.Fprintf(b, `<rect x="%s" y="%s" width="%s" height="%s" fill="%s" stroke="black" stroke-width="0.5"/>`+"\n",
			num(x0), num(y0), num(x1-x0), num(y1-y0), s.colour)
	}
	if s.line && len(s.points) > 1 {
		var d strings.Builder
		for i, pt := range s.points {
			op := "L"
			if i == 0 {
				op = "M"
			}
			d.WriteString(op + num(a.px(pt.X)) + " " + num(a.py(pt.Y)))
		}
		fmt.Fprintf(b, `<path d="%s" fill="none" stroke="%s" stroke-width="1"%s/>`+"\n", d.String(), s.colour, dashArray(s.dashes))
	}
	for _, pt := range s.points {
		x, y := a.px(pt.X), a.py(pt.Y)
		if s.errors && !math.IsNaN(pt.Lo) && !math.IsNaN(pt.Hi) {
			lo, hi := a.py(pt.Lo), a.py(pt.Hi)
			fmt.Fprintf(b, `<path d="M%s %sV%sM%s %sh6M%s %sh6" stroke="%s" stroke-width="0.75" fill="none"/>`+"\n",
				num(x), num(lo), num(hi), num(x-3), num(lo), num(x-3), num(hi), s.colour)
		}
		drawMarker(b, s.marker, x, y, s.colour)
	}
}

// drawLegend draws each named series' sample and name: in rows above the
// plot (rows) or in a column right of it.
func (p *svgPlot) drawLegend(b *bytes.Buffer, a *area, es []plotSeries, rows [][]plotSeries) {
	if len(es) == 0 {
		return
	}
	entry := func(e plotSeries, x, y float64) {
		sw := e.sampleWidth()
		if e.line {
			fmt.Fprintf(b, `<path d="M%s %sh%s" stroke="%s" stroke-width="1.5"%s/>`+"\n",
				num(x), num(y), num(sw), e.colour, dashArray(e.dashes))
		}
		drawMarker(b, e.marker, x+sw/2, y, e.colour)
		fmt.Fprintf(b, `<text x="%s" y="%s" font-size="%s" dominant-baseline="central">%s</text>`+"\n",
			num(x+sw+4), num(y), num(labelSize), xmlText(e.name))
	}
	if p.Legend == legendRight {
		x := a.right + 12
		for i, e := range es {
			entry(e, x, a.top+labelSize/2+float64(i)*(labelSize+4))
		}
		return
	}
	y := a.top - float64(len(rows))*(labelSize+4) - 4 + labelSize/2
	for _, row := range rows {
		x := a.left
		for _, e := range row {
			entry(e, x, y)
			x += e.legendWidth() + legendGap
		}
		y += labelSize + 4
	}
}
