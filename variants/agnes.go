package variants

import "github.com/klondike-family/klondike/engine"

// agnesRules are the rules the two Agnes games share: the Klondike
// triangle (face down but for the top cards, or all face up), a dealt
// foundation base, wrapping ranks, runs moving as a unit, no redeal.
func agnesRules(o Options) engine.Rules {
	return engine.Rules{
		Decks: 1, Ranks: 13, Deal: triangle(7, o.FaceUp),
		Passes:            1,
		DealOnlyWhenStuck: o.StuckOnly,
		BaseDealt:         true,
		Wrap:              true,
		Unit:              engine.UnitAnyRun,
	}
}

func agnesSorel() *Game {
	return &Game{
		Name:    "agnes-sorel",
		pysolfc: pysolfcKlondike("Agnes Sorel (id 229)"),
		Title:   "Agnes Sorel",
		Seeds:   []string{"001"},
		Summary: "Klondike triangle, dealt foundation base, same-colour building, spaces stay empty, stock dealt 7 at a time onto the piles",
		Options: []string{"face-up", "stuck-only"},
		small:   smallKlondike,
		rules: func(o Options) (engine.Rules, error) {
			r := agnesRules(o)
			r.Build = engine.BuildSameColour
			r.Fill = engine.FillNone
			r.StockTo = engine.StockToPiles
			return r, nil
		},
		Page: `# Agnes Sorel

Rule text 001.

- One deck. Seven piles of 1..7 cards, only the top card face up (as Klondike). The 29th card
  starts the first foundation and fixes the base rank of all four; the other 23 cards are the
  stock.
- Four foundations, built up in suit from the base rank, wrapping from the King to the Ace. No card
  comes back from a foundation.
- Piles build down in the same colour, wrapping (a King goes on an Ace of its colour). Runs built
  that way (same colour, in sequence) move as a unit, whole or partial.
- An empty pile stays empty: no card or group may be moved into it.
- A deal puts one stock card on each of the seven piles, left to right, empty piles included: three
  deals of 7, then a last one of 2 (onto piles 1 and 2). There is no redeal.
- ` + "`--face-up`" + `: deal the whole tableau face up, as PySolFC does. Off by default.
- ` + "`--stuck-only`" + `: allow a deal only when no other move is possible. Off by default: a deal may
  be made at any time.

Readings:

- "Starts the same as Klondike": the seed's tableau is Klondike's, face down but for the top cards.
  VARIANTS.md: "PySolFC deals it all face up. Pick one as default, the other as an option." The
  seed's reading is the default.
- "When no more moves are possible, deal seven more cards": VARIANTS.md: "as a rule of play, a deal
  is allowed at any time in most implementations; the strict reading (deal only when stuck) should
  be an option." With ` + "`--stuck-only`" + ` the deal is legal only when the position has no other
  legal move at all, pointless ones included.
- "Spaces in the tableau are not filled" is read as: a player cannot fill them; a deal still puts
  a card on every pile, as PySolFC deals.
`,
	}
}

func agnesBernauer() *Game {
	return &Game{
		Name:    "agnes-bernauer",
		pysolfc: pysolfcKlondike("Agnes Bernauer (id 236)"),
		Title:   "Agnes Bernauer",
		Seeds:   []string{"001"},
		Summary: "Klondike triangle plus 7 reserves, dealt foundation base, alternating colour, spaces take the rank below the base",
		Options: []string{"face-up", "stuck-only"},
		small:   smallKlondike,
		rules: func(o Options) (engine.Rules, error) {
			r := agnesRules(o)
			r.Reserves = 7
			r.Build = engine.BuildAltColour
			r.Fill = engine.FillRank
			r.StockTo = engine.StockToReserves
			return r, nil
		},
		Page: `# Agnes Bernauer

Rule text 001.

- One deck. Seven piles of 1..7 cards, only the top card face up (as Klondike). The 29th card
  starts the first foundation and fixes the base rank of all four. Then one card face up to each of
  seven reserve piles; the other 16 cards are the stock.
- Four foundations, built up in suit from the base rank, wrapping from the King to the Ace. No card
  comes back from a foundation.
- The top card of each reserve is always playable, to a foundation or a pile; nothing is ever built
  on a reserve.
- Piles build down in alternating colour, wrapping (a King goes on an Ace of the other colour). Runs
  built that way move as a unit, whole or partial.
- An empty pile takes only a card, or a group headed by one, of the rank below the base (with a 6
  base, a 5).
- A deal puts one stock card on each of the seven reserves, on top of what is there: 7, 7, then 2
  (onto reserves 1 and 2). There is no redeal.
- ` + "`--face-up`" + `: deal the whole tableau face up, as PySolFC does. Off by default.
- ` + "`--stuck-only`" + `: allow a deal only when no other move is possible. Off by default: a deal may
  be made at any time.

Readings:

- "The initial layout starts with the same seven tableau piles as Klondike": face down but for the
  top cards. VARIANTS.md: "PySolFC deals it all face up. Pick one as default, the other as an
  option." The seed's reading is the default.
- "When no more moves are possible, deal seven more cards from the stock to the reserve piles":
  VARIANTS.md: "a deal is allowed at any time in most implementations; the strict reading (deal
  only when stuck) should be an option". With ` + "`--stuck-only`" + ` the deal is legal only when the
  position has no other legal move at all, pointless ones included.
- The seed deals the reserves with the layout ("adds seven reserve piles"): one card each after
  the base card, which leaves the 16-card stock VARIANTS.md counts (7, 7, 2).
`,
	}
}
