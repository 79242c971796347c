package bench

import (
	"fmt"
	"reflect"
	"time"
	"unsafe"

	"github.com/klondike-family/klondike/engine"
)

// RNG is a xorshift64 generator for random playouts: a value, cheap, no
// allocation; not for statistics. The zero RNG only ever returns 0; start
// one with NewRNG.
type RNG uint64

// NewRNG returns a generator started from seed (0 is replaced by a fixed
// non-zero word).
func NewRNG(seed uint64) RNG {
	if seed == 0 {
		seed = 0x9e3779b97f4a7c15
	}
	return RNG(seed)
}

// Next returns the next 64 random bits.
func (r *RNG) Next() uint64 {
	*r ^= *r << 13
	*r ^= *r >> 7
	*r ^= *r << 17
	return uint64(*r)
}

// Intn returns a number in [0, n) for 0 < n < 2^32, by multiplying the
// high 32 bits (nearly uniform: the bias is below n/2^32).
func (r *RNG) Intn(n int) int { return int((r.Next() >> 32) * uint64(n) >> 32) }

// PlayoutPlies is the ply cap of a random playout: a game of unlimited
// passes can draw through its stock for ever.
const PlayoutPlies = 1000

// Playout plays uniformly random legal moves on s in place until no move
// is left or maxPlies moves have been played. buf is the move buffer,
// returned for reuse. It returns the moves played and the moves generated
// (the sum of len(s.Moves) over the positions met, the last included).
// It allocates nothing once buf has room for every move list.
func Playout(s *engine.State, rng *RNG, maxPlies int, buf []engine.Move) (played, generated int, _ []engine.Move) {
	for played < maxPlies {
		buf = s.Moves(buf[:0])
		generated += len(buf)
		if len(buf) == 0 {
			break
		}
		s.Apply(buf[rng.Intn(len(buf))])
		played++
	}
	return played, generated, buf
}

// MovegenOptions say what RunMovegen measures.
type MovegenOptions struct {
	Deals  []PerftDeal // the deals (seeds and seed types; Counts is ignored)
	Depth  int         // perft depth, 1 or more
	Divide bool        // count the sequences of each root move (engine.Divide)
	// PerftTime is the least time perft is timed for: the perft of every
	// deal is repeated until it has passed (0: one pass).
	PerftTime time.Duration
	Playouts  int    // random playouts timed, cycling through the deals; 0 none
	RNGSeed   uint64 // seed of the playouts' RNG
	// CPU, when not nil, returns the process's CPU time so far; the rates
	// are then per CPU second, which a loaded machine disturbs less than
	// per wall second. Nil: rates per wall second.
	CPU func() time.Duration
	// Engine is the engine timed: EngineState, EnginePacked, or "" for
	// the packed one when the game's positions can be packed
	// (engine.Game.Packable) and the State otherwise.
	Engine string
}

// stopwatch times a span in wall time and, when it has a CPU clock, CPU
// time.
type stopwatch struct {
	cpu        func() time.Duration
	wall0      time.Time
	cpu0       time.Duration
	wall, used float64 // seconds at the last stop
}

func startWatch(cpu func() time.Duration) *stopwatch {
	w := &stopwatch{cpu: cpu, wall0: time.Now()}
	if cpu != nil {
		w.cpu0 = cpu()
	}
	return w
}

// stop returns the wall seconds and the CPU seconds (0 without a CPU
// clock) since the start.
func (w *stopwatch) stop() (wall, cpu float64) {
	wall = time.Since(w.wall0).Seconds()
	if w.cpu != nil {
		cpu = (w.cpu() - w.cpu0).Seconds()
	}
	return wall, cpu
}

// rateOf is n per CPU second when cpu > 0, else per wall second.
func rateOf(n int64, wall, cpu float64) float64 {
	if cpu > 0 {
		return rate(n, cpu)
	}
	return rate(n, wall)
}

