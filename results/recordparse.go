package results

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// parseRecord reads one record line: a JSON object of Record's fields
// and nothing after it but white space. The lines the runner writes
// (no white space, no escapes, each field once) are read by
// parseRecordFast; any other line by encoding/json, which accepts or
// refuses it. The fast reader accepts a subset of what encoding/json
// accepts and reads it to the same record (FuzzParseRecordFast): a
// report reads millions of lines, and encoding/json allocated 2.6 KB a
// line and took about 17 times as long (BenchmarkParseRecord).
func parseRecord(b []byte) (Record, uint64, error) {
	r, ok := parseRecordFast(b)
	if !ok {
		var err error
		if r, err = parseRecordJSON(b); err != nil {
			return r, 0, err
		}
	}
	if r.Verdict != "won" && r.Verdict != "lost" && r.Verdict != "unknown" {
		return r, 0, fmt.Errorf("verdict %q: want won, lost or unknown", r.Verdict)
	}
	return r, r.Seed, nil
}

// parseRecordJSON is parseRecord's general reader.
func parseRecordJSON(b []byte) (Record, error) {
	var r Record
	if err := decodeLine(b, &r); err != nil {
		return r, fmt.Errorf("not a record: %s", err)
	}
	return r, nil
}

// decodeLine reads the line b, one JSON value with nothing after it but
// white space, into v, whose fields must name every key; the error is
// clipped to a line.
func decodeLine(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return errors.New(ClipError(err))
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("more on the line after its JSON value")
	}
	return nil
}

// parseRecordFast reads a line of the shapes the runner writes: an
// object of Record's fields but grade, each at most once, play (if
// there) an object of PlayRecord's fields, each at most once, with no
// white space inside, string values of printable ASCII without escapes,
// and integers without fraction or exponent, then at most a newline. ok
// is false for any other line, which parseRecord's general reader then
// reads or refuses: so a line this reads is one encoding/json reads to
// the same record.
func parseRecordFast(b []byte) (r Record, ok bool) {
	if n := len(b); n > 0 && b[n-1] == '\n' {
		b = b[:n-1]
	}
	ok = flatObject(b, func(key, val []byte, quoted bool) bool {
		var err error
		if quoted != (string(key) == "verdict" || string(key) == "stop") {
			return false // a string for a number or the reverse: the general reader's error
		}
		switch string(key) {
		case "seed":
			if !isJSONInt(val, false) {
				return false
			}
			r.Seed, err = strconv.ParseUint(string(val), 10, 64)
		case "verdict":
			r.Verdict = internString(val)
		case "stop":
			r.Stop = internString(val)
		case "time_ms":
			r.TimeMS, err = jsonFloat(val)
		case "cpu_ms":
			r.CPUMS, err = jsonFloat(val)
		case "nodes":
			r.Nodes, err = jsonInt64(val)
		case "states":
			r.States, err = jsonInt64(val)
		case "table_bytes":
			r.TableBytes, err = jsonInt64(val)
		case "solution_len":
			r.SolutionLen, err = jsonInt(val)
		case "play":
			r.Play = &PlayRecord{}
			return parsePlayFast(val, r.Play)
		default:
			return false
		}
		return err == nil
	})
	return r, ok
}

// parsePlayFast reads a play object of parseRecordFast's shape into p.
func parsePlayFast(b []byte, p *PlayRecord) bool {
	return flatObject(b, func(key, val []byte, quoted bool) bool {
		if quoted != (string(key) == "end") {
			return false
		}
		var f *int
		switch string(key) {
		case "end":
			p.End = internString(val)
			return true
		case "cards":
			f = &p.Cards
		case "moves":
			f = &p.Moves
		case "score":
			f = &p.Score
		case "vegas":
			f = &p.Vegas
		case "till_dawn":
			f = &p.TillDawn
		default:
			return false
		}
		var err error
		*f, err = jsonInt(val)
		return err == nil
	})
}

