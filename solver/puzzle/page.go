package puzzle

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// Page is a puzzle laid out for print: what the solver sees and the
// question, the blank deduction sheet, the answer key and the worked
// solution, each on a page of its own. Game packages fill it in their own words;
// [Page.WriteText], [Page.WriteMarkdown] and JSON (the field tags) print it.
type Page struct {
	Game  string   `json:"game"`  // the game's name in a log header: dod, clue, deductio
	Title string   `json:"title"` // "Deduce or Die puzzle 3"
	Grade string   `json:"grade"` // the measured grade, as Grade.String
	Level string   `json:"level"` // easy, medium or hard
	Seed  uint64   `json:"seed"`  // reproduces the puzzle with the same command
	Setup []string `json:"setup"` // the table and what the seat knows from the start
	Clues []string `json:"clues"` // the clue set, one observation a line, in the order seen
	// ClueLines are the line numbers of Clues in Log (the header is line
	// 0), by which the worked solution cites them; nil numbers them from 1.
	ClueLines []int    `json:"clue_lines,omitempty"`
	Notation  []string `json:"notation,omitempty"` // how to read the clue lines
	Question  string   `json:"question"`
	// Sheet is the blank deduction sheet: column heads and row heads.
	SheetColumns []string `json:"sheet_columns"`
	SheetRows    []string `json:"sheet_rows"`
	Answer       []string `json:"answer"`        // the answer key, a line a part of the answer
	Key          any      `json:"key,omitempty"` // the answer as data, in the game's own form
	// Solution is the worked solution as text, a step a line, each with
	// its number ("13.2. …"); the steps nested in a supposition follow it.
	Solution []string `json:"solution"`
	// Steps is the worked solution as a tree: each step's number and
	// text, and a supposition's nested steps (the structured form of
	// Solution, for renderers that draw the nesting).
	Steps []PageStep `json:"-"`
	// Log is the puzzle as the game's log (header, setup, clue lines): it
	// loads in the table session and the solve command.
	Log string `json:"log,omitempty"`
}

// PageStep is one step of a worked solution on a page.
type PageStep struct {
	Number string     // "13", "13.2"
	Text   string     // the step in words, without its number
	Steps  []PageStep // a supposition's nested steps, the last its contradiction
}

// clueNumber is the number printed before clue i.
func (p *Page) clueNumber(i int) int {
	if i < len(p.ClueLines) {
		return p.ClueLines[i]
	}
	if n := len(p.ClueLines); n > 0 {
		return p.ClueLines[n-1] + i - n + 1 // a clue added after the numbered ones
	}
	return i + 1
}

// formFeed starts a new page on a printer, between the sections of the
// plain-text form.
const formFeed = "\f"

// LogLine is one line of a puzzle's log as printed under "What you saw":
// its number in the log (the header "game <name>" is line 0), by which the
// worked solution cites it, its text, and whether it is a clue (or given:
// what the seat knew from the start).
type LogLine struct {
	Number int
	Text   string
	Clue   bool
}

// LogLines are the lines the puzzle shows, numbered as the worked solution
// cites them: every line of Log after its header (the setup lines, such as
// the seat's hand and the exposed or face-up cards, and the clues), each
// marked clue or given. A page without a Log shows its clues alone,
// numbered by ClueLines (or from 1).
func (p *Page) LogLines() []LogLine {
	var out []LogLine
	isClue := map[int]bool{}
	for i, c := range p.Clues {
		isClue[p.clueNumber(i)] = true
		out = append(out, LogLine{Number: p.clueNumber(i), Text: c, Clue: true})
	}
	if p.Log != "" {
		for i, l := range strings.Split(strings.TrimRight(p.Log, "\n"), "\n") {
			if i > 0 && !isClue[i] { // line 0 is the header: "game <name>"
				out = append(out, LogLine{Number: i, Text: l})
			}
		}
	}
	slices.SortStableFunc(out, func(a, b LogLine) int { return a.Number - b.Number })
	return out
}

