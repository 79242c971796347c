package main

import (
	"fmt"
	"io"

	"github.com/klondike-family/klondike/results"
	"github.com/spf13/cobra"
)

func newCompressCmd(stdout io.Writer) *cobra.Command {
	return &cobra.Command{
		Use:   "compress DIR...",
		Short: "Gzip the records of finished result directories",
		Long: `Replace DIR/records.jsonl by DIR/records.jsonl.gz (DIR/matches.jsonl by
DIR/matches.jsonl.gz for a match), for committing large experiments. Only a finished directory (every seed recorded, no torn line) is
compressed; report and merge read either file; winrate refuses to add to a
compressed directory (gunzip it first).`,
		Args: dirArgs(1),
		RunE: func(_ *cobra.Command, dirs []string) error {
			if err := distinctDirs("compress", dirs); err != nil {
				return err
			}
			for _, d := range dirs {
				compress := results.CompressRecords
				if results.IsMatchDir(d) {
					compress = results.CompressMatchRecords
				}
				if err := compress(d); err != nil {
					return usageErrorf("compress: %v", err)
				}
				fmt.Fprintf(stdout, "%s: compressed\n", d)
			}
			return nil
		},
	}
}
