package clue

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/big"
	"slices"
	"strings"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/encodings/threat"
	"github.com/gumshoe-dev/gumshoe/solver"
)

var _ table.Game = (*Game)(nil)

// Report is every report of a game, computed exactly from the world counts
// of its problem. Probabilities are exact ratios of world counts under "the
// deal was uniformly random"; docs/rules/clue.md says where that reading
// is an approximation of the table.
type Report struct {
	Deck    string
	Seat    string // "" when no seat was given
	Players []string
	Holders []string // players in seating order, the envelope, the face-up pile if any
	Cards   []string
	Worlds  *big.Int // the number of deals consistent with the log

	// Cells are the sheet: Cells[card][holder].
	Cells [][]Odds
	// Categories are the envelope odds of each category's items.
	Categories []CategoryOdds
	// Envelopes is the joint distribution of the envelope's content, most
	// likely first (ties in deck order); only outcomes of non-zero count.
	Envelopes []EnvelopeOdds
	// Best is the most likely envelope: the best accusation. AccuseNow is
	// true when its probability is 1.
	Best      EnvelopeOdds
	AccuseNow bool
	// Forced are the known holders of cards, each with the minimal set of
	// lines (1-based, in Game.Lines order) that implies it.
	Forced []ForcedFact
	// Threats are what each opponent already knows ([Game.Threats]); nil
	// without a seat.
	Threats []threat.Figure
}

// Odds is what the sheet says about one card and one holder.
type Odds struct {
	Status solver.Status
	Count  *big.Int // worlds in which the card is with the holder
	Prob   *big.Rat // Count / Worlds
}

// CategoryOdds are the envelope odds of a category's items, in deck order.
type CategoryOdds struct {
	Name  string
	Items []ItemOdds
}

// ItemOdds is one item's probability of being in the envelope.
type ItemOdds struct {
	Item  string
	Count *big.Int
	Prob  *big.Rat
}

// EnvelopeOdds is one possible content of the envelope, in category order.
type EnvelopeOdds struct {
	Items []string
	Count *big.Int
	Prob  *big.Rat
}

// ForcedFact is a card whose holder is certain, and why.
type ForcedFact struct {
	Card, Holder string
	Lines        []int
}

// Analyze computes every report. With why false the Forced facts carry no
// lines (the explanations are the slowest part of a report).
func (g *Game) Analyze(ctx context.Context, why bool) (*Report, error) {
	p, err := g.Problem()
	if err != nil {
		return nil, err
	}
	m := p.Model()
	r := &Report{Deck: g.deck.Name, Seat: g.seat, Players: slices.Clone(g.players), Cards: g.deck.Cards()}
	for h := 0; h < m.NumHolders(); h++ {
		r.Holders = append(r.Holders, m.HolderName(solver.Holder(h)))
	}
	sat := solver.NewSAT(p)
	sheet, err := sat.Sheet(ctx)
	if err != nil {
		return nil, err
	}
	cnt := g.counts.Counter(p)
	marg, err := cnt.Marginals(ctx)
	if err != nil {
		return nil, err
	}
	r.Worlds = marg.Total
	r.Cells = make([][]Odds, m.NumCards())
	for c := range r.Cells {
		r.Cells[c] = make([]Odds, m.NumHolders())
		for h := range r.Cells[c] {
			card, hold := solver.Card(c), solver.Holder(h)
			r.Cells[c][h] = Odds{Status: sheet.Status(card, hold), Count: marg.Count(card, hold), Prob: marg.Prob(card, hold)}
		}
	}
	env := g.envelope()
	c := 0
	for _, cat := range g.deck.Categories {
		co := CategoryOdds{Name: cat.Name}
		for _, it := range cat.Items {
			o := r.Cells[c][env]
			co.Items = append(co.Items, ItemOdds{Item: it, Count: o.Count, Prob: o.Prob})
			c++
		}
		r.Categories = append(r.Categories, co)
	}
	contents, err := cnt.Contents(ctx, env)
	if err != nil {
		return nil, err
	}
	for _, cc := range contents {
		e := EnvelopeOdds{Count: cc.Count, Prob: ratio(cc.Count, r.Worlds)}
		for _, card := range cc.Cards {
			e.Items = append(e.Items, r.Cards[card])
		}
		r.Envelopes = append(r.Envelopes, e)
	}
	slices.SortStableFunc(r.Envelopes, func(a, b EnvelopeOdds) int { return b.Count.Cmp(a.Count) })
	if len(r.Envelopes) > 0 {
		r.Best = r.Envelopes[0]
		r.AccuseNow = r.Best.Prob.Cmp(big.NewRat(1, 1)) == 0
	}
	for c := range r.Cells {
		for h := range r.Cells[c] {
			if r.Cells[c][h].Status != solver.Forced {
				continue
			}
			f := ForcedFact{Card: r.Cards[c], Holder: r.Holders[h]}
			if why {
				ids, err := g.why(ctx, sat, p, solver.Fact{Card: solver.Card(c), Holder: solver.Holder(h), Holds: true})
				if err != nil {
					return nil, err
				}
				f.Lines = g.linesOf(ids)
			}
			r.Forced = append(r.Forced, f)
		}
	}
	// The sheet (why false) shows only the chance of certainty, which does
	// not depend on the limit: open envelopes are then counted up to 2.
	topt := ThreatOptions{Turns: threat.ReportTurns}
	if !why {
		topt = ThreatOptions{Limit: 2}
	}
	if r.Threats, err = g.Threats(ctx, topt); err != nil {
		return nil, err
	}
	return r, nil
}

