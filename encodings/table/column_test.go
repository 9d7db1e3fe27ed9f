package table

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestColumn: columns count characters as a player sees them, not bytes:
// an accent precomposed or combining is part of its letter's column, and
// a wide character is one column of the line's characters.
func TestColumn(t *testing.T) {
	for _, tc := range []struct {
		why  string
		line string
		at   string // the text whose first byte's column is asked
		col  int
	}{
		{"plain text: bytes and characters agree", "alice plays cad", "cad", 13},
		{"a precomposed é is one character of two bytes", "José plays cad", "plays", 6},
		{"a combining accent is part of its letter", "Jose\u0301 plays cad", "plays", 6},
		{"two accented names before", "players José Zoë 7up", "7up", 18},
		{"a suit symbol is one character of three bytes", "ask 3♥ 5♠ x", "x", 11},
		{"a wide character is one character", "players 李 7up", "7up", 11},
		{"the start of the line", "José", "José", 1},
	} {
		i := strings.Index(tc.line, tc.at)
		if got := Column(tc.line, i); got != tc.col {
			t.Errorf("%s: Column(%q, %d) = %d, want %d", tc.why, tc.line, i, got, tc.col)
		}
		if got := Offset(tc.line, tc.col); got != i {
			t.Errorf("%s: Offset(%q, %d) = %d, want %d", tc.why, tc.line, tc.col, got, i)
		}
	}
	if got := Column("José", len("José")+1); got != 6 {
		t.Errorf("Column one byte past the end = %d, want 6 (a parser pointing after a missing word)", got)
	}
	if got := Offset("José", 99); got != len("José") {
		t.Errorf("Offset past the end = %d, want %d", got, len("José"))
	}
	if got := Offset("José", 0); got != 0 {
		t.Errorf("Offset of column 0 = %d, want 0", got)
	}
}

// TestCharColumns: a game's byte column becomes the player's column; the
// whole line (column 0) and other errors are kept; the error given is not
// changed (a game may keep one).
func TestCharColumns(t *testing.T) {
	line := "Zoë plays nonsense"
	byteCol := strings.Index(line, "nonsense") + 1 // 12
	le := &LineError{Col: byteCol, Msg: "no card"}
	err := CharColumns(le, line)
	var got *LineError
	if !errors.As(err, &got) || got.Col != 11 || got.Msg != "no card" {
		t.Errorf("CharColumns(column %d of %q) = %v, want column 11", byteCol, line, err)
	}
	if le.Col != byteCol {
		t.Errorf("CharColumns changed the error given: column %d", le.Col)
	}
	wrapped := fmt.Errorf("line 3: %w", &LineError{Col: byteCol})
	if err := CharColumns(wrapped, line); !errors.As(err, &got) || got.Col != 11 {
		t.Errorf("CharColumns(wrapped) = %v, want column 11", err)
	}
	whole := &LineError{Msg: "too long"}
	if err := CharColumns(whole, line); !errors.As(err, &got) || got.Col != 0 {
		t.Errorf("CharColumns(column 0) = %v, want column 0", err)
	}
	other := errors.New("not a line error")
	if err := CharColumns(other, line); err != other {
		t.Errorf("CharColumns(other) = %v, want it unchanged", err)
	}
	if err := CharColumns(nil, line); err != nil {
		t.Errorf("CharColumns(nil) = %v", err)
	}
}
