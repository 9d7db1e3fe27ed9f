package estimate

import (
	"math/rand/v2"
	"slices"

	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
)

// abort stops a replay.
type abort struct{}

// enumAgent replays a turn along a path of choices, matching the events
// the seat sees with the observed ones.
type enumAgent struct {
	t      *Tracker
	path   []int
	ns     []int
	depth  int
	w      float64
	idx    int
	closed bool
	rng    *rand.Rand
	got    *engine.State // the state when the last observed event matched (open turns)
	// after is set once an open turn's last line, a play, matched: the
	// replay goes on to the swap the play makes, if any (emit).
	after bool
	// hound is set from the Hound's pick to its line; houndVirgin are the
	// players whose hands were virgin when it was played.
	hound       bool
	houndVirgin []int
	houndWas    []int
}

// Choose makes the choice the seat's lines name, or draws one among
// the options they allow.
func (a *enumAgent) Choose(s *engine.State, d engine.Decision, actor int, opts []int) int {
	if a.after && actor == a.t.Seat {
		// The seat's own choice after its turn's last line: its lines
		// will say (emit).
		panic(abort{})
	}
	if d == engine.DPick && a.idx < len(a.t.Obs) && a.t.Obs[a.idx].Kind == engine.EvPlay && a.t.Obs[a.idx].P == actor &&
		a.t.Obs[a.idx].As == engine.Hound {
		a.hound, a.houndVirgin = true, nil
		for q, v := range s.Virgin {
			if v {
				a.houndVirgin = append(a.houndVirgin, q)
			}
		}
	}
	if actor >= 0 {
		// A choice the seat's lines show (a card played, the players it
		// names, a card discarded; the seat's own choices): only the
		// option they name can lead to them, the others would be tried
		// and fail later, at a cost. Another player's choice still weighs
		// 1/(number of options).
		want, how := a.observed(d, actor)
		switch how {
		case named:
			i := slices.Index(opts, want)
			if i < 0 {
				a.w = 0
				panic(abort{})
			}
			if actor != a.t.Seat {
				a.w /= float64(len(opts))
			}
			return i
		case namedSoft:
			// Any soft card chosen is relabelled as the one the line
			// names (fix): one of the soft options, drawn uniformly, is
			// followed, weighing their share of the options (an unbiased
			// estimate of the sum over them, each weighing
			// 1/(number of options)).
			soft := a.soft()
			var idx []int
			for i, o := range opts {
				if soft.Has(engine.Card(o)) {
					idx = append(idx, i)
				}
			}
			if len(idx) == 0 {
				a.w = 0
				panic(abort{})
			}
			if actor != a.t.Seat {
				a.w *= float64(len(idx)) / float64(len(opts))
			}
			return idx[a.rng.IntN(len(idx))]
		}
	}
	if a.depth == len(a.path) {
		a.path = append(a.path, 0)
		a.ns = append(a.ns, len(opts))
	}
	c := a.path[a.depth]
	a.depth++
	if actor != a.t.Seat {
		a.w /= float64(len(opts))
	}
	return c
}

// observed is the option of actor's decision d that the seat's coming
// lines name, if they do: the card played and the players the play names,
// the Doctor's, Secretary's and Hound's card, the Seer's move (all on the
// play's line), the card discarded, and what the seat sees of it: the
// Driver's and the Nun's card (the next line), the card shown (the next
// line) or given (a line before the next play or draw).
func (a *enumAgent) observed(d engine.Decision, actor int) (int, observation) {
	obs := a.t.Obs
	if a.idx >= len(obs) {
		return 0, unnamed
	}
	e := obs[a.idx]
	switch d {
	case engine.DTaker:
		// The Swain's choice, after its draw: its own line.
		if e.Kind == engine.EvChosen && e.P == actor {
			return e.Q, named
		}
	case engine.DPlay, engine.DTarget, engine.DPair, engine.DSeer:
		if e.Kind != engine.EvPlay || e.P != actor {
			return 0, unnamed
		}
		switch d {
		case engine.DPlay:
			return int(e.Card), named
		case engine.DTarget:
			return e.Q, when(e.Q >= 0)
		case engine.DPair:
			return e.Q*16 + e.R, when(e.Q >= 0 && e.R >= 0)
		default:
			if e.As != engine.Seer {
				return 0, unnamed
			}
			if e.Flag {
				return 1, named
			}
			return 0, named
		}
	case engine.DPick:
		switch {
		case e.Kind == engine.EvPlay && e.P == actor && (e.As == engine.Doctor || e.As == engine.Secretary || e.As == engine.Hound):
			return int(e.Arg), named
		case (e.Kind == engine.EvTake || e.Kind == engine.EvBury) && e.P == actor:
			return int(e.Card), named
		}
	case engine.DShow, engine.DDiscard:
		k := engine.EvShow
		if d == engine.DDiscard {
			k = engine.EvDiscard
		}
		if e.Kind == k && e.P == actor {
			return int(e.Card), a.softly(e.Card)
		}
	case engine.DGive:
		for _, f := range obs[a.idx:] {
			if f.Kind == engine.EvPlay || f.Kind == engine.EvDraw {
				break
			}
			if f.Kind == engine.EvGive && f.P == actor {
				return int(f.Card), a.softly(f.Card)
			}
		}
	}
	return 0, unnamed
}

