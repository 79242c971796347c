package engine

// Apply plays move m on the state in place. The move must be legal (one
// that Moves returned for this state); Apply does not check it. A pile
// whose face-up cards are all gone turns its top face-down card up. The
// Joker going to a foundation stands for that foundation's next card; a
// move that takes the Joker along (Move.JokerTo) puts it where it says.
func (s *State) Apply(m Move) {
	g := s.g
	switch m.Kind() {
	case KindDraw:
		k := int(s.end[0]) - int(s.waste)
		if k > g.Rules.Draw {
			k = g.Rules.Draw
		}
		s.waste += uint8(k)
		return
	case KindRecycle:
		s.waste = 0
		s.recycles++
		return
	case KindDeal:
		s.deal()
		return
	}
	from, to, n := m.From(), m.To(), m.N()
	// Take the cards.
	var c Card
	var src int // buffer index of the group's bottom card, or -1
	switch {
	case from == LocWaste:
		src = int(s.waste) - 1
		c = s.cards[src]
		s.waste--
	case from.IsCell():
		src = -1
		c = s.cells[from-LocCell0]
		s.cells[from-LocCell0] = NoCard
	case from.IsFoundation():
		src = -1
		i := int(from - LocFound0)
		c = s.FoundationTop(i)
		s.found[i]--
	default:
		src = int(s.end[from]) - n
		c = s.cards[src]
	}
	// Put them down.
	switch {
	case to.IsFoundation():
		if src >= 0 {
			s.remove(from, src, 1)
		}
		f := int(to - LocFound0)
		switch jt := m.JokerTo(); {
		case jt != 0:
			// A release (the real card takes the Joker's place on f: the
			// height stays) or an Ace with the waiting Joker riding along.
			if s.jk == jkWait {
				s.found[f]++
			}
			s.jk, s.jkRank = jkInPlay, 0
			if jt == LocWait {
				s.jk = jkWait
			} else {
				s.placeJoker(int(jt - LocFound0))
			}
		case c == Joker:
			s.placeJoker(f)
		default:
			s.found[f]++
		}
	case to.IsCell():
		if src >= 0 {
			s.remove(from, src, 1)
		}
		s.cells[to-LocCell0] = c
	default:
		t := s.top(to)
		if src >= 0 {
			s.transfer(from, src, n, to)
		} else {
			s.insert(to, c)
		}
		s.grow(to, n, c, t)
	}
	if from.IsPile() {
		i := from - LocPile0
		if d := s.down[i]; d > 0 && s.end[from]-uint8(s.start(from)) == d {
			s.down[i]--
		}
		s.shrink(int(i), n)
	}
}

// top returns the top card of buffer location l, or NoCard.
func (s *State) top(l Loc) Card {
	if e := int(s.end[l]); e > s.start(l) {
		return s.cards[e-1]
	}
	return NoCard
}

// setRun records pile i's movable run from its cards.
func (s *State) setRun(i int) {
	s.run[i] = uint8(s.g.runCount(s.Pile(i), int(s.down[i])))
}

// grow updates the run of location l (a pile; nothing else has one) after
// n cards headed by card c were put on its top card t (NoCard when it was
// empty). The n cards move together, so they are a run of their own.
func (s *State) grow(l Loc, n int, c, t Card) {
	if !l.IsPile() {
		return
	}
	i := l - LocPile0
	switch {
	case s.g.Rules.Unit == UnitTopCard:
		s.run[i] = 1
	case t != NoCard && (s.g.Rules.Unit == UnitAnyFaceUp || s.g.chainMask[t&63]&bit(c) != 0):
		s.run[i] += uint8(n)
	default:
		s.run[i] = uint8(n)
	}
}

// shrink updates pile i's run after n cards left its top and a face-down
// card, if it was bared, was turned up.
func (s *State) shrink(i, n int) {
	k := int(s.run[i]) - n
	if k <= 0 || s.g.Rules.Unit == UnitTopCard {
		s.setRun(i) // the new top heads a run of its own, to be counted
		return
	}
	s.run[i] = uint8(k)
}

// Child writes into dst the state after move m: copy-make.
func (s *State) Child(m Move, dst *State) {
	*dst = *s
	dst.Apply(m)
}

// remove deletes n cards at buffer index i of location l.
func (s *State) remove(l Loc, i, n int) {
	last := int(s.end[locBuffers-1])
	copy(s.cards[i:], s.cards[i+n:last])
	for k := int(l); k < locBuffers; k++ {
		s.end[k] -= uint8(n)
	}
}

// insert puts card c on top of location l.
func (s *State) insert(l Loc, c Card) {
	last := int(s.end[locBuffers-1])
	at := int(s.end[l])
	copy(s.cards[at+1:last+1], s.cards[at:last])
	s.cards[at] = c
	for k := int(l); k < locBuffers; k++ {
		s.end[k]++
	}
}

// transfer moves the n cards at buffer index i (in location from) onto the
// top of location to, keeping their order, by rotating the buffer between.
func (s *State) transfer(from Loc, i, n int, to Loc) {
	dst := int(s.end[to])
	if n == 1 { // the common case, in one shift
		c := s.cards[i]
		if i < dst {
			copy(s.cards[i:dst-1], s.cards[i+1:dst])
			s.cards[dst-1] = c
			for k := from; k < to; k++ {
				s.end[k]--
			}
			return
		}
		copy(s.cards[dst+1:i+1], s.cards[dst:i])
		s.cards[dst] = c
		for k := to; k < from; k++ {
			s.end[k]++
		}
		return
	}
	var tmp [MaxCards]Card
	if i < dst {
		copy(tmp[:n], s.cards[i:i+n])
		copy(s.cards[i:], s.cards[i+n:dst])
		copy(s.cards[dst-n:dst], tmp[:n])
		for k := from; k < to; k++ {
			s.end[k] -= uint8(n)
		}
		return
	}
	copy(tmp[:n], s.cards[i:i+n])
	copy(s.cards[dst+n:i+n], s.cards[dst:i])
	copy(s.cards[dst:dst+n], tmp[:n])
	for k := to; k < from; k++ {
		s.end[k] += uint8(n)
	}
}

// deal puts one stock card on each pile (or reserve) in order, as long as
// the stock lasts.
func (s *State) deal() {
	g := s.g
	first, count := LocPile0, g.piles
	if g.Rules.StockTo == StockToReserves {
		first, count = LocReserve0, g.reserves
	}
	for k := 0; k < count && s.end[0] > s.waste; k++ {
		to := first + Loc(k)
		c, t := s.cards[s.waste], s.top(to)
		s.transfer(LocWaste, int(s.waste), 1, to)
		s.grow(to, 1, c, t)
	}
}
