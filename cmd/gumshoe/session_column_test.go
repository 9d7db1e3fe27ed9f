package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestShowColumnCharacters: the caret under a refused line stands under
// the character the error names, counted as a player sees the line: after
// accented names (precomposed or combining) and suit symbols, one column
// a character, two for a wide one.
func TestShowColumnCharacters(t *testing.T) {
	for _, tc := range []struct {
		line  string
		col   int
		under string // the text the caret must stand under
	}{
		{"players José Zoë 7up", 18, "7up"},
		{"players Jose\u0301 Zoe\u0308 7up", 18, "7up"},
		{"ask bob carol 3♥..10♠ = 1", 23, "= 1"},
		{"players 李 7up", 11, "7up"},
	} {
		var b bytes.Buffer
		showColumn(&b, tc.line, tc.col)
		lines := strings.Split(b.String(), "\n")
		if len(lines) < 2 {
			t.Fatalf("showColumn(%q, %d) = %q", tc.line, tc.col, b.String())
		}
		caret := strings.Index(lines[1], "^")
		want := 2 + displayWidth(tc.line[:strings.Index(tc.line, tc.under)])
		if caret != want {
			t.Errorf("showColumn(%q, %d): caret at %d, want %d (under %q):\n%s", tc.line, tc.col, caret, want, tc.under, b.String())
		}
	}
}

// displayWidth is the columns a terminal gives s: two for the wide
// characters of the tests, none for a combining mark, one for the rest.
func displayWidth(s string) int {
	n := 0
	for _, r := range s {
		switch {
		case r == '李':
			n += 2
		case r >= 0x300 && r < 0x370:
		default:
			n++
		}
	}
	return n
}
