package table

import (
	"strings"

	"github.com/rivo/uniseg"
)

// Width is the number of terminal columns s takes: one a character, two for
// the wide characters of East Asian scripts, none for combining marks. The
// sheet's ✓ and ✗ take one.
func Width(s string) int { return uniseg.StringWidth(s) }

// clip cuts s to at most n columns, at a character boundary.
func clip(s string, n int) string {
	if Width(s) <= n {
		return s
	}
	w, keep, state, rest := 0, 0, -1, s
	for rest != "" {
		var cluster string
		var cw int
		cluster, rest, cw, state = uniseg.FirstGraphemeClusterInString(rest, state)
		if w+cw > n {
			break
		}
		w += cw
		keep += len(cluster)
	}
	return s[:keep]
}

// padRight pads s with spaces to n columns.
func padRight(s string, n int) string {
	if k := Width(s); k < n {
		return s + strings.Repeat(" ", n-k)
	}
	return s
}

// padLeft pads s with spaces on the left to n columns.
func padLeft(s string, n int) string {
	if k := Width(s); k < n {
		return strings.Repeat(" ", n-k) + s
	}
	return s
}

// Wrap breaks text into lines of at most width columns at spaces, and never
// inside a word: a word longer than width has a line of its own, longer
// than width. Each line of text (split at '\n') is wrapped on its own: it
// keeps its leading spaces and the spaces between its words (so columns
// of a table stay aligned), a break drops the spaces where it falls, and
// continuation lines start with indent. The lines returned have no
// newline; an empty text is one empty line.
func Wrap(text string, width int, indent string) []string {
	var out []string
	for _, para := range strings.Split(text, "\n") {
		lead := para[:len(para)-len(strings.TrimLeft(para, " "))]
		line, lw := "", 0
		rest := para[len(lead):]
		for rest != "" {
			word := rest
			if i := strings.IndexByte(rest, ' '); i >= 0 {
				word = rest[:i]
			}
			rest = rest[len(word):]
			sep := rest[:len(rest)-len(strings.TrimLeft(rest, " "))]
			rest = rest[len(sep):]
			ww := Width(word)
			switch {
			case line == "":
				line, lw = lead+word, Width(lead)+ww
			case lw+ww <= width:
				line, lw = line+word, lw+ww
			default:
				out = append(out, strings.TrimRight(line, " "))
				line, lw = indent+word, Width(indent)+ww
			}
			if rest != "" {
				line, lw = line+sep, lw+len(sep)
			}
		}
		if line == "" {
			line = lead
		}
		out = append(out, strings.TrimRight(line, " "))
	}
	return out
}
