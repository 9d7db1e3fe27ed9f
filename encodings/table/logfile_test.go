package table

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestParseLog(t *testing.T) {
	tests := []struct {
		name     string
		in       string
		game     string
		preamble []string
		lines    []string
		errLine  int // 0: no error; -1: error for the whole file
	}{
		{name: "header only", in: "game dod\n", game: "dod"},
		{name: "no trailing newline is read the same", in: "game dod\nplayers a b c", game: "dod", lines: []string{"players a b c"}},
		{name: "carriage returns are dropped", in: "game dod\r\nx\r\n", game: "dod", lines: []string{"x"}},
		{name: "comments and blank lines after the header are kept",
			in: "game clue\n# turn 1\n\nx\n", game: "clue", lines: []string{"# turn 1", "", "x"}},
		{name: "comments before the header are a preamble",
			in: "# my game\n\ngame dod\nx\n", game: "dod", preamble: []string{"# my game", ""}, lines: []string{"x"}},
		{name: "the header may have extra spaces", in: "  game   dod  \n", game: "dod"},
		{name: "empty file has no header", in: "", errLine: -1},
		{name: "comments only have no header", in: "# x\n", errLine: -1},
		{name: "header must come first", in: "players a b\ngame dod\n", errLine: 1},
		{name: "header names one game", in: "game dod clue\n", errLine: 1},
		{name: "header without a name", in: "game\n", errLine: 1},
		{name: "invalid UTF-8", in: "game dod\nok\n\xff\n", errLine: 3},
		{name: "control character", in: "game dod\na\x00b\n", errLine: 2},
		{name: "line too long", in: "game dod\n" + strings.Repeat("x", MaxLineLen+1) + "\n", errLine: 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := ParseLog([]byte(tt.in))
			if tt.errLine != 0 {
				var le *LogError
				if !errors.As(err, &le) {
					t.Fatalf("err = %v, want a *LogError", err)
				}
				if want := max(tt.errLine, 0); le.Line != want {
					t.Fatalf("error at line %d (%v), want line %d", le.Line, err, want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if l.Game != tt.game || !slices.Equal(l.Preamble, tt.preamble) || !slices.Equal(l.Lines, tt.lines) {
				t.Fatalf("got %+v, want game %q preamble %q lines %q", l, tt.game, tt.preamble, tt.lines)
			}
		})
	}
}

func TestLogLineNumber(t *testing.T) {
	l, err := ParseLog([]byte("# a\ngame dod\nx\ny\n"))
	if err != nil {
		t.Fatal(err)
	}
	if l.HeaderLineNumber() != 2 || l.LineNumber(0) != 3 || l.LineNumber(1) != 4 {
		t.Fatalf("header at %d, lines at %d %d; want 2, 3 4", l.HeaderLineNumber(), l.LineNumber(0), l.LineNumber(1))
	}
}

func TestLogBytesRefusesBadLogs(t *testing.T) {
	for _, l := range []*Log{
		{Game: ""},
		{Game: "two words"},
		{Game: "dod", Lines: []string{"a\nb"}},
		{Game: "dod", Preamble: []string{"not a comment"}},
	} {
		if _, err := l.Bytes(); err == nil {
			t.Errorf("%+v: no error", l)
		}
	}
}

func TestSaveAndLoad(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "game.log")
	l := &Log{Preamble: []string{"# kept"}, Game: "dod", Lines: []string{"players a b me", "", "# c", "x"}}
	for range 2 { // the second save replaces the first
		if err := l.Save(path); err != nil {
			t.Fatal(err)
		}
	}
	got, err := LoadLog(path)
	if err != nil {
		t.Fatal(err)
	}
	if got.Game != l.Game || !slices.Equal(got.Lines, l.Lines) || !slices.Equal(got.Preamble, l.Preamble) {
		t.Fatalf("loaded %+v, want %+v", got, l)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 {
		t.Fatalf("directory holds %d files, want only the log (no temporary file left)", len(entries))
	}
}

func TestWriteFileAtomicFailsCleanly(t *testing.T) {
	// A directory that does not exist: an error, no file.
	path := filepath.Join(t.TempDir(), "missing", "game.log")
	if err := WriteFileAtomic(path, []byte("x"), 0o644); err == nil {
		t.Fatal("no error writing into a missing directory")
	}
}

// FuzzParseLog checks that ParseLog never panics, and that every log it
// accepts is written back by Bytes to a log that reads the same.
func FuzzParseLog(f *testing.F) {
	for _, s := range []string{
		"game dod\n",
		"# pre\n\ngame dod\nplayers alice bob me\nseat me\n# c\n\nx y z\n",
		"game clue\r\nshow a b c\r\n",
		"game\n",
		"\xffgame dod",
		"game dod\nx\x00\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := ParseLog(data)
		if err != nil {
			return
		}
		b, err := l.Bytes()
		if err != nil {
			t.Fatalf("accepted log %q cannot be written: %v", data, err)
		}
		l2, err := ParseLog(b)
		if err != nil {
			t.Fatalf("written log %q does not read back: %v", b, err)
		}
		if l2.Game != l.Game || !slices.Equal(l2.Lines, l.Lines) || !slices.Equal(l2.Preamble, l.Preamble) {
			t.Fatalf("round trip changed %+v into %+v", l, l2)
		}
		b2, _ := l2.Bytes()
		if !bytes.Equal(b, b2) {
			t.Fatalf("writing is not stable: %q then %q", b, b2)
		}
	})
}

func TestCreateFileAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "game.log")
	if err := CreateFileAtomic(path, []byte("game dod\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	err := CreateFileAtomic(path, []byte("game clue\n"), 0o644)
	if !errors.Is(err, os.ErrExist) {
		t.Fatalf("second create: err = %v, want os.ErrExist", err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(data) != "game dod\n" {
		t.Fatalf("file holds %q, want the first content", data)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Fatalf("directory holds %d files, want 1", len(entries))
	}
}
