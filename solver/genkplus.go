package solver

import (
	"github.com/klondike-family/klondike/engine"
)

// The real search's K+ stock: the waste positions the draws and recycles
// reach, each offered as one move with its stock steps.

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
//
// Joker Klondike. When the Joker is the waste top (or a pile's top) while
// a foundation is open, only its moves are legal: no draw, no recycle, no
// other move. So the postponing above needs the Joker out of the talon:
// then whether a position is forced depends only on the piles and the
// foundations, which stock steps do not touch, so every stock step of σ
// is legal where it is postponed to (just before a waste move, a position
// with σ's piles and foundations that is not forced, since a waste move
// is legal there) and every other move is legal in σ' as in σ. With the
// Joker in the talon this fails: σ may draw over the Joker on the waste
// top and then open a foundation (an Ace up), where σ' would open the
// foundation with the Joker still on top and be forced. So the search
// plays the stock atomically while the Joker is in the talon (see
// atomicTalon); the Joker never comes back into the talon once it has
// left it. The positions kplus passes cannot be forced by the Joker, so
// it offers every waste card's moves as it does without a Joker, and
// CardMoves gives them with the Joker rules (releases, an Ace taking the
// waiting Joker along).
func (sr *search) kplus(s *engine.State, dst []sMove, pend pendT) []sMove {
	var seen [4]uint64
	r := &s.Game().Rules
	// Cards that have a move to a pile or a cell: only their moves are
	// asked of the engine (CardMoves), the others are passed over.
	var movable uint64
	g := s.Game()
	for j := 0; j < g.Piles(); j++ {
		if p := s.Pile(j); len(p) > 0 {
			movable |= sr.fitters[p[len(p)-1]&63]
		} else {
			movable |= sr.fillers
		}
	}
	if s.EmptyCell() >= 0 || r.Joker {
		movable = ^uint64(0)
	}
	found := true // talon cards to a foundation may be offered
	if pend != 0 && sr.pendGen {
		// A restricted node's talon moves are cards put on its card (or
		// into an empty pile): nothing else of the talon is a use.
		found = false
		if pend == pendEmpty {
			movable &= sr.fillers
		} else {
			movable &= sr.fitters[pend&63]
		}
	}
	talon, w, rec, steps := s.Talon(), s.WastePos(), s.Recycles(), 0
	for {
		if seen[w>>6]&(1<<(w&63)) != 0 {
			break
		}
		seen[w>>6] |= 1 << (w & 63)
		var x engine.Card
		if w > 0 {
			x = s.TalonCard(w - 1)
		}
		if x != engine.NoCard && (movable&(1<<(x&63)) != 0 || found && s.CanFound(x)) {
			sr.wscratch = s.CardMoves(x, engine.LocWaste, sr.wscratch[:0])
			if pend != 0 {
				sr.wscratch = usesOf(s, pend, sr.wscratch)
			}
			useless := -1 // uselessCard(x), asked once
			for _, m := range sr.wscratch {
				if sr.talonFree && m.To().IsPile() {
					if useless < 0 {
						useless = boolInt(sr.uselessCard(s, x))
					}
					if useless == 1 {
						continue
					}
				}
				dst = append(dst, pack(m, steps, score(m)))
			}
		}
		if sr.topOnly {
			// the beam turns the stock itself: the moves after stock
			// steps, which it would drop, are not made
			return dst
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

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
