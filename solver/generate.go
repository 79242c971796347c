package solver

import (
	"math/bits"

	"github.com/klondike-family/klondike/engine"
)

// safeRulesApply tells whether the safe-foundation pruning is proven for
// the rules: one deck, no Joker, foundations from the Ace without wrapping,
// tableau built down in alternating colour, stock dealt to a waste.
//
// With the Joker the proof below fails, so the pruning is off: a card
// going up early can change what the Joker does. An Ace opens a
// foundation, which forces a Joker lying on a pile's or the waste's top
// (σ may first draw over the Joker on the waste) and takes a waiting
// Joker along; any card can be the one the Joker stands for, whose move
// up is a release that sends the Joker on to a foundation chosen now; and
// a card going up can complete a foundation, closing it to the Joker.
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
	return sMove(m) | sMove(steps)<<32 | sMove(sc)<<40
}

// atomicTalon tells whether the node at s must play the stock as the
// engine does, a draw or a recycle at a time, rather than as K+ moves: in
// Joker Klondike while the Joker is in the talon (see kplus). Such a node
// keeps its exact waste position in its table key, and no move restriction
// (pend) is made there.
func (sr *search) atomicTalon(s *engine.State) bool {
	return sr.joker && s.JokerInTalon()
}

// generate appends the search's moves for s to dst in the order to try.
// With pruning on: a safe foundation move alone when there is one; the
// stock as K+ moves (every waste card reachable by drawing and recycling,
// played in one move, see kplus); the other engine moves as they are. A
// forced Joker's moves (the only legal moves then) are returned as they
// are; while the Joker is in the talon the stock is played atomically.
func (sr *search) generate(s *engine.State, dst []sMove, pend pendT) []sMove {
	sr.upOK = false
	if pend != 0 && sr.pendGen {
		sr.scratch = sr.pendMoves(s, pend, sr.scratch[:0])
	} else {
		sr.scratch = s.Moves(sr.scratch[:0])
		if pend != 0 {
			sr.scratch = usesOf(s, pend, sr.scratch)
		}
	}
	if sr.opt.NoPrune || (sr.joker && s.JokerForced()) {
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
	atomic := sr.atomicTalon(s)
	kplus := s.Game().Rules.StockTo == engine.StockToWaste && !atomic
	for _, m := range sr.scratch {
		if kplus && (m.From() == engine.LocWaste || m.Kind() == engine.KindDraw || m.Kind() == engine.KindRecycle) {
			continue
		}
		if sr.useless(s, m, atomic) {
			continue
		}
		dst = append(dst, pack(m, 0, score(m)))
	}
	if kplus {
		dst = sr.kplus(s, dst, pend)
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

// setFitters fills the masks kplus passes cards over by: fitters[t] holds
// the cards that may be built on card t, fillers the cards that may go to
// an empty pile.
func (sr *search) setFitters(s *engine.State) {
	g := s.Game()
	for t := engine.Card(0); t < 64; t++ {
		for c := engine.Card(0); c < 64; c++ {
			if t.Valid() && c.Valid() && g.Fits(c, t) {
				sr.fitters[t] |= 1 << c
			}
		}
	}
	for c := engine.Card(0); c < 64; c++ {
		if c.Valid() && s.CanFill(c) {
			sr.fillers |= 1 << c
		}
	}
}

// sortMoves orders moves by score, highest first, keeping the generation
// order among equals (insertion sort: the lists are short).
func sortMoves(ms []sMove) []sMove {
	for i := 1; i < len(ms); i++ {
		for j := i; j > 0 && ms[j]>>40 > ms[j-1]>>40; j-- {
			ms[j], ms[j-1] = ms[j-1], ms[j]
		}
	}
	return ms
}

// partialRulesApply tells whether partial-run moves may be restricted:
// piles built down in alternating colour, any built run (whole or partial)
// moves.
//
// A partial-run move P takes a run G (bottom card g) off a face-up card u
// and puts it on a card t. Both u and t take g, so they have the same rank
// and colour: they are twins, and P only swaps which twin holds G. Claim:
// if a position can be won, it can be won by a line in which every partial
// move is at once followed by a use of u: u to a foundation, u to a cell,
// or a card put on u.
//
// Proof: take a winning line σ and its first partial move P not so
// followed. Build σ' that leaves G on u and t bare instead, step by step,
// keeping the invariant "the position of σ' is that of σ with G on u rather
// than on t" until the two coincide:
//   - a move that touches neither u, t nor G's bottom card is the same
//     move in σ' (G's top card is the same card in both; cards on it and
//     moves of part of G from its top are the same);
//   - G moved away whole (from t) is, in σ', G moved from u to the same
//     place: the positions now coincide;
//   - the last part of G leaving t (to a foundation or elsewhere) leaves u
//     in σ': the positions now coincide;
//   - u moved alone, or a run ending in u moved, is in σ' the same move
//     with G on top (G is built on u, runs may be moved whole), so the
//     invariant holds at u's new place; likewise a run ending in t, which
//     in σ' has t bare on top;
//   - u to a foundation or a cell, or a card put on u: play P at this point
//     of σ' (G lies on u, t is bare and takes g), then that move.
//
// A won game has every card on a foundation, u too, so one of the last two
// cases comes; σ' is a winning line with this P's use immediately after it
// (or with P gone), and the same rebuilding applies to the next partial
// move. So the search loses no win by following a partial move only with
// uses of u. The restriction depends on the path, so a restricted node
// carries u in its table key and is never mistaken for the free state.
//
// With the Joker (Joker Klondike) the proof stands, for these reasons. The
// Joker is none of u, t and G: nothing is built on it, and a group whose
// bottom is the Joker never moves, so G holds no Joker and u, t are real
// cards. So σ and σ' have the same foundations, the same waste and the
// same pile tops but at u and t, and the Joker is the top of a pile in
// one exactly when it is in the other: a position of σ' is forced (only
// the Joker's moves legal) exactly when σ's is, and the open foundations
// agree, so each move of σ kept in σ' is legal there. A release of the
// card the Joker stands for is that card to a foundation: when it is u,
// it is a use of u (usesOf keeps it, as MovedCard is u); when it is t or
// G's top, σ' plays it exactly when σ does (σ' never needs t bare). P is
// played in σ' just before a use of u, a move of u or onto u, which is not
// a Joker move, so that position is not forced and P is legal there. The
// rebuilding needs the stock played the same way in σ and σ' (K+ or
// atomic makes no difference to the argument), but the search makes no
// restriction at all while the Joker is in the talon (see atomicTalon).
func partialRulesApply(r *engine.Rules) bool {
	return r.Build == engine.BuildAltColour && r.Unit == engine.UnitAnyRun &&
		r.StockTo != engine.StockToPiles && !r.DealOnlyWhenStuck
}

// The rebuilt lines of these proofs differ from σ in where some cards lie,
// so a rule that looks at the whole position (a deal allowed only when no
// other move is left, r.DealOnlyWhenStuck) could allow a move in σ that it
// forbids in σ'; and a deal onto the piles puts cards on u or t. Games
// with either rule are left out of every restriction.

// pendEmpty marks a node reached by a move that emptied a pile by moving
// its whole run onto another pile: only moves into an empty pile follow.
//
// Proof, as for partial moves: let the move E take a run R, the whole of
// pile A (no face-down cards), onto a card t. Rebuild a winning line σ as
// σ' that leaves R in A and t bare, until the next move of σ that puts
// something into an empty pile; there play E first. Meanwhile: moves onto
// R's top or of cards from it are the same; R moved away whole (from t) is
// R moved from A, and the lines coincide; a run ending in t moved in σ is,
// in σ', the shorter run ending in the bare t, which may move as well
// (under every unit rule of the engine a run's lower part is itself a
// movable unit when the run is: it is the whole run, or a run of the same
// kind); the last of R leaving t leaves A empty in σ': they coincide. No
// other move can tell A's emptiness apart, except a deal of the stock
// onto the piles, so games that deal onto piles are excluded.
//
// With the Joker: R holds no Joker (a group whose bottom is the Joker
// never moves, and nothing is built on it) and t is a real card, so σ and
// σ' have the Joker on a pile's top at the same moments, the same
// foundations and waste, hence the same forced positions and the same
// releases (the card the Joker stands for is R's top in both, or t, bare
// only in σ'); E is played just before a move into an empty pile, which is
// no Joker move, so that position is not forced and E is legal there.
const pendEmpty = pendT(0xFF)

// pendT is what a restricted node must use: 0 for nothing (a free node),
// a card with its kind (pendCard and the others below), or pendEmpty.
type pendT uint16

// A card pend says in bits 8-9 which move left the card, so that the
// node offers the uses that move's proof needs and no others:
//   - pendCard|c: any (a card worried back in a two-deck game): c to a
//     foundation or a cell, a card of c's suit worried back, a card put
//     on c;
//   - pendWorry|f: f worried back, one deck (worryPendApplies): f to a
//     cell, the card under f worried back, a card put on f;
//   - pendTalon|x: waste card x put on a pile (talonFreeApplies): a card
//     put on x;
//   - pendPartial|u: a partial-run move exposed u (partialRulesApply): u
//     to a foundation or a cell, a card put on u.
const (
	pendCard    = pendT(0x000)
	pendWorry   = pendT(0x100)
	pendTalon   = pendT(0x200)
	pendPartial = pendT(0x300)
	pendKind    = pendT(0x300)
)

// pendingAfter returns what the node after move m must use: the card a
// partial-run move leaves exposed on its source pile (when partial moves
// are restricted), pendEmpty after a whole run emptied its pile onto
// another pile (when emptying moves are restricted), or NoCard.
func (sr *search) pendingAfter(s *engine.State, m engine.Move) pendT {
	if sr.atomicTalon(s) {
		return 0
	}
	from := m.From()
	if sr.talonFree && from == engine.LocWaste && m.To().IsPile() {
		return pendTalon | pendT(s.MovedCard(m))
	}
	if sr.worryPend && from.IsFoundation() && m.To().IsPile() {
		if sr.oneDeck {
			return pendWorry | pendT(s.MovedCard(m))
		}
		return pendCard | pendT(s.MovedCard(m))
	}
	if m.Kind() != engine.KindMove || !from.IsPile() || !m.To().IsPile() {
		return 0
	}
	i := int(from - engine.LocPile0)
	p := s.Pile(i)
	rest := len(p) - m.N()
	switch {
	case rest == 0:
		if sr.empties && len(s.Pile(int(m.To()-engine.LocPile0))) > 0 {
			return pendEmpty
		}
	case rest > s.Down(i) && sr.partial:
		return pendPartial | pendT(p[rest-1])
	}
	return 0
}

// Restrictions together: why the restrictions hold together. Each
// rule (partial runs, emptying moves, talonFree, worryPend) is proved
// alone: a winning line σ is rebuilt so that its restricted move W comes
// just before the first use of W's card. With several rules, rebuild σ
// one restricted move at a time, latest first: a move between W and its
// first use that is not a use of W's card stays legal without W (each
// proof shows it), so postponing W past it, or past another restricted
// move whose own first use comes later, keeps the line winning. This
// fails only when one move is the first use of two restricted moves W1
// and W2 at once: then neither can be played next to the other. Going
// through the uses (a card to a foundation or a cell: one card, and no
// pile; a card put on a card: one pile top; a move into an empty pile: a
// pile with no top), a move that is a use of two different restricted
// cards is always a card worried back (the card under a worried-back f,
// or a card of its suit, worried back onto an exposed u, onto a played
// waste card x, or into an emptied pile). So a restricted node also
// offers every worry-back move: the rebuilt line plays the other
// restricted move first, then the worry-back W2 (offered whatever the
// first node's card), then the joint use, which is a use of W2's card.
// Offering more moves is always sound; it costs only in games with
// worrying back.

// usesOf keeps the moves that use what pend names: a move into an empty
// pile for pendEmpty, else the uses of the card (see pendCard). It
// filters ms in place.
func usesOf(s *engine.State, pend pendT, ms []engine.Move) []engine.Move {
	u := engine.Card(pend & 63)
	kind := pend & pendKind
	toFound := kind == pendCard || kind == pendPartial
	toCell := kind != pendTalon
	out := ms[:0]
	for _, m := range ms {
		if m.Kind() != engine.KindMove {
			continue
		}
		from, to := m.From(), m.To()
		if from.IsFoundation() && to.IsPile() {
			// A card of u's suit worried back is a use (worryPendApplies);
			// every other worried-back card is offered too, for the rules
			// to hold together (see "Restrictions together" above).
			out = append(out, m)
			continue
		}
		if pend == pendEmpty {
			if to.IsPile() && len(s.Pile(int(to-engine.LocPile0))) == 0 {
				out = append(out, m)
			}
			continue
		}
		if from.IsPile() && m.N() == 1 && (to.IsFoundation() && toFound || to.IsCell() && toCell) && s.MovedCard(m) == u {
			out = append(out, m)
			continue
		}
		if to.IsPile() {
			q := s.Pile(int(to - engine.LocPile0))
			if len(q) > 0 && q[len(q)-1] == u {
				out = append(out, m)
			}
		}
	}
	return out
}

// talonFreeApplies tells whether a card played from the waste to a pile
// must be followed at once by a card put on it: draw 1 with unlimited
// passes, one deck, piles built down in alternating colour.
//
// Proof: with draw 1 and unlimited passes every talon card can be brought
// to the waste top at any time, so the talon holds its cards as freely as
// a cell would. Let the move W put waste card x on a pile. Rebuild a
// winning line σ as σ' that keeps x in the talon until the first move of
// σ that puts a card on x, and play W just before it. Meanwhile: x moved
// alone (to a foundation, a cell or a pile) is in σ' the same move made
// from the waste (after the draws that bring x up); a run ending in x
// moved is the run without x; x is never under another card until the
// card put on it. The talon positions differ, but with draw 1 and
// unlimited passes every position reaches every other. A won game ends
// with x on its foundation, so σ' is a winning line, and the search may
// follow W only with moves onto x.
//
// With the Joker, "every position reaches every other" holds only while
// the Joker is out of the talon (in the talon it is forced when a draw
// turns it up with a foundation open), and the search makes no
// restriction while it is in the talon (see atomicTalon); it never comes
// back. Out of the talon, whether a position is forced depends on the
// piles and foundations alone; x is a real card (the Joker never goes to
// a pile), so σ and σ' differ only by x lying on a pile or in the talon,
// which no pile top of the Joker's depends on, and the moves of σ stay
// legal in σ' (a release of x from the waste where σ releases it from the
// pile is as legal).
func talonFreeApplies(r *engine.Rules) bool {
	return r.Decks == 1 && r.Draw == 1 && r.Passes == 0 && r.StockTo == engine.StockToWaste &&
		r.Build == engine.BuildAltColour && r.Unit == engine.UnitAnyRun
}

// worryPendApplies tells whether a card worried back from a foundation to
// a pile must be followed at once by a use of it: a card put on it, the
// card itself to a cell, or the next card of its suit worried back too.
// Any game without a Joker and without deals onto the piles.
//
// Proof, by the same rebuilding: let W bring card f down onto a pile top
// y. σ' leaves f on its foundation (y bare) until the first move of σ that
// puts a card on f, moves f to a cell, or worries back the card under f;
// there W is played first. Meanwhile f moved alone to a pile is the same
// move from the foundation; a run ending in f moved is the run without it
// (a run's lower part is a movable unit under every unit rule); f back to
// its foundation is dropped; nothing else can tell whether f lies on y or
// on the foundation (nothing can be played on f's foundation while f is
// down, and y is covered in σ). A won game ends with f up, so σ' wins.
// f back to its foundation is thus not a use: with one deck (where f's
// foundation is the only one that takes it) the node after W does not
// offer it (pendWorry), and W is not generated when no use can exist
// (uselessWorry).
func worryPendApplies(r *engine.Rules) bool {
	return r.WorryBack && !r.Joker && r.StockTo != engine.StockToPiles && !r.DealOnlyWhenStuck
}

// useless tells whether a pile-to-pile move can be dropped because the
// node after it could do nothing:
//   - a whole pile with no face-down card moved to an empty pile, when the
//     piles are interchangeable: the same state, by the canonical key;
//   - a partial-run move after which no use of the exposed card u can
//     exist: u cannot go to a foundation, no cell is free, and no other
//     card that fits on u (of g's rank and colour, g the moved run's
//     bottom card) lies face up anywhere (one deck only: with two decks
//     this check is skipped);
//   - an emptying move after which nothing could fill the empty pile: no
//     card that may fill it lies face up anywhere but at the bottom of a
//     pile with no face-down card, in the talon, in a cell, or on top of a
//     foundation when worrying back is allowed.
//
// Each is a node with no moves under the restrictions proven above, so
// dropping it loses nothing; it only saves a table entry. With worrying
// back a restricted node also offers every worry-back move, which can
// bring any foundation card within reach (a chain of them down one
// foundation), so "face up anywhere" and the fillers count every
// foundation card, not the tops alone (foundationMask). In a node that
// plays the stock atomically (atomic) no restriction is made, so only the
// first holds there. With the Joker the first still holds (the Joker is
// never in a group that moves), and the others look at the moves the
// restricted node would have: CanFound sees the release of u as well.
func (sr *search) useless(s *engine.State, m engine.Move, atomic bool) bool {
	from, to := m.From(), m.To()
	if sr.worryPend && sr.oneDeck && m.Kind() == engine.KindMove && from.IsFoundation() && to.IsPile() {
		return sr.uselessWorry(s, m)
	}
	if m.Kind() != engine.KindMove || !from.IsPile() || !to.IsPile() {
		return false
	}
	i := int(from - engine.LocPile0)
	p := s.Pile(i)
	rest := len(p) - m.N()
	dstEmpty := len(s.Pile(int(to-engine.LocPile0))) == 0
	r := &s.Game().Rules
	switch {
	case rest == 0 && dstEmpty:
		return r.StockTo != engine.StockToPiles
	case atomic:
		return false
	case rest == 0 && sr.empties:
		return !sr.fillerExists(s, i)
	case rest > s.Down(i) && sr.partial && r.Decks == 1:
		u, g := p[rest-1], p[rest]
		if s.CanFound(u) || s.EmptyCell() >= 0 {
			return false
		}
		return !sr.faceUp(s, engine.NewCard(g.Rank(), g.Suit()^3))
	}
	return false
}

// uselessWorry tells, with one deck and worryPendApplies, whether
// worrying card f back onto pile y (move m) is useless: the node after it
// (pendWorry) would have no move, as none of its uses can exist, not even
// after the other worry-back moves every restricted node offers (see
// "Restrictions together"; each may bring a foundation card up, so
// "face up" counts every foundation card, see foundationMask):
//   - a card put on f: no card that fits on f lies face up anywhere (m
//     only adds f and the card under it, e, to the places a card can be
//     moved from; f does not fit on itself, and when e fits on f, as in
//     games built up or down in suit, the move is kept);
//   - f to a cell: no cell is free;
//   - the card under f worried back: f is its foundation's only card, or
//     the card under f, e, fits on no pile top but y's (which is f after
//     m, of e's suit), on no foundation card but f (one worried back
//     first would be a pile top), and no pile is empty that e may fill.
func (sr *search) uselessWorry(s *engine.State, m engine.Move) bool {
	f := s.MovedCard(m)
	if sr.fitters[f&63]&sr.faceUpSet(s) != 0 || s.EmptyCell() >= 0 {
		return false
	}
	fi := int(m.From() - engine.LocFound0)
	if s.Foundation(fi) < 2 {
		return true
	}
	e := engine.NewCard(f.Rank()-1, f.Suit())
	if f.Rank() == 1 { // a wrapped foundation: the card under an Ace is a King
		e = engine.NewCard(s.Game().Rules.Ranks, f.Suit())
	}
	g := s.Game()
	if g.Fits(e, f) { // building up or down in suit: e may go on f
		return false
	}
	// e may also go on a card worried back meanwhile: any foundation card
	// but f (see foundationMask)
	for h := foundationMask(s) &^ (1 << (f & 63)); h != 0; h &= h - 1 {
		if sr.fitters[bits.TrailingZeros64(h)]&(1<<(e&63)) != 0 {
			return false
		}
	}
	y := int(m.To() - engine.LocPile0)
	for j := 0; j < g.Piles(); j++ {
		if j == y {
			continue
		}
		p := s.Pile(j)
		if len(p) == 0 {
			if s.CanFill(e) {
				return false
			}
		} else if sr.fitters[p[len(p)-1]&63]&(1<<(e&63)) != 0 {
			return false
		}
	}
	return true
}

// uselessCard tells, when talonFreeApplies, whether playing talon card x
// to a pile is useless: no card that fits on x lies face up anywhere, so
// the restricted node after it could do nothing.
func (sr *search) uselessCard(s *engine.State, x engine.Card) bool {
	if x.Rank() == 1 {
		return true
	}
	a, b := engine.NewCard(x.Rank()-1, engine.Clubs), engine.NewCard(x.Rank()-1, engine.Spades)
	if !x.Red() {
		a, b = engine.NewCard(x.Rank()-1, engine.Diamonds), engine.NewCard(x.Rank()-1, engine.Hearts)
	}
	return !sr.faceUp(s, a) && !sr.faceUp(s, b)
}

// faceUp is faceUpSomewhere for one-deck games, with the cards of the
// node at hand gathered once into a mask (upOK is cleared for each node).
func (sr *search) faceUp(s *engine.State, c engine.Card) bool {
	return sr.faceUpSet(s)&(1<<(c&63)) != 0
}

// faceUpSet is the node's faceUpMask, gathered once.
func (sr *search) faceUpSet(s *engine.State) uint64 {
	if !sr.upOK {
		sr.up, sr.upOK = faceUpMask(s, sr.worry), true
	}
	return sr.up
}

// faceUpMask is the set of the cards faceUpSomewhere finds, for one deck.
func faceUpMask(s *engine.State, worry bool) uint64 {
	g := s.Game()
	var m uint64
	for j := 0; j < g.Piles(); j++ {
		for _, x := range s.Pile(j)[s.Down(j):] {
			m |= 1 << (x & 63)
		}
	}
	for k := 0; k < s.Talon(); k++ {
		m |= 1 << (s.TalonCard(k) & 63)
	}
	for k := 0; k < g.Rules.Cells; k++ {
		m |= 1 << (s.Cell(k) & 63)
	}
	for k := 0; k < g.Rules.Reserves; k++ {
		if rv := s.Reserve(k); len(rv) > 0 {
			m |= 1 << (rv[len(rv)-1] & 63)
		}
	}
	if worry {
		m |= foundationMask(s)
	}
	return m &^ 1 // NoCard is no card
}

// foundationMask is the set of the cards on the foundations at any depth
// (with two decks, cards of which a copy is there), every card when the
// Joker stands on one, at any depth. With worrying back these may all come up: a
// restricted node offers every worry-back move (see "Restrictions
// together"), so a line may worry back a foundation's top to bring the
// card under it within reach, and the card under that, and so on. The
// useless checks must count them all, not the tops alone: a waste card x
// whose only possible partner lies under a foundation's top is not useless
// (the line x to a pile, the top worried back, the partner worried back
// onto x wins Klondike draw 1 with worrying back, native deal 91604, which
// counting the tops alone called lost).
func foundationMask(s *engine.State) uint64 {
	if where, _, _ := s.JokerAt(); where == engine.JokerOnFoundation {
		return ^uint64(0)
	}
	g := s.Game()
	ranks := g.Rules.Ranks
	var m uint64
	for f := 0; f < g.Rules.Foundations(); f++ {
		t := s.FoundationTop(f)
		if t == engine.NoCard {
			continue
		}
		r := t.Rank()
		for k := 0; k < s.Foundation(f); k++ {
			m |= 1 << (engine.NewCard(r, t.Suit()) & 63)
			if r--; r < 1 {
				r = ranks
			}
		}
	}
	return m
}

// faceUpSomewhere tells whether card c lies face up in a pile, anywhere in
// the talon, in a cell, on top of a reserve, or (with worrying back) on a
// foundation at any depth (see foundationMask): everywhere a card can be
// moved from, or brought within reach of a restricted node's moves.
func faceUpSomewhere(s *engine.State, c engine.Card, worry bool) bool {
	g := s.Game()
	for j := 0; j < g.Piles(); j++ {
		for _, x := range s.Pile(j)[s.Down(j):] {
			if x == c {
				return true
			}
		}
	}
	for k := 0; k < s.Talon(); k++ {
		if s.TalonCard(k) == c {
			return true
		}
	}
	for k := 0; k < g.Rules.Cells; k++ {
		if s.Cell(k) == c {
			return true
		}
	}
	for k := 0; k < g.Rules.Reserves; k++ {
		if rv := s.Reserve(k); len(rv) > 0 && rv[len(rv)-1] == c {
			return true
		}
	}
	return worry && foundationMask(s)&(1<<(c&63)) != 0
}

// fillerExists tells whether some card that may fill an empty pile lies
// face up anywhere (talon, cells, reserve tops, foundation tops with
// worrying back) except at the bottom of a pile with no face-down card
// (moving such a pile to an empty one changes nothing), and not in pile
// skip (the pile being emptied).
func (sr *search) fillerExists(s *engine.State, skip int) bool {
	g := s.Game()
	for j := 0; j < g.Piles(); j++ {
		p := s.Pile(j)
		lo := s.Down(j)
		if lo == 0 {
			lo = 1
		}
		if j == skip {
			continue
		}
		for k := lo; k < len(p); k++ {
			if s.CanFill(p[k]) {
				return true
			}
		}
	}
	for k := 0; k < s.Talon(); k++ {
		if s.CanFill(s.TalonCard(k)) {
			return true
		}
	}
	for k := 0; k < g.Rules.Cells; k++ {
		if c := s.Cell(k); c != engine.NoCard && s.CanFill(c) {
			return true
		}
	}
	for k := 0; k < g.Rules.Reserves; k++ {
		if rv := s.Reserve(k); len(rv) > 0 && s.CanFill(rv[len(rv)-1]) {
			return true
		}
	}
	if sr.worry {
		// any foundation card, not the tops alone (see foundationMask)
		for m := foundationMask(s); m != 0; m &= m - 1 {
			if c := engine.Card(bits.TrailingZeros64(m)); c.Valid() && s.CanFill(c) {
				return true
			}
		}
	}
	return false
}
