package results

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// recordLines are lines of the runner's own shape, which the fast reader
// reads, and lines it leaves to encoding/json.
var recordLines = []struct {
	line string
	fast bool // parseRecordFast reads it
}{
	{`{"seed":37099,"verdict":"won","time_ms":57.433057,"nodes":23729,"states":5582,"table_bytes":128816,"solution_len":149}`, true},
	{`{"seed":1154,"verdict":"unknown","stop":"nodes","time_ms":98995.862841,"cpu_ms":97134.613,"nodes":100000000,"states":64332465,"table_bytes":2147483648}`, true},
	{`{"seed":0,"verdict":"lost","time_ms":0,"nodes":1}`, true},
	{`{"seed":18446744073709551615,"verdict":"lost","time_ms":-0.5e-3,"cpu_ms":1E+2,"nodes":-9223372036854775808}`, true},
	{`{"verdict":"won","seed":3}`, true},
	{`{}`, true}, // read, then refused for its verdict
	{`{"seed":3,"verdict":"maybe"}`, true},
	// left to encoding/json
	{`{"seed": 3,"verdict":"won"}`, false},
	{` {"seed":3,"verdict":"won"}`, false},
	{`{"seed":3,"verdict":"won"}` + "\r", false},
	{`{"Seed":3,"verdict":"won"}`, false},
	{`{"seed":3,"seed":4,"verdict":"won"}`, false},
	{`{"seed":3,"verdict":"w\u006fn"}`, false},
	{`{"seed":3,"verdict":"won","stop":"a\"b"}`, false},
	{`{"seed":"3","verdict":"won"}`, false},
	{`{"seed":3,"verdict":won}`, false},
	{`{"seed":3,"verdict":null}`, false},
	{`{"seed":3,"verdict":"won","nodes":null}`, false},
	{`{"seed":3.0,"verdict":"won"}`, false},
	{`{"seed":1e3,"verdict":"won"}`, false},
	{`{"seed":-1,"verdict":"won"}`, false},
	{`{"seed":03,"verdict":"won"}`, false},
	{`{"seed":3,"verdict":"won","time_ms":.5}`, false},
	{`{"seed":3,"verdict":"won","time_ms":1.}`, false},
	{`{"seed":3,"verdict":"won","time_ms":1e999}`, false},
	{`{"seed":3,"verdict":"won","nodes":9223372036854775808}`, false},
	{`{"seed":3,"verdict":"won",}`, false},
	{`{"seed":3,,"verdict":"won"}`, false},
	{`{"seed":3,"verdict":"won","extra":1}`, false},
	{`{"seed":1,"verdict":"unknown","play":{"end":"limit","cards":8,"moves":20000,"score":8,"vegas":-64,"till_dawn":-80}}`, true},
	{`{"seed":0,"verdict":"lost","time_ms":2488.089,"cpu_ms":2459.748,"play":{"end":"stuck","cards":1,"moves":45,"score":1,"vegas":-47,"till_dawn":-49}}`, true},
	{`{"play":{},"seed":2,"verdict":"won"}`, true},
	{`{"seed":1,"verdict":"won","play":{"end":"won","cards":52,"cards":51}}`, false},
	{`{"seed":1,"verdict":"won","play":{"end":"won","extra":1}}`, false},
	{`{"seed":1,"verdict":"won","play":{"end":"w}n","cards":52}}`, false},
	{`{"seed":1,"verdict":"won","play":{"end":"won","cards":{}}}`, false},
	{`{"seed":1,"verdict":"won","play":{"end":won}}`, false},
	{`{"seed":1,"verdict":"won","play":null}`, false},
	{`{"seed":1,"verdict":"won","play":{"end":"won"},"play":{"end":"won"}}`, false},
	{`{"seed":1,"verdict":"won","grade":{"grade":"easy","tiers":[]}}`, false},
	{`{"se\"ed":1,"verdict":"won"}`, false},
	{`{"seed":3,"verdict":"won"}{"seed":4}`, false},
	{`{"seed":3,"verdict":"won"} x`, false},
	{"{\"seed\":3,\"verdict\":\"w\xffn\"}", false},
	{`[1]`, false},
	{`{"seed":1,"verdict":"won","time_ms":01}`, false},
	{`{"seed":1,"verdict":"won","time_ms":-01.5}`, false},
	{"{\"seed\":1,\"verdict\":\"won\",\"stop\":\"a\x01\"}", false},
	{"{\"seed\":1,\"verdict\":\"won\",\"stop\":\"a\x7f\"}", false},
	{``, false},
}

