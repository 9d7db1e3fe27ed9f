package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/spf13/pflag"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// playSession is a table session at work: the game's session, where its
// log goes, and the terminal it talks to. The command language itself is
// table.ParseCommand; this file carries the commands out.
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
	refusals int   // lines refused or commands that failed

	// choices, while a setup question is asked, are the answers it
	// accepts: what Tab completes there.
	choices []string

	// probe is a copy of the game with the lines probeLines, on which
	// completion tries lines (see fitting).
	probe      table.Game
	probeLines []string
}

// resume loads the log in path and rebuilds its game; game, when not "",
// must name the log's game.
func (ps *playSession) resume(fs *pflag.FlagSet, path, game string) int {
	l, err := table.LoadLog(path)
	if err != nil {
		return exitWith(fs, fmt.Errorf("%s: %w", path, err))
	}
	def, err := games.Lookup(l.Game)
	if err != nil {
		return exitWith(fs, fmt.Errorf("%s: %w", path, &table.LogError{Line: 0, Err: err}))
	}
	if game != "" {
		if d, ok := games.Find(game); !ok || d.Name != def.Name {
			return usageError(fs, "%s is a game of %s, not %s", path, def.Name, game)
		}
	}
	s, err := table.ResumeSession(def.New, l.Lines)
	if err != nil {
		var re *table.ReplayError
		if errors.As(err, &re) {
			code := exitWith(fs, fmt.Errorf("%s: line %d %q: %w", path, re.Line, re.Text, re.Err))
			fmt.Fprintln(fs.Output(), "The log is left as it is: fix or remove that line (and see the lines it names), then resume again.")
			return code
		}
		return exitWith(fs, fmt.Errorf("%s: %w", path, err))
	}
	ps.def, ps.s, ps.logPath, ps.preamble = def, s, path, l.Preamble
	return exitOK
}

// createLog creates the game log: path, or a new file in the data
// directory when path is "". An existing file is never overwritten.
func (ps *playSession) createLog(fs *pflag.FlagSet, path string) int {
	data, err := ps.s.Log().Bytes()
	if err != nil {
		return exitWith(fs, err)
	}
	if path == "" {
		path, err = createDefaultLog(ps.def.Name, time.Now(), data)
	} else {
		err = table.CreateFileAtomic(path, data, 0o644)
		if errors.Is(err, os.ErrExist) {
			return usageError(fs, "%s exists: continue it with --resume %s, or name a new log", path, path)
		}
	}
	if err != nil {
		return exitWith(fs, fmt.Errorf("cannot create the game log: %w", err))
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
		// The path alone on its line: a path is one word, never broken.
		fmt.Fprintf(ps.out, "Log: %s\nIt is saved after every line.\n", ps.logPath)
	default:
		fmt.Fprintln(ps.out, "Log: none (\"save FILE\" starts one)")
	}
}

