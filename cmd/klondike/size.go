package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"
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

// formatSize writes a byte count with a binary unit, e.g. "1.5 MiB".
func formatSize(n int64) string {
	const units = "KMGTPE"
	if n < 1024 {
		return fmt.Sprintf("%d B", n)
	}
	v := float64(n)
	i := -1
	for v >= 1024 && i < len(units)-1 {
		v /= 1024
		i++
	}
	return fmt.Sprintf("%.1f %ciB", v, units[i])
}
