package murderbythedeck

import (
	"context"
	"errors"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// The columns of the sheet after the four players: where a card may be.
const (
	colPile = Players + iota
	colDown
	colUsed
	numCols
)

// Samples is the number of worlds the tracker draws first for its
// estimates; it draws more (as many as the standard errors so far say are
// needed: [moreWorlds]) until every shown standard error is
// at most TargetSE or its budget is spent: MaxSamples worlds
// ([Game.SetMaxSamples]), or a time ([Game.SetBudget]; none by default,
// so that the same lines always give the same figures).
const Samples = 240

// MaxSamples is the default bound on the worlds of one estimate: enough
// for an even chance at TargetSE when the worlds' weights are uneven
// enough to leave a twelfth of them effective (as in long rounds under
// `rule discard keepdeath`).
const MaxSamples = 7680

// TargetSE is the standard error the tracker samples down to when its
// time budget allows: two percentage points.
const TargetSE = 0.02

// roughSize is the effective sample size below which an estimate is marked
// rough: its standard error is then itself unreliable (the delta method
// needs many effective samples).
const roughSize = 30

// Estimate is the tracker's estimate of the posterior under the model of
// docs/rules. At the opening (no line but the seat's hand and draws of
// others) it is exact: every unseen card is equally likely in every unseen
// place (Exact, standard errors 0). Otherwise it is an importance-sampling
// estimate: N worlds drawn exactly uniformly among those consistent with
// the lines (the solver's counter), world i weighted by the exact
// likelihood of the other players' observed choices in it under the
// model of choices ([Game.SetChoices]; integers over a common
// denominator). Cards that neither the lines nor the rules tell
// apart are interchangeable, and their places are averaged over their
// class in each world, so they show the same value. Every probability is
// an exact fraction of the estimator; its SE is the standard error (the
// delta method for a ratio).
type Estimate struct {
	N     int
	Exact bool
	ESS   float64 // effective sample size, (sum w)^2 / sum w^2
	// Class[c] is the number of cards interchangeable with c (c included).
	Class   [NumCards]int
	loc     [NumCards][numCols]*big.Rat
	spade   [Players]*big.Rat
	risk    *big.Rat
	RiskDen int // the cards the next card drawn comes from; 0 when none
	locSE   [NumCards][numCols]float64
	spadeSE [Players]float64
	noneSE  float64 // of 1 - the sum of SpadeP over the living players
	riskSE  float64
	locN    [NumCards][numCols]float64 // effective sizes of the cells
	spadeN  [Players]float64
}

// LocP is the estimated probability that card c is in column col.
func (e *Estimate) LocP(c Card, col int) *big.Rat { return e.loc[c][col] }

// SpadeP is the estimated probability that player p is the murderer.
func (e *Estimate) SpadeP(p int) *big.Rat { return e.spade[p] }

// NobodyP is the estimated probability that no living player is the
// murderer yet (the identity card is in the draw pile), under the readings
// of one murderer: one less the chances of the living players. Under
// `rule murderer high` (several murderers) it is nil.
func (e *Estimate) NobodyP(alive [Players]bool, rules Rules) *big.Rat {
	if rules.Murderer == MurdererHigh {
		return nil
	}
	r := big.NewRat(1, 1)
	for p := range Players {
		if alive[p] {
			r.Sub(r, e.spade[p])
		}
	}
	return r
}

// NobodySE is the standard error of [Estimate.NobodyP].
func (e *Estimate) NobodySE() float64 { return e.noneSE }

// RiskP is the estimated probability that the next card drawn is a death
// card.
func (e *Estimate) RiskP() *big.Rat { return e.risk }

// LocRough reports whether the estimate of card c in column col rests on
// too few effective samples to trust its standard error.
func (e *Estimate) LocRough(c Card, col int) bool {
	return !e.Exact && (e.ESS < roughSize || e.locN[c][col] < roughSize)
}

// SpadeRough is LocRough for the chance that p is the murderer.
func (e *Estimate) SpadeRough(p int) bool {
	return !e.Exact && (e.ESS < roughSize || e.spadeN[p] < roughSize)
}

// sample is one world replayed.
type sample struct {
	den   *big.Int // the world's weight is 1/den
	loc   [NumCards]int8
	spade [Players]bool
	risk  int // death cards among the next pile's cards
}

// holderSlots is, for each holder of the model, the slot (draw) it is, or
// -1: what replay reads a world with.
func (s *state) holderSlots() []int {
	out := make([]int, len(s.holders))
	for h := range out {
		out[h] = -1
	}
	for k, sl := range s.slots {
		out[sl.holder] = k
	}
	return out
}

// replay plays the lines over world w (holderSlot from holderSlots): the weight of the other players'
// choices, where each card is now, who is a Spade. ok is false when the
// world breaks a rule of play the constraints do not state (it then has
// no weight).
func (s *state) replay(w solver.World, holderSlot []int, choices Choices) (sample, bool) {
	smp := sample{den: big.NewInt(1)}
	slotCard := make([]Card, len(s.slots))
	for k := range slotCard {
		slotCard[k] = NoCard
	}
	var hands [Players][]Card
	for p := range hands {
		hands[p] = make([]Card, 0, HandSize+2)
	}
	for i, h := range w {
		cp := s.copies[i]
		if cp.epoch < 0 {
			continue
		}
		if int(h) < Players {
			hands[h] = append(hands[h], cp.card)
		} else if k := holderSlot[h]; k >= 0 {
			slotCard[k] = cp.card
		}
	}
	den := int64(1)
	flush := func() {
		if den > 1<<40 {
			smp.den.Mul(smp.den, big.NewInt(den))
			den = 1
		}
	}
	var drawn [Players]Card
	var drew [Players]CardSet
	remove := func(p int, c Card) bool {
		for i, x := range hands[p] {
			if x == c {
				hands[p] = append(hands[p][:i], hands[p][i+1:]...)
				return true
			}
		}
		return false
	}
	for _, t := range s.trace {
		switch t.kind {
		case Draw:
			if t.p != s.seat && t.alt > 0 {
				if _, full := fullFamily(hands[t.p]); full {
					den *= int64(1 + t.alt)
				}
			}
			hands[t.p] = append(hands[t.p], slotCard[t.slot])
			drawn[t.p] = slotCard[t.slot]
			drew[t.p] = drew[t.p].With(slotCard[t.slot])
		case Down, Lucky:
			remove(t.p, slotCard[t.slot])
			drawn[t.p] = NoCard
			drew[t.p] = drew[t.p].Without(slotCard[t.slot])
		case Discard:
			if t.p != s.seat {
				legal := s.rules.LegalDiscards(hands[t.p], drawn[t.p], drew[t.p])
				if !slices.Contains(legal, t.card) {
					return smp, false
				}
				if choices == ChoicesUniform {
					den *= int64(len(legal))
				}
			}
			drawn[t.p] = NoCard
			drew[t.p] = drew[t.p].Without(t.card)
			if !remove(t.p, t.card) {
				return smp, false
			}
		case Dead:
			hands[t.p] = nil
			drew[t.p] = 0
		}
		flush()
	}
	smp.den.Mul(smp.den, big.NewInt(den))
	for c := range smp.loc {
		smp.loc[c] = colPile
		if s.live[c] < 0 {
			smp.loc[c] = colUsed
		}
	}
	for _, k := range s.downSlots() {
		smp.loc[slotCard[k]] = colDown
	}
	for p := range Players {
		if !s.alive[p] {
			continue
		}
		for _, c := range hands[p] {
			smp.loc[c] = int8(p)
		}
		smp.spade[p] = s.rules.IsMurderer(hands[p])
	}
	if s.pile > 0 {
		for c := range smp.loc {
			if smp.loc[c] == colPile && Card(c).IsDeath() {
				smp.risk++
			}
		}
	}
	return smp, true
}

// downSlots are the slots whose card lies face down now: the pending death
// cards and the dead players'.
func (s *state) downSlots() []int {
	out := append([]int(nil), s.deadDown...)
	for _, k := range s.downSlot {
		if k >= 0 {
			out = append(out, k)
		}
	}
	return out
}

// classes gives every card the class of cards interchangeable with it: a
// card whose live copy no line's constraint names, in a class with the
// other such cards of the same pile generation that the rules treat alike
// (the family cards of one suit, the null cards, the kept Spades that make
// no murderer); every other card alone (the death cards, the identity
// card, a card on the return pile, a card some constraint names).
//
// Two such copies are interchangeable: swapping them in a world of the
// constraints gives a world of the constraints (no constraint names
// either, and both may lie in the same holders, those of their
// generation), and the replay weighs the two worlds alike (the rules read
// only the class of a card no line names). A card named in an earlier
// generation only (discarded, then shuffled back into the draw pile) is
// such a card again: its live copy is a new solver card.
func (s *state) classes() (key [NumCards]int) {
	named := make([]bool, len(s.copies))
	for _, o := range s.obs {
		for _, k := range o.cons {
			for _, t := range k.terms {
				named[t.l.copy] = true
			}
		}
	}
	if !poolByGeneration {
		// The classes of before: a card some line ever named is alone.
		for c := range Card(NumCards) {
			if s.named[c] && s.live[c] >= 0 {
				named[s.live[c]] = true
			}
		}
	}
	for c := range Card(NumCards) {
		cp := s.live[c]
		if cp < 0 || named[cp] || c.IsDeath() || (s.rules.IsID(c) && s.rules.Murderer != MurdererHigh) {
			key[c] = -1 - int(c)
			continue
		}
		gen := 100 * s.copies[cp].epoch
		switch {
		case s.rules.IsID(c):
			key[c] = gen + 61
		case keptIfDrawn(c):
			key[c] = gen + 60
		case c.IsSpade() && s.rules.Discard == DiscardNoSpade:
			key[c] = gen + 50
		case !c.IsFamily():
			key[c] = gen + 40
		default:
			key[c] = gen + c.Suit()
		}
	}
	return key
}

// poolByGeneration is set when classes pools the cards no constraint of
// their pile generation names; the tests clear it to compare with the
// classes of before (a card any line ever named alone).
var poolByGeneration = true

// opening reports whether the lines say nothing yet but the seat's hand and
// other players' draws: every unseen card is then equally likely in every
// unseen place, and the estimate is exact.
func (s *state) opening() bool {
	for _, t := range s.trace {
		if t.kind != Draw || t.p == s.seat {
			return false
		}
	}
	for _, o := range s.obs {
		if s.seat < 0 || len(o.cons) != len(s.seatHand) {
			return false
		}
	}
	return len(s.obs) <= 1
}

// exactOpening is the exact estimate of an opening.
func (s *state) exactOpening() *Estimate {
	e := &Estimate{Exact: true, N: 0}
	size := [numCols]int{}
	for p := range Players {
		if p != s.seat {
			size[p] = HandSize
		}
	}
	for _, sl := range s.slots {
		size[sl.player]++
	}
	size[colPile] = s.pile
	unseen := 0
	for col := range size {
		unseen += size[col]
	}
	for c := range Card(NumCards) {
		e.Class[c] = 1
		for col := range numCols {
			switch {
			case s.seat >= 0 && slices.Contains(s.seatHand, c):
				e.loc[c][col] = big.NewRat(int64(b2i(col == s.seat)), 1)
			default:
				e.loc[c][col] = big.NewRat(int64(size[col]), int64(unseen))
			}
		}
	}
	ids := 0
	deaths := 0
	for c := range Card(NumCards) {
		if s.seat >= 0 && slices.Contains(s.seatHand, c) {
			continue
		}
		if s.rules.IsID(c) {
			ids++
		}
		if c.IsDeath() {
			deaths++
		}
	}
	for p := range Players {
		if p == s.seat {
			e.spade[p] = big.NewRat(int64(b2i(s.rules.IsMurderer(s.seatHand))), 1)
			continue
		}
		// 1 - C(unseen-ids, n) / C(unseen, n)
		n := int64(size[p])
		none := new(big.Rat).SetFrac(new(big.Int).Binomial(int64(unseen-ids), n), new(big.Int).Binomial(int64(unseen), n))
		e.spade[p] = new(big.Rat).Sub(big.NewRat(1, 1), none)
	}
	e.RiskDen = s.pile
	e.risk = big.NewRat(int64(deaths), int64(unseen))
	e.ESS = math.Inf(1)
	return e
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// estimateWith draws worlds of counter's problem uniformly and weighs
// them: n, and more (as [moreWorlds] says, up to most) until every shown standard
// error is at most TargetSE or budget (when not 0) is spent.
func (s *state) estimateWith(ctx context.Context, counter *solver.Counter, n, most int, seed uint64, budget time.Duration, choices Choices) (*Estimate, error) {
	if s.opening() {
		return s.exactOpening(), nil
	}
	start := time.Now()
	rng := rand.New(rand.NewPCG(seed, 0x7472616b))
	key := s.classes()
	var members [NumCards][]Card // members of each card's class
	for c := range Card(NumCards) {
		for d := range Card(NumCards) {
			if key[d] == key[c] {
				members[c] = append(members[c], d)
			}
		}
	}
	holderSlot := s.holderSlots()
	var smps []sample
	for {
		for len(smps) < n {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			w, err := counter.Sample(ctx, rng)
			if err != nil {
				return nil, err
			}
			smp, ok := s.replay(w, holderSlot, choices)
			if !ok {
				return nil, errors.New("mbtd: internal error: a world of the constraints breaks a rule of play")
			}
			smps = append(smps, smp)
		}
		e := s.weigh(smps, &members, false)
		se := e.maxSE()
		if se <= TargetSE || (budget > 0 && time.Since(start) >= budget) || n >= most {
			return s.weigh(smps, &members, true), nil
		}
		n = min(moreWorlds(n, se), most)
	}
}

// moreWorlds is the number of worlds to draw when n worlds gave a largest
// standard error se above TargetSE: the number that brings it to TargetSE
// if it falls as one over the root of the worlds (n (se/TargetSE)^2), a
// tenth more for the noise of se itself, in steps of 40 worlds, at least
// 40 more and at most four times n.
func moreWorlds(n int, se float64) int {
	r := se / TargetSE
	want := int(math.Ceil(1.1 * float64(n) * r * r))
	want = (want + 39) / 40 * 40
	return min(max(want, n+40), 4*n)
}

// maxSE is the largest standard error of a figure the sheet shows.
func (e *Estimate) maxSE() float64 {
	m := max(e.riskSE, e.noneSE)
	for c := range e.locSE {
		for _, se := range e.locSE[c] {
			m = max(m, se)
		}
	}
	for _, se := range e.spadeSE {
		m = max(m, se)
	}
	return m
}

// weigh makes the estimate of the samples: the standard errors and
// effective sizes (float weights), and with exact set the exact fractions.
func (s *state) weigh(smps []sample, members *[NumCards][]Card, exact bool) *Estimate {
	e := &Estimate{N: len(smps)}
	for c := range e.Class {
		e.Class[c] = len(members[c])
	}
	// Float weights relative to the largest: w = 1/den.
	logw := make([]float64, len(smps))
	top := math.Inf(-1)
	for i, smp := range smps {
		logw[i] = -bigLog(smp.den)
		top = max(top, logw[i])
	}
	fw := make([]float64, len(smps))
	var sw, sw2 float64
	for i := range smps {
		fw[i] = math.Exp(logw[i] - top)
		sw += fw[i]
		sw2 += fw[i] * fw[i]
	}
	e.ESS = sw * sw / sw2
	// f(i) of a cell: the share of the card's class in the column. The
	// cards of a class share their figures: each class is weighed once, by
	// its first member (rep), from its counts in each world.
	var rep [NumCards]Card
	for c := range rep {
		rep[c] = members[c][0]
	}
	counts := make([][NumCards][numCols]uint8, len(smps))
	for i := range smps {
		for d := range Card(NumCards) {
			counts[i][rep[d]][smps[i].loc[d]]++
		}
	}
	frac := func(i int, c Card, col int) float64 {
		return float64(counts[i][c][col]) / float64(len(members[c]))
	}
	est := func(f func(i int) float64) (p, se, size float64) {
		for i := range smps {
			p += fw[i] * f(i)
		}
		p /= sw
		v := 0.0
		for i := range smps {
			d := f(i) - p
			v += fw[i] * fw[i] * d * d
		}
		se = math.Sqrt(v) / sw
		size = math.Inf(1)
		if se > 0 {
			size = p * (1 - p) / (se * se)
		}
		return p, se, size
	}
	for c := range Card(NumCards) {
		if rep[c] != c {
			e.locSE[c], e.locN[c] = e.locSE[rep[c]], e.locN[rep[c]]
			continue
		}
		for col := range numCols {
			_, e.locSE[c][col], e.locN[c][col] = est(func(i int) float64 { return frac(i, c, col) })
		}
	}
	for q := range Players {
		_, e.spadeSE[q], e.spadeN[q] = est(func(i int) float64 { return b2f(smps[i].spade[q]) })
	}
	if s.rules.Murderer != MurdererHigh {
		_, e.noneSE, _ = est(func(i int) float64 {
			none := 1.0
			for _, x := range smps[i].spade {
				none -= b2f(x)
			}
			return none
		})
	}
	e.RiskDen = s.pile
	fromUsed := s.pile == 0 && s.canDraw()
	if fromUsed {
		e.RiskDen = len(s.used)
	}
	if e.RiskDen > 0 && !fromUsed {
		_, e.riskSE, _ = est(func(i int) float64 { return float64(smps[i].risk) / float64(e.RiskDen) })
	}
	if !exact {
		return e
	}
	// The worlds grouped by weight (most worlds share a few weights): per
	// group, integer tallies of each class's cards in each column, of each
	// player a Spade and of the death cards in the pile.
	type group struct {
		den   *big.Int
		n     int64
		cells [NumCards][numCols]int64
		spade [Players]int64
		risk  int64
	}
	var groups []*group
	byDen := map[string]*group{}
	for i, smp := range smps {
		k := string(smp.den.Bytes())
		gr := byDen[k]
		if gr == nil {
			gr = &group{den: smp.den}
			byDen[k] = gr
			groups = append(groups, gr)
		}
		gr.n++
		for c := range Card(NumCards) {
			if rep[c] == c {
				for col := range numCols {
					gr.cells[c][col] += int64(counts[i][c][col])
				}
			}
		}
		for q := range Players {
			if smp.spade[q] {
				gr.spade[q]++
			}
		}
		gr.risk += int64(smp.risk)
	}
	// A common denominator: the weights are L/den.
	l := big.NewInt(1)
	g := new(big.Int)
	for _, gr := range groups {
		g.GCD(nil, nil, l, gr.den)
		l.Mul(l, new(big.Int).Quo(gr.den, g))
	}
	ws := make([]*big.Int, len(groups))
	total := new(big.Int)
	tmp := new(big.Int)
	for i, gr := range groups {
		ws[i] = new(big.Int).Quo(l, gr.den)
		total.Add(total, tmp.Mul(ws[i], big.NewInt(gr.n)))
	}
	sum := func(f func(gr *group) int64) *big.Int {
		n := new(big.Int)
		for i, gr := range groups {
			if k := f(gr); k != 0 {
				n.Add(n, tmp.Mul(ws[i], big.NewInt(k)))
			}
		}
		return n
	}
	for c := range Card(NumCards) {
		if rep[c] != c {
			continue
		}
		den := new(big.Int).Mul(total, big.NewInt(int64(len(members[c]))))
		for col := range numCols {
			e.loc[c][col] = new(big.Rat).SetFrac(sum(func(gr *group) int64 { return gr.cells[c][col] }), den)
		}
	}
	for c := range Card(NumCards) {
		for col := range numCols {
			if rep[c] != c {
				e.loc[c][col] = new(big.Rat).Set(e.loc[rep[c]][col])
			}
		}
	}
	for q := range Players {
		e.spade[q] = new(big.Rat).SetFrac(sum(func(gr *group) int64 { return gr.spade[q] }), total)
	}
	switch {
	case fromUsed:
		deaths := 0
		for _, c := range s.used {
			if c.IsDeath() {
				deaths++
			}
		}
		e.risk = big.NewRat(int64(deaths), int64(e.RiskDen))
	case e.RiskDen > 0:
		risk := sum(func(gr *group) int64 { return gr.risk })
		e.risk = new(big.Rat).SetFrac(risk, new(big.Int).Mul(total, big.NewInt(int64(e.RiskDen))))
	default:
		e.risk = new(big.Rat)
	}
	return e
}

// bigLog is the natural logarithm of a positive integer.
func bigLog(x *big.Int) float64 {
	n := x.BitLen()
	if n <= 60 {
		return math.Log(float64(x.Int64()))
	}
	y := new(big.Int).Rsh(x, uint(n-60))
	return math.Log(float64(y.Int64())) + float64(n-60)*math.Ln2
}

// LocSE is the standard error of the estimate that card c is in column col.
func (e *Estimate) LocSE(c Card, col int) float64 { return e.locSE[c][col] }

// SpadeSE is the standard error of the estimate that p is a Spade.
func (e *Estimate) SpadeSE(p int) float64 { return e.spadeSE[p] }

// RiskSE is the standard error of [Estimate.RiskP].
func (e *Estimate) RiskSE() float64 { return e.riskSE }

func ratFloat(r *big.Rat) float64 { f, _ := r.Float64(); return f }

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
