package results

import (
	"bytes"
	"encoding/xml"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// svgElement is an element of a written plot: its name, attributes and
// character data.
type svgElement struct {
	Name string
	Attr map[string]string
	Text string
}

// parseSVG decodes a plot with encoding/xml, failing the test on any
// error (a plot that is not well-formed XML), and returns its elements in
// document order.
func parseSVG(t *testing.T, doc []byte) []svgElement {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(doc))
	var els []svgElement
	var open []int // indices into els
	for {
		tok, err := d.Token()
		if err != nil {
			if err.Error() == "EOF" {
				break
			}
			t.Fatalf("plot is not well-formed XML: %v\n%s", err, doc)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			e := svgElement{Name: tok.Name.Local, Attr: map[string]string{}}
			for _, a := range tok.Attr {
				e.Attr[a.Name.Local] = a.Value
			}
			els = append(els, e)
			open = append(open, len(els)-1)
		case xml.EndElement:
			open = open[:len(open)-1]
		case xml.CharData:
			if len(open) > 0 {
				els[open[len(open)-1]].Text += string(tok)
			}
		}
	}
	if len(els) == 0 || els[0].Name != "svg" {
		t.Fatalf("plot's root is not <svg>:\n%s", doc)
	}
	return els
}

func attrNum(t *testing.T, e svgElement, name string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(e.Attr[name], 64)
	if err != nil {
		t.Fatalf("<%s %s=%q>: %v", e.Name, name, e.Attr[name], err)
	}
	return v
}

// textAt returns the element <text> whose content is s.
func textAt(t *testing.T, els []svgElement, s string) svgElement {
	t.Helper()
	for _, e := range els {
		if e.Name == "text" && e.Text == s {
			return e
		}
	}
	t.Fatalf("no text %q in the plot", s)
	return svgElement{}
}

// samePlace tells whether two coordinates are equal to within rounding.
func samePlace(a, b float64) bool { return math.Abs(a-b) < 0.02 }

// TestSVGPlotPoints checks that points and their error bars sit where the
// axes' tick labels say their values are.
func TestSVGPlotPoints(t *testing.T) {
	p := &svgPlot{Title: "T <&> \"q\"", Width: 400, Height: 300}
	p.Y.Min, p.Y.Max = 0, 100
	p.Y.Label = "win %"
	p.X.Categories = []string{"a", "b & c", "d"}
	p.Points("ours", []plotPoint{
		{X: 0, Y: 20, Lo: 10, Hi: 30},
		{X: 1, Y: 50, Lo: 40, Hi: 60},
		{X: 2, Y: 80, Lo: 60, Hi: 100},
	}, circleMarker, "black")
	els := parseSVG(t, p.SVG())
	if got := textAt(t, els, "T <&> \"q\""); got.Attr["text-anchor"] != "middle" {
		t.Errorf("title not centred: %v", got.Attr)
	}
	var circles []svgElement
	for _, e := range els {
		if e.Name == "circle" {
			circles = append(circles, e)
		}
	}
	if len(circles) != 4 { // three points and the legend's
		t.Fatalf("got %d circles, want 4", len(circles))
	}
	for i, c := range []struct {
		x    string
		y    string
		cell int
	}{{"a", "20", 0}, {"b & c", "", 1}, {"d", "80", 2}} {
		cx, cy := attrNum(t, circles[i], "cx"), attrNum(t, circles[i], "cy")
		if lx := attrNum(t, textAt(t, els, c.x), "x"); !samePlace(cx, lx) {
			t.Errorf("point %d: cx %v, its category label %q at x %v", i, cx, c.x, lx)
		}
		if c.y == "" {
			continue
		}
		if ly := attrNum(t, textAt(t, els, c.y), "y"); !samePlace(cy, ly) {
			t.Errorf("point %d: cy %v, the tick label %s at y %v", i, cy, c.y, ly)
		}
	}
	// The middle point (50) lies halfway between the ticks 40 and 60,
	// above them on the page.
	y40, y60 := attrNum(t, textAt(t, els, "40"), "y"), attrNum(t, textAt(t, els, "60"), "y")
	if cy := attrNum(t, circles[1], "cy"); !samePlace(cy, (y40+y60)/2) || !(y60 < y40) {
		t.Errorf("point at 50: cy %v, ticks 40 at %v and 60 at %v", cy, y40, y60)
	}
	// The range is 0..100: the ticks 0 and 100 sit at the ends of the y
	// axis (the longest vertical line).
	var top, bottom float64
	for _, e := range els {
		if e.Name == "line" && e.Attr["x1"] == e.Attr["x2"] {
			y1, y2 := attrNum(t, e, "y1"), attrNum(t, e, "y2")
			if y2-y1 > bottom-top {
				top, bottom = y1, y2
			}
		}
	}
	y0, y100 := attrNum(t, textAt(t, els, "0"), "y"), attrNum(t, textAt(t, els, "100"), "y")
	if !samePlace(y0, bottom) || !samePlace(y100, top) {
		t.Errorf("ticks 0 and 100 at y %v and %v, the y axis runs from %v to %v", y0, y100, bottom, top)
	}
	// The third point's error bar runs from the tick 60 to the tick 100.
	var bars []string
	for _, e := range els {
		if e.Name == "path" && strings.Contains(e.Attr["d"], "V") {
			bars = append(bars, e.Attr["d"])
		}
	}
	if len(bars) != 3 {
		t.Fatalf("got %d error bars, want 3: %v", len(bars), bars)
	}
	lo, hi, err := errorBarEnds(bars[2])
	if err != nil {
		t.Fatalf("error bar %q: %v", bars[2], err)
	}
	if !samePlace(lo, y60) || !samePlace(hi, y100) {
		t.Errorf("error bar of 60..100 drawn from y %v to %v, ticks at %v and %v", lo, hi, y60, y100)
	}
}

