package engine

import "math/bits"

// fits tells whether card c may be built on card t in a pile, from the
// game's card sets.
func (g *Game) fits(c, t Card) bool { return g.fitMask[t&63]>>(c&63)&1 != 0 }

// bit is card c's bit in a set of cards.
func bit(c Card) uint64 { return 1 << (c & 63) }

// Fits tells whether card c may be built on card t in a pile.
func (g *Game) Fits(c, t Card) bool { return g.fits(c, t) }

// fitsRule computes fits from the rules; NewGame fills the table with it.
func (g *Game) fitsRule(c, t Card) bool {
	if c == Joker || t == Joker {
		return false
	}
	rc, rt := c.Rank(), t.Rank()
	switch g.Rules.Build {
	case BuildUpDownSuit:
		if c.Suit() != t.Suit() {
			return false
		}
		if rc == rt+1 || rc == rt-1 {
			return true
		}
		return g.Rules.Wrap && (rc == 1 && rt == g.ranks || rc == g.ranks && rt == 1)
	}
	want := rt - 1
	if want == 0 {
		if !g.Rules.Wrap {
			return false
		}
		want = g.ranks
	}
	if rc != want {
		return false
	}
	switch g.Rules.Build {
	case BuildAltColour:
		return c.Colour() != t.Colour()
	case BuildSameSuit:
		return c.Suit() == t.Suit()
	case BuildSameColour:
		return c.Colour() == t.Colour()
	case BuildOtherSuit:
		return c.Suit() != t.Suit()
	}
	return true // BuildAnySuit
}

// fillOK tells whether a group whose bottom card is c may go to an empty pile.
func (s *State) fillOK(c Card) bool { return s.g.fillMask[s.base]&bit(c) != 0 }

// fillRule computes fillOK from the rules for foundations starting with
// rank base; NewGame fills the game's sets with it.
func (g *Game) fillRule(c Card, base int) bool {
	switch g.Rules.Fill {
	case FillAny:
		return c != Joker && c != Unknown
	case FillNone:
		return false
	}
	top := base - 1
	if top == 0 {
		top = g.ranks
	}
	return c != Joker && c.Rank() == top
}

// foundationNext returns the set of cards that some foundation takes
// next, as foundationFor decides for a card that is not the Joker: a
// card is in it exactly when foundationFor finds a foundation for it.
func (s *State) foundationNext() uint64 {
	g := s.g
	nb := &g.nextBit[s.base&15]
	var m uint64
	for i := 0; i < g.founds; i++ {
		m |= nb[s.found[i]&15] << (i & 3)
	}
	if s.base == 1 {
		return m &^ bit(Joker)
	}
	return m
}

// foundationFor returns the first foundation that takes card c, or -1.
func (s *State) foundationFor(c Card) int {
	if c == Joker {
		return -1
	}
	g := s.g
	r := c.Rank()
	if s.base == 1 {
		for i := c.Suit(); i < g.founds; i += 4 {
			if int(s.found[i]) == r-1 {
				return i
			}
		}
		return -1
	}
	for i := c.Suit(); i < g.founds; i += 4 {
		h := int(s.found[i])
		if h < g.ranks && r == g.rankAt(int(s.base), h) {
			return i
		}
	}
	return -1
}

// runCount returns how many cards from the top of pile p (bottom to top,
// its first down cards face down) may move together: State.run's value.
func (g *Game) runCount(p []Card, down int) int {
	up := p[down:]
	n := len(up)
	switch {
	case n == 0:
		return 0
	case g.Rules.Unit == UnitTopCard:
		return 1
	case g.Rules.Unit == UnitAnyFaceUp:
		return n
	}
	k := 1
	for k < n && g.chainMask[up[n-k-1]&63]&bit(up[n-k]) != 0 {
		k++
	}
	return k
}

// rankRange returns the set of the cards of the n ranks from rank lo up,
// every suit (and the values beside them that are no card): a range of
// bits, since a card is its rank times four plus its suit.
func rankRange(lo, n int) uint64 {
	// The shifts are taken modulo 64, which spares the compiler's check
	// for larger ones. Runs have at most 13 ranks, so the only range this
	// gets wrong starts at rank 16: the hosts of a card not seen (Unknown,
	// rank 15), which is built on nothing, so any set holds them.
	return (uint64(1)<<(4*n&63) - 1) << (4 * lo & 63)
}

