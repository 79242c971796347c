// Package variants names the games of the Klondike family as data on the
// engine's rules, each with its options and a page saying where its rules
// come from and how unclear passages were read. It imports engine only.
//
// GAMES.md beside this file is every page in one document, generated from
// the pages by "go test ./variants -run TestGamesDoc -update". Small gives
// a tiny version of each game for tests.
package variants
