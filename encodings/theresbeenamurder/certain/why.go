package certain

import (
	"context"
	"slices"

	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
	"github.com/gumshoe-dev/gumshoe/solver"
)

// Why is a minimal set of lines that force card c to be (hold) or not to
// be at sheet location l now (at the open turn's end, under every line in
// force: a minimal conflict of the fact's negation with them); ok is false
// when the lines do not force it. Minimal is over lines: the lines named,
// with the rules (the deal's, the idle time points, the removed cards
// staying removed), force the fact, and without any one of them they do
// not ([Encoding.Proves]). Among the minimal sets, one holding the line
// prefer (0 for none) is sought: that line is the last one tried out.
// Where the marks are those of the open turn's start carried along its
// moves (openLags), it is a minimal set of lines that rule out, at the
// turn's start, every place from which the turn's moves could have brought
// the card against the fact, with the open turn's lines (which allow no
// move that would undo it), except for a fact of the removed cards, which
// no move touches.
func (x *Encoding) Why(ctx context.Context, c engine.Card, l int, hold bool, prefer int) (lines []int, ok bool, err error) {
	ids, lags, err := x.whyIDs(c, l, hold)
	if err != nil {
		return nil, false, err
	}
	lines, ok, err = x.minimalLines(ctx, ids, prefer)
	if err != nil || !ok {
		return nil, false, err
	}
	// The removed cards are not among the moves of any line: a fact of
	// them needs no move of the open turn.
	if lags && !slices.Equal(x.sheetPlaces(l), []int{x.Removed()}) {
		lines = append(lines, x.openLines...)
	}
	slices.Sort(lines)
	return slices.Compact(lines), true, nil
}

// Proves reports whether the lines listed, with the rules (the
// observations of no line), force card c to be (hold) or not to be at
// sheet location l now, as [Encoding.Why] asks it; the other lines'
// observations are left out. Where the marks lag (openLags) it asks Why's
// question of the open turn's start, without the open turn's lines that
// Why adds.
func (x *Encoding) Proves(ctx context.Context, c engine.Card, l int, hold bool, lines []int) (bool, error) {
	ids, _, err := x.whyIDs(c, l, hold)
	if err != nil {
		return false, err
	}
	var keep []int
	for _, id := range ids {
		if ln := x.ObsLine[id]; ln == 0 || slices.Contains(lines, ln) {
			keep = append(keep, id)
		}
	}
	p, err := x.withFrames(keep)
	if err != nil {
		return false, err
	}
	ok, err := solver.NewSAT(p).Consistent(ctx)
	return !ok, err
}

// withFrames is the problem of the observations ids with, after them, the
// rule that the removed cards stay removed from each time point to the
// next up to now: one observation of no line, which every turn's moves
// imply too, but with which an explanation need not name the first line
// of every turn to show that a card was (not) removed. It is added to
// the fresh engines of Why only: the shared engine has it from the
// moves.
func (x *Encoding) withFrames(ids []int) (*solver.Problem, error) {
	p := x.Prob.Subset(ids)
	var ks []solver.Constraint
	for t := range x.Now {
		for _, c := range x.Cards {
			a, b := x.lit(c, t, x.Removed()), x.lit(c, t+1, x.Removed())
			ks = append(ks, solver.Clause([]solver.Lit{b}, []solver.Lit{a}), solver.Clause([]solver.Lit{a}, []solver.Lit{b}))
		}
	}
	if len(ks) > 0 {
		if _, err := p.Add(solver.Observation{Label: "0", Constraints: ks}); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// whyIDs are the observations whose conflict proves Why's fact: those in
// force and the fact's negation (an observation of no line, retired from
// the shared engine); lags tells whether the marks are those of the open
// turn's start carried along its moves.
func (x *Encoding) whyIDs(c engine.Card, l int, hold bool) (ids []int, lags bool, err error) {
	in := map[int]bool{}
	for _, p := range x.sheetPlaces(l) {
		in[p] = true
	}
	lags = x.OpenLags()
	// the places from which the fact fails now
	var ls []solver.Lit
	for m := range x.Places {
		if !lags {
			if in[m] != hold {
				ls = append(ls, x.lit(c, x.Now, m))
			}
			continue
		}
		for p := range x.Places {
			if x.openGraph.Reach[m][p] && in[p] != hold {
				ls = append(ls, x.lit(c, x.Now-1, m))
				break
			}
		}
	}
	ids = x.ActiveIDs()
	if len(ls) > 0 {
		id, err := x.add(0, []solver.Constraint{solver.CountOf(ls, solver.Ge, 1)})
		if err == nil {
			err = x.Sat.Retire([]int{id})
		}
		if err != nil {
			return nil, false, err
		}
		ids = append(ids, id)
	}
	return ids, lags, nil
}

// minimalLines is a minimal set of the lines of the observations ids that
// admit no history together, with the observations of no line (nil and
// false when they admit one), found by a fresh engine: committed
// observations are not named by the shared one. The observations of no
// line (and the frames of withFrames) are committed to it, so that the
// conflict it finds names lines' observations only; the conflict's lines,
// and the line prefer, are then taken out one at a time (prefer last),
// each for good when the rest, with all their observations, still admit
// no history. What is left is minimal: no line of it can be taken out.
func (x *Encoding) minimalLines(ctx context.Context, ids []int, prefer int) ([]int, bool, error) {
	p, err := x.withFrames(ids)
	if err != nil {
		return nil, false, err
	}
	var rules []int // positions in p of the observations of no line
	for i, id := range ids {
		if x.ObsLine[id] == 0 {
			rules = append(rules, i)
		}
	}
	for i := len(ids); i < len(p.Observations()); i++ {
		rules = append(rules, i) // the frames
	}
	sat := solver.NewSAT(p)
	if err := sat.Commit(rules); err != nil {
		return nil, false, err
	}
	conf, err := sat.Conflict(ctx)
	if err != nil || conf == nil {
		return nil, false, err
	}
	var lines []int
	for _, j := range conf {
		if j < len(ids) {
			lines = append(lines, ids[j])
		}
	}
	lines = x.lines(lines)
	// The line prefer is tried out last, so that the other lines are
	// tried out with it in force: a minimal set holding it is found where
	// the conflict's lines and it hold one.
	lines = slices.DeleteFunc(lines, func(l int) bool { return l == prefer })
	if prefer > 0 && slices.ContainsFunc(ids, func(id int) bool { return x.ObsLine[id] == prefer }) {
		lines = append(lines, prefer)
	}
	under := func(lines []int) []int {
		var out []int
		for i, id := range ids {
			if ln := x.ObsLine[id]; ln > 0 && slices.Contains(lines, ln) {
				out = append(out, i)
			}
		}
		return out
	}
	for i := 0; i < len(lines); {
		rest := slices.Delete(slices.Clone(lines), i, i+1)
		ok, err := sat.ConsistentUnder(ctx, under(rest))
		if err != nil {
			return nil, false, err
		}
		if ok {
			i++ // needed
			continue
		}
		lines = rest
	}
	slices.Sort(lines)
	return lines, true, nil
}

// TruePlace is the encoding's place of card c in state s.
func TruePlace(x *Encoding, s *engine.State, c engine.Card) solver.Holder {
	if p := s.HolderOf(c); p >= 0 {
		return solver.Holder(p)
	}
	switch i := slices.Index(s.Deck, c); {
	case i >= 0:
		return solver.Holder(x.deckAt(i, len(s.Deck)))
	case engine.Has(s.Discard, c):
		return solver.Holder(x.Pile())
	}
	return solver.Holder(x.Removed())
}
