package theresbeenamurder

import (
	"math/rand/v2"
	"slices"
)

// Interchangeable cards. No rule reads the identity of a card outside the
// special ones below except to say whether it is an Action card (every
// other card is) or above 5 (every other card is): the Murderer,
// Detective, Confidant, Stranger, Imposter, Witness, Monkey, Drunk,
// Socialite and Nun (what may be played), the Blackmailer and the
// Aristocrat. So the other cards that no line of the seat has named yet
// ("soft" cards) are interchangeable: every permutation of their
// identities over their places is equally likely in every history. When a
// line names a soft card for the first time, the tracker relabels instead
// of hoping: the place the line reads must hold a soft card, the named
// card is swapped with it, and the history's weight is multiplied by the
// number of soft cards the line could have named there (times 1/(number
// of soft cards), the same for every history, left out).

// cardSet is a set of cards as bits.
type cardSet uint32

func (m cardSet) has(c Card) bool { return c > 0 && m&(1<<c) != 0 }
func (m *cardSet) add(c Card) {
	if c > 0 {
		*m |= 1 << c
	}
}

// special are the cards whose identity some rule reads.
var special = func() cardSet {
	var m cardSet
	for _, c := range []Card{Murderer, Detective, Confidant, Stranger, Imposter, Witness, Monkey, Drunk,
		Socialite, Nun, Blackmailer, Aristocrat} {
		m.add(c)
	}
	return m
}()

// mentions adds the cards event e names to m.
func mentions(m *cardSet, e Event) {
	m.add(e.Card)
	m.add(e.Arg)
	for _, c := range e.Cards {
		m.add(c)
	}
}

// swapCards exchanges the identities of cards x and y wherever they are.
func (s *State) swapCards(x, y Card) {
	if x == y {
		return
	}
	sw := func(cs []Card) {
		for i, c := range cs {
			switch c {
			case x:
				cs[i] = y
			case y:
				cs[i] = x
			}
		}
	}
	for _, h := range s.Hands {
		sw(h)
	}
	sw(s.Deck)
	sw(s.Discard)
	sw(s.Removed)
}

// placed says whether card c lies somewhere in s: a hand, the deck, the
// pile or the removed cards. The card of a play that is being carried out
// lies nowhere until the play ends; relabelling it (swapCards) would leave
// two cards of one name.
func (s *State) placed(c Card) bool {
	if slices.Contains(s.Deck, c) || slices.Contains(s.Discard, c) || slices.Contains(s.Removed, c) {
		return true
	}
	for _, h := range s.Hands {
		if slices.Contains(h, c) {
			return true
		}
	}
	return false
}

// softIn are the soft cards among cs.
func softIn(cs []Card, soft cardSet) []Card {
	var out []Card
	for _, c := range cs {
		if soft.has(c) {
			out = append(out, c)
		}
	}
	return out
}

// relabel maps soft cards got (in this history) to the soft cards want
// (named by a line), pairwise, keeping the permutation of soft cards a
// permutation.
func (s *State) relabel(got, want []Card) {
	got = slices.Clone(got)
	for i, w := range want {
		g := got[i]
		s.swapCards(g, w)
		for j := i + 1; j < len(got); j++ {
			if got[j] == w {
				got[j] = g
			}
		}
	}
}

// redrawVirgin is refreshVirgin (deck.go) drawn faster, with the same
// law: uniform among the arrangements of the set-up group and the virgin
// hands that the rules allow. A uniformly random arrangement kept when
// allowed is that law; only the places of the Murderer, the Detective,
// the Drunk and the Blackmailer decide whether it is allowed, so those
// are drawn first (distinct slots, uniformly) and checked, and the other
// cards are shuffled over the other slots once they pass. The cards of
// s.offHands (a Hound's answer: no virgin hand holds them) may not lie in
// a virgin hand either. It reports
// false (leaving s as it was) when 400 draws find no allowed one.
func (s *State) redrawVirgin(rng *rand.Rand) bool {
	slots := s.virginSlots()
	n := len(slots)
	cards := make([]Card, n)
	for i, sl := range slots {
		cards[i] = s.vat(sl)
	}
	keys := make([]int, 0, 8) // indices into cards of the cards whose place matters
	for i, c := range cards {
		switch {
		case c == Murderer, c == Detective, c == Drunk, c == Blackmailer, s.offHands.has(c):
			keys = append(keys, i)
		}
	}
	at := make([]int, len(keys)) // the slot index drawn for each key card
	for range 400 {
		good := true
		for k, ki := range keys {
			j := rng.IntN(n)
			for slices.Contains(at[:k], j) {
				j = rng.IntN(n)
			}
			at[k] = j
			if !s.vallows(slots[j], cards[ki]) || slots[j] >= 1000 && s.offHands.has(cards[ki]) {
				good = false
				break
			}
		}
		if !good {
			continue
		}
		// The Blackmailer beside the Detective in a virgin hand would
		// have been revealed.
		bi, di := -1, -1
		for k, ki := range keys {
			switch cards[ki] {
			case Blackmailer:
				bi = slots[at[k]]
			case Detective:
				di = slots[at[k]]
			}
		}
		if bi >= 1000 && di >= 1000 && (bi-1000)/2 == (di-1000)/2 {
			continue
		}
		taken := make([]bool, n)
		for k, ki := range keys {
			s.vset(slots[at[k]], cards[ki])
			taken[at[k]] = true
		}
		rest := make([]Card, 0, n)
		for i, c := range cards {
			if !slices.Contains(keys, i) {
				rest = append(rest, c)
			}
		}
		rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
		r := 0
		for i, sl := range slots {
			if !taken[i] {
				s.vset(sl, rest[r])
				r++
			}
		}
		return true
	}
	return false
}
