package estimate

import (
	"slices"

	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/certain"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
)

// Looking ahead. When no particle fits a line, the line usually needs a
// card at a place that the turns before made rare (carol plays the
// Stranger, which only a Nun many turns back could have put in the deck
// she draws from). A replay of the closed turns that does not know this
// draws histories that mostly cannot reach it, and resampling loses the
// few that can. The lines of the open turn say, for each card they name,
// from which places it could have come: the card carol plays is in her
// hand or in the deck at the turn's start (the turn's moves composed in
// the order they happen, as the SAT encoding's graph has them, without
// the deck's sizes, which the look-ahead does not read). Going back through each
// closed turn's moves, the same holds of every earlier time point: the
// places from which a card can reach an allowed place by the open turn.
//
// A replay that looks ahead multiplies each history's weight, at the end
// of every closed turn, by the indicator ψ that every card the lines
// already name is at such a place (a twisted sequential Monte Carlo, with
// potentials 0 or 1). ψ is 1 on every history that fits the open turn's
// lines: the graphs only over-state the moves (TestAheadSound checks the
// true history against them), so a history that ψ drops has probability
// 0 given the lines. Its intermediate targets are the posteriors at each
// time point restricted to ψ = 1, and its final target, once the open
// turn's lines weigh the histories, is the same posterior as the
// sampler's: the estimates stay consistent. The histories it keeps
// record, as their turns' likelihoods, the sums over all the turn's
// paths (not only those with ψ = 1), so that later Metropolis–Hastings
// moves compare like with like (see move.go); within the replay itself no
// move is made (its target is the restricted one).
//
// Two things of a sampled state are not yet fixed when the state is read:
// the virgin hands with the set-up group of the deck and the removed
// cards (redrawn together later: see deckgroups.go), and the order of the deck
// (groups redrawn, cards drawn from the top). So a card in that pool may
// be at any of the pool's places, and a card of the deck at the top or
// below it; a soft card (soft.go) may still be relabelled, so only the
// cards named before a time point are read at it.

// A card first named by a line (soft until then) is not read at the
// earlier time points: any soft card may still be relabelled as it. But
// the line says that one of the cards soft at the turn's start is at a
// place from which it reaches the line's place (the card carol gives
// the seat, first named there, is one of the soft cards in her hand):
// relabelling swaps only soft cards, so in every history that fits, the
// card relabelled at the line was soft at every earlier time point and
// at a place from which it reaches the line's. ψ also asks, at each time
// point, that each such place set hold one of the cards soft then
// (lookahead.some). It stays 1 on every history that fits, so the
// estimates stay consistent as above (TestAheadSound checks the real
// history against these too). The open turn's soft pins are used when
// its lines pin no card named before it (otherwise the look-ahead of the
// failing line is that of the hard pins alone, as before); the stopped
// tracker's replays (aheadFrom(0, true)) use every line's.

// PlaceMask is a set of the encoding's places (hands, then plTop, plRest,
// plRemoved, plPile).
type PlaceMask uint32

// Lookahead is, for every time point from the deal to the open turn's
// start, the places each card named by then may be at.
type Lookahead struct {
	n    int
	Need [][]PlaceMask // need[k][c]: 0 for no constraint
	// some[k] are places that must each hold, at time point k, one of
	// the cards soft then (soft[k]; see "A card first named" below); nil
	// for none.
	Some [][]PlaceMask
	Soft []engine.CardSet
}

// Ahead is the lookahead of the open turn's lines: of the cards the
// closed turns named; when the lines name none, of the soft cards they
// name (nil when they name no card).
func (t *Tracker) Ahead() *Lookahead {
	if l := t.AheadFrom(len(t.Hist), false); l != nil {
		return l
	}
	return t.AheadFrom(len(t.Hist), true)
}