// runPatternRule computes the game's runPattern set of card t: the cards
// that may lie in a run topped by t, and that those cards may be built on,
// as far as suit and colour tell (not rank). It is every card but in
// runs of alternating colour (colour and rank parity together stay the
// same along a run and onto its host), of one suit, or of one colour.
func (g *Game) runPatternRule(c, t Card) bool {
	if !t.Valid() || t == Joker || !c.Valid() || c == Joker {
		return true
	}
	switch g.Rules.Build {
	case BuildAltColour:
		return (c.Colour()^c.Rank())&1 == (t.Colour()^t.Rank())&1
	case BuildSameSuit:
		return c.Suit() == t.Suit()
	case BuildSameColour:
		return c.Colour() == t.Colour()
	}
	return true
}

// tableau is what move generation reads of the piles, gathered once per
// call.
type tableau struct {
	lo, hi [MaxPiles]uint8 // pile i is cards[lo[i]:hi[i]]
	top    [MaxPiles]Card  // pile i's top card, NoCard when it is empty
	accept uint64          // the cards that fit on some pile's top
	fill   uint64          // the cards that may fill an empty pile, 0 when none is
	tops   uint64          // the set of the piles' top cards
	pileOf [64]uint8       // pileOf[t]: the last pile whose top is t, for t in tops
	// dups is the set of the cards that are the top of two piles (two
	// decks): for them pileOf does not name every pile.
	dups        uint64
	empty, full uint16 // the empty piles and the others, bit i for pile i
}

// pilesTopped returns the piles whose top card is in the set cs, bit i
// for pile i.
func (tb *tableau) pilesTopped(cs uint64) uint16 {
	var ps uint16
	for h := cs & tb.tops; h != 0; h &= h - 1 {
		ps |= 1 << tb.pileOf[bits.TrailingZeros64(h)]
	}
	if cs&tb.dups != 0 {
		for j, t := range tb.top {
			if t != NoCard && cs&tb.dups&bit(t) != 0 {
				ps |= 1 << j
			}
		}
	}
	return ps
}

// readTableau gathers the piles' bounds and tops, and the sets of cards
// that may go on them.
func (s *State) readTableau(tb *tableau) {
	g := s.g
	var accept, tops uint64
	var empty, full uint16
	var dups uint64
	prev := s.end[LocPile0-1]
	for i := 0; i < g.piles; i++ {
		h := s.end[LocPile0+Loc(i)]
		tb.lo[i], tb.hi[i] = prev, h
		if h > prev {
			t := s.cards[h-1]
			tb.top[i] = t
			accept |= g.fitMask[t&63]
			dups |= tops & bit(t)
			tops |= bit(t)
			tb.pileOf[t&63] = uint8(i)
			full |= 1 << i
		} else {
			empty |= 1 << i
		}
		prev = h
	}
	tb.accept, tb.tops, tb.empty, tb.full, tb.dups = accept, tops, empty, full, dups
	if empty != 0 {
		tb.fill = g.fillMask[s.base]
	}
}

// jokerForced tells whether the Joker must move now (Joker Klondike): it
// is the top card of a pile or of the waste and some foundation is open.
// Then the only legal moves are the Joker to each open foundation. It
// returns where the Joker lies.
func (s *State) jokerForced() (Loc, bool) {
	if !s.g.joker || s.jk != jkInPlay || s.openMask() == 0 {
		return 0, false
	}
	if s.waste > 0 && s.cards[s.waste-1] == Joker {
		return LocWaste, true
	}
	for i := 0; i < s.g.piles; i++ {
		l := LocPile0 + Loc(i)
		if e := s.end[l]; int(e) > s.start(l) && s.cards[e-1] == Joker {
			return l, true
		}
	}
	return 0, false
}

