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
	mark  table.Mark
	p     *big.Rat // the estimate, for an open cell
	se    float64
	rough bool // too few effective samples to trust se
	exact bool // p is exact (the estimator counted it), not sampled
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
			case est != nil && est.LocP(c, col).Sign() > 0:
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
		if est != nil && est.SpadeP(p).Cmp(big.NewRat(1, 1)) < 0 {
			canNot[p] = true
			continue
		}
		qs = append(qs, query{lits: st.highIn(p), hold: false})
		askFor = append(askFor, p)
	}
	canBe := [Players]bool{}
	canBeKnown := [Players]bool{}
	for p := range Players {
		if est != nil && est.SpadeP(p).Sign() > 0 {
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
					cs.p = est.LocP(Card(c), col)
					cs.se = est.LocSE(Card(c), col)
					cs.rough = est.LocRough(Card(c), col)
					cs.exact = est.Exact
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
			o.p, o.se = est.SpadeP(p), est.SpadeSE(p)
			o.text = pct(o.p, o.se)
			if est.Exact {
				o.text = pctExact(o.p)
			} else if est.SpadeRough(p) {
				o.text = "~" + o.text
			}
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
				// The estimator's value: exact where the estimator counted
				// it (the opening), otherwise a fraction of sampled weights
				// (docs/encodings/murder-by-the-deck.md) with its standard
				// error, never written as a fraction.
				cell.P, cell.Rough = ratFloat(cs.p), cs.rough
				if cs.exact {
					cell.Exact = cs.p
				} else {
					cell.SE = cs.se
				}
			}
			row.Cells = append(row.Cells, cell)
		}
		gr.Rows = append(gr.Rows, row)
	}
	gr.Headlines = g.headlines(ctx, est)
	return gr, nil
}

func pct(p *big.Rat, se float64) string {
	return fmt.Sprintf("%s%%±%.0f", whole(p), se*100)
}

// whole is a probability in whole percent, never "0" or "100" for one that
// is not exactly 0 or 1: "<1" and ">99".
func whole(p *big.Rat) string {
	f := ratFloat(p) * 100
	switch {
	case f < 0.5 && p.Sign() > 0:
		return "<1"
	case f >= 99.5 && p.Cmp(big.NewRat(1, 1)) < 0:
		return ">99"
	}
	return fmt.Sprintf("%.0f", f)
}

// estText is an estimate with its standard error, or an exact figure.
func estText(p *big.Rat, se float64, exact bool) string {
	if exact {
		return pctExact(p)
	}
	return pct(p, se)
}

// pctExact is an exact probability in whole percent.
func pctExact(p *big.Rat) string { return whole(p) + "%" }

func (g *Game) headlines(ctx context.Context, est *Estimate) []string {
	st := g.st
	if est == nil {
		return []string{"Odds beyond reach for these lines; the marks are exact.", g.status(ctx)}
	}
	spades := g.spadeStatus(ctx, est)
	var parts []string
	for p := range Players {
		if !st.alive[p] {
			continue
		}
		parts = append(parts, st.names[p]+" "+spades[p].text)
	}
	// The rest of the murderer's odds, when one player at most is the
	// murderer: nobody is yet (the identity card is in the draw pile).
	if rest := est.NobodyP(st.alive, st.rules); rest != nil && rest.Sign() > 0 {
		parts = append(parts, "nobody yet "+estText(rest, est.NobodySE(), est.Exact))
	}
	first := "Murderer: " + strings.Join(parts, ", ")
	if est.RiskDen > 0 {
		risk := estText(est.RiskP(), est.RiskSE(), est.Exact)
		if est.RiskP().Sign() == 0 {
			risk = "0%"
			if !g.noDeathInPile(ctx) {
				// No world drawn had one, but one may be there.
				risk = "<1%"
			}
		}
		first += ". Next draw a death card: " + risk
	}
	second := g.status(ctx)
	switch {
	case est.Exact:
		second += " Exact odds."
	default:
		second += fmt.Sprintf(" %d worlds sampled, %.0f effective", est.N, est.ESS)
		if est.ESS < roughSize {
			second += ", ~ rough"
		}
		second += "."
	}
	return []string{fit(first, firstShort), fit(second, secondShort)}
}

