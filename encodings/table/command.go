package table

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// CommandKind is what a line typed in a table session asks for: a line of
// the game, or one of the session's commands.
type CommandKind uint8

// The kinds of a [Command].
const (
	CmdNone   CommandKind = iota // nothing typed: a blank line
	CmdLine                      // a line of the game (comments included)
	CmdUndo                      // take back the last change
	CmdRedo                      // make the last change taken back again
	CmdEdit                      // replace line N (by Arg, or by a line asked for when Arg is "")
	CmdDelete                    // remove line N
	CmdHelp                      // the commands, or help on the topic Arg
	CmdWhy                       // explain the fact Arg
	CmdOdds                      // every report of the game
	CmdAdvise                    // advice, with the game's arguments Arg
	CmdSheet                     // redraw the sheet
	CmdLog                       // the lines, numbered
	CmdSave                      // save the log now, or to the file Arg
	CmdQuit                      // leave the session
)

// Command is one line typed in a table session, parsed by [ParseCommand].
type Command struct {
	Kind CommandKind
	// Arg is the rest of the line after the command's word (and after
	// the line number of edit), trimmed: the fact of why, the arguments
	// of advise, the topic of help, the file of save, the new text of
	// edit. For CmdLine it is the game's line: the line as typed, or
	// without its "!" and the white space around it.
	Arg string
	// N is the line number of edit and delete (see the package
	// documentation: the first line after the header is line 1).
	N int
	// All is set for "odds all" and "advise all ...": the whole answer,
	// not only what fits the screen (see [FitAnswer]). The word "all" is
	// not part of Arg.
	All bool
}

// commandInfo is one session command: its name, other names, arguments
// and one line of help.
type commandInfo struct {
	kind    CommandKind
	name    string
	aliases []string
	args    string
	summary string
}

// commands are the session commands in the order help lists them.
var commands = []commandInfo{
	{CmdSheet, "sheet", nil, "", "redraw the whole deduction sheet"},
	{CmdOdds, "odds", []string{"report"}, "[all]", "the reports, decision first (\"odds all\": every line)"},
	{CmdWhy, "why", nil, "FACT", "the lines that force FACT (\"help why\": the facts)"},
	{CmdAdvise, "advise", []string{"advice"}, "[all] [ARGS]", "advice for your seat, best first (\"help advise\": ARGS)"},
	{CmdUndo, "undo", nil, "", "take back the last change (line added, edited, deleted)"},
	{CmdRedo, "redo", nil, "", "make the last change taken back again"},
	{CmdLog, "log", []string{"lines"}, "", "the game's lines, numbered, and where the log is saved"},
	{CmdEdit, "edit", nil, "N [LINE]", "replace line N and re-solve; alone, edit the old text"},
	{CmdDelete, "delete", []string{"del"}, "N", "remove line N and re-solve"},
	{CmdSave, "save", nil, "[FILE]", "save the log now, or to FILE and keep saving there"},
	{CmdHelp, "help", []string{"?"}, "[TOPIC]", "this list; \"help lines\": the game's lines; \"help why\""},
	{CmdQuit, "quit", []string{"exit"}, "", "leave; the log is saved already"},
}

// String is the command's name ("undo"), or "line" and "none".
func (k CommandKind) String() string {
	switch k {
	case CmdNone:
		return "none"
	case CmdLine:
		return "line"
	}
	for _, c := range commands {
		if c.kind == k {
			return c.name
		}
	}
	return fmt.Sprintf("CommandKind(%d)", uint8(k))
}

// lookupCommand finds the command named word (a name or an alias, any case).
func lookupCommand(word string) (commandInfo, bool) {
	w := strings.ToLower(word)
	for _, c := range commands {
		if c.name == w {
			return c, true
		}
		for _, a := range c.aliases {
			if a == w {
				return c, true
			}
		}
	}
	return commandInfo{}, false
}

// IsCommandWord reports whether word, as the first word of a typed line,
// makes the line a session command: a command's name or one of its other
// names ("report", "advice", "lines", "del", "?", "exit"), in any case.
func IsCommandWord(word string) bool {
	_, ok := lookupCommand(word)
	return ok
}

// CommandOf is the kind of the command named word (a name or an alias,
// in any case), and false when word names no command.
func CommandOf(word string) (CommandKind, bool) {
	c, ok := lookupCommand(word)
	return c.kind, ok
}

// CommandWords are the names of the session commands, in the order help
// lists them: the words worth completing at the start of a typed line.
func CommandWords() []string {
	w := make([]string, len(commands))
	for i, c := range commands {
		w[i] = c.name
	}
	return w
}

// ErrNoFact is the error of [ParseCommand] for "why" with no fact; a
// front end may say more, with an example of the game's facts
// ([WhyExample]).
var ErrNoFact = errors.New(`why what? (expected a fact: "help why" shows them)`)