// JokerForced tells whether the Joker is the top card of a pile or of the
// waste while a foundation is open: then its moves to the open foundations
// are the only legal moves (no draw, no recycle, nothing else).
func (s *State) JokerForced() bool {
	_, ok := s.jokerForced()
	return ok
}

// JokerInTalon tells whether the Joker is in the stock or the waste. It
// never comes back there once it has left (it goes only to foundations).
func (s *State) JokerInTalon() bool {
	if !s.g.joker || s.jk != jkInPlay {
		return false
	}
	for _, c := range s.cards[:s.end[0]] {
		if c == Joker {
			return true
		}
	}
	return false
}

// toFoundation appends the moves of card c, the top card of location from,
// to the foundations; flip marks a pile move that turns a face-down card.
// Without a Joker that is the first foundation that takes c. With one:
//   - the Joker goes to every open foundation, one move each;
//   - the real card the Joker stands for goes to the Joker's foundation in
//     its place, and the Joker on to every other open foundation, one move
//     each, or to wait when there is none (the release);
//   - an Ace going up while the Joker waits takes it along onto its
//     foundation as the Two, when that opens the foundation;
//   - any other card goes to the foundation that takes it.
func (s *State) toFoundation(dst []Move, c Card, from Loc, flip bool) []Move {
	var m Move
	if !s.g.joker {
		f := s.foundationFor(c)
		if f < 0 {
			return dst
		}
		m = NewMove(from, LocFound0+Loc(f), 1)
		if flip {
			m = m.withFlip()
		}
		return append(dst, m)
	}
	if c == Joker {
		if s.jk != jkInPlay {
			return dst
		}
		for f, open := 0, s.openMask(); open != 0; f, open = f+1, open>>1 {
			if open&1 != 0 {
				m = NewMove(from, LocFound0+Loc(f), 1)
				if flip {
					m = m.withFlip()
				}
				dst = append(dst, m)
			}
		}
		return dst
	}
	if jf := s.jokerFound(); jf >= 0 && c == NewCard(int(s.jkRank), jf&3) {
		base := NewMove(from, LocFound0+Loc(jf), 1)
		if flip {
			base = base.withFlip()
		}
		open := s.openMask() &^ (1 << jf)
		if open == 0 {
			return append(dst, base.withJoker(LocWait))
		}
		for g := 0; open != 0; g, open = g+1, open>>1 {
			if open&1 != 0 {
				dst = append(dst, base.withJoker(LocFound0+Loc(g)))
			}
		}
		return dst
	}
	f := s.foundationFor(c)
	if f < 0 {
		return dst
	}
	m = NewMove(from, LocFound0+Loc(f), 1)
	if flip {
		m = m.withFlip()
	}
	if s.jk == jkWait && s.found[f] == 0 && s.g.ranks > 1 {
		m = m.withJoker(LocFound0 + Loc(f)) // the Ace opens f: the Joker rides along
	}
	return append(dst, m)
}

