package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/klondike-family/klondike/results"
	"github.com/spf13/cobra"
)

type reportOptions struct {
	out   string
	plots string
}

func newReportCmd(stdout io.Writer) *cobra.Command {
	o := &reportOptions{}
	cmd := &cobra.Command{
		Use:   "report --out FILE.md [--plots DIR] RESULT_DIR...",
		Short: "Write the Markdown report of win-rate result directories",
		Long: `Write a Markdown report of result directories (of 'klondike winrate' or
'klondike merge'): a row per directory with its counts, the win rate with its
95% interval (unknowns counted either way), the win rate of the decided deals,
time per deal, budget and the published figure for the same rules; then paired
comparisons of directories with the same game and seeds that differ in one
rule (exact McNemar test). --plots writes SVG plots there and links them. The
report names the command that made it: regenerate it, never edit it.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			return runReport(stdout, o, args)
		},
	}
	fs := cmd.Flags()
	fs.StringVar(&o.out, "out", "", "Markdown file to write (required)")
	fs.StringVar(&o.plots, "plots", "", "directory for SVG plots (none when empty)")
	return cmd
}

func runReport(w io.Writer, o *reportOptions, dirs []string) error {
	if o.out == "" {
		return usageErrorf("give the file to write: --out FILE.md")
	}
	var rs []results.Result
	var ms []results.MatchResult
	for _, d := range dirs {
		if results.IsMatchDir(d) {
			m, err := results.LoadMatch(d)
			if err != nil {
				return usageErrorf("match directory %s: %v", d, err)
			}
			ms = append(ms, m)
			continue
		}
		r, err := results.LoadResult(d)
		if err != nil {
			return usageErrorf("result directory %s: %v", d, err)
		}
		rs = append(rs, r)
	}
	args := []string{"klondike", "report", "--out", o.out}
	if o.plots != "" {
		args = append(args, "--plots", o.plots)
	}
	ro := results.ReportOptions{Command: shellJoin(append(args, dirs...))}
	if o.plots != "" {
		var files []results.PlotFile
		if len(rs) > 0 {
			f, err := results.WritePlots(o.plots, rs)
			if err != nil {
				return failErrorf("plots: %v", err)
			}
			files = f
		}
		f, err := results.WriteMatchPlots(o.plots, ms)
		if err != nil {
			return failErrorf("plots: %v", err)
		}
		files = append(files, f...)
		for _, f := range files {
			rel, err := filepath.Rel(filepath.Dir(o.out), f.Path)
			if err != nil {
				rel = f.Path
			}
			ro.Plots = append(ro.Plots, results.PlotFile{Path: rel, Title: f.Title})
		}
	}
	var buf bytes.Buffer
	ro.Matches = ms
	if err := results.WriteReport(&buf, rs, ro); err != nil {
		return failErrorf("report: %v", err)
	}
	if err := os.WriteFile(o.out, buf.Bytes(), 0o644); err != nil {
		return failErrorf("%v", err)
	}
	_, err := fmt.Fprintf(w, "%s: %d result directories, %d plots\n", o.out, len(rs)+len(ms), len(ro.Plots))
	return err
}

// shellJoin writes args as a shell command line, quoting those that need it.
func shellJoin(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		if a != "" && !strings.ContainsAny(a, " \t\n'\"\\$`*?[]{}()<>|&;#~!") {
			q[i] = a
			continue
		}
		q[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
	}
	return strings.Join(q, " ")
}
