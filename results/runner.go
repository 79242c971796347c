package results

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/klondike-family/klondike/engine"
)

// RunOptions say how Run writes a result directory. The manifest says
// what is solved: game, rules, seeds, shard, budgets and workers.
type RunOptions struct {
	Dir      string
	Manifest Manifest
	// Grow lets the run extend a directory whose manifest is the same but
	// for a smaller number of deals: the seed range grows, the records
	// already made stay.
	Grow bool
	// FlushEvery and FlushRecords bound how long and how many records
	// may wait before they are written and synced: 1 s and 100 when 0.
	FlushEvery   time.Duration
	FlushRecords int
	// OnRecord, when set, is called with every record accepted, after
	// Progress, from one goroutine at a time.
	OnRecord func(Record)
	// Progress, when set, is called after every record accepted and once
	// more at the end (Final), from one goroutine at a time.
	Progress func(Progress)
	// Torn, when set, is called with the records file and the size of
	// its torn last line (the trace of a write cut short) once that line
	// is dropped, before any deal is solved (RunResult.TornBytes says it
	// too).
	Torn func(file string, bytes int64)
	// Enough, when set, is asked of the records already in the directory
	// (once it is checked against the manifest) whether they answer the
	// question: then the run solves nothing more.
	Enough func([]Record) bool
}

// Progress counts a run's records, those of earlier runs included.
type Progress struct {
	Total   int // seeds of the shard
	Done    int // records, this run's and earlier runs'
	Resumed int // records found when the run started
	Won     int
	Lost    int
	Unknown int
	Elapsed time.Duration // since this run started
	Final   bool          // the run has ended
}

// Rate is this run's deals per second.
func (p Progress) Rate() float64 {
	if p.Elapsed <= 0 {
		return 0
	}
	return float64(p.Done-p.Resumed) / p.Elapsed.Seconds()
}

// ETA estimates the time left at this run's rate; 0 when unknown.
func (p Progress) ETA() time.Duration {
	r := p.Rate()
	if r <= 0 {
		return 0
	}
	return time.Duration(float64(p.Total-p.Done) / r * float64(time.Second))
}

// WinRate is the win rate so far.
func (p Progress) WinRate() WinRate { return NewWinRate(p.Won, p.Lost, p.Unknown) }

// RunResult is how a run ended.
type RunResult struct {
	Progress
	// Interrupted is set when the context ended the run before every
	// seed of the shard had a record.
	Interrupted bool
	// TornBytes is the size of a torn last line dropped at the start.
	TornBytes int64
}

// MismatchError refuses a directory whose manifest is not the run's.
type MismatchError struct {
	Dir        string
	Field      string // JSON name of the first field that differs
	Have, Want string // the directory's value and the run's
	Hint       string // what to do instead; "" for the usual advice
}

func (e *MismatchError) Error() string {
	hint := e.Hint
	if hint == "" {
		hint = "use another directory, or the same flags to continue"
	}
	have, want := e.Have, e.Want
	if e.Field == "mem" { // bytes, as --mem is given
		have, want = memText(have), memText(want)
	}
	return fmt.Sprintf("%s holds a different experiment: %s is %s there, %s here (%s)",
		e.Dir, e.Field, have, want, hint)
}

// memText writes a manifest's mem (bytes; 0 no limit) as --mem reads it.
func memText(s string) string {
	n, err := strconv.ParseInt(s, 10, 64)
	switch {
	case err != nil:
		return s
	case n == 0:
		return "0 (no limit)"
	}
	return FormatBytes(n)
}

