package main

import (
	"testing"
)

// TestDealOfAnotherGame is finding 1 of issue 23: a Klondike deal, with its
// 24-card stock, given to --game yukon crashed solve in the solver and was
// played by play. Every command that reads a deal refuses it in one line.
func TestDealOfAnotherGame(t *testing.T) {
	deal := writeFile(t, "deal.txt", mustRun(t, "deal", "--seed", "1"))
	sol := writeFile(t, "sol.json", "[]")
	for _, args := range [][]string{
		{"solve", "--game", "yukon", "--deal", deal},
		{"play", "--game", "yukon", "--player", "greedy", "--deal", deal},
		{"verify", "--game", "yukon", "--deal", deal, "--solution", sol},
		{"solve", "--game", "whitehead", "--deal", deal},
	} {
		checkOneLineError(t, args, exitUsage, "cards in the stock and waste")
	}
}
