package estimate

import (
	"math/rand/v2"
	"slices"
	"sync"

	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
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

// Special are the cards whose identity some rule reads.
var Special = func() engine.CardSet {
	var m engine.CardSet
	for _, c := range []engine.Card{engine.Murderer, engine.Detective, engine.Confidant, engine.Stranger, engine.Imposter, engine.Witness, engine.Monkey, engine.Drunk,
		engine.Socialite, engine.Nun, engine.Blackmailer, engine.Aristocrat} {
		m.Add(c)
	}
	return m
}()

// Mentions adds the cards event e names to m.
func Mentions(m *engine.CardSet, e engine.Event) {
	m.Add(e.Card)
	m.Add(e.Arg)
	for _, c := range e.Cards {
		m.Add(c)
	}
}

// swapCards exchanges the identities of cards x and y wherever they are.
func swapCards(s *engine.State, x, y engine.Card) {
	if x == y {
		return
	}
	sw := func(cs []engine.Card) {
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
func placed(s *engine.State, c engine.Card) bool {
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
func softIn(cs []engine.Card, soft engine.CardSet) []engine.Card {
	var out []engine.Card
	for _, c := range cs {
		if soft.Has(c) {
			out = append(out, c)
		}
	}
	return out
}

// relabel maps soft cards got (in this history) to the soft cards want
// (named by a line), pairwise, keeping the permutation of soft cards a
// permutation.
func relabel(s *engine.State, got, want []engine.Card) {
	got = slices.Clone(got)
	for i, w := range want {
		g := got[i]
		swapCards(s, g, w)
		for j := i + 1; j < len(got); j++ {
			if got[j] == w {
				got[j] = g
			}
		}
	}
}

// redrawVirgin is refreshVirgin (deckgroups.go) drawn faster, with the same
// law: uniform among the arrangements of the set-up group and the virgin
// hands that the rules allow. A uniformly random arrangement kept when
// allowed is that law; only the places of the Murderer, the Detective,
// the Drunk and the Blackmailer decide whether it is allowed, so those
// are drawn first (distinct slots, uniformly) and checked, and the other
// cards are shuffled over the other slots once they pass. The cards of
// s.offHands (a Hound's answer: no virgin hand holds them) may not lie in
// a virgin hand either. It reports
// false (leaving s as it was) when 400 draws find no allowed one.
func redrawVirgin(s *engine.State, rng *rand.Rand) bool {
	d := newVirginDraw(s)
	defer d.release()
	if !d.placeKeys(rng) {
		return false
	}
	d.finish(nil, nil, rng)
	return true
}

// virginDraw is one redraw of the set-up group and the virgin hands
// (redrawVirgin's law) made in steps, so that a hand can be read before
// the rest is drawn: the key cards' slots first (placeKeys: the
// Murderer, the Detective, the Drunk, the Blackmailer and the cards off
// the virgin hands, the only ones whose places the rules restrict), then
// one hand's other cards (fillHand: an ordered pair of the other cards
// drawn without replacement, which is the law of those two slots under a
// uniform shuffle of the other cards over the free slots), then the rest
// (finish: the cards left shuffled over the slots left). The slots and
// the cards do not change from one redraw to the next (a redraw permutes
// the same cards over the same slots), so they are read once.
type virginDraw struct {
	s     *engine.State
	slots []int         // the virgin slots (virginSlots)
	cards []engine.Card // the cards on them (a multiset)
	keys  []int         // indices into cards of the key cards
	rest  []engine.Card // the other cards
	at    []int         // the slot index (into slots) drawn for each key
	// Scratch of finishFixed, kept with the draw.
	taken, used []bool
	left        []engine.Card
}

// virginDraws keeps released draws for reuse: a tracker makes a draw for
// every redraw of every particle, and most of a draw is its slices.
var virginDraws = sync.Pool{New: func() any { return new(virginDraw) }}

// newVirginDraw reads s's virgin slots and their cards, into a draw taken
// from virginDraws; release gives it back once the caller is done with it
// and its slices.
func newVirginDraw(s *engine.State) *virginDraw {
	d := virginDraws.Get().(*virginDraw)
	d.s = s
	d.slots = appendVirginSlots(s, d.slots[:0])
	d.cards = slices.Grow(d.cards[:0], len(d.slots))[:len(d.slots)]
	d.keys, d.rest = d.keys[:0], d.rest[:0]
	for i, sl := range d.slots {
		d.cards[i] = vat(s, sl)
	}
	for i, c := range d.cards {
		switch {
		case c == engine.Murderer, c == engine.Detective, c == engine.Drunk, c == engine.Blackmailer, s.OffHands.Has(c):
			d.keys = append(d.keys, i)
		default:
			d.rest = append(d.rest, c)
		}
	}
	d.at = slices.Grow(d.at[:0], len(d.keys))[:len(d.keys)]
	return d
}

// release gives d back to virginDraws.
func (d *virginDraw) release() {
	d.s = nil
	virginDraws.Put(d)
}

// placeKeys draws the key cards' slots, distinct and uniform, until the
// rules allow them (at most 400 draws; false when none is allowed).
func (d *virginDraw) placeKeys(rng *rand.Rand) bool {
	s, slots, n := d.s, d.slots, len(d.slots)
	for range 400 {
		good := true
		for k, ki := range d.keys {
			j := rng.IntN(n)
			for slices.Contains(d.at[:k], j) {
				j = rng.IntN(n)
			}
			d.at[k] = j
			if !vallows(s, slots[j], d.cards[ki]) || slots[j] >= 1000 && s.OffHands.Has(d.cards[ki]) {
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
		for k, ki := range d.keys {
			switch d.cards[ki] {
			case engine.Blackmailer:
				bi = slots[d.at[k]]
			case engine.Detective:
				di = slots[d.at[k]]
			}
		}
		if bi >= 1000 && di >= 1000 && (bi-1000)/2 == (di-1000)/2 {
			continue
		}
		return true
	}
	return false
}

// keyAt is the key card drawn at slot index i, 0 when none is.
func (d *virginDraw) keyAt(i int) engine.Card {
	for k, j := range d.at {
		if j == i {
			return d.cards[d.keys[k]]
		}
	}
	return 0
}

// fillHands draws, after placeKeys, the cards of the virgin players ps's
// hand slots that no key card took: fill[2i+k] is the index into rest of
// the card of ps[i]'s slot k (-1 when a key took it), distinct and
// uniform (a partial shuffle of perm, the indices into rest); hands are
// the hands they make.
func (d *virginDraw) fillHands(ps []int, fill []int, hands [][2]engine.Card, perm []int, rng *rand.Rand) {
	for j := range perm {
		perm[j] = j
	}
	m := 0
	for i, p := range ps {
		for k := range 2 {
			if c := d.keyAt(slices.Index(d.slots, handSlot(p, k))); c != 0 {
				hands[i][k], fill[2*i+k] = c, -1
				continue
			}
			r := m + rng.IntN(len(perm)-m)
			perm[m], perm[r] = perm[r], perm[m]
			fill[2*i+k] = perm[m]
			hands[i][k] = d.rest[perm[m]]
			m++
		}
	}
}

// finish writes the drawn arrangement into s: the key cards where
// placeKeys put them, the hand slots of ps from fill (see fillHands), and
// the other cards shuffled over the other slots.
func (d *virginDraw) finish(ps []int, fill []int, rng *rand.Rand) {
	var fixed [][2]int
	for i, p := range ps {
		for k := range 2 {
			if j := fill[2*i+k]; j >= 0 {
				fixed = append(fixed, [2]int{slices.Index(d.slots, handSlot(p, k)), j})
			}
		}
	}
	d.finishFixed(fixed, rng)
}

// finishFixed is finish with the cards drawn besides the keys given as
// pairs (index into slots, index into rest).
func (d *virginDraw) finishFixed(fixed [][2]int, rng *rand.Rand) {
	s, slots, n := d.s, d.slots, len(d.slots)
	d.taken = slices.Grow(d.taken[:0], n)[:n]
	taken := d.taken
	clear(taken)
	for k, ki := range d.keys {
		vset(s, slots[d.at[k]], d.cards[ki])
		taken[d.at[k]] = true
	}
	d.used = slices.Grow(d.used[:0], len(d.rest))[:len(d.rest)]
	used := d.used
	clear(used)
	for _, f := range fixed {
		vset(s, slots[f[0]], d.rest[f[1]])
		taken[f[0]], used[f[1]] = true, true
	}
	rest := d.left[:0]
	for j, c := range d.rest {
		if !used[j] {
			rest = append(rest, c)
		}
	}
	d.left = rest
	rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	r := 0
	for i, sl := range slots {
		if !taken[i] {
			vset(s, sl, rest[r])
			r++
		}
	}
}

// tryHands is tryUntil (replayhands.go) for a test of the virgin players ps's
// hands: each of the n redraws draws only the key cards' slots and those
// hands (virginDraw), and the rest of the redraw kept is drawn once at the
// end. Each redraw has redrawVirgin's law, so the share of redraws that
// pass ok is the same unbiased estimate of the chance that the hands pass
// it, at a fraction of the cost; it multiplies the weight (w), and one
// such redraw, drawn uniformly, is kept. It reports false (s unchanged)
// when none passes.
func tryHands(s *engine.State, ps []int, n int, ok func(hands [][2]engine.Card) bool, w *float64, rng *rand.Rand) bool {
	d := newVirginDraw(s)
	defer d.release()
	fill := make([]int, 2*len(ps))
	hands := make([][2]engine.Card, len(ps))
	perm := make([]int, len(d.rest))
	keepAt := make([]int, len(d.at))
	keepFill := make([]int, len(fill))
	hits := 0
	for range n {
		if !d.placeKeys(rng) {
			continue
		}
		d.fillHands(ps, fill, hands, perm, rng)
		if !ok(hands) {
			continue
		}
		hits++
		if rng.IntN(hits) == 0 {
			copy(keepAt, d.at)
			copy(keepFill, fill)
		}
	}
	if hits == 0 {
		return false
	}
	*w *= float64(hits) / float64(n)
	copy(d.at, keepAt)
	d.finish(ps, keepFill, rng)
	return true
}

// tryDeck is the redraws that condition deck position i, of the set-up
// group, on card want while hands are virgin (Look, replaydeck.go): n redraws
// of the set-up group and the virgin hands (redrawVirgin's law), each
// weighing the chance that position i holds want given the redraw
// (chance: 0 unless want lies in the set-up group; else it depends only
// on whether the Murderer and the Detective lie there too). The mean of
// those chances is an unbiased estimate of the chance of want at i; one
// redraw is kept in proportion to its chance, and the weight (w) is
// multiplied by the mean over that kept redraw's chance, which the
// conditioning then multiplies back (condition). A redraw draws only the
// key cards' slots and want's (uniform among the slots the keys left,
// when want is not a key card), and only the redraw kept is completed:
// the same law as whole redraws, at a fraction of the cost. It reports
// false (s unchanged) when no redraw gives want a chance there.
func tryDeck(s *engine.State, i int, want engine.Card, n int, w *float64, rng *rand.Rand) bool {
	// The set-up group's shape (chance, deckgroups.go): its top-part and other
	// deck positions and its removed slots.
	t, b, r := groupShape(s, virginSlots(s))
	sum, ok := tryCard(s, want, n, func(sl int, m, d int) float64 {
		if sl >= 1000 {
			return 0 // in a hand, not in the set-up group
		}
		return groupChance(s.Top[i], want, t, b, r, m, d)
	}, rng)
	if !ok {
		return false
	}
	*w *= sum / float64(n) / chance(s, i, want)
	return true
}

// tryInDeck conditions the set-up group and the virgin hands on card c
// lying in the deck, when c is among them (another player's Secretary
// picks it from the deck: Look, replaydeck.go): n redraws (redrawVirgin's
// law); the share of them with c in the deck, an unbiased estimate of
// that chance, multiplies the weight (w), and one of them is kept. It
// reports false when none has c in the deck, and true (s unchanged) when
// c is not among the redrawn cards.
func tryInDeck(s *engine.State, c engine.Card, n int, w *float64, rng *rand.Rand) bool {
	if !slices.Contains(s.Removed, c) && !slices.Contains(s.Deck, c) && !inVirginHand(s, c) {
		return true
	}
	if i := slices.Index(s.Deck, c); i >= 0 && s.Grp[i] != 0 {
		return true
	}
	sum, ok := tryCard(s, c, n, func(sl int, _, _ int) float64 {
		if sl >= 0 && sl < 1000 {
			return 1
		}
		return 0
	}, rng)
	if ok {
		*w *= sum / float64(n)
	}
	return ok
}

// inVirginHand reports whether c is in a virgin hand.
func inVirginHand(s *engine.State, c engine.Card) bool {
	for p, v := range s.Virgin {
		if v && slices.Contains(s.Hands[p], c) {
			return true
		}
	}
	return false
}

// tryCard makes n redraws of the set-up group and the virgin hands
// (redrawVirgin's law), drawing of each only the key cards' slots and
// want's (uniform among the slots the keys left, when want is not a key
// card), and weighs each by q of want's slot and of whether the Murderer
// and the Detective (m, d: 1 or 0) lie in the set-up group; it keeps one
// redraw in proportion to q, completes it (the other cards shuffled over
// the other slots) and returns the sum of the q. It reports false (s
// unchanged) when every q is 0 or want is not among the redrawn cards.
func tryCard(s *engine.State, want engine.Card, n int, q func(slot, m, d int) float64, rng *rand.Rand) (float64, bool) {
	d := newVirginDraw(s)
	defer d.release()
	key := -1 // want's index in keys, or -1
	ri := -1  // want's index in rest
	for k, ki := range d.keys {
		if d.cards[ki] == want {
			key = k
		}
	}
	if key < 0 {
		if ri = slices.Index(d.rest, want); ri < 0 {
			return 0, false
		}
	}
	inGroup := func(x int) bool { return d.slots[x] < 1000 }
	sum := 0.0
	keepAt := make([]int, len(d.at))
	keepX := -1
	for range n {
		if !d.placeKeys(rng) {
			continue
		}
		x := -1 // want's slot index
		if key >= 0 {
			x = d.at[key]
		} else {
			for x < 0 || slices.Contains(d.at, x) {
				x = rng.IntN(len(d.slots))
			}
		}
		m, dt := 0, 0
		for k, ki := range d.keys {
			switch d.cards[ki] {
			case engine.Murderer:
				if inGroup(d.at[k]) {
					m = 1
				}
			case engine.Detective:
				if inGroup(d.at[k]) {
					dt = 1
				}
			}
		}
		v := q(d.slots[x], m, dt)
		if v <= 0 {
			continue
		}
		sum += v
		if rng.Float64()*sum < v {
			copy(keepAt, d.at)
			keepX = x
		}
	}
	if keepX < 0 {
		return 0, false
	}
	copy(d.at, keepAt)
	var fixed [][2]int
	if key < 0 {
		fixed = [][2]int{{keepX, ri}}
	}
	d.finishFixed(fixed, rng)
	return sum, true
}
