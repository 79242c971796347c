package solver

// prefetch asks the processor to bring the cache line of *p in, without
// waiting for it and without reading it (PREFETCHT0): a set's slot is
// fetched while the search goes on making the other children, where a
// load would hold up the instructions after it until the line came.
//
//go:noescape
func prefetch(p *uint64)
