package table

import (
	"strings"
)

// Screen is the room a drawing of a sheet must fit in.
type Screen struct {
	// Width is the number of columns; 0 means 80.
	Width int
	// Height is the number of rows the whole drawing may take: title,
	// column heads, the cards and the headlines. 0 means no limit.
	Height int
}

// SpanKind says what a piece of a drawn line shows.
type SpanKind uint8

// The kinds of span.
const (
	SpanSpace    SpanKind = iota // blanks: padding and the gaps between panels
	SpanTitle                    // the grid's title
	SpanHead                     // a column head: a holder's name, perhaps shortened
	SpanCard                     // a row's card, perhaps shortened
	SpanCell                     // a cell's text, right-aligned: "✓", "✗", "41", "<1"
	SpanMark                     // after each cell: "*" when the cell changed, else " "
	SpanHeadline                 // a headline, wrapped
)

// Span is a piece of a drawn line.
type Span struct {
	Kind SpanKind
	Text string
	// Row and Col are the grid cell a SpanCell or SpanMark belongs to
	// (Rows[Row].Cells[Col]), and Col the holder of a SpanHead.
	Row, Col int
	// Mark is the cell's mark, for a SpanCell and SpanMark.
	Mark Mark
	// Changed says the cell is one of the changes given to [Grid.Layout].
	Changed bool
}

// Line is one drawn line.
type Line []Span

// String is the line as plain text, trailing blanks dropped.
func (l Line) String() string {
	var b strings.Builder
	for _, s := range l {
		b.WriteString(s.Text)
	}
	return strings.TrimRight(b.String(), " ")
}

// Drawing is a grid laid out as text for a [Screen] by [Grid.Layout].
type Drawing struct {
	Lines []Line
	// Head is the index in Lines of the (first) line of column heads.
	Head int
	// Foot is the index in Lines of the column heads drawn again under
	// the rows, when the drawing is taller than the screen (so that the
	// bottom of the screen still shows which column is whose); 0 when
	// they are not drawn again.
	Foot int
	// Heads are the column heads as drawn, one a holder in the order of
	// Grid.Holders. Each is a word that [MatchName] maps back to its
	// holder among Grid.Holders, unless two holders have the same name
	// (ignoring case) or names that share their first 16 columns.
	Heads []string
	// Panels is the number of panels side by side: the rows are split
	// into that many runs, drawn next to each other with the heads
	// repeated over each.
	Panels int
	// Bands is the number of bands of holders, drawn one under the other,
	// when even one panel of every holder is too wide: 1 otherwise.
	Bands int
	// Fits says whether the drawing fits the screen: no line wider than
	// its width and no more lines than its height.
	Fits bool
}

// String is the drawing as plain text: its lines, each ended by a newline
// and without trailing blanks.
func (d *Drawing) String() string {
	var b strings.Builder
	for _, l := range d.Lines {
		b.WriteString(l.String())
		b.WriteByte('\n')
	}
	return b.String()
}

const (
	defaultWidth   = 80
	maxCardWidth   = 16 // a longer card name is cut
	minCardWidth   = 4  // card names are cut to no fewer columns
	maxPanels      = 3  // panels side by side tried before bands
	panelGap       = "  "
	headlineIndent = "    " // continuation lines of a wrapped headline
)

// cellStyle is the shape of a column: sep blanks, then the cell's text
// right-aligned in val columns, then the change mark. Its head is the
// holder's name cut to name columns; with no separator (the compact
// style), one blank follows the card names instead.
type cellStyle struct{ sep, val int }

var (
	wideStyle    = cellStyle{sep: 1, val: 3} // " alic" over "  41*"
	compactStyle = cellStyle{sep: 0, val: 3} // "ali " over " 41*"
)

func (s cellStyle) width() int { return s.sep + s.val + 1 }
func (s cellStyle) name() int  { return s.val + s.sep }
func (s cellStyle) lead() int  { return 1 - s.sep }

// ways are the columns and card names tried for each number of panels, in
// order: whole names with wide, then narrow columns; then names cut, with
// narrow columns first (they leave the names more room).
var ways = []struct {
	style cellStyle
	cut   bool
}{{wideStyle, false}, {compactStyle, false}, {compactStyle, true}, {wideStyle, true}}

// plan is one way of laying a grid out.
type plan struct {
	panels int
	style  cellStyle
	cardW  int
	bands  int // holders per band; 0 for all in one
}

