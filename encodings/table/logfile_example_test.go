package table_test

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// A game log is read with ParseLog: the header names the game and is line
// 0; the lines follow in order, comments included, from line 1.
func ExampleParseLog() {
	l, err := table.ParseLog([]byte("# Friday\ngame dod\nplayers alice bob carol\n# turn 1\nask alice bob 3H..5S = 2\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("game:", l.Game)
	for i, line := range l.Lines {
		fmt.Printf("line %d: %s\n", i+1, line)
	}
	_, err = table.ParseLog([]byte("players alice bob\n"))
	fmt.Println("error:", err)
	// Output:
	// game: dod
	// line 1: players alice bob carol
	// line 2: # turn 1
	// line 3: ask alice bob 3H..5S = 2
	// error: line 0: the first entry of a log is its header (expected "game <name>", such as "game dod"), not "players alice bob"
}

// notes is a tiny game for the example: it accepts any line but "bad".
type notes struct{ lines []string }

func (g *notes) Name() string { return "notes" }
func (g *notes) Apply(line string) error {
	if line == "bad" {
		return &table.LineError{Msg: "bad line"}
	}
	g.lines = append(g.lines, line)
	return nil
}
func (g *notes) Lines() []string                             { return g.lines }
func (g *notes) Sheet(context.Context) (*table.Grid, error)  { return &table.Grid{}, nil }
func (g *notes) Report(context.Context, io.Writer) error     { return nil }
func (g *notes) ReportJSON(context.Context, io.Writer) error { return nil }
func (g *notes) Explain(context.Context, string) (*table.Explanation, error) {
	return &table.Explanation{}, nil
}
func (g *notes) AdviseJSON(context.Context, string, io.Writer) error { return nil }
func (g *notes) Advise(context.Context, string, io.Writer) error     { return nil }
func (g *notes) Words() []string                                     { return nil }

// A Session takes back, edits and deletes earlier lines by rebuilding the
// game from the lines that remain; undo and redo step through the changes.
func ExampleSession() {
	s := table.NewSession(func() table.Game { return &notes{} })
	for _, line := range []string{"one", "two", "bad", "three"} {
		if err := s.Apply(line); err != nil {
			fmt.Println("refused:", err)
		}
	}
	show := func(what string) { fmt.Printf("%-12s %s\n", what, strings.Join(s.Lines(), " ")) }
	show("applied")
	s.Edit(2, "TWO")
	show("edit 2")
	s.Delete(1)
	show("delete 1")
	s.Undo()
	show("undo")
	s.Undo()
	show("undo")
	s.Redo()
	show("redo")
	// Output:
	// refused: bad line
	// applied      one two three
	// edit 2       one TWO three
	// delete 1     TWO three
	// undo         one TWO three
	// undo         one two three
	// redo         one TWO three
}
