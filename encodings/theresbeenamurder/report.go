package theresbeenamurder

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/big"
	"slices"
	"strings"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/estimate"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/notation"
)

// Places are the places a card can be, in the order Where numbers them:
// the players, then "deck", "pile" and "removed".
func (g *Game) Places() []string {
	var out []string
	for l := range g.locations() {
		out = append(out, g.locName(l))
	}
	return out
}

// MurdererText is where the Murderer is likely to be, most likely first,
// with standard errors ("bob 61% ±1.6, deck 30% ±1.5").
func (g *Game) MurdererText() string { return g.view().distText(engine.Murderer) }

// locations is the number of columns of the sheet.
func (g *Game) locations() int { return len(g.p.Players) + 3 }

func (g *Game) locName(l int) string {
	n := len(g.p.Players)
	if l < n {
		return g.p.Players[l]
	}
	return [...]string{"deck", "pile", "removed"}[l-n]
}

// locOf is where card c is in state s.
func locOf(s *engine.State, c engine.Card) int {
	n := s.Cfg.Players
	if p := s.HolderOf(c); p >= 0 {
		return p
	}
	switch {
	case engine.Has(s.Deck, c):
		return n + engine.LocDeck
	case engine.Has(s.Discard, c):
		return n + engine.LocPile
	}
	return n + engine.LocRemoved
}

// exact reports what the seat knows for certain about card c at location
// l: Yes, No, or Maybe when it does not know.
func (g *Game) exact(c engine.Card, l int) table.Mark {
	n := len(g.p.Players)
	k, ok := g.known[c]
	if ok {
		if (k.pile && l == n+engine.LocPile) || (!k.pile && l == g.p.Seat) {
			return table.Yes
		}
		return table.No
	}
	if l == g.p.Seat || l == n+engine.LocPile {
		return table.No
	}
	return table.Maybe
}

// mark is what the lines force about card c at location l now: the
// seat's certain facts, then what the SAT engine proves (package certain).
func (g *Game) mark(c engine.Card, l int) table.Mark {
	if m := g.exact(c, l); m != table.Maybe {
		return m
	}
	return g.satMark(c, l)
}

// Where is the estimated probability that card c is at location l now
// (players 0 to Players-1, then the deck, the pile, the removed cards),
// with its standard error (0 for what the seat knows for certain).
func (g *Game) Where(c engine.Card, l int) estimate.Estimate {
	switch g.mark(c, l) {
	case table.Yes:
		return estimate.Estimate{P: 1}
	case table.No:
		return estimate.Estimate{}
	}
	if g.track() == nil {
		return estimate.Estimate{P: math.NaN(), SE: math.NaN()}
	}
	return g.view().where(c, l)
}

// cardEstimate is the estimated chance that at(s, c) holds now. For an
// interchangeable card it is the share of all of them for which it holds
// (see package estimate's soft.go).
func (g *Game) cardEstimate(c engine.Card, at func(s *engine.State, x engine.Card) bool) estimate.Estimate {
	soft := g.tr.SoftNow()
	if !soft.Has(c) {
		return g.tr.Estimate(func(s *engine.State) float64 {
			if at(s, c) {
				return 1
			}
			return 0
		})
	}
	var n float64
	for _, x := range g.cfg.Cards {
		if soft.Has(x) {
			n++
		}
	}
	return g.tr.Estimate(func(s *engine.State) float64 {
		k := 0.0
		for _, x := range g.cfg.Cards {
			if soft.Has(x) && at(s, x) {
				k++
			}
		}
		return k / n
	})
}

// Sheet is the cards × locations sheet: ✓ and ✗ for what the seat knows
// for certain (its hand, the pile), the estimated chance elsewhere.
func (g *Game) Sheet(ctx context.Context) (*table.Grid, error) {
	if g.cfg == nil {
		return nil, fmt.Errorf("the set-up is not complete: give the players, the seat and the hand")
	}
	grid := &table.Grid{Title: fmt.Sprintf("There's Been A Murder, seat %s, %d players", g.p.Players[g.p.Seat], len(g.p.Players))}
	for l := range g.locations() {
		grid.Holders = append(grid.Holders, g.locName(l))
	}
	v := g.view()
	for _, c := range g.cfg.Cards {
		row := table.Row{Card: c.String()}
		for l := range g.locations() {
			m := v.mark(c, l)
			cell := table.Cell{Mark: m}
			if m == table.Maybe {
				if e := v.where(c, l); !math.IsNaN(e.P) {
					// drawn: <1 and >99 only where the interval supports them.
					cell.P, cell.SE = e.Drawn(), e.SE
				} else {
					cell.NoEstimate = true
				}
			}
			row.Cells = append(row.Cells, cell)
		}
		grid.Rows = append(grid.Rows, row)
	}
	grid.Headlines = v.headlines()
	return grid, nil
}

