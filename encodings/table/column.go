package table

import (
	"errors"

	"github.com/rivo/uniseg"
)

// Column is the column of line, counted in characters as a player sees
// them, at which the byte offset off starts: 1 and the number of
// characters before it. A character is a user-perceived one (a grapheme
// cluster): a letter and its combining accent are one, so "José" is four
// characters whether its é is precomposed or combining. An offset past
// the end of line counts as many columns past its last character as
// bytes (a parser pointing past the end, where a word is missing).
func Column(line string, off int) int {
	off = max(off, 0)
	past := max(off-len(line), 0)
	return uniseg.GraphemeClusterCount(line[:off-past]) + 1 + past
}

// Offset is the byte offset in line of the character at column col
// (counted as [Column] counts): the inverse of Column at the start of each
// character. A column past the last character is len(line) (the caret
// then stands after the line); one below 1 is 0.
func Offset(line string, col int) int {
	off, state, rest := 0, -1, line
	for c := 1; c < col && rest != ""; c++ {
		var cluster string
		cluster, rest, _, state = uniseg.FirstGraphemeClusterInString(rest, state)
		off += len(cluster)
	}
	return off
}

// CharColumns is err with the column of its *[LineError] counted in
// characters of line ([Column]) rather than bytes: a game's parser finds
// the byte offset of what is wrong, and its Apply and Explain return the
// column a player sees. Col 0 (the whole line) stays 0; any other error is
// returned as it is. A *LineError returned directly is copied, not changed.
func CharColumns(err error, line string) error {
	var le *LineError
	if !errors.As(err, &le) || le.Col <= 0 {
		return err
	}
	col := Column(line, le.Col-1)
	if e, ok := err.(*LineError); ok {
		c := *e
		c.Col = col
		return &c
	}
	le.Col = col
	return err
}
