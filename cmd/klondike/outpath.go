package main

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/klondike-family/klondike/results"
)

// checkOutput refuses an output path (flag names its flag) that is one of
// the inputs or lies inside an input directory, so that no command
// overwrites what it reads: paths are compared after resolving symbolic
// links, and a file that is a hard link of a file of an input is found
// too. Every error is a usage error.
func checkOutput(flag, out string, inputs []string) error {
	if out == "" {
		return nil
	}
	ro, err := resolvePath(out)
	if err != nil {
		return usageErrorf("%s %s: %v", flag, out, err)
	}
	outInfo, outErr := os.Stat(ro)
	for _, in := range inputs {
		ri, err := resolvePath(in)
		if err != nil {
			return usageErrorf("%s: %v", in, err)
		}
		if within(ri, ro) {
			what := "is the input"
			if ri != ro {
				what = "lies inside the input directory"
			}
			return usageErrorf("%s %s %s %s: write it elsewhere", flag, out, what, in)
		}
		if outErr != nil || outInfo.IsDir() {
			continue
		}
		if sameFileIn(outInfo, ri) {
			return usageErrorf("%s %s is a link to a file of the input %s: write it elsewhere", flag, out, in)
		}
	}
	return nil
}

// resolvePath makes p absolute and resolves the symbolic links of the
// longest part of it that exists.
func resolvePath(p string) (string, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	dir, rest := abs, ""
	for {
		r, err := filepath.EvalSymlinks(dir)
		if err == nil {
			return filepath.Join(r, rest), nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return "", bareErr(err)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return abs, nil
		}
		rest = filepath.Join(filepath.Base(dir), rest)
		dir = parent
	}
}

// within tells whether path p is dir or lies under it; both are clean
// absolute paths.
func within(dir, p string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// sameFileIn tells whether the file fi is the input in, or one of the
// files directly in the input directory in (a hard link).
func sameFileIn(fi os.FileInfo, in string) bool {
	st, err := os.Stat(in)
	if err != nil {
		return false
	}
	if !st.IsDir() {
		return os.SameFile(fi, st)
	}
	ents, err := os.ReadDir(in)
	if err != nil {
		return false
	}
	for _, e := range ents {
		if st, err := os.Stat(filepath.Join(in, e.Name())); err == nil && os.SameFile(fi, st) {
			return true
		}
	}
	return false
}

// checkOutDir refuses an output directory (flag names its flag) that is
// a file. Every error is a usage error.
func checkOutDir(flag, dir string) error {
	if st, err := os.Stat(dir); err == nil && !st.IsDir() {
		return usageErrorf("%s %s is a file; give a directory", flag, dir)
	}
	return nil
}

// writeOutput writes a result file (a report, a page of claims, an HTML
// page) given by flag (--out, --html) to path atomically. An output that
// cannot be written (a missing or read-only directory, a directory in its
// place) is an input error.
func writeOutput(flag, path string, data []byte) error {
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return usageErrorf("%s %s is a directory; give a file", flag, path)
	}
	return usageError(results.WriteFileAtomic(path, data))
}

// bareErr is a file system error's cause, without the path it names.
func bareErr(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// checkNotInRun refuses a report's or a page's output path (flag names its
// flag) that is or lies inside a result directory of any run, given to the
// command or not (a directory holding a manifest: a shard, a merged
// directory beside the shards of a parent given for them): what report and
// claims write has no place among a run's records. Every error is a usage
// error.
func checkNotInRun(flag, out string) error {
	if out == "" {
		return nil
	}
	p, err := resolvePath(out)
	if err != nil {
		return usageErrorf("%s %s: %v", flag, out, err)
	}
	for dir := p; ; dir = filepath.Dir(dir) {
		if _, err := os.Stat(filepath.Join(dir, results.ManifestFile)); err == nil {
			return usageErrorf("%s %s lies inside the result directory %s: write it elsewhere", flag, out, dir)
		}
		if filepath.Dir(dir) == dir {
			return nil
		}
	}
}
