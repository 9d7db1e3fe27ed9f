package main

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// answerCases are, for every game, a position from its built-in example
// and the arguments of advise there. There's Been A Murder's example is
// played to its end, where nothing is left to advise: its position is the
// example cut half way.
var answerCases = []struct {
	game, advise string
	half         bool
}{
	{"dod", "3H 5S 5S", false},
	{"clue", "", false},
	{"deductio", "", false},
	{"mbtd", "", false},
	{"tbam", "", true},
}

// TestAnswers80x24 draws advise and odds of every game as the session
// shows them on an 80×24 terminal, compares them with
// testdata/answers80x24/*.txt (go test -update rewrites them), and checks
// the rule: the answer leads with its decision ("Best:" for advise, the
// sheet's headlines for odds), no line is wider than 80 columns, and the
// answer with the prompt under it takes at most 24 lines. "advise all"
// and "odds all" show every line: at least as many.
func TestAnswers80x24(t *testing.T) {
	ctx := context.Background()
	for _, tc := range answerCases {
		def, ok := games.Find(tc.game)
		if !ok {
			t.Fatalf("no game %s", tc.game)
		}
		l, err := table.ReadLog(strings.NewReader(def.Example))
		if err != nil {
			t.Fatal(err)
		}
		lines := l.Lines
		if tc.half {
			lines = lines[:len(lines)/2]
		}
		g := def.New()
		for i, line := range lines {
			if err := g.Apply(line); err != nil {
				t.Fatalf("%s line %d: %v", tc.game, i+1, err)
			}
		}
		for _, typed := range []string{strings.TrimSpace("advise " + tc.advise), "odds"} {
			t.Run(tc.game+"-"+strings.Fields(typed)[0], func(t *testing.T) {
				cmd, err := table.ParseCommand(typed)
				if err != nil {
					t.Fatal(err)
				}
				short, err := answerLines(ctx, g, cmd)
				if err != nil {
					t.Fatal(err)
				}
				screen := fmt.Sprintf("%s %d> %s\n%s\n%s %d> \n", def.Name, len(lines)+1, typed, strings.Join(short, "\n"), def.Name, len(lines)+1)
				golden(t, "answers80x24/"+tc.game+"-"+strings.Fields(typed)[0]+".txt", screen)
				// The decision leads: for advise, "Best:" (Deductio's
				// "Advice:") within the first lines; for odds, the sheet's
				// first headline on the first line.
				if cmd.Kind == table.CmdAdvise {
					lead := slices.ContainsFunc(short[:min(4, len(short))], func(l string) bool {
						return strings.HasPrefix(l, "Best: ") || strings.HasPrefix(l, "Advice: ")
					})
					if !lead {
						t.Errorf("advise does not lead with its decision:\n%s", strings.Join(short, "\n"))
					}
				} else {
					grid, err := g.Sheet(ctx)
					if err != nil {
						t.Fatal(err)
					}
					if len(grid.Headlines) > 0 && !strings.HasPrefix(grid.Headlines[0], short[0]) {
						t.Errorf("odds opens with %q, not the first headline %q", short[0], grid.Headlines[0])
					}
				}
				for i, r := range short {
					if w := table.Width(r); w > screenWidth {
						t.Errorf("line %d is %d columns wide: %q", i+1, w, r)
					}
				}
				if len(short)+1 > screenHeight {
					t.Errorf("the answer and the prompt take %d lines, more than %d", len(short)+1, screenHeight)
				}
				cmd.All = true
				all, err := answerLines(ctx, g, cmd)
				if err != nil {
					t.Fatal(err)
				}
				if len(all) < len(short) {
					t.Errorf("%q all shows %d lines, fewer than the %d of its first screen", typed, len(all), len(short))
				}
				for i, r := range all {
					if w := table.Width(r); w > screenWidth && !strings.Contains(strings.TrimSpace(r), " ") {
						continue // a word longer than a line
					} else if w > screenWidth {
						t.Errorf("all: line %d is %d columns wide: %q", i+1, w, r)
					}
				}
			})
		}
	}
}
