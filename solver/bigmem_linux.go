package solver

import (
	"sync/atomic"
	"syscall"
	"unsafe"
)

// madvHugepage is Linux's MADV_HUGEPAGE: back the range with transparent
// huge pages where the kernel can (its setting "madvise" or "always").
const madvHugepage = 14

// mappedBytes is the bytes mapped by mapHuge and not yet given back (the
// tests check that every search gives its tables back).
var mappedBytes atomic.Int64

// mapHuge maps n zero words from the operating system and asks for huge
// pages for them; ok is false when the mapping fails (the caller then
// uses the Go heap). A refused madvise only costs the speed.
func mapHuge(n int) (bigWords, bool) {
	b, err := syscall.Mmap(-1, 0, n*8, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return bigWords{}, false
	}
	_ = syscall.Madvise(b, madvHugepage)
	mappedBytes.Add(int64(len(b)))
	return bigWords{w: unsafe.Slice((*uint64)(unsafe.Pointer(&b[0])), n), mapped: b}, true
}

// mapHugeRoom is mapHuge with room: it maps capWords words of address
// space (MAP_NORESERVE: nothing is taken from the system until written)
// and returns the first n of them.
func mapHugeRoom(n, capWords int) (bigWords, bool) {
	b, err := syscall.Mmap(-1, 0, capWords*8, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE|syscall.MAP_NORESERVE)
	if err != nil {
		return bigWords{}, false
	}
	_ = syscall.Madvise(b, madvHugepage)
	mappedBytes.Add(int64(len(b)))
	return bigWords{w: unsafe.Slice((*uint64)(unsafe.Pointer(&b[0])), n), mapped: b}, true
}

func unmap(b []byte) {
	if syscall.Munmap(b) == nil {
		mappedBytes.Add(-int64(len(b)))
	}
}