// Moves appends every legal move of the state to dst and returns it. Moves
// to an empty pile are listed once per empty pile; a move to a cell goes to
// the lowest empty cell only; a card goes to the first foundation that
// takes it. With a Joker, when it is forced (see JokerForced) its moves to
// the open foundations are the only moves. It allocates nothing when dst
// has room.
//
// Sets of cards make the common case short: a card goes to a foundation
// only when it is in foundationNext's set, to a pile only when it is in the
// set of cards that fit on a pile's top or fill an empty one, and a pile's
// groups are tried only when the set of its movable cards meets that set.
func (s *State) Moves(dst []Move) []Move {
	start := len(dst)
	g := s.g
	r := &g.Rules
	if g.joker {
		if from, ok := s.jokerForced(); ok {
			flip := false
			if from.IsPile() {
				i := from - LocPile0
				flip = s.down[i] > 0 && int(s.end[from])-s.start(from)-1 == int(s.down[i])
			}
			return s.toFoundation(dst, Joker, from, flip)
		}
	}
	var tb tableau
	s.readTableau(&tb)
	onPiles := tb.accept | tb.fill // the cards that go on some pile
	// Single cards to the foundations: pile tops, waste, reserves, cells.
	// toFoundation adds moves only for the cards in up: those of next (a
	// set that never holds the Joker), and with a Joker the Joker itself
	// and the real card it stands for.
	next := s.foundationNext()
	up := next
	if g.joker {
		up |= bit(Joker)
		if jf := s.jokerFound(); jf >= 0 {
			up |= bit(NewCard(int(s.jkRank), jf&3))
		}
	}
	for i := 0; i < g.piles && tb.tops&up != 0; i++ {
		t := tb.top[i]
		if t == NoCard || up&bit(t) == 0 {
			continue
		}
		d := s.down[i]
		dst = s.toFoundation(dst, t, LocPile0+Loc(i), d > 0 && int(tb.hi[i]-tb.lo[i])-1 == int(d))
	}
	if s.waste > 0 {
		if c := s.cards[s.waste-1]; up&bit(c) != 0 {
			dst = s.toFoundation(dst, c, LocWaste, false)
		}
	}
	for i := 0; i < g.reserves; i++ {
		if rv := s.Reserve(i); len(rv) > 0 && next&bit(rv[len(rv)-1]) != 0 {
			f := s.foundationFor(rv[len(rv)-1])
			dst = append(dst, NewMove(LocReserve0+Loc(i), LocFound0+Loc(f), 1))
		}
	}
	for i := 0; i < g.cells; i++ {
		if c := s.cells[i]; c != NoCard && next&bit(c) != 0 {
			f := s.foundationFor(c)
			dst = append(dst, NewMove(LocCell0+Loc(i), LocFound0+Loc(f), 1))
		}
	}
	// Groups from pile to pile. In runs built down by rank the group whose
	// bottom fits a given card is found by arithmetic; otherwise every
	// group is tried.
	byRank := r.Build != BuildUpDownSuit && r.Unit != UnitAnyFaceUp
	rankRuns := byRank && !r.Wrap
	whole, wrap, ranks, oneDeck := r.Unit == UnitWholeRun, r.Wrap, g.ranks, r.Decks == 1
	for i := 0; i < g.piles; i++ {
		top := tb.top[i]
		if top == NoCard {
			continue
		}
		groups := int(s.run[i])
		topRank := top.Rank()
		// The run's cards (set), and the cards they may be built on
		// (hosts). In runs built down by rank without wrapping, supersets
		// of both are the cards of a range of ranks, a range of bits,
		// that follow the top card's pattern (runPattern); the groups'
		// own checks below narrow them.
		var set, hosts uint64
		if rankRuns {
			pat := g.runPattern[top&63]
			set = rankRange(topRank, groups) & pat
			hosts = rankRange(topRank+1, groups) & pat
		} else {
			for _, c := range s.cards[int(tb.hi[i])-groups : tb.hi[i]] {
				set |= bit(c)
				hosts |= g.hostMask[c&63]
			}
		}
		if set&onPiles == 0 {
			continue
		}
		p := s.cards[tb.lo[i]:tb.hi[i]]
		n := len(p)
		up := n - int(s.down[i])
		flipAt := 0 // the group that bares a face-down card, 0 for none
		if s.down[i] > 0 {
			flipAt = up
		}
		lo := 1
		if whole {
			if groups != up {
				continue
			}
			lo = up
		}
		// The piles that may take a group, in order: the empty ones when
		// a run card fills a space, and those whose top takes a run card.
		var to uint16
		if set&tb.fill != 0 {
			to = tb.empty
		}
		to |= tb.pilesTopped(hosts)
		to &^= 1 << i
		for ; to != 0; to &= to - 1 {
			j := bits.TrailingZeros16(to)
			t := tb.top[j]
			if t == NoCard {
				if rankRuns {
					// Card k of the run has rank topRank+k-1, and filling
					// a space asks only for a rank.
					ks := uint32(g.fillRanks[s.base]>>topRank) << 1 & (uint32(1)<<(groups+1) - uint32(1)<<lo)
					for ; ks != 0; ks &= ks - 1 {
						dst = append(dst, groupMove(i, j, bits.TrailingZeros32(ks), flipAt))
					}
					continue
				}
				for k := lo; k <= groups; k++ {
					if s.fillOK(p[n-k]) {
						dst = append(dst, groupMove(i, j, k, flipAt))
					}
				}
				continue
			}
			if byRank {
				k := t.Rank() - 1 - topRank
				if k < 0 && wrap {
					k += ranks
				}
				// With wrapping ranks a run may be longer than a suit, so
				// every k of the right rank, one suit length apart, fits.
				for k++; k <= groups; k += ranks {
					if k >= lo && g.fits(p[n-k], t) {
						dst = append(dst, groupMove(i, j, k, flipAt))
					}
					if !wrap {
						break
					}
				}
				continue
			}
			// With one deck each card of the run that fits on t is there
			// once: the search stops when none is left.
			want := set & g.fitMask[t&63]
			for k := lo; k <= groups && want != 0; k++ {
				if c := p[n-k]; g.fits(c, t) {
					dst = append(dst, groupMove(i, j, k, flipAt))
					if oneDeck {
						want &^= bit(c)
					}
				}
			}
		}
	}
	// Single cards to piles: waste, reserves, cells, foundations.
	if s.waste > 0 {
		dst = s.cardToTops(dst, s.cards[s.waste-1], LocWaste, &tb)
	}
	for i := 0; i < g.reserves; i++ {
		if rv := s.Reserve(i); len(rv) > 0 {
			dst = s.cardToTops(dst, rv[len(rv)-1], LocReserve0+Loc(i), &tb)
		}
	}
	for i := 0; i < g.cells; i++ {
		if c := s.cells[i]; c != NoCard {
			dst = s.cardToTops(dst, c, LocCell0+Loc(i), &tb)
		}
	}
	if r.WorryBack {
		for i := 0; i < g.founds; i++ {
			if s.found[i] == 0 || (i >= 4 && s.found[i] == s.found[i-4]) {
				continue
			}
			dst = s.cardToTops(dst, s.FoundationTop(i), LocFound0+Loc(i), &tb)
		}
	}
	// Into the lowest empty cell: pile tops and the waste top.
	if cell := s.emptyCell(); cell >= 0 {
		to := LocCell0 + Loc(cell)
		for i := 0; i < g.piles; i++ {
			if n := int(tb.hi[i] - tb.lo[i]); n > 0 {
				m := NewMove(LocPile0+Loc(i), to, 1)
				if n-1 == int(s.down[i]) && s.down[i] > 0 {
					m = m.withFlip()
				}
				dst = append(dst, m)
			}
		}
		if s.waste > 0 {
			dst = append(dst, NewMove(LocWaste, to, 1))
		}
	}
	// The stock.
	stock := int(s.end[0]) - int(s.waste)
	switch r.StockTo {
	case StockToWaste:
		if stock > 0 {
			dst = append(dst, MoveDraw)
		} else if s.waste > 0 && (r.Passes == 0 || int(s.recycles) < r.Passes-1) {
			dst = append(dst, MoveRecycle)
		}
	default:
		if stock > 0 && (!r.DealOnlyWhenStuck || len(dst) == start) {
			dst = append(dst, MoveDeal)
		}
	}
	return dst
}

