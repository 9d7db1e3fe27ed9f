package threat_test

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/threat"
	"github.com/gumshoe-dev/gumshoe/solver"
)

// toy is a tiny Clue-like game: cards 0..n-1, players 0..np-1 with fixed
// hand sizes, and an envelope (the last holder) whose content is the
// solution. The public observations are given; each player's view is the
// public observations and their own hand.
type toy struct {
	sizes  []int // players' hand sizes, then the envelope's
	n      int
	public []solver.Observation
	mine   []solver.Observation // what the seat alone knows
}

func (t toy) model() *solver.Model {
	cards := make([]string, t.n)
	for c := range cards {
		cards[c] = fmt.Sprint("c", c)
	}
	var hs []solver.HolderSpec
	for h, s := range t.sizes {
		hs = append(hs, solver.HolderSpec{Name: fmt.Sprint("h", h), Size: solver.Exactly(s)})
	}
	m, err := solver.NewModel(cards, hs)
	if err != nil {
		panic(err)
	}
	return m
}

func (t toy) problem(m *solver.Model, obs []solver.Observation) *solver.Problem {
	p := solver.NewProblem(m)
	for _, o := range obs {
		if _, err := p.Add(o); err != nil {
			panic(err)
		}
	}
	return p
}

// deals are every deal of the model, by brute force.
func (t toy) deals() []solver.World {
	var out []solver.World
	w := make(solver.World, t.n)
	left := slices.Clone(t.sizes)
	var rec func(c int)
	rec = func(c int) {
		if c == t.n {
			out = append(out, slices.Clone(w))
			return
		}
		for h := range left {
			if left[h] > 0 {
				left[h]--
				w[c] = solver.Holder(h)
				rec(c + 1)
				left[h]++
			}
		}
	}
	rec(0)
	return out
}

func satisfies(w solver.World, obs []solver.Observation) bool {
	for _, o := range obs {
		for _, k := range o.Constraints {
			if !k.Satisfied(w) {
				return false
			}
		}
	}
	return true
}

func envKey(w solver.World, env solver.Holder) string {
	var k []byte
	for c, h := range w {
		if h == env {
			k = append(k, byte('a'+c))
		}
	}
	return string(k)
}

// brute is, by enumerating every deal twice over, the distribution of open
// solutions (up to limit) of opponent o under the seat's view.
func (t toy) brute(o, limit int) []*big.Rat {
	d, _ := t.bruteWorlds(o, limit)
	return d
}

// bruteAny is, by brute force, the probability that at least one of opps
// is certain.
func (t toy) bruteAny(opps []int) *big.Rat {
	var any []bool
	for _, o := range opps {
		_, cert := t.bruteWorlds(o, 2)
		if any == nil {
			any = make([]bool, len(cert))
		}
		for w, c := range cert {
			any[w] = any[w] || c
		}
	}
	n := 0
	for _, a := range any {
		if a {
			n++
		}
	}
	return big.NewRat(int64(n), int64(len(any)))
}

// bruteWorlds is brute and, for each world of the seat's view in deal
// order, whether o is certain in it.
func (t toy) bruteWorlds(o, limit int) ([]*big.Rat, []bool) {
	var cert []bool
	env := solver.Holder(len(t.sizes) - 1)
	all := t.deals()
	mine := append(slices.Clone(t.public), t.mine...)
	dist := make([]*big.Rat, limit)
	for i := range dist {
		dist[i] = new(big.Rat)
	}
	n := 0
	for _, w := range all {
		if !satisfies(w, mine) {
			continue
		}
		n++
		sols := map[string]bool{}
		for _, v := range all {
			same := true
			for c := range v {
				if (v[c] == solver.Holder(o)) != (w[c] == solver.Holder(o)) {
					same = false
				}
			}
			if same && satisfies(v, t.public) {
				sols[envKey(v, env)] = true
			}
		}
		k := min(len(sols), limit) - 1
		dist[k].Add(dist[k], big.NewRat(1, 1))
		cert = append(cert, len(sols) == 1)
	}
	for i := range dist {
		dist[i].Quo(dist[i], big.NewRat(int64(n), 1))
	}
	return dist, cert
}

func (t toy) views(m *solver.Model) *threat.Views {
	env := solver.Holder(len(t.sizes) - 1)
	return &threat.Views{
		Known: func(int) *solver.Problem { return t.problem(m, t.public) },
		Seen: func(o int, w solver.World) (string, []solver.Constraint) {
			var key []byte
			var cons []solver.Constraint
			for c, h := range w {
				if int(h) == o {
					key = append(key, byte(c))
					cons = append(cons, solver.Holds(solver.Card(c), h))
				}
			}
			return string(key), cons
		},
		Solution: func(o int, w solver.World) string { return envKey(w, env) },
		Not: func(o int, w solver.World) []solver.Constraint {
			var lits []solver.Lit
			for c, h := range w {
				if h == env {
					lits = append(lits, solver.Lit{Card: solver.Card(c), Holder: env})
				}
			}
			return []solver.Constraint{solver.Clause(nil, lits)}
		},
	}
}

