package solver

import (
	"context"
	"iter"
	"slices"
	"time"

	"github.com/klondike-family/klondike/engine"
)

// The beam searches' widths (from the least, four times wider each time)
// and their node budget in all, by the kind of game (beamLimits):
//
//   - Where the relaxed game applies: up to beamRelaxedWidth within
//     beamRelaxedNodes. Its guided search decides most hard deals, the
//     lost ones included, and keeps the nodes.
//   - Where the stock is dealt onto the piles (Agnes Sorel): up to
//     beamLostWidth within beamLostNodes. Its deals are almost all lost,
//     and a beam on a lost deal runs to its end: on native deals 0..199
//     at 5 s a deal, beams to 16,384 left 35 deals unknown where these
//     leave 34, and took the median time from 61 to 169 ms.
//   - Without a stock (Yukon, Alaska): up to beamNoStockWidth within
//     beamLostNodes. There the depth-first search wins the hard won deals
//     as the wide beams do, and the wide beams only cost a lost deal their
//     whole run before the search that proves it (Alaska's native deal 85:
//     1.96 M of its 2.91 M nodes with beams to 16,384). At 20 M nodes,
//     Alaska's native deals 0, 5, ..., 1,495 take 17.8 M nodes with these
//     beams against 35.9 M with beams to 16,384 within 16 M, Yukon's 0, 5,
//     ..., 495 13.5 M against 20.4 M, with the same verdicts.
//   - In the games of two decks whose stock is turned to a waste
//     (Gargantua, Steps, Double Klondike: beamsTakeAll): every node left,
//     without a cap, up to beamTwoDeckWidth, with restarts (beamSchedule);
//     the depth-first search runs only on what they leave. Their deals are
//     nearly all won, and the ones the search leaves unknown are won ones
//     the beams had not reached: of Gargantua's first 1,587 native deals
//     at 20 M nodes, all 1,561 wins came from the quick search and the
//     beams, a depth-first search given half the nodes after them won
//     none, while beams given all of them won 3 of the first 15 left
//     unknown, and with 100 M nodes and widths to 262,144 deal 175 (at
//     79.9 M nodes). Few of their deals are lost (3 of Double Klondike's
//     first 100,000 native deals, none of Gargantua's first 20,000 of the
//     seeds 0, 5, 10, ...). This holds at every budget, the players' small
//     solves included: there too the depth-first search, which alone can
//     prove a position lost, gets only the nodes the beams leave.
//   - Elsewhere (Whitehead, Thumb and Pouch, Agnes Bernauer, Klondike with
//     options the relaxed game does not cover): at most half the nodes
//     left, and at most beamMaxNodes, up to beamMaxWidth. On native deals
//     0..199 at 5 s a deal, beams this wide leave Whitehead no deal unknown
//     where beams to 1,024 within 1 << 20 nodes left 1, and Joker Klondike
//     (searched so before the relaxed game covered the Joker) 7 where they
//     left 12, with no verdict contradicted.
//
// The measurements are in results/bench.md, sections "Wider beams for the
// other games: solver version 19", "Solver version 30" and "Solver version
// 55".
const (
	beamMinWidth     = 16
	beamMaxWidth     = 16384
	beamMaxNodes     = 1 << 24
	beamRelaxedWidth = 1024
	beamRelaxedNodes = 1 << 16
	beamLostWidth    = 1024
	beamLostNodes    = 1 << 20
	beamNoStockWidth = 256
	beamTwoDeckWidth = 1 << 18
)

// beamLimits returns the beams' node budget in all (0: every node left,
// without a cap) and their widest width for the rules r (relaxed: the
// relaxed game applies), as said above.
func beamLimits(r *engine.Rules, relaxed bool) (nodes int64, widest int) {
	switch {
	case relaxed:
		return beamRelaxedNodes, beamRelaxedWidth
	case r.StockTo == engine.StockToPiles:
		return beamLostNodes, beamLostWidth
	case r.StockCount() == 0:
		return beamLostNodes, beamNoStockWidth
	case beamsTakeAll(r):
		return 0, beamTwoDeckWidth
	}
	return beamMaxNodes, beamMaxWidth
}

