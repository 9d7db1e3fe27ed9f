package main

// gumshoe play <game> [flags]
// gumshoe play --resume FILE
//
// Play keeps the deduction sheet during a real game: each line typed is an
// observation in the game's grammar (see "help lines") or a session command
// (see "help"). After every observation the sheet is redrawn with the cells
// that changed highlighted, and the game log is saved atomically, so that
// the game survives the process being killed at any moment; --resume FILE
// continues it. docs/cli.md is the full manual.

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

func init() {
	register(command{
		name:    "play",
		summary: "keep the deduction sheet during a game at the table",
		usage:   "<game> [flags]  |  play --resume FILE",
		run:     runPlay,
	})
}

// sessionCommands are the words a typed line may start with to be a session
// command rather than an observation, with their help.
var sessionCommands = []struct{ name, args, help string }{
	{"sheet", "", "redraw the whole deduction sheet"},
	{"odds", "", "every report: murder card, murderer, envelope, accusation"},
	{"why", "<fact>", "the lines that force a fact: \"why alice 3H\", \"why not bob 5S\""},
	{"advise", "[args]", "advice for your seat (arguments: see \"help lines\")"},
	{"undo", "", "take back the last change (a line added, edited or deleted)"},
	{"redo", "", "make the last change taken back again"},
	{"log", "", "the game's lines, numbered, and where the log is saved"},
	{"edit", "N [line]", "replace line N and re-solve; alone, edit the old text"},
	{"delete", "N", "remove line N and re-solve"},
	{"save", "[file]", "save the log now, or to file and keep saving there"},
	{"help", "[topic]", "this list; \"help lines\": the game's lines; \"help why\""},
	{"quit", "", "leave; the log is saved already (--resume FILE goes on)"},
}

// isSessionCommand reports whether word names a session command.
func isSessionCommand(word string) bool {
	switch strings.ToLower(word) {
	case "exit", "report", "advice", "lines", "del", "?":
		return true
	}
	return slices.ContainsFunc(sessionCommands, func(c struct{ name, args, help string }) bool {
		return c.name == strings.ToLower(word)
	})
}

// playOptions are the flags of "gumshoe play".
type playOptions struct {
	players, me, hand, deck string
	setup                   []string
	log                     string
	noLog                   bool
	resume                  string
	example                 bool
	color                   string
}

func runPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("play", stderr)
	var o playOptions
	fs.StringVar(&o.players, "players", "", "the players in seat order, comma-separated (alice,bob,me)")
	fs.StringVar(&o.me, "me", "", "which of the players is you")
	fs.StringVar(&o.hand, "hand", "", "your cards, comma- or space-separated")
	fs.StringVar(&o.deck, "deck", "", "the deck or preset, for games that have several")
	fs.StringArrayVar(&o.setup, "setup", nil, "a setup line in the game's grammar, applied first (repeatable)")
	fs.StringVar(&o.log, "log", "", "the game log to create (default: a new file in the data directory)")
	fs.BoolVar(&o.noLog, "no-log", false, "keep no game log")
	fs.StringVar(&o.resume, "resume", "", "continue the game saved in this log")
	fs.BoolVar(&o.example, "example", false, "play the game's built-in example, then go on from it")
	fs.StringVar(&o.color, "color", "auto", "colour: auto (when writing to a terminal and NO_COLOR is unset), always or never")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() > 1 {
		fmt.Fprintf(stderr, "gumshoe play: one game at a time, not %q\n", fs.Args())
		return exitUsage
	}
	if o.noLog && o.log != "" {
		fmt.Fprintln(stderr, "gumshoe play: --log and --no-log contradict each other")
		return exitUsage
	}
	var p *painter
	switch o.color {
	case "auto":
		p = newPainter(isTerminal(stdout) && os.Getenv("NO_COLOR") == "" && os.Getenv("TERM") != "dumb")
	case "always":
		p = newPainter(true)
	case "never":
		p = newPainter(false)
	default:
		fmt.Fprintf(stderr, "gumshoe play: --color is auto, always or never, not %q\n", o.color)
		return exitUsage
	}

	ps := &playSession{out: stdout, p: p}
	var script []string
	hasSetupFlags := o.players != "" || o.me != "" || o.hand != "" || o.deck != "" || len(o.setup) > 0
	switch {
	case o.resume != "":
		if hasSetupFlags || o.example || o.log != "" || o.noLog {
			fmt.Fprintln(stderr, "gumshoe play: --resume continues a saved game: it takes no setup, --example, --log or --no-log")
			return exitUsage
		}
		if code := ps.resume(o.resume, fs.Arg(0), stderr); code != exitOK {
			return code
		}
	default:
		if fs.NArg() == 0 {
			fmt.Fprintf(stderr, "gumshoe play: name the game (%s), or --resume FILE\n", games.Names())
			return exitUsage
		}
		def, ok := games.Find(fs.Arg(0))
		if !ok {
			fmt.Fprintf(stderr, "gumshoe play: %v\n", &table.UnknownGameError{Name: fs.Arg(0), Known: games.Names()})
			return exitUsage
		}
		ps.def = def
		ps.s = table.NewSession(def.New)
		if o.example {
			if hasSetupFlags {
				fmt.Fprintln(stderr, "gumshoe play: --example sets up its own game: it takes no setup flags")
				return exitUsage
			}
			if def.Example == "" {
				fmt.Fprintf(stderr, "gumshoe play: %s has no built-in example\n", def.Title)
				return exitUsage
			}
			l, err := table.ParseLog([]byte(def.Example))
			if err != nil {
				fmt.Fprintf(stderr, "gumshoe play: the built-in example is broken: %v\n", err)
				return exitError
			}
			script = l.Lines
		}
		lines, err := setupLines(def, o)
		if err != nil {
			fmt.Fprintf(stderr, "gumshoe play: %v\n", err)
			return exitUsage
		}
		for _, line := range lines {
			if err := ps.s.Apply(line); err != nil {
				fmt.Fprintf(stderr, "gumshoe play: setup line %q: %v\n", line, err)
				return exitError
			}
		}
		if !o.noLog && (!o.example || o.log != "") {
			if code := ps.createLog(o.log, stderr); code != exitOK {
				return code
			}
		}
	}

	// The reader: line editing at a terminal, plain lines otherwise.
	var in lineReader
	if isTerminal(stdin) && isTerminal(stdout) {
		tr, err := newTermReader(stdout, ps.words, historyFile())
		if err != nil {
			fmt.Fprintf(stderr, "gumshoe play: %v\n", err)
			return exitError
		}
		in = tr
	} else {
		in = &plainReader{in: bufio.NewReader(stdin), out: stdout, echo: true}
	}
	defer in.close()
	ps.in = in

	ps.intro(o.example)
	if len(ps.s.Lines()) > 0 {
		ps.redraw(false)
	}
	if in.interactive() && len(ps.s.Lines()) == 0 && len(script) == 0 && len(ps.def.Questions) > 0 {
		ps.promptSetup()
	}
	for {
		var line string
		if len(script) > 0 {
			line, script = script[0], script[1:]
			fmt.Fprintf(stdout, "%s%s\n", ps.prompt(), line)
		} else {
			var err error
			line, err = in.readLine(ps.prompt(), "")
			if err == errInterrupt {
				continue
			}
			if err != nil {
				break // end of input: the log is saved already
			}
		}
		if ps.handle(line) {
			break
		}
	}
	if ps.saveErr != nil {
		fmt.Fprintf(stderr, "gumshoe play: the game log could not be saved: %v\n", ps.saveErr)
		return exitError
	}
	return exitOK
}

// setupLines are the game lines the setup flags stand for.
func setupLines(def table.Definition, o playOptions) ([]string, error) {
	var lines []string
	if o.players != "" || o.me != "" || o.hand != "" || o.deck != "" {
		if def.Setup == nil {
			return nil, fmt.Errorf("%s takes its setup as lines (--setup LINE, or typed); see \"help lines\" in a session", def.Title)
		}
		l, err := def.Setup(table.Setup{
			Players: splitList(o.players),
			Me:      strings.TrimSpace(o.me),
			Hand:    splitList(o.hand),
			Deck:    strings.TrimSpace(o.deck),
		})
		if err != nil {
			return nil, err
		}
		lines = l
	}
	return append(lines, o.setup...), nil
}

// splitList splits a comma- or space-separated list.
func splitList(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
}