// Layout lays the grid out for the screen: the title, the column heads,
// one row a card, then the headlines wrapped at word boundaries (their
// continuation lines indented). Cells listed in changes are marked: their
// spans say so, and each is followed by a '*' (a painter with colour
// shows the change its own way and draws a blank instead).
//
// Layout draws the sheet the first of these ways that fits the screen,
// each panel the width of all holders and the heads repeated over every
// panel:
//
//  1. for 1, then 2, then 3 panels side by side (each panel but the last
//     taking rows/panels rows, rounded up): columns 5 wide with heads of 4
//     letters and whole card names (cut at 16 columns); then columns 4
//     wide with heads of 3 letters; then card names cut to what fits (no
//     fewer than 4 columns), first with the narrow columns (which leave
//     the names more room), then with the wide ones;
//  2. when none of those fits the height, the one of them that fits the
//     width with the fewest lines;
//  3. when none fits the width, one panel in bands of holders, one under
//     the other, each under its own heads.
//
// A drawing in panels that is still taller than the screen has its heads
// drawn again under the rows (Drawing.Foot), so that the heads are on
// screen whatever scrolls off the top.
//
// A way is used only when its heads are words that [MatchName] maps back
// to their holder and its card names stay distinct. Drawing.Fits says
// whether the result fits the screen.
func (g *Grid) Layout(sc Screen, changes []Change) *Drawing {
	width := sc.Width
	if width <= 0 {
		width = defaultWidth
	}
	var top []Line
	if g.Title != "" {
		for _, t := range Wrap(g.Title, width, "") {
			top = append(top, Line{{Kind: SpanTitle, Text: t}})
		}
	}
	var bottom []Line
	for _, h := range g.Headlines {
		for _, t := range Wrap(h, width, headlineIndent) {
			bottom = append(bottom, Line{{Kind: SpanHeadline, Text: t}})
		}
	}
	changed := make(map[[2]int]bool, len(changes))
	for _, c := range changes {
		changed[[2]int{c.Row, c.Col}] = true
	}
	cards := make([]string, len(g.Rows))
	fullW := 3
	for i, r := range g.Rows {
		cards[i] = r.Card
		fullW = max(fullW, Width(r.Card))
	}
	fullW = min(fullW, maxCardWidth)
	nh := len(g.Holders)

	fixed := len(top) + 1 + len(bottom) // lines besides the rows
	height := func(p plan) int { return fixed + (len(g.Rows)+p.panels-1)/p.panels }
	var best *plan
	for panels := 1; panels <= maxPanels; panels++ {
		if panels > 1 && panels > len(g.Rows) {
			break
		}
		for _, w := range ways {
			p := plan{panels: panels, style: w.style, cardW: fullW}
			if w.cut {
				p.cardW = (width-len(panelGap)*(panels-1))/panels - w.style.lead() - w.style.width()*nh
				if p.cardW >= fullW || p.cardW < minCardWidth {
					continue
				}
			}
			if p.lineWidth(nh) > width || heads(g.Holders, w.style.name()) == nil || !distinct(cards, p.cardW) {
				continue
			}
			if sc.Height <= 0 || height(p) <= sc.Height {
				return g.draw(p, top, bottom, changed, width, sc.Height)
			}
			if best == nil || height(p) < height(*best) {
				best = &p
			}
		}
	}
	if best != nil {
		return g.draw(*best, top, bottom, changed, width, sc.Height)
	}
	// Bands: the narrowest heads (up to 16 columns) that name their
	// holders, columns one wider, as many a band as fit.
	st := wideStyle
	n := st.name()
	for n < maxCardWidth && heads(g.Holders, n) == nil {
		n++
	}
	st.val = n - st.sep
	p := plan{panels: 1, style: st, cardW: min(fullW, max(minCardWidth, width-st.width()-st.lead()))}
	p.bands = max(1, (width-p.cardW-st.lead())/st.width())
	return g.draw(p, top, bottom, changed, width, sc.Height)
}

// lineWidth is the width of a line of all panels.
func (p plan) lineWidth(holders int) int {
	return p.panels*(p.cardW+p.style.lead()+p.style.width()*holders) + len(panelGap)*(p.panels-1)
}

// heads cuts every holder's name to n columns, or returns nil when a cut
// name would not name its holder (see [MatchName]).
func heads(holders []string, n int) []string {
	out := make([]string, len(holders))
	for j, h := range holders {
		out[j] = clip(h, n)
		if MatchName(holders, out[j]) != j {
			return nil
		}
	}
	return out
}

