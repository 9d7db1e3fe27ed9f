package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// TestPlayPastedLog plays saved logs of the two games where cards move as
// a player pastes or pipes them into a session: the file starts with a
// byte-order mark, its lines end in CRLF, its first line is the log's
// header, and the names have accents. The mark is not part of the first
// word, the header of the session's own game is taken as the start of a
// log (nothing changed, nothing refused), and the header of another game
// is refused naming both. (The logs stop before a sheet is drawn: the
// sheets are the games' own, checked in their packages.)
func TestPlayPastedLog(t *testing.T) {
	crlf := func(s string) string { return table.BOM + strings.ReplaceAll(s, "\n", "\r\n") }
	runPlayCases(t, []playCase{
		{
			name: "play-tbam-pasted",
			why:  "a saved log with a byte-order mark, CRLF and its header, pasted into a session of There's Been A Murder",
			args: []string{"play", "tbam", "--no-log"},
			stdin: crlf("game tbam\n# pasted\nplayers Zoë José carol dave\nseat Zoë\n") +
				crlf("# a second paste\n") + // a mark before a line that is not a header
				crlf("game mbtd\n"),
		},
		{
			name:  "play-mbtd-pasted",
			why:   "a saved log with a byte-order mark, CRLF and its header, pasted into a session of Murder By The Deck",
			args:  []string{"play", "mbtd", "--no-log"},
			stdin: crlf("game mbtd\n# pasted\n") + crlf("game tbam\n"),
		},
	})
}

// echoTerm is a scriptedTerm whose prompts and answers are written to out
// as a terminal shows them, so that a setup reads as the player sees it.
type echoTerm struct {
	scriptedTerm
	out *bytes.Buffer
}

func (r *echoTerm) readLine(prompt, prefill string) (string, error) {
	line, err := r.scriptedTerm.readLine(prompt, prefill)
	if err == nil {
		r.out.WriteString(prompt + line + "\n")
	}
	return line, err
}

// TestPromptSetupMovingCards sets up a game of each game where cards move
// at a terminal, as a new player does (accented names, "?" at the hand
// question), and compares what the screen shows to a golden transcript.
// Every line fits 80 columns, and every question's prompt leaves at least
// 20 columns for its answer: the line editor draws a prompt wider than the
// screen once more at each key. The hand question lists the cards the
// game deals, which Tab completes.
func TestPromptSetupMovingCards(t *testing.T) {
	for _, tc := range []struct {
		game    string
		answers []string
		lines   []string
	}{
		{"tbam", []string{"Zoë, José, carol, dave", "Zoë", "master", "?", "murderer swain"},
			[]string{"players Zoë José carol dave", "seat Zoë", "level master", "hand murderer swain"}},
		{"mbtd", []string{"Zoë José Ana dave", "Zoë", "?", "ac 6d js 8d 4h jh 2h"},
			[]string{"players Zoë José Ana dave", "seat Zoë", "hand ac 6d js 8d 4h jh 2h"}},
	} {
		t.Run(tc.game, func(t *testing.T) {
			in := &echoTerm{scriptedTerm: scriptedTerm{answers: tc.answers}}
			ps, out := newTestSession(t, tc.game, in)
			in.out = out
			ps.promptSetup()
			if got := ps.s.Lines(); strings.Join(got, "\n") != strings.Join(tc.lines, "\n") {
				t.Fatalf("lines %q, want %q\noutput:\n%s", got, tc.lines, out)
			}
			for _, p := range in.prompts {
				if w := table.Width(p); w > questionWidth+1 {
					t.Errorf("the prompt %q is %d columns wide: it leaves %d for the answer", p, w, screenWidth-w)
				}
			}
			for i, l := range strings.Split(out.String(), "\n") {
				if w := table.Width(l); w > screenWidth {
					t.Errorf("line %d is %d columns wide: %q", i+1, w, l)
				}
			}
			// The transcript up to the sheet's title: the sheet is the
			// game's own, checked in its package.
			text, _, ok := strings.Cut(out.String(), "\n"+ps.def.Title)
			if !ok {
				t.Fatalf("no sheet drawn after the setup:\n%s", out)
			}
			golden(t, "setup-"+tc.game+".txt", text+"\n")
		})
	}
}