// playSession is a table session at work.
type playSession struct {
	def      table.Definition
	s        *table.Session
	out      io.Writer
	p        *painter
	in       lineReader
	logPath  string   // "" when no log is kept
	preamble []string // comments before the header of a resumed log, kept
	prev     *table.Grid
	saveErr  error // the last failure to save, nil once a save succeeds
}

// resume loads the log in path and rebuilds its game.
func (ps *playSession) resume(path, game string, stderr io.Writer) int {
	l, err := table.LoadLog(path)
	if err != nil {
		fmt.Fprintf(stderr, "gumshoe play: %s: %v\n", path, err)
		return exitError
	}
	def, ok := games.Find(l.Game)
	if !ok {
		fmt.Fprintf(stderr, "gumshoe play: %s: line 0: %v\n", path, &table.UnknownGameError{Name: l.Game, Known: games.Names()})
		return exitError
	}
	if game != "" {
		if d, ok := games.Find(game); !ok || d.Name != def.Name {
			fmt.Fprintf(stderr, "gumshoe play: %s is a game of %s, not %s\n", path, def.Name, game)
			return exitUsage
		}
	}
	s, err := table.ResumeSession(def.New, l.Lines)
	if err != nil {
		var re *table.ReplayError
		if errors.As(err, &re) {
			fmt.Fprintf(stderr, "gumshoe play: %s: line %d %q: %v\n", path, re.Line, re.Text, re.Err)
			fmt.Fprintln(stderr, "The log is left as it is: fix or remove that line (and see the lines it names), then resume again.")
			return exitError
		}
		fmt.Fprintf(stderr, "gumshoe play: %s: %v\n", path, err)
		return exitError
	}
	ps.def, ps.s, ps.logPath, ps.preamble = def, s, path, l.Preamble
	return exitOK
}

// createLog creates the game log: path, or a new file in the data
// directory when path is "". An existing file is never overwritten.
func (ps *playSession) createLog(path string, stderr io.Writer) int {
	data, err := ps.s.Log().Bytes()
	if err != nil {
		fmt.Fprintf(stderr, "gumshoe play: %v\n", err)
		return exitError
	}
	if path == "" {
		path, err = createDefaultLog(ps.def.Name, time.Now(), data)
	} else {
		err = table.CreateFileAtomic(path, data, 0o644)
		if errors.Is(err, os.ErrExist) {
			fmt.Fprintf(stderr, "gumshoe play: %s exists: continue it with --resume %s, or name a new log\n", path, path)
			return exitUsage
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "gumshoe play: cannot create the game log: %v\n", err)
		return exitError
	}
	ps.logPath = path
	return exitOK
}

// save writes the log after a change. A failure is reported at once and
// again at the end; the game goes on in memory.
func (ps *playSession) save() {
	if ps.logPath == "" {
		return
	}
	l := ps.s.Log()
	l.Preamble = ps.preamble
	if err := l.Save(ps.logPath); err != nil {
		ps.saveErr = err
		ps.errorf("the log could not be saved (the game goes on; try \"save FILE\"): %v", err)
		return
	}
	ps.saveErr = nil
}

// words are the completions offered at the prompt.
func (ps *playSession) words() []string {
	var w []string
	for _, c := range sessionCommands {
		w = append(w, c.name)
	}
	return append(w, ps.s.Game().Words()...)
}

// prompt is the prompt for the next line: the game and the number the
// line will get.
func (ps *playSession) prompt() string {
	return fmt.Sprintf("%s %d> ", ps.def.Name, len(ps.s.Lines())+1)
}

func (ps *playSession) intro(example bool) {
	fmt.Fprintf(ps.out, "%s. Type what happens at the table, or \"help\".\n", ps.p.paint(ps.p.title, ps.def.Title))
	if example {
		fmt.Fprintln(ps.out, "The built-in example: its lines are played as if typed; then it is your turn.")
	}
	switch {
	case ps.logPath != "":
		fmt.Fprintf(ps.out, "Log: %s (saved after every line)\n", ps.logPath)
	default:
		fmt.Fprintln(ps.out, "Log: none (\"save FILE\" starts one)")
	}
}

