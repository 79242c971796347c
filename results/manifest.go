package results

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/solver"
	"github.com/klondike-family/klondike/variants"
)

// SolverVersion names the solver's behaviour in manifests: a change that
// can change a verdict or a node count must change it. Version 5: the
// memory limit (solver.Options.Mem) bounds all of a search's tables
// together, where version 4 gave each table the whole limit; a search
// whose tables stay within their shares (solver.memSplit) is the same,
// node for node. Version 6: a search with a node budget under 24,575
// (the quick search's 2,000, a planner's solves) starts with a table
// sized for that many states, not for millions; the same verdicts and
// nodes as version 5 unless --mem is below the old table's 1.5 MiB, and
// smaller table figures for the deals the quick search decides. Version
// 7: with worrying back the relaxed game also takes as safe a card of
// rank r >= 3 whose other-colour foundations hold r-1 and whose colour's
// other foundation holds r-2 (rgame.safe, proved there): fewer relaxed
// states. Version 8: with worrying back the useless checks count every
// foundation card as within reach, not the tops alone (solver
// foundationMask): versions 1 to 7 could call a won deal of a game with
// worrying back lost (Klondike draw 1 with worrying back, native deal
// 91604); their lost verdicts with worrying back are not to be trusted.
// Wins of every version replay, and games without worrying back are
// searched as before. Version 9: the same when the Joker stands on a
// foundation under other cards (every card then counts as within reach);
// only Joker games with worrying back are searched differently from 8.
// Version 10: where the relaxed game applies, a root search of the relaxed
// game (solver/relaxroot.go) follows the quick real search: it proves the
// deal lost, or its relaxed win is realized as real moves and replayed
// (solver/realize.go); the relaxed game no longer worries back or places
// from the talon or a cell a card that is safe to go up (proved in
// rgame.moves). Verdicts agree with version 9 on every deal tested.
// Version 11: the root search plays deferred moves (solver/relaxdefer.go:
// a talon card placed, with draw 1 and unlimited passes, or a pile's last
// structure card revealed, only together with a move that uses what it
// provides), proved to keep every relaxed win; the same verdicts, fewer
// relaxed states. Version 12: where the rules draw more than one card, the
// root search of the coarse game (solver/relaxcoarse.go: the talon turned
// one card at a time with unlimited passes) comes first, and its loss is
// the deal's; the same verdicts, far fewer nodes on lost deals. Version
// 13: the relaxed game's root search first runs short probes, each trying
// the moves in another order (solver/relaxroot.go, rroot.probe): eight of
// 2,000 states where one card is drawn, 32 of 500 where more are; a probe
// that ends without a stop decides the deal as the search would. Native
// deals 0..999 with worrying back: draw 3 103.3 M nodes to 67.5 M, draw 1
// 23.7 M to 22.1 M; the same verdicts. Version 14: where the rules
// have cells (Holdout), the first guided search and the beam searches
// come right after the quick search, before the root searches of the
// relaxed game. Native Holdout deals 0..811 at 30 M nodes: 441.7 M nodes
// to 229.3 M (deal 671, unknown in both, left out); every verdict the
// same but deal 447's, which version 13 won at 31.2 M nodes. And in
// Yukon (no stock, any face-up card moves with what lies on it, building
// in alternating colour), the typed link game (solver/linkgame.go) is
// searched after the beam searches: its loss is the deal's, and its
// states count as nodes. Native deals 0..1999 at 500,000 nodes: 203
// unknown to 179 (32 more proved lost, 8 wins left unknown), no verdict
// contradicted. Other games are searched as in version 13. Version 15:
// where the rules have cells (Holdout), the relaxed game's root search
// runs 40 probes of 500,000 states (solver/tuning.go) instead of eight of
// 2,000: 9 of the 11 native deals of 10,000 that version 14 left unknown
// at 60 s are won; all else as version 14. Version 16: where one card is
// drawn with two passes or more, the relaxed game's root search keeps
// one state of each rest (all but the waste position and recycles) at
// the earliest position searched, and skips the same rest at a later
// one, which it dominates (solver/relaxroot.go, position dominance):
// the same verdicts, fewer nodes on the lost deals of those rules; all
// else as version 15. Version 17: where one card is drawn with two passes
// or more, the coarse game's root search (solver/relaxcoarse.go) comes
// first, as where more are drawn: native draw-1 deals 0..199 with three
// passes at 30 M nodes, 110.8 M nodes to 16.0 M; the same verdicts.
// Version 18: the root searches' sets hold a 64-bit key in one word (XOR'd
// with the key of no state, solver/relaxroot.go narrowXor) where they held
// two: Klondike with limited passes and no cells, whose relaxed keys take
// 64 bits, fits twice the states in the same memory (native draw-1
// deal 3145 with three passes, out of memory at 1 GiB with version 17,
// is lost in 60.4 M nodes); the probes' move order follows the one-word
// hash there; all else as version 17. Version 19: where the relaxed game
// does not apply (the other games but Agnes Sorel), the beam searches go
// up to width 16,384 and 1 << 24 nodes instead of 1,024 and 1 << 20
// (solver/beam.go): native deals 0..199 of eight games at 5 s, 81 unknown
// to 60, no verdict contradicted. Every beam keeps a 127-bit fingerprint
// of each state's key instead of the key (16 bytes a slot: Gargantua's
// deal 26, 768 MiB to 256 MiB), so a beam that stopped on memory before
// may go on. In the other one-deck games without worrying back, the Joker
// or deals only when stuck (Agnes Sorel and Bernauer, Yukon, Alaska,
// Whitehead, Thumb and Pouch), a card every card that fits on it is up
// already goes up at once, alone of all moves (solver/gensafe.go,
// safeAny). Klondike's rule sets are searched as in version 18 but for
// the beams' table. Version 20: in the one-deck games without a Joker or
// cells that the relaxed game does not bound (Yukon, Alaska, Agnes Sorel
// and Bernauer, Whitehead, Thumb and Pouch), a deal with pinned cards
// (solver/pinned.go: lowest face-up cards whose hosts and foundation
// predecessors all lie face down under them) is lost at once, and a move
// that turns a card into such a position is not searched: native deals
// 0..99 at 2 M nodes, Yukon 2 unknown to 1 and 17.1 M nodes to 15.1 M,
// Alaska 4 unknown to 2 and 11.8 M to 9.6 M, Agnes Sorel and Bernauer the
// same nodes; no verdict contradicted. Whitehead (no card face down) and
// Thumb and Pouch (any card fills a space) never have a pinned card, so
// their search is version 19's, as is that of every other game and of
// Klondike's rule sets. Version 21: the pinned cards' proof is widened
// (solver/pinned.go): where groups are built runs, a face-up card that
// breaks its pile's run pins the cards under it as face-down ones do, and
// without worrying back a card on a foundation counts as a dead host; the
// search looks for pinned cards after deals and moves to a foundation as
// well as after turns. Native Agnes Sorel deals 0..99 at 2 M nodes: 23
// unknown to 21, 61.8 M nodes to 57.6 M; Yukon, Alaska and Agnes
// Bernauer deals 0..99 at 500,000 nodes: the same verdicts, nodes within
// 0.2 %; no verdict contradicted. Klondike's rule sets, Whitehead and
// Thumb and Pouch are searched as in version 20. Version 22: the
// partial-run restriction (solver/restrict.go) and its useless-move test
// ask that the run moved fit the card it leaves: where piles are dealt
// face up (Agnes Bernauer with --face-up) a run may lie on a card it does
// not fit, which the restriction's proof does not cover, and a review
// found small face-up deals called lost that are won
// (TestPartialFaceUp). Every other search is version 21's: elsewhere a
// pile's face-up cards are always one built run. Version 23: the packed
// table key (solver/key.go) serves every one-deck game with a waste and
// no reserves, whatever its build, not only alternating builds: Alaska,
// Whitehead and Thumb and Pouch store their states in about 60 % to 70 %
// of the bytes, so a search that stopped on memory may go on. The search
// is unchanged (the keys are as exact as before): native deals 0..19 of
// those three games at 500,000 nodes, the same verdicts and node counts.
// Klondike's rule sets, Yukon and the games with reserves, two decks, a
// Joker or a stock dealt onto the piles are searched as in version 22.
// Version 24: where the relaxed game does not apply (the other games),
// the beam searches' score also counts the cards that lie above a card
// of their suit that goes up before them (solver/beam.go, buriedCards):
// of the deals version 22 left unknown at 20 M nodes, the beams then win
// Gargantua's native deals 26 and 58, Double Klondike's 7 and Steps' 59.
// Klondike's rule sets that the relaxed game bounds (all but a dealt
// base, deals only when stuck and Joker Klondike, which take the new
// score) are searched as in version 23. Version 25: there each beam
// width runs with the plain score, then with buried cards counted:
// version 24's score alone lost Gargantua's native deals 24, 40 and 42
// (won by version 23) while it won 26 and 58 (results/bench.md).
// Version 26: there the plain beams of every width run first, as in
// version 23, then the other games' proofs of loss, then the beams with
// buried cards counted, within a quarter of the nodes left, then the full
// search: version 25's interleaving lost Gargantua's 7 and 42, which the
// wide plain beams win at 8.1 and 8.9 M nodes. A deal the plain beams or
// the proofs of loss decide is searched as in version 23. Version 27:
// where the relaxed game does not apply and the stock is turned to a
// waste (Gargantua, Steps, Double Klondike, Joker Klondike, Whitehead,
// Thumb and Pouch, Klondike with a dealt base or dealing only when
// stuck), the beams' score also counts each pile's face-down cards by
// their pairs (solver/beam.go, scoreSpread), and each width runs that
// score, then that score with buried cards counted, before the full
// search, with no beams after it: on 41 hard Gargantua deals, 38 won
// within 4 M nodes a deal where version 26's first beams won 26, in a
// third of the nodes. Yukon, Alaska, Agnes Sorel, Agnes Bernauer and the
// rule sets the relaxed game bounds are searched as in version 26.
// Version 28: in those games each width runs the two beams twice, the
// second time with ties of score broken by the states' hashes
// (scoreHashTies): on the same 41 Gargantua deals, 39 won in 21.6 M
// nodes. The other games are searched as in version 27. Version 29:
// only the games of two decks (Gargantua, Steps, Double Klondike) run the
// second pair; Joker Klondike, Whitehead, Thumb and Pouch and Klondike's
// rule sets without the relaxed game are searched as in version 27 (on
// their lost deals the extra beams only cost nodes: Joker Klondike's
// native deals 0..59 took 64.2 M nodes with version 28, 53.9 M with 27).
// The two-deck games are searched as in version 28. Version 30: in the
// games of two decks the beams take every node left, with no cap, and
// widen up to 262,144 (solver.beamsTakeAll), where they took at most half
// and stopped at 16,384: the depth-first search after them, with half of
// 20 M nodes, won none of the 1,587 deals of Gargantua's 100,000-deal row
// that version 29 searched (26 left unknown), and the beams with all 20 M
// won 3 of the first 15 of those. A deal the beams won within half the
// nodes is searched node for node as in version 29; the players' small
// solves of these games (the expert's, the planner's) change too, their
// depth-first search getting only what the beams leave. The other games
// are searched as in version 29. Version 31: in those games, past width
// 4,096, rounds of narrow beams (widths 256 and 1,024, the two hash-tie
// scores) whose ties are broken in a new order each round come before each
// wider width (solver.beamSchedule): of the 26 Gargantua deals version 29
// left unknown at 20 M nodes, version 30 wins 6 within 20 M and version 31
// 12 (those 6 among them). A deal the beams won by width 4,096 is searched
// node for node as in version 30, and the other games as in version 30.
// Version 32: the restart rounds are narrower and more (widths 16, 64 and
// 256, and 1,024 every fourth round; 32 rounds before each wider width,
// where version 31 ran 8 of widths 256 and 1,024): of those 26 deals it
// wins 17 within 20 M nodes. Otherwise as version 31. Version 33: the
// packed table key (solver/key.go) serves the games whose stock is dealt
// onto the piles or the reserves (Agnes Sorel, Agnes Bernauer) and Joker
// Klondike too, which version 32 keyed with the engine's key: 48 to 61
// bytes of table a stored state where the Agnes games took 75 to 85, and
// 38 to 41 where Joker Klondike took 70 to 83, so a memory limit stops
// them later (Agnes Bernauer's deal 101: lost in 16.5 M nodes, where
// version 32 stopped unknown at 1 GiB). The searches are otherwise node
// for node those of version 32, and every other game's as well. Version
// 34: the pinned-card proof (solver/pinned.go) takes for condition (3) any
// card of X's suit that goes up before X, not only the one X follows, and
// a reserve's card with cards dealt under it as a candidate: of native
// deals 0..9,999 it holds at the deal for 89 of Yukon's (16 before), 239
// of Agnes Sorel's (14) and 111 of Agnes Bernauer's (21), Alaska's 278
// unchanged; Agnes Bernauer's deal 23, unknown after 60 M nodes of version
// 33, is lost at once. Klondike's rule sets and the games the proof does
// not serve are searched node for node as in version 33. Version 35: the
// restriction after partial moves is not made where ranks wrap (Agnes
// Bernauer), where its proof fails (solver/restrict.go): Agnes Bernauer's
// native deals 0..199 at 2 M nodes take 16.0 % more nodes and leave 17
// unknown where version 34 left 14. Every other game is searched node for
// node as in version 34. Version 36: that restriction is made there again
// once both cards of one colour of the foundations' first rank are up,
// from when no run can go round to the card a partial move exposed (a
// proof for thirteen ranks in alternating colour: solver/restrict.go):
// Agnes Bernauer's native deals 0..199 at 2 M nodes take 52.9 M nodes
// (version 35: 59.2 M; version 34, without the proof: 51.0 M), 17
// unknown. Every other game is searched node for node as in version 35.
// Version 37: a move that empties a pile is no longer dropped when the
// moved group itself carries, above its bottom card, a card that may fill
// the pile (solver/useless.go, fillerExists; earlier versions looked for
// a filler everywhere but in that group). Where any face-up card moves
// with what lies on it (Yukon, Alaska), where any card fills a space, and
// where ranks wrap or only one rank fills (Agnes Bernauer), earlier
// versions could so call a won deal lost: a small Yukon game did
// (TestUselessEmptyingCarriesAFiller). Alaska's native deals 0..999 at
// 2 M nodes: the same verdicts as version 36, 1.1 % more nodes.
// Klondike's rule sets, Joker Klondike and Agnes Sorel are searched node
// for node as in version 36. Version 38: where Yukon's link game was
// searched from the deal and did not prove it lost (a win of the link
// game, which proves nothing, or out of memory), its lost marks guide the
// full search, which skips every node whose link state, read from the
// position alone, the link game proves lost, searching each new one
// within 2,048 link states (solver/linkguide.go, with its theorem); the
// search from the deal may still take every node left, as before, but
// within 3/8 of the memory where it had all of it (the real search keeps
// half, the guide's own sets the rest). Yukon's native deals 0..999 at
// 2 M nodes: 38 unknown where version 36 left 47 (nine more won, none
// lost), 182.8 M nodes against 183.1 M; deal 182, unknown at 20 M nodes
// before, is won in 5.5 M. Every other game is searched node for node as
// in version 37. Version 39: a second dead-card proof beside the pinned
// cards, the blocked pair (solver/pinned.go, with its theorem): a card
// held above a card of its suit that goes up before it, where no group
// that holds it may leave (every card that may head one may be built only
// on cards under it in that pile or on the foundations, and fills no
// space); checked at the root and after every move where groups are
// built runs (Agnes Sorel, Agnes Bernauer). Agnes Sorel's native deals
// 0..299 at 2 M nodes: 32 unknown where version 38 left 51 (18 more lost,
// one more won), 101.1 M nodes against 145.2 M. Agnes Bernauer's 0..99:
// the same verdicts, 0.6 % fewer nodes. Every other game is searched node
// for node as in version 38. Version 40: a proof of loss for Agnes
// Bernauer, the reserve game (solver/resgame.go, with its theorem): the
// foundations, what is left of each pile's face-down cards and lowest
// face-up card, the reserves' cards and the deals made are kept, and where
// the other face-up cards lie is forgotten but for bounds on the uncovered
// cards of each host group and on the empty piles, as the relaxed game
// does for Klondike (not where the stock is dealt only when stuck, which
// it ignores). It is searched from the deal before the beams, within
// every node left (its states count as nodes; restarts in three move
// orders look for its wins, which prove nothing), and its lost marks guide
// the last search. Agnes Bernauer's native deals 0..999 at 2 M nodes: 27
// unknown where version 39 left 92 (44 more lost, 22 more won; deal 726,
// lost by version 39 in 1.91 M nodes, is unknown), 204.3 M nodes against
// 308.8 M; deals 90, 96, 101 and 103, unknown at 20 M nodes with version
// 39 (96 and 103 at 60 M with version 33), are lost within 8.7 M. Every
// other game is searched node for node as in version 39. Version 41: a
// proof of loss for Agnes Sorel, the segment game (solver/seggame.go, with
// its theorem): the foundations, the stock left and each pile's cards up
// to its top card that does not lie on a card it fits on are kept, and
// the built runs above them are forgotten but for bounds on the uncovered
// cards of each host group; a deal's card is either free or a new top of
// its pile's kept cards. Its guide checks every node after the last deal,
// and a node with one deal left once its subtree has taken 300 nodes
// (its states count as nodes). Agnes Sorel's native deals 0..199 at 2 M
// nodes: 14 unknown where version 40 left 20 (6 more lost), 57.5 M nodes
// against 64.8 M; deal 6, unknown at 10 M nodes with version 40, is lost
// in 1.09 M. Every other game is searched node for node as in version 40.
// Version 42: the segment game's guide checks a node with one deal left
// before its moves, as it does a node after the last deal, where version
// 41 checked it only once its subtree had taken 300 nodes. Agnes Sorel's
// native deals 0..199 at 2 M nodes: 11 unknown where version 41 left 14
// (deals 5, 72, 80 and 86 lost; deal 25, lost by version 41 in 0.80 M
// nodes, unknown), 51.3 M nodes against 57.5 M; deals 120 and 110 lost in
// 9.9 M and 17.4 M nodes against 20.1 M and 21.3 M; deal 31, lost by
// version 41 in 82.6 M nodes, unknown at 100 M. Every other game is
// searched node for node as in version 41. Version 43: the link game's
// search (Yukon, Alaska) skips a node after cuts when any node of its
// state with a subset of its pending cuts was searched and lost, where
// version 42 looked for the subsets only when at most 4 cuts were pending
// (with more, only for the free node): its set now holds a state's nodes
// in one run of slots, read once (lsearch.seenNode). Yukon's native deals
// 0..299 at 2 M nodes: 8 unknown where version 42 left 9 (deal 63 lost),
// the 21 deals both lose in 8.05 M nodes against 8.54 M; at 20 M nodes
// deals 210, 217 and 267 are lost in 2.33 M, 4.80 M and 7.38 M nodes
// against 2.74 M, 5.99 M and 10.50 M. Every other game is searched node
// for node as in version 42. Version 44: the relaxed game bounds Joker
// Klondike (where the Joker is and the rank it stands for are part of the
// relaxed state, its moves part of the relaxed game), proving its deals
// lost and guiding its search; its root searches run after the first
// guided search and the beams (the spread scores, within the relaxed
// game's limits), within half of the nodes and time left. Joker
// Klondike's native deals 0..999 at 60 s a deal
// (results/bench/v44-joker-klondike-60s): 919 won, 68 lost, 13 unknown
// where version 43 left 32 unknown (912 won, 56 lost), no verdict
// contradicted; the deals both win in 34.7 M nodes against 96.2 M, those
// both lose in 7.2 M against 54.2 M. Every other game is searched node for
// node as in version 43. Version 45: Joker Klondike's relaxed game sees
// the Joker as a credit (free until a card goes up two ranks above its
// started foundation, the Joker standing for the rank skipped; free
// again when that card takes its place), which lets it take safe moves
// (rgame.safe, proved there with the Joker) and defer the reveals that
// empty a pile. Joker Klondike's native deals 0..299 at 2 M nodes: 280
// won, 15 lost, 5 unknown where version 44 gave 281, 14, 5 (deal 56 lost,
// deal 268 unknown: its relaxed line is not realized), the 14 deals both
// lose in 1.28 M nodes against 2.48 M. Every other game is searched node
// for node as in version 44. Version 46: with the Joker the root searches
// take all the nodes and time left, as in the other games, where version
// 45 gave them half. Of Joker Klondike's row's unknown deals at 20 M
// nodes, 1500, 3185, 3370 and 6755 are lost in 12.5 M to 16.2 M nodes; of
// 16 won deals that took 1.5 M to 16.3 M nodes, 15 take the same nodes
// and deal 12575 17.8 M against 10.1 M. Native deals 0..299 at 2 M nodes:
// 279 won, 17 lost, 4 unknown where version 45 gave 280, 15, 5 (deals 183
// and 207 lost, deal 176 unknown, won by version 45 in 1.09 M nodes),
// 18.39 M nodes in all against 18.84 M. Every other game is searched node
// for node as in version 45. Version 47: in the two-deck games whose
// beams take every node (Gargantua, Steps, Double Klondike) the second
// pair of beams at each width and the odd restart rounds weigh each talon
// card 6 points instead of 2 (scoreTalon). Of 26 Gargantua deals left
// unknown by version 43's benchmark at 60 s or version 32's row at 20 M
// nodes, 22 are won within 20 M nodes (five that version 46 also wins
// there, in 12.0 M to 18.0 M nodes, take 0.07 M to 3.24 M; deal 257,
// unknown with version 46, 2.18 M); native deals 0..299 at 3 M nodes:
// Gargantua 297 won, 3 unknown where version 46 gave 294, 6 (57.73 M
// nodes → 40.71 M), Steps 299, 1 where 298, 2 (14.85 M → 10.93 M),
// Double Klondike all won (13.90 M → 12.38 M). Every other game is
// searched node for node as in version 46. Version 48: that weight is 10.
// The four of the 26 deals that version 47 leaves unknown at 20 M nodes:
// 892, 3715 and 9545 won in 0.21 M, 0.67 M and 8.04 M nodes, 106 still
// unknown; native deals 0..299 at 3 M nodes: Gargantua 298 won, 2 unknown
// (30.79 M nodes, version 47 297, 3, 40.71 M), Steps 299, 1 (13.35 M
// against 10.93 M), Double Klondike all won (12.92 M against 12.38 M).
// Every other game is searched node for node as in version 47. Version
// 49: the weight is 16. Native deals 0..299 at 3 M nodes: Gargantua 299
// won, 1 unknown (26.43 M nodes), Steps 299, 1 (13.66 M), Double Klondike
// all won (13.27 M). Every other game is searched node for node as in
// version 48. Version 50: with worrying back (one deck, no Joker, no
// cells) the relaxed and coarse games' root searches defer worried-back
// cards too, with their followers' hosts pulled (relaxdefer.go). Twenty
// lost draw-3 deals with worrying back (seeds 220 12710 19310 29430 36260
// 42010 54220 61000 70780 78960 85060 97210 109680 118180 124920 131870
// 138520 150760 159810 172050) take 8.10 M nodes against version 49's
// 16.25 M, and 9.00 s of user CPU against 12.72 s (deal by deal in turn,
// nothing else running). Against the draw-3 worrying-back row's shard 1
// (version 46) at 5 M nodes, seeds 0 to 99,990 by tens, a build of it
// before its pull skip (mayBeRead, below): no verdict differs. Without
// worrying back every game is searched node for node as in version 49.
// Version 51: with the Joker (Joker Klondike) the talon placements are
// deferred too in the coarse game (one card drawn, unlimited passes), their
// followers the credits and releases that read the card's type as well.
// Twelve lost native deals of Joker Klondike's row (60 125 755 925 1020
// 1075 1755 2135 2275 2515 2770 3390) take 8.11 M nodes against version
// 50's 11.41 M, and 8.16 s of user CPU against 12.36 s (deal by deal in
// turn, beside two other runs). Every other game is searched node for
// node as in version 50. Version 52: the check that skips the pulls for
// the card under a worried-back card where it could have no follower
// (mayBeRead, since version 50) holds now where an emptying reveal can be
// pulled for a King's host: that reveal's own host may be pulled from any
// height, so versions 50 and 51 could skip pulls that had a follower
// after them (a card of the child type brought to a foundation's top, the
// card under made unsafe, the twin brought down). It now cuts the heights
// to the lowest such reveal's rank before it judges. On the 20 draw-3 and
// 10 draw-1 lost deals with worrying back of version 50's figures the
// nodes are the same (8,100,995 and 3,875,385), at 1.04 and 1.02 times
// version 51's user CPU. No recorded verdict came from versions 50 and 51
// with a worried-back card deferred (draw 3's second retry pass, the one
// record of version 50, has no worrying back). Version 53: where the rules
// have cells (Holdout), the relaxed game's probes run in rounds, each
// batch followed by the guided search again from scratch (2, 4, 8, ...
// probes, 0.5 M, 1 M, 2 M, ... guided nodes), where version 52 ran all 40
// probes first. Native Holdout deals 0..999 at 20 M nodes: 229.2 M nodes
// against 276.6 M, and none unknown where 3 were (94, 675 and 690, won in
// 1.6 M, 9.3 M and 3.8 M nodes); 955 of the deals take the same nodes.
// Every game without cells is searched node for node as in version 52.
// Version 54: where the relaxed game has no cycle (no cells, no worrying
// back) and a one-worker root search wins but its win does not realize,
// the guide keeps the root search's set and takes its states off the
// winning line for lost (solver/rootmarks.go). Klondike Strict's native
// deals 0..199 at 20 M nodes: 60.6 M nodes against 74.4 M (0.815), 57.4 s
// against 66.6 s run side by side with nothing else running (0.862); no
// verdict differs. Games with cells or worrying back are searched node for
// node as in version 53. Version 55: in the games without a stock (Yukon,
// Alaska) the beams stop at width 256 and 1 M nodes, where they went on to
// 16,384 and 16 M (solver/beam.go). Native deals 0, 5, ..., 1,495 of
// Alaska at 20 M nodes: 17.8 M nodes against 35.9 M; of Yukon 0, 5, ...,
// 495: 13.5 M against 20.4 M; no verdict differs. Every other game is
// searched node for node as in version 54. Version 56: in Klondike Strict
// (only a pile's whole face-up part moves to another pile) the pinned-card
// and blocked-pair proofs apply (solver/pinned.go), widened by held cards,
// the last pass's waste and a pile's one separator, and looked for at each
// new node (a pinned node is counted and stored). Native Strict deals
// 200..599 at 20 M nodes: 106.3 M nodes against 119.1 M, 326.9 s of CPU
// against 349.2 s in four runs each, alternately beside two other runs
// (0.94); with worrying back, deals 0..199: 83.9 M nodes against 90.3 M,
// 162.2 s against 170.0 s in two runs each (0.95); no verdict differs.
// Every other game is searched node for node as in version 55. Version
// 57: in one-deck games with worrying back, a restricted node offers a
// worry-back that is no use of its own card only where a joint use can
// follow it (the card under it fits on the node's card, or fills the
// emptied pile), no longer every worry-back (solver/restrict.go,
// "Restrictions together"). Klondike Strict with worrying back, native
// deals 0..548 at 20 M nodes: no verdict decided by both differs; deal
// 209, unknown before, is lost (15.4 M nodes); deal 266 stays unknown at
// 20 M, and is lost in 59.3 M nodes where 100 M left it unknown; the
// other 547 deals 195.1 M nodes against 208.7 M. Native deals 0..299 at
// 20 M nodes, no verdict differs: Klondike with worrying back draw 3
// 0.994 of the nodes, draw 1 0.991, draw 1 one pass 1.000, draw 3 three
// passes 0.998, Holdout 0.957. Games without worrying back or with two
// decks are searched node for node as in version 56. Version 58: in
// one-deck games with worrying back, every free child has its pile tops
// that lie on a face-up card they fit, which their foundation takes,
// moved up before its key is made (solver/closeup.go, with its proof);
// the line returned plays those moves. Klondike Strict with worrying
// back: deals 193, 415, 209 and 266 take 0.67, 0.65, 0.68 and 0.63 of
// version 57's nodes (266 lost in 37.1 M); native deals 0..548 at 20 M
// nodes, no verdict differs, the 548 decided ones 192.6 M nodes against
// 210.5 M. Native deals 0..299 at 20 M nodes, no verdict differs:
// Klondike with worrying back draw 3 0.999 of the nodes, draw 1 0.993,
// draw 1 one pass 1.000, draw 3 three passes 0.999, Holdout 0.995. Games
// without worrying back or with two decks are searched node for node as
// in version 57. Version 59: a pile's face-up cards are hashed as a
// polynomial that a child follows from its parent (engine/poshash.go,
// runHash), where they were hashed with xxhash: the position
// fingerprints change, and with them the order of the beams' ties where
// the beams break ties by the fingerprint (solver.BeamTiesHashed: the
// two-deck games whose stock is turned to a waste, Double Klondike,
// Gargantua and Steps). Every other game is searched node for node as in
// version 58 (its beams use the fingerprint only to know a state met
// before). A new version adds to searchChanges (below) the rule sets
// whose search it changes.
const SolverVersion = "59"