// flatObject calls field with each member of the JSON object b, braces
// included, in order: its key and its value, and whether the value is a
// string (quoted, given without its quotes). Keys and strings must be
// printable ASCII without escapes, each key at most once (encoding/json
// would keep the last), and at most maxMembers of them; a value that is
// an object or an array must hold no object or array and no '}' or ']' in
// a string (its own reader then refuses it, cut short). false when b is
// not such an object or field refuses a member.
func flatObject(b []byte, field func(key, val []byte, quoted bool) bool) bool {
	if len(b) < 2 || b[0] != '{' || b[len(b)-1] != '}' {
		return false
	}
	b = b[1 : len(b)-1]
	var keys [maxMembers][]byte
	n := 0
	for len(b) > 0 {
		if b[0] != '"' {
			return false
		}
		end := bytes.IndexByte(b[1:], '"')
		if end < 0 {
			return false
		}
		key := b[1 : 1+end]
		b = b[2+end:]
		if len(b) == 0 || b[0] != ':' || !plainASCII(key) || n == maxMembers {
			return false
		}
		for _, k := range keys[:n] {
			if string(k) == string(key) {
				return false
			}
		}
		keys[n] = key
		n++
		b = b[1:]
		var val []byte
		quoted := len(b) > 0 && b[0] == '"'
		switch {
		case quoted:
			e := bytes.IndexByte(b[1:], '"')
			if e < 0 {
				return false
			}
			val, b = b[1:1+e], b[2+e:]
			if !plainASCII(val) {
				return false
			}
		case len(b) > 0 && (b[0] == '{' || b[0] == '['):
			e := bytes.IndexByte(b, b[0]+2) // '}' or ']'
			if e < 0 {
				return false
			}
			val, b = b[:e+1], b[e+1:]
		default:
			e := bytes.IndexByte(b, ',')
			if e < 0 {
				e = len(b)
			}
			val, b = b[:e], b[e:]
		}
		if len(b) > 0 {
			if b[0] != ',' || len(b) == 1 {
				return false
			}
			b = b[1:]
		}
		if !field(key, val, quoted) {
			return false
		}
	}
	return true
}

// maxMembers is the most members flatObject reads in an object: more
// than a match record has (15).
const maxMembers = 16

// plainASCII tells whether a string's bytes are all printable ASCII and
// none is a backslash (so the string has no escape): encoding/json reads
// such bytes as they are.
func plainASCII(b []byte) bool {
	for _, c := range b {
		if c < 0x20 || c > 0x7e || c == '\\' {
			return false
		}
	}
	return true
}

// internString is the string of b, without a new allocation for the
// values records repeat (verdicts, reasons to stop, ends of games).
func internString(b []byte) string {
	switch string(b) {
	case "won":
		return "won"
	case "lost":
		return "lost"
	case "unknown":
		return "unknown"
	case "nodes":
		return "nodes"
	case "memory":
		return "memory"
	case "time":
		return "time"
	case "stuck":
		return "stuck"
	case "limit":
		return "limit"
	case "out":
		return "out"
	case "greedy":
		return "greedy"
	case "human":
		return "human"
	case "random":
		return "random"
	}
	return string(b)
}

