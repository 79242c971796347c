// Package solver decides whether a deal can be won when every card is
// known ("thoughtful" solitaire): an exhaustive depth-first search over the
// engine's states with an exact transposition table, sound pruning only,
// and budgets of time, nodes and memory that end in an honest "unknown".
// For one-deck Klondike rule sets, Joker Klondike's too, a relaxed game
// that forgets where the face-up cards lie (relax.go) proves losses and
// prunes the real search;
// for Yukon the link game, which forgets where the moved cards lie
// (linkgame.go), proves losses. Solve's wins always come from the real
// search, as a line of real moves. Sampler (sample.go) is a separate exact
// search for a player's many small solves in Klondike's own rules, over
// positions that forget how the piles' face-up cards are arranged, a
// theorem making them equally won; its wins are played back as real moves.
package solver