// Run solves the seeds of the manifest's shard that DIR does not hold yet,
// appending one JSON line per deal to DIR/records.jsonl. A new directory
// gets the manifest first; an old one must have the same manifest but
// for workers (a *MismatchError otherwise), and its records are read: a
// torn last line is dropped, a seed twice or a seed outside the shard is an
// error. Records are written in batches (at most FlushRecords or
// FlushEvery apart), each one write and an fsync, so a crash loses at most
// the deals in flight and the last batch. When ctx ends, no more seeds are
// handed out, the deals in flight are dropped, and what is done is
// flushed: running again continues.
func Run(ctx context.Context, o RunOptions) (RunResult, error) {
	var res RunResult
	m := o.Manifest
	if err := m.Check(); err != nil {
		return res, err
	}
	shard, err := ParseShard(m.Shard)
	if err != nil {
		return res, err
	}
	g, err := engine.NewGame(m.Rules)
	if err != nil {
		return res, fmt.Errorf("rules: %v", err)
	}
	deal, err := m.Dealer()
	if err != nil {
		return res, err
	}
	opt, err := m.SolverOptions()
	if err != nil {
		return res, err
	}
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	one := func(seed uint64) (Record, error) { return SolveOne(runCtx, g, deal, seed, opt) }
	if m.Grading != nil {
		if err := m.Grading.Check(); err != nil {
			return res, err
		}
		one = func(seed uint64) (Record, error) { return SolveAndGrade(runCtx, g, deal, seed, opt, m.Grading) }
	}
	if m.Player != "" {
		f, po, err := m.PlayerFactory()
		if err != nil {
			return res, err
		}
		one = func(seed uint64) (Record, error) { return PlayOne(runCtx, g, deal, seed, f, po) }
	}
	unlock, err := lockDir(o.Dir, true)
	if err != nil {
		return res, err
	}
	defer unlock()
	if _, err := os.Stat(filepath.Join(o.Dir, CompressedRecordsFile)); err == nil {
		return res, fmt.Errorf("%s holds a finished, compressed experiment (%s); gunzip it to run more of it",
			o.Dir, CompressedRecordsFile)
	}
	if err := prepareDir(o.Dir, &m, o.Grow); err != nil {
		return res, err
	}
	recs, good, err := ReadRecords(o.Dir)
	if err != nil {
		return res, err
	}
	path := filepath.Join(o.Dir, RecordsFile)
	p := Progress{Resumed: len(recs)}
	seeds := make([]uint64, len(recs))
	for i, r := range recs {
		seeds[i] = r.Seed
		p.count(r)
	}
	all := shard.Seeds(m.From, m.Deals)
	if o.Enough != nil && o.Enough(recs) {
		p.Total, p.Done, p.Final = len(all), len(recs), true
		res.Progress = p
		return res, nil
	}
	todo, torn, err := resumeSeeds(path, good, seeds, all, m.From, m.Deals, shard)
	if err != nil {
		return res, err
	}
	res.TornBytes = torn
	if torn > 0 && o.Torn != nil {
		o.Torn(path, torn)
	}
	p.Total = len(all)
	p.Done = len(recs)

	err = runRecords(runCtx, cancel, o.Dir, path, todo, m.Workers, o.FlushEvery, o.FlushRecords, one, &p, o.Progress, o.OnRecord)
	res.Progress = p
	res.Interrupted = ctx.Err() != nil && p.Done < p.Total
	return res, err
}

// runRecords appends the records of todo to path (appendRecords), leaving
// out the deals the interrupt stopped (they are no results), counting the
// others into p and passing each to progress and onRecord (either may be
// nil); at the end p is final and passed to progress once more. Run and
// RunRetry share it.
func runRecords(runCtx context.Context, cancel func(), dir, path string, todo []uint64, workers int,
	every time.Duration, most int, one func(uint64) (Record, error), p *Progress,
	progress func(Progress), onRecord func(Record)) error {
	start := time.Now()
	if workers == 1 {
		one = withCPU(one)
	}
	err := appendRecords(runCtx, cancel, dir, path, todo, workers, every, most, one,
		func(r Record) bool { return r.Stop != "cancelled" },
		func(r Record) {
			p.Done++
			p.count(r)
			p.Elapsed = time.Since(start)
			if progress != nil {
				progress(*p)
			}
			if onRecord != nil {
				onRecord(r)
			}
		})
	p.Elapsed = time.Since(start)
	p.Final = true
	if progress != nil {
		progress(*p)
	}
	return err
}