// The shorter forms of the headlines, tried in turn until a headline fits
// an 80-column line (so that the sheet keeps to two headlines on a
// 24-line terminal).
var (
	firstShort  = [][2]string{{". Next draw a death card: ", ". Death next: "}, {"nobody yet ", "nobody "}, {"Murderer: ", ""}, {"%±", "±"}}
	secondShort = [][2]string{{" worlds sampled, ", " worlds, "}, {"Death row: ", "Row: "}, {", dies in ", " "}, {" turns", "t"}, {" turn", "t"}, {"Lucky: ", "Lucky "}, {" effective.", " eff."}}
)

// fit shortens s by the replacements in turn until it fits 80 columns.
func fit(s string, short [][2]string) string {
	for _, r := range short {
		if table.Width(s) <= 80 {
			break
		}
		s = strings.ReplaceAll(s, r[0], r[1])
	}
	return s
}

// noDeathInPile reports whether the next card drawn is certainly no death
// card: none can be in the draw pile (or, to be shuffled, on the return
// pile).
func (g *Game) noDeathInPile(ctx context.Context) bool {
	st := g.st
	if st.pile == 0 {
		for _, c := range st.used {
			if c.IsDeath() {
				return false
			}
		}
		return true
	}
	a, err := g.analyse(ctx)
	if err != nil {
		return false
	}
	for n := 1; n <= 4; n++ {
		if a.cells[deathCard(n)][colPile].mark != table.No {
			return false
		}
	}
	return true
}

