package main

import (
	"io"

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

Exit codes: 0 success (any verdict of solve), 1 a solution that does not
verify, 2 a usage or input error.`,
		SilenceErrors: true,
		SilenceUsage:  true,
		Args:          cobra.NoArgs, // an unknown command is an error
		RunE: func(cmd *cobra.Command, _ []string) error {
			return cmd.Help()
		},
	}
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
		newWinrateCmd(stdout, stderr), newWinnableCmd(stdout, stderr), newMatchCmd(stdout, stderr), newMergeCmd(stdout), newReportCmd(stdout), newCompressCmd(stdout), newClaimsCmd(stdout), newRetryCmd(stdout, stderr),
		newBenchCmd(stdout, stderr),
	)
	return root
}
