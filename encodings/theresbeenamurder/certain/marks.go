package certain

import (
	"context"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
	"github.com/gumshoe-dev/gumshoe/solver"
)

// sheetPlaces are the encoding's places of sheet location l.
func (x *Encoding) sheetPlaces(l int) []int {
	switch l - x.N {
	case engine.LocDeck:
		return x.deckPlaces(-1, -1)
	case engine.LocPile:
		return []int{x.Pile()}
	case engine.LocRemoved:
		return []int{x.Removed()}
	}
	return []int{l}
}

// Marks are the SAT's ✓ and ✗ of every card at every sheet location now,
// by card index: at the open turn's end, the moment after the moves of its
// lines so far (each line's moves at its line, as the public counts have
// them: a swap's at the play's line), under every line in force, the open
// turn's included (placesAt).
//
// Where each card may be at the open turn's start is asked once a turn,
// of the one solver, under the closed turns' observations (places0); seen
// (nil for none) are places the tracker's histories show possible. Those
// places, carried along the moves the open turn's lines allow, are where
// a card may be now at most; placesAt asks which of them the open turn's
// lines leave.
func (x *Encoding) Marks(ctx context.Context, seen func() map[engine.Card][]bool) ([][]table.Mark, error) {
	if x.sheet != nil {
		return x.sheet, nil
	}
	x.NowSeen = nil
	if x.was == nil {
		was, err := x.Places0(ctx, seen)
		if err != nil {
			return nil, err
		}
		x.was = was
	} else if seen != nil {
		seen() // the places now (x.nowSeen)
	}
	may := make([][]bool, len(x.Cards))
	for i := range x.Cards {
		may[i] = make([]bool, x.Places)
		for p := range x.Places {
			for m := range x.Places {
				may[i][p] = may[i][p] || (x.was[i][m] && x.openGraph.Reach[m][p])
			}
		}
	}
	if x.OpenLags() {
		// The turn's start under every line in force, carried along
		// the open turn's moves.
		was, err := x.placesAt(ctx, x.Now-1, x.was)
		if err != nil {
			return nil, err
		}
		for i := range x.Cards {
			for p := range x.Places {
				may[i][p] = false
				for m := range x.Places {
					may[i][p] = may[i][p] || (was[i][m] && x.openGraph.Reach[m][p])
				}
			}
		}
	} else {
		var err error
		if may, err = x.placesAt(ctx, x.Now, may); err != nil {
			return nil, err
		}
	}
	locs := x.N + 3
	out := make([][]table.Mark, len(x.Cards))
	for i := range x.Cards {
		out[i] = make([]table.Mark, locs)
		open := 0
		for l := range locs {
			in := false
			for _, p := range x.sheetPlaces(l) {
				in = in || may[i][p]
			}
			if in {
				out[i][l] = table.Maybe
				open++
			} else {
				out[i][l] = table.No
			}
		}
		if open == 1 {
			for l := range locs {
				if out[i][l] == table.Maybe {
					out[i][l] = table.Yes
				}
			}
		}
	}
	x.sheet = out
	return out, nil
}

// OpenLags reports whether the open turn's last line is one after which
// the table has not made the moves the public counts have made: a play
// whose passes follow it (the Cad's, the Socialite's, the Gossip's, the
// Invalid's: their gives come as lines after the play; the Nun's card
// and the Driver's pick, which follow the play at the table), or the
// Swain's choice of the player who takes, when the seat is one of the
// two (the card taken is the next line).
// At such a line the sheet's estimates describe the hands before the
// passes (the tracker's histories end with the line's event), so the
// marks there are those of the open turn's start, under every line in
// force, carried along every move the open turn's lines allow (a card may
// be at any place reachable from one it may have been at then): they hold
// both before the passes and after them. Everywhere else the marks are
// those of the open turn's end.
func (x *Encoding) OpenLags() bool {
	for i := len(x.openEvs) - 1; i >= 0; i-- {
		e := x.openEvs[i].Ev
		switch {
		case e.Kind == engine.EvPlay:
			if e.Card == engine.Aristocrat {
				return false
			}
			switch e.As {
			case engine.Cad, engine.Socialite, engine.Gossip, engine.Invalid, engine.Nun, engine.Driver:
				return i == len(x.openEvs)-1
			}
			return false
		case e.Kind == engine.EvChosen:
			// The Swain's take comes next: its card's line, for the
			// two players concerned (another seat's tracker plays it).
			return i == len(x.openEvs)-1 && (x.seat == e.P || x.seat == e.Q)
		case (e.Kind == engine.EvDraw || e.Kind == engine.EvAnnounce || e.Kind == engine.EvReveal) && e.P == x.openPlayer():
		default:
			return false
		}
	}
	return false
}

// openPlayer is the open turn's player (-1 for the set-up).
func (x *Encoding) openPlayer() int {
	if len(x.openEvs) == 0 {
		return -1
	}
	return x.openEvs[0].Ev.P
}

