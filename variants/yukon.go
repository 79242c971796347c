package variants

import "github.com/klondike-family/klondike/engine"

// yukonDeal is Yukon's deal of n piles: pile 1 one face-up card, pile j
// j-1 face-down cards and up face-up ones.
func yukonDeal(n, up int) []engine.PileDeal {
	d := make([]engine.PileDeal, n)
	d[0] = engine.PileDeal{Down: 0, Up: 1}
	for j := 1; j < n; j++ {
		d[j] = engine.PileDeal{Down: j, Up: up}
	}
	return d
}

// yukonRules are the rules of a Yukon-shaped game: no stock, any face-up
// card moves with what lies on it, Kings fill spaces.
func yukonRules(build engine.Build) engine.Rules {
	return engine.Rules{
		Decks: 1, Ranks: 13, Deal: yukonDeal(7, 5),
		Build: build, Unit: engine.UnitAnyFaceUp, Fill: engine.FillKing,
	}
}

// smallYukon is a Yukon-shaped game of 4 ranks and 4 piles: 1, 1+3, 2+3
// and 3+3 cards, all 16 dealt.
func smallYukon(r engine.Rules) engine.Rules {
	r.Ranks = 4
	r.Deal = yukonDeal(4, 3)
	return r
}

func yukon() *Game {
	return &Game{
		Name:    "yukon",
		pysolfc: &pysolfcGame{title: "Yukon (id 19)"},
		Title:   "Yukon",
		Seeds:   []string{"000"},
		Summary: "one deck, no stock, 7 piles, any face-up card moves with what lies on it, Kings fill spaces",
		small:   smallYukon,
		rules: func(Options) (engine.Rules, error) {
			return yukonRules(engine.BuildAltColour), nil
		},
		Page: `# Yukon

Rule text 000.

- One deck, no stock: every card is dealt. Pile 1 gets one face-up card; pile j (2..7) gets j−1
  face-down cards, then 5 face-up cards.
- Four foundations, built up in suit from the Ace to the King.
- Piles build down in alternating colour. Any face-up card may move, with every card on top of it,
  in or out of sequence, onto the top card of another pile when it is one rank lower and of the
  other colour.
- Only a King, with whatever lies on it, fills an empty pile.
- A face-down card turns up when it becomes a pile's top card.

Readings:

- The seed's move rule says only "next lower in sequence"; the building rule is alternating colour,
  as VARIANTS.md reads it ("Builds down in alternating colour").
- The seed deals the Klondike triangle, then four rows of face-up cards onto piles 2..7; the native
  deal lays the same shape out row by row across the piles. Both give every arrangement of the
  shuffled deck the same chance.

No options: there is no stock to draw from or pass through.
`,
	}
}

func alaska() *Game {
	return &Game{
		Name:    "alaska",
		pysolfc: &pysolfcGame{title: "Alaska (id 186)"},
		Title:   "Alaska",
		Seeds:   []string{"001"},
		Summary: "Yukon's deal and group moves, building up or down in suit, Kings fill spaces",
		small:   smallYukon,
		rules: func(Options) (engine.Rules, error) {
			return yukonRules(engine.BuildUpDownSuit), nil
		},
		Page: `# Alaska

Rule text 001.

- One deck, no stock. The Klondike deal (piles of 1..7, the top card face up), then the other 24
  cards face up onto the six right-hand piles, four each: pile 1 holds one face-up card, pile j
  (2..7) j−1 face-down cards and 5 face-up ones — Yukon's layout.
- Four foundations, built up in suit from the Ace to the King.
- Piles build up or down in the same suit (a card one rank above or below the top card, same suit;
  no wrapping between Ace and King).
- Any face-up card may move with every card on top of it, in or out of sequence (Yukon's rule).
- Only a King, with whatever lies on it, fills an empty pile.

Readings:

- The seed does not say what moves as a unit. VARIANTS.md: "Yukon-style group moves (PySolFC puts
  Alaska in the Yukon family)": any face-up card with what lies on it.
- "Deal the remainder of the deck face-up onto the six right-most tableau columns" is four rows of
  six cards, so the layout is Yukon's; the native deal lays it out row by row across the piles.

No options: there is no stock to draw from or pass through.
`,
	}
}