// withCPU wraps one to set each record's CPUMS: the process's CPU time
// while one computed it. That is the record's own cost only when records
// are computed one at a time, so runRecords wraps one so for one worker.
func withCPU(one func(uint64) (Record, error)) func(uint64) (Record, error) {
	return func(seed uint64) (Record, error) {
		before, ok := processCPU()
		r, err := one(seed)
		if after, ok2 := processCPU(); ok && ok2 && err == nil {
			r.CPUMS = math.Round(max(after-before, 0.001)*1000) / 1000
		}
		return r, err
	}
}

// appendRecords computes the record of every seed of todo with workers
// goroutines (one), appending those keep accepts to path as JSON lines in
// batches (at most most records or every apart, each one write and an
// fsync; 100 and 1 s when 0) and calling accept for each, from one
// goroutine at a time. When runCtx ends no more seeds are handed out and
// what is done is flushed. It is the machinery shared by every kind of
// experiment (Run, RunMatches).
func appendRecords[R any](runCtx context.Context, cancel func(), dir, path string, todo []uint64, workers int,
	every time.Duration, most int, one func(uint64) (R, error), keep func(R) bool, accept func(R)) error {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := syncDir(dir); err != nil {
		return err
	}
	w := &batchWriter{f: f, every: every, most: most, cancel: cancel}
	if w.every <= 0 {
		w.every = time.Second
	}
	if w.most <= 0 {
		w.most = 100
	}
	ch := make(chan R, 256)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		writeLoop(w, ch, accept)
	}()
	solveErr := eachDeal(runCtx, todo, workers, one, func(r R) {
		if keep(r) {
			ch <- r
		}
	})
	close(ch)
	wg.Wait()
	if w.err != nil {
		return fmt.Errorf("%s: %v", path, w.err)
	}
	if solveErr != nil {
		return solveErr
	}
	return f.Close()
}

func (p *Progress) count(r Record) {
	switch r.Verdict {
	case "won":
		p.Won++
	case "lost":
		p.Lost++
	default:
		p.Unknown++
	}
}

// resumeSeeds prepares a records file to be appended to: it drops a torn
// last line (returning its size), checks that every seed recorded belongs
// to the shard of the range from .. from+n-1, and returns the seeds of all
// not recorded yet, in order.
func resumeSeeds(path string, good int64, recorded, all []uint64, from, n uint64, shard Shard) (todo []uint64, torn int64, err error) {
	if st, err := os.Stat(path); err == nil && st.Size() > good {
		torn = st.Size() - good
		if err := os.Truncate(path, good); err != nil {
			return nil, 0, err
		}
	}
	done := make(map[uint64]bool, len(recorded))
	for _, seed := range recorded {
		if seed < from || seed-from >= n || !shard.Holds(from, seed) {
			return nil, 0, fmt.Errorf("%s: seed %d is not in shard %s of seeds %d..%d", path, seed, shard, from, from+n-1)
		}
		done[seed] = true
	}
	todo = make([]uint64, 0, len(all)-len(done))
	for _, s := range all {
		if !done[s] {
			todo = append(todo, s)
		}
	}
	return todo, torn, nil
}

