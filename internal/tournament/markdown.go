package tournament

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"
)

// ReadMarkdown reads back the tallies of a table written by
// [Table.WriteMarkdown] (game names the table), so that a table whose
// journals are gone can be written again, with its intervals computed
// the way the code computes them now. It returns the player counts in
// the order of the rows. What the markdown rounds stays rounded: the
// turns to win are the printed mean times the wins, the deciding time the
// printed time per seat-game times the seat-games, the CPU the printed
// CPU per game times the games; a count whose CPU is "–" is marked as
// tallied from a journal (Resumed). Per-game results are not in the
// markdown, so the table has none, and GamesSeen stays 0. Rows that are not the table's are
// skipped; a row of the table that does not parse is an error naming its
// line.
func ReadMarkdown(r io.Reader, game string) (*Table, []int, error) {
	t := NewTable(game)
	var counts []int
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if run, ok := strings.CutPrefix(text, "Run: "); ok {
			t.Run = run
			continue
		}
		if !strings.HasPrefix(text, "|") || strings.HasPrefix(text, "|---") || strings.HasPrefix(text, "| players") {
			continue
		}
		f := strings.Split(strings.Trim(text, "|"), "|")
		for i := range f {
			f[i] = strings.TrimSpace(f[i])
		}
		if err := t.readRow(f, &counts); err != nil {
			return nil, nil, fmt.Errorf("line %d: %w", line, err)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, nil, err
	}
	return t, counts, nil
}

// readRow reads one row of either table.
func (t *Table) readRow(f []string, counts *[]int) error {
	n, err := strconv.Atoi(f[0])
	if err != nil {
		return fmt.Errorf("player count %q", f[0])
	}
	switch len(f) {
	case 6: // players, games, no winner, dropped, CPU per game, CPU for 1,000
		var v [3]int
		for i := range v {
			if v[i], err = strconv.Atoi(f[1+i]); err != nil {
				return fmt.Errorf("column %d: %q", 2+i, f[1+i])
			}
		}
		t.Games[n], t.Draws[n], t.Dropped[n] = v[0], v[1], v[2]
		if f[4] == "–" {
			t.Resumed[n] = v[0]
		} else {
			d, err := time.ParseDuration(f[4])
			if err != nil {
				return fmt.Errorf("CPU per game %q", f[4])
			}
			t.CPU[n] = d * time.Duration(v[0])
		}
		t.Cells[n] = make([]Cell, numPolicies)
		*counts = append(*counts, n)
	case 9: // players, policy, seat-games, wins, rate, interval, turns, diff, deciding
		if t.Cells[n] == nil {
			return fmt.Errorf("policy row before the count's row of games")
		}
		p, ok := policyNamed(f[1])
		if !ok {
			return fmt.Errorf("unknown policy %q", f[1])
		}
		c := &t.Cells[n][p]
		if c.Seats, err = strconv.Atoi(f[2]); err != nil {
			return fmt.Errorf("seat-games %q", f[2])
		}
		if c.Wins, err = strconv.Atoi(f[3]); err != nil {
			return fmt.Errorf("wins %q", f[3])
		}
		if f[6] != "–" {
			m, err := strconv.ParseFloat(f[6], 64)
			if err != nil {
				return fmt.Errorf("mean turns %q", f[6])
			}
			c.WinTurns = int(math.Round(m * float64(c.Wins)))
		}
		d, err := time.ParseDuration(f[8])
		if err != nil {
			return fmt.Errorf("deciding time %q", f[8])
		}
		c.Think = d * time.Duration(c.Seats)
	default:
		return fmt.Errorf("%d columns", len(f))
	}
	return nil
}