// headlines are the Murderer's whereabouts, the deck's top card, the
// state of the game and the deck warning.
func (v *view) headlines() []string {
	g := v.g
	var hs []string
	for l := range g.locations() {
		if v.mark(engine.Murderer, l) == table.Yes {
			hs = append(hs, "Murderer: "+g.locName(l)+" (certain)")
		}
	}
	switch {
	case len(hs) > 0:
		if g.track() == nil {
			hs = append(hs, fmt.Sprintf("No estimates: the tracker found no hidden history consistent with line %d; the sheet shows only what the seat knows for certain.", g.lostAt))
		}
	case g.track() == nil:
		hs = append(hs, fmt.Sprintf("No estimates: the tracker found no hidden history consistent with line %d; the sheet shows only what the seat knows for certain.", g.lostAt))
	default:
		hs = append(hs, "Murderer: "+v.distText(engine.Murderer)+" (estimates, ± one standard error)")
		hs = append(hs, v.sureText())
	}
	if g.pub.End != engine.Playing {
		return append(hs, "The game is over: "+g.pub.End.String()+".")
	}
	if w := g.deckWarning(); w != "" {
		hs = append(hs, w)
	}
	return hs
}

// sureText says how sure the estimates are: how many independent
// histories they rest on (package estimate's honest.go).
func (v *view) sureText() string {
	return fmt.Sprintf("Estimates from %d sampled histories, worth about %.0f independent ones: no open cell is drawn >99 or <1 unless its interval is.", len(v.g.tr.Now), v.k)
}

// distText is card c's likely places, most likely first.
func (v *view) distText(c engine.Card) string {
	g := v.g
	type lp struct {
		l int
		e estimate.Estimate
	}
	var ls []lp
	for l := range g.locations() {
		if e := v.where(c, l); e.P > 0 || math.IsNaN(e.P) && v.mark(c, l) == table.Maybe {
			ls = append(ls, lp{l, e})
		}
	}
	slices.SortStableFunc(ls, func(a, b lp) int {
		switch {
		case a.e.P > b.e.P:
			return -1
		case a.e.P < b.e.P:
			return 1
		}
		return 0
	})
	var parts []string
	for _, x := range ls {
		parts = append(parts, fmt.Sprintf("%s %s", g.locName(x.l), pct(x.e)))
	}
	return strings.Join(parts, ", ")
}

func pct(e estimate.Estimate) string {
	if math.IsNaN(e.P) {
		return "?"
	}
	if e.SE == 0 {
		return fmt.Sprintf("%.0f%%", 100*e.P)
	}
	return fmt.Sprintf("%.0f%% ±%.1f", 100*e.P, 100*e.SE)
}

// deckWarning warns when the deck will run out: how many draws are left
// against the draws the players need.
func (g *Game) deckWarning() string {
	n := g.pub.Deck
	need := 0
	for _, k := range g.pub.Sizes {
		need += max(0, 2-k)
	}
	switch {
	case n == 0:
		return "Warning: the deck is empty; the next player who must draw loses the game."
	case n <= g.cfg.Players:
		return fmt.Sprintf("Warning: %d cards left in the deck (about %d turns); the players now need %d to fill every hand to two.", n, n, need)
	}
	return fmt.Sprintf("Deck: %d cards left.", n)
}