// beamsTakeAll tells whether the first beams take every node left (the
// games of two decks whose stock is turned to a waste); elsewhere they
// take at most half.
func beamsTakeAll(r *engine.Rules) bool {
	return r.Decks == 2 && r.StockTo == engine.StockToWaste && r.StockCount() > 0
}

// BeamTiesHashed tells whether the searches of the rules r order some of
// their beams' ties by the position fingerprint (scoreHashTies: the games
// whose beams take every node, beamPlan and beamSchedule's restarts): a
// change of engine.PositionFingerprint's hash changes their searches,
// and no other's.
func BeamTiesHashed(r *engine.Rules) bool { return beamsTakeAll(r) }

// beamSolve looks for a win by beam search: from the deal, each level
// keeps the width best new states (by beamScore) among the children of
// the level before, until a win, a level with no new state, or a budget.
// It proves nothing when it finds no win. It is there for the games whose
// trees are too large for the depth-first search to leave a bad early
// choice within its budget: in Gargantua and Steps (two decks, nine
// piles, two passes) the depth-first search spends its nodes under a
// move that used up the stock early.
//
// Its moves are the search's (generate, without the restrictions that
// follow particular moves, which only drop moves), except that the stock
// is turned one step at a time, as a person turns it: waste moves are
// those of the waste's top card, and a stock step (a draw, or a recycle
// when the stock is empty and a pass is left) is a move of its own. So a
// line it finds is a line of legal moves, which Solve expands and the
// tests replay. Each new state is counted as a node, and a 127-bit
// fingerprint of its position key is stored so that no state is kept
// twice (engine.PositionFingerprint, made from 64-bit hashes of the piles,
// reserves and talon brought up to date move by move: the position key
// tells states apart as the search key does, with the exact waste position
// the beam needs). Two different states taken for one (when two of their
// piles, reserves or talons share a 64-bit part hash, or when both words
// collide otherwise) would keep only the first, which can only cost the
// beam a win it would otherwise find, never give a wrong one. Reserves
// and two-deck talons are hashed with xxhash (a chance of about n^2 / 2^65
// among n different ones); piles' runs with a polynomial whose colliding
// runs can be constructed (engine/poshash.go, runHash), though no game
// is known to have met one. Memory: the set may take half of
// opt.Mem (while it doubles, the old half of that is kept too) and the
// kept states' links a quarter; a beam that would need more stops on
// memory.
func beamSolve(ctx context.Context, s engine.State, opt Options, width int, maxNodes int64, deadline time.Time, sc beamScoring, tie uint64) (path []sMove, st Stats) {
	return beamRun(ctx, s, opt, width, maxNodes, deadline, beamPaths{}, sc, tie)
}

// beamPaths chooses the beam's slow paths, which its tests compare with
// the fast ones (TestBeamFastPaths): fullGen has the search's generator
// make the talon's moves after stock steps too, which the beam drops
// (fast: the waste top's alone, search.topOnly); exact keeps each state's
// whole position key in a map (no memory limit: for the tests) instead of
// its fingerprint.
type beamPaths struct{ fullGen, exact bool }

