package bench

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/klondike-family/klondike/engine"
)

// benchRules are the games the benchmarks play on the deal files.
var benchRules = []struct {
	name  string
	rules engine.Rules
}{
	{"draw1", engine.Klondike(1, 0)},
	{"draw3", engine.Klondike(3, 0)},
	{"holdout", holdout()},
}

func holdout() engine.Rules {
	r := engine.Klondike(1, 1)
	r.Cells = 2
	return r
}

// xorshift is a cheap random number generator for playouts: a value, no
// allocation, not for statistics.
type xorshift uint64

func (x *xorshift) next() uint64 {
	*x ^= *x << 13
	*x ^= *x >> 7
	*x ^= *x << 17
	return uint64(*x)
}

// intn returns a number in [0, n) for n < 2^32.
func (x *xorshift) intn(n int) int { return int((x.next() >> 32) * uint64(n) >> 32) }

// loadDeals reads the deal files as states of game g.
func loadDeals(b *testing.B, g *engine.Game) []engine.State {
	b.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "deals", "*.txt"))
	if err != nil {
		b.Fatal(err)
	}
	if len(files) == 0 {
		b.Fatal("no deal files in testdata/deals")
	}
	var out []engine.State
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		l, err := engine.ParseText(string(data))
		if err != nil {
			b.Fatalf("%s: %v", f, err)
		}
		if len(l.Cells) < g.Rules.Cells {
			l.Cells = make([]engine.Card, g.Rules.Cells)
		}
		s, err := g.NewState(l)
		if err != nil {
			b.Fatalf("%s: %v", f, err)
		}
		out = append(out, s)
	}
	return out
}

// maxPlies ends a random playout that has not run out of moves.
const maxPlies = 400

// playoutPositions returns the positions of one random playout of each
// deal file.
func playoutPositions(b *testing.B, r engine.Rules) []engine.State {
	b.Helper()
	rng := xorshift(0x9e3779b97f4a7c15)
	var out []engine.State
	var buf []engine.Move
	for _, s := range loadDeals(b, engine.MustGame(r)) {
		for range maxPlies {
			out = append(out, s)
			buf = s.Moves(buf[:0])
			if len(buf) == 0 {
				break
			}
			s.Apply(buf[rng.intn(len(buf))])
		}
	}
	return out
}

// BenchmarkMoves measures move generation on the positions of random
// playouts: one position per iteration.
func BenchmarkMoves(b *testing.B) {
	for _, bc := range benchRules {
		b.Run(bc.name, func(b *testing.B) {
			ps := playoutPositions(b, bc.rules)
			buf := make([]engine.Move, 0, 256)
			moves, i := 0, 0
			b.ReportAllocs()
			for b.Loop() {
				buf = ps[i].Moves(buf[:0])
				moves += len(buf)
				if i++; i == len(ps) {
					i = 0
				}
			}
			sec := b.Elapsed().Seconds()
			b.ReportMetric(float64(b.N)/sec, "states/s")
			b.ReportMetric(float64(moves)/sec, "moves/s")
		})
	}
}

