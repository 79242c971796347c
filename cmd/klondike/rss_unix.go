//go:build unix

package main

import (
	"runtime"
	"syscall"
)

// peakRSS returns the process's peak resident set size in bytes, or 0 when
// it is not known.
func peakRSS() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	rss := int64(ru.Maxrss)
	if runtime.GOOS != "darwin" && runtime.GOOS != "ios" {
		rss *= 1024 // kilobytes everywhere but Apple's systems
	}
	return rss
}
