package variants

import "github.com/klondike-family/klondike/engine"

func klondike() *Game {
	return &Game{
		Name:    "klondike",
		pysolfc: pysolfcKlondike("Klondike (id 2) and Klondike (Draw 3) (id 18)"),
		Title:   "Klondike",
		Seeds:   []string{"000", "001", "003", "004"},
		Summary: "one deck, 7 piles of 1..7, draw 3, unlimited passes, no worrying back",
		Options: []string{"draw", "passes", "defoundation"},
		small:   smallKlondike,
		rules: func(o Options) (engine.Rules, error) {
			return klondikeRules(3, 0, o), nil
		},
		Page: `# Klondike

Rule texts 000, 001, 003 and 004.

- One deck. Seven piles of 1..7 cards, only the top card face up; the other 24 cards are the stock.
- Four foundations, built up in suit from the Ace to the King.
- Piles build down in alternating colour. Any face-up built group, whole or partial, moves as a
  unit. Only a King, or a group headed by a King, fills an empty pile. A face-down card turns up by
  itself when it becomes a pile's top card.
- The stock is turned ` + "`--draw`" + ` cards at a time onto the waste (default 3, as rule texts 000, 001 and 003
  play it; rule text 004 plays draw 1); at the end of the stock a draw turns what remains (rule text 000).
  Only the waste's top card is playable.
- ` + "`--passes`" + `: times through the stock; unlimited by default (rule texts 000, 001, 003); 1 is rule text 004's
  "shuffle through the stock pile only once"; 3 is rule text 001's "usually to two" redeals and Vegas.
- ` + "`--defoundation`" + `: the top card of a foundation may go back to a pile where it fits (rule text 000's
  "Defoundation"). Off by default: rule texts 000 and 004 say a foundation card stays there.

Readings: rule text 001's "the game is lost when ... the only move is to recycle the stock" is what an
exhaustive search finds anyway: recycling without playing changes nothing that matters.
`,
	}
}

func klondikeStrict() *Game {
	return &Game{
		Name:    "klondike-strict",
		Title:   "Klondike Strict",
		Seeds:   []string{"002"},
		Summary: "Solitaire Till Dawn's Klondike Strict: draw 1, one pass, only whole face-up groups move",
		Options: []string{"defoundation"},
		small:   smallKlondike,
		rules: func(o Options) (engine.Rules, error) {
			r := klondikeRules(1, 1, o)
			r.Unit = engine.UnitWholeRun
			return r, nil
		},
		Page: `# Klondike Strict

Named in rule text 002 (Solitaire Till Dawn's list of Klondike variants); rules as VARIANTS.md gives them.

- Klondike with draw 1 and one pass through the stock.
- Only all the face-up cards of a pile move together to another pile, never a part of them. A
  pile's top card may still go alone to a foundation.
- ` + "`--defoundation`" + `: the top card of a foundation may go back to a pile where it fits; off by
  default, as in Klondike.

Reading: the seed only names the game; the whole-group rule is Till Dawn's.
`,
	}
}

func klondikeHoldout() *Game {
	return &Game{
		Name:    "klondike-holdout",
		Title:   "Klondike Holdout",
		Seeds:   []string{"002"},
		Summary: "Solitaire Till Dawn's Holdout: draw 1, one pass, two one-card holdout cells",
		Options: []string{"defoundation"},
		small:   smallKlondike,
		rules: func(o Options) (engine.Rules, error) {
			r := klondikeRules(1, 1, o)
			r.Cells = 2
			return r, nil
		},
		Page: `# Klondike Holdout

Rule text 002 (Solitaire Till Dawn), its main text.

- Klondike dealt one card at a time from the hand onto the waste, with no redeal (draw 1, one pass).
- Two "holdout" cells of one card each. A cell takes the top card of any pile or of the waste. A
  cell card may go to a pile (by the usual building rule, a King to an empty pile) or to a
  foundation, never back to the waste.
- Full or partial builds move between piles (the seed says so outright).
- Scoring: $52 a game, $3 back for each card on a foundation.
- ` + "`--defoundation`" + `: the top card of a foundation may go back to a pile where it fits; off by
  default, as in Klondike.

Readings: the cells are interchangeable, so a move to a cell is listed once, to the lowest empty
cell.
`,
	}
}

func klondikeFamiliar() *Game {
	return &Game{
		Name:    "klondike-familiar",
		pysolfc: pysolfcKlondike("Klondike (Draw 3) (id 18)"),
		Title:   "Klondike Familiar",
		Seeds:   []string{"002"},
		Summary: "Solitaire Till Dawn's Klondike Familiar: the classic game, draw 3, unlimited passes",
		Options: []string{"defoundation"},
		small:   smallKlondike,
		rules: func(o Options) (engine.Rules, error) {
			return klondikeRules(3, 0, o), nil
		},
		Page: `# Klondike Familiar

Named in rule text 002; VARIANTS.md: draw 3, unlimited passes, partial groups move: the classic game,
the same rules as ` + "`klondike`" + ` with its defaults.

- ` + "`--defoundation`" + `: the top card of a foundation may go back to a pile where it fits; off by
  default, as in Klondike.
`,
	}
}

// smallKlondike is a Klondike-shaped game of 4 ranks and 3 piles.
func smallKlondike(r engine.Rules) engine.Rules { return shrink(r, 4, 3) }
