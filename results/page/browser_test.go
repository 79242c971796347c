package page

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/solver"
)

// chromium finds Debian's Chromium. Without it the browser tests are
// skipped, except in CI (CI=true), where they fail: .ci/run installs it.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("chromium is not installed; CI must have it (.ci/run installs Debian's chromium)")
	}
	t.Skip("chromium is not installed (apt-get install chromium); the page is not tested in a browser")
	return ""
}

// dumpDOM loads the page in headless Chromium with script run after the
// page's own (it presses keys and buttons) and returns the DOM it drew.
func dumpDOM(t *testing.T, bin, pageHTML, script string) string {
	t.Helper()
	html := strings.Replace(pageHTML, "</body>", "<script>"+script+"</script>\n</body>", 1)
	path := filepath.Join(t.TempDir(), "page.html")
	if err := os.WriteFile(path, []byte(html), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
		"--user-data-dir="+t.TempDir(), "--dump-dom", "file://"+path)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("chromium --dump-dom: %v", err)
	}
	return string(out)
}

var (
	zoneRE = regexp.MustCompile(`<div class="zone[^"]*" id="(\w+)">(.*?)</div>`)
	spanRE = regexp.MustCompile(`<span class="([^"]*)"[^>]*>([^<]*)</span>`)
	bodyRE = regexp.MustCompile(`<body data-line="(\d+)" data-step="(\d+)"`)
)

// drawn is what the page drew in one zone: its face-down cards, face-up
// cards (as shown: "10♥") and count badge.
type drawn struct {
	down  int
	up    []string
	count int // -1 without a badge
}

func parseZones(t *testing.T, dom string) map[string]drawn {
	t.Helper()
	zones := map[string]drawn{}
	for _, m := range zoneRE.FindAllStringSubmatch(dom, -1) {
		d := drawn{count: -1}
		for _, s := range spanRE.FindAllStringSubmatch(m[2], -1) {
			cls := strings.Fields(s[1])
			switch {
			case cls[0] == "card" && cls[1] == "down":
				d.down++
			case cls[0] == "card":
				d.up = append(d.up, strings.ReplaceAll(s[2], "&amp;", "&"))
			case cls[0] == "count":
				n, err := strconv.Atoi(s[2])
				if err != nil {
					t.Fatalf("count %q", s[2])
				}
				d.count = n
			}
		}
		zones[m[1]] = d
	}
	return zones
}

// checkDrawn compares what the page drew with the engine's layout: the
// stock's count, the waste's top three cards and count, each foundation's
// top card and count, each pile's face-down count and face-up cards.
func checkDrawn(t *testing.T, what string, dom string, l engine.Layout) {
	t.Helper()
	z := parseZones(t, dom)
	sym := func(cs []engine.Card) []string {
		out := []string{}
		for _, c := range cs {
			out = append(out, c.Symbol())
		}
		return out
	}
	same := func(a, b []string) bool { return strings.Join(a, " ") == strings.Join(b, " ") }
	stock := z["stock"]
	if want := len(l.Stock); (want == 0 && (stock.down != 0 || stock.count != -1)) || (want > 0 && (stock.down != 1 || stock.count != want)) {
		t.Fatalf("%s: stock drawn %+v, the engine's has %d cards", what, stock, want)
	}
	w := z["waste"]
	top := l.Waste[max(0, len(l.Waste)-3):]
	if !same(w.up, sym(top)) || (len(l.Waste) > 0 && w.count != len(l.Waste)) {
		t.Fatalf("%s: waste drawn %+v, the engine's is %v", what, w, l.Waste)
	}
	for i, f := range l.Foundations {
		d := z[fmt.Sprintf("f%d", i+1)]
		var want []string
		if len(f) > 0 {
			want = sym(f[len(f)-1:])
		}
		if !same(d.up, want) || (len(f) > 0 && d.count != len(f)) {
			t.Fatalf("%s: f%d drawn %+v, the engine's is %v", what, i+1, d, f)
		}
	}
	for i, p := range l.Piles {
		d := z[fmt.Sprintf("t%d", i+1)]
		if d.down != l.FaceDown[i] || !same(d.up, sym(p[l.FaceDown[i]:])) {
			t.Fatalf("%s: t%d drawn %+v, the engine's is %v face down then %v", what, i+1, d, l.FaceDown[i], p[l.FaceDown[i]:])
		}
	}
	if len(z) != 2+len(l.Foundations)+len(l.Piles) {
		t.Fatalf("%s: %d zones drawn, want %d", what, len(z), 2+len(l.Foundations)+len(l.Piles))
	}
}

