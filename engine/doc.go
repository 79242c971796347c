// Package engine holds the rules and the state of the Klondike family of
// patience games: cards, rules as data, a compact value-type state with
// allocation-free move generation and copy-make apply, deals from seeds and
// the deal file formats. It imports nothing else of this project.
//
// State holds a position of any game of the family. Packed holds the same
// positions of the one-deck games of Klondike's shape in 64 bytes, with its
// own move generation listing the same moves in the same order; Pack and
// Packed.State convert between them.
package engine
