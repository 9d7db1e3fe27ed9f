package clue

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

// smallGame is a seeded game of a 9-card deck (three categories of three)
// among three players of two cards, from seat p: the true deal, the seat's
// log, and every question with the card truly shown.
type smallGame struct {
	deal  solver.World // holders: p q r, the envelope (3)
	log   []string
	asked []smallQuestion
}

type smallQuestion struct {
	asker, shower int // shower -1 for nobody
	cards         []int
	shown         int
}

var smallNames = []string{"p", "q", "r"}
var smallCards = []string{"A", "B", "C", "D", "E", "F", "G", "H", "I"}

func newSmallGame(seed uint64, questions int) smallGame {
	rng := rand.New(rand.NewPCG(seed, 5))
	var s smallGame
	s.deal = make(solver.World, 9)
	var rest []int
	for cat := range 3 {
		e := cat*3 + rng.IntN(3)
		s.deal[e] = 3
		for i := cat * 3; i < cat*3+3; i++ {
			if i != e {
				rest = append(rest, i)
			}
		}
	}
	rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	for k, c := range rest {
		s.deal[c] = solver.Holder(k / 2)
	}
	s.log = []string{"category who A B C", "category what D E F", "category where G H I", "players p q r", "seat p"}
	var hand []string
	for c, h := range s.deal {
		if h == 0 {
			hand = append(hand, smallCards[c])
		}
	}
	s.log = append(s.log, "hand p "+strings.Join(hand, " "))
	for t := range questions {
		a := t % 3
		q := smallQuestion{asker: a, shower: -1, shown: -1}
		var names []string
		for cat := range 3 {
			c := cat*3 + rng.IntN(3)
			q.cards = append(q.cards, c)
			names = append(names, smallCards[c])
		}
		line := smallNames[a] + " asks " + strings.Join(names, " ") + ":"
		var answers []string
		for k := 1; k < 3; k++ {
			r := (a + k) % 3
			var has []int
			for _, c := range q.cards {
				if int(s.deal[c]) == r {
					has = append(has, c)
				}
			}
			if len(has) == 0 {
				answers = append(answers, smallNames[r]+" passes")
				continue
			}
			q.shower, q.shown = r, has[rng.IntN(len(has))]
			ans := smallNames[r] + " shows"
			if a == 0 || r == 0 {
				ans += " " + smallCards[q.shown]
			}
			answers = append(answers, ans)
			break
		}
		s.log = append(s.log, line+" "+strings.Join(answers, ", "))
		s.asked = append(s.asked, q)
	}
	return s
}

// bruteThreat is, by enumerating every deal, the distribution of open
// envelopes (up to limit) of opponent o under the seat's view: in every
// deal w of the seat's view, and for every choice of the cards shown to o
// that the seat did not see (equally likely), the deals o cannot tell from
// w are enumerated and their envelopes counted.
func bruteThreat(t *testing.T, g *Game, s smallGame, o, limit int) []*big.Rat {
	dist := make([]*big.Rat, limit)
	for i := range dist {
		dist[i] = new(big.Rat)
	}
	worlds := 0
	bruteViews(t, g, s, o, func(w solver.World, share *big.Rat, view []solver.World) {
		if share == nil {
			worlds++
			return
		}
		envs := map[string]bool{}
		for _, v := range view {
			envs[envOf(v)] = true
		}
		k := min(len(envs), limit) - 1
		dist[k].Add(dist[k], share)
	})
	for i := range dist {
		dist[i].Quo(dist[i], big.NewRat(int64(worlds), 1))
	}
	return dist
}

func envOf(v solver.World) string {
	var key []byte
	for c, h := range v {
		if h == 3 {
			key = append(key, byte(c))
		}
	}
	return string(key)
}

