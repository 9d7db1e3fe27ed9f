package table

import (
	"context"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"
)

// fakeGame accepts every line except those starting with "bad" (malformed)
// and "after W" when no earlier line is "W" (a conflict with nothing
// earlier), so that removing a line can make a later one fail.
type fakeGame struct{ lines []string }

func newFake() Game { return &fakeGame{} }

func (g *fakeGame) Name() string { return "fake" }

func (g *fakeGame) Apply(line string) error {
	if strings.HasPrefix(line, "bad") {
		return &LineError{Col: 1, Msg: "bad line", Want: "a good line"}
	}
	if w, ok := strings.CutPrefix(line, "after "); ok && !slices.Contains(g.lines, w) {
		return &ConflictError{}
	}
	g.lines = append(g.lines, line)
	return nil
}

func (g *fakeGame) Lines() []string                             { return g.lines }
func (g *fakeGame) Sheet(context.Context) (*Grid, error)        { return &Grid{}, nil }
func (g *fakeGame) Report(context.Context, io.Writer) error     { return nil }
func (g *fakeGame) ReportJSON(context.Context, io.Writer) error { return nil }
func (g *fakeGame) Explain(context.Context, string) (*Explanation, error) {
	return &Explanation{}, nil
}
func (g *fakeGame) AdviseJSON(context.Context, string, io.Writer) error { return nil }
func (g *fakeGame) Advise(context.Context, string, io.Writer) error     { return nil }
func (g *fakeGame) Words() []string                                     { return nil }

// step is one action on a session and what the lines must be afterwards.
type step struct {
	do      string // "apply X", "undo", "redo", "delete N", "edit N X"
	wantErr bool
	lines   string // the lines after the step, joined by "|"
}

func TestSession(t *testing.T) {
	tests := []struct {
		name  string
		steps []step
	}{
		{"apply and undo back to empty", []step{
			{do: "apply a", lines: "a"},
			{do: "apply b", lines: "a|b"},
			{do: "undo", lines: "a"},
			{do: "undo", lines: ""},
			{do: "undo", wantErr: true, lines: ""},
		}},
		{"redo after undo, then a new line clears redo", []step{
			{do: "apply a", lines: "a"},
			{do: "apply b", lines: "a|b"},
			{do: "undo", lines: "a"},
			{do: "redo", lines: "a|b"},
			{do: "redo", wantErr: true, lines: "a|b"},
			{do: "undo", lines: "a"},
			{do: "apply c", lines: "a|c"},
			{do: "redo", wantErr: true, lines: "a|c"},
		}},
		{"refused lines change nothing and leave redo alone", []step{
			{do: "apply a", lines: "a"},
			{do: "undo", lines: ""},
			{do: "apply bad", wantErr: true, lines: ""},
			{do: "apply after x", wantErr: true, lines: ""},
			{do: "redo", lines: "a"},
		}},
		{"delete rebuilds, and is refused when a later line needs the deleted one", []step{
			{do: "apply a", lines: "a"},
			{do: "apply b", lines: "a|b"},
			{do: "apply after a", lines: "a|b|after a"},
			{do: "delete 1", wantErr: true, lines: "a|b|after a"},
			{do: "delete 2", lines: "a|after a"},
			{do: "delete 3", wantErr: true, lines: "a|after a"},
			{do: "apply c", lines: "a|after a|c"},
			{do: "apply after c", lines: "a|after a|c|after c"},
			{do: "undo", lines: "a|after a|c"},
			{do: "undo", lines: "a|after a"},
			{do: "delete 0", wantErr: true, lines: "a|after a"},
			{do: "undo", lines: "a|b|after a"},
			{do: "redo", lines: "a|after a"},
		}},
		{"edit replaces a line, refused when it or a later line fails", []step{
			{do: "apply a", lines: "a"},
			{do: "apply after a", lines: "a|after a"},
			{do: "edit 1 z", wantErr: true, lines: "a|after a"},
			{do: "edit 1 bad", wantErr: true, lines: "a|after a"},
			{do: "edit 2 after b", wantErr: true, lines: "a|after a"},
			{do: "edit 2 c", lines: "a|c"},
			{do: "undo", lines: "a|after a"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := NewSession(newFake)
			for i, st := range tt.steps {
				verb, arg, _ := strings.Cut(st.do, " ")
				var err error
				switch verb {
				case "apply":
					err = s.Apply(arg)
				case "undo":
					err = s.Undo()
				case "redo":
					err = s.Redo()
				case "delete":
					err = s.Delete(atoi(t, arg))
				case "edit":
					n, text, _ := strings.Cut(arg, " ")
					err = s.Edit(atoi(t, n), text)
				default:
					t.Fatalf("bad step %q", st.do)
				}
				if (err != nil) != st.wantErr {
					t.Fatalf("step %d %q: err = %v, want error %v", i, st.do, err, st.wantErr)
				}
				if got := strings.Join(s.Lines(), "|"); got != st.lines {
					t.Fatalf("step %d %q: lines %q, want %q", i, st.do, got, st.lines)
				}
			}
		})
	}
}

func atoi(t *testing.T, s string) int {
	n := 0
	for _, r := range s {
		if r < '0' || r > '9' {
			t.Fatalf("not a number: %q", s)
		}
		n = n*10 + int(r-'0')
	}
	return n
}

// TestResumeSession checks that a resumed session undoes its lines one by
// one, and that a refused line is reported with its entry number.
// TestDeleteErrorNumbering checks a refused deletion names the refused line
// by its number before the deletion.
func TestDeleteErrorNumbering(t *testing.T) {
	s, err := ResumeSession(newFake, []string{"x", "a", "b", "after a"})
	if err != nil {
		t.Fatal(err)
	}
	err = s.Delete(2)
	var re *ReplayError
	if !errors.As(err, &re) || re.Line != 4 || re.Text != "after a" {
		t.Fatalf("err = %v, want a ReplayError for entry 4", err)
	}
}

func TestResumeSession(t *testing.T) {
	s, err := ResumeSession(newFake, []string{"a", "# note", "after a"})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"a|# note", "a", ""} {
		if err := s.Undo(); err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(s.Lines(), "|"); got != want {
			t.Fatalf("after undo: %q, want %q", got, want)
		}
	}
	if s.CanUndo() || !s.CanRedo() {
		t.Fatalf("CanUndo %v CanRedo %v, want false true", s.CanUndo(), s.CanRedo())
	}

	_, err = ResumeSession(newFake, []string{"a", "after b"})
	var re *ReplayError
	if !errors.As(err, &re) || re.Line != 2 || re.Text != "after b" {
		t.Fatalf("err = %v, want a ReplayError for entry 2", err)
	}
	var ce *ConflictError
	if !errors.As(err, &ce) {
		t.Fatalf("err = %v does not wrap the game's ConflictError", err)
	}
}

// TestSessionLog checks the session's log names the game and its lines.
func TestSessionLog(t *testing.T) {
	s := NewSession(newFake)
	for _, l := range []string{"a", "", "# c"} {
		if err := s.Apply(l); err != nil {
			t.Fatal(err)
		}
	}
	b, err := s.Log().Bytes()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(b), "game fake\na\n\n# c\n"; got != want {
		t.Fatalf("log %q, want %q", got, want)
	}
}