// distinct says whether the names stay distinct (ignoring case) when cut
// to n columns, if they were.
func distinct(names []string, n int) bool {
	before, after := map[string]bool{}, map[string]bool{}
	for _, s := range names {
		before[strings.ToLower(s)] = true
		after[strings.ToLower(clip(s, n))] = true
	}
	return len(before) == len(after)
}

// draw lays the grid out by plan p.
func (g *Grid) draw(p plan, top, bottom []Line, changed map[[2]int]bool, width, height int) *Drawing {
	st := p.style
	hs := heads(g.Holders, st.name())
	if hs == nil {
		hs = make([]string, len(g.Holders))
		for j, h := range g.Holders {
			hs[j] = clip(h, st.name())
		}
	}
	d := &Drawing{Heads: hs, Panels: p.panels, Bands: 1}
	d.Lines = append(d.Lines, top...)
	lead := strings.Repeat(" ", st.lead())
	// block is the head line and the lines of rows [r0, r1) for holders
	// [h0, h1), each exactly as wide as the panel.
	block := func(h0, h1, r0, r1 int) []Line {
		head := Line{{Kind: SpanSpace, Text: strings.Repeat(" ", p.cardW) + lead}}
		for j := h0; j < h1; j++ {
			head = append(head,
				Span{Kind: SpanSpace, Text: strings.Repeat(" ", st.sep)},
				Span{Kind: SpanHead, Text: hs[j], Col: j},
				Span{Kind: SpanSpace, Text: strings.Repeat(" ", max(0, st.val+1-Width(hs[j])))})
		}
		lines := []Line{head}
		for i := r0; i < r1; i++ {
			r := g.Rows[i]
			l := Line{{Kind: SpanCard, Text: padRight(clip(r.Card, p.cardW), p.cardW)}, {Kind: SpanSpace, Text: lead}}
			for j := h0; j < h1; j++ {
				text, mark := "", Maybe
				if j < len(r.Cells) {
					text, mark = r.Cells[j].Text(), r.Cells[j].Mark
				}
				ch := changed[[2]int{i, j}]
				m := " "
				if ch {
					m = "*"
				}
				l = append(l,
					Span{Kind: SpanSpace, Text: strings.Repeat(" ", st.sep)},
					Span{Kind: SpanCell, Text: padLeft(text, st.val), Row: i, Col: j, Mark: mark, Changed: ch},
					Span{Kind: SpanMark, Text: m, Row: i, Col: j, Mark: mark, Changed: ch})
			}
			lines = append(lines, l)
		}
		return lines
	}
	nh, nr := len(g.Holders), len(g.Rows)
	switch {
	case p.bands > 0:
		d.Bands = 0
		for h0 := 0; h0 < nh || h0 == 0; h0 += p.bands {
			if h0 > 0 {
				d.Lines = append(d.Lines, Line{})
			} else {
				d.Head = len(d.Lines)
			}
			d.Lines = append(d.Lines, block(h0, min(h0+p.bands, nh), 0, nr)...)
			d.Bands++
			if nh == 0 {
				break
			}
		}
	default:
		d.Head = len(d.Lines)
		per := (nr + p.panels - 1) / p.panels
		var panels [][]Line
		for r0 := 0; r0 < nr || r0 == 0; r0 += per {
			panels = append(panels, block(0, nh, r0, min(r0+per, nr)))
			if per == 0 {
				break
			}
		}
		d.Panels = len(panels)
		for i := range panels[0] {
			var l Line
			for k, pl := range panels {
				if i >= len(pl) {
					break
				}
				if k > 0 {
					l = append(l, Span{Kind: SpanSpace, Text: panelGap})
				}
				l = append(l, pl[i]...)
			}
			d.Lines = append(d.Lines, l)
		}
	}
	if height > 0 && len(d.Lines)+len(bottom) > height && p.bands == 0 && len(g.Rows) > 0 {
		// Taller than the screen: the heads again under the rows, so
		// that they are on screen whatever scrolls off the top.
		d.Foot = len(d.Lines)
		d.Lines = append(d.Lines, d.Lines[d.Head])
	}
	d.Lines = append(d.Lines, bottom...)
	d.Fits = height <= 0 || len(d.Lines) <= height
	for _, l := range d.Lines {
		if Width(l.String()) > width {
			d.Fits = false
		}
	}
	return d
}