// why explains a fact; a fact stated outright by one observation is its own
// explanation and needs no search. Explanations are kept: lines are only
// ever added, and a minimal set of lines implying a fact stays minimal and
// implying when more lines come.
func (g *Game) why(ctx context.Context, sat *solver.SAT, p *solver.Problem, f solver.Fact) ([]int, error) {
	if ids, ok := g.whyCache[f]; ok && p == g.prob {
		return ids, nil
	}
	ids, err := g.whySearch(ctx, sat, p, f)
	if err == nil && p == g.prob {
		if g.whyCache == nil {
			g.whyCache = map[solver.Fact][]int{}
		}
		g.whyCache[f] = ids
	}
	return ids, err
}

func (g *Game) whySearch(ctx context.Context, sat *solver.SAT, p *solver.Problem, f solver.Fact) ([]int, error) {
	want := solver.Holds(f.Card, f.Holder)
	if !f.Holds {
		want = solver.NotHolds(f.Card, f.Holder)
	}
	for id, o := range p.Observations() {
		for _, k := range o.Constraints {
			if len(k.Terms) == 1 && k.Op == want.Op && k.Bound == want.Bound && k.Terms[0] == want.Terms[0] {
				return []int{id}, nil
			}
		}
	}
	return sat.Why(ctx, f)
}

// linesOf turns observation ids into sorted line numbers.
func (g *Game) linesOf(ids []int) []int { return lineNumbers(g.obsLine, ids) }

// lineNumbers turns observation ids into sorted line numbers, each once,
// given obsLine, the index in the lines of each observation's line (-1,
// or an id out of range, for none: the deck rule when a deck file set it).
func lineNumbers(obsLine, ids []int) []int {
	var out []int
	for _, id := range ids {
		if id >= 0 && id < len(obsLine) && obsLine[id] >= 0 && !slices.Contains(out, obsLine[id]+1) {
			out = append(out, obsLine[id]+1)
		}
	}
	slices.Sort(out)
	return out
}

func ratio(a, b *big.Int) *big.Rat {
	if b.Sign() == 0 {
		return new(big.Rat)
	}
	return new(big.Rat).SetFrac(a, b)
}

// percent writes an exact probability as a percentage ([table.Percent]).
func percent(r *big.Rat) string { return table.Percent(r) }

// Sheet is the compact deduction sheet: one row a card, one column a holder,
// with the envelope odds and the best accusation underneath.
func (g *Game) Sheet(ctx context.Context) (*table.Grid, error) {
	r, err := g.Analyze(ctx, false)
	if err != nil {
		return nil, err
	}
	return r.Grid(), nil
}

// Grid draws the report's sheet.
func (r *Report) Grid() *table.Grid {
	gr := &table.Grid{Title: r.title(), Holders: r.Holders}
	for c, row := range r.Cells {
		tr := table.Row{Card: r.Cards[c]}
		for _, o := range row {
			cell := table.Cell{}
			switch o.Status {
			case solver.Forced:
				cell.Mark = table.Yes
			case solver.Impossible:
				cell.Mark = table.No
			default:
				cell.P, _ = o.Prob.Float64()
				cell.Exact = o.Prob
			}
			tr.Cells = append(tr.Cells, cell)
		}
		gr.Rows = append(gr.Rows, tr)
	}
	for _, co := range r.Categories {
		gr.Headlines = append(gr.Headlines, co.line(4))
	}
	gr.Headlines = append(gr.Headlines, r.bestLine())
	if line := threat.Headline(r.Players, r.Threats); line != "" {
		gr.Headlines = append(gr.Headlines, line)
	}
	if d := r.decision(); d != nil {
		gr.Headlines = append(gr.Headlines, d.Headline("accuse", "accusing"))
	}
	return gr
}

