package main

import (
	"bytes"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/chzyer/readline"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// scriptedTerm is a lineReader that answers from a list as if a person
// typed at a terminal, recording the prompts and prefills it was shown.
type scriptedTerm struct {
	answers  []string
	prompts  []string
	prefills []string
	notes    []string
	// complete, when set, is asked for the completions of each answer's
	// first word, recorded in completions.
	complete    func(line []rune, start int) []string
	completions [][]string
}

// ctrlC ending an answer is Ctrl-C pressed at the prompt after typing the
// rest.
const ctrlC = "\x03"

func (r *scriptedTerm) readLine(prompt, prefill string) (string, error) {
	r.prompts = append(r.prompts, prompt)
	r.prefills = append(r.prefills, prefill)
	if len(r.answers) == 0 {
		return "", io.EOF
	}
	a := r.answers[0]
	r.answers = r.answers[1:]
	typed, interrupted := strings.CutSuffix(a, ctrlC)
	if r.complete != nil {
		r.completions = append(r.completions, r.complete([]rune(typed), 0))
	}
	if interrupted {
		return "", errInterrupt
	}
	return a, nil
}

func (r *scriptedTerm) interactive() bool  { return true }
func (r *scriptedTerm) close() error       { return nil }
func (r *scriptedTerm) notify(text string) { r.notes = append(r.notes, text) }

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
// wrong answer is refused as soon as it is typed, and its question alone
// is asked again.
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
		{"a refused answer is asked again at once, not every question from the start", "toy", []string{"ann", "ann", "ann,bob", "bob"},
			[]string{"players ann bob", "me bob"}},
		{"a seat that is not a player is refused when typed", "dod", []string{"alice,bob,carol", "zed", "carol", "8S 8H AC 2C 4C 5C 6C 7C"},
			[]string{"players alice bob carol", "seat carol", "hand carol 8S 8H AC 2C 4C 5C 6C 7C"}},
		{"a hand of the wrong size is refused when typed", "dod", []string{"alice,bob,carol,dave", "dave", "8S 8H", "8S 8H AC 2C 4C 5C"},
			[]string{"players alice bob carol dave", "seat dave", "hand dave 8S 8H AC 2C 4C 5C"}},
		{"names with accents", "dod", []string{"José,Zoë,bob", "Zoë", "8S 8H AC 2C 4C 5C 6C 7C"},
			[]string{"players José Zoë bob", "seat Zoë", "hand Zoë 8S 8H AC 2C 4C 5C 6C 7C"}},
		{"a name that is not one is refused before the next question", "dod", []string{"alice,#1,bob", "alice,carl,bob", "bob", ""},
			nil},
		{"an unknown deck is refused before the players are asked", "clue", []string{"monopoly", "cardgame", "alice,bob,carol", "carol", ""},
			nil},
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
			if want := len(tt.answers); len(in.prompts) != want {
				t.Fatalf("%d questions asked for %d answers: %q", len(in.prompts), want, in.prompts)
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
	if code != exitError {
		t.Fatalf("exit %d, want 1 (a line was refused)\n%s", code, out.String())
	}
	if !strings.Contains(out.String(), "line is 4") || strings.Contains(out.String(), "   2 ann lacks C") {
		t.Fatalf("the long line was not refused:\n%.600s", out.String())
	}
}

// TestPromptSetupAsksAgain checks which question is asked again after a
// wrong answer: the same one, with the reason on the screen.
func TestPromptSetupAsksAgain(t *testing.T) {
	in := &scriptedTerm{answers: []string{"alice,bob,carol", "zed", "carol", ""}}
	ps, out := newTestSession(t, "dod", in)
	ps.promptSetup()
	want := []string{
		"Players, in seat order (e.g. alice,bob,carol,me)? ",
		"Which one are you? ",
		"Which one are you? ",
		"Your cards (e.g. 8S 8H AC 2C 4C 5C)? ",
	}
	if !slices.Equal(in.prompts, want) {
		t.Fatalf("prompts %q, want %q", in.prompts, want)
	}
	if !strings.Contains(out.String(), "zed") {
		t.Fatalf("the refusal does not name the answer:\n%s", out)
	}
}

// TestCompletion checks the words offered by Tab: session commands only at
// the start of a line, the game's words after a typed prefix in any case,
// help topics after "help", and nothing after a command that takes no
// words; a completed word is then written as the game spells it.
func TestCompletion(t *testing.T) {
	ps, _ := newTestSession(t, "dod", &scriptedTerm{})
	for _, l := range []string{"players alice bob carol dave", "seat dave"} {
		if err := ps.s.Apply(l); err != nil {
			t.Fatal(err)
		}
	}
	c := &completer{words: ps.words}
	tests := []struct {
		line string
		want []string // the completed words
	}{
		{"de", []string{"delete"}},
		{"ask bob da", []string{"dave"}},
		{"ask bob Da", []string{"Dave"}},       // the editor keeps what was typed; recase fixes it
		{"ask bob dav", []string{"dave"}},      // one candidate
		{"undo d", nil},                        // undo takes no words
		{"help un", []string{"undo"}},          // help topics
		{"help li", []string{"lines"}},         // help topics
		{"why not ca", []string{"carol"}},      // facts are game words
		{"ask bob carol 3h..5", []string{}},    // no card starts 3h..5
		{"!de", []string{}},                    // ! starts a game line: no commands
		{"reveal alice cl", []string{"clubs"}}, // a keyword of the grammar
		{"ask bob c", []string{"carol"}},       // a player where a player belongs, not clubs
		{"reveal alice c", []string{"clubs"}},  // a suit where a suit belongs, not carol
		{"ask carol b", []string{"bob"}},       // not a card
		{"al", []string{}},                     // a line of Deduce or Die does not start with a player
		{"as", []string{"ask"}},                // it starts with a keyword
		{"! ask bob c", []string{"carol"}},     // ! lines are probed the same way
		{"ask bob carol 3", []string{"3S", "3H", "3C"}},
	}
	for _, tt := range tests {
		line := []rune(tt.line)
		got, n := c.Do(line, len(line))
		start := len(line) - n
		var words []string
		for _, g := range got {
			words = append(words, strings.TrimSpace(string(line[start:])+string(g)))
		}
		slices.Sort(words)
		slices.Sort(tt.want)
		if len(words) != len(tt.want) || len(tt.want) > 0 && !slices.Equal(words, tt.want) {
			t.Errorf("%q: completions %q, want %q", tt.line, words, tt.want)
		}
	}
	line := []rune("ask bob Dave ")
	got, _, ok := c.recase(line, len(line), readline.CharTab)
	if !ok || string(got) != "ask bob dave " {
		t.Errorf("recase: %q, %v", string(got), ok)
	}
	if _, _, ok := c.recase([]rune("ask bob dave "), 13, readline.CharTab); ok {
		t.Errorf("recase changed a word spelt as the game spells it")
	}
	if _, _, ok := c.recase(line, len(line), 'x'); ok {
		t.Errorf("recase acted on a key other than Tab")
	}
}

// TestCompletionClue checks the case of the issue: after "shows D" in Clue,
// Tab offers the asked item that starts with D, neither the command delete
// nor the player dave.
func TestCompletionClue(t *testing.T) {
	ps, _ := newTestSession(t, "clue", &scriptedTerm{})
	for _, l := range []string{"preset cluedo", "players alice bob carol dave", "seat dave"} {
		if err := ps.s.Apply(l); err != nil {
			t.Fatal(err)
		}
	}
	c := &completer{words: ps.words}
	line := []rune("alice asks Green Candlestick DiningRoom: bob shows D")
	got, n := c.Do(line, len(line))
	var words []string
	for _, g := range got {
		words = append(words, "D"+strings.TrimSpace(string(g)))
	}
	if n != 1 || !slices.Equal(words, []string{"DiningRoom"}) {
		t.Fatalf("completions %q (%d typed), want DiningRoom alone", words, n)
	}
	for _, w := range words {
		if strings.EqualFold(w, "delete") || strings.EqualFold(w, "dave") {
			t.Errorf("completions %q hold %q", words, w)
		}
	}
	line = []rune("d")
	got, _ = c.Do(line, len(line))
	if !slices.ContainsFunc(got, func(r []rune) bool { return string(r) == "elete " }) || !slices.ContainsFunc(got, func(r []rune) bool { return string(r) == "ave " }) {
		t.Errorf("at the start of a line, d offers %q; want delete and dave among them", got)
	}
}

// TestPromptSetupNewcomer checks the setup a newcomer meets: each question
// lists what it accepts (the deck's names, the players, the cards of a
// hand grouped by kind), Tab completes them, "help" and "?" explain the
// question and ask it again, and Ctrl-C clears the line and asks it again
// with the answers before it kept.
func TestPromptSetupNewcomer(t *testing.T) {
	in := &scriptedTerm{answers: []string{"?", "", "alice,bob,carol", ctrlC, "help", "carol", "Pl" + ctrlC, "Plum Knife Hall Study Rope Lounge"}}
	ps, out := newTestSession(t, "clue", in)
	in.complete = ps.words
	ps.promptSetup()
	want := []string{"preset cluedo", "players alice bob carol", "seat carol", "hand carol Plum Knife Hall Study Rope Lounge"}
	if got := ps.s.Lines(); !slices.Equal(got, want) {
		t.Fatalf("lines %q, want %q (Ctrl-C must keep the answers before)\noutput:\n%s", got, want, out)
	}
	for _, s := range []string{
		"  cluedo cardgame cardgame-advanced\n",                // the deck question's choices
		"  alice bob carol\n",                                  // which one are you
		"  suspects: Scarlet Mustard White Green Peacock Plum", // the cards, by kind
		"  weapons: Candlestick Knife",
		"  rooms: Kitchen",
		"Type your own name, one of the players named", // help at "which one are you"
	} {
		if !strings.Contains(out.String(), s) {
			t.Errorf("the setup does not show %q:\n%s", s, out)
		}
	}
	// The completions of "Pl" at the hand question: the card, not a command.
	pl := in.completions[len(in.completions)-2]
	if !slices.Equal(pl, []string{"Plum"}) {
		t.Errorf("Tab after Pl completes %q, want Plum (completions %q)", pl, in.completions)
	}
	if ps.choices != nil {
		t.Errorf("completion still offers the setup's choices after it: %q", ps.choices)
	}
}