// bruteViews calls f(w, nil, nil) for every deal w of the seat's view, then
// f(w, share, view) for every choice of the cards shown to o out of the
// seat's sight (share its probability), view being every deal o cannot
// tell from w with that choice, all by enumerating every deal.
func bruteViews(t *testing.T, g *Game, s smallGame, o int, f func(w solver.World, share *big.Rat, view []solver.World)) {
	p, err := g.Problem()
	if err != nil {
		t.Fatal(err)
	}
	var all []solver.World
	w := make(solver.World, 9)
	var rec func(c int, left []int)
	rec = func(c int, left []int) {
		if c == 9 {
			all = append(all, slices.Clone(w))
			return
		}
		for h := range left {
			if left[h] > 0 && (h != 3 || true) {
				left[h]--
				w[c] = solver.Holder(h)
				rec(c+1, left)
				left[h]++
			}
		}
	}
	rec(0, []int{2, 2, 2, 3})
	envOK := func(v solver.World) bool {
		for cat := range 3 {
			n := 0
			for i := cat * 3; i < cat*3+3; i++ {
				if v[i] == 3 {
					n++
				}
			}
			if n != 1 {
				return false
			}
		}
		return true
	}
	// public: who passed, who showed one of the cards.
	public := func(v solver.World, q smallQuestion) bool {
		for k := 1; k < 3; k++ {
			r := (q.asker + k) % 3
			n := 0
			for _, c := range q.cards {
				if int(v[c]) == r {
					n++
				}
			}
			if r == q.shower {
				return n > 0
			}
			if n > 0 {
				return false
			}
		}
		return true
	}
	for _, w := range all {
		if !envOK(w) {
			continue
		}
		if bad, deal := p.Check(w); !deal || bad != nil {
			continue
		}
		f(w, nil, nil)
		combos := [][]int{nil}
		var hidden []int
		for i, q := range s.asked {
			if q.asker != o || q.shower < 0 || q.shower == 0 {
				continue
			}
			hidden = append(hidden, i)
			var next [][]int
			for _, cb := range combos {
				for _, c := range q.cards {
					if int(w[c]) == q.shower {
						next = append(next, append(slices.Clone(cb), c))
					}
				}
			}
			combos = next
		}
		for _, cb := range combos {
			var view []solver.World
			for _, v := range all {
				ok := envOK(v)
				for c := range v {
					if (v[c] == solver.Holder(o)) != (w[c] == solver.Holder(o)) {
						ok = false
					}
				}
				for _, q := range s.asked {
					ok = ok && public(v, q)
					if q.asker == o && q.shower == 0 {
						ok = ok && v[q.shown] == 0 // the seat showed it to o
					}
				}
				for k, i := range hidden {
					ok = ok && int(v[cb[k]]) == s.asked[i].shower
				}
				if ok {
					view = append(view, v)
				}
			}
			f(w, big.NewRat(1, int64(len(combos))), view)
		}
	}
}

// TestThreatsBrute checks Clue's exact threat figures against brute force
// on seeded games of a 9-card deck: every deal of the seat's view, every
// choice of a card shown to an opponent out of the seat's sight, every
// deal of the opponent's view.
func TestThreatsBrute(t *testing.T) {
	ctx := context.Background()
	some := 0
	for seed := range uint64(40) {
		s := newSmallGame(seed, 2+int(seed%5))
		g := NewGame()
		for _, l := range s.log {
			if err := g.Apply(l); err != nil {
				t.Fatalf("seed %d, %q: %v", seed, l, err)
			}
		}
		const limit = 4
		figs, err := g.Threats(ctx, ThreatOptions{ExactWorlds: 1 << 20, Limit: limit})
		if err != nil {
			t.Fatal(err)
		}
		if len(figs) != 2 {
			t.Fatalf("seed %d: %d figures", seed, len(figs))
		}
		for _, f := range figs {
			want := bruteThreat(t, g, s, f.Opponent, limit)
			for k := range want {
				if f.Open[k].Cmp(want[k]) != 0 {
					t.Errorf("seed %d %s: P(%d open) = %s, brute force %s\n%s", seed, smallNames[f.Opponent], k+1, f.Open[k].RatString(), want[k].RatString(), strings.Join(s.log, "\n"))
				}
			}
			if f.Certain.Sign() > 0 {
				some++
			}
		}
	}
	if some == 0 {
		t.Error("no opponent is ever possibly certain: the test is too weak")
	}
	_ = fmt.Sprint
	_ = threat.Unit
}

