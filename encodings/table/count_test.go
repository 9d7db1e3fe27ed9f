package table

import (
	"strconv"
	"strings"
	"testing"
)

// TestCount checks the words of counts that the games, the web page and
// the command line write: each case is one the sheet or a message says.
func TestCounted(t *testing.T) {
	for _, c := range []struct {
		n    int
		noun string
		want string
	}{
		{1, "card", "1 card"},
		{0, "card", "0 cards"},
		{8, "card", "8 cards"},
		{1, "other player", "1 other player"},
		{3, "other player", "3 other players"},
		{2, "box", "2 boxes"},
		{2, "match", "2 matches"},
		{2, "story", "2 stories"},
		{2, "day", "2 days"},
		{1, "line", "1 line"},
	} {
		if got := Counted(c.n, c.noun); got != c.want {
			t.Errorf("Counted(%d, %q) = %q, want %q", c.n, c.noun, got, c.want)
		}
	}
}

// TestLineRefs checks line numbers named as a person writes them, not
// "lines 3".
func TestLineRefs(t *testing.T) {
	for _, c := range []struct {
		in   []int
		want string
	}{
		{nil, "no line"},
		{[]int{3}, "line 3"},
		{[]int{3, 7}, "lines 3 and 7"},
		{[]int{3, 5, 7}, "lines 3, 5 and 7"},
	} {
		if got := LineRefs(c.in); got != c.want {
			t.Errorf("LineRefs(%v) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestFitAnswer checks an answer cut to the screen: the first lines kept,
// every line within the width, the last saying what shows the rest.
func TestFitAnswer(t *testing.T) {
	var text string
	for i := range 40 {
		text += "line " + strconv.Itoa(i+1) + " of a long answer that goes on and on past the edge of an eighty column screen\n"
	}
	lines, cut := FitAnswer(text, Screen{Width: 80, Height: 24}, "odds all")
	if len(lines) != 23 {
		t.Errorf("%d lines, want 23 (24 less the prompt)", len(lines))
	}
	for _, l := range lines {
		if Width(l) > 80 {
			t.Errorf("%q is wider than 80", l)
		}
	}
	if last := lines[len(lines)-1]; !strings.Contains(last, `"odds all" shows all 80 lines`) || cut != 80-22 {
		t.Errorf("last line %q, cut %d", last, cut)
	}
	if all, cut := FitAnswer(text, Screen{Width: 80}, "odds all"); len(all) != 80 || cut != 0 {
		t.Errorf("no height: %d lines, cut %d; want 80, 0", len(all), cut)
	}
}
