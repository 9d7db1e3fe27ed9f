package table

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"
)

// Log is a game log as stored on disk: an optional preamble of comments,
// the header line "game <name>", then the game's lines in order (comments
// and blank lines included, since [Game.Apply] keeps them).
type Log struct {
	Preamble []string // comment and blank lines before the header
	Game     string   // the game's name, as in [Game.Name]
	Lines    []string // every line after the header
}

// MaxLogSize bounds the size of a log [ParseLog] accepts, and MaxLineLen the
// length of one line: a real game log is a few kilobytes.
const (
	MaxLogSize = 4 << 20
	MaxLineLen = 4096
)

// LogError is a log that cannot be read or replayed: Line is the number of
// the line at fault (the header is line 0, see the package documentation),
// or -1 when the problem is the log as a whole or a line of its preamble.
type LogError struct {
	Line int
	Err  error
}

// Error is "line N: err".
func (e *LogError) Error() string {
	if e.Line < 0 {
		return e.Err.Error()
	}
	return fmt.Sprintf("line %d: %v", e.Line, e.Err)
}

// Unwrap returns the underlying error.
func (e *LogError) Unwrap() error { return e.Err }

// HeaderLine is the header of a log of game name.
func HeaderLine(name string) string { return "game " + name }

// ParseLog reads a log. A byte-order mark at its start is ignored; the
// header is the first line that is not a comment line, and may end in a
// comment; a trailing carriage return is dropped from every line. It
// returns a *LogError for a log with no header, a malformed header, a line
// that is not valid UTF-8 or holds control characters, or a log beyond
// [MaxLogSize] or [MaxLineLen].
func ParseLog(data []byte) (*Log, error) {
	if len(data) > MaxLogSize {
		return nil, &LogError{Line: -1, Err: fmt.Errorf("log is %d bytes, more than the %d a log may have", len(data), MaxLogSize)}
	}
	text := strings.TrimPrefix(string(data), BOM)
	text = strings.TrimSuffix(text, "\n")
	var raw []string
	if len(data) > 0 {
		raw = strings.Split(text, "\n")
	}
	l := &Log{}
	header := false
	for i, line := range raw {
		line = strings.TrimSuffix(line, "\r")
		if err := checkLine(line); err != nil {
			if !header {
				return nil, &LogError{Line: -1, Err: fmt.Errorf("before the header, file line %d: %w", i+1, err)}
			}
			return nil, &LogError{Line: len(l.Lines) + 1, Err: err}
		}
		switch {
		case header:
			l.Lines = append(l.Lines, line)
		case IsComment(line):
			l.Preamble = append(l.Preamble, line)
		default:
			f := strings.Fields(StripComment(line))
			if len(f) != 2 || !strings.EqualFold(f[0], "game") {
				return nil, &LogError{Line: 0, Err: fmt.Errorf("the first entry of a log is its header (expected \"game <name>\", such as \"game dod\"), not %q", line)}
			}
			l.Game = strings.ToLower(f[1])
			header = true
		}
	}
	if !header {
		return nil, &LogError{Line: -1, Err: errors.New(`no header line (expected "game <name>", such as "game dod")`)}
	}
	return l, nil
}

// CheckLine reports why line cannot be stored as a line of a log: longer
// than [MaxLineLen], not valid UTF-8, or holding a control character other
// than tab. It returns nil for a line that can.
func CheckLine(line string) error { return checkLine(line) }

// checkLine reports why line cannot be a line of a log.
func checkLine(line string) error {
	if len(line) > MaxLineLen {
		return fmt.Errorf("line is %d bytes long, more than %d", len(line), MaxLineLen)
	}
	if !utf8.ValidString(line) {
		return errors.New("line is not valid UTF-8 text")
	}
	for i, r := range line {
		if r < 0x20 && r != '\t' || r == 0x7f {
			return fmt.Errorf("column %d: control character %U in a line", i+1, r)
		}
	}
	return nil
}

// ReadLog reads a log from r; see [ParseLog].
func ReadLog(r io.Reader) (*Log, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxLogSize+1))
	if err != nil {
		return nil, err
	}
	return ParseLog(data)
}

