package solver

import "github.com/klondike-family/klondike/engine"

// pendGenApplies tells whether pendMoves serves the rules: one deck, no
// Joker, no reserves, a waste, piles built down in alternating colour from
// Aces without wrapping, any run or whole runs moved.
func pendGenApplies(r *engine.Rules) bool {
	return r.Decks == 1 && !r.Joker && r.Reserves == 0 && r.StockTo == engine.StockToWaste &&
		r.Build == engine.BuildAltColour && !r.Wrap && !r.BaseDealt && r.Ranks <= 13 &&
		(r.Unit == engine.UnitAnyRun || r.Unit == engine.UnitWholeRun)
}

// pendMoves appends to dst the moves of usesOf(s, pend, s.Moves(nil)) but
// the waste's, in the same order, without generating the others: a
// restricted node offers only a few moves, and most nodes of a long search
// are restricted. TestPendMovesSame checks it against usesOf on random
// walks. The waste's moves are left out: generate plays the talon through
// kplus, which filters the talon's moves with usesOf.
func (sr *search) pendMoves(s *engine.State, pend pendT, dst []engine.Move) []engine.Move {
	g := s.Game()
	r := &g.Rules
	np := g.Piles()
	var tops [engine.MaxPiles]engine.Card
	for j := 0; j < np; j++ {
		if p := s.Pile(j); len(p) > 0 {
			tops[j] = p[len(p)-1]
		}
	}
	empty := pend == pendEmpty
	u := engine.Card(pend & 63)
	kind := pend & pendKind
	toFound := !empty && (kind == pendCard || kind == pendPartial)
	toCell := !empty && kind != pendTalon
	// target tells whether a move onto pile j is a use.
	target := func(j int) bool {
		if empty {
			return tops[j] == engine.NoCard
		}
		return tops[j] == u
	}
	// 1. u to its foundation.
	if toFound {
		for i := 0; i < np; i++ {
			if tops[i] == u && s.CanFound(u) {
				m := engine.NewMove(engine.LocPile0+engine.Loc(i), engine.LocFound0+engine.Loc(u.Suit()), 1)
				if len(s.Pile(i))-1 == s.Down(i) && s.Down(i) > 0 {
					m = withFlip(m)
				}
				dst = append(dst, m)
			}
		}
	}
	// 2. Groups from pile to pile, onto u (or into an empty pile).
	for i := 0; i < np; i++ {
		if tops[i] == engine.NoCard {
			continue
		}
		p := s.Pile(i)
		n, d := len(p), s.Down(i)
		up := n - d
		groups := 1
		for groups < up && g.Fits(p[n-groups], p[n-groups-1]) {
			groups++
		}
		lo := 1
		if r.Unit == engine.UnitWholeRun {
			if groups != up {
				continue
			}
			lo = up
		}
		for j := 0; j < np; j++ {
			if j == i || !target(j) {
				continue
			}
			if empty {
				for k := lo; k <= groups; k++ {
					if s.CanFill(p[n-k]) {
						dst = append(dst, groupMove(i, j, k, up, d))
					}
				}
				continue
			}
			k := u.Rank() - tops[i].Rank()
			if k >= lo && k <= groups && g.Fits(p[n-k], u) {
				dst = append(dst, groupMove(i, j, k, up, d))
			}
		}
	}
	// 3. Single cards to piles: cells, then foundations (worrying back).
	for c := 0; c < r.Cells; c++ {
		if x := s.Cell(c); x != engine.NoCard {
			dst = sr.cardTo(s, x, engine.LocCell0+engine.Loc(c), dst, &tops, target, false)
		}
	}
	if r.WorryBack {
		for f := 0; f < 4; f++ {
			if s.Foundation(f) == 0 {
				continue
			}
			// Each foundation's top onto u (or into an empty pile), and onto
			// every pile where worryOffered says so: see "Restrictions
			// together" in restrict.go.
			x := s.FoundationTop(f)
			dst = sr.cardTo(s, x, engine.LocFound0+engine.Loc(f), dst, &tops, target, worryOffered(s, pend, x))
		}
	}
	// 4. u to the lowest empty cell.
	if toCell {
		if cell := s.EmptyCell(); cell >= 0 {
			for i := 0; i < np; i++ {
				if tops[i] == u {
					m := engine.NewMove(engine.LocPile0+engine.Loc(i), engine.LocCell0+engine.Loc(cell), 1)
					if len(s.Pile(i))-1 == s.Down(i) && s.Down(i) > 0 {
						m = withFlip(m)
					}
					dst = append(dst, m)
				}
			}
		}
	}
	return dst
}

// cardTo appends the moves of card x from location from to the piles that
// take it and are targets (every pile that takes it when all is set).
func (sr *search) cardTo(s *engine.State, x engine.Card, from engine.Loc, dst []engine.Move,
	tops *[engine.MaxPiles]engine.Card, target func(int) bool, all bool) []engine.Move {
	g := s.Game()
	for j := 0; j < g.Piles(); j++ {
		if !all && !target(j) {
			continue
		}
		if t := tops[j]; t == engine.NoCard {
			if !s.CanFill(x) {
				continue
			}
		} else if !g.Fits(x, t) {
			continue
		}
		dst = append(dst, engine.NewMove(from, engine.LocPile0+engine.Loc(j), 1))
	}
	return dst
}

// groupMove is the engine's move of the top k cards of pile i (up face-up
// cards over d face-down ones) to pile j.
func groupMove(i, j, k, up, d int) engine.Move {
	m := engine.NewMove(engine.LocPile0+engine.Loc(i), engine.LocPile0+engine.Loc(j), k)
	if k == up && d > 0 {
		m = withFlip(m)
	}
	return m
}

// withFlip sets the move's flip bit (bit 19, see engine.Move).
func withFlip(m engine.Move) engine.Move { return m | 1<<19 }
