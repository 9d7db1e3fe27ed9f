package table

import (
	"slices"
	"strings"
	"testing"
)

// sheet builds a grid from rows written "CARD cell cell ...", a cell being
// "y" (✓), "n" (✗) or a percentage.
func sheet(holders string, rows ...string) *Grid {
	g := &Grid{Holders: strings.Fields(holders)}
	for _, r := range rows {
		f := strings.Fields(r)
		row := Row{Card: f[0]}
		for _, c := range f[1:] {
			switch c {
			case "y":
				row.Cells = append(row.Cells, Cell{Mark: Yes})
			case "n":
				row.Cells = append(row.Cells, Cell{Mark: No})
			default:
				var pct int
				for _, d := range c {
					pct = 10*pct + int(d-'0')
				}
				row.Cells = append(row.Cells, Cell{P: float64(pct) / 100})
			}
		}
		g.Rows = append(g.Rows, row)
	}
	return g
}

// changeText writes a change as "CARD/HOLDER WAS>NOW".
func changeText(cs []Change) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Card+"/"+c.Holder+" "+c.Was+">"+c.Now)
	}
	return out
}

func TestChanges(t *testing.T) {
	base := sheet("ann bob env", "AS 50 50 n", "2S 30 30 40", "3S y n n")
	tests := []struct {
		name    string
		prev, g *Grid
		want    []string
		settled []string
	}{
		{"nothing drawn before: no change", nil, base, nil, nil},
		{"the same sheet: no change", base, base, nil, nil},
		{
			"a percentage moves, a cell settles",
			base, sheet("ann bob env", "AS 60 40 n", "2S y n n", "3S y n n"),
			[]string{"AS/ann 50>60", "AS/bob 50>40", "2S/ann 30>✓", "2S/bob 30>✗", "2S/env 40>✗"},
			[]string{"2S/ann", "2S/bob", "2S/env"},
		},
		{
			"an unchanged text is no change though the probability moved a little",
			base, sheet("ann bob env", "AS 50 50 n", "2S 30 30 40", "3S y n n"),
			nil, nil,
		},
		{
			"undo: a settled cell opens again, which settles nothing",
			sheet("ann bob env", "AS y n n"), sheet("ann bob env", "AS 50 50 n"),
			[]string{"AS/ann ✓>50", "AS/bob ✗>50"}, nil,
		},
		{
			"cells are matched by name: a new holder's cells are all changes",
			sheet("ann env", "AS 50 50"), sheet("ann bob env", "AS 50 n 50"),
			[]string{"AS/bob >✗"}, []string{"AS/bob"},
		},
		{
			"cells are matched by name, not by place",
			sheet("bob ann", "AS n 40"), sheet("ann bob", "AS 40 n"),
			nil, nil,
		},
	}
	for _, tt := range tests {
		got := tt.g.Changes(tt.prev)
		if !slices.Equal(changeText(got), tt.want) {
			t.Errorf("%s: changes %q, want %q", tt.name, changeText(got), tt.want)
		}
		var settled []string
		for _, c := range got {
			if c.Settled() {
				settled = append(settled, c.Card+"/"+c.Holder)
			}
			if tt.g.Rows[c.Row].Card != c.Card || tt.g.Holders[c.Col] != c.Holder || tt.g.Rows[c.Row].Cells[c.Col].Text() != c.Now {
				t.Errorf("%s: change %+v does not point at its cell", tt.name, c)
			}
		}
		if !slices.Equal(settled, tt.settled) {
			t.Errorf("%s: settled %q, want %q", tt.name, settled, tt.settled)
		}
	}
}

func TestSettledLines(t *testing.T) {
	prev := sheet("alice bob expo", "3H 40 40 20", "4H 40 40 20", "8C 30 30 40", "9C 50 50 n")
	tests := []struct {
		name     string
		g        *Grid
		width    int
		maxLines int
		want     []string
	}{
		{"nothing settled", prev, 80, 2, nil},
		{
			"placed cards first, then per holder the cards ruled out, less those of a placed card",
			sheet("alice bob expo", "3H 50 n 50", "4H 50 n 50", "8C n n y", "9C 50 50 n"),
			80, 2,
			[]string{"Settled: 8C with expo; not bob: 3H 4H"},
		},
		{
			"wrapped, continuation lines indented",
			sheet("alice bob expo", "3H 50 n 50", "4H 50 n 50", "8C n n y", "9C 50 50 n"),
			24, 0,
			[]string{"Settled: 8C with expo;", "    not bob: 3H 4H"},
		},
		{
			"too long: what does not fit is counted",
			sheet("alice bob expo", "3H y n n", "4H n y n", "8C n n y", "9C y n n"),
			30, 2,
			[]string{"Settled: 3H with alice; 4H", "    with bob; ... and 2 more"},
		},
	}
	for _, tt := range tests {
		got := SettledLines(tt.g.Changes(prev), tt.width, tt.maxLines)
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestSettledLinesShort(t *testing.T) {
	prev := sheet("alice bob", "AS 50 50", "2S 50 50", "3S 50 50", "4S 50 50", "5S 50 50", "6S 50 50")
	g := sheet("alice bob", "AS y n", "2S 50 n", "3S 50 n", "4S 50 n", "5S 50 n", "6S 50 n")
	tests := []struct {
		width, maxLines int
		want            []string
	}{
		{80, 1, []string{"Settled: AS with alice; not bob: 2S 3S 4S 5S 6S"}},
		{30, 0, []string{"Settled: AS with alice; not", "    bob: 2S 3S 4S 5S 6S"}},
		{30, 1, []string{"Settled: 2 facts"}}, // too narrow for an item and the count: the count alone, on the one line allowed
		{40, 1, []string{"Settled: AS with alice; not bob: 5 cards"}},
	}
	for _, tt := range tests {
		got := SettledLines(g.Changes(prev), tt.width, tt.maxLines)
		if !slices.Equal(got, tt.want) {
			t.Errorf("width %d, at most %d lines: got %q, want %q", tt.width, tt.maxLines, got, tt.want)
		}
	}
}
