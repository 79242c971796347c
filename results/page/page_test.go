package page

import (
	"strings"
	"testing"

	"github.com/klondike-family/klondike/engine"
)

// TestWrite checks the page's text without a browser: self-contained (no
// address it could load), the data and title escaped, and the refusals.
func TestWrite(t *testing.T) {
	r := engine.Klondike(3, 0)
	s, err := engine.MustGame(r).NewState(engine.NativeDeal(&r, 1))
	if err != nil {
		t.Fatal(err)
	}
	ln, err := NewLine("game", s, []engine.Step{{Op: engine.OpDraw}}, engine.FoundationLabels{}, engine.Step.String)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := Write(&b, Page{Title: "</script><b>", Subtitle: "a & b", Lines: []Line{ln}, Notes: []string{"</script>"}}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, bad := range []string{"http:", "https:", "//cdn", "@import", "url(", "<link", "src="} {
		if strings.Contains(out, bad) {
			t.Errorf("the page holds %q: it must load nothing", bad)
		}
	}
	if strings.Count(out, "</script>") != 2 || !strings.Contains(out, "&lt;/script&gt;&lt;b&gt;") || !strings.Contains(out, "a &amp; b") {
		t.Errorf("title, subtitle or data not escaped")
	}
	if _, err := NewLine("bad", s, []engine.Step{{Op: engine.OpRecycle}}, engine.FoundationLabels{}, engine.Step.String); err == nil {
		t.Errorf("NewLine took an illegal step")
	}
	for _, p := range []Page{{}, {Lines: []Line{{Frames: ln.Frames, Steps: nil}}}} {
		if err := Write(&b, p); err == nil {
			t.Errorf("Write(%+v) took a page without positions or with steps that do not match", p)
		}
	}
}