// TestPageInBrowser loads a page of a won deal and of a lost game with a
// winning alternative in headless Chromium, steps through them with the
// buttons and the keyboard, and compares what is drawn with the engine's
// position at that step, replayed here independently of the page.
func TestPageInBrowser(t *testing.T) {
	bin := chromium(t)
	r := engine.Klondike(3, 0)
	g := engine.MustGame(r)
	start, err := g.NewState(engine.NativeDeal(&r, 6))
	if err != nil {
		t.Fatal(err)
	}
	res := solver.Solve(context.Background(), start, solver.Options{MaxNodes: 200_000})
	if res.Verdict != solver.Won {
		t.Fatalf("deal 6: %v", res.Verdict)
	}
	steps := engine.Steps(start, res.Solution)
	text := func(st engine.Step) string { return st.String() }
	main, err := NewLine("solution", start, steps, engine.FoundationLabels{}, text)
	if err != nil {
		t.Fatal(err)
	}
	// a second line: from position 3, the rest of the solution
	alt, err := NewLine("alternative", after(t, start, steps[:3]), steps[3:], engine.FoundationLabels{}, text)
	if err != nil {
		t.Fatal(err)
	}
	alt.From = 3
	var b strings.Builder
	if err := Write(&b, Page{Title: "klondike <draw 3>", Subtitle: "deal 6", Lines: []Line{main, alt}, Decisive: 4}); err != nil {
		t.Fatal(err)
	}
	n := len(steps)
	key := func(k string) string {
		return `document.dispatchEvent(new KeyboardEvent("keydown", {key: "` + k + `", bubbles: true}));`
	}
	for _, tc := range []struct {
		name       string
		script     string
		line, step int
	}{
		{"loaded", "", 0, 0},
		{"next button", `document.getElementById("next").click();`, 0, 1},
		{"arrow keys", strings.Repeat(key("ArrowRight"), 9) + strings.Repeat(key("ArrowLeft"), 2), 0, 7},
		{"End key", key("End"), 0, n},
		{"last button then prev", `document.getElementById("last").click();document.getElementById("prev").click();`, 0, n - 1},
		{"alternative to its end", key("ArrowRight") + key("ArrowRight") + key("ArrowRight") + key("a") + key("End"), 1, n - 3},
		{"alternative and back", key("a") + key("ArrowRight") + key("a"), 0, 3},
	} {
		dom := dumpDOM(t, bin, b.String(), tc.script)
		m := bodyRE.FindStringSubmatch(dom)
		if m == nil || m[1] != strconv.Itoa(tc.line) || m[2] != strconv.Itoa(tc.step) {
			t.Fatalf("%s: body says %v, want line %d step %d", tc.name, m, tc.line, tc.step)
		}
		game := tc.step
		if tc.line == 1 {
			game += 3
		}
		want := after(t, start, steps[:game])
		checkDrawn(t, tc.name, dom, want.Layout())
		if tc.name == "loaded" && !strings.Contains(dom, "<title>klondike &lt;draw 3&gt;</title>") {
			t.Fatalf("the title is not escaped")
		}
		if tc.step == 3 && tc.line == 0 && !strings.Contains(dom, `class="decisive"`) {
			t.Fatalf("%s: the decisive move is not marked", tc.name)
		}
	}
}

// after replays steps from s.
func after(t *testing.T, s engine.State, steps []engine.Step) engine.State {
	t.Helper()
	end, err := engine.Replay(s, steps)
	if err != nil {
		t.Fatal(err)
	}
	return end
}
