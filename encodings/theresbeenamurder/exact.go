package theresbeenamurder

import (
	"context"
	"fmt"
	"slices"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/solver"
)

// The exact layer: a time-indexed encoding for the SAT engine. Time point
// 0 is the state right after the deal; time point k+1 the state at the end
// of segment k, where segment 0 is the set-up's announcements and every
// later segment is one turn (its lines so far, for the open turn). Card c
// at time t is the solver card "c@t"; the solver holders are the places:
// each hand, the deck's top card, the rest of the deck, the removed cards
// and the pile. Within a segment a card may go from place a to place b
// only when the segment's lines allow a path of moves from a to b (the
// transitive closure of its moves: draws, plays, passes, discards, the
// Doctor, the Secretary, the Driver, the Nun, the Detective sent back by
// the Blackmailer); every place's size at every time point is what the
// lines say; the lines' cards are constraints at the segment's ends; and
// the rules on choices (the Monkey and the Drunk must be played, the
// Aristocrat stops the draw, the Stranger must be chosen, the Murderer
// cannot be chosen beside another card, the Drunk is announced, the
// Blackmailer never stays beside the Detective) are constraints too.

// place indexes of the encoding, after the hands (0 to players-1).
const (
	plTop = iota
	plRest
	plRemoved
	plPile
	plExtra // how many places follow the hands
)

// encoding is the SAT problem of the lines so far.
type encoding struct {
	g       *Game
	n       int // players
	places  int
	cards   []Card
	times   int // time points, 0 to times-1
	model   *solver.Model
	prob    *solver.Problem
	obsLine []int // line of each observation
	sat     *solver.SAT
	sheet   [][]table.Mark // the SAT's marks now, by card index (nil until asked)
	// openFrom is the first observation of the open segment (the last):
	// the observations before it are the deal and the closed segments.
	openFrom int
	// openGraph and openLines are the open segment's moves and lines.
	openGraph graph
	openLines []int
}

// segment is the lines between two time points.
type segment struct {
	player int // whose turn (-1 for the set-up)
	evs    []tracked
	start  *public
	end    *public
}

// segments splits the events into the set-up and the turns.
func (g *Game) segments() []segment {
	start := newPublic(g.cfg, g.p.seat, g.hand)
	segs := []segment{{player: -1, start: start, end: start}}
	for _, t := range g.evs {
		if t.newTurn {
			last := segs[len(segs)-1].end
			segs = append(segs, segment{player: t.e.P, start: last, end: last})
		}
		s := &segs[len(segs)-1]
		s.evs = append(s.evs, t)
		s.end = t.pub
	}
	return segs
}

func (x *encoding) card(c Card, t int) solver.Card {
	return solver.Card(t*len(x.cards) + slices.Index(x.cards, c))
}

func (x *encoding) lit(c Card, t, place int) solver.Lit {
	return solver.Lit{Card: x.card(c, t), Holder: solver.Holder(place)}
}

func (x *encoding) top() int     { return x.n + plTop }
func (x *encoding) rest() int    { return x.n + plRest }
func (x *encoding) removed() int { return x.n + plRemoved }
func (x *encoding) pile() int    { return x.n + plPile }

// encode builds the encoding of g's lines.
func (g *Game) encode() (*encoding, error) {
	segs := g.segments()
	x := &encoding{g: g, n: g.cfg.Players, cards: g.cfg.Cards, times: len(segs) + 1}
	x.places = x.n + plExtra
	var names []string
	for t := range x.times {
		for _, c := range x.cards {
			names = append(names, fmt.Sprintf("%v@%d", c, t))
		}
	}
	var hs []solver.HolderSpec
	for l := range x.places {
		hs = append(hs, solver.HolderSpec{Name: fmt.Sprint(l), Size: solver.Between(0, len(names))})
	}
	m, err := solver.NewModel(names, hs)
	if err != nil {
		return nil, err
	}
	x.model, x.prob = m, solver.NewProblem(m)
	if err := x.add(g.handLine, x.deal()); err != nil {
		return nil, err
	}
	for k, s := range segs {
		if k == len(segs)-1 {
			x.openFrom = len(x.obsLine)
			x.openGraph = x.graph(s)
			for _, t := range s.evs {
				x.openLines = append(x.openLines, t.line)
			}
		}
		line := g.handLine
		if len(s.evs) > 0 {
			line = s.evs[0].line
		}
		if err := x.add(line, x.structure(k, s)); err != nil {
			return nil, err
		}
		for _, t := range s.evs {
			if err := x.add(t.line, x.content(k, s, t.e)); err != nil {
				return nil, err
			}
		}
	}
	x.sat = solver.NewSAT(x.prob)
	return x, nil
}