// beamRun is beamSolve, on the paths p.
func beamRun(ctx context.Context, s engine.State, opt Options, width int, maxNodes int64, deadline time.Time, p beamPaths, sc beamScoring, tie uint64) (path []sMove, st Stats) {
	sr := &search{opt: opt, ctx: ctx, deadline: deadline, key: make([]byte, 0, engine.MaxKeyLen), topOnly: !p.fullGen}
	r := &s.Game().Rules
	sr.dealRules = dealRulesFor(&s, opt.NoPrune)
	seen := newKeyset(opt.Mem / 2)
	defer seen.free()
	var exact map[string]bool
	if p.exact {
		exact = map[string]bool{}
	}
	var nodes, kept int64 // kept: the states kept, each with a 16-byte link
	defer func() {
		st.Nodes, st.Stored, st.TableSize = nodes, int64(seen.n+len(exact)), seen.bytes()+16*kept
	}()
	// add adds st to the states seen and tells whether it was new (the
	// exact path's set; the fast path's is seen, by fingerprint)
	add := func(st *engine.State) (added, ok bool) {
		sr.key = st.AppendPositionKey(sr.key[:0])
		if exact[string(sr.key)] {
			return false, true
		}
		exact[string(sr.key)] = true
		return true, true
	}
	curParts := []engine.PositionParts{s.PositionParts()} // the states' parts
	var nextParts []engine.PositionParts
	// the states' fingerprints (without keyMark)
	curF := []engine.Fingerprint{s.PositionFingerprint(&curParts[0])}
	var nextF []engine.Fingerprint
	if exact != nil {
		add(&s)
	} else {
		f := curF[0]
		seen.insert([2]uint64{f.H0, f.H1 | keyMark})
	}

	// a candidate's rank is its score (as an int32, biased to sort as
	// unsigned) above the complement of its place among the level's
	// candidates: the higher rank goes first, so that ranks, all
	// different, order the candidates as a stable sort by falling score
	// would. The ranks are sorted as plain numbers (ranks, no comparison
	// function), and a rank's low word gives its candidate back.
	type cand struct {
		parent int32
		v      int32 // its beamScore
		m      sMove
	}
	var ranks []uint64
	type link struct {
		parent int32
		m      sMove
	}
	var links [][]link // per level: each kept state's parent and move
	cur := []engine.State{s}
	var next []engine.State
	curV := []int{beamScore(&s, sc)} // the states' beamScores
	var nextV []int
	var cands []cand
	var buf []sMove
	var kids []beamKid // a state's children
	var pb beamParent  // what the fast path's children are scored from
	line := func(parent int32, m sMove) []sMove {
		out := []sMove{m}
		for l := len(links) - 1; l >= 0; l-- {
			out = append(out, links[l][parent].m)
			parent = links[l][parent].parent
		}
		slices.Reverse(out)
		return out
	}
	for len(cur) > 0 {
		cands, ranks = cands[:0], ranks[:0]
		for i := range cur {
			p := &cur[i]
			buf = sr.generate(p, buf[:0], 0)
			if r.StockTo == engine.StockToWaste && p.CanStep() && !sr.atomicTalon(p) {
				buf = append(buf, pack(stockStep(p), 0, 0))
			}
			// the children first, each with its fingerprint and its
			// slot fetched (keyset.fetch), so that the look-ups' cache
			// misses overlap; then each in the moves' order, as one at a
			// time would be
			kids = kids[:0]
			pbSet := false // pb is p's
			for _, m := range buf {
				if m.steps() > 0 {
					continue // a waste card below the top: reached by the stock steps
				}
				// the kid's fields are each set before they are read
				// (f, and pr on the fast path; st and parts where it is
				// made), so its slot is not cleared first
				kids = slices.Grow(kids, 1)[:len(kids)+1]
				c := &kids[len(kids)-1]
				c.m, c.made = m, false
				if exact == nil {
					// the fast path: the kid's fingerprint and (if it
					// is new) score from its parent's, the kid not made:
					// the next level makes (and hashes) those it keeps
					f, won, ok := p.ChildParts(m.move(), &curParts[i], curF[i], nil)
					if ok {
						if c.won = won; won {
							break
						}
						c.f, c.pr = f, seen.fetch2(f.H0, f.H1|keyMark)
						continue
					}
				}
				c.st, c.made = *p, true
				c.st.Apply(m.move())
				if c.won = c.st.Won(); c.won {
					break // the line ends here, unless an earlier child stops the beam
				}
				c.parts = curParts[i]
				c.st.UpdateParts(m.move(), &c.parts)
				c.f = c.st.ChildFingerprint(p, curF[i], &curParts[i], &c.parts, m.move())
				if exact == nil {
					c.pr = seen.fetch2(c.f.H0, c.f.H1|keyMark)
				}
			}
			for k := range kids {
				c := &kids[k]
				if c.won {
					return line(int32(i), c.m), st
				}
				var added, ok bool
				if exact == nil {
					added, ok = seen.insertAt2(c.f.H0, c.f.H1|keyMark, c.pr)
				} else {
					added, ok = add(&c.st)
				}
				if !ok {
					return nil, Stats{Stop: StopMemory}
				}
				if !added {
					continue
				}
				nodes++
				if maxNodes > 0 && nodes >= maxNodes {
					return nil, Stats{Stop: StopNodes}
				}
				if nodes&1023 == 0 {
					if !deadline.IsZero() && time.Now().After(deadline) {
						return nil, Stats{Stop: StopTime}
					}
					if ctx != nil && ctx.Err() != nil {
						return nil, Stats{Stop: StopCancelled}
					}
				}
				var v int
				if c.made {
					v = beamScore(&c.st, sc)
				} else {
					// the kid's score from its parent's, the kid
					// not made (the beam keeps only its move)
					if !pbSet {
						pb.set(p, curV[i], sc)
						pbSet = true
					}
					v = beamKidScore(p, &pb, c.m.move(), sc)
				}
				key := v
				if sc&scoreHashTies != 0 {
					key = v*256 + hashTie(c.f.H0, tie)
				}
				ranks = append(ranks, uint64(uint32(int32(key))^1<<31)<<32|uint64(^uint32(len(cands))))
				cands = append(cands, cand{parent: int32(i), v: int32(v), m: c.m})
			}
		}
		slices.Sort(ranks) // rising: the kept are the last, the best last of all
		n := min(len(ranks), width)
		if kept += int64(n); opt.Mem > 0 && 16*kept > opt.Mem/4 {
			return nil, Stats{Stop: StopMemory}
		}
		level := make([]link, n)
		next, nextParts, nextF, nextV = next[:0], nextParts[:0], nextF[:0], nextV[:0]
		for j := range n {
			c := cands[^uint32(ranks[len(ranks)-1-j])]
			level[j] = link{c.parent, c.m}
			next = append(next, cur[c.parent])
			next[j].Apply(c.m.move())
			nextParts = append(nextParts, curParts[c.parent])
			next[j].UpdateParts(c.m.move(), &nextParts[j])
			nextF = append(nextF, next[j].ChildFingerprint(&cur[c.parent], curF[c.parent], &curParts[c.parent], &nextParts[j], c.m.move()))
			nextV = append(nextV, int(c.v))
		}
		cur, next = next, cur
		curParts, nextParts = nextParts, curParts
		curF, nextF = nextF, curF
		curV, nextV = nextV, curV
		links = append(links, level)
	}
	return nil, st
}

