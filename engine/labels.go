package engine

import "strconv"

// FoundationLabels keeps the names a position file gave its foundations.
//
// A State numbers its foundations by suit (foundation i holds suit i%4), so
// a file that starts "f1: AS" has its spades on the state's f4. The labels
// say, for each foundation of the state, which fN the file called it, so
// that every output (steps, positions) speaks of the foundations as the
// user did. A foundation the file left empty (or did not list) keeps its
// own number when the file gave that label to no started foundation, and
// otherwise takes the lowest label left over. The zero value is the identity:
// the state's own numbering, as for a deal made from a seed.
type FoundationLabels struct {
	label []int // label[i]: the label (0-based) of the state's foundation i; nil for the identity
}

// FoundationLabels returns the labels of the foundations of l, a layout
// NewState accepts (the error is NewState's when it does not).
func (g *Game) FoundationLabels(l Layout) (FoundationLabels, error) {
	base := 1
	if g.Rules.BaseDealt {
		for _, f := range l.Foundations {
			if len(f) > 0 {
				base = f[0].Rank()
				break
			}
		}
	}
	slots, err := g.foundationSlots(l, base)
	if err != nil {
		return FoundationLabels{}, err
	}
	label := make([]int, g.founds)
	var taken [MaxFoundations]bool
	var given [MaxFoundations]bool
	for i := range label {
		label[i] = -1
	}
	for j, i := range slots {
		if i >= 0 {
			label[i], taken[j], given[i] = j, true, true
		}
	}
	// An unstarted foundation keeps its own number when it is free, else
	// takes the lowest label left.
	for i := range label {
		if !given[i] && !taken[i] {
			label[i], taken[i], given[i] = i, true, true
		}
	}
	next := 0
	identity := true
	for i := range label {
		if !given[i] {
			for taken[next] {
				next++
			}
			label[i], taken[next] = next, true
		}
		if label[i] != i {
			identity = false
		}
	}
	if identity {
		return FoundationLabels{}, nil
	}
	return FoundationLabels{label: label}, nil
}

// Identity tells whether the labels are the state's own numbering.
func (fl FoundationLabels) Identity() bool { return fl.label == nil }

// Label returns the label (0-based) of the state's foundation i.
func (fl FoundationLabels) Label(i int) int {
	if fl.label == nil || i < 0 || i >= len(fl.label) {
		return i
	}
	return fl.label[i]
}

// Index returns the state's foundation that label k (0-based) names.
func (fl FoundationLabels) Index(k int) int {
	for i, l := range fl.label {
		if l == k {
			return i
		}
	}
	return k
}

// Loc returns the place the user calls the state's place l: a foundation
// takes its label; every other place keeps its name.
func (fl FoundationLabels) Loc(l Loc) Loc {
	if !l.IsFoundation() {
		return l
	}
	return LocFound0 + Loc(fl.Label(int(l-LocFound0)))
}

// StateLoc returns the state's place that the user's place l names.
func (fl FoundationLabels) StateLoc(l Loc) Loc {
	if !l.IsFoundation() {
		return l
	}
	return LocFound0 + Loc(fl.Index(int(l-LocFound0)))
}

// Step returns st, written with the state's foundation numbers, with the
// user's labels instead.
func (fl FoundationLabels) Step(st Step) Step {
	return fl.rename(st, fl.Loc)
}

// StateStep returns st, written with the user's labels, with the state's
// foundation numbers instead. Names that are no foundation are kept as
// they are (Replay refuses what it cannot read).
func (fl FoundationLabels) StateStep(st Step) Step {
	return fl.rename(st, fl.StateLoc)
}

func (fl FoundationLabels) rename(st Step, f func(Loc) Loc) Step {
	if fl.label == nil {
		return st
	}
	name := func(s string) string {
		if len(s) < 2 || s[0] != 'f' {
			return s
		}
		l, err := parseLoc(s)
		if err != nil {
			return s
		}
		return f(l).String()
	}
	st.From, st.To = name(st.From), name(st.To)
	if st.Joker != "wait" {
		st.Joker = name(st.Joker)
	}
	return st
}

// Steps renames every step as Step does, in a new slice.
func (fl FoundationLabels) Steps(steps []Step) []Step {
	out := make([]Step, len(steps))
	for i, st := range steps {
		out[i] = fl.Step(st)
	}
	return out
}

// Layout returns l, a state's layout (foundations in the state's order),
// with its foundations in the order of their labels.
func (fl FoundationLabels) Layout(l Layout) Layout {
	if fl.label == nil {
		return l
	}
	out := l
	out.Foundations = make([][]Card, len(l.Foundations))
	for i, f := range l.Foundations {
		out.Foundations[fl.Label(i)] = f
	}
	return out
}

// Name returns the user's name of the state's foundation i: "f1", "f2", ...
func (fl FoundationLabels) Name(i int) string { return "f" + strconv.Itoa(fl.Label(i)+1) }
