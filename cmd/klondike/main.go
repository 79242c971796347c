// Command klondike solves deals of the Klondike family of patience games,
// prints deals and checks solutions.
//
//	klondike games [--game G]
//	klondike deal  (--seed N [--seed-type T] | --deal FILE) [--format F] [--game G] [rule flags]
//	klondike solve (--seed N [--seed-type T] | --deal FILE) [--game G] [rule flags] [--json]
//	klondike verify --deal FILE --solution FILE [--game G] [rule flags]
//	klondike hint (--deal POSITION | --seed N) [--game G] [rule flags] [--json]
//	klondike analyze (--deal FILE | --seed N) --moves FILE [--game G] [rule flags] [--json]
//
// Exit codes (errors.go holds the table, which the root help prints): 0
// success, 1 a check failed (a solution that does not verify), 2 a usage or
// input error, 3 interrupted before done.
package main

import (
	"io"
	"os"
	"runtime/debug"
)

func main() {
	// A goroutine's stack doubles as it grows, so under Go's default
	// limit of 1 GB it can hold only 512 MB: about 1.6 M levels of the
	// solver's depth-first search, fewer than its depth bound of 2 M
	// (solver/tuning.go). A Whitehead deal went that deep and the process
	// died of a stack overflow; with 4 GB a line of the full 2 M levels
	// fits, and a deeper one stops with "depth" as designed.
	debug.SetMaxStack(4 << 30)
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run executes the command line args and returns the exit code. Errors are
// written to stderr as one line "klondike: <message>".
func run(args []string, stdout, stderr io.Writer) int {
	return runIO(args, os.Stdin, stdout, stderr)
}

// runIO is run reading stdin where an input file is "-".
func runIO(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	root := newCmdFor(args, stdout, stderr)
	root.SetIn(stdin)
	root.SetArgs(args)
	return report(root.Execute(), stderr)
}
