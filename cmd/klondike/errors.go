package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/klondike-family/klondike/results"
	"github.com/spf13/pflag"
)

// The exit codes, one table for every command; the root help prints it
// (exitCodesHelp) and README.md copies it.
const (
	exitOK = 0
	// exitFail: a check failed: a solution that does not verify, or the
	// program caught itself wrong (a solution of the solver's that does
	// not replay under the rules, perft counts unlike the pinned table);
	// winnable found fewer deals than asked before --max-deals deals or
	// the numbering's last number.
	exitFail = 1
	// exitUsage: a usage or input error: a bad flag, game or seed; a file
	// that is missing, unreadable, malformed or too large; a result
	// directory that cannot be read, continued or written.
	exitUsage = 2
	// exitInterrupted: Ctrl-C or SIGTERM stopped a batch command (winrate,
	// winnable, match, retry, bench solve) before it was done; what was done is
	// kept where the command keeps results, and the same command
	// continues it. hint on a position with unseen cards stopped before
	// one sample was solved exits so too, with nothing kept.
	exitInterrupted = 3
)

// exitCodes is the table of exit codes as the help prints it.
var exitCodes = []struct {
	code    int
	meaning string
}{
	{exitOK, "success (any verdict of solve, play, hint or analyze)"},
	{exitFail, "a check failed: a solution that does not verify, or the program caught itself wrong (a solver solution that does not replay, perft counts unlike the pinned table); winnable found fewer deals than asked"},
	{exitUsage, "a usage or input error: bad flag, game or seed; a missing, unreadable, malformed or too large file; a result directory that cannot be read, continued or written"},
	{exitInterrupted, "interrupted by Ctrl-C or SIGTERM before done (winrate, winnable, match, retry, bench solve: the same command continues what was recorded; hint with unseen cards before one sample was solved; bench movegen, which keeps nothing)"},
}

// exitCodesHelp writes the table of exit codes for the help.
func exitCodesHelp() string {
	var b strings.Builder
	b.WriteString("Exit codes:\n")
	for _, e := range exitCodes {
		line := fmt.Sprintf("  %d ", e.code)
		for _, w := range strings.Fields(e.meaning) {
			if len(line)+1+len(w) > 76 {
				b.WriteString(line + "\n")
				line = "    "
			}
			line += " " + w
		}
		b.WriteString(line + "\n")
	}
	b.WriteString("Errors are one line on stderr: klondike: <message>.")
	return b.String()
}

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

// flagError is the root's flag error function, so every command's: a
// usage error, and a flag value that does not parse (pflag's "invalid
// argument" error, which quotes Go's parser: `strconv.ParseInt: parsing
// "x": invalid syntax`) is said in plain words naming the flag and what it
// wants: `--draw: "x" is not a whole number`. What a value means (--draw's
// 1..52) each command checks after parsing.
func flagError(err error) error {
	var bad *pflag.InvalidValueError
	if !errors.As(err, &bad) {
		return usageError(err)
	}
	f, v := bad.GetFlag(), bad.GetValue()
	what := ""
	var num *strconv.NumError
	switch typ := f.Value.Type(); {
	case typ == "duration":
		what = "is not a duration (like 10s, 2m)"
		if strings.Contains(f.Usage, "0 for none") {
			what = "is not a duration (like 10s, 2m; 0 for none)"
		}
	case typ == "bool":
		what = "is not true or false"
	case errors.As(bad, &num) && num.Err == strconv.ErrRange:
		what = "is too large a number"
		if strings.HasPrefix(strings.TrimSpace(v), "-") {
			what = "is too small a number"
		}
	case typ == "count":
		what = "is not a whole number of 1 or more"
	case typ == "int" || typ == "int64":
		what = "is not a whole number"
	default:
		what = "is not a value it takes: " + bad.Unwrap().Error()
	}
	return usageErrorf("--%s: %q %s", f.Name, v, what)
}

// failErrorf is a failed check: exit code 1.
func failErrorf(format string, args ...any) error {
	return &exitError{code: exitFail, err: fmt.Errorf(format, args...)}
}

// runError is the exit error of a command reading or writing result
// directories (winrate, winnable, match, retry, merge, report, claims,
// compress, bench solve): a solution of the solver's that does not replay is a
// failed check (exit 1); anything else (a directory of another
// experiment, a refusal, a bad or unwritable file) is an input error
// (exit 2). nil stays nil.
func runError(err error) error {
	var bug *results.SolverBugError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &bug):
		return &exitError{code: exitFail, err: err}
	}
	return usageError(err)
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

// writeJSON writes v as one line of JSON: the --json output of a command.
func writeJSON(w io.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return failErrorf("json: %v", err)
	}
	_, err = fmt.Fprintf(w, "%s\n", b)
	return err
}