// errorf writes a message about a refused line or command.
func (ps *playSession) errorf(format string, args ...any) {
	text := wrap("error: "+fmt.Sprintf(format, args...), "  ")
	io.WriteString(ps.out, ps.p.paint(ps.p.err, "error:")+strings.TrimPrefix(text, "error:"))
}

// notef writes a short confirmation.
func (ps *playSession) notef(format string, args ...any) {
	text := strings.TrimSuffix(wrap(fmt.Sprintf(format, args...), "  "), "\n")
	fmt.Fprintln(ps.out, ps.p.paint(ps.p.dim, text))
}

// context is the context of one computation: at a terminal, Ctrl-C cancels
// the computation and not the session.
func (ps *playSession) context() (context.Context, context.CancelFunc) {
	if ps.in != nil && ps.in.interactive() {
		return signal.NotifyContext(context.Background(), os.Interrupt)
	}
	return context.Background(), func() {}
}

// slowNotice says, at a terminal, that the sheet is being computed when that
// takes longer than a moment; the returned function ends the wait.
func (ps *playSession) slowNotice() (stop func()) {
	if ps.in == nil || !ps.in.interactive() {
		return func() {}
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		select {
		case <-done:
		case <-time.After(300 * time.Millisecond):
			ps.notef("(computing the sheet; Ctrl-C cancels)")
		}
	}()
	return func() {
		close(done)
		wg.Wait()
	}
}

// redraw draws the sheet; with highlight, the cells changed since the last
// drawing are marked and the newly settled facts listed.
func (ps *playSession) redraw(highlight bool) {
	ctx, cancel := ps.context()
	defer cancel()
	stop := ps.slowNotice()
	g, err := ps.s.Game().Sheet(ctx)
	stop()
	if errors.Is(err, context.Canceled) {
		ps.notef("(sheet not drawn: cancelled; \"sheet\" draws it)")
		return
	}
	if err != nil {
		ps.notef("(no sheet yet: %v)", err)
		return
	}
	var prev *table.Grid
	if highlight {
		prev = ps.prev
	}
	settled := drawGrid(ps.out, ps.p, g, prev)
	ps.prev = g
	io.WriteString(ps.out, settledText(settled))
}

// handle processes one typed line; it reports whether the session ends.
func (ps *playSession) handle(line string) (quit bool) {
	t := strings.TrimSpace(line)
	if t == "" {
		return false
	}
	if err := table.CheckLine(line); err != nil {
		ps.errorf("%v; nothing changed", err)
		return false
	}
	if game, ok := strings.CutPrefix(t, "!"); ok {
		// "!" makes a line the game's even when it starts like a command
		// (a player named "log", say).
		ps.observe(strings.TrimSpace(game))
		return false
	}
	word, rest, _ := strings.Cut(t, " ")
	rest = strings.TrimSpace(rest)
	if !isSessionCommand(word) {
		ps.observe(line)
		return false
	}
	ctx, cancel := ps.context()
	defer cancel()
	g := ps.s.Game()
	switch strings.ToLower(word) {
	case "quit", "exit":
		return true
	case "help", "?":
		ps.help(rest)
	case "sheet":
		ps.redraw(false)
	case "odds", "report":
		if err := g.Report(ctx, ps.out); err != nil {
			ps.errorf("%v", err)
		}
	case "why":
		if rest == "" {
			ps.errorf("why what? (expected a fact, such as \"why alice 3H\" or \"why not bob 5S\")")
			break
		}
		if err := table.Why(ctx, g, rest, ps.out); err != nil {
			ps.errorf("%v", err)
		}
	case "advise", "advice":
		if err := g.Advise(ctx, rest, ps.out); err != nil {
			ps.errorf("%v", err)
		}
	case "undo", "redo":
		before := slices.Clone(ps.s.Lines())
		var err error
		if strings.EqualFold(word, "undo") {
			err = ps.s.Undo()
		} else {
			err = ps.s.Redo()
		}
		if err != nil {
			ps.errorf("%v", err)
			break
		}
		ps.notef("%s", describeChange(before, ps.s.Lines()))
		ps.save()
		ps.redraw(true)
	case "log", "lines":
		ps.showLog()
	case "edit":
		ps.edit(rest)
	case "delete", "del":
		n, ok := ps.entryNumber(rest, "delete N")
		if !ok {
			break
		}
		old := ps.s.Lines()[n-1]
		if err := ps.s.Delete(n); err != nil {
			ps.refused(err)
			break
		}
		ps.notef("deleted line %d: %s", n, old)
		ps.save()
		ps.redraw(true)
	case "save":
		ps.saveAs(rest)
	}
	return false
}