// status says who is on death row with their turns left (the seat's own
// face-down card by name), who is dead with their face-down card, who has
// BLOCKed and who had a lucky break: "Death row: bob 4S, dies in 2 turns;
// carol 2S-4S, 1-3 turns. Dead: dave (3S). BLOCK: alice."
func (g *Game) status(ctx context.Context) string {
	st := g.st
	var row, dead, block, lucky []string
	a, _ := g.analyse(ctx)
	known := func(c Card) bool { // public, the seat's, or never face down: not a candidate
		if a != nil && a.cells[c][colDown].mark == table.No {
			return true
		}
		return st.live[c] < 0 || slices.Contains(st.seatHand, c) || slices.Contains(st.deadDownCard, c) || (st.seatDown == c && st.downSlot[max(st.seat, 0)] >= 0 && st.seat >= 0)
	}
	for p := range Players {
		name := st.names[p]
		switch {
		case !st.alive[p]:
			for i, k := range st.deadDown {
				if k >= 0 && st.slots[k].player == p {
					if c := st.deadDownCard[i]; c != NoCard {
						name += " (" + c.String() + ")"
					}
				}
			}
			dead = append(dead, name)
			continue
		case st.downSlot[p] >= 0:
			played := st.downTurns[p]
			if p == st.seat {
				left := st.seatDown.DeathTurns() - played
				row = append(row, fmt.Sprintf("%s %s, dies in %d turn%s", name, st.seatDown, left, plural(left)))
				break
			}
			lo, hi := 0, 0
			var cands []string
			for n := played + 1; n <= 4; n++ {
				if c := deathCard(n); !known(c) {
					cands = append(cands, c.String())
					if lo == 0 {
						lo = n - played
					}
					hi = n - played
				}
			}
			switch {
			case len(cands) == 0:
				row = append(row, name)
			case lo == hi:
				row = append(row, fmt.Sprintf("%s %s, dies in %d turn%s", name, cands[0], lo, plural(lo)))
			default:
				row = append(row, fmt.Sprintf("%s %s, %d-%d turns", name, strings.Join(cands, "/"), lo, hi))
			}
		}
		if st.blocked[p] {
			block = append(block, st.names[p])
		}
		if st.lucky[p] {
			lucky = append(lucky, st.names[p])
		}
	}
	var b strings.Builder
	add := func(head string, xs []string, sep string) {
		if len(xs) > 0 {
			fmt.Fprintf(&b, "%s: %s. ", head, strings.Join(xs, sep))
		}
	}
	add("Death row", row, "; ")
	add("Dead", dead, ", ")
	add("BLOCK", block, ", ")
	add("Lucky", lucky, ", ")
	if b.Len() == 0 {
		return "Nobody on death row, dead or BLOCKed."
	}
	return strings.TrimSpace(b.String())
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// spadeOdds is what the tracker says of one player being a Spade.
type spadeOdds struct {
	status string // "forced", "impossible", "open" or "dead"
	p      *big.Rat
	se     float64
	text   string
}

// murdererOdds is each player's murderer status without settling every
// card: the estimate, and SAT questions for what no sampled world shows
// (the analysis, when it is made, gives the same).
func (g *Game) murdererOdds(ctx context.Context) ([Players]spadeOdds, error) {
	var out [Players]spadeOdds
	if g.an != nil {
		return g.an.spades, nil
	}
	est, err := g.Estimate(ctx)
	if err != nil {
		return out, err
	}
	st := g.st
	var qs []query
	var who []int
	for p := range Players {
		if !st.alive[p] {
			continue
		}
		if est.SpadeP(p).Cmp(big.NewRat(1, 1)) == 0 {
			qs = append(qs, query{lits: st.highIn(p), hold: false})
			who = append(who, p)
		}
		if est.SpadeP(p).Sign() == 0 {
			qs = append(qs, query{lits: st.highIn(p), hold: true})
			who = append(who, -p-1)
		}
	}
	ok, err := g.possible(ctx, qs)
	if err != nil {
		return out, err
	}
	canNot, canBe := [Players]bool{true, true, true, true}, [Players]bool{true, true, true, true}
	for i, w := range who {
		if w >= 0 {
			canNot[w] = ok[i]
		} else {
			canBe[-w-1] = ok[i]
		}
	}
	for p := range Players {
		o := &out[p]
		switch {
		case !st.alive[p]:
			o.status, o.text, o.p = "dead", "dead", new(big.Rat)
		case !canBe[p]:
			o.status, o.text, o.p = "impossible", "✗", new(big.Rat)
		case !canNot[p]:
			o.status, o.text, o.p = "forced", "✓", big.NewRat(1, 1)
		default:
			o.status = "open"
			o.p, o.se = est.SpadeP(p), est.SpadeSE(p)
			o.text = pct(o.p, o.se)
		}
	}
	return out, nil
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
				parts = append(parts, g.colName(col)+" "+estText(cs.p, cs.se, est != nil && est.Exact))
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
// The place is read as every game reads a holder ([table.MatchName]): its
// whole name in any case, or the first three letters or more of one place
// only, such as the sheet's column heads ("caro", "pil").
//
// The column of a *table.LineError counts characters as a player sees
// them ([table.CharColumns]).
func (g *Game) Explain(ctx context.Context, fact string) (*table.Explanation, error) {
	e, err := g.explain(ctx, fact)
	return e, table.CharColumns(err, fact)
}

// explain is Explain with the error's column in bytes.
func (g *Game) explain(ctx context.Context, fact string) (*table.Explanation, error) {
	st := g.st
	ws := words(table.StripComment(fact))
	neg := false
	if len(ws) > 0 && strings.EqualFold(ws[0].text, "not") {
		neg, ws = true, ws[1:]
	}
	if len(ws) != 2 {
		return nil, lineErr(0, "NAME CARD, pile CARD, down CARD, used CARD or NAME spade", "a fact is a place and a card")
	}
	if len(st.names) == 0 {
		return nil, errNoPlayers
	}
	// The place is read as every game reads a holder (table.MatchName), so
	// the sheet's column heads ("caro", "pil") name their places.
	places := make([]string, numCols)
	for col := range places {
		places[col] = g.colName(col)
	}
	col := table.MatchName(places, ws[0].text)
	if col < 0 {
		return nil, lineErr(ws[0].col, "a player ("+strings.Join(st.names, ", ")+"), pile, down or used", "%q is not a place", ws[0].text)
	}
	var lits []lit
	var words string
	if strings.EqualFold(ws[1].text, "spade") {
		p := col
		if p >= Players {
			return nil, lineErr(ws[0].col, "a player: "+strings.Join(st.names, ", "), "only a player is a Spade")
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
	if col == colDown && !neg {
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
