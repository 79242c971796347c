package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"
)

// Solvitaire's deal files are JSON objects:
//
//	{
//	  "tableau piles": [["As", "10H"], ...],
//	  "stock": ["2C", ...],
//	  "waste": [],
//	  "foundations": [["AC", "2C"], [], [], []],
//	  "reserve": ["KD", ...],
//	  "cells": ["5H", ""]
//	}
//
// Every pile is written bottom to top. Solvitaire places the cards of
// "stock" one by one onto the stock, so the last one is on top and turned
// first, as in Layout.Stock; likewise the last card of "waste" is the
// playable one. A card is a rank (A, 2..10, J, Q, K, or 1..13) and a suit
// letter; a lower-case suit in a tableau pile means a face-down card, and
// face-down cards must be at the bottom of their pile. "reserve" lists one
// card per reserve pile; "cells" one card per cell, "" for an empty cell.
// Only "tableau piles" is required. The key "foundation", which lonelybot
// writes, is read as "foundations". Solvitaire's "hole" and "sequences" are
// for games outside this family and are refused, as are unknown keys.

var solvitaireKeys = map[string]bool{
	"tableau piles": true, "stock": true, "waste": true,
	"foundations": true, "foundation": true, "reserve": true, "cells": true,
}

// ParseSolvitaire reads a deal in Solvitaire's JSON format. It does not
// check the cards against any game: that is CheckCards's job. Errors name
// the key, pile and card at fault.
func ParseSolvitaire(data []byte) (Layout, error) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(data, &obj); err != nil {
		return Layout{}, fmt.Errorf("solvitaire deal: %v", jsonError(err))
	}
	if obj == nil {
		return Layout{}, errors.New("solvitaire deal: not a JSON object")
	}
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		switch {
		case k == "hole" || k == "sequences":
			return Layout{}, fmt.Errorf("key %s is not supported: its games are not of the Klondike family", quote(k))
		case !solvitaireKeys[k]:
			return Layout{}, fmt.Errorf("unknown key %s", quote(k))
		}
	}
	var l Layout

	raw, ok := obj["tableau piles"]
	if !ok {
		return Layout{}, errors.New(`missing key "tableau piles"`)
	}
	piles, err := rawArray(raw, "tableau piles")
	if err != nil {
		return Layout{}, err
	}
	l.Piles = make([][]Card, len(piles))
	l.FaceDown = make([]int, len(piles))
	for i, rp := range piles {
		where := fmt.Sprintf("tableau pile %d", i+1)
		cs, lower, err := parseCardList(rp, where, false)
		if err != nil {
			return Layout{}, err
		}
		down := 0
		for down < len(cs) && lower[down] {
			down++
		}
		for k := down; k < len(cs); k++ {
			if lower[k] {
				return Layout{}, fmt.Errorf("%s, card %d: face-down %s above a face-up card", where, k+1, strings.TrimSpace(cardText(rp, k)))
			}
		}
		l.Piles[i] = cs
		l.FaceDown[i] = down
	}
	if raw, ok := obj["stock"]; ok {
		if l.Stock, _, err = parseCardList(raw, "stock", false); err != nil {
			return Layout{}, err
		}
	}
	if raw, ok := obj["waste"]; ok {
		if l.Waste, _, err = parseCardList(raw, "waste", false); err != nil {
			return Layout{}, err
		}
	}
	fkey := "foundations"
	if _, ok := obj["foundation"]; ok {
		if _, both := obj["foundations"]; both {
			return Layout{}, errors.New(`both "foundations" and "foundation" are given`)
		}
		fkey = "foundation"
	}
	if raw, ok := obj[fkey]; ok {
		fs, err := rawArray(raw, fkey)
		if err != nil {
			return Layout{}, err
		}
		if fs != nil {
			l.Foundations = make([][]Card, len(fs))
		}
		for i, rf := range fs {
			if l.Foundations[i], _, err = parseCardList(rf, fmt.Sprintf("foundation %d", i+1), false); err != nil {
				return Layout{}, err
			}
		}
	}
	if raw, ok := obj["reserve"]; ok {
		cs, _, err := parseCardList(raw, "reserve", false)
		if err != nil {
			return Layout{}, err
		}
		if cs != nil {
			l.Reserves = make([][]Card, len(cs))
		}
		for i, c := range cs {
			l.Reserves[i] = []Card{c}
		}
	}
	if raw, ok := obj["cells"]; ok {
		if l.Cells, _, err = parseCardList(raw, "cells", true); err != nil {
			return Layout{}, err
		}
	}
	return l, nil
}

// rawArray splits a JSON array into its elements; null is an empty array.
func rawArray(raw json.RawMessage, where string) ([]json.RawMessage, error) {
	var a []json.RawMessage
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, fmt.Errorf("%s: not an array: %s", where, short(raw))
	}
	if a == nil {
		a = []json.RawMessage{}
	}
	return a, nil
}

