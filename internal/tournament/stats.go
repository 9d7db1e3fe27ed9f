package tournament

import (
	"fmt"
	"html"
	"io"
	"math"
	"strings"
	"time"
)

// Cell is the tally of one policy at one player count.
type Cell struct {
	Seats     int // seat-games played by the policy
	Wins      int
	WinTurns  int // turns of the games it won, summed
	Unplayed  int // games with no winner it sat in
	GamesSeen int // games it sat in
	// Think is the wall time its seats spent deciding, summed.
	Think time.Duration
}

// Rate is the win rate with its 95% Wilson interval.
func (c Cell) Rate() (p, lo, hi float64) {
	if c.Seats == 0 {
		return 0, 0, 1
	}
	lo, hi = Wilson(c.Wins, c.Seats)
	return float64(c.Wins) / float64(c.Seats), lo, hi
}

// MeanTurns is the mean number of turns of the games the policy won (0
// when it won none).
func (c Cell) MeanTurns() float64 {
	if c.Wins == 0 {
		return 0
	}
	return float64(c.WinTurns) / float64(c.Wins)
}

// Wilson is the 95% Wilson score interval of k successes in n trials.
func Wilson(k, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959963984540054
	nf, p := float64(n), float64(k)/float64(n)
	den := 1 + z*z/nf
	mid := (p + z*z/(2*nf)) / den
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / den
	return max(0, mid-half), min(1, mid+half)
}

// ThinkPerSeat is the mean wall time the policy spent deciding in one
// seat-game.
func (c Cell) ThinkPerSeat() time.Duration {
	if c.Seats == 0 {
		return 0
	}
	return c.Think / time.Duration(c.Seats)
}

// MinSeatsForDiff is the fewest seat-games of each policy for which the
// table judges a difference: below it the normal approximation of
// [PairedDiff] says nothing (with one game its interval has width 0).
const MinSeatsForDiff = 10

// Table is the tallies of every policy at every player count.
type Table struct {
	Game string
	// Run says which run the tallies come from (the journals, dates and
	// commits); the markdown and the plot print it when it is not empty.
	Run   string
	Cells map[int][]Cell // player count -> per policy
	Games map[int]int    // player count -> games played
	Draws map[int]int    // player count -> games with no winner
	// CPU is the process CPU time (all threads) spent on the player
	// count's games, dropped games included; Dropped counts the games
	// stopped unfinished at the time limit.
	CPU     map[int]time.Duration
	Dropped map[int]int
	// Resumed counts the games tallied from a journal (played by an
	// earlier run): their CPU time is not in CPU.
	Resumed map[int]int
	// Results are the games added, by player count, for the bootstrap
	// over games ([Bootstrap]); a table read back from markdown
	// ([ReadMarkdown]) has none.
	Results map[int][]Result
}

// NewTable is an empty table.
func NewTable(game string) *Table {
	return &Table{Game: game, Cells: map[int][]Cell{}, Games: map[int]int{}, Draws: map[int]int{}, CPU: map[int]time.Duration{}, Dropped: map[int]int{}, Resumed: map[int]int{}, Results: map[int][]Result{}}
}

// CPUPerGame is the CPU time of a finished game of n players, on average
// over the games this run played (the dropped games' CPU is charged to the
// finished ones; games resumed from a journal are left out).
func (t *Table) CPUPerGame(n int) time.Duration {
	played := t.Games[n] - t.Resumed[n]
	if played <= 0 {
		return 0
	}
	return t.CPU[n] / time.Duration(played)
}

// Add tallies one game of n players.
func (t *Table) Add(n int, r Result) {
	if t.Cells[n] == nil {
		t.Cells[n] = make([]Cell, numPolicies)
	}
	t.Games[n]++
	t.Results[n] = append(t.Results[n], r)
	if r.Winner < 0 {
		t.Draws[n]++
	}
	seen := map[Policy]bool{}
	for s, p := range r.Seats {
		c := &t.Cells[n][p]
		c.Seats++
		if !seen[p] {
			c.GamesSeen++
			seen[p] = true
		}
		if s == r.Winner {
			c.Wins++
			c.WinTurns += r.Turns
		}
		if s < len(r.Think) {
			c.Think += r.Think[s]
		}
	}
}