// beamKid is a child of a state the beam expands: the state after move m
// and its parts (both made only on the slow path; on the fast path
// engine.ChildParts gives its fingerprint and beamKidScore its score from
// the parent's), whether it is won, its fingerprint (without keyMark,
// which the set's calls add) and its set slot's probe.
type beamKid struct {
	st    engine.State
	parts engine.PositionParts
	f     engine.Fingerprint
	pr    probe
	m     sMove
	won   bool
	made  bool // st is the state after m (else it is never made: its score comes from its parent's, beamKidScore)
}

// beamScoring chooses the terms beamScore adds to its plain score.
type beamScoring uint8

const (
	// scoreSpread counts each pile's face-down cards by the pairs among
	// them, d(d-1)/2 for d face down, half a point a pair: of two states
	// with as many cards face down, the one whose face-down cards lie in
	// more piles, under fewer cards each, scores higher.
	scoreSpread beamScoring = 1 << iota
	// scoreBuried takes buriedWeight off for each buried card
	// (buriedCards).
	scoreBuried
	// scoreHashTies orders the states of one score by a byte of their
	// position's fingerprint (hashTie) rather than by the order they
	// were made in (their parents' places, then the moves' order): the
	// same score then makes a different beam. beamRun applies it (it
	// needs the fingerprint); beamScore ignores it.
	scoreHashTies
	// scoreTalon weighs each card left in the talon heavyTalonWeight
	// points instead of talonWeight: the beam then prefers states that
	// have taken more of the talon, in the first pass above all, where a card passed over must
	// wait for the last pass. In the two-deck games with a limited stock
	// the beams that run out of states do so in the last pass with talon
	// cards they can no longer play.
	scoreTalon
)