// Movegen is the result of RunMovegen.
type Movegen struct {
	Clock      string        `json:"clock"` // what the rates are per second of: "cpu" or "wall"
	Depth      int           `json:"depth"`
	Deals      []MovegenDeal `json:"deals"`
	Totals     []PerftDepth  `json:"totals"` // the deals' counts summed, depth 1..Depth
	Pinned     *PinnedCheck  `json:"pinned,omitempty"`
	Perft      PerftTiming   `json:"perft"`
	Throughput *Throughput   `json:"throughput,omitempty"`
	Engine     string        `json:"engine"`      // the engine timed: EngineState or EnginePacked
	StateBytes int           `json:"state_bytes"` // the size of its position: unsafe.Sizeof(engine.State{}) or (engine.Packed{})
}

// MovegenDeal is one deal of a movegen benchmark with its perft counts and,
// when asked for, the divide at the full depth.
type MovegenDeal struct {
	Seed     uint64       `json:"seed"`
	SeedType string       `json:"seedType"`
	Counts   []PerftDepth `json:"counts"`
	Divide   []DivideRow  `json:"divide,omitempty"`
}

// DivideRow is one root move with the move sequences of the full depth
// that start with it.
type DivideRow struct {
	Move  string `json:"move"`
	Nodes int64  `json:"nodes"`
}

// PinnedCheck is the comparison of a movegen run with a pinned table.
type PinnedCheck struct {
	Table    string `json:"table"`
	Deals    int    `json:"deals"`    // deals found in the table and compared
	Depth    int    `json:"depth"`    // deepest depth compared
	Mismatch string `json:"mismatch"` // the first difference; "" when they agree
}

// OK reports whether the counts agree with the table; a check of no deal
// is not OK.
func (p *PinnedCheck) OK() bool { return p.Deals > 0 && p.Mismatch == "" }

// PerftTiming is the perft of all deals timed: Nodes is the move sequences
// counted at every depth (the positions visited below the roots), over
// Passes passes.
type PerftTiming struct {
	Passes      int     `json:"passes"`
	Nodes       int64   `json:"nodes"`
	Seconds     float64 `json:"seconds"`     // wall time
	CPUSeconds  float64 `json:"cpu_seconds"` // 0 without a CPU clock
	NodesPerSec float64 `json:"nodes_per_sec"`
}

// Throughput is move generation and random playouts timed on one core.
type Throughput struct {
	// Move generation alone (State.Moves) on the positions of random
	// playouts, cycled through.
	Generations    int64   `json:"generations"`       // Moves calls
	GeneratedMoves int64   `json:"generated_moves"`   // moves they returned
	GenSeconds     float64 `json:"gen_seconds"`       // wall time
	GenCPUSeconds  float64 `json:"gen_cpu_seconds"`   // 0 without a CPU clock
	GenPerSec      float64 `json:"gen_per_sec"`       // positions generated per second
	GenMovesPerSec float64 `json:"gen_moves_per_sec"` // moves generated per second
	NsPerGen       float64 `json:"ns_per_gen"`

	// Random playouts: generate, pick uniformly, apply in place.
	Playouts           int64   `json:"playouts"`
	PlayoutMoves       int64   `json:"playout_moves"` // moves played
	PlayoutGenerated   int64   `json:"playout_generated"`
	Capped             int64   `json:"capped"`              // playouts stopped by the ply cap
	PlayoutSeconds     float64 `json:"playout_seconds"`     // wall time
	PlayoutCPUSeconds  float64 `json:"playout_cpu_seconds"` // 0 without a CPU clock
	PlayoutsPerSec     float64 `json:"playouts_per_sec"`
	PlayoutMovesPerSec float64 `json:"playout_moves_per_sec"`
}

// PinnedTableFor returns the pinned table of rules r, or nil when no table
// has exactly these rules.
func PinnedTableFor(r engine.Rules) (*PerftTable, error) {
	tables, err := PerftTables()
	if err != nil {
		return nil, err
	}
	for i := range tables {
		if reflect.DeepEqual(tables[i].Rules, r) {
			return &tables[i], nil
		}
	}
	return nil, nil
}

