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
// than width. Each line of text (split at '\n') is wrapped on its own and
// keeps its leading spaces; its continuation lines start with indent, and
// runs of spaces between words become one. The lines returned have no
// newline; an empty text is one empty line.
func Wrap(text string, width int, indent string) []string {
	var out []string
	for _, para := range strings.Split(text, "\n") {
		lead := para[:len(para)-len(strings.TrimLeft(para, " "))]
		line, lw := "", 0
		for _, word := range strings.Fields(para) {
			ww := Width(word)
			switch {
			case line == "":
				line, lw = lead+word, Width(lead)+ww
			case lw+1+ww <= width:
				line, lw = line+" "+word, lw+1+ww
			default:
				out = append(out, line)
				line, lw = indent+word, Width(indent)+ww
			}
		}
		out = append(out, line)
	}
	return out
}