// File names in a result directory.
const (
	ManifestFile = "manifest.json"
	RecordsFile  = "records.jsonl"
	// CompressedRecordsFile replaces RecordsFile in a finished experiment
	// compressed for the repository (CompressRecords).
	CompressedRecordsFile = "records.jsonl.gz"
)

// Manifest says how a result directory's records were made: everything
// needed to make them again.
type Manifest struct {
	Game     string       `json:"game"`
	Rules    engine.Rules `json:"rules"`
	From     uint64       `json:"from"`  // first seed of the range
	Deals    uint64       `json:"deals"` // seeds From .. From+Deals-1
	SeedType string       `json:"seed_type"`
	// Shard is "k/n" (this directory holds the seeds s of the range with
	// (s-From) % n == k-1; "1/1" is the whole range), or "merged k of n"
	// for a directory merge made from k shard directories of n.
	Shard    string `json:"shard"`
	Budget   string `json:"budget"`    // wall time per deal (a Go duration; "0s" none)
	MaxNodes int64  `json:"max_nodes"` // nodes per deal; 0 none
	Mem      int64  `json:"mem"`       // transposition table bytes per deal; 0 none
	// Workers is the number of deals solved at once; it does not change
	// any record but the times. 0 in a merged manifest.
	Workers       int    `json:"workers"`
	GoVersion     string `json:"go_version"`
	Commit        string `json:"commit"`
	DealGenerator string `json:"deal_generator"`
	SolverVersion string `json:"solver_version"`
	// Player is empty for thoughtful solving (every card known), else the
	// player (solver/player) who played each deal, seeing only what a
	// person sees, with what it remembers of the talon and, for the
	// planner, its samples and node budget per solve.
	Player        string `json:"player,omitempty"`
	PlayerMemory  string `json:"player_memory,omitempty"`
	PlayerSamples int    `json:"player_samples,omitempty"`
	PlayerNodes   int64  `json:"player_nodes,omitempty"`
	PlayerVersion string `json:"player_version,omitempty"`
	// Grading is set for a run that grades its won deals (klondike
	// winnable): the players who play each won deal and how their wins
	// make its grade. PlayerVersion is then set too.
	Grading *Grading `json:"grading,omitempty"`
	// ContinuedBy lists the builds ("commit, go version", with ", solver
	// vN" where that build's solver version is not SolverVersion) that
	// continued the run after the one named by Commit and GoVersion: a run
	// may be continued by another build as long as the player versions
	// (and everything else that makes a record) are the same, and the
	// solver versions are the same or search the run's rules alike
	// (unusedFields).
	ContinuedBy []string `json:"continued_by,omitempty"`
	// Retries are the passes that solved the unknown deals again with
	// other budgets (RunRetry), in order.
	Retries []Retry `json:"retries,omitempty"`
}

