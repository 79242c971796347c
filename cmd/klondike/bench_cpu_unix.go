//go:build unix

package main

import (
	"syscall"
	"time"
)

// cpuClock returns the clock bench movegen times on: the process's CPU
// time so far (user and system), or nil where that is not known.
func cpuClock() func() time.Duration { return processCPU }

func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
