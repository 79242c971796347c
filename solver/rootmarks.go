package solver

// The root search's lost marks. When the root search
// of the relaxed game (relaxroot.go) wins and its win does not realize,
// the guided search follows, and its guide (relaxsearch.go) searches the
// relaxed game again from each real node's relaxed state. Most of what the
// root search visited it visits again: in Klondike Strict, whose deals
// that draw 1 with one pass wins and Strict loses are its costliest (the
// relaxed game cannot see that only whole face-up groups move there, so
// its root search wins and the guided search proves the loss), a quarter
// to a third of the guide's states on such deals are states the root
// search stored (deal 154: 5.52 M of 21.0 M; deal 100: 3.35 M of 9.09 M;
// deal 125: 0.43 M of 3.66 M). Where the relaxed game has no cycle, the
// states the root search stored and left are lost, and the guide starts
// with them marked.
//
// Lemma (no cycle). Without cells and worrying back, each relaxed move
// puts a card that is neither the Joker nor already there on a
// foundation, or takes a card from a structure or from the talon, and no
// move puts a card back into a structure or the talon or takes one from a
// foundation: the cards on the foundations (the Joker aside), the
// structure cards gone and the talon cards gone grow, together, with every
// move. So no line of moves returns to a state, nor to a state's rest (all
// of it but the waste position and recycles: rroot.pos).
//
// Proof. The moves of relax.go: a pile card to its foundation (a placed
// card, or a surface, which takes it from its structure); a reveal takes
// a surface from its structure; a talon card goes to a foundation or onto
// the piles, out of the talon; cells and worried-back cards are not in
// these games. With the Joker: the Joker in the talon becoming free takes
// it from the talon; a credit puts the card Y on its foundation, and a
// release the card X (neither the Joker); normalize, which may free a
// Joker on a pile's top, only takes cards from structures. ∎
//
// Theorem (the root search's lost marks). Where the relaxed game has no
// cycle, when a root search on one worker ends with a win, every state in
// its set that is not on the line from the root to the win is lost.
//
// Proof. The root was put in the set and searched (visit); any other
// state was put there by visit as a child (a macro's last state) and
// searched at once. The search ended with a win, so no visit stopped: the
// search of each state in the set had returned without a win
// ("finished"), or was still running when the win was found, and those
// are the states on the line. Suppose some finished state can be won, and
// let S be the first to finish among them. S is not won (visit checks a
// child for a win before it puts it in the set). By the completeness of
// the root search (relaxroot.go; with deferred moves, relaxdefer.go's
// theorem for T and E, the only ones these games defer), S has a
// generated child C that can be won. When S's search came to C: C was
// not won (else S's search would have returned the win); if C was added,
// its search finished before S's did, and C can be won, which contradicts
// the choice of S; else the set held C's key, or with position dominance
// (rroot.pos) C's rest at the same or an earlier position, as the state
// D. D is not S nor one of S's ancestors: by the lemma each of those has
// another rest than C, which comes after them on a line. So D's search,
// begun when D was put in the set, had returned: D finished before S. D
// is C, or has an earlier position than C and can be won if C can
// (relaxroot.go's lemma, an earlier position dominates): either way D
// can be won, which again contradicts the choice of S. ∎
//
// A state of the set may since have been replaced by the same rest at an
// earlier position (position dominance); the set then holds the earlier
// one, which the theorem covers as well, and a state whose rest the set
// holds at the same or an earlier position than its own is lost too when
// the stored state is (the lemma of position dominance again).
//
// The guide does not copy the set: copying 1.95 M states into its table
// took 1.25 s on Strict deal 154, most of what they spared it. It keeps
// the set (8 or 16 bytes a state) and reads it for each relaxed state its
// own table does not decide (rsolver.markedLost). The line's states, found
// again by playing rr.line from the root, go to the guide's table of won
// relaxed states, which it reads first: they can be won, so no state that
// can be won is taken for lost. The set holds exact keys and the guide's
// tables compare whole keys, so no verdict rests on a hash. The set is
// kept only where it takes at most half of the guide's memory limit
// (which it then counts, so that the guide's own table has what is left).

// rootMarksApply tells whether the root search of rg, on workers
// goroutines, keeps its set after a win for the guide's lost marks: one
// worker (with several, a state in the set may have been claimed by a
// worker still searching it) and a relaxed game without a cycle (the
// lemma above).
func rootMarksApply(rg *rgame, workers int) bool {
	return workers == 1 && rg.cells == 0 && !rg.worry
}

// handOver gives rs the set of rr, kept after a win (rr.kept: not where a
// probe won, whose set is gone), as lost marks, with the states of the
// winning line from root put in rs's table of won states; where there is
// none, or it would take more than half of rs's memory limit, or the
// line's states do not fit, the set is freed instead. It tells whether rs
// took the set.
func (rr *rroot) handOver(rs *rsolver, root *rstate) bool {
	kept := rr.kept
	rr.kept = false
	if !kept || rs.rg != rr.rg || rs.marks != nil || rs.limit > 0 && 2*rr.set.bytes() > rs.limit {
		rr.freeSet()
		return false
	}
	st := *root
	ok := true
	for i := 0; ok && i <= len(rr.line); i++ {
		if i > 0 {
			rr.rg.apply(&st, rr.line[i-1])
		}
		_, ok = rs.won.insert(rr.rg.key(&st))
	}
	if !ok {
		rr.freeSet()
		return false
	}
	rs.marks = new(rset)
	*rs.marks = rr.set
	rr.set = rset{}
	return true
}

// dropKept frees rr's set where it was kept after a win (rr.kept).
func (rr *rroot) dropKept() {
	if rr.kept {
		rr.kept = false
		rr.freeSet()
	}
}

// markedLost tells whether k's state is proved lost by the root search's
// set, rs.marks (rootmarks.go): the set holds it, or with position
// dominance its rest at the same or an earlier position, for a state off
// the winning line (not in rs.won). The caller has checked that k itself
// is not in rs.won.
func (rs *rsolver) markedLost(k [2]uint64) bool {
	s := rs.marks
	sk, ok := s.holds(k)
	return ok && (sk == k || !rs.won.contains(sk))
}

// home reads the word of k's home slot in the set (the early read of
// rsolver.visit, so that markedLost finds it in cache).
func (s *rset) home(k [2]uint64) uint64 {
	i := setHash(s.xor, k, s.pos) >> s.shift
	if s.narrow {
		return s.set1[i]
	}
	return s.set2[i][0]
}

// holds looks for k in the set: ok when the set holds it, or where
// positions dominate (s.pos) its rest at the same or an earlier position,
// as the key sk.
func (s *rset) holds(k [2]uint64) (sk [2]uint64, ok bool) {
	mask := uint64(s.slots() - 1)
	h := setHash(s.xor, k, s.pos)
	pm := s.pos
	if s.narrow {
		w := k[0] ^ s.xor
		for i := h >> s.shift; ; i = (i + 1) & mask {
			switch v := s.set1[i]; {
			case v == w:
				return k, true
			case v == 0:
				return sk, false
			case pm != 0 && (v^w)&^pm == 0:
				// the same rest: v's state dominates k's if its position is no later
				return [2]uint64{v ^ s.xor, k[1]}, (v^s.xor)&pm <= k[0]&pm
			}
		}
	}
	for i := h >> s.shift; ; i = (i + 1) & mask {
		switch v := s.set2[i]; {
		case v == k:
			return k, true
		case v == [2]uint64{}:
			return sk, false
		case pm != 0 && v[1] == k[1] && (v[0]^k[0])&^pm == 0:
			return v, v[0]&pm <= k[0]&pm
		}
	}
}