// provenanceFields are the manifest fields (JSON names) that say which
// build made the records but not what they are: a run continued by another
// build keeps the first build's and lists the others in ContinuedBy.
var provenanceFields = []string{"go_version", "commit", "continued_by"}

// unusedFields are the manifest fields (JSON names) that do not bear on
// the records of two runs a and b of one player (or both thoughtful
// solving), so that one may continue or be merged with the other: the
// solver's version, for a player who never calls the solver (all but the
// planner and the expert), or where the two versions search a's rules
// node for node alike (SameSearch). The manifest keeps the first build's
// version; a continuing build with another one is listed with it in
// ContinuedBy.
func unusedFields(a, b *Manifest) []string {
	if a.Player != b.Player {
		return nil
	}
	if a.Player != "" && a.Player != "planner" && a.Player != "expert" ||
		SameSearch(a.SolverVersion, b.SolverVersion, &a.Rules) {
		return []string{"solver_version"}
	}
	return nil
}

// searchChanges lists, for each solver version from sameSearchFrom+1 on,
// a test that holds for every rule set whose search the version changed
// (it may hold for more): each other rule set it searches node for node
// as the version before, as SolverVersion's history says.
var searchChanges = map[int]func(r *engine.Rules) bool{
	// the pinned-card proofs in Klondike Strict (solver.pinApplies: one
	// deck only)
	56: func(r *engine.Rules) bool { return r.Decks == 1 },
	// the worry-backs a restricted node offers (one deck, worrying back)
	57: func(r *engine.Rules) bool { return r.Decks == 1 && r.WorryBack },
	// the foundation moves played before a free node is keyed (one deck,
	// worrying back)
	58: func(r *engine.Rules) bool { return r.Decks == 1 && r.WorryBack },
	// the fingerprints by which beams break ties (two decks)
	59: solver.BeamTiesHashed,
}