func (x *encoding) add(line int, ks []solver.Constraint) error {
	if len(ks) == 0 {
		return nil
	}
	if _, err := x.prob.Add(solver.Observation{Label: fmt.Sprint(line), Constraints: ks}); err != nil {
		return err
	}
	x.obsLine = append(x.obsLine, line)
	return nil
}

// sizes are the places' sizes at time t, the pile and, when mine, the
// seat's hand.
func (x *encoding) sizes(t int, p *public, mine bool) []solver.Constraint {
	var ks []solver.Constraint
	count := func(place, n int) {
		var ls []solver.Lit
		for _, c := range x.cards {
			ls = append(ls, x.lit(c, t, place))
		}
		ks = append(ks, solver.CountOf(ls, solver.Eq, n))
	}
	for q := range x.n {
		count(q, p.sizes[q])
	}
	count(x.top(), min(1, p.deck))
	count(x.rest(), max(0, p.deck-1))
	count(x.removed(), x.g.cfg.Removed)
	count(x.pile(), len(p.pile))
	for _, c := range p.pile {
		ks = append(ks, solver.Holds(x.card(c, t), solver.Holder(x.pile())))
	}
	if mine {
		for _, c := range p.mine {
			ks = append(ks, solver.Holds(x.card(c, t), solver.Holder(x.g.p.seat)))
		}
	}
	return ks
}

// deal is what the set-up says of time 0: the sizes, the seat's hand, and
// where the deal can put the Murderer (the top part) and the Detective
// (the bottom part); neither is removed.
func (x *encoding) deal() []solver.Constraint {
	cfg := x.g.cfg
	ks := x.sizes(0, newPublic(cfg, x.g.p.seat, x.g.hand), true)
	top := cfg.TopSize()
	not := func(c Card, place int) {
		ks = append(ks, solver.NotHolds(x.card(c, 0), solver.Holder(place)))
	}
	for _, c := range []Card{Murderer, Detective} {
		not(c, x.removed())
	}
	for q := range x.n {
		a, b := cfg.DealPosition(q, 0), cfg.DealPosition(q, 1)
		if a >= top && b >= top {
			not(Murderer, q)
		}
		if a < top && b < top {
			not(Detective, q)
		}
	}
	first := 2 * x.n // the deck's top card's position
	if first >= top {
		not(Murderer, x.top())
		not(Murderer, x.rest())
	} else {
		not(Detective, x.top())
		if cfg.DeckSize()-1 < top {
			not(Detective, x.rest())
		}
	}
	return ks
}

// graph is the moves a segment allows between places, closed under
// paths: reach[a][b] when a card at a at the segment's start may be at b
// at its end.
type graph struct {
	reach    [][]bool
	shuffled bool // the deck's order may change beyond draws from the top
	drew     bool // the turn's player drew
	// drewFirst: the turn's player drew before playing (so did not start
	// the turn holding the Aristocrat).
	drewFirst bool
}

