package main

import (
	"fmt"
	"io"

	"github.com/klondike-family/klondike/results"
	"github.com/spf13/cobra"
)

func newStatusCmd(stdout io.Writer) *cobra.Command {
	return &cobra.Command{
		Use:   "status DIR...",
		Short: "Sum the progress of a win-rate experiment's or a match's shard directories in one line",
		Long: `Read the records of one win-rate experiment, while it runs or after: its
shard directories (of 'klondike winrate --shard k/n', e.g. the tasks of a job
array; shards not started yet need not be there), the directory that holds
them (its result directories are read, a merged one left out) or one directory. Print one
line: deals done of the range, shards started, won, lost and unknown, the win
rate so far as winrate writes it (centre ± half width of the 95% Wilson
interval, unknowns counted either way), the mean solving time of a deal, the core time the rest will take at that mean, and the
ETA when the unfinished directories go on solving their manifests' --workers
deals at once. Retry passes are applied (each deal's last verdict). Shards of
different experiments or splits, or a shard twice, are refused (exit 2).

Given a match's directories (klondike match), the line counts games: done of
the range, shards started, games won by each player and ties, the mean time a
game, core time left and ETA.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			dirs := results.ExpandRunDirs(args)
			var line string
			if results.IsMatchDir(dirs[0]) {
				s, err := results.ReadMatchStatus(dirs)
				if err != nil {
					return runError(err)
				}
				line = s.Line()
			} else {
				s, err := results.ReadStatus(dirs)
				if err != nil {
					// A refusal, or a directory that cannot be read
					// (missing, malformed, too large): exit 2.
					return runError(err)
				}
				line = s.Line()
			}
			_, err := fmt.Fprintln(stdout, line)
			return err
		},
	}
}
