package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestFoundationLabels checks the labels of hand-written foundations: a
// started foundation keeps the name the file gave it, an unstarted one its
// own number when free, else the lowest label left.
func TestFoundationLabels(t *testing.T) {
	tests := []struct {
		name  string
		found []string // the file's foundations, f1.. in order
		want  []int    // label (1-based) of the state's f1..f4
	}{
		{"none", nil, []int{1, 2, 3, 4}},
		{"in suit order", []string{"AC", "AD", "AH", "AS"}, []int{1, 2, 3, 4}},
		{"spades on f1", []string{"AS", "", "", ""}, []int{4, 2, 3, 1}},
		{"diamonds on f4", []string{"", "", "", "AD"}, []int{1, 4, 3, 2}},
		{"reversed", []string{"AS", "AH", "AD", "AC"}, []int{4, 3, 2, 1}},
		{"one line only", []string{"AH"}, []int{3, 2, 1, 4}},
	}
	r := Klondike(3, 0)
	g := MustGame(r)
	for _, tc := range tests {
		l := NativeDeal(&r, 1)
		l.Foundations = nil
		for _, c := range tc.found {
			f := []Card{}
			if c != "" {
				card, _, err := ParseCard(c)
				if err != nil {
					t.Fatal(err)
				}
				f = append(f, card)
				removeCard(&l, card)
			}
			l.Foundations = append(l.Foundations, f)
		}
		fl, err := g.FoundationLabels(l)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		var got []int
		for i := 0; i < 4; i++ {
			got = append(got, fl.Label(i)+1)
			if fl.Index(fl.Label(i)) != i {
				t.Errorf("%s: Index(Label(%d)) = %d", tc.name, i, fl.Index(fl.Label(i)))
			}
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: labels %v, want %v", tc.name, got, tc.want)
		}
		if fl.Identity() != slices.Equal(tc.want, []int{1, 2, 3, 4}) {
			t.Errorf("%s: Identity() = %v", tc.name, fl.Identity())
		}
	}
}

// removeCard takes card c out of l's piles and stock (a test helper to
// move it onto a foundation); a pile left with face-down cards on top
// turns its top card up.
func removeCard(l *Layout, c Card) {
	for i, p := range l.Piles {
		if k := slices.Index(p, c); k >= 0 {
			l.Piles[i] = slices.Delete(p, k, k+1)
			if l.FaceDown[i] > k || l.FaceDown[i] >= len(l.Piles[i]) {
				l.FaceDown[i] = max(0, min(l.FaceDown[i]-1, len(l.Piles[i])-1))
			}
			return
		}
	}
	if k := slices.Index(l.Stock, c); k >= 0 {
		l.Stock = slices.Delete(l.Stock, k, k+1)
	}
}

// TestFoundationLabelsReplay plays random games, and from positions with
// started foundations writes the layout with its foundations shuffled:
// the state read back is the same position, labels put its foundations
// back in the file's order, and a random line from there, written with the
// labels, replays under them (Replay checks each move's card, so every
// foundation named holds the card's suit) and renames back to the state's
// steps.
func TestFoundationLabelsReplay(t *testing.T) {
	sets := klondikeRuleSets()
	dk := Klondike(3, 0)
	dk.Decks, dk.Deal = 2, []PileDeal{{0, 1}, {1, 1}, {2, 1}, {3, 1}, {4, 1}, {5, 1}, {6, 1}, {7, 1}, {8, 1}}
	sets["double"] = dk
	names := append(ruleSetNames(), "double")
	checked := 0
	for _, name := range names {
		r := sets[name]
		g := MustGame(r)
		for seed := uint64(0); seed < 3; seed++ {
			rng := rand.New(rand.NewPCG(seed, 5))
			s, err := g.NewState(NativeDeal(&r, seed))
			if err != nil {
				t.Fatal(err)
			}
			var line []Move
			var buf []Move
			for ply := 0; ply < 400; ply++ {
				if buf = s.Moves(buf[:0]); len(buf) == 0 {
					break
				}
				// prefer foundation moves so that foundations start
				m := pickMove(rng, buf)
				for _, c := range buf {
					if c.To().IsFoundation() && rng.IntN(2) == 0 {
						m = c
					}
				}
				line = append(line, m)
				s.Apply(m)
			}
			// a position in the middle of the line
			s2, err := g.NewState(NativeDeal(&r, seed))
			if err != nil {
				t.Fatal(err)
			}
			half := len(line) / 2
			for _, m := range line[:half] {
				s2.Apply(m)
			}
			if s2.FoundationCards() == 0 {
				continue
			}
			l := s2.Layout()
			perm := rng.Perm(len(l.Foundations))
			file := l.Clone()
			for i, p := range perm {
				file.Foundations[p] = l.Foundations[i]
			}
			got, err := g.NewState(file)
			if err != nil {
				t.Fatalf("%s seed %d: NewState of the shuffled foundations: %v", name, seed, err)
			}
			if string(got.AppendKey(nil)) != string(s2.AppendKey(nil)) {
				t.Fatalf("%s seed %d: the shuffled layout is another position", name, seed)
			}
			fl, err := g.FoundationLabels(file)
			if err != nil {
				t.Fatal(err)
			}
			back := fl.Layout(got.Layout())
			for k := range file.Foundations {
				if len(file.Foundations[k]) > 0 && !slices.Equal(back.Foundations[k], file.Foundations[k]) {
					t.Fatalf("%s seed %d: f%d is %v, the file has %v", name, seed, k+1, back.Foundations[k], file.Foundations[k])
				}
			}
			var rest []Move
			for p := got; len(rest) < 200; {
				if buf = p.Moves(buf[:0]); len(buf) == 0 {
					break
				}
				m := pickMove(rng, buf)
				rest = append(rest, m)
				p.Apply(m)
			}
			internal := Steps(got, rest)
			steps := fl.Steps(internal)
			if _, err := ReplayLabelled(got, steps, fl); err != nil {
				t.Fatalf("%s seed %d: the labelled line does not replay: %v", name, seed, err)
			}
			for i, st := range steps {
				back := fl.StateStep(st)
				if back != internal[i] {
					t.Fatalf("%s seed %d: step %d: StateStep(Step(%v)) = %v", name, seed, i+1, internal[i], back)
				}
			}
			checked++
		}
	}
	if checked < 10 {
		t.Fatalf("only %d positions with started foundations checked", checked)
	}
}
