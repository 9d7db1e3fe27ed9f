package murderbythedeck

import (
	"context"
	"errors"
	"math"
	"math/big"
	"math/rand/v2"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// The columns of the sheet after the four players: where a card may be.
const (
	colPile = Players + iota
	colDown
	colUsed
	numCols
)

// Samples is the number of worlds the tracker draws for its estimates.
const Samples = 240

// Estimate is the tracker's importance-sampling estimate of the posterior
// under the model of docs/rules: N worlds drawn exactly uniformly among
// those consistent with the lines (the solver's counter), world i weighted
// by the exact likelihood of the other players' observed choices in it,
// W[i]/sum(W) (integers over a common denominator). Every probability is
// the ratio of sums of weights, an exact fraction of the estimator; SE is
// its standard error (the delta method for a ratio).
type Estimate struct {
	N     int
	Total *big.Int // the sum of the weights
	ESS   float64  // effective sample size, (sum w)^2 / sum w^2
	// Loc[c][col] is the weight of the worlds with card c in column col.
	Loc [NumCards][numCols]*big.Int
	// Spade[p] is the weight of the worlds in which p is a Spade.
	Spade [Players]*big.Int
	// Risk is the weight times the chance that the next card drawn is a
	// death card, over RiskDen (the cards of the next draw pile).
	Risk    *big.Int
	RiskDen int
	locSE   [NumCards][numCols]float64
	spadeSE [Players]float64
	riskSE  float64
}

// P is the estimate of a share of weight num, as an exact fraction.
func (e *Estimate) P(num *big.Int) *big.Rat {
	if e.Total.Sign() == 0 {
		return new(big.Rat)
	}
	return new(big.Rat).SetFrac(num, e.Total)
}

// RiskP is the estimated probability that the next card drawn is a death
// card.
func (e *Estimate) RiskP() *big.Rat {
	if e.RiskDen == 0 || e.Total.Sign() == 0 {
		return new(big.Rat)
	}
	return new(big.Rat).SetFrac(e.Risk, new(big.Int).Mul(e.Total, big.NewInt(int64(e.RiskDen))))
}

// sample is one world replayed.
type sample struct {
	den   *big.Int // the world's weight is 1/den
	loc   [NumCards]int8
	spade [Players]bool
	risk  int // death cards among the next pile's cards
}

// replay plays the lines over world w: the weight of the other players'
// choices, where each card is now, who is a Spade. ok is false when the
// world breaks a rule of play the constraints do not state (it then has
// no weight).
func (s *state) replay(w solver.World) (sample, bool) {
	smp := sample{den: big.NewInt(1)}
	slotCard := make([]Card, len(s.slots))
	holderSlot := make(map[int]int, len(s.slots))
	for k, sl := range s.slots {
		holderSlot[sl.holder] = k
		slotCard[k] = NoCard
	}
	var hands [Players][]Card
	for i, h := range w {
		cp := s.copies[i]
		if cp.epoch < 0 {
			continue
		}
		if int(h) < Players {
			hands[h] = append(hands[h], cp.card)
		} else if k, ok := holderSlot[int(h)]; ok {
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
		case Down, Lucky:
			remove(t.p, slotCard[t.slot])
			drawn[t.p] = NoCard
		case Discard:
			if t.p != s.seat {
				den *= int64(len(s.rules.LegalDiscards(hands[t.p], drawn[t.p])))
			}
			drawn[t.p] = NoCard
			if !remove(t.p, t.card) {
				return smp, false
			}
		case Dead:
			hands[t.p] = nil
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

// estimate draws n worlds of cp uniformly and weighs them.
func (s *state) estimate(ctx context.Context, cp *compiled, n int, seed uint64) (*Estimate, error) {
	return s.estimateWith(ctx, solver.NewCounter(cp.prob), n, seed)
}

// estimateWith is estimate with the counter of cp's problem.
func (s *state) estimateWith(ctx context.Context, counter *solver.Counter, n int, seed uint64) (*Estimate, error) {
	rng := rand.New(rand.NewPCG(seed, 0x7472616b))
	var smps []sample
	for len(smps) < n {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		w, err := counter.Sample(ctx, rng)
		if err != nil {
			return nil, err
		}
		smp, ok := s.replay(w)
		if !ok {
			return nil, errors.New("mbtd: internal error: a world of the constraints breaks a rule of play")
		}
		smps = append(smps, smp)
	}
	// A common denominator: the weights are L/den.
	l := big.NewInt(1)
	g := new(big.Int)
	for _, smp := range smps {
		g.GCD(nil, nil, l, smp.den)
		l.Mul(l, new(big.Int).Quo(smp.den, g))
	}
	e := &Estimate{N: n, Total: new(big.Int), Risk: new(big.Int)}
	for c := range e.Loc {
		for col := range e.Loc[c] {
			e.Loc[c][col] = new(big.Int)
		}
	}
	for p := range e.Spade {
		e.Spade[p] = new(big.Int)
	}
	ws := make([]*big.Int, len(smps))
	fw := make([]float64, len(smps))
	var sw, sw2 float64
	for i, smp := range smps {
		ws[i] = new(big.Int).Quo(l, smp.den)
		e.Total.Add(e.Total, ws[i])
		for c, col := range smp.loc {
			e.Loc[c][col].Add(e.Loc[c][col], ws[i])
		}
		for p, sp := range smp.spade {
			if sp {
				e.Spade[p].Add(e.Spade[p], ws[i])
			}
		}
		e.Risk.Add(e.Risk, new(big.Int).Mul(ws[i], big.NewInt(int64(smp.risk))))
	}
	for i := range smps {
		f, _ := new(big.Rat).SetFrac(ws[i], e.Total).Float64()
		fw[i] = f
		sw += f
		sw2 += f * f
	}
	e.ESS = sw * sw / sw2
	e.RiskDen = s.pile
	if s.pile == 0 && s.canDraw() {
		e.RiskDen = len(s.used)
		e.Risk.SetInt64(0)
		for _, c := range s.used {
			if c.IsDeath() {
				e.Risk.Add(e.Risk, e.Total)
			}
		}
	}
	se := func(f func(i int) float64, p float64) float64 {
		v := 0.0
		for i := range smps {
			d := f(i) - p
			v += fw[i] * fw[i] * d * d
		}
		return math.Sqrt(v) / sw
	}
	for c := range e.Loc {
		for col := range e.Loc[c] {
			p := ratFloat(e.P(e.Loc[c][col]))
			e.locSE[c][col] = se(func(i int) float64 { return b2f(int(smps[i].loc[c]) == col) }, p)
		}
	}
	for q := range e.Spade {
		p := ratFloat(e.P(e.Spade[q]))
		e.spadeSE[q] = se(func(i int) float64 { return b2f(smps[i].spade[q]) }, p)
	}
	if e.RiskDen > 0 && s.pile > 0 {
		p := ratFloat(e.RiskP())
		e.riskSE = se(func(i int) float64 { return float64(smps[i].risk) / float64(e.RiskDen) }, p)
	}
	return e, nil
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
