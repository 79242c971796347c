//go:build unix

package results

import "syscall"

// processCPU is the CPU time (user and system) the process has used so
// far, in milliseconds, and whether the system tells it.
func processCPU() (float64, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	ms := func(t syscall.Timeval) float64 { return float64(t.Sec)*1e3 + float64(t.Usec)/1e3 }
	return ms(ru.Utime) + ms(ru.Stime), true
}
