//go:build !unix

package main

import "time"

// cpuClock returns nil where the process's CPU time is not known: bench
// movegen then times on the wall clock.
func cpuClock() func() time.Duration { return nil }
