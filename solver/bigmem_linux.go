package solver

import (
	"sync/atomic"
	"syscall"
	"unsafe"
)

// madvHugepage is Linux's MADV_HUGEPAGE: back the range with transparent
// huge pages where the kernel can (its setting "madvise" or "always").
const madvHugepage = 14

// mappedBytes is the bytes mapped by mapHuge (room included) and not yet given back (the
// tests check that every search gives its tables back).
var mappedBytes atomic.Int64

// mapHuge maps capWords zero words (at least n) from the operating
// system, asks for huge pages for them and returns the first n; ok is
// false when the mapping fails (the caller then uses the Go heap). A
// refused madvise only costs the speed. Room beyond n is mapped
// MAP_NORESERVE: address space, nothing taken from the system until it is
// written (bigWords.extend).
func mapHuge(n, capWords int) (bigWords, bool) {
	flags := syscall.MAP_ANON | syscall.MAP_PRIVATE
	if capWords > n {
		flags |= syscall.MAP_NORESERVE
	}
	b, err := syscall.Mmap(-1, 0, capWords*8, syscall.PROT_READ|syscall.PROT_WRITE, flags)
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