// Report writes where every card is likely to be, the Murderer's top-of-
// deck chance and the deck warning.
func (g *Game) Report(ctx context.Context, w io.Writer) error {
	if g.cfg == nil {
		return fmt.Errorf("the set-up is not complete")
	}
	v := g.view()
	var b strings.Builder
	fmt.Fprintf(&b, "Seat %s holds %s.\n", g.p.Players[g.p.Seat], g.handText())
	if g.track() != nil {
		fmt.Fprintf(&b, "Estimates from %d sampled hidden histories (± one standard error):\n", g.tr.N)
	} else {
		fmt.Fprintf(&b, "No estimates since line %d (no sampled hidden history fits it); certain facts only:\n", g.lostAt)
	}
	for _, c := range g.cfg.Cards {
		fmt.Fprintf(&b, "  %-12s %s\n", c.String()+":", v.distText(c))
	}
	if g.track() != nil && !engine.Has(g.pub.Pile, engine.Murderer) && g.pub.Deck > 0 {
		e := g.tr.Estimate(func(s *engine.State) float64 {
			if len(s.Deck) > 0 && s.Deck[0] == engine.Murderer {
				return 1
			}
			return 0
		})
		fmt.Fprintf(&b, "The Murderer on top of the deck: %s\n", pct(e))
	}
	if g.track() != nil && g.pub.Deck > 0 {
		for _, end := range []string{"top", "bottom"} {
			var parts []string
			for _, c := range g.cfg.Cards {
				e := g.cardEstimate(c, func(s *engine.State, x engine.Card) bool {
					if len(s.Deck) == 0 {
						return false
					}
					if end == "bottom" {
						return s.Deck[len(s.Deck)-1] == x
					}
					return s.Deck[0] == x
				})
				if e.P >= 0.05 {
					parts = append(parts, c.String()+" "+pct(e))
				}
			}
			if len(parts) > 0 {
				fmt.Fprintf(&b, "The deck's %s card (5%% or more): %s\n", end, strings.Join(parts, ", "))
			}
		}
	}
	for _, h := range v.headlines()[1:] {
		b.WriteString(h + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// estimateJSON is an estimated probability in JSON: "p_float", its
// standard error "se" and "exact": false (no fraction: these are
// estimates; docs/json.md).
type estimateJSON = table.Chance

// chanceJSON is an estimate in JSON.
func chanceJSON(e estimate.Estimate) estimateJSON { return table.EstimatedChance(e.P, e.SE) }

// bestMove is the seat's best play in the report: the advice's first, its
// estimated chance to win the game at once; to make now when it is the
// seat's turn (its Swain's choice once the Swain has drawn). Nil when
// there is no play to weigh.
func (g *Game) bestMove(ctx context.Context) *table.BestMove {
	adv, err := g.Advice(ctx)
	if err != nil || len(adv.Options) == 0 {
		return nil
	}
	o := adv.Options[0]
	play := o.Play.Text(g.p.Players)
	m := &table.BestMove{Kind: "play", Move: "play " + play, Now: adv.MyTurn, Cards: []string{o.Play.Card.String()}, Chance: chanceJSON(o.Win)}
	if f := strings.Fields(play); len(f) > 1 {
		m.Player = f[len(f)-1]
		if !slices.Contains(g.p.Players, m.Player) {
			m.Player = ""
		}
	}
	if adv.Taker && m.Player != "" {
		// The seat's Swain has drawn: the move is its choice, as the
		// log writes it.
		m.Move = m.Player + " takes from " + g.p.Players[g.p.Seat]
	}
	return m
}

// ReportJSON writes the report as one JSON document.
func (g *Game) ReportJSON(ctx context.Context, w io.Writer) error {
	if g.cfg == nil {
		return fmt.Errorf("the set-up is not complete")
	}
	type placeJSON struct {
		Holder string `json:"holder"`
		estimateJSON
	}
	type cardJSON struct {
		Card   string      `json:"card"`
		Number int         `json:"number"`
		Places []placeJSON `json:"places"`
	}
	doc := struct {
		table.ReportHead
		Hand      []string   `json:"hand"`
		Particles int        `json:"particles"`
		DeckSize  int        `json:"deck_size"`
		Over      bool       `json:"over"`
		End       string     `json:"end"`
		Warning   string     `json:"warning"`
		Cards     []cardJSON `json:"cards"`
	}{ReportHead: table.NewReportHead(Name, len(g.Lines()), g.p.Players, g.p.Players[g.p.Seat], nil, g.bestMove(ctx)), Hand: []string{},
		Cards: []cardJSON{}}
	if g.track() != nil {
		doc.Particles = g.tr.N
	}
	for _, c := range g.myHand() {
		doc.Hand = append(doc.Hand, c.String())
	}
	doc.DeckSize, doc.Over = g.pub.Deck, g.pub.End != engine.Playing
	if doc.Over {
		doc.End = g.pub.End.String()
	}
	doc.Warning = g.deckWarning()
	v := g.view()
	for _, c := range g.cfg.Cards {
		cj := cardJSON{Card: c.String(), Number: int(c), Places: []placeJSON{}}
		for l := range g.locations() {
			e := v.where(c, l)
			if v.mark(c, l) == table.No || math.IsNaN(e.P) {
				continue
			}
			ch := chanceJSON(e)
			if v.mark(c, l) == table.Yes {
				ch = table.ExactChance(big.NewRat(1, 1))
			}
			cj.Places = append(cj.Places, placeJSON{g.locName(l), ch})
		}
		doc.Cards = append(doc.Cards, cj)
	}
	return table.WriteJSON(w, doc)
}

// Explain explains a fact the seat knows for certain: "PLAYER CARD" (the
// player holds the card), "pile CARD", or either after "not". Only the
// seat's own hand and the pile are known for certain; the lines named
// are the one that put the card where it is.
func (g *Game) Explain(ctx context.Context, fact string) (*table.Explanation, error) {
	e, err := g.explain(ctx, fact)
	return e, table.CharColumns(err, fact)
}

// explain is Explain with the columns of its errors in bytes.
func (g *Game) explain(ctx context.Context, fact string) (*table.Explanation, error) {
	ws := notation.Words(table.StripComment(fact))
	if g.cfg == nil {
		return nil, fmt.Errorf("the set-up is not complete")
	}
	if len(ws) == 0 {
		return nil, notation.ErrorAt(0, "a fact such as \"alice detective\" or \"not pile cad\"", "no fact")
	}
	neg := strings.EqualFold(ws[0].Text, "not")
	if neg {
		ws = ws[1:]
	}
	if len(ws) != 2 {
		col := 1
		if len(ws) > 2 {
			col = ws[2].Col
		}
		return nil, notation.ErrorAt(col, "PLAYER CARD, pile CARD, deck CARD or removed CARD, maybe after not", "a fact is a place and a card")
	}
	// The place is read as every game reads a holder (table.MatchName),
	// so the sheet's column heads ("remo", "caro") name their places.
	places := make([]string, g.locations())
	for i := range places {
		places[i] = g.locName(i)
	}
	l, err := table.FindName(places, ws[0].Text, true)
	if err != nil {
		return nil, notation.ErrorAt(ws[0].Col, "a player, pile, deck or removed", "%v", err)
	}
	if l < 0 {
		return nil, notation.ErrorAt(ws[0].Col, "a player, pile, deck or removed", "%q is not a place", ws[0].Text)
	}
	c, err := g.p.Card(ws[1])
	if err != nil {
		return nil, err
	}
	text := factText(c, g.locName(l), l-len(g.p.Players), neg)
	m := g.mark(c, l)
	if _, ok := g.known[c]; !ok && l != g.p.Seat && l != len(g.p.Players)+engine.LocPile &&
		((m == table.Yes && !neg) || (m == table.No && neg)) {
		x, err := g.exactEnc()
		if err != nil {
			return nil, err
		}
		// A minimal set of lines, holding the last line that moved the
		// card where one of the minimal sets does.
		lines, ok, err := x.Why(ctx, c, l, !neg, g.moverLine(c, nil))
		if err != nil {
			return nil, err
		}
		if ok {
			return &table.Explanation{Fact: text, Lines: lines}, nil
		}
	}
	if (m == table.Yes && !neg) || (m == table.No && neg) {
		var lines []int
		if k, ok := g.known[c]; ok {
			lines = []int{k.line}
		} else {
			// Not in the seat's hand and not in the pile: the pile is
			// public and the seat sees its own hand; the last line that
			// moved the card out of either, if any, with the one that
			// put it there.
			lines = g.leftLines(c)
		}
		return &table.Explanation{Fact: text, Lines: lines}, nil
	}
	return nil, fmt.Errorf("the lines so far do not force this: %s", text)
}

// factText is a fact of Explain as an English sentence: card c is (or,
// when neg, is not) at the place named place, where loc is the place's
// engine location when it is not a player's hand (negative for a hand):
// "the monkey is with José", "the monkey is not in the pile", "the drunk
// was not removed".
func factText(c engine.Card, place string, loc int, neg bool) string {
	not := ""
	if neg {
		not = "not "
	}
	switch {
	case loc < 0:
		return fmt.Sprintf("the %v is %swith %s", c, not, place)
	case loc == engine.LocRemoved:
		return fmt.Sprintf("the %v was %sremoved", c, not)
	}
	return fmt.Sprintf("the %v is %sin the %s", c, not, place)
}

// ratOf is a float estimate as a fraction, for the sheet's Exact field;
// nil: the sheet's open cells are estimates, not exact.
var _ = big.NewRat