// Depth returns the deepest depth of the table's deals.
func (t *PerftTable) Depth() int {
	d := 0
	for _, pd := range t.Deals {
		d = max(d, len(pd.Counts))
	}
	return d
}

// Check compares counts with the table's: each deal of the run that the
// table holds (same seed and seed type) is compared at every depth both
// have.
func (t *PerftTable) Check(deals []MovegenDeal) *PinnedCheck {
	p := &PinnedCheck{Table: t.Name}
	for _, d := range deals {
		for _, pd := range t.Deals {
			if pd.Seed != d.Seed || pd.SeedType != d.SeedType {
				continue
			}
			p.Deals++
			n := min(len(pd.Counts), len(d.Counts))
			p.Depth = max(p.Depth, n)
			for i := 0; i < n && p.Mismatch == ""; i++ {
				want, err := pd.Counts[i].PerftCounts()
				if err == nil {
					var got engine.PerftCounts
					if got, err = d.Counts[i].PerftCounts(); err == nil && got != want {
						err = fmt.Errorf("perft %s, pinned %s", formatCounts(got), formatCounts(want))
					}
				}
				if err != nil {
					p.Mismatch = fmt.Sprintf("deal %d depth %d: %v", d.Seed, i+1, err)
				}
			}
		}
	}
	return p
}

// RunMovegen counts perft from each deal of o under rules r, times it, and
// times move generation and random playouts. It does not compare with a
// pinned table (PerftTable.Check does).
func RunMovegen(r engine.Rules, o MovegenOptions) (*Movegen, error) {
	if o.Depth < 1 {
		return nil, fmt.Errorf("perft depth %d: want 1 or more", o.Depth)
	}
	if len(o.Deals) == 0 {
		return nil, fmt.Errorf("no deals")
	}
	g, err := engine.NewGame(r)
	if err != nil {
		return nil, err
	}
	starts := make([]engine.State, len(o.Deals))
	for i, d := range o.Deals {
		l, err := d.Layout(&g.Rules)
		if err != nil {
			return nil, fmt.Errorf("deal %d: %v", d.Seed, err)
		}
		if starts[i], err = g.NewState(l); err != nil {
			return nil, fmt.Errorf("deal %d: %v", d.Seed, err)
		}
	}
	m := &Movegen{Clock: "wall", Depth: o.Depth, Engine: o.Engine, StateBytes: int(unsafe.Sizeof(engine.State{}))}
	var packed []engine.Packed
	switch o.Engine {
	case "":
		m.Engine = EngineState
		if g.Packable() == nil {
			m.Engine = EnginePacked
		}
	case EngineState:
	case EnginePacked:
		if err := g.Packable(); err != nil {
			return nil, fmt.Errorf("engine packed: %v", err)
		}
	default:
		return nil, fmt.Errorf("engine %q: want %q or %q", o.Engine, EngineState, EnginePacked)
	}
	if m.Engine == EnginePacked {
		m.StateBytes = int(unsafe.Sizeof(engine.Packed{}))
		for i := range starts {
			p, err := engine.Pack(&starts[i])
			if err != nil {
				return nil, fmt.Errorf("deal %d: %v", o.Deals[i].Seed, err)
			}
			packed = append(packed, p)
		}
	}
	perft := func(i int) []engine.PerftCounts {
		if packed != nil {
			return engine.PerftPacked(packed[i], o.Depth)
		}
		return engine.Perft(starts[i], o.Depth)
	}
	if o.CPU != nil {
		m.Clock = "cpu"
	}

	// Perft: the first pass gives the counts; passes go on for PerftTime.
	totals := make([]engine.PerftCounts, o.Depth)
	watch := startWatch(o.CPU)
	begin := time.Now()
	for pass := 0; pass == 0 || time.Since(begin) < o.PerftTime; pass++ {
		for i := range starts {
			counts := perft(i)
			for _, c := range counts {
				m.Perft.Nodes += c.Nodes
			}
			if pass > 0 {
				continue
			}
			d := MovegenDeal{Seed: o.Deals[i].Seed, SeedType: o.Deals[i].SeedType}
			for k, c := range counts {
				d.Counts = append(d.Counts, NewPerftDepth(k+1, c))
				addCounts(&totals[k], c)
			}
			m.Deals = append(m.Deals, d)
		}
		m.Perft.Passes++
	}
	m.Perft.Seconds, m.Perft.CPUSeconds = watch.stop()
	m.Perft.NodesPerSec = rateOf(m.Perft.Nodes, m.Perft.Seconds, m.Perft.CPUSeconds)
	for k, c := range totals {
		m.Totals = append(m.Totals, NewPerftDepth(k+1, c))
	}

	if o.Divide {
		for i, s := range starts {
			var entries []engine.DivideEntry
			if packed != nil {
				entries = engine.DividePacked(packed[i], o.Depth)
			} else {
				entries = engine.Divide(s, o.Depth)
			}
			for _, e := range entries {
				m.Deals[i].Divide = append(m.Deals[i].Divide, DivideRow{Move: e.Move.String(), Nodes: e.Nodes})
			}
		}
	}
	if o.Playouts > 0 {
		var t Throughput
		if packed != nil {
			t = MeasurePackedThroughput(packed, o.Playouts, o.RNGSeed, o.CPU)
		} else {
			t = MeasureThroughput(starts, o.Playouts, o.RNGSeed, o.CPU)
		}
		m.Throughput = &t
	}
	return m, nil
}

