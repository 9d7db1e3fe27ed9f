package table

import (
	"fmt"
	"strings"
)

// Choice is one option of a [Decision]: what to do and what it is worth.
type Choice struct {
	// What is the option as the player would type or say it ("ask dave
	// bob 3H..5S", "accuse alice with AH+9H").
	What string
	// Value is what it is worth, with its unit ("score 0.148 bits", "wins
	// 2.8%").
	Value string
}

// Decision is what an answer of advise or odds leads with: the best option
// and its value, the runner-up and why the best is ahead.
type Decision struct {
	Best     Choice
	RunnerUp *Choice // nil when there is no other option
	// Why says why Best is ahead of RunnerUp (or, with no runner-up, why
	// it is the choice): one sentence.
	Why string
}

// Text is the decision as lines of text of at most 80 columns (wrapped at
// word boundaries, continuation lines indented by two), each ending in a
// newline:
//
//	Best: ask dave bob 3H..5S, score 0.148 bits
//	Runner-up: ask dave alice 3H..5S, score 0.074 bits
//	Why: ...
func (d Decision) Text() string {
	var b strings.Builder
	choice := func(c Choice) string {
		if c.Value == "" {
			return c.What
		}
		return c.What + ", " + c.Value
	}
	fmt.Fprintf(&b, "Best: %s\n", choice(d.Best))
	if d.RunnerUp != nil {
		fmt.Fprintf(&b, "Runner-up: %s\n", choice(*d.RunnerUp))
	}
	if d.Why != "" {
		fmt.Fprintf(&b, "Why: %s\n", d.Why)
	}
	var out strings.Builder
	for _, l := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
		for _, w := range Wrap(l, defaultWidth, "  ") {
			out.WriteString(w + "\n")
		}
	}
	return out.String()
}

// answerIndent is the indentation of the continuation lines of an answer
// wrapped by [FitAnswer]: a line broken at the width goes on under its own
// text, two columns further in.
func answerIndent(line string) string {
	lead := len(line) - len(strings.TrimLeft(line, " "))
	return strings.Repeat(" ", lead+2)
}

// FitAnswer lays out the text of an answer (advise, odds) for the screen:
// every line wrapped at word boundaries to the screen's width, and, when
// the screen has a height, cut to height-1 lines (the last line of the
// screen is the prompt's). When lines are cut, the last line kept says how
// many were left out and that more shows them all (as in `"advise all"
// shows all 42 lines`). Cut counts the lines left out (0 when everything
// fits).
func FitAnswer(text string, sc Screen, more string) (lines []string, cut int) {
	width := sc.Width
	if width <= 0 {
		width = defaultWidth
	}
	for _, l := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		lines = append(lines, Wrap(l, width, answerIndent(l))...)
	}
	room := sc.Height - 1
	if sc.Height <= 0 || len(lines) <= room {
		return lines, 0
	}
	total := len(lines)
	keep := max(room-1, 0)
	// Do not end on a blank line or a heading that introduces what is cut.
	for keep > 1 && (strings.TrimSpace(lines[keep-1]) == "" || strings.HasSuffix(lines[keep-1], ":")) {
		keep--
	}
	note := fmt.Sprintf("(%s left out: %q shows all %s)", Counted(total-keep, "line"), more, Counted(total, "line"))
	lines = append(lines[:keep:keep], Wrap(note, width, " ")...)
	for len(lines) > room && keep > 0 { // a note wrapped on two lines
		keep--
		lines = append(lines[:keep:keep], Wrap(fmt.Sprintf("(%s left out: %q shows all %s)", Counted(total-keep, "line"), more, Counted(total, "line")), width, " ")...)
	}
	return lines, total - keep
}