// observation is how the seat's lines name a choice's option.
type observation uint8

const (
	unnamed   observation = iota // the lines do not name it
	named                        // the option is the one named
	namedSoft                    // a soft card named first: any soft option (see choose)
)

// when is named when ok, else unnamed.
func when(ok bool) observation {
	if ok {
		return named
	}
	return unnamed
}

// softly is how a card chosen by another player and named by a line is
// looked for: a soft card named for the first time (given to, shown to
// or discarded before the seat) is not looked for by name, since any
// soft card chosen is relabelled as it (fix). Looking for its name would
// keep only the histories in which the chosen card already bears it (one
// in the number of soft cards): an estimate of the same likelihood, with
// far more variance.
func (a *enumAgent) softly(c engine.Card) observation {
	if a.soft().Has(c) {
		return namedSoft
	}
	return named
}

// Shuffle shuffles cs uniformly.
func (a *enumAgent) Shuffle(cs []engine.Card) {
	a.rng.Shuffle(len(cs), func(i, j int) { cs[i], cs[j] = cs[j], cs[i] })
}

// Tries is the number of redraws with which the tracker estimates the
// chance that a player's hidden cards include the card it then plays.
const Tries = 24

// expectedPlay is the card the lines say p plays right after the draw
// about to happen (0 when they do not say): the coming line is p's draw
// and the next but p's announcements p's play. Another line between
// them (the Blackmailer revealed, which sends the Detective back and
// makes p draw again) means this draw need not be the card played: the
// first two of "dave draws, dave draws, dave reveals detective
// blackmailer, dave draws, dave plays monkey" are the Blackmailer and the
// Detective, and asking the second to be the Monkey kept no history.
func (a *enumAgent) expectedPlay(p int) engine.Card {
	obs := a.t.Obs
	if a.idx >= len(obs) || obs[a.idx].Kind != engine.EvDraw || obs[a.idx].P != p {
		return 0
	}
	for _, e := range obs[a.idx+1:] {
		switch {
		case e.Kind == engine.EvAnnounce && e.P == p:
			// The Drunk drawn: it is the card played.
		case e.Kind == engine.EvPlay && e.P == p:
			return e.Card
		default:
			return 0
		}
	}
	return 0
}

// soft are the cards no line has named before the coming one, and not
// special (see soft.go).
func (a *enumAgent) soft() engine.CardSet {
	h := a.t.Hard
	for _, e := range a.t.Obs[:a.idx] {
		Mentions(&h, e)
	}
	var all engine.CardSet
	for _, c := range a.t.Cfg.Cards {
		all.Add(c)
	}
	return all &^ h
}

// playing is the card the coming line plays, 0 when it is not a play.
// Once the rules carry the play out, that card is on the table under its
// name: relabelling it as a card of the deck or of a hand (as a soft card
// could be) would change what was played.
func (a *enumAgent) playing() engine.Card {
	if a.idx < len(a.t.Obs) && a.t.Obs[a.idx].Kind == engine.EvPlay {
		return a.t.Obs[a.idx].Card
	}
	return 0
}

// fix relabels soft cards so that the event the engine emits, v, names
// the cards the line names, exp, where it may: a soft card in v where exp
// names another soft card. The Hound's named soft card is put with the
// player who raised a hand (or outside the hands), the weight multiplied
// by the soft cards there. It reports whether v now equals exp.
func (a *enumAgent) fix(s *engine.State, v *engine.Event, exp engine.Event) bool {
	if v.Kind != exp.Kind || v.P != exp.P {
		return false
	}
	soft := a.soft()
	one := func(got *engine.Card, want engine.Card) {
		if *got != want && soft.Has(*got) && soft.Has(want) && placed(s, want) {
			swapCards(s, *got, want)
			*got = want
		}
	}
	switch v.Kind {
	case engine.EvPlay:
		if v.Card != exp.Card {
			return false
		}
		if v.As == engine.Hound && v.Arg == exp.Arg && soft.Has(v.Arg) && v.Arg != exp.Card {
			var where []engine.Card
			if exp.Q >= 0 {
				where = softIn(s.Hands[exp.Q], soft)
			} else {
				where = append(softIn(s.Deck, soft), softIn(s.Removed, soft)...)
			}
			if len(where) == 0 {
				return false
			}
			a.w *= float64(len(where))
			swapCards(s, where[a.rng.IntN(len(where))], v.Arg)
			v.Q = exp.Q
		} else if v.As == engine.Butler || v.As == engine.Reporter {
			one(&v.Arg, exp.Arg)
		}
	case engine.EvDraw, engine.EvDiscard, engine.EvGive, engine.EvShow, engine.EvTake, engine.EvBury:
		one(&v.Card, exp.Card)
	case engine.EvSees:
		if len(v.Cards) != len(exp.Cards) {
			return false
		}
		if slices.IsSorted(exp.Cards) && len(exp.Cards) > 1 && slices.IsSorted(v.Cards) {
			// the Secretary: the deck as a set
			got, want := softIn(v.Cards, soft), softIn(exp.Cards, soft)
			if len(got) != len(want) {
				return false
			}
			relabel(s, got, want)
			v.Cards = engine.SortedCards(s.Deck)
			if !v.Equal(exp) {
				// the relabelled deck, sorted, as the line lists it
				return false
			}
			return true
		}
		cs := slices.Clone(v.Cards)
		for i := range cs {
			one(&cs[i], exp.Cards[i])
		}
		v.Cards = cs
	}
	return v.Equal(exp)
}