// errorBarEnds reads the ends of an error bar's path "Mx loVhi...".
func errorBarEnds(d string) (lo, hi float64, err error) {
	f := strings.FieldsFunc(d, func(r rune) bool { return r == 'M' || r == 'V' || r == ' ' || r == 'h' })
	if len(f) < 3 {
		return 0, 0, strconv.ErrSyntax
	}
	if lo, err = strconv.ParseFloat(f[1], 64); err != nil {
		return 0, 0, err
	}
	hi, err = strconv.ParseFloat(f[2], 64)
	return lo, hi, err
}

// TestSVGPlotRotatedLabels checks that category labels too long to sit
// side by side are written upright below the frame, and that the canvas
// grows to hold them.
func TestSVGPlotRotatedLabels(t *testing.T) {
	p := &svgPlot{Width: 200, Height: 150}
	names := []string{"a rather long category name", "another long one", "x"}
	p.X.Categories = names
	p.Points("", []plotPoint{{X: 0, Y: 1, Lo: math.NaN(), Hi: math.NaN()}}, circleMarker, "black")
	els := parseSVG(t, p.SVG())
	if vb := strings.Fields(els[0].Attr["viewBox"]); len(vb) != 4 || vb[3] == "150" {
		t.Errorf("canvas did not grow for upright labels: viewBox %q", els[0].Attr["viewBox"])
	}
	var frameBottom float64
	for _, e := range els {
		if e.Name == "line" && e.Attr["y1"] == e.Attr["y2"] && e.Attr["x1"] != e.Attr["x2"] {
			frameBottom = max(frameBottom, attrNum(t, e, "y1")) // the x axis is the lowest horizontal line
		}
	}
	for _, n := range names {
		e := textAt(t, els, n)
		if !strings.HasPrefix(e.Attr["transform"], "rotate(-90 ") {
			t.Errorf("label %q not rotated: %v", n, e.Attr)
		}
		if y := attrNum(t, e, "y"); y <= frameBottom {
			t.Errorf("label %q at y %v, not below the frame (%v)", n, y, frameBottom)
		}
	}
	// No error bar for NaN bounds.
	for _, e := range els {
		if e.Name == "path" && strings.Contains(e.Attr["d"], "V") {
			t.Errorf("error bar drawn for a point without one: %q", e.Attr["d"])
		}
	}
}