// sameSearchFrom is the oldest solver version SameSearch may find alike
// with a later one: searchChanges begins after it.
const sameSearchFrom = 55

// SameSearch tells whether solver versions a and b search the rules r
// node for node alike (the same verdicts, node counts and lines, so the
// same records), by searchChanges: no version after the older one up to
// the newer changed r's search. Versions before sameSearchFrom, and
// versions not known to this build, are alike only with themselves.
func SameSearch(a, b string, r *engine.Rules) bool {
	if a == b {
		return true
	}
	va, err1 := strconv.Atoi(a)
	vb, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil {
		return false
	}
	if va > vb {
		va, vb = vb, va
	}
	if va < sameSearchFrom {
		return false
	}
	for v := va + 1; v <= vb; v++ {
		changed, ok := searchChanges[v]
		if !ok || changed(r) {
			return false
		}
	}
	return true
}

// build names the manifest's build as an entry of ContinuedBy.
func (m *Manifest) build() string { return m.Commit + ", " + m.GoVersion }

// continuing names m's build as an entry of first's ContinuedBy: build,
// with m's solver version where it is not first's (a player who never
// calls the solver, or versions that search first's rules alike).
func (m *Manifest) continuing(first *Manifest) string {
	return withVersion(m.build(), m.SolverVersion, first.SolverVersion)
}