func (s *State) emptyCell() int {
	for i := 0; i < s.g.cells; i++ {
		if s.cells[i] == NoCard {
			return i
		}
	}
	return -1
}

// cardToPiles appends the moves of one card from a location to every pile
// it may go on: cardToTops, looking at each pile's top alone rather than
// gathering the whole tableau for one card (CardMoves, asked by the solver
// for each talon card it plays).
func (s *State) cardToPiles(dst []Move, c Card, from Loc) []Move {
	g := s.g
	b := bit(c)
	fill := g.fillMask[s.base]&b != 0
	prev := s.end[LocPile0-1]
	for j := 0; j < g.piles; j++ {
		h := s.end[LocPile0+Loc(j)]
		if h > prev && g.fitMask[s.cards[h-1]&63]&b != 0 || h == prev && fill {
			dst = append(dst, NewMove(from, LocPile0+Loc(j), 1))
		}
		prev = h
	}
	return dst
}

// cardToTops is cardToPiles on the piles as readTableau gathered them.
func (s *State) cardToTops(dst []Move, c Card, from Loc, tb *tableau) []Move {
	b := bit(c)
	if (tb.accept|tb.fill)&b == 0 {
		return dst
	}
	g := s.g
	for j := 0; j < g.piles; j++ {
		if t := tb.top[j]; t == NoCard {
			if tb.fill&b == 0 {
				continue
			}
		} else if g.fitMask[t&63]&b == 0 {
			continue
		}
		dst = append(dst, NewMove(from, LocPile0+Loc(j), 1))
	}
	return dst
}