// TestShowLeakBrute checks the exact leak of each card the seat may show
// against brute force: in every deal of the seat's view and every choice
// of the cards shown to the asker out of the seat's sight, the entropy of
// the envelope over the deals the asker cannot tell apart, knowing that
// the seat holds one of the asked cards, less that entropy knowing the
// card. With exactly as many samples as worlds the leaks are exact and have
// no standard error; with one sample fewer they are sampled, each within
// the range of the worlds' leaks, and some have a standard error.
func TestShowLeakBrute(t *testing.T) {
	ctx := context.Background()
	nonzero, sampledSE := 0, 0
	for seed := range uint64(12) {
		s := newSmallGame(seed, 2+int(seed%4))
		g := NewGame()
		for _, l := range s.log {
			if err := g.Apply(l); err != nil {
				t.Fatal(err)
			}
		}
		// q asks one of the seat's cards of each category it has, and the
		// first item of the others.
		var asked []solver.Card
		for cat := range 3 {
			pick := cat * 3
			for i := cat * 3; i < cat*3+3; i++ {
				if s.deal[i] == 0 {
					pick = i
				}
			}
			asked = append(asked, solver.Card(pick))
		}
		var mine []solver.Card
		for _, c := range asked {
			if s.deal[c] == 0 {
				mine = append(mine, c)
			}
		}
		if len(mine) == 0 {
			continue
		}
		entropy := func(vs []solver.World, keep func(solver.World) bool) float64 {
			m := map[string]float64{}
			n := 0.0
			for _, v := range vs {
				if keep(v) {
					m[envOf(v)]++
					n++
				}
			}
			h := 0.0
			for _, x := range m {
				h -= x / n * math.Log2(x/n)
			}
			return h
		}
		want := make([]float64, len(mine))
		worlds := 0
		var perWorld [][]float64 // each world's leaks, for the sampled run
		bruteViews(t, g, s, 1, func(w solver.World, share *big.Rat, view []solver.World) {
			if share == nil {
				worlds++
				perWorld = append(perWorld, make([]float64, len(mine)))
				return
			}
			sh, _ := share.Float64()
			h0 := entropy(view, func(v solver.World) bool {
				return v[asked[0]] == 0 || v[asked[1]] == 0 || v[asked[2]] == 0
			})
			for i, c := range mine {
				x := sh * max(h0-entropy(view, func(v solver.World) bool { return v[c] == 0 }), 0)
				want[i] += x
				perWorld[len(perWorld)-1][i] += x
			}
		})
		// Exactly as many samples as worlds: every world is visited, and
		// an exact leak has no standard error.
		p, _ := g.Problem()
		got, ses, err := g.showLeaks(ctx, p, 1, 0, asked, mine, ShowOptions{Samples: worlds})
		if err != nil {
			t.Fatal(err)
		}
		for i, se := range ses {
			if se != 0 {
				t.Errorf("seed %d, showing %s: exact leak with standard error %g", seed, smallCards[mine[i]], se)
			}
		}
		// One sample fewer: sampled, so each leak is a mean of some
		// worlds' leaks, with its standard error.
		if worlds > 1 {
			sampled, ses, err := g.showLeaks(ctx, p, 1, 0, asked, mine, ShowOptions{Samples: worlds - 1, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			for i := range mine {
				lo, hi := math.Inf(1), math.Inf(-1)
				for _, x := range perWorld {
					lo, hi = min(lo, x[i]), max(hi, x[i])
				}
				if sampled[i] < lo-1e-9 || sampled[i] > hi+1e-9 {
					t.Errorf("seed %d, showing %s: sampled leak %.6f outside the worlds' leaks [%.6f, %.6f]", seed, smallCards[mine[i]], sampled[i], lo, hi)
				}
				if ses[i] > 0 {
					sampledSE++
				}
			}
		}
		for i := range mine {
			want[i] /= float64(worlds)
			if math.Abs(got[i]-want[i]) > 1e-9 {
				t.Errorf("seed %d, showing %s: leak %.6f, brute force %.6f", seed, smallCards[mine[i]], got[i], want[i])
			}
			if want[i] > 1e-6 {
				nonzero++
			}
		}
	}
	if nonzero == 0 {
		t.Error("every leak is 0: the test is too weak")
	}
	if sampledSE == 0 {
		t.Error("no sampled leak has a standard error: the test is too weak")
	}
}

// bruteAccuse is, by enumerating every deal, opponent o's chance to accuse
// (its best envelope at least t likely in its view) and to accuse and be
// right, under the seat's view, with the chance to be right in each deal
// of the seat's view in the order visited: in every deal w and every
// choice of the cards shown to o out of the seat's sight, the deals o
// cannot tell from w are enumerated, their envelopes counted, and o picks
// one of its most frequent envelopes with equal chance.
func bruteAccuse(t *testing.T, g *Game, s smallGame, o int, at *big.Rat) (accuses, right *big.Rat, perWorld []*big.Rat) {
	accuses, right = new(big.Rat), new(big.Rat)
	bruteViews(t, g, s, o, func(w solver.World, share *big.Rat, view []solver.World) {
		if share == nil {
			perWorld = append(perWorld, new(big.Rat))
			return
		}
		envs := map[string]int{}
		top := 0
		for _, v := range view {
			envs[envOf(v)]++
			top = max(top, envs[envOf(v)])
		}
		if big.NewRat(int64(top), int64(len(view))).Cmp(at) < 0 {
			return
		}
		tied := 0
		for _, n := range envs {
			if n == top {
				tied++
			}
		}
		accuses.Add(accuses, share)
		if envs[envOf(w)] == top {
			r := new(big.Rat).Mul(share, big.NewRat(1, int64(tied)))
			right.Add(right, r)
			perWorld[len(perWorld)-1].Add(perWorld[len(perWorld)-1], r)
		}
	})
	n := big.NewRat(int64(len(perWorld)), 1)
	accuses.Quo(accuses, n)
	right.Quo(right, n)
	return accuses, right, perWorld
}

// TestAccuseAtBrute checks the opponent model of threat.Options.AccuseAt
// against brute force on seeded games of a 9-card deck: each opponent's
// chance to accuse, and to accuse and be right, at thresholds 1/3, 1/2 and
// 1 (certainty), and the decision's threat (some opponent right). Why: the
// accuse-or-wait rule weighs these figures, and the ties between an
// opponent's best envelopes (weighed equally) and the hidden shown cards
// are easy to get wrong. At 1 the chance to be right must be the chance to
// be certain.
func TestAccuseAtBrute(t *testing.T) {
	ctx := context.Background()
	below, ties := 0, 0
	for seed := range uint64(30) {
		s := newSmallGame(seed, 2+int(seed%5))
		g := NewGame()
		for _, l := range s.log {
			if err := g.Apply(l); err != nil {
				t.Fatalf("seed %d, %q: %v", seed, l, err)
			}
		}
		for _, at := range []float64{1.0 / 3, 0.5, 1} {
			figs, err := g.Threats(ctx, ThreatOptions{ExactWorlds: 1 << 20, Limit: 2, AccuseAt: at})
			if err != nil {
				t.Fatal(err)
			}
			rat := new(big.Rat).SetFloat64(at)
			var per [][]*big.Rat
			for _, f := range figs {
				accuses, right, pw := bruteAccuse(t, g, s, f.Opponent, rat)
				per = append(per, pw)
				if f.Accuses.Cmp(accuses) != 0 || f.Right.Cmp(right) != 0 {
					t.Errorf("seed %d at %.3f %s: accuses %s, right %s; brute force %s, %s\n%s", seed, at, smallNames[f.Opponent],
						f.Accuses.RatString(), f.Right.RatString(), accuses.RatString(), right.RatString(), strings.Join(s.log, "\n"))
				}
				if at == 1 && f.Right.Cmp(f.Certain) != 0 {
					t.Errorf("seed %d %s: right at certainty %s, certain %s", seed, smallNames[f.Opponent], f.Right.RatString(), f.Certain.RatString())
				}
				if at < 1 && f.Right.Cmp(f.Certain) > 0 {
					below++
				}
				if f.Accuses.Cmp(f.Right) > 0 && at < 1 {
					ties++ // some accusation below certainty is wrong
				}
			}
			// The decision's threat: 1 - the product, in each deal, of
			// the opponents' chances not to be right.
			want := new(big.Rat)
			for w := range per[0] {
				none := big.NewRat(1, 1)
				for i := range per {
					none.Mul(none, new(big.Rat).Sub(big.NewRat(1, 1), per[i][w]))
				}
				want.Add(want, new(big.Rat).Sub(big.NewRat(1, 1), none))
			}
			want.Quo(want, big.NewRat(int64(len(per[0])), 1))
			d := threat.Decide(big.NewRat(1, 2), figs, nil)
			if d.Threat.Cmp(want) != 0 || d.AccuseAt != at {
				t.Errorf("seed %d at %.3f: threat %s (model %g), brute force %s", seed, at, d.Threat.RatString(), d.AccuseAt, want.RatString())
			}
		}
	}
	if below == 0 || ties == 0 {
		t.Errorf("never right below certainty (%d) or wrong (%d): the test is too weak", below, ties)
	}
}
