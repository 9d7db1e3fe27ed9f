package table

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
)

// Replay applies the lines of l, in order, to a fresh game of def. A line
// the game refuses stops it with a *LogError naming that line (and, for a
// conflict, the *ConflictError naming the earlier lines); the numbers are
// line numbers as the package documentation defines them.
func Replay(def Definition, l *Log) (Game, error) {
	if err := def.CheckHeader(l); err != nil {
		return nil, err
	}
	g := def.New()
	if err := ApplyLines(g, l.Lines); err != nil {
		return nil, err
	}
	return g, nil
}

// ApplyLines applies lines, in order, to g, which may hold lines of a game
// file's own already (a deck file's setup, say): lines[i] is line i+1. A
// refused line stops it with a *LogError naming that line.
func ApplyLines(g Game, lines []string) error {
	for i, line := range lines {
		if err := g.Apply(line); err != nil {
			return &LogError{Line: i + 1, Err: err}
		}
	}
	return nil
}

// CheckHeader returns a *LogError on line 0 unless the header of l names
// def's game (its name or an alias).
func (def Definition) CheckHeader(l *Log) error {
	if _, ok := (Games{def}).Find(l.Game); !ok {
		return &LogError{Line: 0, Err: fmt.Errorf("this is a log of %q, not of %s (expected \"%s\")", l.Game, def.Title, HeaderLine(def.Name))}
	}
	return nil
}

// Load reads a log from r ([ReadLog]), finds the game its header names, and
// replays it ([Replay]). An unknown game is a *LogError on line 0 wrapping
// an *UnknownGameError.
func (gs Games) Load(r io.Reader) (Game, *Log, error) {
	l, err := ReadLog(r)
	if err != nil {
		return nil, nil, err
	}
	def, err := gs.Lookup(l.Game)
	if err != nil {
		return nil, l, &LogError{Line: 0, Err: err}
	}
	g, err := Replay(def, l)
	return g, l, err
}

// LoadAs reads a log of the game def from r and replays it, for a game
// package's typed Load: G is the game's own type, which def.New returns.
func LoadAs[G Game](def Definition, r io.Reader) (G, error) {
	var zero G
	l, err := ReadLog(r)
	if err != nil {
		return zero, err
	}
	g, err := Replay(def, l)
	if err != nil {
		return zero, err
	}
	typed, ok := g.(G)
	if !ok {
		return zero, fmt.Errorf("table: %s's New returns %T, not %T", def.Name, g, zero)
	}
	return typed, nil
}

// Ready is a game that can tell whether its lines so far make a game
// that can be reported on: the players given, the deck known, the set-up
// complete. [CheckReady] asks it.
type Ready interface {
	// Ready returns nil when the game can be reported on, else an error
	// saying what is missing in words ("no players yet: ...").
	Ready() error
}

// CheckReady refuses a log whose lines do not make a game that can be
// reported on, as a *LogError on the log's last line (0 for a header
// alone) saying what is missing: in every game a log with nothing but its
// header (and comments); in a game that implements [Ready], a set-up that
// is not complete (Clue with no deck, ...); in another, a game whose sheet
// cannot be drawn. The tools that answer once (solve, why, advise) check
// it after loading; the table session does not, since it starts from a
// header.
func CheckReady(ctx context.Context, g Game) error {
	lines := g.Lines()
	n := len(lines)
	if !slices.ContainsFunc(lines, func(l string) bool { return !IsComment(l) }) {
		return &LogError{Line: n, Err: errors.New("the log has nothing after its header: a game starts with its set-up lines")}
	}
	var err error
	if r, ok := g.(Ready); ok {
		err = r.Ready()
	} else {
		_, err = g.Sheet(ctx)
	}
	if err == nil {
		return nil
	}
	return &LogError{Line: n, Err: fmt.Errorf("the log ends before its set-up is complete: %w", err)}
}
