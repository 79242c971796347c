package variants

import "github.com/klondike-family/klondike/engine"

func jokerKlondike() *Game {
	return &Game{
		Name:    "joker-klondike",
		Title:   "Joker Klondike",
		Seeds:   []string{"000"},
		Summary: "Klondike with a Joker that goes to a foundation as a wild card; draw 3, unlimited passes",
		Options: []string{"draw", "passes"},
		small:   smallKlondike,
		rules: func(o Options) (engine.Rules, error) {
			r := klondikeRules(3, 0, o)
			r.Joker = true
			return r, nil
		},
		Page: `# Joker Klondike

Rule text 000 ("Joker Klondike"), as VARIANTS.md gives it; where the text leaves play open, the project
reads it as below (the readings), and the engine and the plain reference both play that reading.

- One deck and one Joker: 53 cards. Seven piles of 1..7 cards, only the top card face up; the other
  25 cards are the stock. The Joker is dealt like any card: face down or up in a pile, or in the
  stock.
- Otherwise Klondike: four foundations built up in suit from the Ace to the King; piles build down
  in alternating colour; any face-up built group moves; only a King, or a group headed by one,
  fills an empty pile; nothing is ever built on the Joker and it never goes to a pile.
- A foundation is open when it holds its Ace, is not complete and the Joker is not on it. The Joker
  on a foundation stands for that foundation's next card, and cards go on above it as on that card.
- When the Joker is the top card of a pile or of the waste and a foundation is open, it must go to
  a foundation at once: its moves to the open foundations (the player picks one) are the only
  legal moves. With no foundation open it stays where it is: on the waste, later draws cover it
  and a recycle takes it back into the stock.
- When the real card the Joker stands for is playable (a pile's top card or the waste's), it may
  take the Joker's place, and in the same move the Joker goes on to another open foundation (the
  player picks one) or, with none open, leaves the table to wait. Playing that card elsewhere
  (building it on a pile) is allowed as usual.
- A waiting Joker goes onto the next foundation to open, with the Ace that opens it, as its Two.
- No card ever leaves a foundation (no worrying back, no ` + "`--defoundation`" + `).
- The game is won when the 52 real cards are on the foundations, wherever the Joker is (waiting, in
  the stock, on the waste).
- ` + "`--draw`" + `: cards turned per draw, default 3 as in ` + "`klondike`" + `; 1 is the easier game.
- ` + "`--passes`" + `: times through the stock; unlimited by default, as in ` + "`klondike`" + `.

Readings (the project's, where the text is silent):

- The Joker's move to a foundation is forced, but which open foundation is the player's choice; the
  Joker never stands for an Ace (a foundation must hold its Ace to be open), and standing for a
  King it completes its foundation.
- The release is a choice, never forced; "open" for the Joker's next foundation is judged after the
  real card has taken its place, and that foundation is never the one it leaves.
- Only an Ace going up opens a foundation, so a waiting Joker never has a choice to make; a
  foundation left open by a release does not call the waiting Joker back.
- A solution writes the Joker's own move as a move of the card "JK", and a move that takes the
  Joker along (a release, or an Ace carrying the waiting Joker) with "joker": where it goes.
`,
	}
}