// hashTie is the tie-breaking byte of a state whose position fingerprint
// begins with f0 (scoreHashTies), in the order tie names: tie 0 is
// the order of versions 28 to 30 (with the fingerprints of each version:
// version 59 changed them); each other value makes another
// (beamSchedule's restarts).
func hashTie(f0, tie uint64) int { return int(((f0 ^ 1 ^ tie) * 0x9e3779b97f4a7c15) >> 56) }

// beamScore rates a state for the beam search: cards up, fewer cards face
// down, fewer left in the talon and the cells, passes kept. The weights
// were chosen on 30 Gargantua deals, with one beam of width 20 or 60 and
// 300,000 nodes a deal: 15-18 won for weights near these (face down 3-5,
// talon 1-2, recycle 20-50), 2 and 0 (widths 20 and 200) without the
// talon's weight. sc adds the terms it names (beamScoring); which beams
// Solve runs with which terms is beamPlan's.
func beamScore(s *engine.State, sc beamScoring) int {
	r := &s.Game().Rules
	v := foundWeight*s.FoundationCards() - downWeight*s.DownCards() - sc.talonWeight()*s.Talon()
	for i := 0; i < r.Cells; i++ {
		if s.Cell(i) != engine.NoCard {
			v -= cellWeight
		}
	}
	if r.Passes > 0 {
		v -= recycleWeight * s.Recycles()
	}
	if sc&scoreSpread != 0 {
		v -= downPairs(s) / 2
	}
	if sc&scoreBuried != 0 {
		v -= buriedWeight * buriedCards(s)
	}
	return v
}

// The weights of beamScore's plain score: each card on the foundations,
// face down, in a cell, and each recycle when the passes are limited (the
// talon's are talonWeight and heavyTalonWeight).
const (
	foundWeight   = 10
	downWeight    = 5
	cellWeight    = 3
	recycleWeight = 20
)

// talonWeight is what beamScore takes off for each card in the talon
// under scoring sc.
func (sc beamScoring) talonWeight() int {
	if sc&scoreTalon != 0 {
		return heavyTalonWeight
	}
	return talonWeight
}

// downPairs is the spread term's count: the pairs among each pile's
// face-down cards, d(d-1)/2 for d face down.
func downPairs(s *engine.State) int {
	pairs := 0
	for i := 0; i < s.Game().Piles(); i++ {
		d := s.Down(i)
		pairs += d * (d - 1) / 2
	}
	return pairs
}

// beamParent is what beamKidScore needs of a state whose children the
// beam scores without making them: its beamScore, its downPairs (with
// scoreSpread), and with scoreBuried each pile's buried cards and the
// earliest foundation place of each suit in it (buriedRun's low).
type beamParent struct {
	v, pairs int
	buried   [engine.MaxPiles]int
	low      [engine.MaxPiles][4]int
}

