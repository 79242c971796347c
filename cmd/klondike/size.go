package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// sizeUnits are the suffixes parseSize knows. KiB, MiB, GiB, TiB and the
// bare K, M, G, T are powers of 1024; KB, MB, GB, TB powers of 1000.
var sizeUnits = map[string]float64{
	"":    1,
	"b":   1,
	"k":   1 << 10,
	"kib": 1 << 10,
	"kb":  1e3,
	"m":   1 << 20,
	"mib": 1 << 20,
	"mb":  1e6,
	"g":   1 << 30,
	"gib": 1 << 30,
	"gb":  1e9,
	"t":   1 << 40,
	"tib": 1 << 40,
	"tb":  1e12,
}

// parseSize reads a memory size such as 512MiB, 1GiB, 2G, 100M, 1.5GB or
// 1000000 (bytes). Units are case-insensitive; 0 means no limit.
func parseSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	i := 0
	for i < len(t) && (t[i] >= '0' && t[i] <= '9' || t[i] == '.') {
		i++
	}
	num, unit := t[:i], strings.ToLower(strings.TrimSpace(t[i:]))
	mult, ok := sizeUnits[unit]
	v, err := strconv.ParseFloat(num, 64)
	if num == "" || err != nil || !ok {
		return 0, fmt.Errorf("size %q: want a number of bytes with an optional unit, e.g. 512MiB, 1GiB, 2G, 100M", s)
	}
	b := v * mult
	if b >= math.MaxInt64 {
		return 0, fmt.Errorf("size %q is too large", s)
	}
	return int64(b), nil
}

// checkBudgets checks the per-deal search budgets that solve, bench solve
// and winrate share, and returns the table memory in bytes. Every error is
// a usage error.
func checkBudgets(budget time.Duration, maxNodes int64, workers int, mem string) (int64, error) {
	b, err := parseSize(mem)
	if err != nil {
		return 0, usageErrorf("--mem: %v", err)
	}
	switch {
	case budget < 0:
		return 0, usageErrorf("--budget %v: want a duration of 0 or more", budget)
	case maxNodes < 0:
		return 0, usageErrorf("--max-nodes %d: want 0 or more", maxNodes)
	case workers < 1:
		return 0, usageErrorf("--workers %d: want 1 or more", workers)
	}
	return b, nil
}
