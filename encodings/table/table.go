package table

import (
	"context"
	"fmt"
	"io"
	"math/big"
	"strings"
)

// Game is one game's side of a table session. Implementations live in the
// game packages (encodings/deduceordie, encodings/clue, ...).
type Game interface {
	// Name is the game's name as written in a log header ("dod", "clue", ...).
	Name() string

	// Apply parses one line and adds it. A comment line ([IsComment]) is
	// kept and changes nothing else; a comment at the end of a line is not
	// part of the entry ([StripComment]). A malformed line returns a
	// *LineError; a line that contradicts earlier ones returns a
	// *ConflictError naming them. On any error the state is unchanged.
	Apply(line string) error

	// Lines are the accepted lines, in order, as given: line n (see the
	// package documentation) is Lines()[n-1].
	Lines() []string

	// Sheet is the compact deduction sheet for the seat: what the session
	// redraws after every line.
	Sheet(ctx context.Context) (*Grid, error)

	// Report writes every report of the game as text, without the sheet:
	// a tool draws the sheet from [Game.Sheet] first.
	Report(ctx context.Context, w io.Writer) error

	// ReportJSON writes every report as one JSON document.
	ReportJSON(ctx context.Context, w io.Writer) error

	// Explain explains a fact written in the game's notation ("alice 3H",
	// "not bob 5S", ...) by a minimal set of lines that force it. A fact
	// that is malformed is a *LineError (columns count in fact); a fact that
	// the lines do not force is an error saying so. [Why] and [WhyJSON]
	// write the explanation. Every settled cell of the game's [Grid] is a
	// fact Explain takes: "HOLDER CARD" (its column head and row name) for
	// a ✓ and "not HOLDER CARD" for a ✗; the web sheet asks "why" of a
	// tapped cell that way.
	Explain(ctx context.Context, fact string) (*Explanation, error)

	// Advise writes advice; args are the game's own ("3H 5S 5S" for the
	// three Interrogation cards of Deduce or Die, for example).
	Advise(ctx context.Context, args string, w io.Writer) error

	// AdviseJSON writes the same advice as one JSON document.
	AdviseJSON(ctx context.Context, args string, w io.Writer) error

	// Words are the names worth completing at the prompt: card names, player
	// names and the keywords of the grammar.
	Words() []string
}

// LineError is a malformed line: Col is the 1-based column where the
// problem starts, counted in characters as a player sees them, not in
// bytes ([Column]: "José" is four characters, its accent precomposed or
// combining), 0 when it is the whole line; Want is what was expected
// there. A game's parser may count bytes and turn them into characters
// with [CharColumns] before Apply or Explain returns.
type LineError struct {
	Col  int
	Msg  string // what is wrong
	Want string // what was expected, as a hint ("a card such as 7C")
}

// Error is "column C: msg (expected want)".
func (e *LineError) Error() string {
	var b strings.Builder
	if e.Col > 0 {
		fmt.Fprintf(&b, "column %d: ", e.Col)
	}
	b.WriteString(e.Msg)
	if e.Want != "" {
		fmt.Fprintf(&b, " (expected %s)", e.Want)
	}
	return b.String()
}

// ConflictError is a line refused because it contradicts earlier ones: Lines
// are the numbers of a minimal set of earlier lines that, with the refused
// line, admit no deal. [NewConflict] makes one.
type ConflictError struct {
	Lines []int
	Texts []string // the text of each of those lines
	// Rule says in words which rule of the game the line breaks when no
	// earlier line is involved (Lines empty): "bob holds no cards: the 2
	// spare cards are face up". Games set it whenever Lines is empty.
	Rule string
}

// Error names the conflicting lines, or, for a line impossible on its
// own, the rule it breaks.
func (e *ConflictError) Error() string {
	var b strings.Builder
	if len(e.Lines) == 0 {
		b.WriteString("impossible on its own")
		if e.Rule != "" {
			b.WriteString(": " + e.Rule)
		}
		return b.String()
	}
	b.WriteString("contradicts earlier lines:")
	for i, n := range e.Lines {
		fmt.Fprintf(&b, "\n  line %d: %s", n, e.Texts[i])
	}
	if e.Rule != "" {
		b.WriteString("\n  and the rule: " + e.Rule)
	}
	return b.String()
}

// Grid is a deduction sheet: one row a card, one column a holder, and the
// headline odds of the game underneath.
type Grid struct {
	Title   string   // e.g. "Deduce or Die, seat alice, 4 players"
	Holders []string // column heads, perhaps abbreviated ("evid")
	// Names are the holders' full names ("evidence"), in Holders order;
	// nil (or "") where the head is the name. JSON gives both.
	Names     []string
	Rows      []Row
	Headlines []string // e.g. "Murder card: 5C 41%, 7S 20%, ..."
}

// Row is one card's line of the sheet.
type Row struct {
	Card  string
	Cells []Cell
}

// Cell is what the sheet says about one card and one holder.
type Cell struct {
	Mark Mark
	P    float64 // the exact probability rounded to a float, for Maybe
	// Exact is the exact probability of an open (Maybe) cell; nil for a
	// forced or impossible cell, and when the game does not know it.
	Exact *big.Rat
	// SE is the standard error of P when P is an estimate (Exact nil);
	// the JSON form writes such a cell as an estimate, never a fraction.
	SE float64
	// NoEstimate marks an open cell whose probability the game cannot
	// give now (an estimator that found no sample fitting the lines): it
	// is drawn "?" and P means nothing.
	NoEstimate bool
	// Rough marks an estimate that rests on too few effective samples for
	// its standard error to be trusted: it is drawn with a leading "~".
	Rough bool
}

// Mark is the state of a cell.
type Mark uint8

// The marks a cell can carry.
const (
	Maybe Mark = iota // open: shown as a percentage
	Yes               // forced: ✓
	No                // impossible: ✗
)

// Text is the cell as drawn: "✓", "✗" or a percentage such as "41" (never
// "0" or "100" for an open cell: "<1" and ">99"); "?" for an open cell
// with no estimate.
func (c Cell) Text() string {
	switch c.Mark {
	case Yes:
		return "✓"
	case No:
		return "✗"
	}
	if c.NoEstimate {
		return "?"
	}
	pct := c.P * 100
	t := fmt.Sprintf("%.0f", pct)
	switch {
	case pct < 1:
		t = "<1"
	case pct > 99:
		t = ">99"
	}
	if c.Rough {
		t = "~" + t
	}
	return t
}

// WriteText draws the grid as plain text, one column of width 4 a holder.
func (g *Grid) WriteText(w io.Writer) error {
	var b strings.Builder
	if g.Title != "" {
		b.WriteString(g.Title)
		b.WriteByte('\n')
	}
	width := 4
	for _, r := range g.Rows {
		width = max(width, len(r.Card)+1)
	}
	fmt.Fprintf(&b, "%-*s", width, "")
	for _, h := range g.Holders {
		fmt.Fprintf(&b, " %4s", abbreviate(h, 4))
	}
	b.WriteByte('\n')
	for _, r := range g.Rows {
		fmt.Fprintf(&b, "%-*s", width, r.Card)
		for _, c := range r.Cells {
			fmt.Fprintf(&b, " %4s", c.Text())
		}
		b.WriteByte('\n')
	}
	for _, h := range g.Headlines {
		b.WriteString(h)
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func abbreviate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n])
}
