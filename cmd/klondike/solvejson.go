package main

import (
	"io"
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/klondike-family/klondike/engine"
)

// writeSolveJSON writes rep as writeJSON would: one line, byte for byte
// what encoding/json makes of solveReport (TestSolveReportJSON compares
// them on reports with every field). A solve is often a process of its
// own, and encoding/json's first use of a type (reflection, its encoder
// cache) cost an easy solve more than its search.
func writeSolveJSON(w io.Writer, rep *solveReport) error {
	st := &rep.Stats
	if math.IsNaN(st.ElapsedMS) || math.IsInf(st.ElapsedMS, 0) {
		return writeJSON(w, rep) // encoding/json's error
	}
	b := make([]byte, 0, 512+64*len(rep.Solution))
	b = append(b, `{"game":`...)
	b = appendJSONString(b, rep.Game)
	b = append(b, `,"rules":`...)
	b = appendJSONString(b, rep.Rules)
	b = append(b, `,"deal":`...)
	b = appendJSONString(b, rep.Deal)
	b = append(b, `,"verdict":`...)
	b = appendJSONString(b, rep.Verdict)
	b = append(b, `,"solution":`...)
	b = appendStepsJSON(b, rep.Solution)
	b = append(b, `,"stats":{"nodes":`...)
	b = strconv.AppendInt(b, st.Nodes, 10)
	b = append(b, `,"stored":`...)
	b = strconv.AppendInt(b, st.Stored, 10)
	b = append(b, `,"table_bytes":`...)
	b = strconv.AppendInt(b, st.TableBytes, 10)
	b = append(b, `,"elapsed_ms":`...)
	b = appendJSONFloat(b, st.ElapsedMS)
	b = append(b, `,"stop":`...)
	b = appendJSONString(b, st.Stop)
	b = append(b, `,"peak_rss_bytes":`...)
	b = strconv.AppendInt(b, st.PeakRSSBytes, 10)
	b = append(b, `,"go_sys_bytes":`...)
	b = strconv.AppendInt(b, st.GoSysBytes, 10)
	if st.ProofGame != "" {
		b = append(b, `,"proof_game":`...)
		b = appendJSONString(b, st.ProofGame)
	}
	if st.RelaxedNodes != 0 {
		b = append(b, `,"relaxed_nodes":`...)
		b = strconv.AppendInt(b, st.RelaxedNodes, 10)
	}
	if st.Pruned != 0 {
		b = append(b, `,"pruned":`...)
		b = strconv.AppendInt(b, st.Pruned, 10)
	}
	b = append(b, "}}\n"...)
	_, err := w.Write(b)
	return err
}

// appendStepsJSON appends steps as encoding/json writes []engine.Step.
func appendStepsJSON(b []byte, steps []engine.Step) []byte {
	if steps == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, s := range steps {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"op":`...)
		b = appendJSONString(b, s.Op)
		for _, f := range [...]struct{ key, val string }{{`,"from":`, s.From}, {`,"to":`, s.To}} {
			if f.val != "" {
				b = append(b, f.key...)
				b = appendJSONString(b, f.val)
			}
		}
		if s.N != 0 {
			b = append(b, `,"n":`...)
			b = strconv.AppendInt(b, int64(s.N), 10)
		}
		for _, f := range [...]struct{ key, val string }{{`,"card":`, s.Card}, {`,"joker":`, s.Joker}} {
			if f.val != "" {
				b = append(b, f.key...)
				b = appendJSONString(b, f.val)
			}
		}
		b = append(b, '}')
	}
	return append(b, ']')
}

// appendJSONFloat appends f as encoding/json writes a float64: the
// shortest form, with an exponent only below 1e-6 or from 1e21.
func appendJSONFloat(b []byte, f float64) []byte {
	format := byte('f')
	if a := math.Abs(f); a != 0 && (a < 1e-6 || a >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' { // e-09 to e-9
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

// appendJSONString appends s quoted as encoding/json quotes strings: <, >
// and & escaped for HTML, U+2028 and U+2029 escaped, invalid UTF-8
// replaced by U+FFFD.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
