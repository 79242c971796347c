package main

import (
	"io"

	"github.com/spf13/cobra"
)

// newBenchCmd groups the benchmarks: movegen (perft and move-generation
// throughput) and solve (a fixed deal set through the solver).
func newBenchCmd(stdout, stderr io.Writer) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "bench",
		Short: "Benchmark move generation and the solver",
		Long: `Benchmarks: "bench movegen" counts perft nodes from fixed deals (checking
them against the pinned tables) and measures move generation and random
playouts; "bench solve" solves a fixed set of deals and sums up the
verdicts, times and memory. See results/bench.md for measured figures.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return cmd.Help()
		},
	}
	cmd.AddCommand(newBenchMovegenCmd(stdout), newBenchSolveCmd(stdout, stderr))
	return cmd
}
