//go:build unix

package results

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestFIFOInResultDir: a FIFO in place of a result directory's records,
// retry pass or manifest is refused at once, naming it, where opening it
// would wait for a writer forever; the status, a run and a retry all stop
// with an error.
func TestFIFOInResultDir(t *testing.T) {
	done := t.TempDir()
	runDir(t, context.Background(), done, testManifest(t, 4, Shard{1, 1}), nil)
	for _, tc := range []struct{ name, file string }{
		{"records", RecordsFile},
		{"compressed records", CompressedRecordsFile},
		{"retry pass", RetryFile(1)},
		{"manifest", ManifestFile},
	} {
		dir := t.TempDir()
		for _, f := range []string{ManifestFile, RecordsFile} {
			if f == tc.file {
				continue
			}
			if tc.file == CompressedRecordsFile && f == RecordsFile {
				continue
			}
			data, err := os.ReadFile(filepath.Join(done, f))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, f), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if tc.file == RetryFile(1) {
			// A retry pass needs its manifest entry to be read at all.
			m, err := ReadManifest(dir)
			if err != nil {
				t.Fatal(err)
			}
			m.Retries = append(m.Retries, Retry{Budget: "0s", MaxNodes: 5000, SolverVersion: m.SolverVersion})
			if err := WriteManifest(dir, &m); err != nil {
				t.Fatal(err)
			}
		}
		fifo := filepath.Join(dir, tc.file)
		if err := syscall.Mkfifo(fifo, 0o644); err != nil {
			t.Skipf("no fifo here: %v", err)
		}
		errs := make(chan error, 3)
		go func() {
			_, err := ReadStatus([]string{dir})
			errs <- err
			_, err = Run(context.Background(), RunOptions{Dir: dir, Manifest: testManifest(t, 4, Shard{1, 1})})
			errs <- err
			_, err = RunRetry(context.Background(), RetryOptions{Dir: dir, MaxNodes: 5000, Workers: 1})
			errs <- err
		}()
		for i, what := range []string{"status", "run", "retry"} {
			select {
			case err := <-errs:
				// A run refuses a directory with a retry pass before it reads
				// anything; any error then will do, as long as it comes.
				anyErr := what == "run" && tc.file == RetryFile(1)
				if err == nil || !anyErr && !strings.Contains(err.Error(), tc.file) {
					t.Errorf("%s: %s with a FIFO there: error %v, want one naming %s", tc.name, what, err, tc.file)
				}
			case <-time.After(10 * time.Second):
				t.Fatalf("%s: %s (step %d) still waits on the FIFO after 10 s", tc.name, what, i+1)
			}
		}
	}
}