// set fills b for state s, whose beamScore under scoring sc is v.
func (b *beamParent) set(s *engine.State, v int, sc beamScoring) {
	b.v = v
	if sc&scoreSpread != 0 {
		b.pairs = downPairs(s)
	}
	if sc&scoreBuried != 0 {
		g := s.Game()
		for i := 0; i < g.Piles(); i++ {
			b.low[i] = [4]int{}
			b.buried[i] = buriedRun(s.Pile(i), g.Rules.Ranks, s.Base(), &b.low[i])
		}
	}
}

// beamKidScore is beamScore(child, sc) for the child legal move m makes
// from s, whose beamParent (for sc) is b, without making the child: for
// the moves engine.State.ChildParts takes (a draw, a recycle, cards from
// a pile or the waste to a pile or a foundation) in games without cells
// or a Joker (TestBeamKidScore). The terms a move changes are those of
// the piles and the talon it touches: a card to the foundations, a card
// turned face up (its pile's pairs with it), a card out of the talon, a
// recycle; the buried cards of the pile left, counted again below the
// cards that leave it, and of the cards put on a pile, counted on top of
// that pile's (a card's count depends only on the cards below it).
func beamKidScore(s *engine.State, b *beamParent, m engine.Move, sc beamScoring) int {
	v := b.v
	switch m.Kind() {
	case engine.KindDraw:
		return v
	case engine.KindRecycle:
		if s.Game().Rules.Passes > 0 {
			v -= recycleWeight
		}
		return v
	}
	ranks, base := s.Game().Rules.Ranks, s.Base()
	from, to := m.From(), m.To()
	var moved []engine.Card
	if from == engine.LocWaste {
		v += sc.talonWeight()
		w := s.Waste()
		moved = w[len(w)-1:]
	} else {
		i := int(from - engine.LocPile0)
		p := s.Pile(i)
		k := len(p) - m.N()
		moved = p[k:]
		if d := s.Down(i); d > 0 && k == d {
			v += downWeight
			if sc&scoreSpread != 0 {
				v += b.pairs/2 - (b.pairs-(d-1))/2
			}
		}
		if sc&scoreBuried != 0 {
			var low [4]int
			v += buriedWeight * (b.buried[i] - buriedRun(p[:k], ranks, base, &low))
		}
	}
	if to.IsFoundation() {
		v += foundWeight
	} else if sc&scoreBuried != 0 {
		low := b.low[to-engine.LocPile0]
		v -= buriedWeight * buriedRun(moved, ranks, base, &low)
	}
	return v
}

