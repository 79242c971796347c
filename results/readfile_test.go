package results

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadBounds checks the bounds of the readers of result directories
// (finding 3 of issue 23): a records line longer than MaxLineBytes (a
// binary file, a file of zeros) and a manifest larger than
// MaxManifestBytes are refused without being read whole, and the error is
// short.
func TestReadBounds(t *testing.T) {
	for _, tc := range []struct {
		name, file string
		data       []byte
		read       func(dir string) error
		want       string
	}{
		{"records of zeros", RecordsFile, make([]byte, 3*MaxLineBytes), func(d string) error { _, _, err := ReadRecords(d); return err }, "line 1: longer than"},
		{"long record line", RecordsFile, append(bytes.Repeat([]byte("x"), MaxLineBytes+1), '\n'), func(d string) error { _, _, err := ReadRecords(d); return err }, "line 1: longer than"},
		{"long match line", MatchRecordsFile, bytes.Repeat([]byte("{"), 2*MaxLineBytes), func(d string) error { _, _, err := ReadMatchRecords(d); return err }, "line 1: longer than"},
		{"huge manifest", ManifestFile, append([]byte(`{"game":"`), make([]byte, MaxManifestBytes)...), func(d string) error { _, err := ReadManifest(d); return err }, "is too large"},
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, tc.file), tc.data, 0o644); err != nil {
			t.Fatal(err)
		}
		err := tc.read(dir)
		if err == nil || !strings.Contains(err.Error(), tc.want) || len(err.Error()) > 300 {
			t.Errorf("%s: error %.300v, want a short one containing %q", tc.name, err, tc.want)
		}
	}
	if _, err := ReadFileLimit(t.TempDir(), 10); err == nil || !strings.Contains(err.Error(), "is a directory") {
		t.Errorf("ReadFileLimit(a directory) = %v, want is a directory", err)
	}
	path := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(path, []byte("12345"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, err := ReadFileLimit(path, 5); err != nil || string(got) != "12345" {
		t.Errorf("ReadFileLimit(5 bytes, 5) = %q, %v", got, err)
	}
	if _, err := ReadFileLimit(path, 4); err == nil || !strings.Contains(err.Error(), "too large") {
		t.Errorf("ReadFileLimit(5 bytes, 4) = %v, want too large", err)
	}
	// a size just over the limit is not written as the limit
	big := filepath.Join(t.TempDir(), "big")
	if err := os.WriteFile(big, make([]byte, 1<<20+1), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadFileLimit(big, 1<<20); err == nil || !strings.Contains(err.Error(), "is too large (1048577 bytes; at most 1048576)") {
		t.Errorf("ReadFileLimit(1 MiB + 1, 1 MiB) = %v, want the sizes in bytes", err)
	}
}