// AheadFrom is the lookahead of the open turn's lines and of the lines of
// the closed turns from turn from on (each turn's lines pin the cards the
// turns before it named, at its start): at each time point, the places
// that every one of them allows (nil when they name no such card); with
// soft, also the places where a card soft then must be (the cards the
// lines name first).
func (t *Tracker) AheadFrom(from int, soft bool) *Lookahead {
	n := t.Cfg.Players
	x := &certain.Encoding{N: n, Places: n + certain.PlExtra}
	all := PlaceMask(1)<<x.Places - 1
	graphOf := func(evs []engine.Event) certain.Graph {
		s := certain.Segment{Player: -1}
		for _, e := range evs {
			s.Evs = append(s.Evs, certain.Tracked{Ev: e})
		}
		return x.Graph(s)
	}
	pre := func(g certain.Graph, m PlaceMask) PlaceMask {
		var out PlaceMask
		for a := range x.Places {
			for b := range x.Places {
				if m&(1<<b) != 0 && g.Reach[a][b] {
					out |= 1 << a
					break
				}
			}
		}
		return out
	}
	// pins are the places a turn's lines allow, at its start, to each card
	// named before it (nil when they pin none).
	pins := func(obs []engine.Event, hard engine.CardSet) (now, some []PlaceMask) {
		for i, e := range obs {
			ps := linePins(e, n, x)
			if len(ps) == 0 {
				continue
			}
			g := graphOf(obs[:i+1])
			for _, p := range ps {
				if !hard.Has(p.c) {
					if !soft {
						continue
					}
					// A card soft at the turn's start: the card the line
					// names is then one of the soft cards, at a place
					// from which it reaches the line's.
					if m := pre(g, p.at); m != 0 && m != all && !slices.Contains(some, m) {
						some = append(some, m)
					}
					continue
				}
				if now == nil {
					now = make([]PlaceMask, engine.NumCards+1)
				}
				m := pre(g, p.at)
				if now[p.c] == 0 {
					now[p.c] = all
				}
				now[p.c] &= m // an empty set (no history) reads as no constraint
			}
		}
		return now, some
	}
	var cards engine.CardSet
	for _, c := range t.Cfg.Cards {
		cards.Add(c)
	}
	T := len(t.Hist)
	l := &Lookahead{n: n, Need: make([][]PlaceMask, T+1), Some: make([][]PlaceMask, T+1), Soft: make([]engine.CardSet, T+1)}
	l.Need[T], l.Some[T] = pins(t.Obs, t.Hard)
	l.Soft[T] = cards &^ t.Hard
	pinned := l.Need[T] != nil || l.Some[T] != nil
	for k := T - 1; k >= 0; k-- {
		l.Soft[k] = cards &^ t.Hist[k].Hard
		g := graphOf(t.Hist[k].Obs)
		for _, m := range l.Some[k+1] {
			if m := pre(g, m); m != 0 && m != all && !slices.Contains(l.Some[k], m) {
				l.Some[k] = append(l.Some[k], m)
			}
		}
		cur := make([]PlaceMask, engine.NumCards+1)
		if next := l.Need[k+1]; next != nil {
			for c := range cur {
				if next[c] == 0 || next[c] == all || !t.Hist[k].Hard.Has(engine.Card(c)) {
					continue
				}
				cur[c] = pre(g, next[c])
			}
		}
		if k >= from {
			own, some := pins(t.Hist[k].Obs, t.Hist[k].Hard)
			for _, m := range some {
				if !slices.Contains(l.Some[k], m) {
					l.Some[k] = append(l.Some[k], m)
				}
			}
			if some != nil {
				pinned = true
			}
			if own != nil {
				pinned = true
				for c, m := range own {
					switch {
					case m == 0:
					case cur[c] == 0:
						cur[c] = m
					default:
						cur[c] &= m
					}
				}
			}
		}
		l.Need[k] = cur
	}
	if !pinned {
		return nil
	}
	return l
}

// pin is a line's card and the places it is at when the line happens.
type pin struct {
	c  engine.Card
	at PlaceMask
}

// linePins are the cards line e names with the places they are at when
// it happens (before the line's own move).
func linePins(e engine.Event, n int, x *certain.Encoding) []pin {
	hand := func(p int) PlaceMask { return 1 << p }
	deck := PlaceMask(1)<<x.Top() | PlaceMask(1)<<x.Rest()
	var out []pin
	add := func(c engine.Card, m PlaceMask) {
		if c > 0 {
			out = append(out, pin{c, m})
		}
	}
	switch e.Kind {
	case engine.EvPlay:
		add(e.Card, hand(e.P))
		for _, c := range e.Cards {
			add(c, hand(e.P))
		}
		switch e.As {
		case engine.Doctor:
			add(e.Arg, 1<<x.Pile())
		case engine.Secretary, engine.Butler:
			add(e.Arg, deck)
		case engine.Hound:
			if e.Q == engine.Unseen {
				break // another's Hound: its answer is unseen
			}
			if e.Q >= 0 {
				add(e.Arg, hand(e.Q))
			} else {
				add(e.Arg, deck|1<<x.Removed()|1<<x.Pile())
			}
		case engine.Reporter:
			if e.Q >= 0 {
				add(e.Arg, hand(e.Q))
			}
		}
	case engine.EvDiscard, engine.EvGive, engine.EvShow, engine.EvBury, engine.EvAnnounce:
		add(e.Card, hand(e.P))
	case engine.EvReveal:
		for _, c := range e.Cards {
			add(c, hand(e.P))
		}
	case engine.EvDraw, engine.EvTake:
		add(e.Card, deck)
	case engine.EvSees:
		for _, c := range e.Cards {
			add(c, deck)
		}
	}
	return out
}

