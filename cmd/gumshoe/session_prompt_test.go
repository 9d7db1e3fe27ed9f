package main

import (
	"bytes"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// scriptedTerm is a lineReader that answers from a list as if a person
// typed at a terminal, recording the prompts and prefills it was shown.
type scriptedTerm struct {
	answers  []string
	prompts  []string
	prefills []string
}

func (r *scriptedTerm) readLine(prompt, prefill string) (string, error) {
	r.prompts = append(r.prompts, prompt)
	r.prefills = append(r.prefills, prefill)
	if len(r.answers) == 0 {
		return "", io.EOF
	}
	a := r.answers[0]
	r.answers = r.answers[1:]
	return a, nil
}

func (r *scriptedTerm) interactive() bool { return true }
func (r *scriptedTerm) close() error      { return nil }

func newTestSession(t *testing.T, game string, in lineReader) (*playSession, *bytes.Buffer) {
	t.Helper()
	def, ok := games.Find(game)
	if !ok {
		t.Fatalf("no game %s", game)
	}
	var out bytes.Buffer
	return &playSession{def: def, s: table.NewSession(def.New), out: &out, p: newPainter(false), in: in}, &out
}

// TestPromptSetup checks the setup questions asked at a terminal: the
// answers become the game's setup lines; an empty answer stops asking; a
// refused setup is asked again.
func TestPromptSetup(t *testing.T) {
	tests := []struct {
		name    string
		game    string
		answers []string
		lines   []string
	}{
		{"answers become lines", "dod", []string{"alice,bob,carol,dave", "dave", "8S 8H AC 2C 4C 5C"},
			[]string{"players alice bob carol dave", "seat dave", "hand dave 8S 8H AC 2C 4C 5C"}},
		{"an empty answer stops asking", "dod", []string{"alice,bob,carol", ""}, nil},
		{"a refused setup is asked again", "toy", []string{"ann", "ann", "ann,bob", "bob"},
			[]string{"players ann bob", "me bob"}},
		{"an empty deck keeps the default", "clue", []string{"", "alice,bob,carol", "carol", "Plum Knife Hall Study Rope Lounge"},
			[]string{"preset cluedo", "players alice bob carol", "seat carol", "hand carol Plum Knife Hall Study Rope Lounge"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := &scriptedTerm{answers: tt.answers}
			ps, out := newTestSession(t, tt.game, in)
			ps.promptSetup()
			if got := ps.s.Lines(); !slices.Equal(got, tt.lines) {
				t.Fatalf("lines %q, want %q\noutput:\n%s", got, tt.lines, out)
			}
			if len(in.answers) != 0 {
				t.Fatalf("answers left unread: %q", in.answers)
			}
		})
	}
}

// TestEditPrefill checks that "edit N" alone offers the old line for editing.
func TestEditPrefill(t *testing.T) {
	in := &scriptedTerm{answers: []string{"ann lacks D"}}
	ps, out := newTestSession(t, "toy", in)
	for _, l := range []string{"players ann bob", "ann lacks C"} {
		if err := ps.s.Apply(l); err != nil {
			t.Fatal(err)
		}
	}
	ps.handle("edit 2")
	if !slices.Equal(in.prefills, []string{"ann lacks C"}) || !strings.HasPrefix(in.prompts[0], "edit 2") {
		t.Fatalf("prompts %q prefills %q", in.prompts, in.prefills)
	}
	if got := ps.s.Lines()[1]; got != "ann lacks D" {
		t.Fatalf("line 2 is %q after the edit\n%s", got, out)
	}
}

// TestPlainReaderLongLine checks that an overlong piped line is refused as a
// whole, never cut short into a different line.
func TestPlainReaderLongLine(t *testing.T) {
	long := "ann lacks C" + strings.Repeat(" ", table.MaxLineLen)
	var out bytes.Buffer
	code := run([]string{"play", "toy", "--players", "ann,bob", "--no-log"}, strings.NewReader(long+"\nlog\n"), &out, &out)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, out.String())
	}
	if !strings.Contains(out.String(), "line is 4") || strings.Contains(out.String(), "   2 ann lacks C") {
		t.Fatalf("the long line was not refused:\n%.600s", out.String())
	}
}