func (x *encoding) graph(s segment) graph {
	g := graph{reach: make([][]bool, x.places)}
	for a := range g.reach {
		g.reach[a] = make([]bool, x.places)
		g.reach[a][a] = true
	}
	edge := func(a, b int) { g.reach[a][b] = true }
	deck := func(b int) { edge(x.top(), b); edge(x.rest(), b) }
	toDeck := func(a int) { edge(a, x.top()); edge(a, x.rest()) }
	played := false
	for _, t := range s.evs {
		e := t.e
		switch e.Kind {
		case EvDraw, EvTake:
			deck(e.P)
			edge(x.rest(), x.top())
			if e.P == s.player && e.Kind == EvDraw {
				g.drew = true
				g.drewFirst = g.drewFirst || !played
			}
		case EvReveal:
			if slices.Contains(e.Cards, Blackmailer) {
				toDeck(e.P)
				g.shuffled = true
			}
		case EvDiscard:
			edge(e.P, x.pile())
		case EvGive:
			edge(e.P, e.Q)
		case EvBury:
			toDeck(e.P)
			g.shuffled = true
		case EvPlay:
			played = true
			edge(e.P, x.pile())
			switch e.As {
			case Cad:
				if e.Q >= 0 && e.R >= 0 {
					edge(e.Q, e.R)
					edge(e.R, e.Q)
				}
			case Socialite:
				if e.Q >= 0 {
					edge(e.P, e.Q)
					edge(e.Q, e.P)
				}
			case Swain:
				if e.Q >= 0 {
					edge(e.P, e.Q)
					deck(e.P)
					edge(x.rest(), x.top())
				}
			case Gossip:
				for q := range x.n {
					edge(q, (q+1)%x.n)
				}
			case Invalid:
				if e.Q >= 0 {
					edge(e.Q, e.P)
				}
			case Doctor:
				toDeck(x.pile())
				g.shuffled = true
			case Secretary:
				deck(x.pile())
				g.shuffled = true
			case Driver:
				deck(e.P)
				g.shuffled = true
			case Nun:
				toDeck(e.P)
				g.shuffled = true
			case Seer:
				g.shuffled = true
			}
		}
	}
	if g.shuffled {
		edge(x.top(), x.rest())
		edge(x.rest(), x.top())
	}
	// Transitive closure.
	for k := range x.places {
		for a := range x.places {
			if g.reach[a][k] {
				for b := range x.places {
					if g.reach[k][b] {
						g.reach[a][b] = true
					}
				}
			}
		}
	}
	return g
}

// structure is a segment's moves and its end's sizes, with the rules that
// bind every segment.
func (x *encoding) structure(k int, s segment) []solver.Constraint {
	a, b := k+1-1, k+1
	g := x.graph(s)
	// The seat's hand is pinned at the end of closed turns only: within a
	// turn the lines say the play's moves before the seat's own gives.
	ks := x.sizes(b, s.end, b < x.now())
	for _, c := range x.cards {
		for from := range x.places {
			pos := []solver.Lit{}
			for to := range x.places {
				if g.reach[from][to] {
					pos = append(pos, x.lit(c, b, to))
				}
			}
			ks = append(ks, solver.Clause(pos, []solver.Lit{x.lit(c, a, from)}))
		}
		if g.drew && !g.shuffled {
			// The turn's first draw took the top card; nothing put it back.
			ks = append(ks, solver.Clause(nil, []solver.Lit{x.lit(c, a, x.top()), x.lit(c, b, x.top())}))
		}
	}
	// The announcements and reveals are read once the segment is closed:
	// the open one's may still come.
	playing := s.end.end == Playing && b < x.now()
	announced := map[int]bool{}
	for _, t := range s.evs {
		if t.e.Kind == EvAnnounce {
			announced[t.e.P] = true
		}
	}
	if x.g.cfg.Has(Drunk) && playing {
		for q := range x.n {
			if announced[q] {
				continue
			}
			if k == 0 {
				ks = append(ks, solver.NotHolds(x.card(Drunk, a), solver.Holder(q)))
			}
			// The Drunk did not enter q's hand in the segment.
			ks = append(ks, solver.Clause([]solver.Lit{x.lit(Drunk, a, q)}, []solver.Lit{x.lit(Drunk, b, q)}))
		}
	}
	if x.g.cfg.Has(Blackmailer) && playing {
		for q := range x.n {
			ks = append(ks, solver.Clause(nil, []solver.Lit{x.lit(Detective, b, q), x.lit(Blackmailer, b, q)}))
		}
	}
	// Choices of the players other than the turn's: their hands at the
	// choice are their hands at the segment's start.
	if s.player >= 0 {
		choosers := map[int]bool{}
		for _, t := range s.evs {
			e := t.e
			if e.Kind == EvDiscard {
				choosers[e.P] = true
			}
			if e.Kind != EvPlay {
				continue
			}
			switch e.As {
			case Cad:
				choosers[e.Q], choosers[e.R] = true, true
			case Socialite, Invalid:
				choosers[e.Q] = true
			case Gossip:
				for q := range x.n {
					choosers[q] = true
				}
			}
		}
		for q := range choosers {
			if q < 0 || q == s.player || s.start.sizes[q] == 0 {
				continue
			}
			if s.start.sizes[q] >= 2 {
				// The Murderer is not chosen beside another card.
				ks = append(ks, solver.Clause([]solver.Lit{x.lit(Murderer, b, q)}, []solver.Lit{x.lit(Murderer, a, q)}))
			}
			if x.g.cfg.Has(Stranger) {
				// The Stranger, if held, is the card chosen.
				ks = append(ks, solver.Clause(nil, []solver.Lit{x.lit(Stranger, a, q), x.lit(Stranger, b, q)}))
			}
		}
	}
	return ks
}

