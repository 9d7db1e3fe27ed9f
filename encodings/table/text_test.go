package table

import (
	"fmt"
	"strings"
	"testing"
)

// bigGrid is a grid of n cards named by name(i) against the holders, its
// cells a pattern of ✓, ✗ and percentages.
func bigGrid(holders []string, n int, name func(int) string, headlines ...string) *Grid {
	g := &Grid{Title: "Test, seat " + holders[0], Holders: holders, Headlines: headlines}
	for i := range n {
		r := Row{Card: name(i)}
		for j := range holders {
			switch (i + j) % 4 {
			case 0:
				r.Cells = append(r.Cells, Cell{Mark: Yes})
			case 1:
				r.Cells = append(r.Cells, Cell{Mark: No})
			case 2:
				r.Cells = append(r.Cells, Cell{P: 0.004})
			default:
				r.Cells = append(r.Cells, Cell{P: float64(i+j) / 60})
			}
		}
		g.Rows = append(g.Rows, r)
	}
	return g
}

func cardNames(i int) string { return fmt.Sprintf("%d%c", i%9+1, "SHC"[i/9]) }

var clueNames = []string{"Scarlet", "Mustard", "White", "Green", "Peacock", "Plum",
	"Candlestick", "Knife", "LeadPipe", "Revolver", "Rope", "Wrench",
	"Kitchen", "Ballroom", "Conservatory", "DiningRoom", "BilliardRoom", "Library", "Lounge", "Hall", "Study"}

func clueName(i int) string { return clueNames[i] }

func players(n int, extra ...string) []string {
	return append([]string{"alice", "bob", "carol", "dave", "erin", "frank"}[:n:n], extra...)
}

func TestLayout(t *testing.T) {
	screen := Screen{Width: 80, Height: 22}
	murder := "Murder card: 3H 7.2%, 3C 6.5%, 2C 5.7%, 4C 5.5%, 5H 4.9%, ..."
	tests := []struct {
		name      string
		g         *Grid
		screen    Screen
		panels    int
		bands     int
		headWidth int // the columns of the widest head
		cardWidth int // the columns of the widest card name drawn
		fits      bool
	}{
		{"a short sheet: one panel", bigGrid(players(3, "envelope"), 12, clueName, "x"), screen, 1, 1, 4, 11, true},
		{"no height limit: one panel", bigGrid(players(4, "evidence", "exposed"), 27, cardNames, murder), Screen{}, 1, 1, 4, 2, true},
		{"27 cards, 6 holders: two panels", bigGrid(players(4, "evidence", "exposed"), 27, cardNames, murder), screen, 2, 1, 4, 2, true},
		{"27 cards, 8 holders: two panels of narrow columns", bigGrid(players(6, "evidence", "exposed"), 27, cardNames, murder), screen, 2, 1, 3, 2, true},
		{"21 long names, 6 holders: narrow columns, whole names", bigGrid(players(4, "envelope", "faceup"), 21, clueName, "a", "b", "c", "d"), screen, 2, 1, 3, 12, true},
		{"21 long names, 7 holders: narrow columns, names cut", bigGrid(players(6, "envelope"), 21, clueName, "a", "b", "c", "d"), screen, 2, 1, 3, 10, true},
		{
			"heads that 3 letters do not tell apart keep 4 letters: one tall panel",
			bigGrid([]string{"carol", "carl", "alice", "alan", "bob", "bobby", "evidence", "exposed"}, 27, cardNames, murder),
			screen, 1, 1, 4, 2, false,
		},
		{
			"too wide for one panel: bands of holders",
			bigGrid(strings.Fields("h01 h02 h03 h04 h05 h06 h07 h08 h09 h10 h11 h12 h13 h14 h15 h16 h17 h18 h19 h20"), 5, cardNames),
			screen, 1, 2, 3, 2, true,
		},
		{
			"holders whose names share 4 letters: heads long enough to tell them apart",
			bigGrid([]string{"alexander", "alexandra", "bob"}, 3, cardNames),
			Screen{Width: 80, Height: 10}, 1, 1, 8, 2, true,
		},
	}
	for _, tt := range tests {
		d := tt.g.Layout(tt.screen, nil)
		if d.Panels != tt.panels || d.Bands != tt.bands || d.Fits != tt.fits {
			t.Errorf("%s: %d panels, %d bands, fits %v; want %d, %d, %v\n%s", tt.name, d.Panels, d.Bands, d.Fits, tt.panels, tt.bands, tt.fits, d)
		}
		headW, cardW := 0, 0
		for j, h := range d.Heads {
			headW = max(headW, Width(h))
			if MatchName(tt.g.Holders, h) != j {
				t.Errorf("%s: head %q does not name holder %q", tt.name, h, tt.g.Holders[j])
			}
		}
		cells := 0
		for _, l := range d.Lines {
			for _, s := range l {
				switch s.Kind {
				case SpanCard:
					cardW = max(cardW, Width(strings.TrimRight(s.Text, " ")))
				case SpanCell:
					cells++
					if want := tt.g.Rows[s.Row].Cells[s.Col].Text(); strings.TrimSpace(s.Text) != want {
						t.Errorf("%s: cell %d,%d drawn %q, want %q", tt.name, s.Row, s.Col, s.Text, want)
					}
				}
			}
			if w := Width(l.String()); w > tt.screen.Width && tt.screen.Width > 0 {
				t.Errorf("%s: line %q is %d columns wide", tt.name, l.String(), w)
			}
		}
		if headW != tt.headWidth || cardW != tt.cardWidth {
			t.Errorf("%s: heads %d wide, card names %d; want %d, %d\n%s", tt.name, headW, cardW, tt.headWidth, tt.cardWidth, d)
		}
		if want := len(tt.g.Rows) * len(tt.g.Holders); cells != want {
			t.Errorf("%s: %d cells drawn, want %d", tt.name, cells, want)
		}
		if fits := tt.screen.Height <= 0 || len(d.Lines) <= tt.screen.Height; d.Fits && !fits {
			t.Errorf("%s: %d lines, said to fit %d", tt.name, len(d.Lines), tt.screen.Height)
		}
		if !strings.Contains(d.Lines[d.Head].String(), d.Heads[0]) {
			t.Errorf("%s: line %d (%q) is not the heads", tt.name, d.Head, d.Lines[d.Head].String())
		}
	}
}

