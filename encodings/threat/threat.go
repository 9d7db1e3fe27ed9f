package threat

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// Game is the per-world check of one game.
type Game interface {
	// Open is the distribution of how many solutions opponent o has open
	// in world w of the seat's view, counted up to limit: Open[k-1] is the
	// probability of k open solutions (the last class is "limit or
	// more"), and the entries add up to 1. It is a single 1 when the
	// opponent's view is fixed by w; a game whose view also depends on a
	// hidden choice (a card shown among several) averages over the
	// choices.
	Open(ctx context.Context, o int, w solver.World, limit int) ([]*big.Rat, error)
}

// Options tune [Assess]. The zero value picks the defaults.
type Options struct {
	// ExactWorlds: the seat's worlds are all visited when they are at most
	// this many (default 256).
	ExactWorlds int
	// Samples is the number of worlds drawn otherwise (default 200).
	Samples int
	// Seed seeds the sampler; the same seed draws the same worlds.
	Seed uint64
	// Limit is the class "limit or more" of open solutions (default 4,
	// at least 2).
	Limit int
	// Turns, when above 0 and the game is a [NextGame], also gives each
	// opponent's chance to be certain within 1 to Turns of its own turns
	// (Figure.Within).
	Turns int
	// ViewWorlds is the most worlds of an opponent's view for which
	// Within is computed (default 256); a view with more, and every
	// view when the seat's worlds are sampled, counts as certain within k
	// turns only when it is certain already.
	ViewWorlds int
	// AccuseAt, when above 0 and the game is an [AccuseGame], models each
	// opponent as accusing, before the seat's next turn, as soon as its
	// own best accusation is at least AccuseAt likely in its own view
	// (1: only when certain), and gives each opponent's chance to accuse
	// and to accuse and be right (Figure.Accuses, Figure.Right), which
	// [Decide] then weighs. [DefaultAccuseAt] is the usual value. The
	// opponents' next turns (Turns) are not combined with it.
	AccuseAt float64
}

// DefaultAccuseAt is the usual Options.AccuseAt: opponents accuse as soon
// as their best accusation is at least even.
const DefaultAccuseAt = 0.5

// ReportTurns is how many of each opponent's turns the reports follow
// (Options.Turns): the chance it is certain by its next turn, and within
// two and three of its turns.
const ReportTurns = 3

// NextGame is a [Game] that can also tell when an opponent will know.
type NextGame interface {
	Game
	// Next is the probability that opponent o is certain within 1 to
	// turns of its own turns in world w, under the game's opponent model
	// ([Within]); ok is false when o's view has more than maxWorlds
	// worlds (nothing computed).
	Next(ctx context.Context, o int, w solver.World, turns, maxWorlds int) (p []*big.Rat, ok bool, err error)
}

func (o Options) withDefaults() Options {
	if o.ExactWorlds <= 0 {
		o.ExactWorlds = 256
	}
	if o.Samples <= 0 {
		o.Samples = 200
	}
	if o.Limit < 2 {
		o.Limit = 4
	}
	if o.ViewWorlds <= 0 {
		o.ViewWorlds = 256
	}
	return o
}

// Figure is what one opponent knows, under the seat's view.
type Figure struct {
	Opponent int // the opponent's index, as given to Assess
	// Exact is true when every world of the seat's view was visited:
	// Certain and Open are then exact. Otherwise they are the means over
	// Samples uniform samples and StdErr is the standard error of Certain.
	Exact   bool
	Samples int // worlds visited (all of them when Exact)
	// Certain is the probability that the opponent can name the solution
	// with certainty (Open[0]).
	Certain *big.Rat
	StdErr  float64
	// Open[k-1] is the probability that the opponent has k solutions
	// open; the last entry is "Limit or more".
	Open   []*big.Rat
	OpenSE []float64 // the standard error of each entry of Open (0 when exact)
	// PerWorld is the probability that the opponent is certain in each
	// world visited, in the order visited (the same for every opponent of
	// one call): what [Any] combines.
	PerWorld []*big.Rat
	// Within[k-1] is the probability that the opponent can name the
	// solution with certainty within k of its own turns, asking and
	// naming it in the same turn (Options.Turns; [Within] is the model),
	// with its standard error WithinSE[k-1] (0 when exact). Cut is the
	// share of the worlds visited where the opponent's view was not
	// followed (more than Options.ViewWorlds worlds, or the seat's worlds
	// sampled): there it counts as certain within k turns only if certain
	// now, so Within is then a lower bound.
	Within   []*big.Rat
	WithinSE []float64
	Cut      *big.Rat
	// PerWorldNext is Within[0] in each world visited: what [AnyNext]
	// combines.
	PerWorldNext []*big.Rat
	// AccuseAt is Options.AccuseAt when the opponent model of
	// [AccuseGame] was followed (else 0). Accuses is then the probability
	// that the opponent's best accusation is at least AccuseAt likely in
	// its own view (it accuses), Right the probability that it accuses
	// and is right, with their standard errors (0 when exact); a wrong
	// accuser is out and does not end the game. PerWorldRight is Right in
	// each world visited: what [AnyRight] combines.
	AccuseAt      float64
	Accuses       *big.Rat
	AccusesSE     float64
	Right         *big.Rat
	RightSE       float64
	PerWorldRight []*big.Rat
}

