package engine

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// canonical writes plainly what AppendKey's doc comment says the key keeps
// of a one-deck state, with the same folds: piles with face-down cards at
// their place, face-free piles as a sorted multiset, cells as a sorted
// multiset, foundation heights, the talon in turning order, the waste
// position with the cycle positions 0, D, 2D, ..., L one position when
// passes are unlimited, and the recycles only when passes are limited;
// with the Joker, every foundation card by card (the Joker in its place),
// whether the Joker waits, and no cycle fold when the Joker lies in the
// talon where a draw of the cycle turns it up while a foundation is open.
// It keeps face-down cards, which the key leaves to the deal: two states
// of one deal must have equal keys exactly when they have equal canonical
// forms.
func canonical(s *State) string {
	l := s.Layout()
	r := &s.Game().Rules
	var b strings.Builder
	var free []string
	for i, p := range l.Piles {
		if d := l.FaceDown[i]; d > 0 {
			fmt.Fprintf(&b, "t%d:%v|%v ", i+1, p[:d], p[d:])
		} else {
			free = append(free, fmt.Sprint(p))
		}
	}
	slices.Sort(free)
	fmt.Fprintf(&b, "free:%v ", free)
	cells := slices.Clone(l.Cells)
	slices.Sort(cells)
	fmt.Fprintf(&b, "cells:%v ", cells)
	for _, f := range l.Foundations {
		fmt.Fprintf(&b, "f%v ", f)
	}
	if l.JokerWaiting {
		b.WriteString("joker-waits ")
	}
	talon := slices.Clone(l.Waste)
	for i := len(l.Stock) - 1; i >= 0; i-- {
		talon = append(talon, l.Stock[i])
	}
	w := len(l.Waste)
	if r.Passes == 0 && (w == len(talon) || w%r.Draw == 0) && !jokerStopsTalon(r, l, talon) {
		w = 0
	}
	fmt.Fprintf(&b, "talon:%v waste:%d", talon, w)
	if r.Passes > 0 {
		fmt.Fprintf(&b, " recycles:%d", l.Recycles)
	}
	return b.String()
}

// jokerStopsTalon tells, from a layout, whether the Joker lies in the
// talon (turning order) where a draw of the cycle turns it up while some
// foundation is open (holds its Ace, is not complete, has no Joker).
func jokerStopsTalon(r *Rules, l Layout, talon []Card) bool {
	open := false
	for _, f := range l.Foundations {
		if len(f) >= 1 && len(f) < r.Ranks && !slices.Contains(f, Joker) {
			open = true
		}
	}
	p := slices.Index(talon, Joker)
	return open && p >= 0 && (p+1 == len(talon) || (p+1)%r.Draw == 0)
}

// keyPositions plays random games of one deal and returns the positions
// met, repeats included.
func keyPositions(t *testing.T, r Rules, seed uint64, games, plies int) []State {
	t.Helper()
	g := MustGame(r)
	start, err := g.NewState(NativeDeal(&r, seed))
	if err != nil {
		t.Fatalf("deal %d: %v", seed, err)
	}
	rng := rand.New(rand.NewPCG(seed, 5))
	var out []State
	var buf []Move
	for range games {
		s := start
		for range plies {
			out = append(out, s)
			buf = s.Moves(buf[:0])
			if len(buf) == 0 {
				break
			}
			s.Apply(pickGreedy(rng, buf))
		}
	}
	return out
}

func keyOf(t *testing.T, g *Game, l Layout) []byte {
	t.Helper()
	s, err := g.NewState(l)
	if err != nil {
		t.Fatalf("NewState: %v\n%s", err, FormatText(l, TextOptions{}))
	}
	return s.AppendKey(nil)
}

// TestKeyExact plays many games of each deal and checks that two positions
// have equal keys exactly when they have equal canonical forms, and equal
// hashes exactly when they have equal keys.
func TestKeyExact(t *testing.T) {
	deals, games := 2, 6
	if *deep {
		deals, games = 30, 100
	}
	sets := playRuleSets()
	for _, name := range playSetNames() {
		r := sets[name]
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			folds := 0
			for seed := uint64(0); seed < uint64(deals); seed++ {
				byKey := map[string]string{}
				stateOf := map[string]State{}
				byCanon := map[string]string{}
				byHash := map[uint64]string{}
				for _, s := range keyPositions(t, r, seed, games, 120) {
					k, c := string(s.AppendKey(nil)), canonical(&s)
					if len(k) > MaxKeyLen || len(k) > 255 { // the solver's table stores a key's length in a byte
						t.Fatalf("key of %d bytes, MaxKeyLen %d", len(k), MaxKeyLen)
					}
					if old, ok := byKey[k]; ok {
						first := stateOf[k]
						if old != c {
							t.Fatalf("deal %d: equal keys for different positions\n%s\n%s\n(%s)\n(%s)", seed,
								FormatText(first.Layout(), TextOptions{}), FormatText(s.Layout(), TextOptions{}), old, c)
						}
						if dealfmtLayoutDiff(first.Layout(), s.Layout()) != "" {
							folds++
						}
						continue
					}
					if old, ok := byCanon[c]; ok && old != k {
						t.Fatalf("deal %d: different keys for equivalent positions (%s)\n%x\n%x", seed, c, old, k)
					}
					h := s.Hash()
					if old, ok := byHash[h]; ok && old != k {
						t.Fatalf("deal %d: hash %x of two keys\n%x\n%x", seed, h, old, k)
					}
					byKey[k], stateOf[k], byCanon[c], byHash[h] = c, s, k, k
				}
			}
			if folds == 0 {
				t.Errorf("no two different layouts met with one key: the folds went untested")
			}
		})
	}
}