// builds returns the builds that made m's records (its own and those in
// its ContinuedBy) as entries of first's ContinuedBy (a merge of m into
// first): an entry that names no solver version was made by m's, named
// where it is not first's.
func (m *Manifest) builds(first *Manifest) []string {
	out := []string{m.continuing(first)}
	for _, b := range m.ContinuedBy {
		if !strings.Contains(b, versionMark) {
			b = withVersion(b, m.SolverVersion, first.SolverVersion)
		}
		out = append(out, b)
	}
	return out
}

// versionMark begins the solver version in an entry of ContinuedBy.
const versionMark = ", solver v"

// withVersion is build b, made by solver version v, as named in a
// manifest of version first: with v where it is not first.
func withVersion(b, v, first string) string {
	if v != first {
		return b + versionMark + v
	}
	return b
}

// Commit returns the VCS revision the binary was built from, with
// "+dirty" when the tree was modified, or "unknown".
func Commit() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	rev, dirty := "", false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return "unknown"
	}
	if dirty {
		rev += "+dirty"
	}
	return rev
}

// Dealer returns the deal function of the manifest's seed type, game and
// rules (variants.SeedType), or why that numbering cannot deal them. The
// records' seeds are 64-bit: a numbering with larger numbers is run on
// its numbers up to 2^64−1.
func (m *Manifest) Dealer() (DealFunc, error) {
	t, err := variants.LookupSeedType(m.SeedType)
	if err != nil {
		return nil, err
	}
	g, err := variants.Lookup(m.Game)
	if err != nil {
		return nil, err
	}
	deal, err := t.Dealer(g, m.Rules)
	if err != nil {
		return nil, err
	}
	return func(seed uint64) (engine.Layout, error) { return deal(engine.SeedOf(seed)) }, nil
}