func (r *Report) title() string {
	seat := ""
	if r.Seat != "" {
		seat = ", seat " + r.Seat
	}
	return fmt.Sprintf("Clue (%s)%s, %d players, %s deals", r.Deck, seat, len(r.Players), r.Worlds)
}

// line is "suspects: Plum 50.0%, Green 25.0%, ..." with the n most likely
// items that can still be in the envelope.
func (co CategoryOdds) line(n int) string {
	items := slices.Clone(co.Items)
	slices.SortStableFunc(items, func(a, b ItemOdds) int { return b.Count.Cmp(a.Count) })
	var parts []string
	for i, it := range items {
		if it.Count.Sign() == 0 {
			break
		}
		if i == n {
			parts = append(parts, "...")
			break
		}
		parts = append(parts, it.Item+" "+percent(it.Prob))
	}
	return co.Name + ": " + strings.Join(parts, ", ")
}

func (r *Report) bestLine() string {
	if len(r.Best.Items) == 0 {
		return "Best accusation: none (no deal is consistent)"
	}
	s := fmt.Sprintf("Best accusation: %s, %s (%s)", strings.Join(r.Best.Items, " "), percent(r.Best.Prob), r.Best.Prob.RatString())
	if r.AccuseNow {
		s += ": accuse now, it is certain"
	}
	return s
}

// topEnvelopes is how many envelopes the text report lists.
const topEnvelopes = 10

// WriteText writes the sheet and every report as text.
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	if err := r.Grid().WriteText(&b); err != nil {
		return err
	}
	b.WriteString("\n")
	if _, err := io.WriteString(w, b.String()); err != nil {
		return err
	}
	return r.writeReports(w)
}