// TestParseRecordFast checks the fast reader against encoding/json on the
// lines above: it reads those of the runner's shape and leaves the rest,
// and parseRecord gives the same record or error either way. A line with
// more after its object is refused.
func TestParseRecordFast(t *testing.T) {
	for _, c := range recordLines {
		for _, nl := range []string{"", "\n"} {
			line := []byte(c.line + nl)
			fr, ok := parseRecordFast(line)
			if ok != c.fast {
				t.Errorf("%q: fast reader ok = %v, want %v", line, ok, c.fast)
			}
			jr, jerr := parseRecordJSON(line)
			if ok && (jerr != nil || !reflect.DeepEqual(fr, jr)) {
				t.Errorf("%q: fast reader %+v, encoding/json %+v (%v)", line, fr, jr, jerr)
			}
		}
	}
	for _, line := range []string{`{"seed":3,"verdict":"won"}{"seed":4}`, `{"seed":3,"verdict":"won"} x`, `{"seed":3,"verdict":"won"}]`} {
		if _, _, err := parseRecord([]byte(line + "\n")); err == nil || !strings.Contains(err.Error(), "not a record: more on the line after its JSON value") {
			t.Errorf("%q: err %v, want not a record", line, err)
		}
	}
	if _, _, err := parseRecord([]byte(`{"seed":3,"verdict":"won"}` + " \t\n")); err != nil {
		t.Errorf("trailing white space refused: %v", err)
	}
	r, seed, err := parseRecord([]byte(recordLines[1].line + "\n"))
	want := Record{Seed: 1154, Verdict: "unknown", Stop: "nodes", TimeMS: 98995.862841, CPUMS: 97134.613, Nodes: 100000000, States: 64332465, TableBytes: 2147483648}
	if err != nil || seed != 1154 || r != want {
		t.Errorf("parseRecord = %+v, %d, %v; want %+v", r, seed, err, want)
	}
}

// FuzzParseRecordFast: a line the fast reader reads is one encoding/json
// reads to the same record, and parseRecord never panics.
func FuzzParseRecordFast(f *testing.F) {
	for _, c := range recordLines {
		f.Add([]byte(c.line + "\n"))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		parseRecord(line)
		fr, ok := parseRecordFast(line)
		if !ok {
			return
		}
		jr, err := parseRecordJSON(line)
		if err != nil || !reflect.DeepEqual(fr, jr) {
			t.Fatalf("%q: fast reader %+v, encoding/json %+v (%v)", line, fr, jr, err)
		}
	})
}

