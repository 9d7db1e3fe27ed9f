package murderbythedeck

import (
	"context"
	"fmt"
	"io"
	"math/big"
	"slices"
	"strings"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// cellState is what the tracker knows of one card and one column.
type cellState struct {
	mark table.Mark
	p    *big.Rat // the estimate, for an open cell
	se   float64
}

// analysis is what the sheet, the reports and the advice read: the
// estimate, every card's possible places and each player's Spade status;
// computed once per state.
type analysis struct {
	cells  [NumCards][numCols]cellState
	est    *Estimate
	spades [Players]spadeOdds
}

// analyse settles every card and column and each player's Spade status:
// public facts first, then the SAT engine's sheet of (card copy, holder)
// pairs (a place is possible when one of its literals is), and for a Spade
// status that no sampled world contradicts, one SAT question.
func (g *Game) analyse(ctx context.Context) (*analysis, error) {
	if g.an != nil {
		return g.an, nil
	}
	a := &analysis{}
	st := g.st
	est, estErr := g.Estimate(ctx)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if estErr != nil {
		est = nil
	}
	a.est = est
	// Public facts and the seat's own cards settle most rows; a sampled
	// world witnesses every place it shows; the SAT engine settles the rest.
	// (The counter's marginals would settle single literals in one pass,
	// but that pass costs seconds on some late states.)
	possible := [NumCards][numCols]bool{}
	var qs []query
	var at [][2]int
	for c := range Card(NumCards) {
		known := -1
		if st.seat >= 0 && slices.Contains(st.seatHand, c) {
			known = st.seat
		}
		if k := st.downSlot[max(st.seat, 0)]; st.seat >= 0 && k >= 0 && st.seatDown == c {
			known = colDown
		}
		for col := range numCols {
			lits, public, val := st.where(c, col)
			switch {
			case public:
				possible[c][col] = val
			case known >= 0:
				possible[c][col] = col == known
			case len(lits) == 0:
			case est != nil && est.Loc[c][col].Sign() > 0:
				possible[c][col] = true
			default:
				qs = append(qs, query{lits: lits, hold: true})
				at = append(at, [2]int{int(c), col})
			}
		}
	}
	// Spades: "is not one" is possible when a sampled world shows it.
	canNot := [Players]bool{}
	var askFor []int
	for p := range Players {
		if est != nil && est.Spade[p].Cmp(est.Total) < 0 {
			canNot[p] = true
			continue
		}
		qs = append(qs, query{lits: st.highIn(p), hold: false})
		askFor = append(askFor, p)
	}
	canBe := [Players]bool{}
	canBeKnown := [Players]bool{}
	for p := range Players {
		if est != nil && est.Spade[p].Sign() > 0 {
			canBe[p], canBeKnown[p] = true, true
			continue
		}
		qs = append(qs, query{lits: st.highIn(p), hold: true})
	}
	ok, err := g.possible(ctx, qs)
	if err != nil {
		return nil, err
	}
	for i, x := range at {
		possible[x[0]][x[1]] = ok[i]
	}
	i := len(at)
	for _, p := range askFor {
		canNot[p] = ok[i]
		i++
	}
	for p := range Players {
		if !canBeKnown[p] {
			canBe[p] = ok[i]
			i++
		}
	}
	for c := range NumCards {
		n := 0
		for col := range numCols {
			if possible[c][col] {
				n++
			}
		}
		for col := range numCols {
			cs := &a.cells[c][col]
			switch {
			case !possible[c][col]:
				cs.mark = table.No
			case n == 1:
				cs.mark = table.Yes
			default:
				cs.mark = table.Maybe
				if est != nil {
					cs.p = est.P(est.Loc[c][col])
					cs.se = est.LocSE(Card(c), col)
				} else {
					cs.p = big.NewRat(1, int64(n))
				}
			}
		}
	}
	for p := range Players {
		o := &a.spades[p]
		can := canBe[p]
		switch {
		case !st.alive[p]:
			o.status, o.text, o.p = "dead", "dead", new(big.Rat)
		case !can:
			o.status, o.text, o.p = "impossible", "✗", new(big.Rat)
		case !canNot[p]:
			o.status, o.text, o.p = "forced", "✓", big.NewRat(1, 1)
		case est != nil:
			o.status = "open"
			o.p, o.se = est.P(est.Spade[p]), est.SpadeSE(p)
			o.text = pct(o.p, o.se)
		default:
			o.status, o.p, o.text = "open", new(big.Rat), "?"
		}
	}
	g.an = a
	return a, nil
}

// cells is the settled sheet and the estimate (nil when beyond reach).
func (g *Game) cells(ctx context.Context) ([NumCards][numCols]cellState, *Estimate, error) {
	a, err := g.analyse(ctx)
	if err != nil {
		return [NumCards][numCols]cellState{}, nil, err
	}
	return a.cells, a.est, nil
}

// Sheet is the deduction sheet: a row a card, a column each player's hand,
// the draw pile, the face-down death cards and the return pile; the
// headlines give the odds that each player is a Spade and the risk of the
// next draw. Open cells show the estimate (docs/encodings).
func (g *Game) Sheet(ctx context.Context) (*table.Grid, error) {
	st := g.st
	gr := &table.Grid{Title: "Murder By The Deck"}
	if len(st.names) == 0 {
		gr.Headlines = []string{"No players yet."}
		return gr, nil
	}
	if st.seat >= 0 {
		gr.Title += ", seat " + st.names[st.seat]
	}
	if st.over {
		gr.Title += " (round over)"
	}
	for col := range numCols {
		gr.Holders = append(gr.Holders, g.colName(col))
	}
	cells, est, err := g.cells(ctx)
	if err != nil {
		return nil, err
	}
	for c := range Card(NumCards) {
		row := table.Row{Card: c.String()}
		for col := range numCols {
			cs := cells[c][col]
			cell := table.Cell{Mark: cs.mark, NoEstimate: cs.mark == table.Maybe && cs.p == nil}
			if cs.mark == table.Maybe && cs.p != nil {
				// The estimator's value (a fraction of sampled weights,
				// docs/encodings/murder-by-the-deck.md) and its standard
				// error: an estimate, never written as a fraction.
				cell.P, cell.SE = ratFloat(cs.p), cs.se
			}
			row.Cells = append(row.Cells, cell)
		}
		gr.Rows = append(gr.Rows, row)
	}
	gr.Headlines = g.headlines(ctx, est)
	return gr, nil
}

func pct(p *big.Rat, se float64) string {
	return fmt.Sprintf("%.0f%%±%.0f", ratFloat(p)*100, se*100)
}

func (g *Game) headlines(ctx context.Context, est *Estimate) []string {
	st := g.st
	if est == nil {
		return []string{"Odds beyond reach for these lines; the marks are exact."}
	}
	spades := g.spadeStatus(ctx, est)
	var parts []string
	for p := range Players {
		if !st.alive[p] {
			parts = append(parts, st.names[p]+" dead")
			continue
		}
		parts = append(parts, st.names[p]+" "+spades[p].text)
	}
	out := []string{"Spade (murderer): " + strings.Join(parts, ", ")}
	if est.RiskDen > 0 {
		out = append(out, fmt.Sprintf("Next draw is a death card: %s", pct(est.RiskP(), est.RiskSE())))
	}
	out = append(out, fmt.Sprintf("Estimated from %d worlds (effective %.0f); ± is one standard error.", est.N, est.ESS))
	return out
}

// spadeOdds is what the tracker says of one player being a Spade.
type spadeOdds struct {
	status string // "forced", "impossible", "open" or "dead"
	p      *big.Rat
	se     float64
	text   string
}

// spadeStatus is each player's Spade status (analyse).
func (g *Game) spadeStatus(ctx context.Context, _ *Estimate) [Players]spadeOdds {
	a, err := g.analyse(ctx)
	if err != nil {
		var out [Players]spadeOdds
		for p := range out {
			out[p] = spadeOdds{status: "open", p: new(big.Rat), text: "?"}
		}
		return out
	}
	return a.spades
}

// Report writes the odds that each player is a Spade, the risk of the next
// draw, and every open card's locations with their odds.
func (g *Game) Report(ctx context.Context, w io.Writer) error {
	st := g.st
	if len(st.names) == 0 {
		return errNoPlayers
	}
	cells, est, err := g.cells(ctx)
	if err != nil {
		return err
	}
	var b strings.Builder
	for _, h := range g.headlines(ctx, est) {
		b.WriteString(h + "\n")
	}
	b.WriteString("Open cards:\n")
	for c := range Card(NumCards) {
		var parts []string
		for col := range numCols {
			if cs := cells[c][col]; cs.mark == table.Maybe {
				parts = append(parts, g.colName(col)+" "+pct(cs.p, cs.se))
			}
		}
		if len(parts) > 0 {
			fmt.Fprintf(&b, "  %-3s %s\n", c, strings.Join(parts, ", "))
		}
	}
	_, err = io.WriteString(w, b.String())
	return err
}

// Estimated is an estimated probability in JSON: its float "p_float", its
// standard error "se" and "exact": false, never a fraction
// (docs/json.md).
type Estimated = table.Chance

func newEstimated(p *big.Rat, se float64) *Estimated {
	c := table.EstimatedChance(ratFloat(p), se)
	return &c
}

// chanceOf is an accusation's or a Spade's chance in JSON: exact for a
// settled status ("1" forced, "0" impossible), the estimate for an open
// one; nil for an open status with no estimate.
func chanceOf(status string, p *big.Rat, se float64) *table.Chance {
	switch status {
	case "forced":
		c := table.ExactChance(big.NewRat(1, 1))
		return &c
	case "impossible", "dead":
		c := table.ExactChance(nil)
		return &c
	}
	if p == nil {
		return nil
	}
	return newEstimated(p, se)
}

// bestMove is the seat's best accusation in the report: the other living
// player most likely a Spade (the advice's first), to make now when the
// seat may accuse this turn and the accused is surely a Spade; nil without
// a seat, or when no one can be a Spade.
func (g *Game) bestMove(ctx context.Context) *table.BestMove {
	if g.st.seat < 0 {
		return nil
	}
	a, err := g.Advice(ctx)
	if err != nil || len(a.Accusations) == 0 {
		return nil
	}
	o := a.Accusations[0]
	c := chanceOf(o.Status, o.P, o.SE)
	if c == nil || o.Status == "impossible" {
		return nil
	}
	certain := o.Status == "forced"
	return &table.BestMove{Kind: "accuse", Move: "accuse " + o.Player, Player: o.Player, Cards: []string{},
		Now: a.CanAccuse && certain, Certain: certain, Chance: *c}
}

// ReportJSON writes the report as the JSON document "mbtd report" of
// docs/json.md.
func (g *Game) ReportJSON(ctx context.Context, w io.Writer) error {
	st := g.st
	if len(st.names) == 0 {
		return errNoPlayers
	}
	cells, est, err := g.cells(ctx)
	if err != nil {
		return err
	}
	type spadeJSON struct {
		Player string `json:"player"`
		Status string `json:"status"`
		*table.Chance
	}
	type locJSON struct {
		Holder string `json:"holder"`
		Status string `json:"status"`
		*table.Chance
	}
	type cardJSON struct {
		Card      string    `json:"card"`
		Locations []locJSON `json:"locations"`
	}
	doc := struct {
		table.ReportHead
		Over      bool        `json:"over"`
		Samples   int         `json:"samples"`
		ESS       table.Real  `json:"effective_samples"`
		Spade     []spadeJSON `json:"spade"`
		NextDeath *Estimated  `json:"next_draw_death"`
		Cards     []cardJSON  `json:"cards"`
	}{ReportHead: table.NewReportHead(Name, len(g.Lines()), st.names, g.Seat(), nil, g.bestMove(ctx)), Over: st.over, Spade: []spadeJSON{}, Cards: []cardJSON{}}
	if est != nil {
		doc.Samples, doc.ESS = est.N, table.Real(est.ESS)
		if est.RiskDen > 0 {
			doc.NextDeath = newEstimated(est.RiskP(), est.RiskSE())
		}
	}
	sp := g.spadeStatus(ctx, est)
	for p := range Players {
		j := spadeJSON{Player: st.names[p], Status: sp[p].status, Chance: chanceOf(sp[p].status, sp[p].p, sp[p].se)}
		doc.Spade = append(doc.Spade, j)
	}
	for c := range Card(NumCards) {
		cj := cardJSON{Card: c.String(), Locations: []locJSON{}}
		for col := range numCols {
			cs := cells[c][col]
			if cs.mark == table.No {
				continue
			}
			one := table.ExactChance(big.NewRat(1, 1))
			l := locJSON{Holder: g.colName(col), Status: "forced", Chance: &one}
			if cs.mark == table.Maybe {
				l.Chance = nil
				l.Status = "open"
				if est != nil {
					l.Chance = newEstimated(cs.p, cs.se)
				}
			}
			cj.Locations = append(cj.Locations, l)
		}
		doc.Cards = append(doc.Cards, cj)
	}
	return table.WriteJSON(w, doc)
}

// Explain explains a fact: "NAME CARD" (the card is in NAME's hand now),
// "pile CARD", "down CARD" (face down before a player), "used CARD" (on the
// return pile), "NAME spade" (NAME is a Spade), each perhaps after "not".
func (g *Game) Explain(ctx context.Context, fact string) (*table.Explanation, error) {
	st := g.st
	ws := words(table.StripComment(fact))
	neg := false
	if len(ws) > 0 && strings.EqualFold(ws[0].text, "not") {
		neg, ws = true, ws[1:]
	}
	if len(ws) != 2 {
		return nil, lineErr(0, "NAME CARD, pile CARD, down CARD, used CARD or NAME spade", "a fact is a place and a card")
	}
	var lits []lit
	var words string
	where := strings.ToLower(ws[0].text)
	if strings.EqualFold(ws[1].text, "spade") {
		p, err := st.findPlayer(ws[0])
		if err != nil {
			return nil, err
		}
		lits = st.highIn(p)
		words = st.names[p] + " is a Spade"
		if neg {
			words = st.names[p] + " is not a Spade"
		}
	} else {
		c, err := ParseCard(ws[1].text)
		if err != nil {
			return nil, lineErr(ws[1].col, "a card such as QS", "%v", err)
		}
		col := -1
		switch where {
		case "pile":
			col = colPile
		case "down":
			col = colDown
		case "used":
			col = colUsed
		default:
			p, err := st.findPlayer(ws[0])
			if err != nil {
				return nil, err
			}
			col = p
		}
		place := map[int]string{colPile: "in the draw pile", colDown: "face down before a player", colUsed: "on the return pile"}[col]
		if col < Players {
			place = "in " + st.names[col] + "'s hand"
		}
		words = fmt.Sprintf("%s is %s", c, place)
		if neg {
			words = fmt.Sprintf("%s is not %s", c, place)
		}
		l, public, val := st.where(c, col)
		if public {
			if val != neg {
				if st.live[c] < 0 {
					return &table.Explanation{Fact: words, Lines: []int{st.usedLine[c]}}, nil
				}
				return &table.Explanation{Fact: words, Lines: []int{}}, nil
			}
			return nil, fmt.Errorf("the lines so far do not force this: %s", words)
		}
		lits = l
	}
	lines, forced, err := g.why(ctx, query{lits: lits, hold: neg})
	if err != nil {
		return nil, err
	}
	if !forced {
		return nil, fmt.Errorf("the lines so far do not force this: %s", words)
	}
	if where == "down" && !neg {
		// A card is face down because of the draw the lines put it in and
		// the line that placed that draw's card face down.
		for _, k := range st.downSlots() {
			if slices.Contains(lines, st.slots[k].line) && st.slots[k].downLine > 0 {
				lines = append(lines, st.slots[k].downLine)
			}
		}
		slices.Sort(lines)
		lines = slices.Compact(lines)
	}
	return &table.Explanation{Fact: words, Lines: lines}, nil
}
