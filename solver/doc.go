// Package solver decides whether a deal can be won when every card is
// known ("thoughtful" solitaire): an exhaustive depth-first search over the
// engine's states with an exact transposition table, sound pruning only,
// and budgets of time, nodes and memory that end in an honest "unknown".
// For one-deck Klondike rule sets a relaxed game that forgets where the
// face-up cards lie (relax.go) proves losses and prunes the real search;
// for Yukon the link game, which forgets where the moved cards lie
// (linkgame.go), proves losses. Wins always come from the real search, as
// a line of real moves.
package solver
