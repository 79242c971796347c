package results

import (
	"fmt"
	"strings"
)

// Counted writes a count with its noun, singular for one: "1 node",
// "2 nodes", "3 result directories", "2 passes". The commands' messages
// and the report's cells use it alike.
func Counted(n int64, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	switch {
	case strings.HasSuffix(noun, "y") && !strings.HasSuffix(noun, "ey"):
		noun = noun[:len(noun)-1] + "ies"
	case strings.HasSuffix(noun, "s"), strings.HasSuffix(noun, "x"), strings.HasSuffix(noun, "ch"):
		noun += "es"
	default:
		noun += "s"
	}
	return fmt.Sprintf("%d %s", n, noun)
}