// NewManifest fills in the fields that describe this build: Go version,
// commit, deal generator and solver version. The seed type is recorded
// by its registry name (variants.LookupSeedType also reads a generator's
// name).
func NewManifest(game string, r engine.Rules, seedType string, from, deals uint64, shard Shard,
	budget time.Duration, maxNodes, mem int64, workers int) (Manifest, error) {
	t, err := variants.LookupSeedType(seedType)
	if err != nil {
		return Manifest{}, err
	}
	gen := t.Generator
	m := Manifest{
		Game: game, Rules: r, From: from, Deals: deals, SeedType: t.Name, Shard: shard.String(),
		Budget: budget.String(), MaxNodes: maxNodes, Mem: mem, Workers: workers,
		GoVersion: runtime.Version(), Commit: Commit(), DealGenerator: gen, SolverVersion: SolverVersion,
	}
	if err := m.Check(); err != nil {
		return m, err
	}
	_, err = m.Dealer()
	return m, err
}

// Check validates the seed range against the seed type's numbers.
func (m *Manifest) Check() error {
	if m.Deals == 0 {
		return errors.New("no deals: want 1 or more")
	}
	last := m.From + (m.Deals - 1)
	if last < m.From {
		return fmt.Errorf("seeds %d + %d deals run past %d", m.From, m.Deals, uint64(math.MaxUint64))
	}
	t, err := variants.LookupSeedType(m.SeedType)
	if err != nil {
		return err
	}
	if t.Check(engine.SeedOf(m.From)) != nil || t.Check(engine.SeedOf(last)) != nil {
		return fmt.Errorf("seeds %d..%d: %s deal numbers are %s", m.From, last, t.Name, t.Range())
	}
	return nil
}