// parseCardList reads a JSON array of card strings, telling which were
// written with a lower-case suit. With emptyOK, "" is NoCard.
func parseCardList(raw json.RawMessage, where string, emptyOK bool) ([]Card, []bool, error) {
	name := func(i int) string { return fmt.Sprintf("%s, card %d", where, i+1) }
	if where == "cells" {
		name = func(i int) string { return fmt.Sprintf("cell %d", i+1) }
	}
	a, err := rawArray(raw, where)
	if err != nil {
		return nil, nil, err
	}
	if len(a) > MaxCards {
		return nil, nil, fmt.Errorf("%s: %d cards; a game has at most %d", where, len(a), MaxCards)
	}
	cs := make([]Card, len(a))
	lower := make([]bool, len(a))
	for i, e := range a {
		var s string
		if err := json.Unmarshal(e, &s); err != nil {
			return nil, nil, fmt.Errorf("%s: %s is not a string", name(i), short(e))
		}
		if s == "" && emptyOK {
			continue
		}
		c, lo, err := ParseCard(s)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %v", name(i), err)
		}
		cs[i], lower[i] = c, lo
	}
	return cs, lower, nil
}

// cardText returns the string of element k of a JSON array known to be an
// array of strings.
func cardText(raw json.RawMessage, k int) string {
	var a []string
	_ = json.Unmarshal(raw, &a)
	if k < len(a) {
		return a[k]
	}
	return ""
}

// short writes a bit of raw JSON for an error message, on one line.
func short(raw json.RawMessage) string {
	s := strings.Join(strings.Fields(string(raw)), " ")
	if len(s) > 40 {
		cut := 37
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "..."
	}
	return s
}

// jsonError turns a JSON decoding error into one line that says where.
func jsonError(err error) string {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Sprintf("bad JSON at byte %d: %v", se.Offset, se)
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return fmt.Sprintf("not a JSON object (found %s)", te.Value)
	}
	return strings.ReplaceAll(err.Error(), "\n", " ")
}

// FormatSolvitaire writes a layout in Solvitaire's JSON format, keys in a
// fixed order: "tableau piles", "stock", "waste", then "foundations",
// "reserve" and "cells" when the layout has any. Face-down cards get a
// lower-case suit. Each reserve pile must hold exactly one card, as the
// format allows no more. Recycles is not part of the format and is not
// written, and a waiting Joker cannot be.
func FormatSolvitaire(l Layout) ([]byte, error) {
	if l.JokerWaiting {
		return nil, errors.New("the Joker is waiting: Solvitaire's format has no place for it")
	}
	if len(l.FaceDown) != len(l.Piles) {
		return nil, fmt.Errorf("%d face-down counts for %d tableau piles", len(l.FaceDown), len(l.Piles))
	}
	var b bytes.Buffer
	var err error
	card := func(where string, c Card, down bool) {
		if err != nil {
			return
		}
		if c == NoCard {
			err = fmt.Errorf("%s: no card", where)
			return
		}
		if !c.Valid() {
			err = fmt.Errorf("%s: invalid card value %d", where, uint8(c))
			return
		}
		s := c.String()
		if down {
			s = s[:len(s)-1] + strings.ToLower(s[len(s)-1:])
			if c == Joker {
				s = "jk"
			}
		}
		b.WriteByte('"')
		b.WriteString(s)
		b.WriteByte('"')
	}
	list := func(where string, cs []Card, down int) {
		b.WriteByte('[')
		for i, c := range cs {
			if i > 0 {
				b.WriteString(", ")
			}
			card(fmt.Sprintf("%s, card %d", where, i+1), c, i < down)
		}
		b.WriteByte(']')
	}
	b.WriteString("{\n  \"tableau piles\": [")
	for i, p := range l.Piles {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n    ")
		d := l.FaceDown[i]
		if d < 0 || d > len(p) {
			return nil, fmt.Errorf("tableau pile %d: %s but the pile holds %d", i+1, plural(d, "face-down card"), len(p))
		}
		list(fmt.Sprintf("tableau pile %d", i+1), p, d)
	}
	if len(l.Piles) > 0 {
		b.WriteString("\n  ")
	}
	b.WriteString("],\n  \"stock\": ")
	list("stock", l.Stock, 0)
	b.WriteString(",\n  \"waste\": ")
	list("waste", l.Waste, 0)
	if len(l.Foundations) > 0 {
		b.WriteString(",\n  \"foundations\": [")
		for i, f := range l.Foundations {
			if i > 0 {
				b.WriteString(", ")
			}
			list(fmt.Sprintf("foundation %d", i+1), f, 0)
		}
		b.WriteByte(']')
	}
	if len(l.Reserves) > 0 {
		rs := make([]Card, len(l.Reserves))
		for i, p := range l.Reserves {
			if len(p) != 1 {
				return nil, fmt.Errorf("reserve %d holds %d cards; Solvitaire's format holds one card per reserve", i+1, len(p))
			}
			rs[i] = p[0]
		}
		b.WriteString(",\n  \"reserve\": ")
		list("reserve", rs, 0)
	}
	if len(l.Cells) > 0 {
		b.WriteString(",\n  \"cells\": [")
		for i, c := range l.Cells {
			if i > 0 {
				b.WriteString(", ")
			}
			if c == NoCard {
				b.WriteString(`""`)
			} else {
				card(fmt.Sprintf("cell %d", i+1), c, false)
			}
		}
		b.WriteByte(']')
	}
	b.WriteString("\n}\n")
	if err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
