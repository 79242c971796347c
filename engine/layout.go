package engine

// Layout is a position written out plainly, the way deal files and deal
// generators describe it. It is not used on the hot path: NewState turns it
// into a State after checking it.
type Layout struct {
	Piles       [][]Card // tableau piles left to right, each bottom to top
	FaceDown    []int    // face-down cards at the bottom of each pile
	Stock       []Card   // bottom to top: the last card is turned next
	Waste       []Card   // bottom to top: the last card is playable
	Foundations [][]Card // each bottom to top; nil or empty when none started
	Reserves    [][]Card // reserve piles, each bottom to top
	Cells       []Card   // holdout cells, NoCard when empty
	Recycles    int      // times the waste has been turned over so far
	// JokerWaiting tells that the Joker is off the table, waiting for the
	// next Ace (Joker Klondike). On a foundation the Joker is written in
	// its place among the foundation's cards.
	JokerWaiting bool
}

// Clone returns a deep copy of l.
func (l Layout) Clone() Layout {
	c := l
	c.Piles = clonePiles(l.Piles)
	c.FaceDown = append([]int(nil), l.FaceDown...)
	c.Stock = append([]Card(nil), l.Stock...)
	c.Waste = append([]Card(nil), l.Waste...)
	c.Foundations = clonePiles(l.Foundations)
	c.Reserves = clonePiles(l.Reserves)
	c.Cells = append([]Card(nil), l.Cells...)
	return c
}

func clonePiles(p [][]Card) [][]Card {
	if p == nil {
		return nil
	}
	out := make([][]Card, len(p))
	for i := range p {
		out[i] = append([]Card(nil), p[i]...)
	}
	return out
}
