package ref

import "strings"

// Perft counts the legal move sequences from p: result[d-1] holds the counts
// for the sequences of length d, for d = 1..depth. The kind counters of a
// depth split its sequences by the kind of their last move; see moveKind.
// Perft panics, like Moves, if the game or the position is malformed.
func Perft(g Game, p Position, depth int) []Counts {
	if depth <= 0 {
		return []Counts{}
	}
	counts := make([]Counts, depth)
	perft(g, p, 0, counts)
	return counts
}

// perft adds the sequences that extend the current one of length d.
func perft(g Game, p Position, d int, counts []Counts) {
	for _, m := range Moves(g, p) {
		q, flipped, err := apply(g, p, m)
		if err != nil {
			panic("ref: Perft: listed move does not apply: " + err.Error())
		}
		c := &counts[d]
		c.Nodes++
		switch moveKind(m) {
		case "draw":
			c.Draw++
		case "recycle":
			c.Recycle++
		case "deal":
			c.Deal++
		case "to-foundation":
			c.ToFoundation++
		case "from-foundation":
			c.FromFoundation++
		case "cell":
			c.Cell++
		case "waste-to-pile":
			c.WasteToPile++
		case "reserve-to-pile":
			c.ReserveToPile++
		default:
			c.PileToPile++
		}
		if flipped {
			c.Flips++
		}
		if d+1 < len(counts) {
			perft(g, q, d+1, counts)
		}
	}
}

// moveKind names the single kind of a move, by this priority: "draw",
// "recycle", "deal", TO is a foundation ("to-foundation"), FROM is a
// foundation ("from-foundation"), FROM or TO is a cell ("cell"), FROM is the
// waste ("waste-to-pile"), FROM is a reserve ("reserve-to-pile"), else
// "pile-to-pile". Joker Klondike's moves are all "to-foundation": the
// Joker's own move ("w-f1/1") and a release ("t3-f2/1+f4", "w-f2/1+wait",
// whose TO is the foundation the real card goes to).
func moveKind(m string) string {
	if m == "draw" || m == "recycle" || m == "deal" {
		return m
	}
	from, rest, _ := strings.Cut(m, "-")
	to, _, _ := strings.Cut(rest, "/")
	switch {
	case strings.HasPrefix(to, "f"):
		return "to-foundation"
	case strings.HasPrefix(from, "f"):
		return "from-foundation"
	case strings.HasPrefix(from, "c") || strings.HasPrefix(to, "c"):
		return "cell"
	case from == "w":
		return "waste-to-pile"
	case strings.HasPrefix(from, "r"):
		return "reserve-to-pile"
	default:
		return "pile-to-pile"
	}
}
