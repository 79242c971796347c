package main

import (
	"io"
	"strings"

	"github.com/klondike-family/klondike/results"
	"github.com/spf13/cobra"
)

func newStatusCmd(stdout io.Writer) *cobra.Command {
	return &cobra.Command{
		Use:   "status DIR...",
		Short: "Sum the progress of win-rate experiments' or matches' directories, a line each run",
		Long: `Read the records of win-rate experiments and matches, while they run or
after, and print a line for each run. A run is its shard directories (of
'klondike winrate --shard k/n' or 'klondike match --shard k/n', e.g. the tasks
of a job array; shards not started yet need not be there) or one directory;
a directory that holds shard directories (and no manifest) stands for the
result directories under it, a merged one beside shards left out. The line of a win-rate
experiment: deals done of the range, shards started, won, lost and unknown,
the win rate so far as winrate writes it (centre ± half width of the 95%
Wilson interval, unknowns counted either way), the mean solving time of a
deal (with its mean CPU time when every record has one: runs of one
worker), the core time the rest will take at the mean CPU time (else at the
mean time), and the ETA at the mean time when the unfinished directories go
on solving their manifests' --workers deals at once. Retry passes are
applied (each deal's last verdict); a pass under way adds its own mean time
a deal and core time left. A match's line counts games: done of the range,
shards started, games won by each player and ties, the mean time a game,
core time left and ETA.

Given the directories of more than one run (say 'klondike status
results/data/*'), each line begins with the run's name: its shards' common
parent, or its directory. Nothing is printed (exit 2) when a directory cannot
be read or is given twice (under any name), or a directory given for its
shards holds the shards of more than one run.
`,
		Args: dirArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			dirs, err := expandDirs("status", args)
			if err != nil {
				return err
			}
			groups := results.StatusGroups(dirs)
			var out strings.Builder // every line read before any is written
			for _, g := range groups {
				line, err := statusLine(g.Dirs)
				if err != nil {
					// A refusal, or a directory that cannot be read
					// (missing, malformed, too large): exit 2.
					return runError(err)
				}
				if len(groups) > 1 {
					line = g.Name + ": " + line
				}
				out.WriteString(line + "\n")
			}
			_, err = io.WriteString(stdout, out.String())
			return err
		},
	}
}

// statusLine is the status line of one run's directories: a match's or a
// win-rate experiment's.
func statusLine(dirs []string) (string, error) {
	if results.IsMatchDir(dirs[0]) {
		s, err := results.ReadMatchStatus(dirs)
		return s.Line(), err
	}
	s, err := results.ReadStatus(dirs)
	return s.Line(), err
}
