package main

import (
	"bytes"
	"strings"
	"testing"
)

// klondikeIn runs the command line args with stdin and returns its output
// and exit code.
func klondikeIn(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = runIO(args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

// TestDealConvert converts deals and positions between the formats, from
// files and from standard input: every conversion the target can hold
// reads back as the same position, with the file's foundation names.
func TestDealConvert(t *testing.T) {
	formats := []string{"text", "solvitaire", "deck"}
	for _, from := range formats {
		src := mustRun(t, "deal", "--seed", "9", "--seed-type", "solvitaire", "--format", from)
		for _, to := range formats {
			want := mustRun(t, "deal", "--seed", "9", "--seed-type", "solvitaire", "--format", to)
			if got := mustRun(t, "deal", "--deal", writeFile(t, "d."+from, src), "--format", to); got != want {
				t.Errorf("%s → %s from a file:\n%s\nwant\n%s", from, to, got, want)
			}
			got, errs, code := klondikeIn(t, src, "deal", "--deal", "-", "--format", to)
			if code != 0 || errs != "" || got != want {
				t.Errorf("%s → %s from stdin: exit %d, stderr %q, stdout\n%s\nwant\n%s", from, to, code, errs, got, want)
			}
			// as an editor that writes a byte-order mark saves it
			if got := mustRun(t, "deal", "--deal", writeFile(t, "bom."+from, "\uFEFF"+src), "--format", to); got != want {
				t.Errorf("%s → %s from a file with a byte-order mark:\n%s\nwant\n%s", from, to, got, want)
			}
		}
	}
	// A position with the spades on f1 keeps them there through the
	// Solvitaire format and back; the deck string cannot hold it.
	sv := mustRun(t, "deal", "--deal", writeFile(t, "pos.txt", positionSpadesOnF1), "--format", "solvitaire")
	if !strings.Contains(sv, `"foundations": [["AS"], [], [], []]`) {
		t.Errorf("position in solvitaire format: foundations not kept:\n%s", sv)
	}
	back, errs, code := klondikeIn(t, sv, "deal", "--deal", "-")
	if code != 0 || errs != "" || back != positionSpadesOnF1 {
		t.Errorf("position back to text: exit %d, stderr %q:\n%s\nwant\n%s", code, errs, back, positionSpadesOnF1)
	}
	checkOneLineError(t, []string{"deal", "--deal", writeFile(t, "pos.txt", positionSpadesOnF1), "--format", "deck"},
		exitUsage, "deck string: tableau pile 7 holds 6 cards")
	recycled := positionSpadesOnF1 + "recycles: 1\n"
	checkOneLineError(t, []string{"deal", "--deal", writeFile(t, "pos.txt", recycled), "--format", "solvitaire", "--draw", "1", "--passes", "3"},
		exitUsage, "no place for the stock's recycle count")
	// With unlimited passes the count does not matter and is dropped.
	mustRun(t, "deal", "--deal", writeFile(t, "pos.txt", recycled), "--format", "solvitaire")
}

// TestStdinInputs reads deals and solutions from standard input, refuses
// two inputs from it at once and an input beyond the size bound.
func TestStdinInputs(t *testing.T) {
	deal := mustRun(t, "deal", "--seed", fastSeed)
	rep, out := solveJSON(t, "--seed", fastSeed, "--budget", "20s")
	got, errs, code := klondikeIn(t, deal, "solve", "--deal", "-", "--json", "--budget", "20s")
	if code != 0 || errs != "" || !strings.Contains(got, `"deal":"standard input","verdict":"won"`) {
		t.Errorf("solve --deal -: exit %d, stderr %q, stdout %s", code, errs, got)
	}
	want := "valid: wins in " + itoa(len(rep.Solution)) + " steps\n"
	if got, errs, code := klondikeIn(t, out, "verify", "--seed", fastSeed, "--solution", "-"); code != 0 || got != want {
		t.Errorf("verify --solution -: exit %d, stderr %q, stdout %q", code, errs, got)
	}
	if got, errs, code := klondikeIn(t, deal, "verify", "--deal", "-", "--solution", writeFile(t, "s.json", out)); code != 0 || got != want {
		t.Errorf("verify --deal -: exit %d, stderr %q, stdout %q", code, errs, got)
	}
	for _, tc := range []struct {
		stdin string
		args  []string
		want  string
	}{
		{deal, []string{"verify", "--deal", "-", "--solution", "-"}, "cannot both read standard input"},
		{strings.Repeat("# padding\n", maxDealBytes/10+1), []string{"solve", "--deal", "-"}, "deal file: standard input is too large (over 1.0 MiB)"},
		{strings.Repeat(" ", maxSolutionBytes+1), []string{"verify", "--seed", fastSeed, "--solution", "-"}, "solution file: standard input is too large (over 16.0 MiB)"},
		{"t1: | ZZ\n", []string{"deal", "--deal", "-"}, `deal file standard input (text format): line 1 (t1): bad card "ZZ"`},
	} {
		out, errs, code := klondikeIn(t, tc.stdin, tc.args...)
		if code != exitUsage || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and one line with %q", tc.args, code, out, errs, tc.want)
		}
	}
}
