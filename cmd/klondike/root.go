package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/klondike-family/klondike/engine"
	"github.com/klondike-family/klondike/results"

	"github.com/spf13/cobra"
)

// command is one of klondike's commands: its name (the first word of its
// Use) and its constructor.
type command struct {
	name  string
	build func(stdout, stderr io.Writer) *cobra.Command
}

// commands lists klondike's commands (help lists them sorted by name).
func commands() []command {
	out := func(f func(io.Writer) *cobra.Command) func(stdout, stderr io.Writer) *cobra.Command {
		return func(stdout, _ io.Writer) *cobra.Command { return f(stdout) }
	}
	return []command{
		{"games", out(newGamesCmd)},
		{"deal", out(newDealCmd)},
		{"solve", out(newSolveCmd)},
		{"verify", out(newVerifyCmd)},
		{"play", out(newPlayCmd)},
		{"hint", out(newHintCmd)},
		{"analyze", out(newAnalyzeCmd)},
		{"winrate", newWinrateCmd},
		{"winnable", newWinnableCmd},
		{"match", newMatchCmd},
		{"merge", out(newMergeCmd)},
		{"report", newReportCmd},
		{"compress", out(newCompressCmd)},
		{"claims", newClaimsCmd},
		{"retry", newRetryCmd},
		{"status", out(newStatusCmd)},
		{"bench", newBenchCmd},
	}
}

// newCmdFor builds what running args needs. When args start with a
// command's name, that is the root and this one command, which runs and
// prints its help as it would in the whole tree; building the other
// commands (their flags and help texts) would cost every process a
// millisecond or two. Anything else (no arguments, a flag, "help", a
// mistyped or hidden command such as cobra's completion requests) gets
// the whole tree, so that help, suggestions and completion see every
// command.
func newCmdFor(args []string, stdout, stderr io.Writer) *cobra.Command {
	if len(args) > 0 {
		for _, c := range commands() {
			if c.name == args[0] {
				root := newBareRootCmd(stdout, stderr)
				root.AddCommand(c.build(stdout, stderr))
				return root
			}
		}
	}
	return newRootCmd(stdout, stderr)
}

// newRootCmd builds the whole command tree writing to stdout and stderr.
func newRootCmd(stdout, stderr io.Writer) *cobra.Command {
	root := newBareRootCmd(stdout, stderr)
	root.Long = `klondike solves deals of the Klondike family of patience games exactly
(every card known: can the deal be won at all?), prints deals from seeds in
several formats, and checks solutions step by step against the rules.

` + exitCodesHelp()
	root.Version = versionLine()
	root.SetVersionTemplate("{{.Version}}\n")
	for _, c := range commands() {
		root.AddCommand(c.build(stdout, stderr))
	}
	return root
}

// newBareRootCmd builds the root command without its subcommands, its
// help text and its version: what running a subcommand needs of it.
func newBareRootCmd(stdout, stderr io.Writer) *cobra.Command {
	root := &cobra.Command{
		Use:           "klondike",
		Short:         "Solve deals of the Klondike solitaire family and check solutions",
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
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return flagError(err) })
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

// dirArgs checks the directory arguments of a command that reads result
// directories: at least min of them, none empty. An empty one would name
// the working directory to some calls (filepath.Join) and nothing to others
// (os.Open): status and report would read the working directory, compress
// gzip its records and then fail.
func dirArgs(min int) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) < min {
			return usageErrorf("%s: give one or more result directories; see '%s --help'",
				cmd.Name(), cmd.CommandPath())
		}
		for i, a := range args {
			if a == "" {
				return usageErrorf("%s: directory argument %d is empty: name a directory (. for this one)", cmd.Name(), i+1)
			}
		}
		return nil
	}
}

// expandDirs reads the result directory arguments of status, report and
// claims (cmd names the command): a directory that holds a run's shards
// stands for them (results.ExpandRunDirs), and no directory may be given
// twice, under any name (a path, another spelling of it, a link to it),
// so that no run is counted twice.
func expandDirs(cmd string, args []string) ([]string, error) {
	dirs, err := results.ExpandRunDirs(args)
	if err != nil {
		return nil, usageErrorf("%s: %v", cmd, err)
	}
	if err := distinctDirs(cmd, dirs); err != nil {
		return nil, err
	}
	return dirs, nil
}

// distinctDirs refuses a directory given twice among dirs (cmd names the
// command), by the same path or by two that lead to it; a path that
// cannot be read is left to the command's reader to name.
func distinctDirs(cmd string, dirs []string) error {
	type seen struct {
		dir  string
		info os.FileInfo
	}
	var ss []seen
	for _, d := range dirs {
		info, err := os.Stat(d)
		if err != nil {
			continue
		}
		for _, s := range ss {
			if os.SameFile(s.info, info) {
				if filepath.Clean(s.dir) == filepath.Clean(d) {
					return usageErrorf("%s: %s is given twice", cmd, d)
				}
				return usageErrorf("%s: %s and %s are one directory, given twice", cmd, s.dir, d)
			}
		}
		ss = append(ss, seen{d, info})
	}
	return nil
}