// observe applies a line of the game's grammar.
func (ps *playSession) observe(line string) {
	if err := ps.s.Apply(line); err != nil {
		ps.refused(err)
		if le := (*table.LineError)(nil); errors.As(err, &le) && le.Col > 0 {
			showColumn(ps.out, line, le.Col)
		}
		return
	}
	ps.save()
	if table.IsComment(line) {
		return
	}
	ps.redraw(true)
}

// showColumn writes line with a caret under its 1-based byte column.
func showColumn(w io.Writer, line string, col int) {
	n := utf8.RuneCountInString(line[:min(max(col-1, 0), len(line))])
	fmt.Fprintf(w, "  %s\n  %s^\n", line, strings.Repeat(" ", n))
}

// refused explains why a line or a change was refused.
func (ps *playSession) refused(err error) {
	var (
		le *table.LineError
		ce *table.ConflictError
		re *table.ReplayError
	)
	switch {
	case errors.As(err, &re):
		ps.errorf("refused, nothing changed: line %d (%s) would no longer hold: %v", re.Line, re.Text, re.Err)
	case errors.As(err, &ce):
		ps.errorf("refused, nothing changed: this line %v", ce)
	case errors.As(err, &le):
		ps.errorf("%v; nothing changed (\"help lines\" shows the forms)", le)
	default:
		ps.errorf("%v", err)
	}
}

// entryNumber parses the line number argument of edit and delete.
func (ps *playSession) entryNumber(arg, form string) (int, bool) {
	n, err := strconv.Atoi(arg)
	if err != nil {
		ps.errorf("expected a line number, as in %q (\"log\" shows them)", form)
		return 0, false
	}
	if k := len(ps.s.Lines()); n < 1 || n > k {
		ps.errorf("no line %d: the lines are numbered 1 to %d (\"log\" shows them)", n, k)
		return 0, false
	}
	return n, true
}

// edit replaces a line: "edit N new text", or "edit N" and the new text on
// the next line (prefilled with the old one at a terminal).
func (ps *playSession) edit(arg string) {
	num, text, _ := strings.Cut(arg, " ")
	n, ok := ps.entryNumber(num, "edit N [line]")
	if !ok {
		return
	}
	old := ps.s.Lines()[n-1]
	if strings.TrimSpace(text) == "" {
		var err error
		text, err = ps.in.readLine(fmt.Sprintf("edit %d> ", n), old)
		if err != nil || strings.TrimSpace(text) == "" {
			ps.notef("edit abandoned; nothing changed")
			return
		}
	}
	text = strings.TrimSpace(text)
	if err := table.CheckLine(text); err != nil {
		ps.errorf("%v; nothing changed", err)
		return
	}
	if err := ps.s.Edit(n, text); err != nil {
		if re := (*table.ReplayError)(nil); errors.As(err, &re) && re.Line == n {
			err = re.Err // the new line itself is refused
		}
		ps.refused(err)
		if le := (*table.LineError)(nil); errors.As(err, &le) && le.Col > 0 {
			showColumn(ps.out, text, le.Col)
		}
		return
	}
	ps.notef("line %d was: %s", n, old)
	ps.notef("line %d now: %s", n, text)
	ps.save()
	ps.redraw(true)
}

// saveAs saves the log now, or to a new file that then becomes the log.
func (ps *playSession) saveAs(path string) {
	if path == "" {
		if ps.logPath == "" {
			ps.errorf("no game log yet: name one, as in \"save mygame.log\"")
			return
		}
		ps.save()
		if ps.saveErr == nil {
			ps.notef("saved to %s", ps.logPath)
		}
		return
	}
	l := ps.s.Log()
	l.Preamble = ps.preamble
	if err := l.Save(path); err != nil {
		ps.errorf("could not save to %s: %v", path, err)
		return
	}
	ps.logPath, ps.saveErr = path, nil
	ps.notef("saved to %s; the log is saved there after every line from now on", path)
}

