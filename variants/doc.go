// Package variants names the games of the Klondike family as data on the
// engine's rules, each with its options and a page saying where its rules
// come from and how unclear passages were read. It imports engine only.
//
// SeedTypes is the one registry of deal numberings (native, Solvitaire's,
// Klondike-Solver's, greenfelt.net's, PySolFC's): each one's range of
// numbers, the games it deals and how; the games PySolFC deals carry its
// dealing order (pysolfc.go). Every command and the experiment runner
// deal through it.
//
// GAMES.md beside this file is every page in one document, generated from
// the pages by "go test ./variants -run TestGamesDoc -update". Small gives
// a tiny version of each game for tests.
package variants