// isJSONInt tells whether b is a JSON integer: an optional minus sign
// (when neg allows it), then 0 or a digit 1-9 and more digits.
func isJSONInt(b []byte, neg bool) bool {
	if neg && len(b) > 0 && b[0] == '-' {
		b = b[1:]
	}
	if len(b) == 0 || (b[0] == '0' && len(b) > 1) {
		return false
	}
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// errNotPlain makes parseRecordFast give a value to the general reader.
var errNotPlain = errors.New("not a plain value")

// jsonInt64 reads a JSON integer that fits an int64.
func jsonInt64(b []byte) (int64, error) {
	if !isJSONInt(b, true) {
		return 0, errNotPlain
	}
	return strconv.ParseInt(string(b), 10, 64)
}

// jsonInt reads a JSON integer that fits an int.
func jsonInt(b []byte) (int, error) {
	if !isJSONInt(b, true) {
		return 0, errNotPlain
	}
	n, err := strconv.ParseInt(string(b), 10, strconv.IntSize)
	return int(n), err
}

// jsonFloat reads a JSON number (RFC 8259's grammar) as encoding/json
// reads one into a float64.
func jsonFloat(b []byte) (float64, error) {
	i := 0
	if i < len(b) && b[i] == '-' {
		i++
	}
	d := i
	for i < len(b) && b[i] >= '0' && b[i] <= '9' {
		i++
	}
	if i == d || (b[d] == '0' && i-d > 1) {
		return 0, errNotPlain
	}
	if i < len(b) && b[i] == '.' {
		i++
		d = i
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
		if i == d {
			return 0, errNotPlain
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		d = i
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
		if i == d {
			return 0, errNotPlain
		}
	}
	if i != len(b) {
		return 0, errNotPlain
	}
	return strconv.ParseFloat(string(b), 64)
}

// parseMatchFast is parseRecordFast for a match's record (MatchRecord):
// its fields each at most once, arrays of integers or of plain strings
// with no white space. ok is false for any other line, for
// encoding/json to read or refuse.
func parseMatchFast(b []byte) (r MatchRecord, ok bool) {
	if n := len(b); n > 0 && b[n-1] == '\n' {
		b = b[:n-1]
	}
	ok = flatObject(b, func(key, val []byte, quoted bool) bool {
		if quoted != (string(key) == "end") {
			return false
		}
		var err error
		ok := true
		switch string(key) {
		case "seed":
			if !isJSONInt(val, false) {
				return false
			}
			r.Seed, err = strconv.ParseUint(string(val), 10, 64)
		case "players":
			r.Players, ok = stringArray(val)
		case "slots":
			r.Slots, ok = intArray(val)
		case "places":
			r.Places, ok = intArray(val)
		case "cards":
			r.Cards, ok = intArray(val)
		case "moves":
			r.Moves, ok = intArray(val)
		case "finish":
			r.Finish, ok = intArray(val)
		case "starter":
			r.Starter, err = jsonInt(val)
		case "winner":
			r.Winner, err = jsonInt(val)
		case "turns":
			r.Turns, err = jsonInt(val)
		case "collisions":
			r.Collisions, err = jsonInt(val)
		case "forced":
			r.Forced, err = jsonInt(val)
		case "time":
			r.Time, err = jsonFloat(val)
		case "time_ms":
			r.TimeMS, err = jsonFloat(val)
		case "end":
			r.End = internString(val)
		default:
			return false
		}
		return ok && err == nil
	})
	return r, ok
}

// arrayItems calls item with each element of the JSON array b, brackets
// included (no nested array, no white space): false when b is not one or
// item refuses an element. An empty array has no element.
func arrayItems(b []byte, item func([]byte) bool) bool {
	if len(b) < 2 || b[0] != '[' || b[len(b)-1] != ']' {
		return false
	}
	b = b[1 : len(b)-1]
	if len(b) == 0 {
		return true
	}
	for {
		e := bytes.IndexByte(b, ',')
		if e < 0 {
			return item(b)
		}
		if !item(b[:e]) {
			return false
		}
		b = b[e+1:]
	}
}

// intArray reads a JSON array of integers that fit an int; an empty
// array is an empty slice, not nil, as encoding/json reads it.
func intArray(b []byte) ([]int, bool) {
	out := make([]int, 0, 4)
	ok := arrayItems(b, func(v []byte) bool {
		n, err := jsonInt(v)
		out = append(out, n)
		return err == nil
	})
	return out, ok
}

// stringArray reads a JSON array of plain strings (printable ASCII, no
// escape, no comma).
func stringArray(b []byte) ([]string, bool) {
	out := make([]string, 0, 4)
	ok := arrayItems(b, func(v []byte) bool {
		if len(v) < 2 || v[0] != '"' || v[len(v)-1] != '"' || !plainASCII(v[1:len(v)-1]) || bytes.IndexByte(v[1:len(v)-1], '"') >= 0 {
			return false
		}
		out = append(out, internString(v[1:len(v)-1]))
		return true
	})
	return out, ok
}