// TestKeyFolds builds, from played positions, the layouts the key folds
// away and checks their keys: two face-free piles swapped and two cells
// swapped keep the key; two piles with face-down cards swapped change it;
// with unlimited passes, every waste position on the draw cycle keeps it
// and a position off the cycle changes it.
func TestKeyFolds(t *testing.T) {
	sets := playRuleSets()
	var swappedFree, swappedDown, swappedCells, cycle, offCycle int
	for _, name := range playSetNames() {
		r := sets[name]
		g := MustGame(r)
		seen := map[string]bool{}
		for n, s := range keyPositions(t, r, 1, 4, 200) {
			key := s.AppendKey(nil)
			if n%3 != 0 || seen[string(key)] {
				continue
			}
			seen[string(key)] = true
			l := s.Layout()
			for i := range l.Piles {
				for j := i + 1; j < len(l.Piles); j++ {
					if slices.Equal(l.Piles[i], l.Piles[j]) {
						continue
					}
					m := l.Clone()
					m.Piles[i], m.Piles[j] = m.Piles[j], m.Piles[i]
					m.FaceDown[i], m.FaceDown[j] = m.FaceDown[j], m.FaceDown[i]
					got := keyOf(t, g, m)
					switch {
					case l.FaceDown[i] == 0 && l.FaceDown[j] == 0:
						swappedFree++
						if !bytes.Equal(got, key) {
							t.Fatalf("%s: swapping face-free piles %d and %d changes the key\n%s", name, i+1, j+1, FormatText(l, TextOptions{}))
						}
					case l.FaceDown[i] > 0 && l.FaceDown[j] > 0:
						swappedDown++
						if bytes.Equal(got, key) {
							t.Fatalf("%s: swapping piles %d and %d with face-down cards keeps the key\n%s", name, i+1, j+1, FormatText(l, TextOptions{}))
						}
					}
				}
			}
			if len(l.Cells) == 2 && l.Cells[0] != l.Cells[1] {
				m := l.Clone()
				m.Cells[0], m.Cells[1] = m.Cells[1], m.Cells[0]
				swappedCells++
				if !bytes.Equal(keyOf(t, g, m), key) {
					t.Fatalf("%s: swapping the cells changes the key\n%s", name, FormatText(l, TextOptions{}))
				}
			}
			if r.Passes != 0 || len(l.Waste)+len(l.Stock) < 2 {
				continue
			}
			talon := slices.Clone(l.Waste)
			for i := len(l.Stock) - 1; i >= 0; i-- {
				talon = append(talon, l.Stock[i])
			}
			w := len(l.Waste)
			onCycle := w == len(talon) || w%r.Draw == 0
			// (TestJokerKeyCycle builds the positions where the Joker
			// stops the cycle; random play seldom meets them.)
			stops := jokerStopsTalon(&r, l, talon)
			for v := 0; v <= len(talon); v++ {
				m := l.Clone()
				m.Waste = slices.Clone(talon[:v])
				m.Stock = m.Stock[:0]
				for i := len(talon) - 1; i >= v; i-- {
					m.Stock = append(m.Stock, talon[i])
				}
				same := bytes.Equal(keyOf(t, g, m), key)
				vOn := v == len(talon) || v%r.Draw == 0
				switch {
				case v == w:
					if !same {
						t.Fatalf("%s: rebuilding the talon changes the key", name)
					}
				case onCycle && vOn && !stops:
					cycle++
					if !same {
						t.Fatalf("%s: waste positions %d and %d of the draw cycle (talon %d) have different keys", name, w, v, len(talon))
					}
				default:
					offCycle++
					if same {
						t.Fatalf("%s: waste positions %d and %d (talon %d, draw %d) have one key", name, w, v, len(talon), r.Draw)
					}
				}
			}
		}
	}
	for _, c := range []struct {
		what string
		n    int
	}{{"face-free pile swaps", swappedFree}, {"face-down pile swaps", swappedDown}, {"cell swaps", swappedCells},
		{"cycle positions", cycle}, {"off-cycle positions", offCycle}} {
		if c.n == 0 {
			t.Errorf("no %s tried", c.what)
		}
	}
}

