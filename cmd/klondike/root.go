package main

import (
	"fmt"
	"io"
	"runtime"
	"strings"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/results"

	"github.com/spf13/cobra"
)

// newRootCmd builds the command tree writing to stdout and stderr.
func newRootCmd(stdout, stderr io.Writer) *cobra.Command {
	root := &cobra.Command{
		Use:   "klondike",
		Short: "Solve deals of the Klondike solitaire family and check solutions",
		Long: `klondike solves deals of the Klondike family of patience games exactly
(every card known: can the deal be won at all?), prints deals from seeds in
several formats, and checks solutions step by step against the rules.

` + exitCodesHelp(),
		SilenceErrors: true,
		SilenceUsage:  true,
		Args:          cobra.NoArgs, // an unknown command is an error
		RunE: func(cmd *cobra.Command, _ []string) error {
			return cmd.Help()
		},
	}
	root.Version = versionLine()
	root.SetVersionTemplate("{{.Version}}\n")
	root.CompletionOptions.DisableDefaultCmd = true
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError(err) })
	root.AddCommand(
		newGamesCmd(stdout),
		newDealCmd(stdout),
		newSolveCmd(stdout),
		newVerifyCmd(stdout),
		newPlayCmd(stdout),
		newHintCmd(stdout),
		newAnalyzeCmd(stdout),
		newWinrateCmd(stdout, stderr), newWinnableCmd(stdout, stderr), newMatchCmd(stdout, stderr), newMergeCmd(stdout), newReportCmd(stdout), newCompressCmd(stdout), newClaimsCmd(stdout), newRetryCmd(stdout, stderr), newStatusCmd(stdout),
		newBenchCmd(stdout, stderr),
	)
	return root
}

// versionLine says which build this is: the commit (the binary's
// vcs.revision, "unknown" without one), the Go version, and the solver and
// player versions that results depend on.
func versionLine() string {
	return fmt.Sprintf("klondike commit %s, %s, solver v%s, players v%s",
		results.Commit(), runtime.Version(), results.SolverVersion, results.PlayerVersion)
}

// noArgs is the Args check of the commands that take only flags: an
// argument is refused naming the command's help, and a number where a
// deal's number is wanted suggests --seed (cobra would say `unknown
// command "1"`).
func noArgs(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	hint := ""
	if _, err := engine.ParseSeed(strings.TrimPrefix(args[0], "-")); err == nil && cmd.Flags().Lookup("seed") != nil {
		hint = fmt.Sprintf(" (a deal's number goes with --seed: --seed %s)", args[0])
	}
	return usageErrorf("%s takes no arguments, only flags: unexpected %q%s; see '%s --help'",
		cmd.CommandPath(), args[0], hint, cmd.CommandPath())
}