func addCounts(sum *engine.PerftCounts, c engine.PerftCounts) {
	sum.Nodes += c.Nodes
	sum.Flips += c.Flips
	for k, n := range c.ByClass {
		sum.ByClass[k] += n
	}
}

func rate(n int64, sec float64) float64 {
	if sec <= 0 {
		return 0
	}
	return float64(n) / sec
}

// genPositionPlayouts is how many random playouts give the positions that
// move generation is timed on: enough for variety, few enough to stay in
// cache.
const genPositionPlayouts = 16

// Engines bench movegen can time: the general State, and the 64-byte
// Packed positions of the games they hold.
const (
	EngineState  = "state"
	EnginePacked = "packed"
)

// engineLoops are an engine's timed loops, each with its moves and
// positions in concrete types so that nothing is called through an
// interface on the hot path.
type engineLoops struct {
	// playouts plays n random playouts from the starts, cycling through
	// them, and returns the moves played, the moves generated and the
	// playouts stopped by the ply cap.
	playouts func(n int, rng *RNG) (played, generated, capped int64)
	// collect keeps the positions of k random playouts for generate and
	// returns how many it kept.
	collect func(k int, rng *RNG) int
	// generate generates the moves of n kept positions, cycling through
	// them, and returns the moves generated.
	generate func(n int64) int64
}

// stateLoops are the loops of the State engine.
func stateLoops(starts []engine.State) engineLoops {
	buf := make([]engine.Move, 0, 256)
	var ps []engine.State
	return engineLoops{
		playouts: func(n int, rng *RNG) (played, generated, capped int64) {
			for i := range n {
				s := starts[i%len(starts)]
				p, g, b := Playout(&s, rng, PlayoutPlies, buf)
				buf = b
				played += int64(p)
				generated += int64(g)
				if p == PlayoutPlies {
					capped++
				}
			}
			return played, generated, capped
		},
		collect: func(k int, rng *RNG) int {
			for i := range k {
				s := starts[i%len(starts)]
				for range PlayoutPlies {
					ps = append(ps, s)
					if buf = s.Moves(buf[:0]); len(buf) == 0 {
						break
					}
					s.Apply(buf[rng.Intn(len(buf))])
				}
			}
			return len(ps)
		},
		generate: func(n int64) (moves int64) {
			for i, j := int64(0), 0; i < n; i++ {
				buf = ps[j].Moves(buf[:0])
				moves += int64(len(buf))
				if j++; j == len(ps) {
					j = 0
				}
			}
			return moves
		},
	}
}

