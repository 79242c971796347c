package main

import (
	"bytes"
	"fmt"
	"io"

	"github.com/klondike-family/klondike/results"
	"github.com/spf13/cobra"
)

func newClaimsCmd(stdout, stderr io.Writer) *cobra.Command {
	var out string
	cmd := &cobra.Command{
		Use:   "claims --out FILE.md RESULT_DIR...",
		Short: "Test the rule texts' claims about odds against result directories",
		Long: `Write the page of the rule texts' claims (the claims about odds in the game
descriptions the project started from, numbered 000..004): for
each claim, the result directories that bear on it (thoughtful solving and each
player who sees only what a person sees), its test, each player model's figure
with its 95% interval, and two verdicts: over every model (holds, fails, or
holds only for some players), and over the human player and the expert without
knowledge of the stock's order (for a person). Comparisons ("easier than") are
paired on the same deals where the games deal alike. The page names the
command that made it: regenerate it, never edit it. A run's shard directories
are one result; the directory that holds them may be given instead (a merged
directory beside them is left out).`,
		Args: dirArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			dirs, err := expandDirs("claims", args)
			if err != nil {
				return err
			}
			if out == "" {
				return usageErrorf("give the file to write: --out FILE.md")
			}
			if err := checkOutput("--out", out, dirs); err != nil {
				return err
			}
			if err := checkNotInRun("--out", out); err != nil {
				return err
			}
			var rs []results.Result
			progress := newReadProgress("claims", stderr, len(dirs))
			for _, d := range dirs {
				r, err := results.LoadResult(d)
				if err != nil {
					return usageErrorf("result directory %s: %v", d, err)
				}
				rs = append(rs, r)
				progress.read(len(r.Records))
			}
			rows, err := results.GroupShards(rs) // a sharded run is one row
			if err != nil {
				return usageErrorf("result directories: %v", err)
			}
			var buf bytes.Buffer
			cmdLine := shellJoin(append([]string{"klondike", "claims", "--out", out}, args...))
			if err := results.WriteClaims(&buf, rows, cmdLine); err != nil {
				return usageErrorf("claims: %v", err)
			}
			if err := writeOutput("--out", out, buf.Bytes()); err != nil {
				return err
			}
			_, err = fmt.Fprintf(stdout, "%s: %s from %s\n", out, counted(int64(len(results.Claims())), "claim"), counted(int64(len(rs)), "result directory"))
			return err
		},
	}
	cmd.Flags().StringVar(&out, "out", "", "Markdown file to write (required)")
	return cmd
}