func TestHistogram(t *testing.T) {
	vals := []float64{0, 0.5, 1, 1, 2.5, 3, 4}
	bins := histogram(vals, 4)
	want := []histBin{{0, 1, 2}, {1, 2, 2}, {2, 3, 1}, {3, 4, 2}}
	if !slices.Equal(bins, want) {
		t.Errorf("histogram(%v, 4) = %v, want %v", vals, bins, want)
	}
	if got := histogram([]float64{7, 7}, 3); got[0].N != 2 || got[0].Lo != 7 {
		t.Errorf("histogram of equal values = %v, want both in the first bin from 7", got)
	}
	if got := histogram(nil, 3); got != nil {
		t.Errorf("histogram(nil) = %v, want nil", got)
	}

	// Bars stand on 0 and their heights are proportional to their counts.
	p := &svgPlot{Width: 300, Height: 200}
	p.Y.FromZero = true
	p.Hist(bins)
	els := parseSVG(t, p.SVG())
	var rects []svgElement
	for _, e := range els {
		if e.Name == "rect" && e.Attr["stroke"] == "black" {
			rects = append(rects, e)
		}
	}
	if len(rects) != len(bins) {
		t.Fatalf("got %d bars, want %d", len(rects), len(bins))
	}
	unit := attrNum(t, rects[0], "height") / 2
	base := attrNum(t, rects[0], "y") + attrNum(t, rects[0], "height")
	for i, r := range rects {
		if h := attrNum(t, r, "height"); !samePlace(h, unit*float64(bins[i].N)) {
			t.Errorf("bar %d: height %v, want %v", i, h, unit*float64(bins[i].N))
		}
		if b := attrNum(t, r, "y") + attrNum(t, r, "height"); !samePlace(b, base) {
			t.Errorf("bar %d stands at %v, bar 0 at %v", i, b, base)
		}
	}
	if y0 := attrNum(t, textAt(t, els, "0.0"), "y"); !samePlace(y0, base) {
		t.Errorf("bars stand at %v, the tick 0.0 at %v", base, y0)
	}
}

func TestRoundTicks(t *testing.T) {
	for _, c := range []struct {
		lo, hi float64
		want   string
	}{
		{0, 100, "0 20 40 60 80 100"},
		{-3, 103, "0 20 40 60 80 100"},
		{0, 1, "0.0 0.2 0.4 0.6 0.8 1.0"},
		{44, 63, "45 50 55 60"},
		{0.8, 3.2, "1.0 1.5 2.0 2.5 3.0"},
		{0, 10, "0 2 4 6 8 10"},
		{0, 15, "0.0 2.5 5.0 7.5 10.0 12.5 15.0"},
	} {
		var got []string
		for _, tk := range roundTicks(c.lo, c.hi) {
			got = append(got, tk.Label)
		}
		if g := strings.Join(got, " "); g != c.want {
			t.Errorf("roundTicks(%v, %v) = %q, want %q", c.lo, c.hi, g, c.want)
		}
	}
}

// TestSVGPlotLines checks lines, dash patterns and the legend beside the
// plot.
func TestSVGPlotLines(t *testing.T) {
	p := &svgPlot{Width: 400, Height: 300, Legend: legendRight}
	p.X.Ticks = logTimeTicks
	for i := 0; i < 9; i++ {
		p.Line("series "+strconv.Itoa(i), []plotPoint{{X: 0, Y: 0}, {X: 3, Y: float64(i)}}, plotColour(i), plotDashes(i), noMarker, false)
	}
	els := parseSVG(t, p.SVG())
	lines, dashed := 0, 0
	for _, e := range els {
		if e.Name == "path" && e.Attr["fill"] == "none" && strings.HasPrefix(e.Attr["d"], "M") && strings.Contains(e.Attr["d"], "L") {
			lines++
			if e.Attr["stroke-dasharray"] != "" {
				dashed++
			}
		}
	}
	if lines != 9 || dashed != 2 {
		t.Errorf("got %d lines, %d dashed, want 9 and 2 (colours repeat after seven with a dash pattern)", lines, dashed)
	}
	for _, s := range []string{"1 ms", "10 ms", "100 ms", "1 s", "series 8"} {
		textAt(t, els, s)
	}
	if x8, xTick := attrNum(t, textAt(t, els, "series 8"), "x"), attrNum(t, textAt(t, els, "1 s"), "x"); x8 <= xTick {
		t.Errorf("legend at x %v, not right of the plot (its last tick at %v)", x8, xTick)
	}
}