// CertainFloat is Certain as the nearest float64.
func (f *Figure) CertainFloat() float64 { x, _ := f.Certain.Float64(); return x }

// ErrNoWorld is returned when the seat's view admits no world.
var ErrNoWorld = errors.New("threat: the seat's view admits no world")

// Assess computes the figure of every opponent in opps under p, the seat's
// view; cnt counts p (the sampler's source). g checks each world.
func Assess(ctx context.Context, p *solver.Problem, cnt *solver.Counter, opps []int, g Game, opt Options) ([]Figure, error) {
	opt = opt.withDefaults()
	if len(opps) == 0 {
		return nil, nil
	}
	n, err := cnt.Count(ctx)
	if err != nil {
		return nil, err
	}
	if n.Sign() == 0 {
		return nil, ErrNoWorld
	}
	acc := make([]accum, len(opps))
	for i := range acc {
		acc[i].sum = make([]*big.Rat, opt.Limit)
		acc[i].sq = make([]float64, opt.Limit)
		for k := range acc[i].sum {
			acc[i].sum[k] = new(big.Rat)
		}
	}
	exact := n.IsInt64() && n.Int64() <= int64(opt.ExactWorlds)
	ng, next := g.(NextGame)
	next = next && opt.Turns > 0
	ag, accuse := g.(AccuseGame)
	accuse = accuse && opt.AccuseAt > 0
	var at *big.Rat
	if accuse {
		at = new(big.Rat).SetFloat64(opt.AccuseAt)
	}
	visit := func(w solver.World) error {
		for i, o := range opps {
			d, err := g.Open(ctx, o, w, opt.Limit)
			if err != nil {
				return err
			}
			if len(d) != opt.Limit {
				return fmt.Errorf("threat: %d classes of open solutions, want %d", len(d), opt.Limit)
			}
			acc[i].add(d)
			acc[i].per = append(acc[i].per, new(big.Rat).Set(d[0]))
			if accuse {
				as, err := ag.Accusations(ctx, o, w)
				if err != nil {
					return err
				}
				acc[i].addAccuse(accusing(as, at))
			}
			if !next {
				continue
			}
			var p []*big.Rat
			ok := false
			if exact {
				if p, ok, err = ng.Next(ctx, o, w, opt.Turns, opt.ViewWorlds); err != nil {
					return err
				}
			}
			if !ok {
				p = make([]*big.Rat, opt.Turns)
				for k := range p {
					p[k] = new(big.Rat).Set(d[0])
				}
				acc[i].cut++
			}
			if len(p) != opt.Turns {
				return fmt.Errorf("threat: %d turns followed, want %d", len(p), opt.Turns)
			}
			acc[i].addNext(p)
		}
		return nil
	}
	visited := 0
	if exact {
		for w := range solver.NewSAT(p).Worlds(ctx) {
			if err := visit(w); err != nil {
				return nil, err
			}
			visited++
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if int64(visited) != n.Int64() {
			return nil, fmt.Errorf("threat: visited %d worlds of %s", visited, n)
		}
	} else {
		rng := rand.New(rand.NewPCG(opt.Seed, 0x7468726561740a))
		for range opt.Samples {
			w, err := cnt.Sample(ctx, rng)
			if err != nil {
				return nil, err
			}
			if err := visit(w); err != nil {
				return nil, err
			}
			visited++
		}
	}
	out := make([]Figure, len(opps))
	for i, o := range opps {
		out[i] = acc[i].figure(o, visited, exact)
		if accuse {
			out[i].AccuseAt = opt.AccuseAt
		}
	}
	return out, nil
}

// accum adds up the distributions of one opponent.
type accum struct {
	per []*big.Rat
	sum []*big.Rat
	sq  []float64 // sum of squares, for the standard error
	// The same for Within.
	perNext []*big.Rat
	sumNext []*big.Rat
	sqNext  []float64
	cut     int
	// The accusations: the sums of Accuses and Right (and their squares).
	sumAcc   [2]*big.Rat
	sqAcc    [2]float64
	perRight []*big.Rat
}

func (a *accum) addAccuse(accuses, right *big.Rat) {
	if a.sumAcc[0] == nil {
		a.sumAcc = [2]*big.Rat{new(big.Rat), new(big.Rat)}
	}
	for k, x := range []*big.Rat{accuses, right} {
		a.sumAcc[k].Add(a.sumAcc[k], x)
		f, _ := x.Float64()
		a.sqAcc[k] += f * f
	}
	a.perRight = append(a.perRight, right)
}

func (a *accum) addNext(p []*big.Rat) {
	if a.sumNext == nil {
		a.sumNext = make([]*big.Rat, len(p))
		a.sqNext = make([]float64, len(p))
		for k := range p {
			a.sumNext[k] = new(big.Rat)
		}
	}
	for k, x := range p {
		a.sumNext[k].Add(a.sumNext[k], x)
		f, _ := x.Float64()
		a.sqNext[k] += f * f
	}
	a.perNext = append(a.perNext, new(big.Rat).Set(p[0]))
}

func (a *accum) add(d []*big.Rat) {
	for k, x := range d {
		a.sum[k].Add(a.sum[k], x)
		f, _ := x.Float64()
		a.sq[k] += f * f
	}
}

func (a *accum) figure(o, n int, exact bool) Figure {
	f := Figure{Opponent: o, Exact: exact, Samples: n, PerWorld: a.per}
	f.Open, f.OpenSE = meanSE(a.sum, a.sq, n, exact)
	f.Certain = f.Open[0]
	f.StdErr = f.OpenSE[0]
	if a.sumNext != nil {
		f.Within, f.WithinSE = meanSE(a.sumNext, a.sqNext, n, exact)
		f.PerWorldNext = a.perNext
		f.Cut = big.NewRat(int64(a.cut), int64(n))
	}
	if a.sumAcc[0] != nil {
		m, se := meanSE(a.sumAcc[:], a.sqAcc[:], n, exact)
		f.Accuses, f.AccusesSE, f.Right, f.RightSE = m[0], se[0], m[1], se[1]
		f.PerWorldRight = a.perRight
	}
	return f
}

// meanSE are the means of n values whose sums are sum and sums of squares
// sq, with their standard errors (0 when exact).
func meanSE(sum []*big.Rat, sq []float64, n int, exact bool) ([]*big.Rat, []float64) {
	var means []*big.Rat
	var ses []float64
	inv := big.NewRat(1, int64(n))
	for k := range sum {
		mean := new(big.Rat).Mul(sum[k], inv)
		means = append(means, mean)
		se := 0.0
		if !exact && n > 1 {
			m, _ := mean.Float64()
			v := (sq[k] - float64(n)*m*m) / float64(n-1)
			se = math.Sqrt(max(v, 0) / float64(n))
		}
		ses = append(ses, se)
	}
	return means, ses
}

// Unit is the distribution "exactly k open solutions" over limit classes
// (k beyond limit falls in the last class).
func Unit(k, limit int) []*big.Rat {
	d := make([]*big.Rat, limit)
	for i := range d {
		d[i] = new(big.Rat)
	}
	d[min(k, limit)-1].SetInt64(1)
	return d
}

// Any is the probability that at least one of the opponents of figs for
// which include is true (all of them when include is nil) can name the
// solution with certainty: in each world visited, one less the product of
// their chances of not being certain (the hidden choices of different
// opponents are independent), averaged over the worlds. se is its standard
// error when the worlds were sampled (0 when exact).
func Any(figs []Figure, include func(o int) bool) (p *big.Rat, se float64) {
	return anyOf(figs, include, func(f *Figure) []*big.Rat { return f.PerWorld })
}

// AnyNext is [Any] for the opponents' next turns: the probability that at
// least one of them can name the solution with certainty by the end of
// its next turn (Figure.PerWorldNext), the opponents' models independent
// in each world. It is Any when the figures have no Within.
func AnyNext(figs []Figure, include func(o int) bool) (p *big.Rat, se float64) {
	if len(figs) == 0 || len(figs[0].PerWorldNext) == 0 {
		return Any(figs, include)
	}
	return anyOf(figs, include, func(f *Figure) []*big.Rat { return f.PerWorldNext })
}

func anyOf(figs []Figure, include func(o int) bool, per func(f *Figure) []*big.Rat) (p *big.Rat, se float64) {
	p = new(big.Rat)
	if len(figs) == 0 || len(per(&figs[0])) == 0 {
		return p, 0
	}
	n := len(per(&figs[0]))
	one := big.NewRat(1, 1)
	sq := 0.0
	for w := range n {
		none := big.NewRat(1, 1)
		for i := range figs {
			if include == nil || include(figs[i].Opponent) {
				none.Mul(none, new(big.Rat).Sub(one, per(&figs[i])[w]))
			}
		}
		x := new(big.Rat).Sub(one, none)
		p.Add(p, x)
		xf, _ := x.Float64()
		sq += xf * xf
	}
	p.Quo(p, big.NewRat(int64(n), 1))
	if !figs[0].Exact && n > 1 {
		m, _ := p.Float64()
		se = math.Sqrt(max((sq-float64(n)*m*m)/float64(n-1), 0) / float64(n))
	}
	return p, se
}
