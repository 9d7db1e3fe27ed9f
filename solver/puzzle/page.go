package puzzle

import (
	"fmt"
	"io"
	"strings"

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
	return i + 1
}

// formFeed starts a new page on a printer, between the sections of the
// plain-text form.
const formFeed = "\f"

// WriteText prints the page as plain text: the puzzle, then (after a form
// feed) the blank sheet, then (after another) the answer key, then (after
// another) the worked solution, nested steps indented.
func (p *Page) WriteText(w io.Writer) error {
	var b strings.Builder
	title := p.Title + " — " + p.Grade
	fmt.Fprintf(&b, "%s\n%s\n\n", title, strings.Repeat("=", len([]rune(title))))
	for _, s := range p.Setup {
		fmt.Fprintf(&b, "%s\n", s)
	}
	b.WriteString("\nWhat you saw:\n")
	for i, c := range p.Clues {
		fmt.Fprintf(&b, "%3d. %s\n", p.clueNumber(i), c)
	}
	if len(p.Notation) > 0 {
		b.WriteString("\nNotation:\n")
		for _, n := range p.Notation {
			fmt.Fprintf(&b, "  %s\n", n)
		}
	}
	fmt.Fprintf(&b, "\nQuestion: %s\n", p.Question)
	fmt.Fprintf(&b, "\n%sDeduction sheet — %s\n\n", formFeed, p.Title)
	p.writeTextSheet(&b)
	fmt.Fprintf(&b, "\n%sAnswer key — %s\n\n", formFeed, p.Title)
	for _, a := range p.Answer {
		fmt.Fprintf(&b, "%s\n", a)
	}
	fmt.Fprintf(&b, "\n%sWorked solution — %s\n\n", formFeed, p.Title)
	for _, s := range p.Solution {
		fmt.Fprintf(&b, "%s\n", indent(s))
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
	for i, c := range p.Clues {
		fmt.Fprintf(&b, "%d. `%s`\n", p.clueNumber(i), c)
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
