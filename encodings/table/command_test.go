package table

import (
	"strings"
	"testing"
)

// TestParseCommand checks how typed lines become commands: every command
// by each of its names, the arguments each takes, the lines that stay the
// game's, and the arguments refused.
func TestParseCommand(t *testing.T) {
	tests := []struct {
		line string
		want Command
		err  string // a part of the error, "" for none
		why  string
	}{
		{"", Command{Kind: CmdNone}, "", "a blank line is nothing"},
		{"   \t", Command{Kind: CmdNone}, "", "white space is nothing"},
		{"ask bob carol 6S..8C = 3", Command{Kind: CmdLine, Arg: "ask bob carol 6S..8C = 3"}, "", "a game line"},
		{"  alice asks Plum Knife Hall: bob shows ", Command{Kind: CmdLine, Arg: "  alice asks Plum Knife Hall: bob shows "}, "", "a game line is kept as typed"},
		{"# a comment", Command{Kind: CmdLine, Arg: "# a comment"}, "", "a comment is a game line, kept in the log"},
		{"!log asks Plum Knife Hall: bob shows", Command{Kind: CmdLine, Arg: "log asks Plum Knife Hall: bob shows"}, "", "! makes a line the game's even when it starts like a command"},
		{" ! undo has 3H", Command{Kind: CmdLine, Arg: "undo has 3H"}, "", "! after white space"},
		{"undo", Command{Kind: CmdUndo}, "", "undo"},
		{"UNDO", Command{Kind: CmdUndo}, "", "commands in any case"},
		{"redo", Command{Kind: CmdRedo}, "", "redo"},
		{"undo 2", Command{}, "takes no arguments", "undo takes no arguments"},
		{"edit 3 ask bob carol 6S..8C = 2", Command{Kind: CmdEdit, N: 3, Arg: "ask bob carol 6S..8C = 2"}, "", "edit with the new text"},
		{"edit 3", Command{Kind: CmdEdit, N: 3}, "", "edit alone asks for the text"},
		{"edit\t4\tbob has A", Command{Kind: CmdEdit, N: 4, Arg: "bob has A"}, "", "tabs separate words"},
		{"edit x", Command{}, "expected a line number", "edit needs a number"},
		{"edit", Command{}, "expected a line number", "edit needs a number"},
		{"edit 0 x", Command{}, "expected a line number", "lines start at 1"},
		{"delete 5", Command{Kind: CmdDelete, N: 5}, "", "delete"},
		{"del 5", Command{Kind: CmdDelete, N: 5}, "", "del is delete"},
		{"delete x", Command{}, `"delete N"`, "delete needs a number"},
		{"delete 5 6", Command{}, "one line number", "delete takes one number"},
		{"help", Command{Kind: CmdHelp}, "", "help"},
		{"help why", Command{Kind: CmdHelp, Arg: "why"}, "", "help on a topic"},
		{"?", Command{Kind: CmdHelp}, "", "? is help"},
		{"why not bob 5S", Command{Kind: CmdWhy, Arg: "not bob 5S"}, "", "why takes a fact"},
		{"why", Command{}, ErrNoFact.Error(), "why needs a fact"},
		{"odds", Command{Kind: CmdOdds}, "", "odds"},
		{"report", Command{Kind: CmdOdds}, "", "report is odds"},
		{"odds all", Command{Kind: CmdOdds, All: true}, "", "odds all: every table, not only what fits the screen"},
		{"odds ALL", Command{Kind: CmdOdds, All: true}, "", "all in any case"},
		{"odds most", Command{}, `"odds all"`, "odds takes only all, and says so"},
		{"advise all 3H 5S 5S", Command{Kind: CmdAdvise, All: true, Arg: "3H 5S 5S"}, "", "advise all: the whole table, all not an argument of the game"},
		{"advise all", Command{Kind: CmdAdvise, All: true}, "", "advise all with no arguments"},
		{"advise allan", Command{Kind: CmdAdvise, Arg: "allan"}, "", "a word that starts like all is the game's"},
		{"advise 3H 5S 5S", Command{Kind: CmdAdvise, Arg: "3H 5S 5S"}, "", "advise takes the game's arguments"},
		{"advice", Command{Kind: CmdAdvise}, "", "advice is advise"},
		{"sheet", Command{Kind: CmdSheet}, "", "sheet"},
		{"log", Command{Kind: CmdLog}, "", "log"},
		{"lines", Command{Kind: CmdLog}, "", "lines is log"},
		{"save", Command{Kind: CmdSave}, "", "save now"},
		{"save friday.log", Command{Kind: CmdSave, Arg: "friday.log"}, "", "save to a file"},
		{"quit", Command{Kind: CmdQuit}, "", "quit"},
		{"exit", Command{Kind: CmdQuit}, "", "exit is quit"},
		{"logan has 3H", Command{Kind: CmdLine, Arg: "logan has 3H"}, "", "a word that starts like a command is not one"},
	}
	for _, tt := range tests {
		got, err := ParseCommand(tt.line)
		switch {
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("%s: ParseCommand(%q) error %v, want one containing %q", tt.why, tt.line, err, tt.err)
		case tt.err == "" && err != nil:
			t.Errorf("%s: ParseCommand(%q): %v", tt.why, tt.line, err)
		case tt.err == "" && got != tt.want:
			t.Errorf("%s: ParseCommand(%q) = %+v, want %+v", tt.why, tt.line, got, tt.want)
		}
	}
}