// WriteMarkdown writes the tables: the cost of each player count's games,
// then one row per player count and policy.
func (t *Table) WriteMarkdown(w io.Writer, counts []int) error {
	var b strings.Builder
	if t.Run != "" {
		fmt.Fprintf(&b, "Run: %s\n\n", t.Run)
	}
	b.WriteString("| players | games | no winner | dropped | CPU per game | CPU for 1,000 games |\n|---|---|---|---|---|---|\n")
	for _, n := range counts {
		if t.Cells[n] == nil {
			continue
		}
		cpu, cpu1000 := "–", "–" // every game from a journal: no CPU time measured
		if per := t.CPUPerGame(n); t.Games[n] > t.Resumed[n] {
			cpu, cpu1000 = roundDur(per), hours(1000*per)
		}
		fmt.Fprintf(&b, "| %d | %d | %d | %d | %s | %s |\n", n, t.Games[n], t.Draws[n], t.Dropped[n], cpu, cpu1000)
	}
	b.WriteString("\n| players | policy | seat-games | wins | win rate | 95% interval | mean turns to win | full minus this policy (paired 95% interval) | deciding, per seat-game (wall) |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|\n")
	for _, n := range counts {
		cells := t.Cells[n]
		if cells == nil {
			continue
		}
		for _, p := range Policies {
			c := cells[p]
			r, lo, hi := c.Rate()
			diff := ""
			if p != Full {
				pd := PairedDiff(cells[Full], c, t.Games[n])
				diff = fmt.Sprintf("%+.1f%% (%+.1f%%, %+.1f%%): %s", 100*pd.D, 100*pd.Lo, 100*pd.Hi, pd.Verdict("full", p.String()))
			}
			turns := "–"
			if c.Wins > 0 {
				turns = fmt.Sprintf("%.1f", c.MeanTurns())
			}
			fmt.Fprintf(&b, "| %d | %s | %d | %d | %.1f%% | %.1f%% to %.1f%% | %s | %s | %s |\n",
				n, p, c.Seats, c.Wins, 100*r, 100*lo, 100*hi, turns, diff, roundDur(c.ThinkPerSeat()))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// roundDur is d to about three significant figures.
func roundDur(d time.Duration) string {
	switch {
	case d >= 10*time.Second:
		return d.Round(100 * time.Millisecond).String()
	case d >= time.Second:
		return d.Round(10 * time.Millisecond).String()
	case d >= time.Millisecond:
		return d.Round(10 * time.Microsecond).String()
	}
	return d.String()
}

// hours is d in CPU-hours (minutes below an hour).
func hours(d time.Duration) string {
	if d < time.Hour {
		return fmt.Sprintf("%.1f min", d.Minutes())
	}
	return fmt.Sprintf("%.1f h", d.Hours())
}

// WriteSVG plots, above, the win rates with their 95% Wilson intervals,
// one group of bars per player count, and the even share 1/n as a dashed
// line; below, full's rate minus each other policy's with its paired 95%
// interval ([PairedDiff]), a filled dot where the interval excludes 0;
// and the run the tallies come from (Run) at the foot.
func (t *Table) WriteSVG(w io.Writer, counts []int) error {
	const W, H, left, top, bottom = 720, 600, 50, 30, 50
	const rateH, gap, diffH = 260.0, 60.0, 170.0
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="12">`+"\n", W, H)
	fmt.Fprintf(&b, `<text x="%d" y="18">%s: win rate per seat (95%% Wilson intervals)</text>`+"\n", left, t.Game)
	colors := []string{"#999999", "#ddaa33", "#4477aa", "#cc6677"}
	top1 := 0.6
	for _, n := range counts {
		for _, c := range t.Cells[n] {
			if _, _, hi := c.Rate(); c.Seats > 0 && hi > top1 {
				top1 = math.Ceil(hi*10) / 10
			}
		}
	}
	y := func(p float64) float64 { return float64(top) + rateH*(1-p/top1) }
	for g := 0.0; g <= top1+1e-9; g += 0.1 {
		fmt.Fprintf(&b, `<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#eeeeee"/><text x="8" y="%.1f">%.0f%%</text>`+"\n", left, W-10, y(g), y(g), y(g)+4, 100*g)
	}
	groupW := float64(W-left-20) / float64(max(len(counts), 1))
	barW := groupW / float64(len(Policies)+1)
	for i, n := range counts {
		x0 := float64(left) + float64(i)*groupW
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f">%d players (%d games)</text>`+"\n", x0+barW/2, y(0)+16, n, t.Games[n])
		even := 1 / float64(n)
		fmt.Fprintf(&b, `<line x1="%.1f" x2="%.1f" y1="%.1f" y2="%.1f" stroke="#333333" stroke-dasharray="4,3"/>`+"\n", x0, x0+groupW-barW/2, y(even), y(even))
		cells := t.Cells[n]
		if cells == nil {
			continue
		}
		for j, p := range Policies {
			r, lo, hi := cells[p].Rate()
			x := x0 + barW/2 + float64(j)*barW
			fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"/>`+"\n", x, y(r), barW*0.8, y(0)-y(r), colors[j])
			cx := x + barW*0.4
			fmt.Fprintf(&b, `<line x1="%.1f" x2="%.1f" y1="%.1f" y2="%.1f" stroke="black"/>`+"\n", cx, cx, y(lo), y(hi))
		}
	}
	// The paired differences, full minus each other policy.
	dTop := float64(top) + rateH + gap
	fmt.Fprintf(&b, `<text x="%d" y="%.1f">full minus each other policy (paired 95%% intervals; filled: the interval excludes 0)</text>`+"\n", left, dTop-12)
	span := 0.2
	for _, n := range counts {
		cells := t.Cells[n]
		if cells == nil {
			continue
		}
		for _, p := range Policies[:len(Policies)-1] {
			if pd := PairedDiff(cells[Full], cells[p], t.Games[n]); pd.Judged {
				span = max(span, math.Ceil(max(math.Abs(pd.Lo), math.Abs(pd.Hi))*10)/10)
			}
		}
	}
	yd := func(d float64) float64 { return dTop + diffH*(span-d)/(2*span) }
	for g := -span; g <= span+1e-9; g += 0.1 {
		stroke := "#eeeeee"
		if math.Abs(g) < 1e-9 {
			stroke = "#333333"
		}
		fmt.Fprintf(&b, `<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="%s"/><text x="8" y="%.1f">%+.0f%%</text>`+"\n", left, W-10, yd(g), yd(g), stroke, yd(g)+4, 100*g)
	}
	for i, n := range counts {
		cells := t.Cells[n]
		if cells == nil {
			continue
		}
		x0 := float64(left) + float64(i)*groupW
		for j, p := range Policies[:len(Policies)-1] {
			pd := PairedDiff(cells[Full], cells[p], t.Games[n])
			if !pd.Judged {
				continue
			}
			cx := x0 + barW/2 + float64(j)*barW + barW*0.4
			fill := "white"
			if pd.Lo > 0 || pd.Hi < 0 {
				fill = colors[j]
			}
			fmt.Fprintf(&b, `<line x1="%.1f" x2="%.1f" y1="%.1f" y2="%.1f" stroke="%s" stroke-width="2"/>`+"\n", cx, cx, yd(pd.Lo), yd(pd.Hi), colors[j])
			fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="4" fill="%s" stroke="%s" stroke-width="2"/>`+"\n", cx, yd(pd.D), fill, colors[j])
		}
	}
	for j, p := range Policies {
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="10" height="10" fill="%s"/><text x="%d" y="%d">%s</text>`+"\n", left+j*110, H-bottom+4, colors[j], left+j*110+14, H-bottom+13, p)
	}
	fmt.Fprintf(&b, `<text x="%d" y="%d">dashed: 1/n</text>`+"\n", left+len(Policies)*110, H-bottom+13)
	if t.Run != "" {
		lines := wrap("Run: "+t.Run, 125)
		for i, l := range lines {
			fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="10">%s</text>`+"\n", 8, H-4-12*(len(lines)-1-i), html.EscapeString(l))
		}
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// wrap splits s at spaces into lines of at most width bytes (a longer
// word is a line of its own).
func wrap(s string, width int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(s) {
		if line != "" && len(line)+1+len(w) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}