// prepareDir gives dir (made by Run's lockDir) the manifest m, or checks
// that the manifest there is m but for workers and the build (commit, Go
// version), and records the new workers count and build. With grow, the
// directory's range may also be a shorter one from the same first seed;
// its manifest then takes m's number of deals. On return m is the
// directory's manifest.
func prepareDir(dir string, m *Manifest, grow bool) error {
	if IsMatchDir(dir) {
		return &MismatchError{Dir: dir, Field: "kind", Have: `"match"`, Want: "a win-rate experiment"}
	}
	old, err := ReadManifest(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		if _, err := os.Stat(filepath.Join(dir, RecordsFile)); err == nil {
			return fmt.Errorf("%s holds %s but no %s", dir, RecordsFile, ManifestFile)
		}
		return WriteManifest(dir, m)
	case err != nil:
		return err
	}
	if n := len(old.Retries); n > 0 {
		return fmt.Errorf("%s: its unknown deals were solved again (%d retry pass(es), klondike retry), so its first pass is closed: it cannot be continued or grown", dir, n)
	}
	if a, b := old.kind(), m.kind(); a != b {
		return &MismatchError{Dir: dir, Field: "kind", Have: a, Want: b}
	}
	ignore := append([]string{"workers"}, provenanceFields...)
	ignore = append(ignore, unusedFields(&old, m)...)
	if grow {
		if old.Deals > m.Deals {
			return &MismatchError{Dir: dir, Field: "deals", Have: fmt.Sprint(old.Deals), Want: fmt.Sprint(m.Deals) + " (--grow never shrinks a range)"}
		}
		ignore = append(ignore, "deals")
	}
	// The game and the numbering first: where they differ, the range and
	// the rules differing too says nothing more.
	switch {
	case old.Game != m.Game:
		return &MismatchError{Dir: dir, Field: "game", Have: fmt.Sprintf("%q", old.Game), Want: fmt.Sprintf("%q", m.Game)}
	case old.SeedType != m.SeedType:
		return &MismatchError{Dir: dir, Field: "seed_type", Have: fmt.Sprintf("%q", old.SeedType), Want: fmt.Sprintf("%q", m.SeedType)}
	}
	if field, have, want := Diff(&old, m, ignore...); field != "" {
		e := &MismatchError{Dir: dir, Field: field, Have: have, Want: want}
		if field == "deals" && m.Deals > old.Deals {
			e.Hint = fmt.Sprintf("pass --grow to extend it to %d deals, keeping its records; or use another directory", m.Deals)
		}
		return e
	}
	nm := old
	nm.Workers, nm.Deals = m.Workers, m.Deals
	if b := m.continuing(&old); b != old.build() && !slices.Contains(old.ContinuedBy, b) {
		nm.ContinuedBy = append(slices.Clone(old.ContinuedBy), b)
	}
	*m = nm
	if f, _, _ := Diff(&old, &nm); f != "" {
		return WriteManifest(dir, &nm)
	}
	return nil
}

// batchWriter appends records to a file in batches, each one write and
// one fsync.
type batchWriter struct {
	f      *os.File
	every  time.Duration
	most   int
	cancel func() // stops the run when a write fails
	buf    []byte
	n      int
	err    error
}

// writeLoop takes records from ch until it is closed, calling accept for
// each and flushing every w.most records or w.every.
func writeLoop[R any](w *batchWriter, ch <-chan R, accept func(R)) {
	tick := time.NewTicker(w.every)
	defer tick.Stop()
	last := time.Now()
	for {
		select {
		case r, ok := <-ch:
			if !ok {
				w.flush()
				return
			}
			line, err := json.Marshal(r)
			if err != nil {
				w.fail(err)
				continue
			}
			w.buf = append(append(w.buf, line...), '\n')
			w.n++
			accept(r)
			if w.n >= w.most || time.Since(last) >= w.every {
				w.flush()
				last = time.Now()
			}
		case <-tick.C:
			if w.n > 0 {
				w.flush()
				last = time.Now()
			}
		}
	}
}

func (w *batchWriter) flush() {
	if w.n == 0 || w.err != nil {
		return
	}
	if _, err := w.f.Write(w.buf); err != nil {
		w.fail(err)
		return
	}
	if err := w.f.Sync(); err != nil {
		w.fail(err)
		return
	}
	w.buf, w.n = w.buf[:0], 0
}

