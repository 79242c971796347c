//go:build !linux

package solver

import "sync/atomic"

// mappedBytes is always 0 here: nothing is mapped.
var mappedBytes atomic.Int64

// mapHuge is Linux's only (bigmem_linux.go): elsewhere the tables use the
// Go heap.
func mapHuge(n, capWords int) (bigWords, bool) { return bigWords{}, false }

func unmap(b []byte) {}
