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
		wantErr  bool
		errLine  int // the line of the error: the header is 0; -1 for the whole file
	}{
		{name: "header only", in: "game dod\n", game: "dod"},
		{name: "no trailing newline is read the same", in: "game dod\nplayers a b c", game: "dod", lines: []string{"players a b c"}},
		{name: "carriage returns are dropped", in: "game dod\r\nx\r\n", game: "dod", lines: []string{"x"}},
		{name: "comments and blank lines after the header are kept",
			in: "game clue\n# turn 1\n\nx\n", game: "clue", lines: []string{"# turn 1", "", "x"}},
		{name: "comments before the header are a preamble",
			in: "# my game\n\ngame dod\nx\n", game: "dod", preamble: []string{"# my game", ""}, lines: []string{"x"}},
		{name: "the header may have extra spaces", in: "  game   dod  \n", game: "dod"},
		{name: "a byte-order mark is not part of the header", in: BOM + "game dod\n", game: "dod"},
		{name: "the header may end in a comment", in: "game dod # friday\n", game: "dod"},
		{name: "empty file has no header", in: "", wantErr: true, errLine: -1},
		{name: "comments only have no header", in: "# x\n", wantErr: true, errLine: -1},
		{name: "header must come first", in: "players a b\ngame dod\n", wantErr: true, errLine: 0},
		{name: "header names one game", in: "game dod clue\n", wantErr: true, errLine: 0},
		{name: "header without a name", in: "game\n", wantErr: true, errLine: 0},
		{name: "invalid UTF-8", in: "game dod\nok\n\xff\n", wantErr: true, errLine: 2},
		{name: "control character", in: "game dod\na\x00b\n", wantErr: true, errLine: 1},
		{name: "line too long", in: "game dod\n" + strings.Repeat("x", MaxLineLen+1) + "\n", wantErr: true, errLine: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := ParseLog([]byte(tt.in))
			if tt.wantErr {
				var le *LogError
				if !errors.As(err, &le) {
					t.Fatalf("err = %v, want a *LogError", err)
				}
				if le.Line != tt.errLine {
					t.Fatalf("error at line %d (%v), want line %d", le.Line, err, tt.errLine)
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

// TestLogLineNumbers checks the numbering rule on the errors of ParseLog:
// the header is line 0, a preamble is not numbered, and the first line
// after the header is line 1.
func TestLogLineNumbers(t *testing.T) {
	tests := []struct {
		why, log string
		line     int
	}{
		{"a bad header is line 0, after a preamble too", "# a\n\nplayers x\n", 0},
		{"a bad line after the header counts from 1", "# a\ngame dod\nx\ny\x01\n", 2},
		{"a bad preamble line is the log's, not numbered", "# a\x01\ngame dod\n", -1},
		{"no header at all", "# a\n", -1},
	}
	for _, tt := range tests {
		_, err := ParseLog([]byte(tt.log))
		var le *LogError
		if !errors.As(err, &le) || le.Line != tt.line {
			t.Errorf("%s: ParseLog = %v, want a LogError on line %d", tt.why, err, tt.line)
		}
	}
}

// TestParseLogBOM checks that a byte-order mark, which some editors write,
// is not part of the header.
func TestParseLogBOM(t *testing.T) {
	l, err := ParseLog([]byte(BOM + "game dod\r\nplayers a b c\r\n"))
	if err != nil || l.Game != "dod" || len(l.Lines) != 1 || l.Lines[0] != "players a b c" {
		t.Fatalf("ParseLog with a BOM = %+v, %v", l, err)
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

// TestCheckName checks the one rule for player names that every game
// shares: letters of any script, accents included, digits and a few marks.
func TestCheckName(t *testing.T) {
	for _, tt := range []struct {
		name string
		ok   bool
	}{
		{"alice", true}, {"José", true}, {"Zoë", true}, {"Zoe\u0308", true}, {"o'neil", true},
		{"player-2", true}, {"Ann.B", true}, {"李", true}, {"Ωmega_1", true},
		{"", false}, {"7up", false}, {"42", false}, {"#1", false}, {"a b", false}, {"-x", false},
		{"a,b", false}, {"\xff", false}, {strings.Repeat("x", MaxNameLen+1), false},
		{strings.Repeat("é", MaxNameLen), true},
	} {
		if err := CheckName(tt.name); (err == nil) != tt.ok {
			t.Errorf("CheckName(%q) = %v, want ok %v", tt.name, err, tt.ok)
		}
	}
}

// TestStripComment checks where a comment starts: at the start of a line
// or after white space, never inside a word.
func TestStripComment(t *testing.T) {
	for _, tt := range []struct{ line, want string }{
		{"ask a b 3H..5S = 2 # turn 3", "ask a b 3H..5S = 2 "},
		{"# a comment", ""},
		{"   # indented", "   "},
		{"a\t#tab", "a\t"},
		{"C# is a word", "C# is a word"},
		{"no comment", "no comment"},
	} {
		if got := StripComment(tt.line); got != tt.want {
			t.Errorf("StripComment(%q) = %q, want %q", tt.line, got, tt.want)
		}
	}
	if !IsComment("  # x") || !IsComment("") || IsComment("x # y") {
		t.Error("IsComment disagrees with StripComment")
	}
}
