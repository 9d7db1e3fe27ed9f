package table

import (
	"errors"
	"fmt"
	"slices"
)

// Session is a game being played at the table: a [Game] together with an
// undo history. A Game only ever grows, so taking back, changing or removing
// an earlier line rebuilds a fresh Game from the lines that remain; every
// change is refused, leaving the session as it was, when those lines are
// not all accepted.
//
// Undo and redo step through the history of changes (a line added, edited
// or deleted), like an editor's.
type Session struct {
	newGame func() Game
	game    Game
	past    [][]string // earlier line lists, oldest first
	future  [][]string // undone line lists, the next redo last
}

// ReplayError is a line refused while rebuilding a game from its lines:
// Line is its number (see the package documentation), Text the line.
type ReplayError struct {
	Line int
	Text string
	Err  error
}

// Error is "line N (text): err".
func (e *ReplayError) Error() string {
	return fmt.Sprintf("line %d %q: %v", e.Line, e.Text, e.Err)
}

// Unwrap returns the game's error.
func (e *ReplayError) Unwrap() error { return e.Err }

// ErrNothingToUndo and ErrNothingToRedo are returned by [Session.Undo] and
// [Session.Redo] when the history has no step that way.
var (
	ErrNothingToUndo = errors.New("nothing to undo")
	ErrNothingToRedo = errors.New("nothing to redo")
)

// NewSession starts a session of an empty game made by newGame, which must
// return a fresh game each call.
func NewSession(newGame func() Game) *Session {
	return &Session{newGame: newGame, game: newGame()}
}

// ResumeSession starts a session from the lines of a saved game. Each
// prefix of lines is in the undo history, so undo takes back the last lines
// one by one. It returns a *ReplayError when a line is refused.
func ResumeSession(newGame func() Game, lines []string) (*Session, error) {
	g, err := build(newGame, lines)
	if err != nil {
		return nil, err
	}
	s := &Session{newGame: newGame, game: g}
	lines = slices.Clone(lines)
	for i := range lines {
		s.past = append(s.past, lines[:i:i])
	}
	return s, nil
}

// build applies lines to a fresh game.
func build(newGame func() Game, lines []string) (Game, error) {
	g := newGame()
	for i, line := range lines {
		if err := g.Apply(line); err != nil {
			return nil, &ReplayError{Line: i + 1, Text: line, Err: err}
		}
	}
	return g, nil
}

// Game is the current game. It must not be given lines directly: use
// [Session.Apply].
func (s *Session) Game() Game { return s.game }

// Lines are the current game's lines.
func (s *Session) Lines() []string { return s.game.Lines() }

// snapshot is a copy of the current lines.
func (s *Session) snapshot() []string { return slices.Clone(s.game.Lines()) }

// Apply adds line to the game. On error (the game's *LineError or
// *ConflictError) nothing changes. A new line clears the redo history.
func (s *Session) Apply(line string) error {
	before := s.snapshot()
	if err := s.game.Apply(line); err != nil {
		return err
	}
	s.past = append(s.past, before)
	s.future = nil
	return nil
}

// replace rebuilds the game from lines and makes it current, keeping the
// history as the caller arranges it.
func (s *Session) replace(lines []string) error {
	g, err := build(s.newGame, lines)
	if err != nil {
		return err
	}
	s.game = g
	return nil
}

// change rebuilds the game from lines as a new step of the history.
func (s *Session) change(lines []string) error {
	before := s.snapshot()
	if err := s.replace(lines); err != nil {
		return err
	}
	s.past = append(s.past, before)
	s.future = nil
	return nil
}

// Undo takes back the last change: a line added, edited or deleted.
func (s *Session) Undo() error {
	if len(s.past) == 0 {
		return ErrNothingToUndo
	}
	prev := s.past[len(s.past)-1]
	cur := s.snapshot()
	if err := s.replace(prev); err != nil {
		return err
	}
	s.past = s.past[:len(s.past)-1]
	s.future = append(s.future, cur)
	return nil
}

// Redo makes the last change taken back again.
func (s *Session) Redo() error {
	if len(s.future) == 0 {
		return ErrNothingToRedo
	}
	next := s.future[len(s.future)-1]
	cur := s.snapshot()
	// A redo that only adds lines needs no rebuild.
	if len(next) >= len(cur) && slices.Equal(next[:len(cur)], cur) {
		for i := len(cur); i < len(next); i++ {
			if err := s.game.Apply(next[i]); err != nil {
				// The game is now partly extended: rebuild it as it was.
				if rerr := s.replace(cur); rerr != nil {
					return rerr
				}
				return &ReplayError{Line: i + 1, Text: next[i], Err: err}
			}
		}
	} else if err := s.replace(next); err != nil {
		return err
	}
	s.future = s.future[:len(s.future)-1]
	s.past = append(s.past, cur)
	return nil
}

// CanUndo and CanRedo report whether [Session.Undo] and [Session.Redo] have
// a step to take.
func (s *Session) CanUndo() bool { return len(s.past) > 0 }

// CanRedo reports whether [Session.Redo] has a step to take.
func (s *Session) CanRedo() bool { return len(s.future) > 0 }

// checkEntry returns an error unless n is the number of a line.
func (s *Session) checkEntry(n int) error {
	if k := len(s.game.Lines()); n < 1 || n > k {
		if k == 0 {
			return fmt.Errorf("no line %d: the game has no lines yet", n)
		}
		return fmt.Errorf("no line %d: lines are numbered 1 to %d", n, k)
	}
	return nil
}

// Delete removes line n (1-based) and rebuilds the game from the others.
// It returns a *ReplayError, and changes nothing, when a later line is
// refused without it; the error numbers that line as it was before the
// deletion.
func (s *Session) Delete(n int) error {
	if err := s.checkEntry(n); err != nil {
		return err
	}
	lines := s.snapshot()
	err := s.change(slices.Delete(lines, n-1, n))
	var re *ReplayError
	if errors.As(err, &re) && re.Line >= n {
		re.Line++ // numbered as before the deletion
	}
	return err
}

// Edit replaces line n (1-based) by line and rebuilds the game. It returns a
// *ReplayError, and changes nothing, when the new line or a later one is
// refused.
func (s *Session) Edit(n int, line string) error {
	if err := s.checkEntry(n); err != nil {
		return err
	}
	lines := s.snapshot()
	lines[n-1] = line
	return s.change(lines)
}

// Log is the session's game as a log, ready to be saved.
func (s *Session) Log() *Log {
	return &Log{Game: s.game.Name(), Lines: s.snapshot()}
}
