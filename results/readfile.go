package results

import (
	"errors"
	"fmt"
	"io"
	"os"
	"unicode/utf8"
)

// Bounds of the files read from users. Each is far above what the file can
// legitimately hold and low enough that a wrong file (a device, a binary,
// another program's output) is refused before it is read whole.
const (
	// MaxManifestBytes bounds a manifest.json (a few KiB).
	MaxManifestBytes = 1 << 20
	// MaxLineBytes bounds one line of a records file (a record is a few
	// hundred bytes).
	MaxLineBytes = 64 << 10
)

// ReadFileLimit reads the file at path, refusing one of more than limit
// bytes without reading past limit+1: a large file, or a device that never
// ends such as /dev/zero, costs at most that much (a pipe, such as the
// shell's <(...), is read like a file). A directory is refused. Errors name
// path once.
func ReadFileLimit(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	switch {
	case st.IsDir():
		return nil, fmt.Errorf("%s is a directory, not a file", path)
	case st.Mode().IsRegular() && st.Size() > limit:
		return nil, fmt.Errorf("%s is too large (%s)", path, sizeOver(st.Size(), limit))
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s is too large (over %s)", path, FormatBytes(limit))
	}
	return data, nil
}

// checkRegular refuses a path that is there but is not a regular file (a
// FIFO, a device, a directory): the files of a result directory are
// regular ones, and opening a FIFO in their place would wait for a writer
// forever. A path that is not there passes (os.Open says so next).
func checkRegular(path string) error {
	st, err := os.Stat(path)
	if err != nil || st.Mode().IsRegular() {
		return nil
	}
	if st.IsDir() {
		return fmt.Errorf("%s is a directory, not a file", path)
	}
	kind := "a special file"
	switch t := st.Mode().Type(); {
	case t&os.ModeNamedPipe != 0:
		kind = "a named pipe (FIFO)"
	case t&os.ModeSocket != 0:
		kind = "a socket"
	case t&os.ModeDevice != 0:
		kind = "a device"
	}
	return fmt.Errorf("%s is %s, not a regular file", path, kind)
}

// readDirFile is ReadFileLimit for a file of a result directory, which
// must be a regular file (checkRegular).
func readDirFile(path string, limit int64) ([]byte, error) {
	if err := checkRegular(path); err != nil {
		return nil, err
	}
	return ReadFileLimit(path, limit)
}

// sizeOver says that size n is over limit: in FormatBytes' units, or in
// bytes where those would read alike (1.0 MiB; at most 1.0 MiB).
func sizeOver(n, limit int64) string {
	a, b := FormatBytes(n), FormatBytes(limit)
	if a == b {
		return fmt.Sprintf("%d bytes; at most %d", n, limit)
	}
	return a + "; at most " + b
}

// maxErrorQuote is the most bytes of a decoding error kept in a message:
// JSON errors quote what they refuse (an unknown field's whole name), which
// in a wrong file may be anything.
const maxErrorQuote = 120

// ClipError writes err's message cut to maxErrorQuote bytes (on a
// character boundary), for a message about a user's file.
func ClipError(err error) string {
	s := err.Error()
	if len(s) <= maxErrorQuote {
		return s
	}
	cut := maxErrorQuote
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "..."
}