// LoadLog reads the log in file path; see [ParseLog].
func LoadLog(path string) (*Log, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadLog(f)
}

// Bytes is the log as written to disk: one line each, each ended by a
// newline. It returns an error when the game name is not one word or a line
// cannot be stored (a newline or control character in it, or invalid UTF-8).
func (l *Log) Bytes() ([]byte, error) {
	if l.Game == "" || len(strings.Fields(l.Game)) != 1 || strings.TrimSpace(l.Game) != l.Game {
		return nil, fmt.Errorf("table: game name %q is not one word", l.Game)
	}
	var b bytes.Buffer
	for i, line := range l.Preamble {
		if err := checkLine(line); err != nil {
			return nil, fmt.Errorf("table: preamble line %d: %w", i+1, err)
		}
		if !IsComment(line) {
			return nil, fmt.Errorf("table: preamble line %d is not a comment: %q", i+1, line)
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
	b.WriteString(HeaderLine(l.Game))
	b.WriteByte('\n')
	for i, line := range l.Lines {
		if err := checkLine(line); err != nil {
			return nil, fmt.Errorf("table: entry %d: %w", i+1, err)
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
	return b.Bytes(), nil
}

// Save writes the log to the file path atomically; see [WriteFileAtomic].
func (l *Log) Save(path string) error {
	data, err := l.Bytes()
	if err != nil {
		return err
	}
	return WriteFileAtomic(path, data, 0o644)
}

// WriteFileAtomic replaces the file path with data so that, whenever the
// process or the machine stops, the file holds either its old content or the
// new one, never a mix: it writes a temporary file in the same directory,
// flushes it to disk, renames it over path and flushes the directory. A
// temporary file ".<name>.tmp*" may be left behind by a process killed at
// the wrong moment; it is never the log itself.
func WriteFileAtomic(path string, data []byte, perm os.FileMode) error {
	dir, tmp, err := writeTemp(path, data, perm)
	if err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	return syncDir(dir)
}

// CreateFileAtomic creates the file path holding data, as
// [WriteFileAtomic] does, but fails with an error wrapping [os.ErrExist]
// when path exists: the complete file appears under its name at once (by a
// hard link from a temporary file), so two processes cannot both create it
// and no one ever sees it partly written.
func CreateFileAtomic(path string, data []byte, perm os.FileMode) error {
	dir, tmp, err := writeTemp(path, data, perm)
	if err != nil {
		return err
	}
	defer os.Remove(tmp)
	if err := os.Link(tmp, path); err != nil {
		return err
	}
	return syncDir(dir)
}

// writeTemp writes data with perm to a new temporary file ".<name>.tmp*"
// beside path, flushed to disk and closed, and returns path's directory
// and the temporary file's name. On an error no temporary file is left.
func writeTemp(path string, data []byte, perm os.FileMode) (dir, tmp string, err error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp*")
	if err != nil {
		return "", "", err
	}
	tmp = f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	if _, err = f.Write(data); err != nil {
		return "", "", err
	}
	if err = f.Chmod(perm); err != nil {
		return "", "", err
	}
	if err = f.Sync(); err != nil {
		return "", "", err
	}
	if err = f.Close(); err != nil {
		return "", "", err
	}
	return dir, tmp, nil
}

// syncDir flushes a directory so that a rename in it survives a crash. Some
// systems cannot sync a directory; that is not an error.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, os.ErrInvalid) && !isNotSupported(err) {
		return err
	}
	return nil
}

func isNotSupported(err error) bool {
	var pe *os.PathError
	if errors.As(err, &pe) {
		msg := pe.Err.Error()
		return strings.Contains(msg, "not supported") || strings.Contains(msg, "invalid argument")
	}
	return false
}

// KeepsLog is the one rule for whether a game started by a tool (play,
// serve, the web page's form) writes a log: always when a log is named;
// otherwise unless the player asked for none or the game is the built-in
// example, which is for trying things out.
func KeepsLog(named string, noLog, example bool) bool {
	return named != "" || !noLog && !example
}