// GivenNote says which shown lines are given rather than clues: "Lines 1
// to 4 are what you knew from the start; the others are the clues.", or ""
// when every line is a clue.
func GivenNote(lines []LogLine) string {
	var given []int
	for _, l := range lines {
		if !l.Clue {
			given = append(given, l.Number)
		}
	}
	switch {
	case len(given) == 0:
		return ""
	case len(given) == 1:
		return fmt.Sprintf("Line %d is what you knew from the start; the others are the clues.", given[0])
	case given[len(given)-1]-given[0] == len(given)-1:
		return fmt.Sprintf("Lines %d to %d are what you knew from the start; the others are the clues.", given[0], given[len(given)-1])
	}
	nums := make([]string, len(given))
	for i, g := range given {
		nums[i] = strconv.Itoa(g)
	}
	return fmt.Sprintf("Lines %s are what you knew from the start; the others are the clues.", List(nums, "and"))
}

// TextWidth is the width of the plain-text form: every line of
// [Page.WriteText] but a table row fits in it.
const TextWidth = 80

// wrap breaks s into lines of at most width runes at spaces (a word longer
// than a line stays whole), the first line starting with first and the
// others with rest.
func wrap(s string, width int, first, rest string) string {
	var b strings.Builder
	line, n := first, utf8.RuneCountInString(first)
	empty := true
	for _, word := range strings.Fields(s) {
		wn := utf8.RuneCountInString(word)
		if !empty && n+1+wn > width {
			b.WriteString(line)
			b.WriteString("\n")
			line, n, empty = rest, utf8.RuneCountInString(rest), true
		}
		if !empty {
			line += " "
			n++
		}
		line += word
		n += wn
		empty = false
	}
	b.WriteString(line)
	b.WriteString("\n")
	return b.String()
}

