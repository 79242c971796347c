// Package page writes a game as one self-contained HTML page: the cards
// drawn at every position of a line of play, stepped through with the
// keyboard or buttons, with the decisive move of an analysis marked and
// the winning alternative beside it. The page has its CSS, script and data
// inline and loads nothing: no network, no fonts but the reader's own.
//
// The positions are computed here, by the engine, and written into the
// page; the script only draws them, so what a page shows at step k is the
// engine's position after k steps.
package page

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"strings"

	"github.com/klondike-family/klondike/engine"
)

//go:embed page.html
var pageHTML string

// Page is what a page shows.
type Page struct {
	Title    string   // the heading: "klondike (draw 3, unlimited passes)"
	Subtitle string   // a line below it: where the deal came from, the verdict
	Lines    []Line   // Lines[0] is the main line; others branch off it
	Decisive int      // the main line's step (from 1) that lost the game, 0 for none
	Notes    []string // lines of text shown under the board (a hint's moves)
}

// Line is a line of play: positions joined by steps.
type Line struct {
	Name   string   `json:"name"`
	From   int      `json:"from"`   // the main line's position it starts from (0 for the main line)
	Frames []Frame  `json:"frames"` // Frames[0] the start, Frames[k] after k steps
	Steps  []string `json:"steps"`  // Steps[k] leads from Frames[k] to Frames[k+1]
}

// Frame is one position as drawn. Cards are written as Card.String writes
// them ("10H", "JK", "??" for a card not seen).
type Frame struct {
	Stock       int        `json:"stock"` // cards in the stock
	Waste       []string   `json:"waste"` // bottom to top
	Foundations [][]string `json:"foundations"`
	Piles       []Pile     `json:"piles"`
	Reserves    [][]string `json:"reserves,omitempty"`
	Cells       []string   `json:"cells,omitempty"` // "" for an empty cell
	Note        string     `json:"note,omitempty"`  // e.g. the position's verdict
}

// Pile is a tableau pile: its face-down cards (counted, not shown) and its
// face-up cards, bottom to top.
type Pile struct {
	Down int      `json:"down"`
	Up   []string `json:"up"`
}

// FrameOf draws a layout.
func FrameOf(l engine.Layout) Frame {
	names := func(cs []engine.Card) []string {
		out := make([]string, len(cs))
		for i, c := range cs {
			out[i] = c.String()
		}
		return out
	}
	f := Frame{Stock: len(l.Stock), Waste: names(l.Waste)}
	for _, fd := range l.Foundations {
		f.Foundations = append(f.Foundations, names(fd))
	}
	for i, p := range l.Piles {
		d := 0
		if i < len(l.FaceDown) {
			d = l.FaceDown[i]
		}
		f.Piles = append(f.Piles, Pile{Down: d, Up: names(p[d:])})
	}
	for _, r := range l.Reserves {
		f.Reserves = append(f.Reserves, names(r))
	}
	for _, c := range l.Cells {
		s := ""
		if c != engine.NoCard {
			s = c.String()
		}
		f.Cells = append(f.Cells, s)
	}
	return f
}

// NewLine plays steps (named with the foundation labels fl) from s and
// draws every position, the foundations in the order of their labels.
// text writes a step for the step list. An illegal step is an error.
func NewLine(name string, s engine.State, steps []engine.Step, fl engine.FoundationLabels, text func(engine.Step) string) (Line, error) {
	moves, _, err := engine.StepMoves(s, steps, fl)
	if err != nil {
		return Line{}, err
	}
	ln := Line{Name: name, Frames: []Frame{FrameOf(fl.Layout(s.Layout()))}, Steps: []string{}}
	for i, m := range moves {
		s.Apply(m)
		ln.Frames = append(ln.Frames, FrameOf(fl.Layout(s.Layout())))
		ln.Steps = append(ln.Steps, text(steps[i]))
	}
	return ln, nil
}

// Write writes the page.
func Write(w io.Writer, p Page) error {
	if len(p.Lines) == 0 || len(p.Lines[0].Frames) == 0 {
		return fmt.Errorf("page: no position to draw")
	}
	for _, ln := range p.Lines {
		if len(ln.Steps) != len(ln.Frames)-1 {
			return fmt.Errorf("page: line %q has %d steps for %d positions", ln.Name, len(ln.Steps), len(ln.Frames))
		}
	}
	data, err := json.Marshal(struct {
		Lines    []Line   `json:"lines"`
		Decisive int      `json:"decisive"`
		Notes    []string `json:"notes"`
	}{p.Lines, p.Decisive, p.Notes})
	if err != nil {
		return err
	}
	// json.Marshal escapes <, > and &, so the data cannot close its script
	r := strings.NewReplacer(
		"{{TITLE}}", html.EscapeString(p.Title),
		"{{SUBTITLE}}", html.EscapeString(p.Subtitle),
		"{{DATA}}", string(data),
	)
	_, err = io.WriteString(w, r.Replace(pageHTML))
	return err
}
