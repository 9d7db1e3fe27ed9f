package puzzle

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"
)

func samplePage() *Page {
	return &Page{
		Game: "toy", Title: "Toy puzzle 1", Grade: "easy (1 clues, 1 steps)", Level: "easy", Seed: 3,
		Setup:        []string{"Two players.", "You are ann."},
		Clues:        []string{"bob has A|B"},
		Notation:     []string{"“P has X”: P holds X."},
		Question:     "Who holds C?",
		SheetColumns: []string{"ann", "bob"}, SheetRows: []string{"A", "B", "C"},
		Answer:   []string{"bob holds C."},
		Key:      map[string]any{"holder": "bob"},
		Solution: []string{"1. Bob holds C. Suppose instead that bob does not hold C:", "1.1. Impossible: line 1 (“bob has C”)."},
	}
}

// TestPageForms checks the three printed forms of a page: the sections in
// order, the page breaks, the blank sheet, Markdown escaping, and JSON that
// reads back.
func TestPageForms(t *testing.T) {
	p := samplePage()
	var text bytes.Buffer
	require.NoError(t, p.WriteText(&text))
	s := text.String()
	require.Equal(t, 3, strings.Count(s, "\f"), "the sheet, the answer key and the solution start new pages")
	require.Less(t, strings.Index(s, "Question: Who holds C?"), strings.Index(s, "Deduction sheet"))
	require.Less(t, strings.Index(s, "\fDeduction sheet"), strings.Index(s, "Answer key"))
	require.Less(t, strings.Index(s, "Question: Who holds C?"), strings.Index(s, "Answer key"))
	require.Less(t, strings.Index(s, "Answer key"), strings.Index(s, "Worked solution"))
	require.Contains(t, s, "C    |     |     |")
	require.Contains(t, s, "\n1. Bob holds C. Suppose instead that bob does not hold C:\n  1.1. Impossible: line 1 (“bob has C”).\n")

	var md bytes.Buffer
	require.NoError(t, p.WriteMarkdown(&md))
	m := md.String()
	require.Equal(t, 4, strings.Count(m, pageBreak))
	require.Contains(t, m, "| C |   |   |")
	require.Contains(t, m, "1. `bob has A|B`", "clue lines are code, kept verbatim")
	require.Contains(t, m, "- bob holds C.")
	require.Contains(t, m, "\n  - **1.1.** Impossible: line 1 (“bob has C”).\n", "nested steps are nested items")

	var js bytes.Buffer
	require.NoError(t, p.WriteJSON(&js))
	var back Page
	require.NoError(t, json.Unmarshal(js.Bytes(), &back))
	require.Equal(t, p.Clues, back.Clues)
	require.Equal(t, p.Solution, back.Solution)
	require.Equal(t, uint64(3), back.Seed)
}

// TestPageTextWidth checks that the plain-text form wraps at TextWidth
// columns (the set-up paragraph was once wider) and shows every line of the
// log numbered as the solution cites it, the given ones included.
func TestPageTextWidth(t *testing.T) {
	p := samplePage()
	p.Setup = []string{strings.Repeat("a long set-up sentence that goes on ", 8)}
	p.Solution = append(p.Solution, "1.2. "+strings.Repeat("a step that cites many lines and steps ", 6))
	p.Log = "game toy\nplayers ann bob\nhand ann A\nbob has A|B\n"
	p.ClueLines = []int{3}
	var text bytes.Buffer
	require.NoError(t, p.WriteText(&text))
	for _, l := range strings.Split(text.String(), "\n") {
		if strings.Contains(l, "|") && !strings.Contains(l, "bob has") {
			continue // a row of the blank sheet
		}
		require.LessOrEqual(t, utf8.RuneCountInString(l), TextWidth, "line %q", l)
	}
	s := text.String()
	require.Contains(t, s, "  1. players ann bob\n  2. hand ann A\n  3. bob has A|B\n")
	require.Contains(t, s, "Lines 1 to 2 are what you knew from the start; the others are the clues.")
	require.Contains(t, s, "\n  1.2. a step that cites many lines and steps a step that cites many lines and\n       steps ")
}

func TestMdEscape(t *testing.T) {
	require.Equal(t, `a\*b\_c \| d &lt;e> \[x\]`, mdEscape("a*b_c | d <e> [x]"))
}