// content is what line e says of the cards at the ends of segment k.
func (x *encoding) content(k int, s segment, e Event) []solver.Constraint {
	a, b := k, k+1
	g := x.graph(s)
	var ks []solver.Constraint
	has := func(c Card) bool { return c != 0 && x.g.cfg.Has(c) }
	// from: card c was, at a, at a place from which place p is reachable.
	from := func(c Card, ps ...int) {
		if !has(c) {
			return
		}
		var pos []solver.Lit
		for l := range x.places {
			for _, p := range ps {
				if g.reach[l][p] {
					pos = append(pos, x.lit(c, a, l))
					break
				}
			}
		}
		ks = append(ks, solver.Clause(pos, nil))
	}
	// to: card c is, at b, at a place reachable from one of ps.
	to := func(c Card, ps ...int) {
		if !has(c) {
			return
		}
		var pos []solver.Lit
		for l := range x.places {
			for _, p := range ps {
				if g.reach[p][l] {
					pos = append(pos, x.lit(c, b, l))
					break
				}
			}
		}
		ks = append(ks, solver.Clause(pos, nil))
	}
	at := func(c Card, p int) {
		if has(c) {
			ks = append(ks, solver.Holds(x.card(c, b), solver.Holder(p)))
		}
	}
	notAt := func(c Card, t, p int) {
		if has(c) {
			ks = append(ks, solver.NotHolds(x.card(c, t), solver.Holder(p)))
		}
	}
	// oneOf: card c is, at b, at one of ps.
	oneOf := func(c Card, ps ...int) {
		if !has(c) {
			return
		}
		var pos []solver.Lit
		for _, p := range ps {
			pos = append(pos, x.lit(c, b, p))
		}
		ks = append(ks, solver.Clause(pos, nil))
	}
	chooser := e.P != s.player && s.player >= 0
	deck := []int{x.top(), x.rest()}
	switch e.Kind {
	case EvDraw, EvTake:
		from(e.Card, deck...)
		to(e.Card, e.P)
	case EvAnnounce:
		from(Drunk, e.P)
		to(Drunk, e.P)
	case EvReveal:
		for _, c := range e.Cards {
			from(c, e.P)
			if c == Detective && slices.Contains(e.Cards, Blackmailer) {
				to(c, deck...)
			} else {
				to(c, e.P)
			}
		}
	case EvDiscard:
		from(e.Card, e.P)
		if chooser && e.Card != Stranger {
			notAt(Stranger, a, e.P)
		}
	case EvGive:
		from(e.Card, e.P)
		to(e.Card, e.Q)
		if chooser && e.Card != Stranger {
			notAt(Stranger, a, e.P)
		}
	case EvShow:
		from(e.Card, e.P)
		to(e.Card, e.P)
		if chooser && e.Card != Stranger {
			notAt(Stranger, a, e.P)
		}
	case EvBury:
		from(e.Card, e.P)
		oneOf(e.Card, deck...)
	case EvSees:
		for _, c := range e.Cards {
			from(c, deck...)
		}
		switch segPlay(s).As {
		case Secretary:
			// The whole deck, after the draws; the play ends the turn.
			for _, c := range e.Cards {
				if c != segPlay(s).Arg {
					oneOf(c, deck...)
				}
			}
			if len(e.Cards) == 1 && e.Cards[0] != segPlay(s).Arg {
				at(e.Cards[0], x.top())
			}
		case Seer:
			if len(e.Cards) == 1 {
				if segPlay(s).Flag {
					at(e.Cards[0], x.top())
				} else {
					oneOf(e.Cards[0], deck...)
				}
			}
		default:
			for _, c := range e.Cards {
				oneOf(c, x.top(), x.rest(), e.P)
			}
		}
	case EvPlay:
		from(e.Card, e.P)
		if e.Card != Monkey {
			notAt(Monkey, a, e.P)
			if e.Card != Drunk {
				notAt(Drunk, a, e.P)
				if e.Card != Aristocrat {
					notAt(Aristocrat, a, e.P)
				}
			}
		}
		if g.drewFirst {
			notAt(Aristocrat, a, e.P)
		}
		switch e.As {
		case Butler:
			at(e.Arg, x.top())
		case Hound:
			if e.Q >= 0 {
				at(e.Arg, e.Q)
			} else {
				for q := range x.n {
					notAt(e.Arg, b, q)
				}
			}
		case Reporter:
			if e.Q >= 0 {
				at(e.Arg, e.Q)
			}
		case Doctor:
			oneOf(e.Arg, deck...)
		}
	}
	return ks
}