// beamPlan returns the scorings of Solve's beams, run width by width in
// the order given at each width: first (the beams after the quick search
// and, where it applies, the relaxed game's root search) or second (after
// the other games' proofs of loss, within a buriedShare-th of the nodes
// left; none where first already holds it).
//
//   - Where the relaxed game applies: the plain score, first only; but
//     with the Joker as below (within the relaxed game's limits,
//     beamLimits, and before its root search: Solve's guidedFirst).
//   - Where it does not and the stock is turned to a waste (Gargantua,
//     Steps, Double Klondike, Joker Klondike, Whitehead, Thumb and Pouch,
//     Klondike with a dealt base or dealing only when stuck): first, at
//     each width, the spread score, then the spread score with buried
//     cards, and with two decks (Gargantua, Steps, Double Klondike), whose
//     deals are nearly all won, the two again with ties broken by the
//     states' hashes (scoreHashTies) and the talon weighed more
//     (scoreTalon); no second. These games have no proof of loss that the
//     first beams could starve (otherProofs does not apply to them).
//   - Elsewhere (no stock, or a stock dealt onto the piles or reserves:
//     Yukon, Alaska, Agnes Sorel, Agnes Bernauer): the plain score first,
//     and buried cards second, after the link game's proof of loss, which
//     beams before it would starve on lost deals (Yukon's native deal 34
//     at 500,000 nodes).
//
// Why these scores, measured on hard deals (41 of Gargantua: its native
// deals of 0..59 past 100,000 nodes and twenty an early solver left
// unknown at 500,000; 20 each of Steps and Double Klondike; 16 of Joker
// Klondike), every width up to 16,384 within 4 M nodes a deal
// (results/bench.md, sections "Solver versions 24 and 25", "Solver
// version 27" and "Solver versions 28 and 29"):
//
//   - The buried-card score alone, in place of the plain one, loses deals
//     the plain beams win within 18,000 nodes (Gargantua's 24 and 40);
//     interleaved with it, width by width, deals they win at about 8 M
//     (7 and 42). With the spread term both beams at each width do better
//     than either score alone: on 41 Gargantua deals, 38 won in 26.1 M
//     nodes in all where the plain beams win 26 in 84.4 M (the spread
//     score alone 34 in 48.8 M, with buried cards alone 35 in 46.8 M);
//     Steps' 20, 18 won in 10.6 M against 15 in 37.5 M; Double Klondike's
//     20, 20 in 5.0 M against 19 in 22.0 M; Joker Klondike's 16 (some
//     lost), 6 won either way, in 28.1 M against 17.5 M.
//   - Which deals a beam wins changes with the order of its ties, so the
//     two-deck games run the pair again with hash ties: the same 41
//     Gargantua deals, 39 won in 21.6 M nodes (the hash-tie pair alone won
//     36 in 34.4 M, but it won deal 59, which no other beam tried won
//     within 16 M); Steps' 20, 18 won in 9.1 M. Where deals are lost the
//     extra pair only costs (at 20 M nodes, Joker Klondike's native deals
//     0..59 53.9 M → 64.2 M nodes, Whitehead's 0..199 7.0 M → 8.2 M, the
//     same verdicts), so the one-deck games do without it.
//   - That second pair (and the odd restart rounds) weighs the talon more
//     (scoreTalon, heavyTalonWeight): on the hardest Gargantua deals the
//     beams with the lighter weight run out of states and fill the last
//     pass with talon cards they cannot play.
func beamPlan(r *engine.Rules, relaxed, second bool) []beamScoring {
	switch {
	case relaxed && !r.Joker:
		if second {
			return nil
		}
		return []beamScoring{0}
	case r.StockTo == engine.StockToWaste && r.StockCount() > 0:
		if second {
			return nil
		}
		if beamsTakeAll(r) {
			return []beamScoring{scoreSpread, scoreSpread | scoreBuried, scoreSpread | scoreTalon | scoreHashTies, scoreSpread | scoreBuried | scoreTalon | scoreHashTies}
		}
		return []beamScoring{scoreSpread, scoreSpread | scoreBuried}
	case second:
		return []beamScoring{scoreBuried}
	}
	return []beamScoring{0}
}

// beamStep is one beam of Solve's schedule: its width, its score's terms
// and the order of its ties (hashTie).
type beamStep struct {
	width int
	sc    beamScoring
	tie   uint64
}

// Restarts, in the games whose beams take every node (beamsTakeAll):
// before each width wider than beamRestartBelow, the schedule runs
// beamRestartRounds rounds of narrow beams whose ties are broken in a new
// order each round: the two hash-tie scores (restartScores) at the widths
// of restartWidths, each round with its own tie, with the talon weighed
// more (scoreTalon) in the odd rounds. Which deals a beam wins changes
// with the order of its ties; on the hardest Gargantua deals a narrow
// beam in another order wins where the wide beams in the first one do
// not, and the narrowest are the cheapest way to try many orders: of the
// 26 Gargantua deals left unknown at 20 M nodes without restarts, these
// rounds win 17 within 20 M (results/bench.md, "Solver version 31" and
// "Solver version 32").
const (
	beamRestartBelow  = 4096
	beamRestartRounds = 32
)

// restartWidths are the widths of the restart rounds: each round the first
// three, every fourth round (k%4 == 0, counting from 1) all four.
var restartWidths = [...]int{16, 64, 256, 1024}

