package theresbeenamurder

import (
	"context"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
	"github.com/gumshoe-dev/gumshoe/solver"
	"slices"
)

// why is a minimal set of lines that force card c to be (hold) or not to
// be at sheet location l now (at the open turn's end, under every line in
// force: a minimal conflict of the fact's negation with them); ok is false
// when the lines do not force it. Where the marks are those of the open
// turn's start carried along its moves (openLags), it is a minimal set of
// lines that rule out, at the turn's start, every place from which the
// turn's moves could have brought the card against the fact, with the
// open turn's lines (which allow no move that would undo it).
func (x *encoding) why(ctx context.Context, c engine.Card, l int, hold bool) (lines []int, ok bool, err error) {
	in := map[int]bool{}
	for _, p := range x.sheetPlaces(l) {
		in[p] = true
	}
	lags := x.openLags()
	// the places from which the fact fails now
	var ls []solver.Lit
	for m := range x.places {
		if !lags {
			if in[m] != hold {
				ls = append(ls, x.lit(c, x.now, m))
			}
			continue
		}
		for p := range x.places {
			if x.openGraph.reach[m][p] && in[p] != hold {
				ls = append(ls, x.lit(c, x.now-1, m))
				break
			}
		}
	}
	ids := x.activeIDs()
	if len(ls) > 0 {
		id, err := x.add(0, []solver.Constraint{solver.CountOf(ls, solver.Ge, 1)})
		if err == nil {
			err = x.sat.Retire([]int{id})
		}
		if err != nil {
			return nil, false, err
		}
		ids = append(ids, id)
	}
	lines, ok, err = x.coreLines(ctx, ids)
	if err != nil || !ok {
		return nil, false, err
	}
	if lags {
		lines = append(lines, x.openLines...)
	}
	slices.Sort(lines)
	return slices.Compact(lines), true, nil
}

// satMark is the SAT's mark of card c at sheet location l now (Maybe when
// it cannot tell, or when the encoding cannot be built).
func (g *Game) satMark(c engine.Card, l int) table.Mark {
	if g.cfg == nil || !g.cfg.Has(c) {
		return table.Maybe
	}
	x, err := g.exactEnc()
	if err != nil {
		return table.Maybe
	}
	ms, err := x.marks(context.Background(), func() map[engine.Card][]bool { return g.seenPlaces(x) })
	if err != nil {
		return table.Maybe
	}
	i := x.index[c]
	if l < 0 || l >= len(ms[i]) {
		return table.Maybe
	}
	return ms[i][l]
}

// seenPlaces are, for each card, the encoding's places where the tracker's
// histories have it at the start of the open turn (nil without a tracker).
// It also sets x.nowSeen: where they have it at the open turn's end, when
// the tracker's histories end there too (not at a line where the marks
// lag the moves, openLags: the histories end with the line's event).
func (g *Game) seenPlaces(x *encoding) map[engine.Card][]bool {
	x.nowSeen = nil
	tr := g.track()
	if tr == nil {
		return nil
	}
	seen := map[engine.Card][]bool{}
	for _, c := range x.cards {
		seen[c] = make([]bool, x.places)
	}
	for _, p := range tr.parts {
		for _, c := range x.cards {
			seen[c][truePlace(x, p.s, c)] = true
		}
	}
	if !x.openLags() && len(tr.now) > 0 {
		x.nowSeen = map[engine.Card][]bool{}
		for _, c := range x.cards {
			x.nowSeen[c] = make([]bool, x.places)
		}
		for _, sn := range tr.now {
			if sn.w <= 0 {
				continue
			}
			for _, c := range x.cards {
				x.nowSeen[c][truePlace(x, sn.s, c)] = true
			}
		}
	}
	return seen
}

// truePlace is the encoding's place of card c in state s.
func truePlace(x *encoding, s *engine.State, c engine.Card) solver.Holder {
	if p := s.HolderOf(c); p >= 0 {
		return solver.Holder(p)
	}
	switch i := slices.Index(s.Deck, c); {
	case i >= 0:
		return solver.Holder(x.deckAt(i, len(s.Deck)))
	case engine.Has(s.Discard, c):
		return solver.Holder(x.pile())
	}
	return solver.Holder(x.removed())
}

// moved tells whether event e moves card c (as the seat saw it), and
// from where to where (-1 for a place not known to the seat or not a
// hand or the pile: a hand, n+LocPile).
func movedBy(e engine.Event, c engine.Card, n int) (from, to int, ok bool) {
	pile := n + LocPile
	switch e.Kind {
	case engine.EvDraw, engine.EvTake:
		if e.Card == c {
			return -1, e.P, true
		}
	case engine.EvPlay:
		switch {
		case e.Card == c || slices.Contains(e.Cards, c):
			return e.P, pile, true
		case e.Arg == c && e.As == engine.Doctor:
			return pile, -1, true
		case e.Arg == c && e.As == engine.Secretary:
			return -1, pile, true
		}
	case engine.EvDiscard:
		if e.Card == c {
			return e.P, pile, true
		}
	case engine.EvGive:
		if e.Card == c {
			return e.P, e.Q, true
		}
	case engine.EvBury:
		if e.Card == c {
			return e.P, -1, true
		}
	case engine.EvReveal:
		if c == engine.Detective && slices.Contains(e.Cards, engine.Blackmailer) {
			return e.P, -1, true
		}
	}
	return -1, -1, false
}

// moverLine is the last line that moved card c as the seat saw it (0 for
// none), or, when ok is given, the last such line for which ok(from, to)
// holds.
func (g *Game) moverLine(c engine.Card, ok func(from, to int) bool) int {
	n := len(g.p.players)
	for i := len(g.evs) - 1; i >= 0; i-- {
		if from, to, moved := movedBy(g.evs[i].e, c, n); moved && (ok == nil || ok(from, to)) {
			return g.evs[i].line
		}
	}
	return 0
}

// leftLines are the lines that took card c out of the seat's hand or the
// pile, which the seat sees (the last one), with the line that put it
// there before; none when it was never in either after the deal.
func (g *Game) leftLines(c engine.Card) []int {
	n := len(g.p.players)
	seen := func(p int) bool { return p == g.p.seat || p == n+LocPile }
	for i := len(g.evs) - 1; i >= 0; i-- {
		from, to, moved := movedBy(g.evs[i].e, c, n)
		if !moved || !seen(from) || seen(to) {
			continue
		}
		out := []int{g.evs[i].line}
		for j := i - 1; j >= 0; j-- {
			if f, to, moved := movedBy(g.evs[j].e, c, n); moved && to == from && f != from {
				out = append(out, g.evs[j].line)
				break
			}
		}
		slices.Sort(out)
		return out
	}
	return []int{}
}

// withMover is lines with line (when not 0) among them, sorted.
func withMover(lines []int, line int) []int {
	if line > 0 && !slices.Contains(lines, line) {
		lines = append(lines, line)
		slices.Sort(lines)
	}
	return lines
}