func lit(c, h int) solver.Lit { return solver.Lit{Card: solver.Card(c), Holder: solver.Holder(h)} }

type toyCase struct {
	name string
	toy  toy
}

// toys are the test games: two fixed ones, and random ones whose public
// observations are counts that hold in a random deal (so that some worlds
// leave an opponent certain and some do not).
func toys() []toyCase {
	out := []toyCase{
		// Nothing observed but the seat's hand: nobody can be certain with
		// 2-card hands and a 2-card envelope of 8 cards.
		{"nothing known", toy{sizes: []int{2, 2, 2, 2}, n: 8, mine: []solver.Observation{{Label: "hand", Constraints: []solver.Constraint{solver.Holds(0, 0), solver.Holds(1, 0)}}}}},
		// A one-card envelope: an opponent of 2 cards who heard that the
		// third player holds none of c0 c1 c2 is often certain.
		{"one-card envelope", toy{sizes: []int{1, 2, 2, 1}, n: 6,
			public: []solver.Observation{
				{Label: "passes", Constraints: []solver.Constraint{solver.CountOf([]solver.Lit{lit(0, 2), lit(1, 2), lit(2, 2)}, solver.Eq, 0)}},
				{Label: "passes", Constraints: []solver.Constraint{solver.CountOf([]solver.Lit{lit(0, 0), lit(1, 0), lit(2, 0)}, solver.Eq, 0)}},
			},
			mine: []solver.Observation{{Label: "hand", Constraints: []solver.Constraint{solver.Holds(5, 0)}}}}},
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 8 {
		t := toy{sizes: []int{2, 2, 2, 1 + i%2}, n: 7 + i%2}
		deal := rng.Perm(t.n)
		w := make(solver.World, t.n)
		c := 0
		for h, s := range t.sizes {
			for range s {
				w[deal[c]] = solver.Holder(h)
				c++
			}
		}
		for c, h := range w {
			if h == 0 {
				t.mine = append(t.mine, solver.Observation{Label: "hand", Constraints: []solver.Constraint{solver.Holds(solver.Card(c), 0)}})
			}
		}
		for range 3 + i%3 {
			h := rng.IntN(len(t.sizes) - 1)
			var lits []solver.Lit
			k := 0
			for _, c := range rng.Perm(t.n)[:2+rng.IntN(3)] {
				lits = append(lits, lit(c, h))
				if w[c] == solver.Holder(h) {
					k++
				}
			}
			t.public = append(t.public, solver.Observation{Label: "count", Constraints: []solver.Constraint{solver.CountOf(lits, solver.Eq, k)}})
		}
		out = append(out, toyCase{fmt.Sprint("random ", i), t})
	}
	return out
}

// TestAssessExactBrute checks every figure of the exact path against
// brute force: every deal of the seat's view, and in each every deal of the
// opponent's view, enumerated.
func TestAssessExactBrute(t *testing.T) {
	for _, tc := range toys() {
		t.Run(tc.name, func(t *testing.T) {
			m := tc.toy.model()
			p := tc.toy.problem(m, append(slices.Clone(tc.toy.public), tc.toy.mine...))
			opps := []int{1, 2}
			for _, limit := range []int{2, 4} {
				figs, err := threat.Assess(context.Background(), p, solver.NewCounter(p), opps, tc.toy.views(m), threat.Options{ExactWorlds: 1 << 20, Limit: limit})
				if err != nil {
					t.Fatal(err)
				}
				for i, o := range opps {
					f := figs[i]
					if !f.Exact {
						t.Fatalf("opponent %d: not exact", o)
					}
					want := tc.toy.brute(o, limit)
					for k := range want {
						if f.Open[k].Cmp(want[k]) != 0 {
							t.Errorf("limit %d opponent %d: P(%d open) = %s, brute force %s", limit, o, k+1, f.Open[k].RatString(), want[k].RatString())
						}
					}
					if f.Certain.Cmp(want[0]) != 0 {
						t.Errorf("opponent %d: certain %s, brute force %s", o, f.Certain.RatString(), want[0].RatString())
					}
				}
				if got, want := must(threat.Any(figs, nil)), tc.toy.bruteAny(opps); got.Cmp(want) != 0 {
					t.Errorf("any opponent certain: %s, brute force %s", got.RatString(), want.RatString())
				}
			}
		})
	}
}

// TestAssessSampledBrute checks the sampled path: its estimate is within
// five standard errors (plus 1%) of the brute-force figure, and its
// standard error is the binomial one of the certain class.
func TestAssessSampledBrute(t *testing.T) {
	for _, tc := range toys() {
		t.Run(tc.name, func(t *testing.T) {
			m := tc.toy.model()
			p := tc.toy.problem(m, append(slices.Clone(tc.toy.public), tc.toy.mine...))
			opps := []int{1, 2}
			figs, err := threat.Assess(context.Background(), p, solver.NewCounter(p), opps, tc.toy.views(m), threat.Options{ExactWorlds: 1, Samples: 400, Seed: 7})
			if err != nil {
				t.Fatal(err)
			}
			for i, o := range opps {
				f := figs[i]
				if f.Exact || f.Samples != 400 {
					t.Fatalf("opponent %d: exact %v, %d samples", o, f.Exact, f.Samples)
				}
				want, _ := tc.toy.brute(o, 4)[0].Float64()
				got := f.CertainFloat()
				if math.Abs(got-want) > 5*f.StdErr+0.01 {
					t.Errorf("opponent %d: sampled %.4f ± %.4f, brute force %.4f", o, got, f.StdErr, want)
				}
				se := math.Sqrt(got * (1 - got) / 399)
				if math.Abs(se-f.StdErr) > 1e-9 {
					t.Errorf("opponent %d: standard error %.6f, want %.6f", o, f.StdErr, se)
				}
			}
		})
	}
}

func must(p *big.Rat, _ float64) *big.Rat { return p }

// TestDecide checks the rule of accusing now: a certain accusation is
// always made; otherwise it must beat the most that waiting can win.
func TestDecide(t *testing.T) {
	fig := func(ps ...int64) threat.Figure {
		f := threat.Figure{Exact: true}
		for _, p := range ps {
			f.PerWorld = append(f.PerWorld, big.NewRat(p, 4))
		}
		return f
	}
	for _, tc := range []struct {
		why    string
		accuse *big.Rat
		figs   []threat.Figure
		threat *big.Rat
		now    bool
	}{
		{"nobody threatens: wait unless certain", big.NewRat(9, 10), []threat.Figure{fig(0, 0)}, big.NewRat(0, 1), false},
		{"certain accusation", big.NewRat(1, 1), []threat.Figure{fig(0, 0)}, big.NewRat(0, 1), true},
		{"one opponent certain in half the worlds: 3/5 beats 1/2", big.NewRat(3, 5), []threat.Figure{fig(4, 0)}, big.NewRat(1, 2), true},
		{"two opponents, independent in a world: (1-(3/4)(3/4) + 1/4)/2", big.NewRat(1, 2), []threat.Figure{fig(1, 0), fig(1, 1)}, big.NewRat(11, 32), false},
		{"ties wait", big.NewRat(1, 2), []threat.Figure{fig(4, 0)}, big.NewRat(1, 2), false},
	} {
		d := threat.Decide(tc.accuse, tc.figs, nil)
		if d.Threat.Cmp(tc.threat) != 0 || d.Now != tc.now {
			t.Errorf("%s: threat %s now %v, want %s %v", tc.why, d.Threat.RatString(), d.Now, tc.threat.RatString(), tc.now)
		}
	}
}

// TestDecideAccuseAt checks that with the opponents modelled as accusing
// at a threshold (Figure.PerWorldRight) the threat is the chance that one
// of them accuses and is right, not that one is certain, and that the
// decision's line and JSON name that model. Why: an opponent who accuses
// below certainty and is wrong is out, which does not hurt the seat.
func TestDecideAccuseAt(t *testing.T) {
	// Certain in no world; accusing and right in half of one world's
	// choices and in every choice of the other.
	f := threat.Figure{Exact: true, AccuseAt: 0.5,
		PerWorld:      []*big.Rat{new(big.Rat), new(big.Rat)},
		PerWorldRight: []*big.Rat{big.NewRat(1, 2), big.NewRat(1, 1)}}
	d := threat.Decide(big.NewRat(3, 10), []threat.Figure{f}, nil)
	if d.Threat.Cmp(big.NewRat(3, 4)) != 0 || !d.Now || d.AccuseAt != 0.5 {
		t.Errorf("threat %s now %v model %g, want 3/4 true 0.5", d.Threat.RatString(), d.Now, d.AccuseAt)
	}
	if line := strings.Join(strings.Fields(d.Line("accuse")), " "); !strings.Contains(line, "an opponent accusing at 50% or more is right: 75.0%") {
		t.Errorf("line %q does not name the model", line)
	}
	if j := d.JSON(); j.ThreatBy != "accusing at 50%" {
		t.Errorf("JSON threat_by %q", j.ThreatBy)
	}
	// Without the model the same figure threatens nothing.
	f.PerWorldRight = nil
	if d := threat.Decide(big.NewRat(3, 10), []threat.Figure{f}, nil); d.Threat.Sign() != 0 || d.Now {
		t.Errorf("certain model: threat %s now %v, want 0 false", d.Threat.RatString(), d.Now)
	}
}
