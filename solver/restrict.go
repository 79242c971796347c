package solver

import (
	"github.com/klondike-family/klondike/engine"
)

// The real search's restrictions: moves that must be followed at once by a
// use of what they expose or bring (pending obligations), each with the
// rules it is proved for and its proof.

// partialRulesApply tells whether partial-run moves may be restricted:
// piles built down in alternating colour, any built run (whole or partial)
// moves.
//
// A partial-run move P takes a run G (bottom card g) built on a face-up
// card u and puts it on a card t. Both u and t take g, so they have the
// same rank and colour: they are twins, and P only swaps which twin holds
// G. (Where piles are dealt face up, g may lie on a u it does not fit:
// such a move is not partial in this sense and is not restricted.) Claim:
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
//
// Where ranks wrap (Agnes Bernauer) the proof above can fail: a built run
// can go round. G and what is later built on it may go down from g to a
// card that a run topped by u fits on, and σ may move that run onto t's
// pile, where in σ' u lies under G. The two runs then go down from g to
// u, one rank a card in alternating colour, and g lies on u, of the other
// colour: with an odd number of ranks (thirteen) once round would give u
// the colour of g, so they go round twice, holding every rank once in
// each colour. Without worrying back no card leaves a foundation, so once
// both cards of one colour of some rank are up (both black or both red
// cards of the foundations' first rank: partialNow), no such runs can
// ever form, and the proof above holds from there on. So where ranks wrap
// the restriction is made only then, and only with an odd number of ranks
// and without worrying back (made always, it lacks this proof, and is
// wrong: below).
//
// Measured where ranks wrap, Agnes Bernauer's native deals 0..199 at 2 M
// nodes: the restriction made always 51.0 M nodes, 14 deals unknown;
// none 59.2 M, 17 unknown; offering after a partial
// move the runs topped by u too, and every partial move (one move can
// then be the first use of two partial moves: u's run put on a card u_Q
// that a partial move Q exposed on G's pile), 62.1 M, 18 unknown. On the
// small game of four ranks, where a run of three goes round once (so no
// restriction is made there), a solver making it always agreed with
// the exhaustive oracle on 24,000 deals (8,000 each dealt, face up and
// with more cards face down, as TestPartialWrapAgainstBFS deals them), and
// on the three-rank game, made without waiting, on 60,000; Agnes Sorel's
// small game, built in one colour, shows it wrong (deal 5202: the Ace
// of Hearts put on the Two of Hearts of the run 4H 3D 2H just split off
// it).
func partialRulesApply(r *engine.Rules) bool {
	return r.Build == engine.BuildAltColour && r.Unit == engine.UnitAnyRun &&
		(!r.Wrap || r.Ranks%2 == 1 && !r.WorryBack) &&
		r.StockTo != engine.StockToPiles && !r.DealOnlyWhenStuck
}

// partialNow tells whether a partial-run move in s is restricted: always
// where ranks do not wrap; where they wrap, once no built run can go round
// to the card a partial move exposes (see "Where ranks wrap" above).
func partialNow(s *engine.State) bool {
	if !s.Game().Rules.Wrap {
		return true
	}
	// clubs 0 and spades 3 are black, diamonds 1 and hearts 2 red
	return min(s.Foundation(0), s.Foundation(3)) > 0 || min(s.Foundation(1), s.Foundation(2)) > 0
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
	case sr.partialRestricted(s, i, rest):
		return pendPartial | pendT(p[rest-1])
	}
	return 0
}

// partialRestricted tells whether moving the cards of pile i above its
// first rest cards is a partial-run move that the search restricts: the
// group fits on a face-up card it leaves (partialRulesApply, partialNow).
func (sr *search) partialRestricted(s *engine.State, i, rest int) bool {
	p := s.Pile(i)
	return sr.partial && rest > s.Down(i) && s.Game().Fits(p[rest], p[rest-1]) && partialNow(s)
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
// offers worry-back moves that are not uses of its own card: the rebuilt
// line plays the other restricted move first (call its card u, or its
// emptied pile), then the worry-back W2 of a foundation's top x, then the
// joint use J, which is a use of W2's card: the card under x, h, worried
// back onto u or into the emptied pile. (When both restricted moves are
// worry-backs, the first is the one whose card J lands on.) So the node
// needs W2 only when the card under x fits on u, or may fill an empty
// pile after an emptying move (worryOffered). With one deck, foundations
// built up in suit from the Ace and no wrapping, h is x's predecessor in
// its suit, and the node offers the worry-back of x onto every pile that
// takes it only when that h fits on u (or may fill the empty pile: never
// where only Kings fill, as no card lies on a King on a foundation); with
// two decks, where the card under x may be any card of x's suit
// (pendCard), with ranks wrapping, a dealt base or the Joker, every
// worry-back move is offered. Offering more moves is always sound.
//
// Measured (results.SolverVersion 57, which made this narrowing; before
// it every worry-back was offered in one deck too): Klondike Strict with
// worrying back, native deal 266, lost in 59.3 M nodes where 100 M left it
// unknown; deals 193 and 415, 0.69 and 0.81 of the nodes.

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
		if from.IsFoundation() && to.IsPile() && worryOffered(s, pend, s.MovedCard(m)) {
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

// worryOffered tells whether the restricted node pend offers x, a
// foundation's top, worried back onto every pile that takes it; where it
// does not, x is offered only onto what pend names (a card put on u, or
// into an empty pile after an emptying move). It is offered when it is a
// use itself (pendWorry|f: x is the card under f, of f's suit) or when a
// joint use may follow it (see "Restrictions together": the card under
// x fits on u, or may fill an empty pile), and always outside one deck
// built up in suit from the Ace without wrapping.
func worryOffered(s *engine.State, pend pendT, x engine.Card) bool {
	r := &s.Game().Rules
	if r.Decks != 1 || r.Wrap || r.BaseDealt || r.Joker {
		return true
	}
	if pend != pendEmpty && pend&pendKind == pendWorry && x.Suit() == engine.Card(pend&63).Suit() {
		return true
	}
	if x.Rank() < 2 {
		return false
	}
	h := engine.NewCard(x.Rank()-1, x.Suit())
	if pend == pendEmpty {
		return s.CanFill(h)
	}
	return s.Game().Fits(h, engine.Card(pend&63))
}