// restartScores are the scores of every restart beam.
var restartScores = [...]beamScoring{scoreSpread | scoreHashTies, scoreSpread | scoreBuried | scoreHashTies}

// beamTie is the tie order of restart round k (0: the first order).
func beamTie(k int) uint64 { return uint64(k) * 0x517cc1b727220a95 }

// beamSchedule yields the beams Solve runs, in order, for the rules r
// (relaxed: the relaxed game applies; second: the second beams): each
// width from beamMinWidth to beamLimits' widest, four times wider each
// time, with beamPlan's scores in the first tie order; where the beams
// take every node, restarts before each width wider than
// beamRestartBelow. The sequence is finite, so the depth-first search
// after the beams always gets the nodes they leave. It is made as it is
// read, so that a solve (the players' small ones too) allocates no list of
// the hundreds of beams the two-deck games have.
func beamSchedule(r *engine.Rules, relaxed, second bool) iter.Seq[beamStep] {
	return func(yield func(beamStep) bool) {
		plan := beamPlan(r, relaxed, second)
		_, widest := beamLimits(r, relaxed)
		restarts := beamsTakeAll(r) && len(plan) > 0
		round := 0
		for w := beamMinWidth; w <= widest && len(plan) > 0; w *= 4 {
			for k := 0; restarts && w > beamRestartBelow && k < beamRestartRounds; k++ {
				round++
				widths := restartWidths[:3]
				if round%4 == 0 {
					widths = restartWidths[:]
				}
				for _, rw := range widths {
					for _, sc := range restartScores {
						if round%2 == 1 {
							sc |= scoreTalon
						}
						if !yield(beamStep{rw, sc, beamTie(round)}) {
							return
						}
					}
				}
			}
			for _, sc := range plan {
				if !yield(beamStep{w, sc, 0}) {
					return
				}
			}
		}
	}
}

// buriedWeight is what beamScore takes off for each buried card.
const buriedWeight = 3

// talonWeight is what beamScore takes off for each card in the talon;
// heavyTalonWeight with scoreTalon. On the 26 hard Gargantua deals of
// results/bench.md (sections "Solver version 47" and "Solver version 49"),
// single beams of widths 256, 1,024 and 4,096 with the spread and buried
// score win 0 of 78 with weight 2, 8 with 4, 17 with 6, 36 with 10 and 43
// with 16.
const (
	talonWeight      = 2
	heavyTalonWeight = 16
)

// buriedShare: the beams with buried cards counted search within the
// plain beams' limits (beamLimits) and a buriedShare-th of the nodes left
// after the plain beams and the proofs of loss.
const buriedShare = 4

// buriedCards counts the cards, face down or up, that lie in a pile above
// a card of their own suit that comes earlier on the foundations (by rank
// from the foundations' base); the Joker is not counted.
func buriedCards(s *engine.State) int {
	g := s.Game()
	n := 0
	for i := 0; i < g.Piles(); i++ {
		var low [4]int
		n += buriedRun(s.Pile(i), g.Rules.Ranks, s.Base(), &low)
	}
	return n
}

// buriedRun counts the buried cards among cs, cards laid in a pile in
// that order onto cards whose earliest foundation places, per suit, are
// *low (1 + the place, 0 for none), and brings *low up to date with cs.
func buriedRun(cs []engine.Card, ranks, base int, low *[4]int) int {
	n := 0
	for _, c := range cs {
		if c.IsJoker() {
			continue
		}
		su := c.Suit()
		ord := 1 + c.Rank() - base // 1 + (c.Rank()-base+ranks)%ranks, without a division
		if ord <= 0 {
			ord += ranks
		}
		if low[su] != 0 && low[su] < ord {
			n++
		}
		if low[su] == 0 || ord < low[su] {
			low[su] = ord
		}
	}
	return n
}
