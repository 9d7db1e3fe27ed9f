package theresbeenamurder

import (
	"context"
	"slices"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/certain"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
)

// segments splits the events into the set-up and the turns.
func (g *Game) segments() []certain.Segment {
	start := certain.NewPublic(g.cfg, g.p.Seat, g.hand)
	segs := []certain.Segment{{Player: -1, Start: start, End: start}}
	for _, t := range g.evs {
		if t.NewTurn {
			last := segs[len(segs)-1].End
			segs = append(segs, certain.Segment{Player: t.Ev.P, Start: last, End: last})
		}
		s := &segs[len(segs)-1]
		s.Evs = append(s.Evs, t)
		s.End = t.Pub
	}
	return segs
}

// checkExact brings the encoding up to line n and refuses the line when
// the lines admit no history, naming a minimal set of earlier lines that
// conflict with it.
func (g *Game) checkExact(n int) error {
	if g.cfg == nil {
		return nil
	}
	x, err := g.exactEnc()
	if err != nil {
		return err
	}
	ctx := context.Background()
	ids := x.ActiveIDs()
	x.Checked++
	w := x.Quick(ids)
	if w != nil {
		x.Quicked++
	} else {
		// No world without a search: the engine's answer.
		if w, err = x.Sat.WorldUnder(ctx, ids); err != nil {
			return err
		}
	}
	if w != nil {
		x.Last, x.LastNow = w, x.Now
		return x.Commit()
	}
	ls, _, err := x.CoreLines(ctx, ids)
	if err != nil {
		return err
	}
	ls = slices.DeleteFunc(ls, func(l int) bool { return l >= n })
	ce := table.NewConflict(g.lines, ls)
	if len(ls) == 0 {
		// The deal's rules (where the Murderer and the Detective can be
		// dealt, neither removed) are an observation of no line.
		ce.Rule = "no deal and no play the rules allow gives it"
	}
	return ce
}

// exactEnc is the encoding brought up to g's lines: the one g shares with
// the games it was cloned from, or a new one on first use and when the
// game outgrows its model.
func (g *Game) exactEnc() (*certain.Encoding, error) {
	need := 2 // time points: the deal's and the set-up's end
	for _, t := range g.evs {
		if t.NewTurn {
			need++
		}
	}
	for attempt := 0; ; attempt++ {
		if g.enc == nil || g.enc.Times < need || attempt > 0 {
			x, err := certain.NewEncoding(g.cfg, g.p.Seat, g.hand, g.handLine, need+certain.SpareTimes)
			if err != nil {
				return nil, err
			}
			if g.enc != nil && g.enc.Last != nil {
				// The hint carries over: card c at time t is the same
				// solver card in every model.
				x.Last, x.LastNow = g.enc.Last, min(g.enc.LastNow, x.Times-1)
			}
			if g.enc != nil {
				x.Quicked, x.Checked = g.enc.Quicked, g.enc.Checked
			}
			g.enc = x
		}
		ok, err := g.enc.Sync(g.segments())
		if err != nil {
			return nil, err
		}
		if ok {
			return g.enc, nil
		}
	}
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
	ms, err := x.Marks(context.Background(), func() map[engine.Card][]bool { return g.seenPlaces(x) })
	if err != nil {
		return table.Maybe
	}
	i := x.Index[c]
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
func (g *Game) seenPlaces(x *certain.Encoding) map[engine.Card][]bool {
	x.NowSeen = nil
	tr := g.track()
	if tr == nil {
		return nil
	}
	seen := map[engine.Card][]bool{}
	for _, c := range x.Cards {
		seen[c] = make([]bool, x.Places)
	}
	for _, p := range tr.Parts {
		for _, c := range x.Cards {
			seen[c][certain.TruePlace(x, p.S, c)] = true
		}
	}
	if !x.OpenLags() && len(tr.Now) > 0 {
		x.NowSeen = map[engine.Card][]bool{}
		for _, c := range x.Cards {
			x.NowSeen[c] = make([]bool, x.Places)
		}
		for _, sn := range tr.Now {
			if sn.W <= 0 {
				continue
			}
			for _, c := range x.Cards {
				x.NowSeen[c][certain.TruePlace(x, sn.S, c)] = true
			}
		}
	}
	return seen
}

// moved tells whether event e moves card c (as the seat saw it), and
// from where to where (-1 for a place not known to the seat or not a
// hand or the pile: a hand, n+LocPile).
func movedBy(e engine.Event, c engine.Card, n int) (from, to int, ok bool) {
	pile := n + engine.LocPile
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
	n := len(g.p.Players)
	for i := len(g.evs) - 1; i >= 0; i-- {
		if from, to, moved := movedBy(g.evs[i].Ev, c, n); moved && (ok == nil || ok(from, to)) {
			return g.evs[i].Line
		}
	}
	return 0
}

// leftLines are the lines that took card c out of the seat's hand or the
// pile, which the seat sees (the last one), with the line that put it
// there before; none when it was never in either after the deal.
func (g *Game) leftLines(c engine.Card) []int {
	n := len(g.p.Players)
	seen := func(p int) bool { return p == g.p.Seat || p == n+engine.LocPile }
	for i := len(g.evs) - 1; i >= 0; i-- {
		from, to, moved := movedBy(g.evs[i].Ev, c, n)
		if !moved || !seen(from) || seen(to) {
			continue
		}
		out := []int{g.evs[i].Line}
		for j := i - 1; j >= 0; j-- {
			if f, to, moved := movedBy(g.evs[j].Ev, c, n); moved && to == from && f != from {
				out = append(out, g.evs[j].Line)
				break
			}
		}
		slices.Sort(out)
		return out
	}
	return []int{}
}
