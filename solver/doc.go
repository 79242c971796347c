// Package solver decides whether a deal can be won when every card is
// known ("thoughtful" solitaire): an exhaustive depth-first search over the
// engine's states with an exact transposition table, sound pruning only,
// and budgets of time, nodes and memory that end in an honest "unknown".
package solver
