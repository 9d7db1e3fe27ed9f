package main

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// FuzzGameLine feeds one line to every registered game, after its built-in
// example, and checks the table.Game contract the session relies on: Apply
// never panics; a refused line is a *table.LineError or a
// *table.ConflictError and changes nothing; an accepted line is appended as
// typed, and the lines replay into a fresh game. The seed corpus runs in
// every "go test"; "go test -fuzz FuzzGameLine ./cmd/gumshoe" searches on.
func FuzzGameLine(f *testing.F) {
	bases := map[string][]string{}
	var names []string
	for _, d := range games {
		if d.Example == "" {
			continue
		}
		l, err := table.ParseLog([]byte(d.Example))
		if err != nil {
			f.Fatalf("%s example: %v", d.Name, err)
		}
		bases[d.Name] = l.Lines
		names = append(names, d.Name)
	}
	for _, name := range names {
		lines := bases[name]
		// Every line of the example again (most are refused as repeats or
		// contradictions), and broken variants of them.
		for _, line := range lines {
			f.Add(name, line)
			f.Add(name, strings.ToUpper(line))
			if i := strings.LastIndexByte(line, ' '); i > 0 {
				f.Add(name, line[:i])
				f.Add(name, line[:i]+" ?")
			}
		}
		f.Add(name, "")
		f.Add(name, "# comment")
		f.Add(name, "game "+name)
		f.Add(name, "\x00\xff")
	}
	f.Add("dod", "ask alice bob 3H..5S = 99")
	f.Add("dod", "ask alice bob 3H..3H = 1")
	f.Add("dod", "accuse bob alice 3S+3S wrong")
	f.Add("dod", "hand alice AS 2S 3S 4S 5S 6S")
	f.Add("deductio", "alice guesses bob 0 right")
	f.Add("deductio", "row not:9,19,29 >=21")

	f.Fuzz(func(t *testing.T, name, line string) {
		base, ok := bases[name]
		if !ok {
			return
		}
		d, _ := games.Find(name)
		g := d.New()
		for _, l := range base {
			if err := g.Apply(l); err != nil {
				t.Fatalf("%s example line %q: %v", name, l, err)
			}
		}
		before := g.Lines()
		err := g.Apply(line)
		after := g.Lines()
		if err != nil {
			var le *table.LineError
			var ce *table.ConflictError
			if !errors.As(err, &le) && !errors.As(err, &ce) {
				t.Fatalf("%s: %q refused with %T (%v), want a LineError or a ConflictError", name, line, err, err)
			}
			if !slices.Equal(before, after) {
				t.Fatalf("%s: refused line %q changed the lines", name, line)
			}
			return
		}
		if len(after) != len(before)+1 || !slices.Equal(after[:len(before)], before) || after[len(before)] != line {
			t.Fatalf("%s: accepted %q but the lines became %q", name, line, after)
		}
		if _, err := table.ResumeSession(d.New, after); err != nil {
			t.Fatalf("%s: lines with %q do not replay: %v", name, line, err)
		}
	})
}
