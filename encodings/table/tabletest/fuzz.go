package tabletest

import (
	"context"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// Fuzz is the fuzz target of a game's lines: each input line is applied
// after the game's built-in example. Apply must never panic; a refused
// line is a *table.LineError or a *table.ConflictError and changes
// nothing; an accepted line is kept as typed, and the lines replay into a
// fresh game; Explain of any text returns (an error or an explanation)
// without panicking. The seeds (every line of the example, variants of
// them, and seeds) run in every "go test"; "go test -fuzz FuzzLine" in the
// game's package searches on.
func Fuzz(f *testing.F, def table.Definition, seeds ...string) {
	l, err := table.ParseLog([]byte(def.Example))
	if err != nil {
		f.Fatalf("%s example: %v", def.Name, err)
	}
	base := l.Lines
	for _, line := range base {
		f.Add(line)
		f.Add(strings.ToUpper(line))
		f.Add(line + " # note")
		if i := strings.LastIndexByte(line, ' '); i > 0 {
			f.Add(line[:i])
			f.Add(line[:i] + " ?")
		}
	}
	for _, s := range append([]string{"", "# comment", table.HeaderLine(def.Name), "\x00\xff", "#", "a#b"}, seeds...) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		g := def.New()
		if err := table.ApplyLines(g, base); err != nil {
			t.Fatalf("example: %v", err)
		}
		before := g.Lines()
		err := g.Apply(line)
		after := g.Lines()
		_, _ = g.Explain(context.Background(), line)
		if err != nil {
			var le *table.LineError
			var ce *table.ConflictError
			if !errors.As(err, &le) && !errors.As(err, &ce) {
				t.Fatalf("%q refused with %T (%v), want a LineError or a ConflictError", line, err, err)
			}
			if !slices.Equal(before, after) {
				t.Fatalf("refused line %q changed the lines", line)
			}
			return
		}
		if len(after) != len(before)+1 || !slices.Equal(after[:len(before)], before) || after[len(before)] != line {
			t.Fatalf("accepted %q but the lines became %q", line, after)
		}
		if _, err := table.ResumeSession(def.New, after); err != nil {
			t.Fatalf("lines with %q do not replay: %v", line, err)
		}
		_ = g.Report(context.Background(), io.Discard)
	})
}