// TestLayoutText pins the drawing itself: panels side by side, heads over
// each, change marks after the changed cells, headlines wrapped.
func TestLayoutText(t *testing.T) {
	prev := sheet("alice bob expo", "AS 50 50 n", "2S 30 30 40", "3S y n n", "4S 10 80 10", "5S 30 30 40")
	g := sheet("alice bob expo", "AS 60 40 n", "2S y n n", "3S y n n", "4S 10 80 10", "5S 30 30 40")
	g.Title = "Test, seat alice"
	g.Headlines = []string{"Murder card: " + strings.Repeat("3H 7.2%, ", 6) + "and more"}
	d := g.Layout(Screen{Width: 50, Height: 8}, g.Changes(prev))
	want := `Test, seat alice
    alic bob  expo      alic bob  expo
AS   60*  40*   ✗   4S   10   80   10
2S    ✓*   ✗*   ✗*  5S   30   30   40
3S    ✓    ✗    ✗
Murder card: 3H 7.2%, 3H 7.2%, 3H 7.2%, 3H 7.2%,
    3H 7.2%, 3H 7.2%, and more
`
	if got := d.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if !d.Fits || d.Head != 1 {
		t.Errorf("fits %v, head at %d; want true, 1", d.Fits, d.Head)
	}
	d = g.Layout(Screen{Width: 50}, nil)
	want = `Test, seat alice
    alic bob  expo
AS   60   40    ✗
2S    ✓    ✗    ✗
3S    ✓    ✗    ✗
4S   10   80   10
5S   30   30   40
Murder card: 3H 7.2%, 3H 7.2%, 3H 7.2%, 3H 7.2%,
    3H 7.2%, 3H 7.2%, and more
`
	if got := d.String(); got != want {
		t.Errorf("no height limit: got\n%s\nwant\n%s", got, want)
	}
}

// TestLayoutOdd checks that odd grids and screens are drawn without a
// panic and with every cell: nothing yet, no holders, short rows, a tiny
// screen.
func TestLayoutOdd(t *testing.T) {
	short := bigGrid(players(3), 4, cardNames)
	short.Rows[1].Cells = short.Rows[1].Cells[:1]
	tests := []struct {
		name   string
		g      *Grid
		screen Screen
		lines  int
	}{
		{"an empty grid", &Grid{}, Screen{Width: 80, Height: 24}, 1},
		{"a title only", &Grid{Title: "Deduce or Die, no seat, 0 players"}, Screen{Width: 80, Height: 24}, 2},
		{"cards, no holders", &Grid{Rows: []Row{{Card: "AS"}, {Card: "2S"}}}, Screen{Width: 80, Height: 24}, 3},
		{"a row short of cells", short, Screen{Width: 80, Height: 24}, 6},
		{"a tiny screen", bigGrid(players(6, "evidence", "exposed"), 27, cardNames, "Murder card: AS"), Screen{Width: 10, Height: 5}, 0},
		{"a card name wider than the screen", &Grid{Holders: []string{"alice"}, Rows: []Row{{Card: strings.Repeat("x", 100), Cells: []Cell{{Mark: Yes}}}}}, Screen{Width: 20, Height: 5}, 0},
	}
	for _, tt := range tests {
		d := tt.g.Layout(tt.screen, []Change{{Row: 0, Col: 0}})
		if tt.lines > 0 && len(d.Lines) != tt.lines {
			t.Errorf("%s: %d lines, want %d:\n%s", tt.name, len(d.Lines), tt.lines, d)
		}
		if len(d.Heads) != len(tt.g.Holders) {
			t.Errorf("%s: %d heads for %d holders", tt.name, len(d.Heads), len(tt.g.Holders))
		}
	}
}
