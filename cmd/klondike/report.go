package main

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/klondike-family/klondike/results"
	"github.com/spf13/cobra"
)

type reportOptions struct {
	out   string
	plots string
	bench []string
}

func newReportCmd(stdout, stderr io.Writer) *cobra.Command {
	o := &reportOptions{}
	cmd := &cobra.Command{
		Use:   "report --out FILE.md [--plots DIR] [--bench DIR]... RESULT_DIR...",
		Short: "Write the Markdown report of win-rate result directories",
		Long: `Write a Markdown report of result directories (of 'klondike winrate' or
'klondike merge'): a row per directory with its counts, the win rate with its
95% interval (unknowns counted either way), the win rate of the decided deals,
time per deal, budget and the published figures for the same rules; then paired
comparisons of directories with the same game and seeds that differ in one
rule (exact McNemar test). --plots writes SVG plots there and links them: the
win rates, and a time histogram a row (times-NAME.svg, NAME its path below the
rows' common parent); a times-*.svg there of a row no longer given is removed.
--bench adds a directory of 'klondike bench solve --out' to a section of solve
benchmarks (time per deal, tables, states/s, the benchmark's target). The
report names the command that made it: regenerate it, never edit it. The shard
directories of one run are one row; the directory that holds them may be given
instead (its result directories are read, a merged one beside shards left out).`,
		Args: dirArgs(0),
		RunE: func(_ *cobra.Command, args []string) error {
			return runReport(stdout, stderr, o, args)
		},
	}
	fs := cmd.Flags()
	fs.StringVar(&o.out, "out", "", "Markdown file to write (required)")
	fs.StringVar(&o.plots, "plots", "", "directory for SVG plots (none when empty)")
	fs.StringArrayVar(&o.bench, "bench", nil, "a solve benchmark directory (klondike bench solve --out); repeat for more")
	return cmd
}

func runReport(w, stderr io.Writer, o *reportOptions, args []string) error {
	dirs, err := expandDirs("report", args)
	if err != nil {
		return err
	}
	if o.out == "" {
		return usageErrorf("give the file to write: --out FILE.md")
	}
	if len(dirs)+len(o.bench) == 0 {
		return usageErrorf("give result directories, or --bench DIR")
	}
	inputs := append(append([]string(nil), dirs...), o.bench...)
	if err := distinctDirs("report --bench", o.bench); err != nil { // one directory may be a row and a benchmark, each once
		return err
	}
	if err := checkOutput("--out", o.out, inputs); err != nil {
		return err
	}
	if err := checkOutput("--plots", o.plots, inputs); err != nil {
		return err
	}
	if err := checkNotInRun("--out", o.out); err != nil {
		return err
	}
	if err := checkNotInRun("--plots", o.plots); err != nil {
		return err
	}
	if err := checkOutDir("--plots", o.plots); err != nil {
		return err
	}
	var rs []results.Result
	var ms []results.MatchResult
	progress := newReadProgress("report", stderr, len(dirs))
	for _, d := range dirs {
		if results.IsMatchDir(d) {
			m, err := results.LoadMatch(d)
			if err != nil {
				return usageErrorf("match directory %s: %v", d, err)
			}
			ms = append(ms, m)
			progress.read(len(m.Records))
			continue
		}
		r, err := results.LoadResult(d)
		if err != nil {
			return usageErrorf("result directory %s: %v", d, err)
		}
		rs = append(rs, r)
		progress.read(len(r.Records))
	}
	nDirs := len(rs) + len(ms)
	rs, err = results.GroupShards(rs) // a sharded run is one row
	if err != nil {
		return usageErrorf("result directories: %v", err)
	}
	if ms, err = results.GroupMatchShards(ms); err != nil {
		return usageErrorf("match directories: %v", err)
	}
	var bench []results.Result
	for _, d := range o.bench {
		r, err := results.LoadResult(d)
		if err != nil {
			return usageErrorf("benchmark directory %s: %v", d, err)
		}
		if _, err := results.BenchFromResult(&r); err != nil {
			return usageErrorf("benchmark directory %v", err)
		}
		bench = append(bench, r)
	}
	cmdArgs := []string{"klondike", "report", "--out", o.out}
	if o.plots != "" {
		cmdArgs = append(cmdArgs, "--plots", o.plots)
	}
	for _, d := range o.bench {
		cmdArgs = append(cmdArgs, "--bench", d)
	}
	ro := results.ReportOptions{Command: shellJoin(append(cmdArgs, args...))}
	if o.plots != "" {
		var files []results.PlotFile
		if len(rs) > 0 {
			f, err := results.WritePlots(o.plots, rs)
			if err != nil {
				return usageErrorf("plots: %v", err)
			}
			files = f
		}
		f, err := results.WriteMatchPlots(o.plots, ms)
		if err != nil {
			return usageErrorf("plots: %v", err)
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
	ro.Matches, ro.Bench = ms, bench
	if err := results.WriteReport(&buf, rs, ro); err != nil {
		return usageErrorf("report: %v", err)
	}
	if err := writeOutput("--out", o.out, buf.Bytes()); err != nil {
		return err
	}
	read := counted(int64(nDirs), "result directory")
	if rows := len(rs) + len(ms); rows != nDirs { // shards of one run are one row
		read += " (" + counted(int64(rows), "row") + ")"
	}
	_, err = fmt.Fprintf(w, "%s: %s, %s, %s\n", o.out, read,
		counted(int64(len(bench)), "benchmark"), counted(int64(len(ro.Plots)), "plot"))
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