// showLog lists the lines, numbered as edit, delete and why name them.
func (ps *playSession) showLog() {
	if ps.logPath != "" {
		ps.notef("log: %s", ps.logPath)
	}
	fmt.Fprintf(ps.out, "     %s\n", table.HeaderLine(ps.def.Name))
	for i, l := range ps.s.Lines() {
		fmt.Fprintf(ps.out, "%4d %s\n", i+1, l)
	}
}

// describeChange says how the lines changed from before to after.
func describeChange(before, after []string) string {
	i := 0
	for i < len(before) && i < len(after) && before[i] == after[i] {
		i++
	}
	switch {
	case i == len(before) && i == len(after):
		return "no change"
	case len(after) == len(before)-1 && slices.Equal(before[i+1:], after[i:]):
		return fmt.Sprintf("took back line %d: %s", i+1, before[i])
	case len(after) == len(before)+1 && slices.Equal(before[i:], after[i+1:]):
		return fmt.Sprintf("line %d is back: %s", i+1, after[i])
	case len(after) == len(before) && slices.Equal(before[i+1:], after[i+1:]):
		return fmt.Sprintf("line %d is now: %s", i+1, after[i])
	}
	return fmt.Sprintf("lines from %d on changed", i+1)
}

// help writes the list of commands, or help on one topic.
func (ps *playSession) help(topic string) {
	topic = strings.ToLower(strings.TrimSpace(topic))
	switch topic {
	case "":
		fmt.Fprintf(ps.out, "Type a line of %s (\"help lines\" shows the forms), or a command:\n", ps.def.Title)
		for _, c := range sessionCommands {
			fmt.Fprintf(ps.out, "  %-16s %s\n", strings.TrimSpace(c.name+" "+c.args), c.help)
		}
		fmt.Fprintln(ps.out, "Lines starting with # are comments, kept in the log; ! starts a game line that")
		fmt.Fprintln(ps.out, "begins like a command. Tab completes cards, players and commands.")
		return
	case "lines", "grammar", "game", ps.def.Name:
		if ps.def.Help.Lines == "" {
			fmt.Fprintf(ps.out, "See docs/rules for the lines of %s.\n", ps.def.Title)
			return
		}
		io.WriteString(ps.out, ps.def.Help.Lines)
		if !strings.HasSuffix(ps.def.Help.Lines, "\n") {
			fmt.Fprintln(ps.out)
		}
		return
	}
	for _, c := range sessionCommands {
		if c.name == topic {
			fmt.Fprintf(ps.out, "%s\n  %s\n", strings.TrimSpace(c.name+" "+c.args), c.help)
			return
		}
	}
	ps.errorf("no help on %q; the topics are the commands and \"lines\"", topic)
}

// promptSetup asks the setup questions of the game at a terminal and
// applies the lines they stand for. An empty answer stops asking: the
// player can then type the setup lines in the game's grammar.
func (ps *playSession) promptSetup() {
	for {
		var o table.Setup
		for _, q := range ps.def.Questions {
			ans, err := ps.in.readLine(q.Text+" ", "")
			if err == nil && q.Field == table.Deck && strings.TrimSpace(ans) == "" {
				continue
			}
			if err != nil || strings.TrimSpace(ans) == "" {
				ps.notef("Type the setup lines yourself (\"help lines\" shows them).")
				return
			}
			switch q.Field {
			case table.Players:
				o.Players = splitList(ans)
			case table.Me:
				o.Me = strings.TrimSpace(ans)
			case table.Hand:
				o.Hand = splitList(ans)
			case table.Deck:
				o.Deck = strings.TrimSpace(ans)
			}
		}
		lines, err := ps.def.Setup(o)
		if err == nil {
			err = ps.applyAll(lines)
		}
		if err == nil {
			ps.redraw(false)
			return
		}
		ps.errorf("%v; let us try again (an empty answer stops)", err)
	}
}

// applyAll applies setup lines, all or none.
func (ps *playSession) applyAll(lines []string) error {
	n := len(ps.s.Lines())
	for _, l := range lines {
		if err := ps.s.Apply(l); err != nil {
			for len(ps.s.Lines()) > n {
				if uerr := ps.s.Undo(); uerr != nil {
					break
				}
			}
			return fmt.Errorf("%q: %w", l, err)
		}
	}
	ps.save()
	return nil
}