func (w *batchWriter) fail(err error) {
	if w.err == nil {
		w.err = err
		w.cancel()
	}
}

// ReadRecords reads DIR/records.jsonl, or DIR/records.jsonl.gz when the
// experiment was compressed (no file is no records). A last line without
// its newline, the trace of a write cut short, is left out; good is the
// length of the file without it. A seed twice, or any other line that is
// not a record, is an error naming it.
func ReadRecords(dir string) (recs []Record, good int64, err error) {
	return readLines(dir, RecordsFile, CompressedRecordsFile, parseRecord)
}

// readLines reads the JSON lines of DIR/plain, or of DIR/gz when only the
// compressed file is there, with parse, which returns a line's record and
// seed and copies whatever it keeps of the line (the line lies in the
// read buffer: readLine). A torn last line of the plain file is left out
// (good is the length without it); a seed twice or a line parse refuses
// is an error.
func readLines[R seeded](dir, plain, gz string, parse func([]byte) (R, uint64, error)) (recs []R, good int64, err error) {
	path := filepath.Join(dir, plain)
	if err := checkRegular(path); err != nil {
		return nil, 0, err
	}
	f, err := os.Open(path)
	var r io.Reader = f
	if errors.Is(err, os.ErrNotExist) {
		path = filepath.Join(dir, gz)
		if err := checkRegular(path); err != nil {
			return nil, 0, err
		}
		f, err = os.Open(path)
		if errors.Is(err, os.ErrNotExist) {
			return nil, 0, nil
		}
		if err != nil {
			return nil, 0, err
		}
		defer f.Close()
		zr, err := gzip.NewReader(f)
		if err != nil {
			return nil, 0, fmt.Errorf("%s: %v", path, err)
		}
		r = zr
	} else if err != nil {
		return nil, 0, err
	} else {
		defer f.Close()
	}
	br := bufio.NewReaderSize(r, 1<<16)
	// A seed twice is found without a map while the seeds increase, as a
	// run of one worker writes them. At the first seed out of that order,
	// line (seed to line number) takes over.
	var last uint64
	var line map[uint64]int
	// The records are gathered in chunks that double up to recordChunk,
	// each made once, and joined at the end: a slice grown by append to
	// millions of records allocated about five times its size.
	var full [][]R // full chunks of records before recs
	recs = make([]R, 0, 1024)
	for n := 1; ; n++ {
		b, err := readLine(br)
		if errors.Is(err, errLongLine) {
			return nil, 0, fmt.Errorf("%s line %d: longer than %d bytes: not a record", path, n, MaxLineBytes)
		}
		if err == io.EOF {
			if len(b) > 0 && strings.HasSuffix(path, ".gz") {
				return nil, 0, fmt.Errorf("%s: the last line is cut short", path)
			}
			return joinChunks(full, recs), good, nil // b, if any, is a torn line
		}
		if err != nil {
			return nil, 0, err
		}
		rec, seed, err := parse(b)
		if err != nil {
			return nil, 0, fmt.Errorf("%s line %d: %v", path, n, err)
		}
		if line == nil && (n == 1 || seed > last) {
			last = seed
		} else {
			if line == nil {
				line = make(map[uint64]int, 2*n)
				i := 1 // every line before this one is a record
				add := func(c []R) {
					for _, r := range c {
						line[r.recordSeed()] = i
						i++
					}
				}
				for _, c := range full {
					add(c)
				}
				add(recs)
			}
			if first, ok := line[seed]; ok {
				return nil, 0, fmt.Errorf("%s: seed %d appears twice (lines %d and %d)", path, seed, first, n)
			}
			line[seed] = n
		}
		if len(recs) == cap(recs) {
			full = append(full, recs)
			recs = make([]R, 0, min(2*cap(recs), recordChunk))
		}
		recs = append(recs, rec)
		good += int64(len(b))
	}
}