// WasteMoves appends the moves of the waste's top card: the moves of
// Moves whose source is the waste.
func (s *State) WasteMoves(dst []Move) []Move {
	if s.waste == 0 {
		return dst
	}
	return s.CardMoves(s.cards[s.waste-1], LocWaste, dst)
}

// CanStep tells whether the stock can be drawn from or recycled: not
// while a Joker must go up (JokerForced).
func (s *State) CanStep() bool {
	r := &s.g.Rules
	if s.g.joker && s.JokerForced() {
		return false
	}
	if s.end[0] > s.waste {
		return true
	}
	return s.waste > 0 && (r.Passes == 0 || int(s.recycles) < r.Passes-1)
}

// MovedCard returns the card move m takes (the bottom card of a group).
func (s *State) MovedCard(m Move) Card {
	switch from := m.From(); {
	case m.Kind() != KindMove:
		return NoCard
	case from == LocWaste:
		return s.cards[s.waste-1]
	case from.IsCell():
		return s.cells[from-LocCell0]
	case from.IsFoundation():
		return s.FoundationTop(int(from - LocFound0))
	default:
		return s.cards[int(s.end[from])-m.N()]
	}
}

// Talon returns the number of cards in the stock and waste together.
func (s *State) Talon() int { return int(s.end[0]) }

// WastePos returns the number of cards in the waste.
func (s *State) WastePos() int { return int(s.waste) }

// groupMove is the move of the top k cards of pile i onto pile j; it
// turns a face-down card when k is flipAt.
func groupMove(i, j, k, flipAt int) Move {
	m := NewMove(LocPile0+Loc(i), LocPile0+Loc(j), k)
	if k == flipAt {
		m = m.withFlip()
	}
	return m
}

// CardMoves appends the moves of card c, taken from location from (the
// waste, a cell or a reserve), to a foundation, to the piles and, from the
// waste, to the lowest empty cell. For the waste's top card they are
// exactly the waste moves of Moves (but when the Joker is forced from a
// pile: then Moves has no waste move); the solver also asks it for cards
// deeper in the talon, to play the stock K+ style. With the Joker they
// follow its rules as Moves does (see toFoundation).
func (s *State) CardMoves(c Card, from Loc, dst []Move) []Move {
	dst = s.toFoundation(dst, c, from, false)
	dst = s.cardToPiles(dst, c, from)
	if from == LocWaste {
		if cell := s.emptyCell(); cell >= 0 {
			dst = append(dst, NewMove(LocWaste, LocCell0+Loc(cell), 1))
		}
	}
	return dst
}

// TalonCard returns card i of the talon in turning order: the waste is
// cards 0..WastePos()-1 (its top last), the stock the rest.
func (s *State) TalonCard(i int) Card { return s.cards[i] }

// CanFound tells whether card c could go to a foundation now: the Joker
// (in play) when a foundation is open, the real card the Joker stands for
// always (the release), any other card when its foundation takes it.
func (s *State) CanFound(c Card) bool {
	if !s.g.joker {
		return s.foundationFor(c) >= 0
	}
	if c == Joker {
		return s.jk == jkInPlay && s.openMask() != 0
	}
	if jf := s.jokerFound(); jf >= 0 && c == NewCard(int(s.jkRank), jf&3) {
		return true
	}
	return s.foundationFor(c) >= 0
}

// CanFill tells whether card c (or a group headed by it) may go to an
// empty pile.
func (s *State) CanFill(c Card) bool { return s.fillOK(c) }

// EmptyCell returns the lowest empty cell, or -1.
func (s *State) EmptyCell() int { return s.emptyCell() }
