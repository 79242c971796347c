// Package engine holds the rules and the state of the Klondike family of
// patience games: cards, rules as data, a compact value-type state with
// allocation-free move generation and copy-make apply, deals from seeds and
// the deal file formats. It imports nothing else of this project.
package engine