// recordChunk is the most records readLines gathers in a slice before it
// begins another.
const recordChunk = 1 << 16

// seeded is what readLines reads: a record of a seed.
type seeded interface{ recordSeed() uint64 }

func (r Record) recordSeed() uint64      { return r.Seed }
func (r MatchRecord) recordSeed() uint64 { return r.Seed }

// joinChunks is full's records followed by last's, in one slice (nil
// for none).
func joinChunks[R any](full [][]R, last []R) []R {
	if len(full) == 0 {
		if len(last) == 0 {
			return nil
		}
		return last
	}
	n := len(last)
	for _, c := range full {
		n += len(c)
	}
	out := make([]R, 0, n)
	for _, c := range full {
		out = append(out, c...)
	}
	return append(out, last...)
}

// errLongLine is readLine's error for a line over MaxLineBytes.
var errLongLine = errors.New("line too long")

// readLine reads a line with its newline, as ReadBytes('\n') does, but
// refuses one longer than MaxLineBytes without reading the rest of it.
// A line that fits br's buffer is returned in it, valid until the next
// read: readLines's parse copies what it keeps.
func readLine(br *bufio.Reader) ([]byte, error) {
	frag, err := br.ReadSlice('\n')
	if len(frag) > MaxLineBytes {
		return nil, errLongLine
	}
	if err != bufio.ErrBufferFull {
		return frag, err
	}
	b := slices.Clone(frag)
	for {
		frag, err := br.ReadSlice('\n')
		b = append(b, frag...)
		if len(b) > MaxLineBytes {
			return nil, errLongLine
		}
		if err != bufio.ErrBufferFull {
			return b, err
		}
	}
}

// CompressRecords replaces DIR/records.jsonl by DIR/records.jsonl.gz once
// every seed of the manifest's shard has its record: the gzip file is
// written and synced under a temporary name, checked by reading it back,
// renamed, and only then is the plain file removed.
func CompressRecords(dir string) error {
	unlock, err := lockDir(dir, false)
	if err != nil {
		return err
	}
	defer unlock()
	m, recs, good, err := readRun(dir)
	if err != nil {
		return err
	}
	shard, _ := ParseShard(m.Shard)
	want := m.Deals
	if !strings.HasPrefix(m.Shard, "merged") {
		want = uint64(len(shard.Seeds(m.From, m.Deals)))
	}
	if uint64(len(recs)) != want {
		return unfinished(dir, &m, len(recs), int(want), "compressing it")
	}
	return gzipFile(dir, RecordsFile, CompressedRecordsFile, good)
}

// gzipFile replaces DIR/plain, whose length must be good (no torn line),
// by DIR/gz: written and synced under a temporary name, read back and
// checked, renamed; only then is the plain file removed.
func gzipFile(dir, plain, gz string, good int64) error {
	path := filepath.Join(dir, plain)
	st, err := os.Stat(path)
	if errors.Is(err, os.ErrNotExist) {
		if _, gzErr := os.Stat(filepath.Join(dir, gz)); gzErr == nil {
			return fmt.Errorf("%s is compressed already (%s)", dir, gz)
		}
	}
	if err != nil {
		return err
	}
	if st.Size() != good {
		return fmt.Errorf("%s ends in a torn line; run the experiment again to finish it first", path)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if _, err := zw.Write(data); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	zr, err := gzip.NewReader(bytes.NewReader(buf.Bytes()))
	if err != nil {
		return err
	}
	back, err := io.ReadAll(zr)
	if err != nil || !bytes.Equal(back, data) {
		return fmt.Errorf("%s: the compressed records do not read back: %v", dir, err)
	}
	if err := WriteFileAtomic(filepath.Join(dir, gz), buf.Bytes()); err != nil {
		return err
	}
	if err := os.Remove(path); err != nil {
		return err
	}
	return syncDir(dir)
}
