package main

import (
	"fmt"
	"io"

	"github.com/klondike-family/klondike/results"
	"github.com/spf13/cobra"
)

type mergeOptions struct {
	out       string
	allowGaps bool
}

func newMergeCmd(stdout io.Writer) *cobra.Command {
	o := &mergeOptions{}
	cmd := &cobra.Command{
		Use:   "merge --out DIR [--allow-gaps] SHARD_DIR...",
		Short: "Join the shard directories of a win-rate run or a match",
		Long: `Join the result directories of 'klondike winrate --shard k/n' into one: their
manifests must agree in everything but shard and workers, no seed may be in
two of them, and together they must cover the seed range (unless
--allow-gaps). Writes DIR/manifest.json (shard "merged k of n") and
DIR/records.jsonl sorted by seed. DIR must not hold results already. Shards
of 'klondike match' are joined the same way into DIR/matches.jsonl.`,
		Args: dirArgs(0),
		RunE: func(_ *cobra.Command, args []string) error {
			return runMerge(stdout, o, args)
		},
	}
	fs := cmd.Flags()
	fs.StringVar(&o.out, "out", "", "directory to write (required)")
	fs.BoolVar(&o.allowGaps, "allow-gaps", false, "merge even when seeds of the range are missing")
	return cmd
}

func runMerge(w io.Writer, o *mergeOptions, dirs []string) error {
	if o.out == "" {
		return usageErrorf("give the directory to write: --out DIR")
	}
	if len(dirs) == 0 {
		return usageErrorf("give the shard directories to merge: klondike merge --out DIR SHARD_DIR...")
	}
	if err := checkOutput("--out", o.out, dirs); err != nil {
		return err
	}
	if err := checkOutDir("--out", o.out); err != nil {
		return err
	}
	if len(dirs) > 0 && results.IsMatchDir(dirs[0]) {
		return runMergeMatches(w, o, dirs)
	}
	res, err := results.Merge(o.out, dirs, o.allowGaps)
	if err != nil {
		return runError(err)
	}
	m := res.Manifest
	_, err = fmt.Fprintf(w, "%s: %s of seeds %d..%d from %s (%s)",
		o.out, counted(int64(res.Records), "record"), m.From, m.From+m.Deals-1, counted(int64(len(dirs)), "directory"), m.Shard)
	if err == nil && res.Missing > 0 {
		_, err = fmt.Fprintf(w, ", %s missing", counted(int64(res.Missing), "seed"))
	}
	if err == nil {
		_, err = fmt.Fprintln(w)
	}
	return err
}

// runMergeMatches joins the shard directories of 'klondike match'.
func runMergeMatches(w io.Writer, o *mergeOptions, dirs []string) error {
	m, n, missing, err := results.MergeMatches(o.out, dirs, o.allowGaps)
	if err != nil {
		return runError(err)
	}
	_, err = fmt.Fprintf(w, "%s: %s of seeds %d..%d from %s (%s)",
		o.out, counted(int64(n), "game"), m.From, m.From+m.Games-1, counted(int64(len(dirs)), "directory"), m.Shard)
	if err == nil && missing > 0 {
		_, err = fmt.Fprintf(w, ", %s missing", counted(int64(missing), "seed"))
	}
	if err == nil {
		_, err = fmt.Fprintln(w)
	}
	return err
}