// play is the play event of a segment (zero when none yet).
func segPlay(s segment) Event {
	for _, t := range s.evs {
		if t.e.Kind == EvPlay {
			return t.e
		}
	}
	return Event{}
}

// now is the last time point.
func (x *encoding) now() int { return x.times - 1 }

// lines are the lines of observation ids, ascending, without repeats.
func (x *encoding) lines(ids []int) []int {
	out := []int{}
	for _, i := range ids {
		out = append(out, x.obsLine[i])
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// conflict is a minimal set of lines that admit no history, nil when the
// lines admit one.
func (x *encoding) conflict(ctx context.Context) ([]int, error) {
	ids, err := x.sat.Conflict(ctx)
	if err != nil || ids == nil {
		return nil, err
	}
	return x.lines(ids), nil
}

// checkExact rebuilds the encoding after line n and refuses the line when
// the lines admit no history, naming a minimal set of earlier lines that
// conflict with it.
func (g *Game) checkExact(n int) error {
	g.enc = nil
	if g.cfg == nil {
		return nil
	}
	x, err := g.exactEnc()
	if err != nil {
		return err
	}
	ctx := context.Background()
	ok, err := x.sat.Consistent(ctx)
	if err != nil || ok {
		return err
	}
	ls, err := x.conflict(ctx)
	if err != nil {
		return err
	}
	ls = slices.DeleteFunc(ls, func(l int) bool { return l >= n })
	return table.NewConflict(g.lines, ls)
}

// exactEnc is the encoding of the lines, built on first use.
func (g *Game) exactEnc() (*encoding, error) {
	if g.enc == nil {
		x, err := g.encode()
		if err != nil {
			return nil, err
		}
		g.enc = x
	}
	return g.enc, nil
}

// sheetPlaces are the encoding's places of sheet location l.
func (x *encoding) sheetPlaces(l int) []int {
	switch l - x.n {
	case LocDeck:
		return []int{x.top(), x.rest()}
	case LocPile:
		return []int{x.pile()}
	case LocRemoved:
		return []int{x.removed()}
	}
	return []int{l}
}

// marks are the SAT's ✓ and ✗ of every card at every sheet location now,
// by card index. The open turn's lines may still change what its play
// does (the lines of a swap or a draw follow the play), so the facts are
// proved at the start of the open turn from the closed turns alone, then
// carried to now along the moves the open turn's lines allow: a card may
// be now at a place reachable from a place it may have been at then.
//
// seen, when not nil, are the places where sampled histories have each
// card at the open turn's start: those are possible (a sampled history is
// a legal history of the lines) and need no proof.
func (x *encoding) marks(ctx context.Context, seen map[Card][]bool) ([][]table.Mark, error) {
	locs := x.n + 3
	out := make([][]table.Mark, len(x.cards))
	closed := x.closedIDs()
	then := x.now() - 1
	for i, c := range x.cards {
		was := make([]bool, x.places)
		for m := range x.places {
			if seen != nil && seen[c][m] {
				was[m] = true // a sampled history has it there
				continue
			}
			e, err := x.sat.ImpliesUnder(ctx, closed, solver.Fact{Card: x.card(c, then), Holder: solver.Holder(m), Holds: false})
			if err != nil {
				return nil, err
			}
			was[m] = !e.Implied
		}
		out[i] = make([]table.Mark, locs)
		open := 0
		for l := range locs {
			may := false
			for _, p := range x.sheetPlaces(l) {
				for m := range x.places {
					may = may || (was[m] && x.openGraph.reach[m][p])
				}
			}
			if may {
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
	return out, nil
}

// closedIDs are the observations of the deal and the closed segments.
func (x *encoding) closedIDs() []int {
	ids := make([]int, x.openFrom)
	for i := range ids {
		ids[i] = i
	}
	return ids
}

// why is a minimal set of lines of the closed turns that force card c to
// be (hold) or not to be at sheet location l at the start of the open
// turn, with the open turn's lines (which allow no move that would undo
// it); ok is false when the lines do not force it.
func (x *encoding) why(ctx context.Context, c Card, l int, hold bool) (lines []int, ok bool, err error) {
	in := map[int]bool{}
	for _, p := range x.sheetPlaces(l) {
		in[p] = true
	}
	// the places at the open turn's start from which the fact fails now
	var ls []solver.Lit
	for m := range x.places {
		for p := range x.places {
			if x.openGraph.reach[m][p] && in[p] != hold {
				ls = append(ls, x.lit(c, x.now()-1, m))
				break
			}
		}
	}
	p := x.prob.Subset(x.closedIDs())
	if len(ls) > 0 {
		k := solver.CountOf(ls, solver.Ge, 1)
		if _, err := p.Add(solver.Observation{Label: "fact", Constraints: []solver.Constraint{k}}); err != nil {
			return nil, false, err
		}
	}
	ids, err := solver.NewSAT(p).Conflict(ctx)
	if err != nil || ids == nil {
		return nil, false, err
	}
	ids = slices.DeleteFunc(ids, func(i int) bool { return i >= x.openFrom })
	out := append(x.lines(ids), x.openLines...)
	slices.Sort(out)
	return slices.Compact(out), true, nil
}

// satMark is the SAT's mark of card c at sheet location l now (Maybe when
// it cannot tell, or when the encoding cannot be built).
func (g *Game) satMark(c Card, l int) table.Mark {
	if g.cfg == nil {
		return table.Maybe
	}
	x, err := g.exactEnc()
	if err != nil {
		return table.Maybe
	}
	if x.sheet == nil {
		ms, err := x.marks(context.Background(), g.seenPlaces(x))
		if err != nil {
			return table.Maybe
		}
		x.sheet = ms
	}
	i := slices.Index(x.cards, c)
	if i < 0 || l < 0 || l >= len(x.sheet[i]) {
		return table.Maybe
	}
	return x.sheet[i][l]
}

// seenPlaces are, for each card, the encoding's places where the tracker's
// histories have it at the start of the open turn (nil without a tracker).
func (g *Game) seenPlaces(x *encoding) map[Card][]bool {
	tr := g.track()
	if tr == nil {
		return nil
	}
	seen := map[Card][]bool{}
	for _, c := range x.cards {
		seen[c] = make([]bool, x.places)
	}
	for _, p := range tr.parts {
		for _, c := range x.cards {
			seen[c][truePlace(x, p.s, c)] = true
		}
	}
	return seen
}

// truePlace is the encoding's place of card c in state s.
func truePlace(x *encoding, s *State, c Card) solver.Holder {
	if p := s.HolderOf(c); p >= 0 {
		return solver.Holder(p)
	}
	switch i := slices.Index(s.Deck, c); {
	case i == 0:
		return solver.Holder(x.top())
	case i > 0:
		return solver.Holder(x.rest())
	case has(s.Discard, c):
		return solver.Holder(x.pile())
	}
	return solver.Holder(x.removed())
}