// BenchmarkParseRecord reads one line of the runner's shape, with the
// fast reader (parseRecord) and with encoding/json alone.
//
//	go test -run - -bench ParseRecord ./results
func BenchmarkParseRecord(b *testing.B) {
	line := []byte(recordLines[1].line + "\n")
	b.Run("fast", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, _, err := parseRecord(line); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("json", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := parseRecordJSON(line); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestReadRecordsChunks reads files of more records than a chunk holds
// (recordChunk, and the smaller first chunks): every record back in
// order, in seed order or not, and a seed twice named with both of its
// lines wherever the first one lies.
func TestReadRecordsChunks(t *testing.T) {
	const n = recordChunk + 3000
	// each record's own stop text: a reader that kept a string in its
	// read buffer, which the lines after it overwrite, would fail here
	want := func(s uint64) Record {
		return Record{Seed: s, Verdict: []string{"won", "lost", "unknown"}[s%3], Stop: fmt.Sprintf("x%d", s), TimeMS: 1, Nodes: int64(s) + 1}
	}
	write := func(seeds []uint64) string {
		dir := t.TempDir()
		var b strings.Builder
		for _, s := range seeds {
			r := want(s)
			fmt.Fprintf(&b, `{"seed":%d,"verdict":"%s","stop":"%s","time_ms":1,"nodes":%d}`+"\n", s, r.Verdict, r.Stop, r.Nodes)
		}
		if err := os.WriteFile(filepath.Join(dir, RecordsFile), []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	inOrder := make([]uint64, n)
	for i := range inOrder {
		inOrder[i] = uint64(i)
	}
	shuffled := slices.Clone(inOrder)
	rand.New(rand.NewPCG(1, 2)).Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	for _, seeds := range [][]uint64{inOrder, shuffled} {
		recs, _, err := ReadRecords(write(seeds))
		if err != nil || len(recs) != n {
			t.Fatalf("%d records, %v; want %d", len(recs), err, n)
		}
		for i, r := range recs {
			if r != want(seeds[i]) {
				t.Fatalf("record %d: %+v, want %+v", i, r, want(seeds[i]))
			}
		}
	}
	for _, empty := range []string{"", `{"seed":1,"verd`} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, RecordsFile), []byte(empty), 0o644); err != nil {
			t.Fatal(err)
		}
		if recs, _, err := ReadRecords(dir); recs != nil || err != nil {
			t.Errorf("%q: %v records, %v; want nil", empty, recs, err)
		}
	}
	for _, c := range []struct {
		seeds []uint64
		want  string
	}{
		{append(slices.Clone(inOrder), 5), fmt.Sprintf("seed 5 appears twice (lines 6 and %d)", n+1)},
		{append(slices.Clone(inOrder), n-1), fmt.Sprintf("seed %d appears twice (lines %d and %d)", n-1, n, n+1)},
		{append(slices.Clone(inOrder[:2000]), 1, 3000, 1999), "seed 1 appears twice (lines 2 and 2001)"},
		{append(slices.Clone(inOrder[:2000]), 3000, 2500, 3000), "seed 3000 appears twice (lines 2001 and 2003)"},
	} {
		if _, _, err := ReadRecords(write(c.seeds)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v, want %q", err, c.want)
		}
	}
}

// matchLines are match records the fast reader reads, and lines it leaves
// to encoding/json.
var matchLines = []struct {
	line string
	fast bool
}{
	{`{"seed":0,"players":["greedy","greedy","greedy"],"slots":[1,2,3],"winner":2,"places":[2,1,3],"cards":[35,45,34],"moves":[56,62,51],"turns":334,"time":108.13,"collisions":17,"end":"stuck","time_ms":0.45}`, true},
	{`{"seed":7,"players":["human","random"],"slots":[2,1],"starter":1,"winner":0,"places":[1,1],"cards":[52,52],"moves":[90,91],"finish":[2,1],"turns":300,"forced":3,"end":"out","time_ms":1}`, true},
	{`{"seed":7,"players":[],"slots":[],"end":"out"}`, true},
	{`{"seed":7,"players":["a,b"],"end":"out"}`, false},
	{`{"seed":7,"players":["a]"],"end":"out"}`, false},
	{`{"seed":7,"players":[ "a"],"end":"out"}`, false},
	{`{"seed":7,"slots":[1,],"end":"out"}`, false},
	{`{"seed":7,"slots":[,1],"end":"out"}`, false},
	{`{"seed":7,"slots":[[1]],"end":"out"}`, false},
	{`{"seed":7,"slots":null,"end":"out"}`, false},
	{`{"seed":7,"slots":[1.5],"end":"out"}`, false},
	{`{"seed":7,"players":[1],"end":"out"}`, false},
	{`{"seed":7,"players":["a""b"],"end":"out"}`, false},
	{`{"seed":7,"players":["a"b"],"end":"out"}`, false},
	{`{"seed":7,"slots":["1"],"end":"out"}`, false},
	{`{"seed":7,"winner":1,"winner":2,"end":"out"}`, false},
	{`{"seed":7,"end":out}`, false},
	{`{"seed":7,"end":"out","verdict":"won"}`, false},
}

// TestParseMatchFast is TestParseRecordFast for a match's records.
func TestParseMatchFast(t *testing.T) {
	for _, c := range matchLines {
		line := []byte(c.line + "\n")
		fr, ok := parseMatchFast(line)
		if ok != c.fast {
			t.Errorf("%q: fast reader ok = %v, want %v", line, ok, c.fast)
		}
		var jr MatchRecord
		jerr := decodeLine(line, &jr)
		if ok && (jerr != nil || !reflect.DeepEqual(fr, jr)) {
			t.Errorf("%q: fast reader %+v, encoding/json %+v (%v)", line, fr, jr, jerr)
		}
	}
}

// FuzzParseMatchFast: a line the fast reader reads is one encoding/json
// reads to the same match record.
func FuzzParseMatchFast(f *testing.F) {
	for _, c := range matchLines {
		f.Add([]byte(c.line + "\n"))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		fr, ok := parseMatchFast(line)
		if !ok {
			return
		}
		var jr MatchRecord
		if err := decodeLine(line, &jr); err != nil || !reflect.DeepEqual(fr, jr) {
			t.Fatalf("%q: fast reader %+v, encoding/json %+v (%v)", line, fr, jr, err)
		}
	})
}
