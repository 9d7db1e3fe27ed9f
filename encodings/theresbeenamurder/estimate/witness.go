package estimate

import (
	"math/rand/v2"
	"slices"

	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/certain"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
)

// Witnesses. Every accepted line is one the SAT layer found a world for
// (a history of every card's place at every time point that satisfies
// every line in force: package certain), so a history consistent with the lines
// always exists, even when the sampler has lost every one it drew and
// its replays (recoverAhead, rescue, recover) find none within their
// budget. The last resort rebuilds the particles from such worlds.
//
// The worlds are drawn diversified: the last check's world, then worlds
// made from it without the solver with one card pinned at a random place
// at the rebuild's time point (the sheet's own construction, quick), then
// two cards' whole histories traded (the swapper's); each is checked
// against every line in force before it counts. The rebuild's time point
// is the open turn's start, or a closed turn's start before it (see
// fromWitnesses). Each world's places there are put on a particle of
// that moment (its public state, whose turn, the pile, the sizes, is the
// lines'): card identities are traded until every card is where the
// world has it (transplant). Each world gives n/W particles, which then
// replay the lines since that moment, each with its own random draws,
// and are weighed by them as every particle is.
//
// What the figures then rest on is said honestly: the particles of one
// world are one group (honest.go), so the figures count W independent
// histories at most, and with few worlds the sheet's figures are drawn
// toward even odds and their errors are wide (a world found by a solver
// is not a draw of the posterior: it is only known to be possible). The
// turns that follow resample and move them as usual; csmc leaves them
// (their history starts at the rebuild), and moves that start from a
// fresh deal may replace them.

// WitnessWorlds is how many worlds a rebuild from witnesses draws (at
// most; fewer when the lines allow fewer).
const WitnessWorlds = 16

// WitnessFunc gives up to m worlds of every line in force, as each card's
// place at time point t (by card, -1 for a card not in the game; the
// places are the encoding's: the hands, then PlTop, PlRest, PlRemoved,
// PlPile of package certain), distinct at t.
type WitnessFunc func(t, m int, rng *rand.Rand) [][]int

// placeOf is where card c lies in s, in the encoding's places (-1 when
// nowhere: a card not in the game).
func placeOf(s *engine.State, c engine.Card, n int) int {
	if p := s.HolderOf(c); p >= 0 {
		return p
	}
	if i := indexOf(s.Deck, c); i >= 0 {
		if i == 0 {
			return n + certain.PlTop
		}
		return n + certain.PlRest
	}
	switch {
	case engine.Has(s.Discard, c):
		return n + certain.PlPile
	case engine.Has(s.Removed, c):
		return n + certain.PlRemoved
	}
	return -1
}

// transplant is base with its cards' identities traded until every card
// is at the place want gives it (see WitnessFunc), every hand then read
// (not virgin); false when the places' sizes differ from base's.
func transplant(base *engine.State, want []int) (*engine.State, bool) {
	s := base.Clone()
	before := slices.Clone(s.Deck)
	n := s.Cfg.Players
	cur := make([]int, engine.NumCards+1)
	for c := range cur {
		cur[c] = placeOf(s, engine.Card(c), n)
	}
	for _, c := range s.Cfg.Cards {
		if want[c] < 0 {
			return nil, false
		}
		if cur[c] == want[c] {
			continue
		}
		d := engine.Card(0)
		for _, e := range s.Cfg.Cards {
			if cur[e] == want[c] && cur[e] != want[e] {
				d = e
				break
			}
		}
		if d == 0 {
			return nil, false
		}
		swapCards(s, c, d)
		cur[c], cur[d] = cur[d], cur[c]
	}
	// Group 0 keeps the Murderer in a top-part position and the Detective
	// in a bottom-part one (package engine's deck.go): a card of the rest at a position its
	// group does not allow trades positions with one that does.
	for i, c := range s.Deck {
		if s.Grp[i] != 0 || allows(s, i, c) {
			continue
		}
		fixed := false
		for j := 1; j < len(s.Deck) && i > 0; j++ {
			if j != i && s.Grp[j] == 0 && allows(s, j, c) && allows(s, i, s.Deck[j]) {
				s.Deck[i], s.Deck[j] = s.Deck[j], c
				fixed = true
				break
			}
		}
		if !fixed {
			s.Grp[i] = -1 // the card stays where the world has it
			before[i] = c
		}
	}
	// The deck's positions not of group 0 whose card the trades changed
	// form one new group: a known position (-1) now holds another card,
	// whose place in the deck's order the world does not tell.
	g := s.Shuffles + 1
	used := false
	for i, c := range s.Deck {
		if s.Grp[i] == 0 || s.Grp[i] < 0 && c == before[i] {
			continue
		}
		s.Grp[i] = g
		used = true
	}
	if used {
		s.Shuffles = g
	}
	for p := range s.Virgin {
		s.Virgin[p] = false
	}
	return s, true
}

