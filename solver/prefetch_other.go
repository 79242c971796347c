//go:build !amd64

package solver

// prefetch does nothing where the processor's prefetch is not written
// (prefetch_amd64.s): the set's slot is read when it is probed.
func prefetch(p *uint64) {}
