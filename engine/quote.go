package engine

import (
	"fmt"
	"strconv"
	"unicode/utf8"
)

// maxQuote is the most bytes of a user's input an error message quotes.
const maxQuote = 32

// quote writes a piece of input for an error message as %q does, cut to
// its first maxQuote bytes (on a character boundary) with its length
// after, so that a binary or huge file gives a short message.
func quote(s string) string {
	if len(s) <= maxQuote {
		return strconv.Quote(s)
	}
	cut := maxQuote
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s... (%d bytes)", strconv.Quote(s[:cut]), len(s))
}