// BenchmarkApply measures copy-make: Child of one random legal move per
// position of random playouts.
func BenchmarkApply(b *testing.B) {
	for _, bc := range benchRules {
		b.Run(bc.name, func(b *testing.B) {
			type step struct {
				s engine.State
				m engine.Move
			}
			rng := xorshift(12345)
			var steps []step
			var buf []engine.Move
			for _, s := range playoutPositions(b, bc.rules) {
				if buf = s.Moves(buf[:0]); len(buf) > 0 {
					steps = append(steps, step{s, buf[rng.intn(len(buf))]})
				}
			}
			var child engine.State
			i := 0
			b.ReportAllocs()
			for b.Loop() {
				steps[i].s.Child(steps[i].m, &child)
				if i++; i == len(steps) {
					i = 0
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "states/s")
		})
	}
}

// BenchmarkKey measures the canonical key (AppendKey into a buffer) and
// its hash on the positions of random playouts.
func BenchmarkKey(b *testing.B) {
	for _, bc := range benchRules {
		ps := playoutPositions(b, bc.rules)
		b.Run(bc.name+"/AppendKey", func(b *testing.B) {
			key := make([]byte, 0, engine.MaxKeyLen)
			i := 0
			b.ReportAllocs()
			for b.Loop() {
				key = ps[i].AppendKey(key[:0])
				if i++; i == len(ps) {
					i = 0
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "states/s")
		})
		b.Run(bc.name+"/Hash", func(b *testing.B) {
			var sum uint64
			i := 0
			b.ReportAllocs()
			for b.Loop() {
				sum += ps[i].Hash()
				if i++; i == len(ps) {
					i = 0
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "states/s")
			_ = sum
		})
	}
}

// BenchmarkPlayout measures random playouts from the deal files: each
// iteration plays one game of uniformly random moves until there is none
// or maxPlies have been played, generating and applying in place.
func BenchmarkPlayout(b *testing.B) {
	for _, bc := range benchRules {
		b.Run(bc.name, func(b *testing.B) {
			deals := loadDeals(b, engine.MustGame(bc.rules))
			rng := xorshift(0x2545f4914f6cdd1d)
			buf := make([]engine.Move, 0, 256)
			var moves, gen int
			i := 0
			b.ReportAllocs()
			for b.Loop() {
				s := deals[i]
				if i++; i == len(deals) {
					i = 0
				}
				for range maxPlies {
					buf = s.Moves(buf[:0])
					gen += len(buf)
					if len(buf) == 0 {
						break
					}
					s.Apply(buf[rng.intn(len(buf))])
					moves++
				}
			}
			sec := b.Elapsed().Seconds()
			b.ReportMetric(float64(moves)/sec, "moves/s")
			b.ReportMetric(float64(gen)/sec, "generated/s")
		})
	}
}

// BenchmarkPerft measures engine.Perft on the deal files: each iteration
// is the perft of one deal. states/s counts the positions whose moves were
// generated, moves/s the move sequences counted at every depth.
func BenchmarkPerft(b *testing.B) {
	for _, bc := range []struct {
		name  string
		rules engine.Rules
		depth int
	}{
		{"draw1/depth8", engine.Klondike(1, 0), 8},
		{"draw3/depth8", engine.Klondike(3, 0), 8},
		{"holdout/depth5", holdout(), 5},
	} {
		b.Run(bc.name, func(b *testing.B) {
			deals := loadDeals(b, engine.MustGame(bc.rules))
			var states, moves int64
			i := 0
			b.ReportAllocs()
			for b.Loop() {
				counts := engine.Perft(deals[i], bc.depth)
				states++
				for d, c := range counts {
					moves += c.Nodes
					if d < len(counts)-1 {
						states += c.Nodes
					}
				}
				if i++; i == len(deals) {
					i = 0
				}
			}
			sec := b.Elapsed().Seconds()
			b.ReportMetric(float64(states)/sec, "states/s")
			b.ReportMetric(float64(moves)/sec, "moves/s")
		})
	}
}

// packedPositions returns playoutPositions packed, each with its own deal.
func packedPositions(b *testing.B, r engine.Rules) []engine.Packed {
	b.Helper()
	var out []engine.Packed
	for _, s := range playoutPositions(b, r) {
		p, err := engine.Pack(&s)
		if err != nil {
			b.Fatal(err)
		}
		out = append(out, p)
	}
	return out
}

// BenchmarkPackedMoves is BenchmarkMoves on packed positions.
func BenchmarkPackedMoves(b *testing.B) {
	for _, bc := range benchRules {
		b.Run(bc.name, func(b *testing.B) {
			ps := packedPositions(b, bc.rules)
			buf := make([]engine.Move, 0, 256)
			moves, i := 0, 0
			b.ReportAllocs()
			for b.Loop() {
				buf = ps[i].Moves(buf[:0])
				moves += len(buf)
				if i++; i == len(ps) {
					i = 0
				}
			}
			sec := b.Elapsed().Seconds()
			b.ReportMetric(float64(b.N)/sec, "states/s")
			b.ReportMetric(float64(moves)/sec, "moves/s")
		})
	}
}

// BenchmarkPackedPlayout is BenchmarkPlayout on packed positions.
func BenchmarkPackedPlayout(b *testing.B) {
	for _, bc := range benchRules {
		b.Run(bc.name, func(b *testing.B) {
			var deals []engine.Packed
			for _, s := range loadDeals(b, engine.MustGame(bc.rules)) {
				p, err := engine.Pack(&s)
				if err != nil {
					b.Fatal(err)
				}
				deals = append(deals, p)
			}
			rng := xorshift(0x2545f4914f6cdd1d)
			buf := make([]engine.Move, 0, 256)
			var moves, gen int
			i := 0
			b.ReportAllocs()
			for b.Loop() {
				p := deals[i]
				if i++; i == len(deals) {
					i = 0
				}
				for range maxPlies {
					buf = p.Moves(buf[:0])
					gen += len(buf)
					if len(buf) == 0 {
						break
					}
					p.Apply(buf[rng.intn(len(buf))])
					moves++
				}
			}
			sec := b.Elapsed().Seconds()
			b.ReportMetric(float64(moves)/sec, "moves/s")
			b.ReportMetric(float64(gen)/sec, "generated/s")
		})
	}
}

// BenchmarkPackedKey measures the packed position's key, its fields read
// as seven words, against which BenchmarkKey's AppendKey scans the cards.
func BenchmarkPackedKey(b *testing.B) {
	for _, bc := range benchRules {
		b.Run(bc.name, func(b *testing.B) {
			ps := packedPositions(b, bc.rules)
			var sum uint64
			i := 0
			b.ReportAllocs()
			for b.Loop() {
				k := ps[i].Key()
				sum += k[0] ^ k[6]
				if i++; i == len(ps) {
					i = 0
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "states/s")
			_ = sum
		})
	}
}
