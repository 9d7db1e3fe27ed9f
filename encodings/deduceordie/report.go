package deduceordie

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/big"
	"strings"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/encodings/threat"
	"github.com/gumshoe-dev/gumshoe/solver"
)

// pct writes an exact probability as a percentage ([table.Percent]).
func pct(p *big.Rat) string { return table.Percent(p) }

func (g *Game) title() string {
	seat := "no seat"
	if g.seat >= 0 {
		seat = "seat " + g.players[g.seat]
	}
	return fmt.Sprintf("Deduce or Die, %s, %d players", seat, len(g.players))
}

// Sheet is the compact deduction sheet: every card against every holder,
// and the Murder card, murderer and best accusation underneath.
func (g *Game) Sheet(ctx context.Context) (*table.Grid, error) {
	a, err := g.Analyze(ctx)
	if err != nil {
		return nil, err
	}
	gr := g.grid(a)
	// The sheet shows only the chance of certainty, which does not depend
	// on the limit: counting open solutions up to 2 is enough.
	figs, err := g.Threats(ctx, ThreatOptions{Limit: 2})
	if err != nil {
		return nil, err
	}
	if line := g.threatLine(figs); line != "" {
		gr.Headlines = append(gr.Headlines, line)
	}
	if d := g.decision(a, figs); d != nil {
		gr.Headlines = append(gr.Headlines, d.Headline("accuse", "accusing"))
	}
	return gr, nil
}

func (g *Game) grid(a *Analysis) *table.Grid {
	gr := &table.Grid{Title: g.title()}
	for _, h := range a.Holders {
		gr.Names = append(gr.Names, h)
		switch h {
		case EvidenceHolder:
			h = "evid"
		case ExposedHolder:
			h = "expo"
		}
		gr.Holders = append(gr.Holders, h)
	}
	for c := range Card(NumCards) {
		row := table.Row{Card: CardName(c)}
		for h := range a.Holders {
			cell := table.Cell{}
			switch a.Status[c][h] {
			case solver.Forced:
				cell.Mark = table.Yes
			case solver.Impossible:
				cell.Mark = table.No
			default:
				cell.P, _ = a.P[c][h].Float64()
				cell.Exact = a.P[c][h]
			}
			row.Cells = append(row.Cells, cell)
		}
		gr.Rows = append(gr.Rows, row)
	}
	var mc []string
	for i, x := range a.MurderCards {
		if i == 5 {
			mc = append(mc, "...")
			break
		}
		mc = append(mc, CardName(x.Card)+" "+pct(x.P))
	}
	gr.Headlines = append(gr.Headlines, "Murder card: "+strings.Join(mc, ", "))
	if a.Murderers != nil {
		var ms []string
		for _, x := range a.Murderers {
			if x.Count.Sign() > 0 {
				ms = append(ms, g.players[x.Player]+" "+pct(x.P))
			}
		}
		gr.Headlines = append(gr.Headlines, "Murderer: "+strings.Join(ms, ", "))
	}
	if a.Accusation != nil {
		gr.Headlines = append(gr.Headlines, "Best accusation: "+g.accusationText(a.Accusation))
	}
	return gr
}

func (g *Game) accusationText(x *Accusation) string {
	s := fmt.Sprintf("accuse %s with %s+%s: %s (%s)", g.players[x.Accused], CardName(x.A), CardName(x.B), pct(x.P), x.P.RatString())
	if x.Certain {
		s += " - you can accuse with certainty"
	}
	return s
}

// Report writes every report as text: the number of deals, the Evidence
// pairs, the Murder cards, the murderers and the seat's best accusation;
// not the sheet, which [Game.Sheet] draws.
func (g *Game) Report(ctx context.Context, w io.Writer) error {
	a, err := g.Analyze(ctx)
	if err != nil {
		return err
	}
	figs, err := g.Threats(ctx, ThreatOptions{Turns: threat.ReportTurns})
	if err != nil {
		return err
	}
	return g.writeReport(w, a, figs)
}

