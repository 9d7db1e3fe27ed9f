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
// when the lines do not force it. Where the marks are those of the open
// turn's start carried along its moves (openLags), it is a minimal set of
// lines that rule out, at the turn's start, every place from which the
// turn's moves could have brought the card against the fact, with the
// open turn's lines (which allow no move that would undo it).
func (x *Encoding) Why(ctx context.Context, c engine.Card, l int, hold bool) (lines []int, ok bool, err error) {
	in := map[int]bool{}
	for _, p := range x.sheetPlaces(l) {
		in[p] = true
	}
	lags := x.OpenLags()
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
	ids := x.ActiveIDs()
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
	lines, ok, err = x.CoreLines(ctx, ids)
	if err != nil || !ok {
		return nil, false, err
	}
	if lags {
		lines = append(lines, x.openLines...)
	}
	slices.Sort(lines)
	return slices.Compact(lines), true, nil
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
