package variants

import (
	"errors"

	"github.com/klondike-family/klondike/engine"
)

func thumbAndPouch() *Game {
	return &Game{
		Name:    "thumb-and-pouch",
		pysolfc: pysolfcKlondike("Thumb and Pouch (id 58)"),
		Title:   "Thumb and Pouch",
		Seeds:   []string{"001", "002"},
		Summary: "Klondike building in any suit but its own, any card fills a space; draw 3, unlimited passes",
		Options: []string{"draw", "passes", "defoundation"},
		small:   smallKlondike,
		rules: func(o Options) (engine.Rules, error) {
			r := klondikeRules(3, 0, o)
			r.Build = engine.BuildOtherSuit
			r.Fill = engine.FillAny
			return r, nil
		},
		Page: `# Thumb and Pouch

Rule text 001; rule text 002 names it among Solitaire Till Dawn's Klondike variants.

- One deck. Seven piles of 1..7 cards, only the top card face up; a 24-card stock.
- Four foundations, built up in suit from the Ace to the King.
- Piles build down in any suit but the top card's own (a red 6 on a 7 of any other suit, even the
  other red one). Any face-up built group, whole or partial, moves as a unit.
- Any card or group fills an empty pile.
- ` + "`--draw`" + `: default 3. ` + "`--passes`" + `: unlimited by default. ` + "`--defoundation`" + `: off by default.

Readings: rule text 001 says "Same as Klondike" apart from building and spaces, and its Klondike turns
three cards at a time with unlimited passes: that is the default. PySolFC and Solitaire Till Dawn
play it draw 1, one pass (VARIANTS.md: "Offer both and report both"): ` + "`--draw 1 --passes 1`" + `.
`,
	}
}

func whitehead() *Game {
	return &Game{
		Name:    "whitehead",
		pysolfc: &pysolfcGame{title: "Whitehead (id 67)", rightToLeft: true, check: whiteheadPySolFC},
		Title:   "Whitehead",
		Seeds:   []string{"001"},
		Summary: "Klondike triangle all face up, dealt foundation base, same-colour building, suit runs move, draw 1, one pass",
		Options: []string{"base", "draw", "passes"},
		small:   smallKlondike,
		rules: func(o Options) (engine.Rules, error) {
			r := engine.Rules{Decks: 1, Ranks: 13, Deal: triangle(7, true)}
			wasteOptions(&r, 1, 1, o)
			r.Build = engine.BuildSameColour
			r.Unit = engine.UnitSameSuitRun
			r.Fill = engine.FillAny
			r.BaseDealt = o.Base != BaseAce
			r.Wrap = r.BaseDealt
			return r, nil
		},
		Page: `# Whitehead

Rule text 001.

- One deck. Seven piles of 1..7 cards, all face up. The 29th card starts the first foundation and
  fixes the base rank of all four; the other 23 cards are the stock.
- Four foundations, built up in suit from the base rank, wrapping from the King to the Ace until
  the rank below the base.
- Piles build down in the same colour (a red 6 on either red 7), wrapping: a King goes on an Ace of
  its colour. Only runs in one suit move as a unit (and a single card always).
- Any card or group fills an empty pile.
- The stock is turned one card at a time; there is no redeal.
- ` + "`--base`" + `: ` + "`dealt`" + ` (default, rule text 001) or ` + "`ace`" + ` (PySolFC: every foundation starts with its Ace,
  nothing is dealt to the foundations, the stock holds 24 cards and ranks do not wrap).
- ` + "`--draw`" + `: default 1. ` + "`--passes`" + `: default 1 (rule text 001: "there is no redeal").

Readings:

- Rule text 001: "the twenty-ninth card forms the basis of the first foundation"; VARIANTS.md: "PySolFC
  builds from Aces instead — an option". The seed's rule is the default.
- "Foundations wrap K→A after the base rank" (VARIANTS.md). The engine's one wrap rule also wraps
  the building in the piles; with the Ace base nothing wraps, as in PySolFC.
- "A sequence of cards in suit may be moved as a block": only same-suit runs move together; a run
  of one colour in two suits does not.
`,
	}
}

// whiteheadPySolFC refuses Whitehead's dealt base: PySolFC's Whitehead
// builds from the Aces and deals no card to the foundations.
func whiteheadPySolFC(r *engine.Rules) error {
	if r.BaseDealt {
		return errors.New("PySolFC's Whitehead deals no foundation base: give --base ace")
	}
	return nil
}
