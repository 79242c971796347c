// Package advice answers a player's questions with the thoughtful solver:
// which moves of a position still win (Advise), and where a game that was
// played went from winnable to lost (Analyze).
//
// Both rest on two facts about verdicts. A position is won exactly when
// one of its moves leads to a won position, and lost exactly when every
// move leads to a lost one; so when a position is lost every move is lost
// without a search, and a solution's first move is won without one. Along
// a line of play, a position is reachable from every earlier one: once a
// position is lost every later one is lost, and while one is won every
// earlier one was won. The verdicts of a game's positions are therefore a
// run of won followed by a run of lost (with unknowns where a budget ran
// out), and the move between the two runs, the decisive move, is found by
// bisection with a handful of solves rather than one per move.
//
// Every solve has the same budgets (Options.Solve); a verdict that the
// budget left open is Unknown and is reported so, never guessed.
package advice