// Emit follows each event against the seat's lines.
func (a *enumAgent) Emit(s *engine.State, e engine.Event) {
	v, ok := e.View(a.t.Seat)
	if a.after {
		// The open turn's last line was a play: a swap it makes between
		// other players (cards given that the seat does not see) is part
		// of that line, and the state now is the state after it.
		if !ok && e.Kind == engine.EvGive {
			a.got = s.Clone()
		}
		panic(abort{})
	}
	if !ok {
		return
	}
	if a.idx >= len(a.t.Obs) {
		a.w = 0
		panic(abort{})
	}
	exp := a.t.Obs[a.idx]
	if !v.Equal(exp) && !a.fix(s, &v, exp) {
		a.w = 0
		panic(abort{})
	}
	if exp.Kind == engine.EvPlay && exp.As == engine.Hound {
		a.houndDone(s, exp)
	}
	a.idx++
	if !a.closed && a.idx == len(a.t.Obs) {
		a.got = s.Clone()
		if PassesAmongOthers(exp, a.t.Seat) {
			a.after = true // see above: the play's swap comes next
			return
		}
		panic(abort{})
	}
}

// PassesAmongOthers reports whether play e passes cards between hands
// none of which is the seat's (a Cad, a Socialite or an Invalid naming
// other players, or the Swain's choice of another player): the seat sees
// no line of those passes.
func PassesAmongOthers(e engine.Event, seat int) bool {
	if e.Kind == engine.EvChosen {
		return e.P != seat && e.Q != seat // the Swain's take follows
	}
	if e.Kind != engine.EvPlay || e.P == seat || e.Q == seat || e.R == seat {
		return false
	}
	switch e.As {
	case engine.Cad, engine.Socialite, engine.Invalid:
		return true
	}
	return false
}

// enumerate replays the open turn from s along every path of choices; it
// returns the total probability of the paths that match the seat's lines
// (to their end when closed, or up to the last line) and a state drawn
// among them in proportion.
func (t *Tracker) enumerate(s0 *engine.State, closed bool, rng *rand.Rand) (float64, *engine.State) {
	w, _, s := t.enumerateAhead(s0, closed, rng, nil)
	return w, s
}

// enumerateAhead is enumerate with a look ahead (ahead.go): when closed
// and fits is not nil, only the paths whose end state fits count towards
// the weight and the state drawn; free is the weight of every path that
// matches the lines, fitting or not.
func (t *Tracker) enumerateAhead(s0 *engine.State, closed bool, rng *rand.Rand, fits func(*engine.State) bool) (w, free float64, s *engine.State) {
	if !closed && len(t.Obs) == 0 {
		return 1, 1, s0
	}
	if s0.Over() {
		return 0, 0, nil
	}
	seed := rng.Uint64()
	a := &enumAgent{t: t, closed: closed}
	total := 0.0
	var pick *engine.State
	for {
		a.depth, a.w, a.idx, a.got, a.after = 0, 1, 0, nil, false
		a.hound, a.houndVirgin, a.houndWas = false, nil, nil
		a.rng = rand.New(rand.NewPCG(seed, 7))
		t.Runs++
		s := s0.Clone()
		func() {
			defer func() {
				if r := recover(); r != nil {
					if _, ok := r.(abort); !ok {
						panic(r)
					}
				}
			}()
			t.run(s, a)
		}()
		var got *engine.State
		switch {
		case !closed && a.got != nil:
			got = a.got
		case closed && a.w > 0 && a.idx == len(t.Obs):
			got = s
		}
		if got != nil && a.w > 0 {
			free += a.w
			if fits == nil || fits(got) {
				total += a.w
				if rng.Float64()*total < a.w {
					pick = got
				}
			} else {
				t.Cut++
			}
		}
		// The next path: the deepest choice with an option left.
		a.path, a.ns = a.path[:a.depth], a.ns[:a.depth]
		for len(a.path) > 0 && a.path[len(a.path)-1]+1 >= a.ns[len(a.ns)-1] {
			a.path, a.ns = a.path[:len(a.path)-1], a.ns[:len(a.ns)-1]
		}
		if len(a.path) == 0 {
			break
		}
		a.path[len(a.path)-1]++
	}
	return total, free, pick
}