// InRange tells whether seed lies in the manifest's seed range.
func (m *Manifest) InRange(seed uint64) bool { return seed >= m.From && seed-m.From < m.Deals }

// SolverOptions returns the solver budgets the manifest names.
func (m *Manifest) SolverOptions() (solver.Options, error) {
	d, err := time.ParseDuration(m.Budget)
	if err != nil {
		return solver.Options{}, fmt.Errorf("manifest budget %q: %v", m.Budget, err)
	}
	return solver.Options{Budget: d, MaxNodes: m.MaxNodes, Mem: m.Mem}, nil
}

// Diff compares two manifests field by field, in the order of the JSON
// object, skipping the fields named in ignore (JSON names). It returns
// the JSON name of the first field that differs with both values, or ""
// when they agree.
func Diff(a, b *Manifest, ignore ...string) (field, va, vb string) {
	return diffValues(*a, *b, ignore)
}

// diffValues is Diff for two structs of any one type.
func diffValues(a, b any, ignore []string) (field, va, vb string) {
	ta := reflect.TypeOf(a)
	ra, rb := reflect.ValueOf(a), reflect.ValueOf(b)
	for i := 0; i < ta.NumField(); i++ {
		name, _, _ := strings.Cut(ta.Field(i).Tag.Get("json"), ",")
		if name == "" {
			name = ta.Field(i).Name
		}
		if contains(ignore, name) {
			continue
		}
		x, y := ra.Field(i).Interface(), rb.Field(i).Interface()
		if reflect.DeepEqual(x, y) {
			continue
		}
		if ra.Field(i).Kind() == reflect.Struct {
			// name the field inside (rules.Draw), not the whole struct
			if sub, sx, sy := diffValues(x, y, nil); sub != "" {
				return name + "." + sub, sx, sy
			}
		}
		return name, jsonString(x), jsonString(y)
	}
	return "", "", ""
}

