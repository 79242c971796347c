package main

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// runWhole runs args on the whole command tree, as run did before it
// built only the command invoked.
func runWhole(args []string) (stdout, stderr string, code int) {
	var out, errb bytes.Buffer
	root := newRootCmd(&out, &errb)
	root.SetIn(strings.NewReader(""))
	root.SetArgs(args)
	code = report(root.Execute(), &errb)
	return out.String(), errb.String(), code
}

// TestCommandTable checks that the table newCmdFor picks from names each
// command as it calls itself, and that the whole tree holds every command
// of the table and nothing else but cobra's help.
func TestCommandTable(t *testing.T) {
	var names []string
	for _, c := range commands() {
		if got := c.build(nil, nil).Name(); got != c.name {
			t.Errorf("command %q of the table is called %q", c.name, got)
		}
		names = append(names, c.name)
	}
	var tree []string
	for _, c := range newRootCmd(nil, nil).Commands() {
		if c.Name() != "help" {
			tree = append(tree, c.Name())
		}
	}
	slices.Sort(names)
	if !slices.Equal(tree, names) {
		t.Errorf("the whole tree has %v, the table %v", tree, names)
	}
}

// TestOneCommandTree checks that a command built alone prints the same
// help and the same errors as in the whole tree, and that what needs the
// whole tree (help, a mistyped command, completion) gets it.
func TestOneCommandTree(t *testing.T) {
	var cases [][]string
	var walk func(c *cobra.Command, path []string)
	walk = func(c *cobra.Command, path []string) {
		for _, sub := range c.Commands() {
			p := append(slices.Clone(path), sub.Name())
			cases = append(cases, append(slices.Clone(p), "--help"), append(slices.Clone(p), "--no-such-flag"),
				append(slices.Clone(p), "unexpected-argument"))
			walk(sub, p)
		}
	}
	walk(newRootCmd(nil, nil), nil)
	cases = append(cases, nil, []string{"--help"}, []string{"help"}, []string{"help", "solve"}, []string{"--version"},
		[]string{"solv"}, []string{"completion", "bash"}, []string{"__complete", "so"}, []string{"__complete", "solve", "--dr"},
		[]string{"solve", "--version"}, []string{"solve", "1"})
	for _, args := range cases {
		wantOut, wantErr, wantCode := runWhole(args)
		out, errs, code := klondike(t, args...)
		if out != wantOut || errs != wantErr || code != wantCode {
			t.Errorf("klondike %s: exit %d, stdout %q, stderr %q;\nin the whole tree exit %d, stdout %q, stderr %q",
				strings.Join(args, " "), code, out, errs, wantCode, wantOut, wantErr)
		}
	}
	// Completion lists every command.
	out, _, _ := klondike(t, "__complete", "")
	for _, c := range commands() {
		if !strings.Contains(out, c.name) {
			t.Errorf("completion of \"\" lacks %s:\n%s", c.name, out)
		}
	}
}
