package main

// gumshoe play GAME [flags]
// gumshoe play --resume FILE
//
// Play keeps the deduction sheet during a real game: each line typed is an
// observation in the game's grammar (see "help lines") or a session command
// (see "help"; the command language is table.ParseCommand). After every
// observation the sheet is redrawn with the cells that changed highlighted,
// and the game log is saved atomically, so that the game survives the
// process being killed at any moment; --resume FILE continues it.
// docs/cli.md is the full manual.

import (
	"bufio"
	"fmt"
	"io"
	"os"

	"github.com/spf13/pflag"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

func init() {
	register(command{
		name:    "play",
		summary: "keep the deduction sheet during a game at the table",
		usage:   "GAME [flags]  |  play --resume FILE",
		help: `GAME is the game played: ` + games.Names() + `. The setup flags stand for
the game's first lines; with none at a terminal, the session asks for them.
Then type what happens at the table, one line at a time, or a session
command ("help" lists them). --resume FILE continues a saved game.

Piped input is read as typed lines; the exit status is then 1 when a line
was refused.

Example: gumshoe play dod --players alice,bob,carol,dave --me dave --hand 8S,8H,AC,2C,4C,5C
`,
		run: runPlay,
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

// hasSetup reports whether a setup flag is given.
func (o playOptions) hasSetup() bool {
	return o.players != "" || o.me != "" || o.hand != "" || o.deck != "" || len(o.setup) > 0
}

func runPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags(commands["play"], stdout, stderr)
	o := playFlags(fs)
	if code, ok := parseArgs(fs, args, 0, 1, "one game: "+games.Names()); !ok {
		return code
	}
	p, code := playPainter(fs, o.color, stdout)
	if p == nil {
		return code
	}
	ps := &playSession{out: stdout, p: p}
	script, code := ps.start(fs, o)
	if code != exitOK {
		return code
	}
	in, err := openReader(stdin, stdout, ps.words)
	if err != nil {
		return exitWith(fs, err)
	}
	defer in.close()
	ps.in = in
	ps.loop(script, o.example)
	switch {
	case ps.saveErr != nil:
		fmt.Fprintf(stderr, "gumshoe play: the game log could not be saved: %v\n", ps.saveErr)
		return exitError
	case ps.refusals > 0 && !in.interactive():
		fmt.Fprintf(stderr, "gumshoe play: %d of the lines read were refused or failed\n", ps.refusals)
		return exitError
	}
	return exitOK
}

// playFlags defines the flags of play on fs.
func playFlags(fs *pflag.FlagSet) *playOptions {
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
	return &o
}

// playPainter is the painter --color asks for; nil and the exit code when
// the flag is wrong.
func playPainter(fs *pflag.FlagSet, mode string, stdout io.Writer) (*painter, int) {
	switch mode {
	case "auto":
		return newPainter(isTerminal(stdout) && os.Getenv("NO_COLOR") == "" && os.Getenv("TERM") != "dumb"), exitOK
	case "always":
		return newPainter(true), exitOK
	case "never":
		return newPainter(false), exitOK
	}
	return nil, usageError(fs, "--color is auto, always or never, not %q", mode)
}

// start makes the session's game from the flags: resumed, from the setup
// flags, or the built-in example, whose lines it returns to be played as
// if typed. It creates the log.
func (ps *playSession) start(fs *pflag.FlagSet, o *playOptions) (script []string, code int) {
	if o.noLog && o.log != "" {
		return nil, usageError(fs, "--log and --no-log contradict each other")
	}
	if o.resume != "" {
		if o.hasSetup() || o.example || o.log != "" || o.noLog {
			return nil, usageError(fs, "--resume continues a saved game: it takes no setup, --example, --log or --no-log")
		}
		return nil, ps.resume(fs, o.resume, fs.Arg(0))
	}
	if fs.NArg() == 0 {
		return nil, usageError(fs, "name the game (%s), or --resume FILE", games.Names())
	}
	def, err := games.Lookup(fs.Arg(0))
	if err != nil {
		return nil, usageError(fs, "%v", err)
	}
	ps.def = def
	ps.s = table.NewSession(def.New)
	if o.example {
		if o.hasSetup() {
			return nil, usageError(fs, "--example sets up its own game: it takes no setup flags")
		}
		if def.Example == "" {
			return nil, usageError(fs, "%s has no built-in example", def.Title)
		}
		l, err := table.ParseLog([]byte(def.Example))
		if err != nil {
			return nil, exitWith(fs, fmt.Errorf("the built-in example is broken: %w", err))
		}
		script = l.Lines
	}
	lines, err := setupLines(def, *o)
	if err != nil {
		return nil, usageError(fs, "%v", err)
	}
	for _, line := range lines {
		if err := ps.s.Apply(line); err != nil {
			return nil, usageError(fs, "setup line %q: %v", line, err)
		}
	}
	if table.KeepsLog(o.log, o.noLog, o.example) {
		if code := ps.createLog(fs, o.log); code != exitOK {
			return nil, code
		}
	}
	return script, exitOK
}

// openReader is the reader of typed lines: line editing at a terminal,
// plain lines otherwise.
func openReader(stdin io.Reader, stdout io.Writer, complete func(line []rune, start int) []string) (lineReader, error) {
	if isTerminal(stdin) && isTerminal(stdout) {
		return newTermReader(stdout, complete, historyFile())
	}
	return &plainReader{in: bufio.NewReader(stdin), out: stdout, echo: true}, nil
}

// loop runs the session: the intro, the setup questions, the script of
// the example, then the lines typed, until quit or the end of the input.
func (ps *playSession) loop(script []string, example bool) {
	ps.intro(example)
	if len(ps.s.Lines()) > 0 {
		ps.redraw(false)
	}
	if ps.in.interactive() && len(ps.s.Lines()) == 0 && len(script) == 0 && len(ps.def.Questions) > 0 && ps.def.Setup != nil {
		ps.promptSetup()
	}
	for {
		var line string
		if len(script) > 0 {
			line, script = script[0], script[1:]
			fmt.Fprintf(ps.out, "%s%s\n", ps.prompt(), line)
		} else {
			var err error
			stop := ps.refineWhileWaiting()
			line, err = ps.in.readLine(ps.prompt(), "")
			stop()
			if err == errInterrupt {
				continue
			}
			if err != nil {
				return // end of input: the log is saved already
			}
		}
		if ps.handle(line) {
			return
		}
	}
}