// TestCommandWords checks that completion offers every command by its
// name, that each is a command word, and that kinds print as their names.
func TestCommandWords(t *testing.T) {
	words := CommandWords()
	if len(words) != len(commands) {
		t.Fatalf("%d words for %d commands", len(words), len(commands))
	}
	for _, w := range words {
		if !IsCommandWord(w) || !IsCommandWord(strings.ToUpper(w)) {
			t.Errorf("%q is not a command word", w)
		}
		if k, ok := CommandOf(strings.ToUpper(w)); !ok || k.String() != w {
			t.Errorf("CommandOf(%q) = %v, %v", w, k, ok)
		}
	}
	for _, w := range []string{"ask", "players", "", "hand"} {
		if _, ok := CommandOf(w); ok || IsCommandWord(w) {
			t.Errorf("%q is a command word", w)
		}
	}
	if CmdLine.String() != "line" || CmdNone.String() != "none" || CmdUndo.String() != "undo" {
		t.Errorf("kind names: %v %v %v", CmdLine, CmdNone, CmdUndo)
	}
}

// TestCommandHelp checks that the help of a session is the game's own:
// "help why" shows the game's facts and an example taken from them, "help
// odds" and "help advise" the game's texts, "help lines" its lines.
func TestCommandHelp(t *testing.T) {
	def := Definition{
		Name:  "cards",
		Title: "Cards",
		Help: Help{
			Lines:  "Lines of Cards:\n  NAME has CARD",
			Why:    `A fact is a holder and an item: "bob Knife", "not envelope Plum".`,
			Odds:   "The envelope's odds.",
			Advise: `"advise" ranks your questions.`,
		},
	}
	tests := []struct {
		topic string
		want  []string // parts of the text
		not   []string // text that must not be there
		err   bool
	}{
		{"", []string{"Type a line of Cards", "why FACT", "undo", "edit N [LINE]", "quit"}, []string{"alice 3H", "murder"}, false},
		{"why", []string{"why FACT", `A fact is a holder and an item: "bob Knife"`, "\nFor example: why bob Knife\n"}, []string{"alice 3H"}, false},
		{"WHY", []string{"For example: why bob Knife"}, nil, false},
		{"odds", []string{"The envelope's odds.\n"}, []string{"murder"}, false},
		{"report", []string{"The envelope's odds."}, nil, false},
		{"advise", []string{`"advise" ranks your questions.`}, nil, false},
		{"lines", []string{"Lines of Cards:\n  NAME has CARD\n"}, nil, false},
		{"cards", []string{"Lines of Cards:"}, nil, false},
		{"undo", []string{"undo\n  take back the last change"}, nil, false},
		{"del", []string{"delete N\n"}, nil, false},
		{"nothing", nil, nil, true},
	}
	for _, tt := range tests {
		got, err := CommandHelp(def, tt.topic)
		if tt.err {
			if err == nil {
				t.Errorf("help %q: no error", tt.topic)
			}
			continue
		}
		if err != nil {
			t.Errorf("help %q: %v", tt.topic, err)
			continue
		}
		for _, w := range tt.want {
			if !strings.Contains(got, w) {
				t.Errorf("help %q lacks %q:\n%s", tt.topic, w, got)
			}
		}
		for _, w := range tt.not {
			if strings.Contains(got, w) {
				t.Errorf("help %q holds %q:\n%s", tt.topic, w, got)
			}
		}
		if !strings.HasSuffix(got, "\n") {
			t.Errorf("help %q does not end in a newline", tt.topic)
		}
		for _, l := range strings.Split(got, "\n") {
			if len([]rune(l)) > 80 {
				t.Errorf("help %q: line longer than 80 columns: %q", tt.topic, l)
			}
		}
	}
	if got, _ := CommandHelp(Definition{Title: "Bare"}, "lines"); !strings.Contains(got, "docs/rules") {
		t.Errorf("a game with no Help.Lines: %q", got)
	}
}

// TestWhyExample checks the example fact taken from a game's help.
func TestWhyExample(t *testing.T) {
	for _, tt := range []struct{ why, want string }{
		{`A fact: "alice 3H", "not bob 5S".`, "alice 3H"},
		{`no quotes`, ""},
		{`one "quote`, ""},
		{`a player and "spade": "bob QS"`, "bob QS"}, // a single word is no fact: "why spade" is refused
	} {
		if got := WhyExample(Definition{Help: Help{Why: tt.why}}); got != tt.want {
			t.Errorf("WhyExample(%q) = %q, want %q", tt.why, got, tt.want)
		}
	}
}