func (g *Game) writeReport(w io.Writer, a *Analysis, figs []threat.Figure) error {
	var b strings.Builder
	fmt.Fprintf(&b, "Worlds: %s\n", a.Worlds)
	const top = 10
	fmt.Fprintf(&b, "\nEvidence pairs (%d possible):\n", len(a.Pairs))
	for i, x := range a.Pairs {
		if i == top {
			fmt.Fprintf(&b, "  ... %d more\n", len(a.Pairs)-top)
			break
		}
		fmt.Fprintf(&b, "  %-6s -> %-3s %7s  %s\n", CardName(x.A)+"+"+CardName(x.B), CardName(x.Murder), pct(x.P), x.P.RatString())
	}
	fmt.Fprintf(&b, "\nMurder card:\n")
	for _, x := range a.MurderCards {
		fmt.Fprintf(&b, "  %-3s %7s  %s\n", CardName(x.Card), pct(x.P), x.P.RatString())
	}
	if a.Murderers != nil {
		fmt.Fprintf(&b, "\nMurderer:\n")
		for _, x := range a.Murderers {
			fmt.Fprintf(&b, "  %-8s %7s  %s\n", g.players[x.Player], pct(x.P), x.P.RatString())
		}
	}
	if a.Accusation != nil {
		fmt.Fprintf(&b, "\nBest accusation for %s: %s\n", g.players[g.seat], g.accusationText(a.Accusation))
	}
	if len(figs) > 0 {
		b.WriteString("\n")
		threat.WriteText(&b, g.players, figs)
	}
	if d := g.decision(a, figs); d != nil {
		fmt.Fprintf(&b, "\n%s\n", d.Line("accuse"))
	}
	for _, n := range a.Notes {
		fmt.Fprintf(&b, "\nNote: %s\n", n)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// JSON forms; docs/json.md is the schema.
func jprob(o Odds) table.Odds { return table.NewOdds(o.Count, o.P) }

type jsonPair struct {
	Pair   [2]string `json:"pair"`
	Murder string    `json:"murder"`
	table.Odds
}

type jsonCard struct {
	Card string `json:"card"`
	table.Odds
}

type jsonPlayer struct {
	Player string `json:"player"`
	table.Odds
}

type jsonReport struct {
	table.ReportHead
	Evidence    []jsonPair           `json:"evidence"`
	MurderCards []jsonCard           `json:"murder_cards"`
	Murderers   []jsonPlayer         `json:"murderers,omitempty"`
	Threats     []threat.JSON        `json:"threats,omitempty"`
	Decision    *threat.DecisionJSON `json:"decision,omitempty"`
	Notes       []string             `json:"notes,omitempty"`
}

// ReportJSON writes every report as one JSON document (schema in
// docs/json.md).
func (g *Game) ReportJSON(ctx context.Context, w io.Writer) error {
	a, err := g.Analyze(ctx)
	if err != nil {
		return err
	}
	figs, err := g.Threats(ctx, ThreatOptions{Turns: threat.ReportTurns})
	if err != nil {
		return err
	}
	return g.writeJSON(w, a, figs)
}

func (g *Game) writeJSON(w io.Writer, a *Analysis, figs []threat.Figure) error {
	seat := ""
	if g.seat >= 0 {
		seat = g.players[g.seat]
	}
	d := g.decision(a, figs)
	var best *table.BestMove
	if x := a.Accusation; x != nil {
		best = &table.BestMove{Kind: "accuse", Player: g.players[x.Accused], Cards: []string{CardName(x.A), CardName(x.B)},
			Move:    fmt.Sprintf("accuse %s with %s+%s", g.players[x.Accused], CardName(x.A), CardName(x.B)),
			Now:     x.Certain || (d != nil && d.Now),
			Certain: x.Certain, Chance: table.ExactChance(x.P)}
	}
	r := jsonReport{ReportHead: table.NewReportHead(Name, len(g.lines), g.players, seat, a.Worlds, best), Notes: a.Notes, Threats: threat.JSONOf(g.players, figs)}
	for _, x := range a.Pairs {
		r.Evidence = append(r.Evidence, jsonPair{[2]string{CardName(x.A), CardName(x.B)}, CardName(x.Murder), jprob(x.Odds)})
	}
	for _, x := range a.MurderCards {
		r.MurderCards = append(r.MurderCards, jsonCard{CardName(x.Card), jprob(x.Odds)})
	}
	for _, x := range a.Murderers {
		r.Murderers = append(r.Murderers, jsonPlayer{g.players[x.Player], jprob(x.Odds)})
	}
	if d != nil {
		r.Decision = d.JSON()
	}
	return table.WriteJSON(w, r)
}

// ParseFact reads a fact in the game's notation: "[not] HOLDER CARD" or
// "[not] CARD HOLDER", where HOLDER is a player, "evidence" or "exposed",
// or an abbreviation of one as the sheet heads it ("evid", "expo": see
// [table.MatchName]).
func (g *Game) ParseFact(s string) (solver.Fact, error) {
	const want = "a fact such as alice 3H or not evidence 5S"
	if g.model == nil {
		return solver.Fact{}, errNoPlayers
	}
	toks := tokenize(s)
	f := solver.Fact{Holds: true}
	if len(toks) > 0 && strings.EqualFold(toks[0].s, "not") {
		f.Holds = false
		toks = toks[1:]
	}
	if len(toks) != 2 {
		return f, &table.LineError{Msg: fmt.Sprintf("%q is not a fact", s), Want: want}
	}
	names := make([]string, g.model.NumHolders())
	for h := range names {
		names[h] = g.model.HolderName(solver.Holder(h))
	}
	var ambiguous error // a word naming several holders, the first
	holder := func(t token) (solver.Holder, bool) {
		h, err := table.FindName(names, t.s, true)
		if err != nil && ambiguous == nil {
			ambiguous = &table.LineError{Col: t.col, Msg: err.Error(), Want: "a player, evidence or exposed"}
		}
		return solver.Holder(h), h >= 0
	}
	if h, ok := holder(toks[0]); ok {
		c, e := parseCard(toks[1].s)
		if e != nil {
			e = e.at(toks[1].col)
			return f, &table.LineError{Col: e.Col, Msg: e.Msg, Want: e.Want}
		}
		f.Card, f.Holder = c, h
		return f, nil
	}
	if h, ok := holder(toks[1]); ok {
		c, e := parseCard(toks[0].s)
		if e != nil {
			e = e.at(toks[0].col)
			return f, &table.LineError{Col: e.Col, Msg: e.Msg, Want: e.Want}
		}
		f.Card, f.Holder = c, h
		return f, nil
	}
	if ambiguous != nil {
		return f, ambiguous
	}
	return f, &table.LineError{Col: toks[0].col, Msg: fmt.Sprintf("no holder named in %q", s), Want: "a player, evidence or exposed"}
}

// ExplainFact is the minimal set of lines (numbered as in [Game.Lines])
// that imply fact f. It returns solver.ErrNotImplied when f is not forced.
func (g *Game) ExplainFact(ctx context.Context, f solver.Fact) ([]int, error) {
	if g.prob == nil {
		return nil, errNoPlayers
	}
	ids, err := solver.NewSAT(g.prob).Why(ctx, f)
	if err != nil {
		return nil, err
	}
	var out []int
	for _, id := range ids {
		out = append(out, g.lineNumber(g.obsLine[id]))
	}
	return out, nil
}

func (g *Game) factText(f solver.Fact) string {
	verb := " holds "
	if !f.Holds {
		verb = " does not hold "
	}
	return g.model.HolderName(f.Holder) + verb + CardName(f.Card)
}

// Explain explains a fact ("alice 3H", "not bob 5S", "evidence 7C") by a
// minimal set of lines that force it.
func (g *Game) Explain(ctx context.Context, fact string) (*table.Explanation, error) {
	e, err := g.explain(ctx, fact)
	return e, table.CharColumns(err, fact)
}

// explain is Explain with the columns of its errors in bytes.
func (g *Game) explain(ctx context.Context, fact string) (*table.Explanation, error) {
	f, err := g.ParseFact(fact)
	if err != nil {
		return nil, err
	}
	lines, err := g.ExplainFact(ctx, f)
	if errors.Is(err, solver.ErrNotImplied) {
		return nil, fmt.Errorf("the lines so far do not force this: %s", g.factText(f))
	}
	if err != nil {
		return nil, err
	}
	return &table.Explanation{Fact: g.factText(f), Lines: lines}, nil
}

// decision weighs the seat's best accusation against waiting (nil without
// a best accusation, the opponents' figures, or when the seat is out).
func (g *Game) decision(a *Analysis, figs []threat.Figure) *threat.Decision {
	if a.Accusation == nil || len(figs) == 0 || g.seat < 0 || g.eliminated[g.seat] {
		return nil
	}
	d := threat.Decide(a.Accusation.P, figs, nil)
	return &d
}
