package main

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

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

// cellKey names one cell of a grid across redraws: card and holder.
type cellKey struct{ card, holder string }

// gridCells maps every cell of g to the text drawn for it.
func gridCells(g *table.Grid) map[cellKey]string {
	m := make(map[cellKey]string)
	if g == nil {
		return m
	}
	for _, r := range g.Rows {
		for j, c := range r.Cells {
			if j < len(g.Holders) {
				m[cellKey{r.Card, g.Holders[j]}] = c.Text()
			}
		}
	}
	return m
}

// drawGrid draws g in at most screenWidth columns: the title, then the cards
// down and the holders across, then the headlines wrapped. A long sheet is
// drawn in two panels side by side when they fit, so that it fits a
// 24-line terminal; a wide one in several bands of holders. When prev is
// not nil, cells whose text changed since prev are highlighted: in colour,
// or marked with '*' when colour is off. It returns the facts that became
// settled (✓ or ✗) since prev.
func drawGrid(w io.Writer, p *painter, g, prev *table.Grid) (settled []settledFact) {
	var b strings.Builder
	if g.Title != "" {
		b.WriteString(p.paint(p.title, g.Title))
		b.WriteByte('\n')
	}
	old := gridCells(prev)
	cardW := 3
	for _, r := range g.Rows {
		cardW = max(cardW, utf8.RuneCountInString(r.Card))
	}
	cardW = min(cardW, 16)
	const cellW = 5 // " " + 3 for the value + 1 for the change mark
	perBand := max(1, (screenWidth-cardW)/cellW)
	// block draws the header and rows [r0, r1) of holders [h0, h1), each
	// line exactly cardW + cellW*(h1-h0) columns wide.
	block := func(h0, h1, r0, r1 int) []string {
		var lines []string
		var head strings.Builder
		head.WriteString(strings.Repeat(" ", cardW))
		for _, h := range g.Holders[h0:h1] {
			fmt.Fprintf(&head, " %-4s", clip(h, 4))
		}
		lines = append(lines, head.String())
		for _, r := range g.Rows[r0:r1] {
			var row strings.Builder
			row.WriteString(pad(clip(r.Card, cardW), cardW))
			for j := h0; j < h1; j++ {
				var c table.Cell
				if j < len(r.Cells) {
					c = r.Cells[j]
				}
				text := c.Text()
				was, seen := old[cellKey{r.Card, g.Holders[j]}]
				changed := prev != nil && (!seen || was != text)
				if changed && c.Mark != table.Maybe {
					settled = append(settled, settledFact{r.Card, g.Holders[j], c.Mark == table.Yes})
				}
				cell := fmt.Sprintf("%3s", text)
				switch {
				case changed:
					cell = p.paint(p.changed, cell)
				case c.Mark == table.Yes:
					cell = p.paint(p.yes, cell)
				case c.Mark == table.No:
					cell = p.paint(p.no, cell)
				}
				mark := " "
				if changed && !p.on {
					mark = "*"
				}
				row.WriteString(" " + cell + mark)
			}
			lines = append(lines, row.String())
		}
		return lines
	}
	const gap = "  "
	panelW := cardW + cellW*len(g.Holders)
	switch {
	case len(g.Rows) > 16 && 2*panelW+len(gap) <= screenWidth:
		half := (len(g.Rows) + 1) / 2
		left := block(0, len(g.Holders), 0, half)
		right := block(0, len(g.Holders), half, len(g.Rows))
		for i, l := range left {
			b.WriteString(l)
			if i < len(right) {
				b.WriteString(gap + right[i])
			}
			b.WriteByte('\n')
		}
	default:
		for h0 := 0; h0 < len(g.Holders) || h0 == 0; h0 += perBand {
			if h0 > 0 {
				b.WriteByte('\n')
			}
			for _, l := range block(h0, min(h0+perBand, len(g.Holders)), 0, len(g.Rows)) {
				b.WriteString(l)
				b.WriteByte('\n')
			}
			if len(g.Holders) == 0 {
				break
			}
		}
	}
	for _, h := range g.Headlines {
		writeWrapped(&b, h, screenWidth, "    ")
	}
	text := b.String()
	if !p.on {
		// Without colour the change marks are the last column: no line
		// ends in spaces.
		lines := strings.Split(text, "\n")
		for i, l := range lines {
			lines[i] = strings.TrimRight(l, " ")
		}
		text = strings.Join(lines, "\n")
	}
	io.WriteString(w, text)
	return settled
}

// settledFact is a cell that became ✓ (yes) or ✗.
type settledFact struct {
	card, holder string
	yes          bool
}

// settledText sums up the newly settled facts: each card now placed
// ("8C with expo"), then, per holder, the cards it is newly known not to
// hold, leaving out those of a card now placed (they follow from it).
func settledText(facts []settledFact) string {
	placed := map[string]bool{}
	var items []string
	for _, f := range facts {
		if f.yes {
			placed[f.card] = true
			items = append(items, f.card+" with "+f.holder)
		}
	}
	var holders []string
	not := map[string][]string{}
	for _, f := range facts {
		if f.yes || placed[f.card] {
			continue
		}
		if _, seen := not[f.holder]; !seen {
			holders = append(holders, f.holder)
		}
		not[f.holder] = append(not[f.holder], f.card)
	}
	for _, h := range holders {
		items = append(items, "not "+h+": "+strings.Join(not[h], " "))
	}
	if len(items) == 0 {
		return ""
	}
	return wrap("Settled: "+strings.Join(items, "; "), "    ")
}

// clip cuts s to at most n runes.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n])
}

// pad right-pads s with spaces to n runes.
func pad(s string, n int) string {
	if k := utf8.RuneCountInString(s); k < n {
		return s + strings.Repeat(" ", n-k)
	}
	return s
}

// writeWrapped writes text wrapped at word boundaries to lines of at most
// width runes, continuation lines starting with indent.
func writeWrapped(b *strings.Builder, text string, width int, indent string) {
	for _, para := range strings.Split(text, "\n") {
		lead := para[:len(para)-len(strings.TrimLeft(para, " "))]
		line := ""
		for _, word := range strings.Fields(para) {
			switch {
			case line == "":
				line = lead + word
			case utf8.RuneCountInString(line)+1+utf8.RuneCountInString(word) <= width:
				line += " " + word
			default:
				b.WriteString(line)
				b.WriteByte('\n')
				line = indent + word
			}
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
}

// wrap is text wrapped as by writeWrapped.
func wrap(text string, indent string) string {
	var b strings.Builder
	writeWrapped(&b, text, screenWidth, indent)
	return b.String()
}
