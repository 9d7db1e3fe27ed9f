package clue

import (
	"strings"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// token is one word of a line and its 1-based byte column.
type token struct {
	text string
	col  int
}

// lex splits a line into words at spaces, tabs and commas; a colon is a word
// of its own. Comments are not its business: Apply lexes the line without
// its comment ([table.StripComment]), the one rule of every game.
func lex(line string) []token {
	var out []token
	start := -1
	flush := func(i int) {
		if start >= 0 {
			out = append(out, token{line[start:i], start + 1})
			start = -1
		}
	}
	for i := 0; i < len(line); i++ {
		switch ch := line[i]; ch {
		case ' ', '\t', ',', '\r', '\n', ';':
			flush(i)
		case ':':
			flush(i)
			out = append(out, token{":", i + 1})
		default:
			if start < 0 {
				start = i
			}
		}
	}
	flush(len(line))
	return out
}

// lineErr is a *table.LineError at column col.
func lineErr(col int, msg, want string) *table.LineError {
	return &table.LineError{Col: col, Msg: msg, Want: want}
}

// is reports whether t is the keyword k (case-insensitive).
func (t token) is(k ...string) bool {
	for _, s := range k {
		if strings.EqualFold(t.text, s) {
			return true
		}
	}
	return false
}