// errorf writes a message about a refused line or command, and counts it.
func (ps *playSession) errorf(format string, args ...any) {
	ps.refusals++
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

// refineNotice is what the session says when a game's estimates changed
// while the player was typing.
const refineNotice = `(the estimates changed while you typed: "sheet" draws them)`

// refineWhileWaiting lets a game whose estimates improve with time
// (table.Refiner) work while the player types, at a terminal only: a
// goroutine calls Refine until it has nothing more to do, and when the
// sheet changed says so above the prompt. The function returned stops the
// work and waits for it to end (at most one Refine call), so that the
// game is never used by the session and the goroutine at once: call it as
// soon as readLine returns. Line completion meanwhile reads only the
// game's words and lines, which Refine leaves alone.
func (ps *playSession) refineWhileWaiting() (stop func()) {
	r, ok := ps.s.Game().(table.Refiner)
	if !ok || ps.in == nil || !ps.in.interactive() {
		return func() {}
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			changed, more, err := r.Refine(ctx)
			if err != nil {
				return
			}
			if changed {
				ps.in.notify(ps.p.paint(ps.p.dim, refineNotice))
			}
			if !more {
				return
			}
		}
	}()
	return func() {
		cancel()
		<-done
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
	if strings.TrimSpace(line) == "" {
		return false
	}
	if err := table.CheckLine(line); err != nil {
		ps.errorf("%v; nothing changed", err)
		return false
	}
	if ps.header(line) {
		return false
	}
	cmd, err := table.ParseCommand(line)
	if err != nil {
		if errors.Is(err, table.ErrNoFact) {
			err = ps.whatWhy()
		}
		ps.errorf("%v", err)
		return false
	}
	ctx, cancel := ps.context()
	defer cancel()
	g := ps.s.Game()
	switch cmd.Kind {
	case table.CmdQuit:
		return true
	case table.CmdLine:
		ps.observe(cmd.Arg)
	case table.CmdHelp:
		text, err := table.CommandHelp(ps.def, cmd.Arg)
		if err != nil {
			ps.errorf("%v", err)
			break
		}
		io.WriteString(ps.out, wrapHelp(text))
	case table.CmdSheet:
		ps.redraw(false)
	case table.CmdOdds, table.CmdAdvise:
		lines, err := answerLines(ctx, g, cmd)
		if err != nil {
			ps.check(err)
			break
		}
		io.WriteString(ps.out, strings.Join(lines, "\n")+"\n")
	case table.CmdWhy:
		ps.check(table.Why(ctx, g, cmd.Arg, ps.out))
	case table.CmdUndo, table.CmdRedo:
		ps.step(cmd.Kind == table.CmdUndo)
	case table.CmdLog:
		ps.showLog()
	case table.CmdEdit:
		ps.edit(cmd.N, cmd.Arg)
	case table.CmdDelete:
		ps.delete(cmd.N)
	case table.CmdSave:
		ps.saveAs(cmd.Arg)
	}
	return false
}

// header answers a log's header line ("game tbam"), which a player who
// pastes a saved log into the session brings first, and reports whether
// line was one. The header of the session's own game changes nothing and
// is no error: the lines after it are the game's. The header of another
// game is refused, naming both games. A line that starts with "!" is the
// game's (a player named "game").
func (ps *playSession) header(line string) bool {
	f := strings.Fields(line)
	if len(f) != 2 || !strings.EqualFold(f[0], "game") {
		return false
	}
	def, ok := games.Find(f[1])
	if !ok {
		return false
	}
	if def.Name == ps.def.Name {
		ps.notef("(%q is the header of a log of %s, which this session plays already: nothing changed)", strings.TrimSpace(line), ps.def.Title)
		return true
	}
	ps.errorf("%q is the header of a log of %s, and this session plays %s; nothing changed (\"gumshoe play --resume FILE\" continues a saved log of any game)", strings.TrimSpace(line), def.Title, ps.def.Title)
	return true
}

// answerLines is the answer of odds or advise (cmd) as the session shows
// it: the game's text (for odds, the sheet's headlines first: the
// decision), its lines wrapped at word boundaries to the screen's width
// and, unless cmd asks for all of it, cut to what fits the screen above
// the prompt ([table.FitAnswer]), the last line saying how many were left
// out and the command that shows them. The game's answer leads with its
// decision, so the cut keeps it.
func answerLines(ctx context.Context, g table.Game, cmd table.Command) ([]string, error) {
	var b strings.Builder
	more := "odds all"
	if cmd.Kind == table.CmdAdvise {
		more = strings.TrimSpace("advise all " + cmd.Arg)
		if err := g.Advise(ctx, cmd.Arg, &b); err != nil {
			return nil, err
		}
	} else {
		var report strings.Builder
		if err := g.Report(ctx, &report); err != nil {
			return nil, err
		}
		// The headlines the report does not open with already.
		var lead []string
		if grid, err := g.Sheet(ctx); err == nil {
			have := strings.Split(report.String(), "\n")
			for _, h := range grid.Headlines {
				if !slices.Contains(have, h) {
					lead = append(lead, h)
				}
			}
		}
		if len(lead) > 0 {
			b.WriteString(strings.Join(lead, "\n") + "\n\n")
		}
		b.WriteString(report.String())
	}
	sc := table.Screen{Width: screenWidth, Height: screenHeight}
	if cmd.All {
		sc.Height = 0
	}
	lines, _ := table.FitAnswer(b.String(), sc, more)
	return lines, nil
}

// whatWhy is the error of "why" alone: it suggests a fact of the sheet the
// lines force, which "why" answers ([table.WhySuggestion]).
func (ps *playSession) whatWhy() error {
	g := ps.prev
	if g == nil {
		ctx, cancel := ps.context()
		defer cancel()
		g, _ = ps.s.Game().Sheet(ctx)
	}
	if ex := table.WhySuggestion(g); ex != "" {
		return fmt.Errorf("why what? (expected a fact, such as \"why %s\"; \"help why\" shows them)", ex)
	}
	return fmt.Errorf("why what? (expected a fact the lines force; none yet: \"help why\" shows the forms)")
}

// check reports err, if any, as a failed command.
func (ps *playSession) check(err error) {
	if err != nil {
		ps.errorf("%v", err)
	}
}

// changed saves the log and redraws the sheet after a change.
func (ps *playSession) changed() {
	ps.save()
	ps.redraw(true)
}

// observe applies a line of the game's grammar.
func (ps *playSession) observe(line string) {
	if err := ps.s.Apply(line); err != nil {
		ps.refused(err, line)
		return
	}
	ps.save()
	if !table.IsComment(line) {
		ps.redraw(true)
	}
}

// step is undo (back) or redo.
func (ps *playSession) step(back bool) {
	before := slices.Clone(ps.s.Lines())
	var err error
	if back {
		err = ps.s.Undo()
	} else {
		err = ps.s.Redo()
	}
	if err != nil {
		ps.errorf("%v", err)
		return
	}
	ps.notef("%s", table.DescribeChange(before, ps.s.Lines()))
	ps.changed()
}

// showColumn writes line with a caret under its character at column col
// (1-based, counted in characters as [table.LineError] counts them), drawn
// as wide as the characters before it are on a terminal.
func showColumn(w io.Writer, line string, col int) {
	n := table.Width(line[:table.Offset(line, col)])
	fmt.Fprintf(w, "  %s\n  %s^\n", line, strings.Repeat(" ", n))
}

// chars is how many characters s has, counted as [table.LineError]'s
// columns count them.
func chars(s string) int { return table.Column(s, len(s)) - 1 }

// refused explains why a line or a change was refused; line is the text
// refused, under which a column is shown.
func (ps *playSession) refused(err error, line string) {
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
	if errors.As(err, &le) && le.Col > 0 && line != "" {
		showColumn(ps.out, line, le.Col)
	}
}

// checkLineNumber reports whether line n exists, and says so when not.
func (ps *playSession) checkLineNumber(n int) bool {
	if k := len(ps.s.Lines()); n > k {
		if k == 0 {
			ps.errorf("no line %d: the game has no lines yet", n)
		} else {
			ps.errorf("no line %d: the lines are numbered 1 to %d (\"log\" shows them)", n, k)
		}
		return false
	}
	return true
}

// delete removes line n.
func (ps *playSession) delete(n int) {
	if !ps.checkLineNumber(n) {
		return
	}
	old := ps.s.Lines()[n-1]
	if err := ps.s.Delete(n); err != nil {
		ps.refused(err, "")
		return
	}
	ps.notef("deleted line %d: %s", n, old)
	ps.changed()
}

// edit replaces line n by text, or, when text is "", by a line read next
// (prefilled with the old one at a terminal).
func (ps *playSession) edit(n int, text string) {
	if !ps.checkLineNumber(n) {
		return
	}
	old := ps.s.Lines()[n-1]
	if text == "" {
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
		ps.refused(err, text)
		return
	}
	ps.notef("line %d was: %s", n, old)
	ps.notef("line %d now: %s", n, text)
	ps.changed()
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
	fmt.Fprintf(ps.out, "%4d %s\n", 0, table.HeaderLine(ps.def.Name))
	for i, l := range ps.s.Lines() {
		fmt.Fprintf(ps.out, "%4d %s\n", i+1, l)
	}
}
