package solver

import "github.com/klondike-family/klondike/engine"

// safeRulesApply tells whether the safe-foundation pruning is proven for
// the rules: one deck, no Joker, foundations from the Ace without wrapping,
// tableau built down in alternating colour, stock dealt to a waste.
func safeRulesApply(r *engine.Rules) bool {
	return r.Decks == 1 && !r.Joker && r.Build == engine.BuildAltColour && !r.Wrap &&
		!r.BaseDealt && r.StockTo == engine.StockToWaste && r.Reserves == 0
}

// safe tells whether moving card c to its foundation can be done at once,
// without searching the alternatives (a dominance: if the position before
// can be won, so can the position after).
//
// Proof, without worrying back. Let c have rank r, and let both foundations
// of the other colour hold at least r-1 cards. The only cards that can be
// built on c are the two of rank r-1 in the other colour, and they are on
// foundations that nothing leaves, so in any winning line σ from the
// position before, nothing is ever built on c: c stays a top card until it
// goes up. Delete from σ every move of c alone and c's move to the
// foundation, and drop c from every group moved with it on top (the group's
// bottom card, hence the move's legality, is unchanged; with whole-run
// moves the shortened group is still the whole run). Every move left is
// legal after c goes up: no move of σ builds on c; the face-down card under
// c (if any) turns up sooner, but in σ nothing else happened on that pile
// while c lay there; c's foundation only grows on c in σ as well. When c is
// a cell card, its cell is free sooner, which only adds choices (cells are
// interchangeable). When c is the waste top and the draw count is 1,
// delete also every draw in σ that turned c: every other draw turns the same
// card as in σ, and the stock empties at the same moments, so recycles and
// passes match. (With a larger draw count removing a waste card shifts the
// packets, so waste cards are not taken as safe then.) The result is a
// winning line from the position after.
//
// With worrying back, cards of rank r-1 may come back from the foundations,
// so only Aces and Twos are taken: nothing is ever built on an Ace, and an
// Ace off its foundation is never useful (no card can be built on it, so
// any excursion of an Ace from its foundation can be deleted from σ along
// with the moves of c); a Two whose other-colour Aces are up has only those
// Aces to take on, handled the same way.
func (sr *search) safe(s *engine.State, m engine.Move) bool {
	from := m.From()
	if from == engine.LocWaste && !sr.draw1 {
		return false
	}
	if !from.IsPile() && !from.IsCell() && from != engine.LocWaste {
		return false
	}
	c := s.MovedCard(m)
	r := c.Rank()
	if r == 1 {
		return true
	}
	if sr.worry && r > 2 {
		return false
	}
	// the two suits of the other colour
	a, b := engine.Clubs, engine.Spades
	if !c.Red() {
		a, b = engine.Diamonds, engine.Hearts
	}
	return s.Foundation(a) >= r-1 && s.Foundation(b) >= r-1
}

// Ordering scores: higher first.
const (
	scoreFoundation = 12
	scoreFlip       = 11
	scorePile       = 7
	scoreWaste      = 6
	scoreCell       = 3
	scoreWorry      = 2
	scoreStock      = 1
)

func score(m engine.Move) int {
	switch m.Class() {
	case engine.ClassToFoundation:
		return scoreFoundation
	case engine.ClassFromFoundation:
		return scoreWorry
	case engine.ClassCell:
		if m.Flips() {
			return scoreFlip
		}
		return scoreCell
	case engine.ClassDraw, engine.ClassRecycle, engine.ClassDeal:
		return scoreStock
	case engine.ClassWasteToPile:
		return scoreWaste
	}
	if m.Flips() {
		return scoreFlip
	}
	return scorePile
}

func pack(m engine.Move, steps, sc int) sMove {
	if steps > 255 {
		panic("solver: more than 255 stock steps")
	}
	w := steps / 8 // later in the stock, a little later in the order
	if sc -= w; sc < 0 {
		sc = 0
	}
	return sMove(m) | sMove(steps)<<20 | sMove(sc)<<28
}

// generate appends the search's moves for s to dst in the order to try.
// With pruning on: a safe foundation move alone when there is one; the
// stock as K+ moves (every waste card reachable by drawing and recycling,
// played in one move, see kplus); the other engine moves as they are.
func (sr *search) generate(s *engine.State, dst []sMove) []sMove {
	sr.scratch = s.Moves(sr.scratch[:0])
	if sr.opt.NoPrune {
		for _, m := range sr.scratch {
			dst = append(dst, pack(m, 0, score(m)))
		}
		return sortMoves(dst)
	}
	if sr.klon {
		for _, m := range sr.scratch {
			if m.Class() == engine.ClassToFoundation && sr.safe(s, m) {
				return append(dst, pack(m, 0, scoreFoundation))
			}
		}
	}
	kplus := s.Game().Rules.StockTo == engine.StockToWaste
	for _, m := range sr.scratch {
		if kplus && (m.From() == engine.LocWaste || m.Kind() == engine.KindDraw || m.Kind() == engine.KindRecycle) {
			continue
		}
		dst = append(dst, pack(m, 0, score(m)))
	}
	if kplus {
		dst = sr.kplus(s, dst)
	}
	return sortMoves(dst)
}

// kplus appends, for every waste card that drawing and recycling can bring
// to the top, its moves, each preceded by the stock steps that bring it
// there (the "K+" stock of Bjarnason, Fern and Tadepalli).
//
// Soundness: a draw or recycle touches only the talon, and no other move
// depends on the talon except moves of the waste's top card, so in any
// winning line each run of stock steps can be postponed until just before
// the next move from the waste (and a run after the last one is useless:
// the game is won only when the talon is empty). So the search loses
// nothing by offering stock steps only as the prefix of a waste move.
// Each waste position is offered once, at its first occurrence: a later
// occurrence differs only by more recycles, and with a limit on passes the
// position with fewer recycles can do everything the other can.
func (sr *search) kplus(s *engine.State, dst []sMove) []sMove {
	var seen [4]uint64
	r := &s.Game().Rules
	talon, w, rec, steps := s.Talon(), s.WastePos(), s.Recycles(), 0
	for {
		if seen[w>>6]&(1<<(w&63)) != 0 {
			break
		}
		seen[w>>6] |= 1 << (w & 63)
		if w > 0 {
			sr.wscratch = s.CardMoves(s.TalonCard(w-1), engine.LocWaste, sr.wscratch[:0])
			for _, m := range sr.wscratch {
				dst = append(dst, pack(m, steps, score(m)))
			}
		}
		// the next stock step, as stockStep takes it
		switch {
		case w < talon:
			w = min(w+r.Draw, talon)
		case w > 0 && (r.Passes == 0 || rec < r.Passes-1):
			w, rec = 0, rec+1
		default:
			return dst
		}
		steps++
	}
	return dst
}

// sortMoves orders moves by score, highest first, keeping the generation
// order among equals (insertion sort: the lists are short).
func sortMoves(ms []sMove) []sMove {
	for i := 1; i < len(ms); i++ {
		for j := i; j > 0 && ms[j]>>28 > ms[j-1]>>28; j-- {
			ms[j], ms[j-1] = ms[j-1], ms[j]
		}
	}
	return ms
}
