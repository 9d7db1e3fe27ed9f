package table

import (
	"fmt"
	"slices"
	"strings"
)

// Change is one cell of a sheet drawn differently than on the sheet before:
// its text (Cell.Text) differs, or the cell was not there.
type Change struct {
	Row, Col     int    // the cell in the new grid: Rows[Row].Cells[Col]
	Card, Holder string // its card and holder
	Was          string // its text before; "" when the earlier sheet had no such cell
	Now          string // its text now
	Mark         Mark   // its mark now
}

// Settled says whether the change settles a fact: the cell is now ✓ or ✗
// (and, since its text changed, it was not that before).
func (c Change) Settled() bool { return c.Mark != Maybe }

// Changes lists the cells of g drawn differently than on prev, row by row
// and, within a row, holder by holder. Cells are matched by card and holder
// name, so a holder or card added since prev counts as changed. A nil prev
// (nothing drawn before) gives no changes.
func (g *Grid) Changes(prev *Grid) []Change {
	if prev == nil {
		return nil
	}
	type key struct{ card, holder string }
	old := make(map[key]string)
	for _, r := range prev.Rows {
		for j, c := range r.Cells {
			if j < len(prev.Holders) {
				old[key{r.Card, prev.Holders[j]}] = c.Text()
			}
		}
	}
	var out []Change
	for i, r := range g.Rows {
		for j, c := range r.Cells {
			if j >= len(g.Holders) {
				break
			}
			now := c.Text()
			was, seen := old[key{r.Card, g.Holders[j]}]
			if seen && was == now {
				continue
			}
			out = append(out, Change{Row: i, Col: j, Card: r.Card, Holder: g.Holders[j], Was: was, Now: now, Mark: c.Mark})
		}
	}
	return out
}

// SettledLines sums up the facts that changes settle, as lines of at most
// width columns (a word longer than width excepted): "Settled:", then each
// card now placed ("8C with expo"), then, holder by holder, the cards newly
// known not to be there, leaving out those of a card now placed (they
// follow from it): "Settled: 8C with expo; not alice: 3H 4H". When that
// takes more than maxLines lines (maxLines > 0), a holder's list of more
// than 4 cards is counted instead ("not dave: 21 cards"), and then the
// items that still do not fit are counted at the end ("... and 5 more");
// when not even one item fits with that count, the facts are counted
// alone ("Settled: 12 facts"). So no number of settled facts takes more
// than maxLines lines, unless width is narrower than that count.
// No settled fact gives no line.
func SettledLines(changes []Change, width, maxLines int) []string {
	placed := map[string]bool{}
	var items []string
	for _, f := range changes {
		if f.Settled() && f.Mark == Yes {
			placed[f.Card] = true
			items = append(items, f.Card+" with "+f.Holder)
		}
	}
	var holders []string
	not := map[string][]string{}
	for _, f := range changes {
		if !f.Settled() || f.Mark == Yes || placed[f.Card] {
			continue
		}
		if _, seen := not[f.Holder]; !seen {
			holders = append(holders, f.Holder)
		}
		not[f.Holder] = append(not[f.Holder], f.Card)
	}
	// Each item has a short form: a long list of cards ruled out is
	// counted instead.
	short := slices.Clone(items)
	for _, h := range holders {
		items = append(items, "not "+h+": "+strings.Join(not[h], " "))
		if k := len(not[h]); k > 4 {
			short = append(short, fmt.Sprintf("not %s: %s", h, Counted(k, "card")))
		} else {
			short = append(short, items[len(items)-1])
		}
	}
	if len(items) == 0 {
		return nil
	}
	const indent = "    "
	lines := Wrap("Settled: "+strings.Join(items, "; "), width, indent)
	if maxLines <= 0 || len(lines) <= maxLines {
		return lines
	}
	lines = Wrap("Settled: "+strings.Join(short, "; "), width, indent)
	for k := len(short) - 1; len(lines) > maxLines && k > 0; k-- {
		lines = Wrap(fmt.Sprintf("Settled: %s; ... and %d more", strings.Join(short[:k], "; "), len(short)-k), width, indent)
	}
	if len(lines) > maxLines {
		// Not even one item and the count fit: the count alone.
		lines = Wrap("Settled: "+Counted(len(short), "fact"), width, indent)
	}
	return lines
}
