// Package variants names the games of the Klondike family as data on the
// engine's rules, each with its options and a page saying where its rules
// come from and how unclear passages were read. It imports engine only.
package variants