// WriteText prints the page as plain text, wrapped at [TextWidth]
// columns: the puzzle (the lines the worked solution cites, each with its
// number), then (after a form feed) the blank sheet, then (after another)
// the answer key, then (after another) the worked solution, nested steps
// indented.
func (p *Page) WriteText(w io.Writer) error {
	var b strings.Builder
	title := p.Title + " — " + p.Grade
	b.WriteString(wrap(title, TextWidth, "", ""))
	fmt.Fprintf(&b, "%s\n\n", strings.Repeat("=", min(TextWidth, len([]rune(title)))))
	for _, s := range p.Setup {
		b.WriteString(wrap(s, TextWidth, "", ""))
	}
	b.WriteString("\nWhat you saw:\n")
	lines := p.LogLines()
	nw := 1
	for _, l := range lines {
		nw = max(nw, len(strconv.Itoa(l.Number)))
	}
	for _, l := range lines {
		num := fmt.Sprintf("%*d. ", nw+2, l.Number)
		b.WriteString(wrap(l.Text, TextWidth, num, strings.Repeat(" ", len(num))))
	}
	if note := GivenNote(lines); note != "" {
		b.WriteString(wrap(note, TextWidth, "", ""))
	}
	if len(p.Notation) > 0 {
		b.WriteString("\nNotation:\n")
		for _, n := range p.Notation {
			b.WriteString(wrap(n, TextWidth, "  ", "    "))
		}
	}
	b.WriteString("\n")
	b.WriteString(wrap("Question: "+p.Question, TextWidth, "", ""))
	fmt.Fprintf(&b, "\n%sDeduction sheet — %s\n\n", formFeed, p.Title)
	p.writeTextSheet(&b)
	fmt.Fprintf(&b, "\n%sAnswer key — %s\n\n", formFeed, p.Title)
	for _, a := range p.Answer {
		b.WriteString(wrap(a, TextWidth, "", ""))
	}
	fmt.Fprintf(&b, "\n%sWorked solution — %s\n\n", formFeed, p.Title)
	for _, s := range p.Solution {
		line := indent(s)
		_, text, _ := strings.Cut(strings.TrimLeft(line, " "), " ")
		first := line[:len(line)-len(text)]
		b.WriteString(wrap(text, TextWidth, first, strings.Repeat(" ", len(first))))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func (p *Page) writeTextSheet(b *strings.Builder) {
	rw := 4
	for _, r := range p.SheetRows {
		rw = max(rw, len([]rune(r)))
	}
	cw := make([]int, len(p.SheetColumns))
	fmt.Fprintf(b, "%-*s |", rw, "")
	for i, c := range p.SheetColumns {
		cw[i] = max(3, len([]rune(c)))
		fmt.Fprintf(b, " %-*s |", cw[i], c)
	}
	b.WriteString("\n")
	rule := strings.Repeat("-", rw) + "-+"
	for _, w := range cw {
		rule += strings.Repeat("-", w+2) + "+"
	}
	b.WriteString(rule + "\n")
	for _, r := range p.SheetRows {
		fmt.Fprintf(b, "%-*s |", rw, r)
		for _, w := range cw {
			fmt.Fprintf(b, " %*s |", w, "")
		}
		b.WriteString("\n")
	}
}

// pageBreak is what Markdown renderers that print (pandoc to HTML, most
// browsers) honour as a page break.
const pageBreak = "<div style=\"page-break-after: always\"></div>"

// WriteMarkdown prints the page as Markdown with the same four sections,
// separated by page breaks (pageBreak, an HTML element that Markdown
// passes through); nested steps are nested list items.
func (p *Page) WriteMarkdown(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "## %s\n\n*Difficulty: %s.*\n\n", p.Title, p.Grade)
	for _, s := range p.Setup {
		fmt.Fprintf(&b, "%s  \n", mdEscape(s))
	}
	b.WriteString("\n**What you saw:**\n\n")
	lines := p.LogLines()
	for _, l := range lines {
		fmt.Fprintf(&b, "%d. `%s`\n", l.Number, l.Text)
	}
	if note := GivenNote(lines); note != "" {
		fmt.Fprintf(&b, "\n%s\n", mdEscape(note))
	}
	if len(p.Notation) > 0 {
		b.WriteString("\n*Notation:* ")
		b.WriteString(mdEscape(strings.Join(p.Notation, " ")))
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "\n**Question:** %s\n", mdEscape(p.Question))
	fmt.Fprintf(&b, "\n%s\n\n### Deduction sheet — %s\n\n", pageBreak, p.Title)
	b.WriteString("| |")
	for _, c := range p.SheetColumns {
		fmt.Fprintf(&b, " %s |", mdEscape(c))
	}
	b.WriteString("\n|---|")
	for range p.SheetColumns {
		b.WriteString(":---:|")
	}
	b.WriteString("\n")
	for _, r := range p.SheetRows {
		fmt.Fprintf(&b, "| %s |", mdEscape(r))
		for range p.SheetColumns {
			b.WriteString("   |")
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "\n%s\n\n### Answer key — %s\n\n", pageBreak, p.Title)
	for _, a := range p.Answer {
		fmt.Fprintf(&b, "- %s\n", mdEscape(a))
	}
	fmt.Fprintf(&b, "\n%s\n\n### Worked solution — %s\n\n", pageBreak, p.Title)
	for _, s := range p.Solution {
		num, text, _ := strings.Cut(s, " ")
		depth := strings.Count(strings.TrimSuffix(num, "."), ".")
		fmt.Fprintf(&b, "%s- **%s** %s\n", strings.Repeat("  ", depth), num, mdEscape(text))
	}
	b.WriteString("\n" + pageBreak + "\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// mdEscape keeps characters that Markdown would read as markup literal.
func mdEscape(s string) string {
	r := strings.NewReplacer(`\`, `\\`, "*", `\*`, "_", `\_`, "`", "\\`", "|", `\|`, "<", "&lt;", "[", `\[`, "]", `\]`)
	return r.Replace(s)
}

// WriteJSON prints the page as one indented JSON document: "schema"
// ([table.Schema]) and the page's fields (docs/json.md, "puzzle").
func (p *Page) WriteJSON(w io.Writer) error {
	doc := struct {
		Schema string `json:"schema"`
		*Page
	}{Schema: table.Schema, Page: p}
	return table.WriteJSON(w, doc)
}