func contains(xs []string, x string) bool {
	for _, s := range xs {
		if s == x {
			return true
		}
	}
	return false
}

// jsonString writes v as compact JSON.
func jsonString(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// kind names the kind of experiment m describes, for a refusal that
// would otherwise name the first field in which two kinds differ.
func (m *Manifest) kind() string {
	switch {
	case m.Grading != nil:
		return "a search for winnable deals (klondike winnable)"
	case m.Player != "":
		return "games of a player (klondike winrate --player)"
	}
	return "deals solved (klondike winrate)"
}

// ReadManifest reads DIR/manifest.json.
func ReadManifest(dir string) (Manifest, error) {
	var m Manifest
	return m, readJSONStrict(filepath.Join(dir, ManifestFile), &m)
}

// readJSONStrict decodes the JSON file at path into v, refusing fields v
// does not have; errors name the file.
func readJSONStrict(path string, v any) error {
	data, err := readDirFile(path, MaxManifestBytes)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return fmt.Errorf("%s: the JSON ends early (%s): the file is empty or torn", path, FormatBytes(int64(len(data))))
		}
		return fmt.Errorf("%s: %s", path, ClipError(err))
	}
	return nil
}

// WriteManifest writes DIR/manifest.json atomically: a temporary file,
// synced, renamed over the old one, and the directory synced.
func WriteManifest(dir string, m *Manifest) error {
	return writeJSONAtomic(filepath.Join(dir, ManifestFile), m)
}

// WriteFileAtomic replaces path with data so that a crash leaves either
// the old file or the new one: a temporary file beside it, written, made
// readable by all (mode 0644, as os.WriteFile makes files), synced, renamed
// over path, and the directory synced. Errors name path,
// never the temporary file. Where path is a link to a file, the file is
// replaced and the link kept; where it is not a regular file (a terminal,
// a pipe, /dev/stdout), data is written into it, which has no old
// contents to keep and must not be replaced.
func WriteFileAtomic(path string, data []byte) error {
	name := path // what errors name
	if st, err := os.Stat(path); err == nil {
		switch {
		case st.IsDir():
			return fmt.Errorf("write %s: is a directory", name)
		case !st.Mode().IsRegular():
			f, err := os.OpenFile(path, os.O_WRONLY, 0)
			if err != nil {
				return fmt.Errorf("write %s: %w", name, bareError(err))
			}
			_, err = f.Write(data)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				return fmt.Errorf("write %s: %w", name, bareError(err))
			}
			return nil
		}
		if target, err := filepath.EvalSymlinks(path); err == nil {
			path = target
		}
	}
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*")
	if err != nil {
		return fmt.Errorf("write %s: %w", name, bareError(err))
	}
	tmp := f.Name()
	fail := func(err error) error {
		f.Close()
		os.Remove(tmp)
		return fmt.Errorf("write %s: %w", name, bareError(err))
	}
	if _, err := f.Write(data); err != nil {
		return fail(err)
	}
	if err := f.Chmod(0o644); err != nil {
		return fail(err)
	}
	if err := f.Sync(); err != nil {
		return fail(err)
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write %s: %w", name, bareError(err))
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write %s: %w", name, bareError(err))
	}
	return syncDir(dir)
}

// bareError is the cause of a file system error without the path it
// names (a temporary file's, which would only puzzle a user).
func bareError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}

// syncDir makes a rename or a new file in dir durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, os.ErrInvalid) {
		return err
	}
	return nil
}

// Shard is part k of n of a seed range: the seeds s with
// (s − from) % N == K − 1.
type Shard struct{ K, N uint64 }

// Whole is the whole range as one shard.
var Whole = Shard{1, 1}

// ParseShard reads "k/n" with 1 ≤ k ≤ n.
func ParseShard(s string) (Shard, error) {
	ks, ns, ok := strings.Cut(strings.TrimSpace(s), "/")
	k, err1 := strconv.ParseUint(ks, 10, 64)
	n, err2 := strconv.ParseUint(ns, 10, 64)
	if !ok || err1 != nil || err2 != nil || k < 1 || k > n {
		return Shard{}, fmt.Errorf("shard %q: want k/n with 1 <= k <= n, e.g. 3/10", s)
	}
	return Shard{k, n}, nil
}

func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.K, s.N) }

// Holds tells whether seed belongs to the shard of a range starting at
// from.
func (s Shard) Holds(from, seed uint64) bool { return (seed-from)%s.N == s.K-1 }

// Seeds lists the shard's seeds of the range from .. from+deals−1, in
// increasing order.
func (s Shard) Seeds(from, deals uint64) []uint64 {
	if deals < s.K {
		return nil
	}
	out := make([]uint64, 0, (deals-s.K)/s.N+1)
	for i := s.K - 1; i < deals; i += s.N {
		out = append(out, from+i)
		if i+s.N < i { // overflow
			break
		}
	}
	return out
}