// ParseCommand parses a line typed in a table session. A line whose first
// word is a command's ([IsCommandWord]) is that command; a line starting
// with "!" is a line of the game even when it starts like a command (for a
// player named "log", say); every other line, comments included, is a line
// of the game, kept as typed; a blank line is CmdNone.
//
// It returns an error for a command whose arguments are wrong: edit and
// delete without a line number, why without a fact, and arguments given to
// a command that takes none. Whether line N exists is for the session to
// say.
func ParseCommand(line string) (Command, error) {
	t := strings.TrimSpace(line)
	if t == "" {
		return Command{Kind: CmdNone}, nil
	}
	if game, ok := strings.CutPrefix(t, "!"); ok {
		return Command{Kind: CmdLine, Arg: strings.TrimSpace(game)}, nil
	}
	word, rest := t, ""
	if i := strings.IndexAny(t, " \t"); i >= 0 {
		word, rest = t[:i], t[i+1:]
	}
	rest = strings.TrimSpace(rest)
	c, ok := lookupCommand(word)
	if !ok {
		return Command{Kind: CmdLine, Arg: line}, nil
	}
	cmd := Command{Kind: c.kind, Arg: rest}
	switch c.kind {
	case CmdEdit, CmdDelete:
		num, text := rest, ""
		if i := strings.IndexAny(rest, " \t"); i >= 0 {
			num, text = rest[:i], rest[i+1:]
		}
		n, err := strconv.Atoi(num)
		if err != nil || n < 1 {
			return Command{}, fmt.Errorf("expected a line number, as in %q (\"log\" shows them)", usageOf(c))
		}
		if c.kind == CmdDelete && strings.TrimSpace(text) != "" {
			return Command{}, fmt.Errorf("delete takes one line number, as in %q", usageOf(c))
		}
		cmd.N, cmd.Arg = n, strings.TrimSpace(text)
	case CmdWhy:
		if rest == "" {
			return Command{}, ErrNoFact
		}
	case CmdOdds:
		if strings.EqualFold(rest, "all") {
			cmd.All, cmd.Arg = true, ""
		} else if rest != "" {
			return Command{}, fmt.Errorf("odds takes no arguments but \"all\", not %q (\"odds all\" shows every table)", rest)
		}
	case CmdAdvise:
		first, more, _ := strings.Cut(rest, " ")
		if strings.EqualFold(first, "all") {
			cmd.All, cmd.Arg = true, strings.TrimSpace(more)
		}
	case CmdSheet, CmdUndo, CmdRedo, CmdLog, CmdQuit:
		if rest != "" {
			return Command{}, fmt.Errorf("%s takes no arguments, not %q", c.name, rest)
		}
	}
	return cmd, nil
}

// usageOf is the command with its arguments: "edit N [LINE]".
func usageOf(c commandInfo) string {
	return strings.TrimSpace(c.name + " " + c.args)
}

// CommandHelp is the help of a table session of the game def, as text of
// lines ending in a newline: with topic "", the list of commands; "lines"
// (or "grammar", "game", the game's name), the forms of the game's lines
// ([Help.Lines]); "why", "odds" and "advise", the command and the game's
// own text for it ([Help.Why], [Help.Odds], [Help.Advise]); any other
// command (by any of its names), its line of help. An unknown topic is an
// error naming the topics.
func CommandHelp(def Definition, topic string) (string, error) {
	topic = strings.ToLower(strings.TrimSpace(topic))
	var b strings.Builder
	switch topic {
	case "":
		fmt.Fprintf(&b, "Type a line of %s (\"help lines\" shows the forms), or a command:\n", def.Title)
		for _, c := range commands {
			fmt.Fprintf(&b, "  %-19s %s\n", usageOf(c), c.summary)
		}
		b.WriteString("Lines starting with # are comments, kept in the log; ! starts a game line that\n")
		b.WriteString("begins like a command. Tab completes cards, players and commands.\n")
		return b.String(), nil
	case "lines", "grammar", "game", def.Name:
		if def.Help.Lines == "" {
			return fmt.Sprintf("See docs/rules for the lines of %s.\n", def.Title), nil
		}
		return withNewline(def.Help.Lines), nil
	}
	c, ok := lookupCommand(topic)
	if !ok {
		return "", fmt.Errorf("no help on %q; the topics are the commands and \"lines\"", topic)
	}
	summary := c.summary
	if i := strings.Index(summary, ` ("help `); i > 0 {
		summary = summary[:i] // the hint that leads here
	}
	fmt.Fprintf(&b, "%s\n  %s\n", usageOf(c), summary)
	var own string
	switch c.kind {
	case CmdWhy:
		own = def.Help.Why
	case CmdOdds:
		own = def.Help.Odds
	case CmdAdvise:
		own = def.Help.Advise
	}
	if own != "" {
		b.WriteString(withNewline(own))
	}
	if ex := WhyExample(def); c.kind == CmdWhy && ex != "" {
		fmt.Fprintf(&b, "For example: why %s\n", ex)
	}
	return b.String(), nil
}

// WhyExample is the first fact quoted in the game's [Help.Why] ("alice
// 3H" in `A fact is a holder and a card: "alice 3H", ...`), or "" when it
// quotes none. A fact names a holder and a card: a quoted single word
// ("spade" in `a player and "spade"`) is not one.
func WhyExample(def Definition) string {
	rest := def.Help.Why
	for {
		_, after, ok := strings.Cut(rest, `"`)
		if !ok {
			return ""
		}
		ex, more, ok := strings.Cut(after, `"`)
		if !ok {
			return ""
		}
		if len(strings.Fields(ex)) >= 2 {
			return ex
		}
		rest = more
	}
}

func withNewline(s string) string {
	if strings.HasSuffix(s, "\n") {
		return s
	}
	return s + "\n"
}

// WhySuggestion is a fact "why" explains on the sheet g: the first ✓ cell
// ("alice 3H", its holder and card), or else the first ✗ cell ("not bob
// 5S"); "" when no cell is settled. Unlike [WhyExample], it is a fact the
// lines force, so "why" followed by it is answered.
func WhySuggestion(g *Grid) string {
	if g == nil {
		return ""
	}
	for _, mark := range []Mark{Yes, No} {
		for _, r := range g.Rows {
			for j, c := range r.Cells {
				if c.Mark != mark || j >= len(g.Holders) {
					continue
				}
				fact := g.Holders[j] + " " + r.Card
				if mark == No {
					fact = "not " + fact
				}
				return fact
			}
		}
	}
	return ""
}
