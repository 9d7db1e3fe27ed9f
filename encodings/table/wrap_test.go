package table

import (
	"slices"
	"strings"
	"testing"
)

func TestWrap(t *testing.T) {
	long := strings.Repeat("x", 30)
	tests := []struct {
		name   string
		text   string
		width  int
		indent string
		want   []string
	}{
		{"fits", "a b c", 10, "  ", []string{"a b c"}},
		{"breaks at spaces", "aaa bbb ccc ddd", 8, "  ", []string{"aaa bbb", "  ccc", "  ddd"}},
		{"exactly the width", "aaaa bbbb", 9, "", []string{"aaaa bbbb"}},
		{"one past the width", "aaaa bbbbb", 9, "", []string{"aaaa", "bbbbb"}},
		{"a word longer than the width is never broken", "ab " + long + " cd", 10, "  ", []string{"ab", "  " + long, "  cd"}},
		{"a long first word", long + " ab", 10, "", []string{long, "ab"}},
		{"leading spaces kept", "  ab cd ef", 7, "    ", []string{"  ab cd", "    ef"}},
		{"each line on its own", "ab cd\nef gh", 5, "", []string{"ab cd", "ef gh"}},
		{"the spaces between words are kept", "ab    cd", 10, "", []string{"ab    cd"}},
		{"a break drops the spaces where it falls", "ab    cd    ef", 9, "", []string{"ab    cd", "ef"}},
		{"a table's columns stay aligned", "  ask X     the number of cards", 20, "            ", []string{"  ask X     the", "            number", "            of cards"}},
		{"trailing spaces dropped", "ab cd   ", 10, "", []string{"ab cd"}},
		{"only spaces", "   ", 10, "", []string{""}},
		{"empty", "", 10, "", []string{""}},
		{"columns, not bytes: ✓ and ✗ are one wide", "✓✓✓ ✗✗✗ ééé", 7, "", []string{"✓✓✓ ✗✗✗", "ééé"}},
		{"wide characters are two columns", "日本 語語", 5, "", []string{"日本", "語語"}},
	}
	for _, tt := range tests {
		got := Wrap(tt.text, tt.width, tt.indent)
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: Wrap(%q, %d) = %q, want %q", tt.name, tt.text, tt.width, got, tt.want)
		}
		// Whatever the text, wrapping loses no word and breaks none.
		if strings.Join(strings.Fields(strings.Join(got, " ")), " ") != strings.Join(strings.Fields(tt.text), " ") {
			t.Errorf("%s: Wrap(%q) changed the words: %q", tt.name, tt.text, got)
		}
	}
}

func TestWidthAndClip(t *testing.T) {
	tests := []struct {
		s     string
		width int
		clip3 string
	}{
		{"alice", 5, "ali"},
		{"✓", 1, "✓"},
		{"✗✗✗✗", 4, "✗✗✗"},
		{"Émile", 5, "Émi"},
		{"日本語", 6, "日"},
		{"e\u0301mile", 5, "e\u0301mi"}, // a combining accent takes no column and stays with its letter
	}
	for _, tt := range tests {
		if got := Width(tt.s); got != tt.width {
			t.Errorf("Width(%q) = %d, want %d", tt.s, got, tt.width)
		}
		if got := clip(tt.s, 3); got != tt.clip3 {
			t.Errorf("clip(%q, 3) = %q, want %q", tt.s, got, tt.clip3)
		}
	}
}
