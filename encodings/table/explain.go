package table

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// Explanation is why a fact holds: the fact in words and a minimal set of
// lines that force it.
type Explanation struct {
	// Fact is the fact in words: "alice holds 3H", "5S is not with bob".
	Fact string
	// Lines are the numbers of the lines that force the fact, ascending: no
	// line of them can be left out. Empty when the rules of the deal alone
	// force it.
	Lines []int
}

// NewConflict is the *ConflictError naming the lines with the given
// numbers (ascending or not; they are listed as given), whose texts are
// taken from lines, the game's lines in order (line n is lines[n-1]).
func NewConflict(lines []string, numbers []int) *ConflictError {
	ce := &ConflictError{Lines: []int{}, Texts: []string{}}
	for _, n := range numbers {
		ce.Lines = append(ce.Lines, n)
		ce.Texts = append(ce.Texts, strings.TrimSpace(lines[n-1]))
	}
	return ce
}

// Why explains fact in g's notation and writes the explanation as text:
//
//	alice holds 3H, because of:
//	  line 4: ask bob alice 3H..5S = 2
//	  line 7: ...
func Why(ctx context.Context, g Game, fact string, w io.Writer) error {
	e, err := g.Explain(ctx, fact)
	if err != nil {
		return err
	}
	lines := g.Lines()
	var b strings.Builder
	fmt.Fprintf(&b, "%s, because of:\n", e.Fact)
	if len(e.Lines) == 0 {
		b.WriteString("  the deal alone\n")
	}
	for _, n := range e.Lines {
		fmt.Fprintf(&b, "  line %d: %s\n", n, strings.TrimSpace(lines[n-1]))
	}
	_, err = io.WriteString(w, b.String())
	return err
}

// WhyJSON explains fact in g's notation as one JSON document:
//
//	{"schema": "gumshoe/2", "game": "dod", "fact": "alice holds 3H",
//	 "lines": [{"line": 4, "text": "ask bob alice 3H..5S = 2"}, ...]}
func WhyJSON(ctx context.Context, g Game, fact string, w io.Writer) error {
	e, err := g.Explain(ctx, fact)
	if err != nil {
		return err
	}
	type lineJSON struct {
		Line int    `json:"line"`
		Text string `json:"text"`
	}
	doc := struct {
		Schema string     `json:"schema"`
		Game   string     `json:"game"`
		Fact   string     `json:"fact"`
		Lines  []lineJSON `json:"lines"`
	}{Schema: Schema, Game: g.Name(), Fact: e.Fact, Lines: []lineJSON{}}
	lines := g.Lines()
	for _, n := range e.Lines {
		doc.Lines = append(doc.Lines, lineJSON{n, strings.TrimSpace(lines[n-1])})
	}
	return WriteJSON(w, doc)
}

// Schema is the name and version of every JSON document gumshoe writes,
// in its "schema" field. docs/json.md is the schema.
const Schema = "gumshoe/3"

// WriteJSON writes v as indented JSON, with no HTML escaping, and a final
// newline.
func WriteJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
