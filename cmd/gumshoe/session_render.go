package main

import (
	"io"
	"strings"

	"github.com/fatih/color"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// screenWidth is the width every drawing fits in: an 80-column terminal.
const screenWidth = 80

// painter colours text, or leaves it plain when colour is off.
type painter struct {
	on                                bool
	title, yes, no, changed, dim, err *color.Color
	warn, ok                          *color.Color
}

func newPainter(on bool) *painter {
	p := &painter{
		on:      on,
		title:   color.New(color.Bold),
		yes:     color.New(color.FgGreen, color.Bold),
		no:      color.New(color.FgRed),
		changed: color.New(color.FgYellow, color.Bold, color.ReverseVideo),
		dim:     color.New(color.Faint),
		err:     color.New(color.FgRed, color.Bold),
		warn:    color.New(color.FgYellow),
		ok:      color.New(color.FgGreen),
	}
	for _, c := range []*color.Color{p.title, p.yes, p.no, p.changed, p.dim, p.err, p.warn, p.ok} {
		if on {
			c.EnableColor()
		} else {
			c.DisableColor()
		}
	}
	return p
}

// paint is s in colour c when colour is on.
func (p *painter) paint(c *color.Color, s string) string {
	if !p.on {
		return s
	}
	return c.Sprint(s)
}

// screenHeight is the height every redraw of the sheet is laid out for: a
// 24-line terminal.
const screenHeight = 24

// sheetHeight is the room the sheet's drawing (title, column heads, cards
// and headlines) may take: the screen less one line for "Settled:" and one
// for the prompt.
const sheetHeight = screenHeight - 2

// settledLines is the most lines "Settled:" takes: what does not fit on
// one line is summarised ("... and 3 more", [table.SettledLines]), so that
// however many facts a line settles, the title and the column heads stay
// on screen.
const settledLines = 1

// drawGrid draws g laid out by table for an 80×24 terminal
// ([table.Grid.Layout]): the title, the cards down and the holders across
// (in two or three panels side by side when the rows are many), then the
// headlines wrapped. When prev is not nil, the cells whose text changed
// since prev ([table.Grid.Changes]) are highlighted: in colour, or marked
// with '*' when colour is off. It returns the changes that settle a fact
// (✓ or ✗).
func drawGrid(w io.Writer, p *painter, g, prev *table.Grid) (settled []settledFact) {
	changes := g.Changes(prev)
	d := g.Layout(table.Screen{Width: screenWidth, Height: sheetHeight}, changes)
	var b strings.Builder
	for _, l := range d.Lines {
		if !p.on {
			b.WriteString(l.String())
			b.WriteByte('\n')
			continue
		}
		for _, s := range l {
			switch s.Kind {
			case table.SpanTitle:
				b.WriteString(p.paint(p.title, s.Text))
			case table.SpanCell:
				switch {
				case s.Changed:
					b.WriteString(p.paint(p.changed, s.Text))
				case s.Mark == table.Yes:
					b.WriteString(p.paint(p.yes, s.Text))
				case s.Mark == table.No:
					b.WriteString(p.paint(p.no, s.Text))
				default:
					b.WriteString(s.Text)
				}
			case table.SpanMark:
				// Colour shows the change: no '*'.
				b.WriteString(strings.Repeat(" ", table.Width(s.Text)))
			default:
				b.WriteString(s.Text)
			}
		}
		b.WriteByte('\n')
	}
	io.WriteString(w, b.String())
	for _, c := range changes {
		if c.Settled() {
			settled = append(settled, c)
		}
	}
	return settled
}

// settledFact is a change that settles a fact: a cell now ✓ or ✗.
type settledFact = table.Change

// settledText sums up the newly settled facts ([table.SettledLines]): each
// card now placed ("8C with expo"), then, per holder, the cards it is newly
// known not to hold, leaving out those of a card now placed (they follow
// from it); at most settledLines lines.
func settledText(facts []settledFact) string {
	var b strings.Builder
	for _, l := range table.SettledLines(facts, screenWidth, settledLines) {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	return b.String()
}

// writeWrapped writes text wrapped at word boundaries to lines of at most
// width columns ([table.Wrap]: a word is never broken; one longer than
// width has a line of its own), continuation lines starting with indent.
func writeWrapped(b *strings.Builder, text string, width int, indent string) {
	for _, l := range table.Wrap(text, width, indent) {
		b.WriteString(l)
		b.WriteByte('\n')
	}
}

// wrap is text wrapped as by writeWrapped at the screen's width.
func wrap(text string, indent string) string {
	var b strings.Builder
	writeWrapped(&b, text, screenWidth, indent)
	return b.String()
}

// wrapHelp is help text wrapped at the screen's width, never inside a
// word. A continuation line starts under the text it continues: for an
// entry of a two-column table ("  ask ASKER ASKED ...   what it says"),
// under the second column when that leaves it at least 20 columns; for any
// other line, two columns past the line's own indentation.
func wrapHelp(text string) string {
	var b strings.Builder
	for _, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		writeWrapped(&b, line, screenWidth, hangingIndent(line))
	}
	return b.String()
}

// hangingIndent is the indentation of the continuation lines of a line of
// help (see wrapHelp).
func hangingIndent(line string) string {
	body := strings.TrimLeft(line, " ")
	lead := len(line) - len(body)
	if i := strings.LastIndex(body, "  "); i >= 0 {
		col := table.Width(line[:lead+i]) + len(body[i:]) - len(strings.TrimLeft(body[i:], " "))
		if col <= screenWidth-20 {
			return strings.Repeat(" ", col)
		}
	}
	return strings.Repeat(" ", lead+2)
}