// WitnessTries is how many rebuilds from witnesses an update tries
// (each with other worlds and other random draws), before the estimates
// stop.
const WitnessTries = 8

// fromWitnesses rebuilds the particles from worlds of the lines (see
// above) and reports whether they fit the open turn's lines (to its end
// when closing, which then closes it). It rebuilds first at the open
// turn's start, then at the start of the closed turns 1, 2, 4, ... back,
// replaying those turns: the SAT layer reads the rules at the turns' ends
// (a card drawn in a turn beside the Blackmailer, for one, is read only
// there), so a world may be one the rules do not allow within the open
// turn, which the replay of the turns before it, with their own random
// draws, gets round. The tracker is left as it was when none fits.
func (t *Tracker) fromWitnesses(closing bool) bool {
	if t.Wit == nil || WitnessTest.Off {
		return false
	}
	T := len(t.Hist)
	lag := 0
	for try := range WitnessTries {
		cp := T - lag
		if cp < 0 {
			break
		}
		if t.witnessFrom(cp, closing, try) {
			return true
		}
		if try%2 == 1 {
			lag = max(1, 2*lag)
		}
	}
	return false
}

// witnessFrom is one rebuild at the start of closed turn cp (the open
// turn when cp is len(hist)): worlds' places at cp put on the particles
// there, then the turns from cp on replayed.
func (t *Tracker) witnessFrom(cp int, closing bool, try int) bool {
	T := len(t.Hist)
	start := Checkpoint{parts: t.Parts, Hard: t.Hard, turns: t.turns}
	if cp < T {
		start = t.Hist[cp]
	}
	if len(start.parts) == 0 {
		return false
	}
	rng := rand.New(rand.NewPCG(t.seed^0x77a1c0de, uint64(cp)<<20|uint64(len(t.Obs))|uint64(t.Recovered)<<40|uint64(try)<<52))
	ws := t.Wit(cp, WitnessWorlds, rng)
	if len(ws) == 0 {
		return false
	}
	base := start.parts[0].S
	per := max(1, t.N/len(ws))
	var parts []particle
	for _, w := range ws {
		s, ok := transplant(base, w)
		if !ok {
			continue
		}
		a := &anc{s: s, W: 1, at: cp}
		for range per {
			parts = append(parts, particle{S: s, w: 1, A: a})
		}
	}
	t.Witnessed++
	if len(parts) == 0 {
		return false
	}
	u := t.Clone()
	u.Stop, u.look = nil, nil
	u.seed = t.seed*0x9e3779b97f4a7c15 + uint64(try)<<8 + uint64(cp) + 5
	u.Hist = slices.Clip(t.Hist[:cp])
	u.Parts = parts
	u.Hard, u.turns = start.Hard, start.turns
	for _, h := range t.Hist[cp:] {
		u.Obs = h.Obs
		if !u.step() {
			return false
		}
	}
	u.Obs = slices.Clone(t.Obs)
	if closing {
		if !u.step() {
			return false
		}
		u.Obs = nil
	}
	if !u.reweigh() {
		return false
	}
	u.Recovered = t.Recovered + 1
	*t = *u
	return true
}

// WitnessTest are the tests' settings: only skips the replays that come
// before the rebuild from witnesses (recoverAhead, rescue, recover), so
// that every time the particles die the witnesses alone rebuild them;
// off turns the rebuild from witnesses off, for the tests of what comes
// before it and of a stopped tracker.
var WitnessTest struct {
	Only, Off bool
}
