//go:build !unix

package results

// processCPU is not measured here: records carry no CPU time.
func processCPU() (float64, bool) { return 0, false }
