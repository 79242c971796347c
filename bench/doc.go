// Package bench holds the engine's benchmarks and their fixed inputs: the
// pinned perft tables of every Klondike rule set (testdata/perft, embedded
// and served by PerftTables, so that the CLI can check an engine build
// against them) and the deal files the benchmarks play
// (testdata/deals).
//
// The tables are made by the test generator:
//
//	go test ./bench -run TestPerftPinned -update
//
// and TestPerftPinned checks them against the engine and, to depth 3,
// against the plain reference engine/ref. Compare benchmark runs with
// benchstat:
//
//	go test -run '^$' -bench . -count 10 ./bench > new.txt
package bench
