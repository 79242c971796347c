//go:build unix

package results

import (
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestWriteFileAtomicLinksAndPipes: a link given as the path is kept and
// the file it names replaced; a path that is not a regular file (a pipe,
// as /dev/stdout may be) is written into, not replaced by a file; a
// directory is refused.
func TestWriteFileAtomicLinksAndPipes(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target.html")
	if err := os.WriteFile(target, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.html")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	if err := WriteFileAtomic(link, []byte("new")); err != nil {
		t.Fatalf("write through a link: %v", err)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v, %v", st.Mode(), err)
	}
	if data, err := os.ReadFile(target); err != nil || string(data) != "new" {
		t.Errorf("the linked file holds %q (%v), want %q", data, err, "new")
	}

	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no fifo here: %v", err)
	}
	got := make(chan string)
	go func() {
		f, err := os.Open(fifo)
		if err != nil {
			got <- "open: " + err.Error()
			return
		}
		data, _ := io.ReadAll(f)
		f.Close()
		got <- string(data)
	}()
	if err := WriteFileAtomic(fifo, []byte("page")); err != nil {
		t.Fatalf("write into a fifo: %v", err)
	}
	if st, err := os.Lstat(fifo); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		t.Fatalf("the fifo was replaced: %v, %v", st.Mode(), err)
	}
	select {
	case s := <-got:
		if s != "page" {
			t.Errorf("the fifo's reader got %q, want %q", s, "page")
		}
	case <-time.After(10 * time.Second):
		t.Errorf("the fifo's reader got nothing in 10 s")
	}

	if err := WriteFileAtomic(dir, []byte("x")); err == nil {
		t.Errorf("a directory as the path: no error")
	}
}
