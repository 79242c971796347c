//go:build unix

package main

import (
	"runtime"
	"testing"
)

// TestVMHWM reads the peak line of a /proc status file and refuses lines
// it does not understand.
func TestVMHWM(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int64
	}{
		{"Name:\tklondike\nVmPeak:\t  20000 kB\nVmHWM:\t    8848 kB\nVmRSS:\t 8000 kB\n", 8848 * 1024},
		{"VmHWM: 1 kB", 1024},
		{"Name:\tx\nVmRSS:\t 8000 kB\n", 0},
		{"VmHWM:\t8848 MB\n", 0},
		{"VmHWM:\t-3 kB\n", 0},
		{"VmHWM:\t\n", 0},
	} {
		if got := vmHWM([]byte(c.in)); got != c.want {
			t.Errorf("vmHWM(%q) = %d, want %d", c.in, got, c.want)
		}
	}
}

// TestPeakRSSCountsTouchedMemory: after 64 MiB are written the peak is at
// least that.
func TestPeakRSSCountsTouchedMemory(t *testing.T) {
	const size = 64 << 20
	b := make([]byte, size)
	for i := 0; i < size; i += 4096 { // a byte of every page
		b[i] = 1
	}
	got := peakRSS()
	runtime.KeepAlive(b)
	if got < size {
		t.Errorf("peakRSS() = %d after %d bytes touched", got, size)
	}
}