// writeReports writes the reports of [Report.WriteText] without the sheet.
func (r *Report) writeReports(w io.Writer) error {
	var b strings.Builder
	b.WriteString("Envelope odds (exact):\n")
	for _, co := range r.Categories {
		fmt.Fprintf(&b, "  %s:", co.Name)
		for _, it := range co.Items {
			if it.Count.Sign() > 0 {
				fmt.Fprintf(&b, " %s %s (%s);", it.Item, percent(it.Prob), it.Prob.RatString())
			}
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "\nMost likely envelopes (%d possible):\n", len(r.Envelopes))
	for i, e := range r.Envelopes {
		if i == topEnvelopes {
			fmt.Fprintf(&b, "  ... %d more\n", len(r.Envelopes)-i)
			break
		}
		fmt.Fprintf(&b, "  %2d. %-36s %6s  (%s)\n", i+1, strings.Join(e.Items, " "), percent(e.Prob), e.Prob.RatString())
	}
	b.WriteString("\nKnown holders:\n")
	if len(r.Forced) == 0 {
		b.WriteString("  none yet\n")
	}
	for _, f := range r.Forced {
		fmt.Fprintf(&b, "  %s: %s", f.Card, f.Holder)
		if len(f.Lines) > 0 {
			fmt.Fprintf(&b, " (%s)", table.LineRefs(f.Lines))
		}
		b.WriteString("\n")
	}
	if len(r.Threats) > 0 {
		b.WriteString("\n")
		threat.WriteText(&b, r.Players, r.Threats)
	}
	if d := r.decision(); d != nil {
		fmt.Fprintf(&b, "\n%s\n", d.Line("accuse"))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Report writes every report of the game as text: the envelope's odds, the
// likeliest envelopes, the best accusation and the known holders; not the
// sheet, which [Game.Sheet] draws ([Report.WriteText] writes both).
func (g *Game) Report(ctx context.Context, w io.Writer) error {
	r, err := g.Analyze(ctx, true)
	if err != nil {
		return err
	}
	return r.writeReports(w)
}

// ReportJSON writes every report as one JSON document (schema in
// docs/json.md).
func (g *Game) ReportJSON(ctx context.Context, w io.Writer) error {
	r, err := g.Analyze(ctx, true)
	if err != nil {
		return err
	}
	return r.WriteJSON(w, g)
}

// mkProb is the JSON form of count worlds with probability p.
func mkProb(count *big.Int, p *big.Rat) table.Odds { return table.NewOdds(count, p) }

type jsonItem struct {
	Item string `json:"item"`
	table.Odds
}

type jsonCategory struct {
	Name  string     `json:"name"`
	Items []jsonItem `json:"items"`
}

type jsonEnvelope struct {
	Items []string `json:"items"`
	table.Odds
}

type jsonForced struct {
	Card   string `json:"card"`
	Holder string `json:"holder"`
	Lines  []int  `json:"lines"`
}

type jsonReport struct {
	table.ReportHead
	Deck       string               `json:"deck"`
	Categories []jsonCategory       `json:"categories"`
	Envelopes  []jsonEnvelope       `json:"envelopes"`
	Forced     []jsonForced         `json:"forced"`
	Threats    []threat.JSON        `json:"threats,omitempty"`
	Decision   *threat.DecisionJSON `json:"decision,omitempty"`
}

// WriteJSON writes the report of g as one indented JSON document.
func (r *Report) WriteJSON(w io.Writer, g *Game) error {
	d := r.decision()
	var best *table.BestMove
	if len(r.Best.Items) > 0 {
		best = &table.BestMove{Kind: "accuse", Move: "accuse " + strings.Join(r.Best.Items, " "), Cards: r.Best.Items,
			Now: r.AccuseNow || (d != nil && d.Now), Certain: r.AccuseNow, Chance: table.ExactChance(r.Best.Prob)}
	}
	j := jsonReport{ReportHead: table.NewReportHead(Name, len(g.Lines()), r.Players, r.Seat, r.Worlds, best), Deck: r.Deck, Categories: []jsonCategory{},
		Envelopes: []jsonEnvelope{}, Forced: []jsonForced{}, Threats: threat.JSONOf(r.Players, r.Threats)}
	for _, co := range r.Categories {
		jc := jsonCategory{Name: co.Name}
		for _, it := range co.Items {
			jc.Items = append(jc.Items, jsonItem{Item: it.Item, Odds: mkProb(it.Count, it.Prob)})
		}
		j.Categories = append(j.Categories, jc)
	}
	for _, e := range r.Envelopes {
		j.Envelopes = append(j.Envelopes, jsonEnvelope{Items: e.Items, Odds: mkProb(e.Count, e.Prob)})
	}
	if d != nil {
		j.Decision = d.JSON()
	}
	for _, f := range r.Forced {
		lines := f.Lines
		if lines == nil {
			lines = []int{}
		}
		j.Forced = append(j.Forced, jsonForced{Card: f.Card, Holder: f.Holder, Lines: lines})
	}
	return table.WriteJSON(w, j)
}

// Explain explains a fact written "HOLDER CARD" or "not HOLDER CARD"
// (holder a player, envelope or faceup, or an abbreviation of one as the
// sheet heads it: "enve", "caro"; see [table.MatchName]) by a minimal set
// of lines that force it.
func (g *Game) Explain(ctx context.Context, fact string) (*table.Explanation, error) {
	e, err := g.explain(ctx, fact)
	return e, table.CharColumns(err, fact)
}

// explain is Explain with the columns of its errors in bytes.
func (g *Game) explain(ctx context.Context, fact string) (*table.Explanation, error) {
	p, err := g.Problem()
	if err != nil {
		return nil, err
	}
	toks := lex(fact)
	holds := true
	if len(toks) > 0 && toks[0].is("not") {
		holds, toks = false, toks[1:]
	}
	if len(toks) != 2 {
		return nil, lineErr(0, "a fact is a holder and a card", `"bob Knife" or "not envelope Plum"`)
	}
	// The holder may be written as the sheet heads it ("enve", "caro").
	m := p.Model()
	names := make([]string, m.NumHolders())
	for i := range names {
		names[i] = m.HolderName(solver.Holder(i))
	}
	i, err := table.FindName(names, toks[0].text, true)
	if err != nil {
		return nil, lineErr(toks[0].col, err.Error(), "a player, envelope or faceup")
	}
	if i >= 0 {
		toks[0].text = names[i]
	}
	h, err := g.holder(m, toks[0])
	if err != nil {
		return nil, err
	}
	c, err := g.card(toks[1])
	if err != nil {
		return nil, err
	}
	f := solver.Fact{Card: c, Holder: h, Holds: holds}
	text := fmt.Sprintf("%s holds %s", p.Model().HolderName(h), g.deck.Cards()[c])
	if !holds {
		text = fmt.Sprintf("%s does not hold %s", p.Model().HolderName(h), g.deck.Cards()[c])
	}
	sat := solver.NewSAT(p)
	ids, err := g.why(ctx, sat, p, f)
	if errors.Is(err, solver.ErrNotImplied) {
		return nil, fmt.Errorf("the lines so far do not force this: %s", text)
	}
	if err != nil {
		return nil, err
	}
	return &table.Explanation{Fact: text, Lines: g.linesOf(ids)}, nil
}

// decision weighs the best accusation against waiting (nil without a best
// accusation or the opponents' figures).
func (r *Report) decision() *threat.Decision {
	if len(r.Best.Items) == 0 || len(r.Threats) == 0 {
		return nil
	}
	d := threat.Decide(r.Best.Prob, r.Threats, nil)
	return &d
}
