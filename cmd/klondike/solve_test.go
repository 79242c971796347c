package main

import (
	"runtime"
	"testing"
)

// TestGoSysBytes checks that goSysBytes reads what runtime.MemStats.Sys
// says: the runtime only ever adds to that total, so Sys read between two
// readings of goSysBytes lies between them.
func TestGoSysBytes(t *testing.T) {
	before := goSysBytes()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	after := goSysBytes()
	if sys := int64(ms.Sys); before <= 0 || sys < before || sys > after {
		t.Errorf("goSysBytes() = %d, then MemStats.Sys %d, then goSysBytes() = %d", before, sys, after)
	}
}