// at is ψ at time point k: whether every card named by then is at a
// place from which it can reach the open turn's lines, and each place
// of some[k] holds one of the cards soft then (nil: no constraint).
func (l *Lookahead) at(k int) func(*engine.State) bool {
	if l == nil || k >= len(l.Need) || l.Need[k] == nil && l.Some[k] == nil {
		return nil
	}
	need, some, soft := l.Need[k], l.Some[k], l.Soft[k]
	n := l.n
	top, rest, removed, pile := n+certain.PlTop, n+certain.PlRest, n+certain.PlRemoved, n+certain.PlPile
	deck := PlaceMask(1)<<top | PlaceMask(1)<<rest
	return func(s *engine.State) bool {
		pool := PlaceMask(1) << removed
		for p, v := range s.Virgin {
			if v {
				pool |= 1 << p
			}
		}
		for _, g := range s.Grp {
			if g == 0 {
				pool |= deck
				break
			}
		}
		// where are the places card c may be at (0: not placed, a card
		// not in the game).
		where := func(c engine.Card) PlaceMask {
			switch p := s.HolderOf(c); {
			case p >= 0 && s.Virgin[p]:
				return pool
			case p >= 0:
				return 1 << p
			}
			switch i := indexOf(s.Deck, c); {
			case i >= 0 && s.Grp[i] == 0:
				return pool
			case i >= 0:
				return deck
			case engine.Has(s.Discard, c):
				return 1 << pile
			case engine.Has(s.Removed, c):
				return pool
			}
			return 0
		}
		for c, m := range need {
			if m == 0 {
				continue
			}
			if w := where(engine.Card(c)); w != 0 && w&m == 0 {
				return false
			}
		}
		if some == nil {
			return true
		}
		var softAt PlaceMask
		for c := engine.Card(1); c <= engine.NumCards; c++ {
			if soft.Has(c) {
				softAt |= where(c)
			}
		}
		for _, m := range some {
			if softAt&m == 0 {
				return false
			}
		}
		return true
	}
}

// indexOf is the index of c in cs, -1 when absent.
func indexOf(cs []engine.Card, c engine.Card) int {
	for i, x := range cs {
		if x == c {
			return i
		}
	}
	return -1
}

// AheadBudget bounds the replays of turns that one update's look-ahead
// replays may make: all of RecoveryBudget (they come first; the rescue
// and the recovery have what they leave).
const AheadBudget = RecoveryBudget

// recoverAhead rebuilds the particles after they all died at the open
// turn's last line (closing: when closing the open turn) by replays that
// look ahead at the open turn's lines (see above): from the particles at
// the start of the closed turn L back, L = 1, 2, 4, ..., the deal last,
// those that fit ψ there resampled to n; then, while the budget lasts,
// the same with 2n and 4n particles. A replay is made when its cost (the
// replays those turns took, times the particles' factor) fits what is
// left of the budget. It reports whether one succeeded and the replays it
// made.
func (t *Tracker) recoverAhead(closing bool, budget int) (bool, int) {
	look := t.Ahead()
	if look == nil || len(t.Hist) == 0 {
		return false, 0
	}
	spent := 0
	T := len(t.Hist)
	for factor := 1; factor <= 4; factor *= 2 {
		for lag := 1; ; lag = min(2*lag, T) {
			cp := T - lag
			cost := t.openRuns
			for _, h := range t.Hist[cp:] {
				cost += h.runs
			}
			if spent+factor*cost > budget {
				break
			}
			fits := look.at(cp)
			some := fits == nil
			for _, p := range t.Hist[cp].parts {
				if some || fits(p.S) {
					some = true
					break
				}
			}
			if some {
				u, ok := t.replayAhead(cp, closing, budget-spent, look, factor)
				spent += u.Runs - t.Runs
				if ok {
					u.Runs = t.Runs + spent
					u.Recovered = t.Recovered + 1
					*t = *u
					return true, spent
				}
			}
			if cp == 0 {
				break
			}
		}
	}
	return false, spent
}

// AheadTest are the tests' settings of the look-ahead: always replays
// the closed turns looking ahead after every line the particles fit,
// from lag turns back (the deal when lag reaches it), and counts the
// replays made and failed.
var AheadTest struct {
	Always          bool
	Lag             int
	Replays, Failed int
}

// forceAhead is the replay aheadTest.always asks for.
func (t *Tracker) forceAhead() {
	look := t.Ahead()
	if look == nil || len(t.Hist) == 0 {
		return
	}
	cp := max(0, len(t.Hist)-AheadTest.Lag)
	u, ok := t.replayAhead(cp, false, 1<<40, look, 1)
	if !ok {
		AheadTest.Failed++
		return
	}
	AheadTest.Replays++
	*t = *u
}
