package table_test

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// A game log is read with ParseLog: the header names the game, the lines
// follow in order, comments included.
func ExampleParseLog() {
	l, err := table.ParseLog([]byte("# Friday\ngame dod\nplayers alice bob carol\n# turn 1\nask alice bob 3H..5S = 2\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("game:", l.Game)
	for i, line := range l.Lines {
		fmt.Printf("file line %d: %s\n", l.LineNumber(i), line)
	}
	_, err = table.ParseLog([]byte("players alice bob\n"))
	fmt.Println("error:", err)
	// Output:
	// game: dod
	// file line 3: players alice bob carol
	// file line 4: # turn 1
	// file line 5: ask alice bob 3H..5S = 2
	// error: line 1: the first entry of a log is its header (expected "game <name>", such as "game dod"), not "players alice bob"
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
func (g *notes) Lines() []string                                 { return g.lines }
func (g *notes) Sheet(context.Context) (*table.Grid, error)      { return &table.Grid{}, nil }
func (g *notes) Report(context.Context, io.Writer) error         { return nil }
func (g *notes) ReportJSON(context.Context, io.Writer) error     { return nil }
func (g *notes) Why(context.Context, string, io.Writer) error    { return nil }
func (g *notes) Advise(context.Context, string, io.Writer) error { return nil }
func (g *notes) Words() []string                                 { return nil }

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
