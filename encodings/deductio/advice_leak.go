package deductio

import (
	"cmp"
	"context"
	"math"
	"slices"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// Leak is what one opponent learns from the seat playing a clue card: the
// information, in bits, of "the card is true of the seat's number" in the
// opponent's view (every public line and the opponent's own numbers),
// −log2 of the chance the opponent gave the card (the divergence of their
// belief after the play from their belief before, whatever they are
// guessing), averaged exactly over the seat's worlds.
type Leak struct {
	Opponent string
	Gain     float64
}

// clueLeaks fills in, for every true option of a (the cards the seat may
// play vertically), the seat's gain, each opponent's leak and the score
// Gain − max(leak), and sets a.Play to the true option of the best score
// (ties: the earlier rule of [ClueChoice.Play]). best is the seat's best
// guess now (nil when none), the free guess a "free" card would allow.
func (g *Game) clueLeaks(ctx context.Context, a *ClueChoice, best *Guess) error {
	st := g.st
	pub, err := g.publicState()
	if err != nil {
		return err
	}
	if pub.prob.Model().NumHolders() != st.prob.Model().NumHolders() {
		return errLeakHolders
	}
	tal, err := st.countWorlds(ctx)
	if err != nil {
		return err
	}
	var worlds []solver.World
	looks := false
	for _, o := range a.Options {
		looks = looks || o.True && (o.Clue.Ability == Look1 || o.Clue.Ability == Look2)
	}
	if looks {
		for w := range solver.NewSAT(st.prob).Worlds(ctx) {
			worlds = append(worlds, w)
		}
		if err := ctx.Err(); err != nil {
			return err
		}
	}
	// views[o][n] is the exact count of opponent o's view when their current
	// number is n: the total, and the worlds by the seat's current number.
	type view struct {
		total int64
		seat  [MaxNumber + 1]int64
	}
	views := map[[2]int]*view{}
	viewOf := func(o, n int) (*view, error) {
		if v, ok := views[[2]int{o, n}]; ok {
			return v, nil
		}
		p := pub.prob.Clone()
		cons := []solver.Constraint{solver.Holds(cardOf(n), st.cur(o))}
		if _, err := p.Add(solver.Observation{Label: "own number", Constraints: cons}); err != nil {
			return nil, err
		}
		m, err := solver.NewCounter(p).Marginals(ctx)
		if err != nil {
			return nil, err
		}
		v := &view{total: m.Total.Int64()}
		for k := 1; k <= MaxNumber; k++ {
			v.seat[k] = m.Count(cardOf(k), pub.cur(st.seat)).Int64()
		}
		views[[2]int{o, n}] = v
		return v, nil
	}
	for i := range a.Options {
		o := &a.Options[i]
		if !o.True {
			continue
		}
		set := o.Clue.Numbers(st.faceUp)
		switch o.Clue.Ability {
		case FreeGuess:
			if best != nil {
				o.Gain = binaryEntropy(ratFloat(best.P))
			}
		case Look1, Look2:
			o.Gain = g.lookGain(worlds, int(o.Clue.Ability-Look1)+1)
		}
		o.Leaks = []Leak{}
		worst := 0.0
		for op := range st.players {
			if op == st.seat {
				continue
			}
			// The opponent's earlier numbers are public; their current
			// one is what the seat's worlds vary.
			leak := 0.0
			for n := 1; n <= MaxNumber; n++ {
				c := tal.count[st.cur(op)][n]
				if c == 0 {
					continue
				}
				v, err := viewOf(op, n)
				if err != nil {
					return err
				}
				var yes int64
				for _, k := range set.Numbers() {
					yes += v.seat[k]
				}
				leak += float64(c) / float64(tal.total) * -math.Log2(float64(yes)/float64(v.total))
			}
			leak = max(leak, 0)
			o.Leaks = append(o.Leaks, Leak{Opponent: st.players[op], Gain: leak})
			worst = max(worst, leak)
		}
		o.Score = o.Gain - worst
		o.Ranked = true
	}
	a.Play = -1
	for i, o := range a.Options {
		if !o.True {
			continue
		}
		if a.Play < 0 {
			a.Play = i
			continue
		}
		b := a.Options[a.Play]
		if c := cmp.Compare(o.Score, b.Score); c > 0 || c == 0 && (o.Mass.Cmp(b.Mass) > 0 || o.Mass.Cmp(b.Mass) == 0 && o.TheirBest.Cmp(b.TheirBest) < 0) {
			a.Play = i
		}
	}
	return nil
}

// lookGain is what the seat expects to learn about the opponents' current
// numbers by looking at the top k cards of the Secret Number deck: the
// mutual information of the cards seen and those numbers, over the worlds
// of the seat's view, the cards seen being any k of the deck's cards the
// seat has not looked at before, each set equally likely (a looked-at card
// went to the bottom).
func (g *Game) lookGain(worlds []solver.World, k int) float64 {
	st := g.st
	joint := map[string]float64{}
	pOpp := map[string]float64{}
	pSeen := map[string]float64{}
	var total float64
	for _, w := range worlds {
		var opp []byte
		for op := range st.players {
			if op != st.seat {
				opp = append(opp, byte(slices.Index(w, st.cur(op))))
			}
		}
		var deck []int
		for c, h := range w {
			if _, looked := st.looked[numberOf(solver.Card(c))]; h == st.deck && !looked {
				deck = append(deck, c)
			}
		}
		kk := min(k, len(deck))
		subsets := subsetsOf(deck, kk)
		share := 1 / float64(len(subsets))
		total++
		pOpp[string(opp)]++
		for _, s := range subsets {
			sk := string(s)
			joint[string(opp)+"|"+sk] += share
			pSeen[sk] += share
		}
	}
	if total == 0 {
		return 0
	}
	gain := 0.0
	for key, x := range joint {
		i := slices.Index([]byte(key), '|')
		gain += x / total * math.Log2(x*total/(pOpp[key[:i]]*pSeen[key[i+1:]]))
	}
	return max(gain, 0)
}

// subsetsOf lists the k-element subsets of xs (as bytes, in order).
func subsetsOf(xs []int, k int) [][]byte {
	var out [][]byte
	var rec func(i int, cur []byte)
	rec = func(i int, cur []byte) {
		if len(cur) == k {
			out = append(out, slices.Clone(cur))
			return
		}
		for j := i; j < len(xs); j++ {
			rec(j+1, append(cur, byte(xs[j])))
		}
	}
	rec(0, nil)
	return out
}

// binaryEntropy is the entropy, in bits, of a yes/no answer that is yes
// with probability p.
func binaryEntropy(p float64) float64 {
	h := 0.0
	for _, x := range []float64{p, 1 - p} {
		if x > 0 {
			h -= x * math.Log2(x)
		}
	}
	return h
}

var errLeakHolders = &adviceError{"the public game has other holders than the seat's"}
