package variants

import "github.com/klondike-family/klondike/engine"

// twoDeckRules are Klondike's rules with two decks and n piles of 1..n.
func twoDeckRules(piles, draw, passes int, o Options) engine.Rules {
	r := engine.Rules{Decks: 2, Ranks: 13, Deal: triangle(piles, false)}
	wasteOptions(&r, draw, passes, o)
	return r
}

// smallTwoDeck is a two-deck game of 3 ranks and 4 piles (24 cards, a
// 14-card stock).
func smallTwoDeck(r engine.Rules) engine.Rules { return shrink(r, 3, 4) }

func doubleKlondike() *Game {
	return &Game{
		Name:    "double-klondike",
		pysolfc: &pysolfcGame{title: "Double Klondike (id 21)"},
		Title:   "Double Klondike Solitaire",
		Seeds:   []string{"000", "001", "004"},
		Summary: "two decks, 9 piles of 1..9, 59-card stock, draw 3, unlimited passes",
		Options: []string{"draw", "passes", "defoundation"},
		small:   smallTwoDeck,
		rules: func(o Options) (engine.Rules, error) {
			return twoDeckRules(9, 3, 0, o), nil
		},
		Page: `# Double Klondike Solitaire

Rule texts 000, 001 and 004; rule text 002 names it among Solitaire Till Dawn's Klondike variants.

- Two decks shuffled together (104 cards). Nine piles of 1..9 cards, only the top card face up;
  the other 59 cards are the stock.
- Eight foundations, two per suit, each built up in suit from the Ace to the King. The two
  foundations of a suit are interchangeable.
- Otherwise Klondike (rule text 000: "In all other aspects this variant is the same as in standard
  Klondike Solitaire"): piles build down in alternating colour; any face-up built group, whole or
  partial, moves as a unit; only a King, or a group headed by one, fills an empty pile; a face-down
  card turns up when it becomes a pile's top card.
- ` + "`--draw`" + `: default 3 (rule text 000: cards are "usually dealt ... in packets of three"); 1 is rule text 001's
  easier game ("one at a time (easier)"). At the end of the stock a draw turns what remains.
- ` + "`--passes`" + `: unlimited by default (rule text 000: the waste is turned over "as many times as wanted").
- ` + "`--defoundation`" + `: a foundation's top card may go back to a pile; off by default, as in Klondike.

Readings:

- Rule text 000's "whatever cards remain are added to the stock pile" is read, as VARIANTS.md says, as
  "the waste pile": the last short packet is turned onto the waste.
- This is the one-player game. Rule text 000's two-player "Double Klondike" (Snap-Up Patience) and its
  simultaneous and many-player forms are games between players, not in this list.
- Besides the native deals, Solvitaire's deal numbering (its mt19937 shuffle of two decks) deals
  this game: 9 piles of 1..9 and a 59-card stock.
`,
	}
}

func gargantua() *Game {
	return &Game{
		Name:    "gargantua",
		pysolfc: &pysolfcGame{title: "Gargantua (id 25)"},
		Title:   "Gargantua",
		Seeds:   []string{"002"},
		Summary: "PySolFC's Gargantua: Double Klondike with draw 1 and 2 passes",
		Options: []string{"draw", "passes", "defoundation"},
		small:   smallTwoDeck,
		rules: func(o Options) (engine.Rules, error) {
			return twoDeckRules(9, 1, 2, o), nil
		},
		Page: `# Gargantua

Named in rule text 002 (Solitaire Till Dawn's list of Klondike variants); the seed gives no rules, so
they are PySolFC's Gargantua, as VARIANTS.md says: "as Double Klondike, D1, 2 passes".

- Two decks (104 cards). Nine piles of 1..9 cards, only the top card face up; a 59-card stock.
- Eight foundations, two per suit, built up in suit from the Ace to the King.
- Piles build down in alternating colour; any face-up built group moves as a unit; only a King, or
  a group headed by one, fills an empty pile.
- ` + "`--draw`" + `: default 1. ` + "`--passes`" + `: default 2 (one redeal). ` + "`--defoundation`" + `: off by default.

Reading: the rules are Double Klondike's with PySolFC's draw and passes. Solvitaire's deal
numbering deals it as Double Klondike's (two decks, 9 piles, a 59-card stock).
`,
	}
}

func steps() *Game {
	return &Game{
		Name:    "steps",
		pysolfc: &pysolfcGame{title: "Steps (id 51)"},
		Title:   "Steps",
		Seeds:   []string{"001"},
		Summary: "PySolFC's Steps: two decks, 7 piles of 1..7, 76-card stock, any card fills a space, draw 1, 2 passes",
		Options: []string{"draw", "passes", "defoundation"},
		small:   smallTwoDeck,
		rules: func(o Options) (engine.Rules, error) {
			r := twoDeckRules(7, 1, 2, o)
			r.Fill = engine.FillAny
			return r, nil
		},
		Page: `# Steps

Rule text 001 says only "Steps - A two-deck variation of Klondike."; the rules are PySolFC's Steps, as
VARIANTS.md gives them.

- Two decks (104 cards). Seven piles of 1..7 cards, only the top card face up; a 76-card stock.
- Eight foundations, two per suit, built up in suit from the Ace to the King.
- Piles build down in alternating colour; any face-up built group moves as a unit; any card or
  group fills an empty pile.
- ` + "`--draw`" + `: default 1. ` + "`--passes`" + `: default 2 (one redeal). ` + "`--defoundation`" + `: off by default.

Reading: where the seed is silent the public implementation decides (VARIANTS.md: "Where a seed is
vague ... the rules below come from public implementations"). Solvitaire's deal numbering deals it
with 7 piles and a 76-card stock.
`,
	}
}