// cardSpot is the place of one card in a layout.
type cardSpot struct {
	where string // "t", "stock", "waste", "c"
	i, k  int    // pile or cell index; card index in the pile, stock or waste
}

func spotsOf(l Layout) []cardSpot {
	var out []cardSpot
	for i, p := range l.Piles {
		for k := range p {
			out = append(out, cardSpot{"t", i, k})
		}
	}
	for k := range l.Stock {
		out = append(out, cardSpot{"stock", 0, k})
	}
	for k := range l.Waste {
		out = append(out, cardSpot{"waste", 0, k})
	}
	for i, c := range l.Cells {
		if c != NoCard {
			out = append(out, cardSpot{"c", i, 0})
		}
	}
	return out
}

func cardAt(l *Layout, p cardSpot) *Card {
	switch p.where {
	case "t":
		return &l.Piles[p.i][p.k]
	case "stock":
		return &l.Stock[p.k]
	case "waste":
		return &l.Waste[p.k]
	}
	return &l.Cells[p.i]
}

// hidden tells whether the key leaves a card to the deal: a face-down card
// (named by its pile's count) or a talon card (named by the talon's set).
func hidden(l Layout, p cardSpot) string {
	switch {
	case p.where == "t" && p.k < l.FaceDown[p.i]:
		return "down"
	case p.where == "stock" || p.where == "waste":
		return "talon"
	}
	return ""
}

// TestKeyChangesWithCard changes played positions card by card, swapping
// two cards or moving one card onto another location, and checks that the
// key changes exactly when the canonical form does. Swaps that only the
// deal tells apart (two face-down cards, two talon cards) are left out.
func TestKeyChangesWithCard(t *testing.T) {
	sets := playRuleSets()
	changed := 0
	for _, name := range playSetNames() {
		r := sets[name]
		g := MustGame(r)
		rng := rand.New(rand.NewPCG(2, 2))
		seen := map[string]bool{}
		for n, s := range keyPositions(t, r, 2, 3, 120) {
			if n%6 != 0 || seen[string(s.AppendKey(nil))] {
				continue
			}
			seen[string(s.AppendKey(nil))] = true
			l := s.Layout()
			key, canon := s.AppendKey(nil), canonical(&s)
			check := func(m Layout, what string) {
				t.Helper()
				ms, err := g.NewState(m)
				if err != nil {
					return // not a position of the game
				}
				sameKey := bytes.Equal(ms.AppendKey(nil), key)
				sameCanon := canonical(&ms) == canon
				if sameKey != sameCanon {
					t.Fatalf("%s: %s: same key %v, same position %v\nbefore\n%s\nafter\n%s", name, what, sameKey, sameCanon,
						FormatText(l, TextOptions{}), FormatText(m, TextOptions{}))
				}
				if !sameKey {
					changed++
				}
			}
			spots := spotsOf(l)
			for range 30 {
				if len(spots) < 2 {
					break
				}
				a, b := spots[rng.IntN(len(spots))], spots[rng.IntN(len(spots))]
				if a == b || (hidden(l, a) != "" && hidden(l, a) == hidden(l, b)) {
					continue
				}
				m := l.Clone()
				ca, cb := cardAt(&m, a), cardAt(&m, b)
				*ca, *cb = *cb, *ca
				check(m, fmt.Sprintf("swap %v and %v", a, b))
			}
			// Move one top card onto another location.
			for i, p := range l.Piles {
				if len(p) == 0 || len(p)-1 == l.FaceDown[i] && l.FaceDown[i] > 0 {
					continue
				}
				c := p[len(p)-1]
				for j := range l.Piles {
					if j == i {
						continue
					}
					m := l.Clone()
					m.Piles[i] = m.Piles[i][:len(p)-1]
					m.Piles[j] = append(m.Piles[j], c)
					check(m, fmt.Sprintf("move %v from t%d to t%d", c, i+1, j+1))
				}
				m := l.Clone()
				m.Piles[i] = m.Piles[i][:len(p)-1]
				m.Waste = append(m.Waste, c)
				check(m, fmt.Sprintf("move %v from t%d to the waste", c, i+1))
				for k, cell := range l.Cells {
					if cell == NoCard {
						m := l.Clone()
						m.Piles[i] = m.Piles[i][:len(p)-1]
						m.Cells[k] = c
						check(m, fmt.Sprintf("move %v from t%d to c%d", c, i+1, k+1))
					}
				}
			}
			if len(l.Waste) > 0 {
				c := l.Waste[len(l.Waste)-1]
				for j := range l.Piles {
					m := l.Clone()
					m.Waste = m.Waste[:len(m.Waste)-1]
					m.Piles[j] = append(m.Piles[j], c)
					check(m, fmt.Sprintf("move %v from the waste to t%d", c, j+1))
				}
			}
		}
	}
	if changed == 0 {
		t.Error("no change tried")
	}
}
