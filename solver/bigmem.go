package solver

import "unsafe"

// bigWords is an array of words for a large table of the solver's: where
// it is large (hugeMin bytes or more) and the system allows, its memory
// is mapped straight from the operating system with transparent huge pages
// asked for (bigmem_linux.go), else it is an ordinary Go slice.
//
// Why: a search's table is read at random, one slot per state visited or
// child made. With 4 KiB pages every read of a table of hundreds of MiB
// also misses the TLB, and in a virtual machine the page walk that follows
// costs more than the read itself: on this project's 2-core test machine a
// random read of a 256 MiB array took 318 ns with ordinary pages and 111 ns
// with 2 MiB ones (a loop of 20 M reads and writes; 48 and 39 ns at 32 MiB).
// Go's heap does not ask for huge pages, so the tables ask for them
// themselves.
//
// A mapped array lives outside the Go heap: free gives it back, and it
// must not be read after that. Its owner frees it as soon as it is done
// with it (a root search when it ends, a set when it has grown into a new
// array), so that its memory is never held twice; the words are zero when
// made, as make's are.
type bigWords struct {
	w      []uint64
	mapped []byte // the mapping behind w, or nil for a Go slice
}

// hugeMin is the size from which bigWords maps its memory: below it the
// array is one or two huge pages at most, and a Go slice is as good.
const hugeMin = 4 << 20

// newBigWords returns n zero words.
func newBigWords(n int) bigWords {
	if n*8 >= hugeMin {
		if b, ok := mapHuge(n, n); ok {
			return b
		}
	}
	return bigWords{w: make([]uint64, n)}
}

// newBigWordsRoom returns n zero words in a mapping with room for
// capWords (at least n), so that extend can lengthen them in place: the
// room is only reserved address space until it is written. Where the
// array is small or nothing can be mapped it is newBigWords(n), with no
// room.
func newBigWordsRoom(n, capWords int) bigWords {
	if n*8 >= hugeMin && capWords > n {
		if b, ok := mapHuge(n, capWords); ok {
			return b
		}
	}
	return newBigWords(n)
}

// extend lengthens b to n words in place (the new words are zero, never
// having been written) and tells whether its mapping had the room.
func (b *bigWords) extend(n int) bool {
	if b.mapped == nil || n*8 > len(b.mapped) {
		return false
	}
	b.w = unsafe.Slice((*uint64)(unsafe.Pointer(&b.mapped[0])), n)
	return true
}

// room tells whether extend can lengthen b to n words.
func (b *bigWords) room(n int) bool { return b.mapped != nil && n*8 <= len(b.mapped) }

// free gives the memory back; b is empty after it.
func (b *bigWords) free() {
	if b.mapped != nil {
		unmap(b.mapped)
	}
	*b = bigWords{}
}