// packedLoops are the loops of the Packed engine.
func packedLoops(starts []engine.Packed) engineLoops {
	buf := make([]engine.Move, 0, 256)
	var ps []engine.Packed
	return engineLoops{
		playouts: func(n int, rng *RNG) (played, generated, capped int64) {
			for i := range n {
				p := starts[i%len(starts)]
				pl, g, b := PlayoutPacked(&p, rng, PlayoutPlies, buf)
				buf = b
				played += int64(pl)
				generated += int64(g)
				if pl == PlayoutPlies {
					capped++
				}
			}
			return played, generated, capped
		},
		collect: func(k int, rng *RNG) int {
			for i := range k {
				p := starts[i%len(starts)]
				for range PlayoutPlies {
					ps = append(ps, p)
					if buf = p.Moves(buf[:0]); len(buf) == 0 {
						break
					}
					p.Apply(buf[rng.Intn(len(buf))])
				}
			}
			return len(ps)
		},
		generate: func(n int64) (moves int64) {
			for i, j := int64(0), 0; i < n; i++ {
				buf = ps[j].Moves(buf[:0])
				moves += int64(len(buf))
				if j++; j == len(ps) {
					j = 0
				}
			}
			return moves
		},
	}
}

// PlayoutPacked is Playout on a packed position.
func PlayoutPacked(p *engine.Packed, rng *RNG, maxPlies int, buf []engine.Move) (played, generated int, _ []engine.Move) {
	for played < maxPlies {
		buf = p.Moves(buf[:0])
		generated += len(buf)
		if len(buf) == 0 {
			break
		}
		p.Apply(buf[rng.Intn(len(buf))])
		played++
	}
	return played, generated, buf
}

// MeasureThroughput times playouts random playouts from starts (cycling
// through them; each capped at PlayoutPlies) and then move generation alone
// on the positions of a few playouts, as many generations as the
// playouts made. Both loops allocate nothing. cpu is the CPU clock, or nil
// for rates per wall second (see MovegenOptions.CPU).
func MeasureThroughput(starts []engine.State, playouts int, seed uint64, cpu func() time.Duration) Throughput {
	if len(starts) == 0 {
		return Throughput{}
	}
	return measureThroughput(stateLoops(starts), playouts, seed, cpu)
}

// MeasurePackedThroughput is MeasureThroughput with packed positions.
func MeasurePackedThroughput(starts []engine.Packed, playouts int, seed uint64, cpu func() time.Duration) Throughput {
	if len(starts) == 0 {
		return Throughput{}
	}
	return measureThroughput(packedLoops(starts), playouts, seed, cpu)
}

func measureThroughput(e engineLoops, playouts int, seed uint64, cpu func() time.Duration) Throughput {
	var t Throughput
	if playouts < 1 {
		return t
	}
	rng := NewRNG(seed)
	watch := startWatch(cpu)
	t.PlayoutMoves, t.PlayoutGenerated, t.Capped = e.playouts(playouts, &rng)
	t.PlayoutSeconds, t.PlayoutCPUSeconds = watch.stop()
	t.Playouts = int64(playouts)
	t.PlayoutsPerSec = rateOf(t.Playouts, t.PlayoutSeconds, t.PlayoutCPUSeconds)
	t.PlayoutMovesPerSec = rateOf(t.PlayoutMoves, t.PlayoutSeconds, t.PlayoutCPUSeconds)

	// The positions of a few playouts, untimed.
	rng = NewRNG(seed ^ 0x5851f42d4c957f2d)
	kept := e.collect(genPositionPlayouts, &rng)
	n := max(t.PlayoutMoves, int64(kept))
	watch = startWatch(cpu)
	moves := e.generate(n)
	t.GenSeconds, t.GenCPUSeconds = watch.stop()
	t.Generations, t.GeneratedMoves = n, moves
	t.GenPerSec = rateOf(n, t.GenSeconds, t.GenCPUSeconds)
	t.GenMovesPerSec = rateOf(moves, t.GenSeconds, t.GenCPUSeconds)
	if t.GenPerSec > 0 {
		t.NsPerGen = 1e9 / t.GenPerSec
	}
	return t
}
