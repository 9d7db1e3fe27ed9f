package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// quoted finds the quoted pieces of a message.
var quoted = regexp.MustCompile(`"([^"]+)"`)

// TestSuggestionsWork types, in every game's example, commands that fail
// or answers cut to the screen, collects every command their messages
// suggest in quotes ("why bob QS", "help lines", "odds all", "save
// mygame.log"; forms with a placeholder such as "save FILE" are not
// commands), and types each suggestion in turn: none may be refused.
func TestSuggestionsWork(t *testing.T) {
	t.Chdir(t.TempDir()) // "save mygame.log" writes here
	for _, tc := range answerCases {
		t.Run(tc.game, func(t *testing.T) {
			session := func() (*playSession, *strings.Builder) {
				ps, _ := newTestSession(t, tc.game, nil)
				var out strings.Builder
				ps.out = &out
				l, err := table.ReadLog(strings.NewReader(ps.def.Example))
				if err != nil {
					t.Fatal(err)
				}
				lines := l.Lines
				if tc.half {
					lines = lines[:len(lines)/2]
				}
				for _, line := range lines {
					if err := ps.s.Apply(line); err != nil {
						t.Fatal(err)
					}
				}
				return ps, &out
			}
			ps, out := session()
			for _, typed := range []string{"why", "odds most", "edit x", "delete x", "save", "zzz qqq", "help nothing",
				"odds", strings.TrimSpace("advise " + tc.advise)} {
				ps.handle(typed)
			}
			seen := map[string]bool{}
			for _, m := range quoted.FindAllStringSubmatch(out.String(), -1) {
				s := m[1]
				first := strings.Fields(s)[0]
				if seen[s] || !table.IsCommandWord(first) || strings.ContainsAny(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") && placeholder(s) {
					continue
				}
				seen[s] = true
				try, tout := session()
				try.handle(s)
				if try.refusals > 0 {
					t.Errorf("the suggestion %q is refused:\n%s", s, tout)
				}
			}
			if len(seen) < 3 {
				t.Errorf("only %d suggestions found in:\n%s", len(seen), out)
			}
		})
	}
}

// placeholder says whether s is a command's form with a placeholder in
// capitals ("save FILE", "edit N [LINE]") rather than a command.
func placeholder(s string) bool {
	for _, w := range strings.Fields(s) {
		w = strings.Trim(w, "[]")
		if len(w) > 0 && w == strings.ToUpper(w) && strings.Trim(w, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") == "" {
			return true
		}
	}
	return false
}
