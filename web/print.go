package web

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/gumshoe-dev/gumshoe/solver/puzzle"
)

// node is a value of a page laid out for HTML: text, a list, or named
// fields. Puzzle pages are drawn from the JSON form of a [puzzle.Page], so
// that every field it has is printed, whatever its shape.
type node struct {
	Text    string
	List    []node
	Ordered bool
	Fields  []field
	IsList  bool
}

type field struct {
	Name  string
	Value node
}

// nodeOf lays out a JSON value; ordered numbers the items of a list.
func nodeOf(v any, ordered bool) node {
	switch v := v.(type) {
	case nil:
		return node{}
	case string:
		return node{Text: v}
	case float64, bool, json.Number:
		return node{Text: fmt.Sprint(v)}
	case []any:
		n := node{IsList: true, Ordered: ordered, List: []node{}}
		for _, x := range v {
			n.List = append(n.List, nodeOf(x, false))
		}
		return n
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var n node
		for _, k := range keys {
			n.Fields = append(n.Fields, field{Name: label(k), Value: nodeOf(v[k], false)})
		}
		return n
	}
	return node{Text: fmt.Sprint(v)}
}

// label is a JSON key as a heading: "sheet_rows" is "Sheet rows".
func label(key string) string {
	s := strings.ReplaceAll(key, "_", " ")
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// puzzleView is a puzzle page as the template draws it.
type puzzleView struct {
	Title, Grade, Level, Question string
	Seed                          string
	Setup, Clues, Notation        node
	Columns, Rows                 []string
	Lines                         []puzzle.LogLine // the log as the solution cites it
	GivenNote                     string           // which lines are given
	Answer                        node
	Steps                         []puzzle.PageStep // the worked solution, numbered as it cites itself
	Solution                      node              // the solution's lines, when Steps is empty
	Others                        []field           // fields of the page this renderer does not know by name
	Log                           string
}

// The fields of a puzzle page this renderer places by name; any other
// field (but the answer as data, "key", and the schema) is printed on the
// page of the worked solution under its own name.
var knownPuzzleFields = map[string]bool{
	"schema": true, "game": true, "title": true, "grade": true, "level": true, "seed": true,
	"setup": true, "clues": true, "notation": true, "question": true,
	"sheet_columns": true, "sheet_rows": true, "answer": true, "key": true,
	"solution": true, "log": true, "clue_lines": true,
}

// WritePuzzleHTML writes p as one HTML document for print: the puzzle,
// the blank deduction sheet, the answer key and the worked solution, each
// on a page of its own (a print stylesheet breaks the pages).
func WritePuzzleHTML(w io.Writer, p *puzzle.Page) error {
	data, err := json.Marshal(p)
	if err != nil {
		return err
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		return err
	}
	str := func(k string) string {
		s, _ := m[k].(string)
		return s
	}
	strs := func(k string) []string {
		var out []string
		if l, ok := m[k].([]any); ok {
			for _, x := range l {
				out = append(out, fmt.Sprint(x))
			}
		}
		return out
	}
	v := puzzleView{
		Title: str("title"), Grade: str("grade"), Level: str("level"), Question: str("question"),
		Setup: nodeOf(m["setup"], false), Clues: nodeOf(m["clues"], true), Notation: nodeOf(m["notation"], false),
		Columns: strs("sheet_columns"), Rows: strs("sheet_rows"),
		Answer: nodeOf(m["answer"], false), Solution: nodeOf(m["solution"], true),
		Log: str("log"), Lines: p.LogLines(), Steps: p.Steps,
	}
	v.GivenNote = puzzle.GivenNote(v.Lines)
	if s, ok := m["seed"]; ok {
		v.Seed = fmt.Sprint(s)
	}
	var others []string
	for k := range m {
		if !knownPuzzleFields[k] {
			others = append(others, k)
		}
	}
	sort.Strings(others)
	for _, k := range others {
		v.Others = append(v.Others, field{Name: label(k), Value: nodeOf(m[k], true)})
	}
	return templates.ExecuteTemplate(w, "puzzle.html", v)
}

// blankView is a blank sheet of a game for print.
type blankView struct {
	Title   string
	Columns []string
	Rows    []string
	Lines   []string
}