// placesAt is, by card index and place, whether the lines in force allow
// the card there at time point now (the open turn's end or start); may
// are the places not ruled out already (at the end: the turn's start's
// places carried along its moves). The world
// of the line's check settles one place of every card, the worlds two
// cards' swap makes of it more; each place left is a question to the one
// solver, under the observations in force (a unit-propagation probe, a
// world made without the solver, then a search).
func (x *Encoding) placesAt(ctx context.Context, now int, may [][]bool) ([][]bool, error) {
	var start map[engine.Card][]bool
	if now == x.Now {
		start = x.NowSeen
	}
	ids := x.ActiveIDs()
	var first solver.World
	if x.Last != nil && x.LastNow == x.Now && x.Fits(x.Last, ids) {
		first = x.Last
	}
	return x.settle(ctx, ids, now, start, may, first)
}

// Places0 is, by card index and place, whether the closed turns' lines
// allow the card there at the open turn's start. seen, when not nil,
// gives the places where the tracker's sampled histories have each card
// then: those are possible (a sampled history is a legal history of the
// lines). Each place left is asked of the one solver, under the closed
// turns' observations; a world found settles one place of every card, so
// a question is asked only of a place no history or world has shown yet.
// (One question for all the places left, "some card is at a place not
// yet shown possible", was tried: its last, unsatisfiable, solve could
// take the solver minutes.)
func (x *Encoding) Places0(ctx context.Context, seen func() map[engine.Card][]bool) ([][]bool, error) {
	var sn map[engine.Card][]bool
	if seen != nil {
		sn = seen()
	}
	return x.settle(ctx, x.ClosedIDs(), x.Now-1, sn, nil, nil)
}

// settle is, by card index and place, whether the observations ids allow
// the card at that place at time point t. start, when not nil, gives
// places already known possible (a sampled history is a legal history of
// the lines); may, when not nil, the only places still worth asking (the
// others are left false); first, when not nil, a world of ids to start
// from, else one is made without the solver. A world found settles one
// place of every card, and the worlds two cards' swap makes of it more
// (at most maxSwapWorlds a call); each place left is a question to the
// one solver under ids: a unit-propagation probe, a world made without
// the solver, then a search.
func (x *Encoding) settle(ctx context.Context, ids []int, t int, start map[engine.Card][]bool, may [][]bool, first solver.World) ([][]bool, error) {
	asked := func(i, m int) bool { return may == nil || may[i][m] }
	is := make([][]bool, len(x.Cards))
	for i, c := range x.Cards {
		is[i] = make([]bool, x.Places)
		if start != nil {
			copy(is[i], start[c])
		}
	}
	sw := x.NewSwapper(ids)
	q := x.NewQuick(ids)
	worlds := 0
	var found func(w solver.World)
	found = func(w solver.World) {
		for j, d := range x.Cards {
			if h := int(w[x.Card(d, t)]); h < x.Places {
				is[j][h] = true
			}
		}
		for i := range x.Cards {
			for m := range x.Places {
				if is[i][m] || !asked(i, m) || worlds >= maxSwapWorlds {
					continue
				}
				for j, d := range x.Cards {
					if j == i || int(w[x.Card(d, t)]) != m {
						continue
					}
					if v, ok := sw.Swap(w, i, j); ok {
						worlds++
						found(v)
						break
					}
				}
			}
		}
	}
	if first == nil {
		first = q.World(t)
	}
	if first != nil {
		found(first)
	}
	// What an observation says of one card at t alone (the pile and the
	// seat's hand card by card) settles places without the solver.
	no := x.unitNo(ids, t)
	var sc *solver.Scope
	defer func() {
		if sc != nil {
			sc.Close()
		}
	}()
	for i, c := range x.Cards {
		for m := range x.Places {
			if is[i][m] || !asked(i, m) || no[i][m] {
				continue
			}
			if sc == nil {
				// The observations, propagated once for every question
				// left (a scope).
				var err error
				if sc, err = x.Sat.OpenUnder(ctx, ids); err != nil {
					return nil, err
				}
			}
			f := solver.Fact{Card: x.Card(c, t), Holder: solver.Holder(m), Holds: false}
			proved, err := sc.Propagates(ctx, f)
			if err != nil {
				return nil, err
			}
			if proved {
				continue
			}
			// A world with the card there, made from the last one
			// without a search (checked against the observations).
			q.Pin(i, m, t)
			if w := q.World(t); w != nil {
				found(w)
				continue
			}
			e, err := sc.Implies(ctx, f)
			if err != nil {
				return nil, err
			}
			if e.Implied {
				continue
			}
			found(e.Witness)
		}
	}
	x.Swapped += worlds
	return is, nil
}

// unitNo is, by card index and place, whether one constraint of the
// observations ids, on that card at time point t alone, rules the place
// out: card c is not at p (c not at p), or c is at another place.
func (x *Encoding) unitNo(ids []int, t int) [][]bool {
	nc := len(x.Cards)
	no := make([][]bool, nc)
	for i := range no {
		no[i] = make([]bool, x.Places)
	}
	obs := x.Prob.Observations()
	for _, id := range ids {
		for _, k := range obs[id].Constraints {
			if len(k.Terms) != 1 || k.Terms[0].Coef != 1 || k.Op != solver.Eq {
				continue
			}
			c, h := int(k.Terms[0].Lit.Card), int(k.Terms[0].Lit.Holder)
			if c/nc != t || h >= x.Places {
				continue
			}
			switch k.Bound {
			case 0:
				no[c%nc][h] = true
			case 1:
				for p := range x.Places {
					no[c%nc][p] = no[c%nc][p] || p != h
				}
			}
		}
	}
	return no
}
