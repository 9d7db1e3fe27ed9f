package table

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// BOM is the UTF-8 byte-order mark, which some editors write at the start
// of a file; a log that starts with it is read as if it did not.
const BOM = "\ufeff"

// StripComment is line without its comment: the text from the first '#'
// that starts the line or follows white space. A '#' inside a word, as in
// "C#", is part of the word. The result keeps the white space before the
// comment.
func StripComment(line string) string {
	for i := 0; i < len(line); i++ {
		if line[i] == '#' && (i == 0 || line[i-1] == ' ' || line[i-1] == '\t') {
			return line[:i]
		}
	}
	return line
}

// IsComment reports whether line is a comment line: blank, or white space
// and a comment. Every game accepts such a line and keeps it as it is.
func IsComment(line string) bool {
	return strings.TrimSpace(StripComment(line)) == ""
}

// MaxNameLen is the most letters a player name may have.
const MaxNameLen = 32

// NameError is why a word cannot be a player's name: At is the byte
// offset in the name of the character at fault (0 for the name as a whole).
type NameError struct {
	Name string
	At   int
	Msg  string
}

// Error is the reason.
func (e *NameError) Error() string { return e.Msg }

// CheckName reports why s cannot be a player's name, as a *NameError, or
// nil when it can. A name is one word of at most [MaxNameLen] letters:
// Unicode letters (with their accents, written precomposed or combining),
// digits, and the marks _ - ' and ., starting with a letter. "José",
// "Zoë", "o'neil" and "player-2" are names; "#1", "a b", "42" and "7up" are
// not. A game refuses further names that its grammar already uses
// (keywords, cards).
func CheckName(s string) error {
	fail := func(at int, format string, args ...any) error {
		return &NameError{Name: s, At: at, Msg: fmt.Sprintf(format, args...)}
	}
	switch {
	case s == "":
		return fail(0, "a name cannot be empty")
	case !utf8.ValidString(s):
		return fail(0, "a name must be valid UTF-8 text")
	case utf8.RuneCountInString(s) > MaxNameLen:
		return fail(0, "the name %q is longer than %d letters", s, MaxNameLen)
	}
	for i, r := range s {
		switch {
		case unicode.IsLetter(r):
		case i == 0:
			return fail(0, "the name %q does not start with a letter", s)
		case unicode.IsDigit(r), unicode.Is(unicode.Mn, r), strings.ContainsRune("_-'.", r):
		default:
			return fail(i, "the name %q holds %q; a name is letters, digits and _ - ' . only", s, r)
		}
	}
	return nil
}
