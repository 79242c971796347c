package main

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/klondike-family/klondike/results"
)

// Exit codes.
const (
	exitOK    = 0
	exitFail  = 1 // a solution does not verify, or the solver disagrees with the rules
	exitUsage = 2 // a bad flag, game, deal file or solution file
)

// exitError is an error carrying the process's exit code. An empty
// message means the command has already said what went wrong.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return ""
	}
	return e.err.Error()
}

func (e *exitError) Unwrap() error { return e.err }

// usageErrorf is a usage or input error: exit code 2.
func usageErrorf(format string, args ...any) error {
	return &exitError{code: exitUsage, err: fmt.Errorf(format, args...)}
}

// usageError wraps err as a usage or input error; nil stays nil.
func usageError(err error) error {
	if err == nil {
		return nil
	}
	return &exitError{code: exitUsage, err: err}
}

// failErrorf is a failure that is not the user's input: exit code 1.
func failErrorf(format string, args ...any) error {
	return &exitError{code: exitFail, err: fmt.Errorf(format, args...)}
}

// runError is the exit error of a run into a result directory: a
// directory that holds another experiment is the user's mistake (exit 2),
// anything else a failure (exit 1); nil stays nil.
func runError(err error) error {
	var mm *results.MismatchError
	switch {
	case errors.As(err, &mm):
		return usageError(err)
	case err != nil:
		return failErrorf("%v", err)
	}
	return nil
}

// interruptedError is the exit error of a run into dir that a signal
// stopped before it was done (nil when it was not interrupted).
func interruptedError(res results.RunResult, dir string) error {
	if !res.Interrupted {
		return nil
	}
	return &exitError{code: exitInterrupted, err: fmt.Errorf(
		"interrupted: %d of %d deals recorded in %s; run the same command again to continue", res.Done, res.Total, dir)}
}

// report writes err to stderr as one line and returns the exit code. An
// error that carries no code comes from parsing the command line (unknown
// command or flag, bad flag value): a usage error.
func report(err error, stderr io.Writer) int {
	if err == nil {
		return exitOK
	}
	code := exitUsage
	var ee *exitError
	if errors.As(err, &ee) {
		code = ee.code
	}
	if msg := oneLine(err.Error()); msg != "" {
		fmt.Fprintf(stderr, "klondike: %s\n", msg)
	}
	return code
}

// maxErrorLine bounds the error line: the readers quote only short
// excerpts of bad input, and this is the backstop should one not.
const maxErrorLine = 400

// oneLine joins the non-blank lines of msg with spaces, cut to
// maxErrorLine bytes.
func oneLine(msg string) string {
	var parts []string
	for _, l := range strings.Split(msg, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			parts = append(parts, l)
		}
	}
	s := strings.Join(parts, " ")
	if len(s) > maxErrorLine {
		cut := maxErrorLine
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "..."
	}
	return s
}
