package threat

import (
	"math/big"
	"strconv"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// Asker is what an opponent may ask at its turn and what each answer tells
// it: the opponent model of [Within].
type Asker interface {
	// Questions is the number of questions opponent o may ask; they are
	// numbered from 0, and a tie between questions goes to the lowest
	// number.
	Questions(o int) int
	// Answers appends to dst the answers question q of opponent o gets in
	// world v, as o hears them, each with its weight; the weights of one
	// world add up to Denom. An answer is told by its key alone: two
	// answers with the same key tell o the same thing.
	Answers(dst []Answer, o, q int, v solver.World) []Answer
	// Denom is the total weight of a world's answers.
	Denom() int64
}

// Answer is one answer to a question, with its weight (see [Asker]).
type Answer struct {
	Key    uint64
	Weight int64
}

// Within is the probability that the opponent o, whose view in the true
// world w has the worlds view (equally likely, w among them), can name
// the solution with certainty within k of its own turns, for k = 1 to
// turns: at each turn it asks the question of a (the lowest-numbered of
// the best) that its own view says is most likely to leave one solution
// open, hears the answer world w gives (each of w's answers with its
// weight), and names the solution if one is left, in that same turn. It
// is certain from the first turn when its view has one solution already.
// Nothing else is learnt between its turns (the other players' questions
// are left out). solution names the solution of a world; best, when not
// nil, caches the opponent's choices under key.
func Within(view []solver.World, solution func(solver.World) string, a Asker, o int, w solver.World, turns int, best map[string]int, key string) []*big.Rat {
	if best == nil {
		best = map[string]int{}
	}
	l := &wlist{ws: view, wt: make([]int64, len(view)), sol: make([]string, len(view))}
	for i, v := range view {
		l.wt[i] = 1
		l.sol[i] = solution(v)
	}
	x := &within{a: a, o: o, w: w, best: best}
	return x.rec(l, turns, key)
}

// wlist is an opponent's view: its worlds, each one's weight (the
// likelihood of the answers heard so far) and solution.
type wlist struct {
	ws  []solver.World
	wt  []int64
	sol []string
}

func (l *wlist) certain() bool {
	for i := range l.sol {
		if l.wt[i] > 0 && l.sol[i] != l.sol[0] {
			return false
		}
	}
	return true
}

type within struct {
	a    Asker
	o    int
	w    solver.World
	best map[string]int
	buf  []Answer
}

// rec is, for the view l, the probability of being certain within 1 to
// left more turns.
func (x *within) rec(l *wlist, left int, key string) []*big.Rat {
	res := make([]*big.Rat, left)
	for j := range res {
		res[j] = new(big.Rat)
	}
	if l.certain() {
		for j := range res {
			res[j].SetInt64(1)
		}
		return res
	}
	if left == 0 {
		return res
	}
	q, ok := x.best[key]
	if !ok {
		q = x.choose(l)
		x.best[key] = q
	}
	ans := x.a.Answers(nil, x.o, q, x.w)
	den := x.a.Denom()
	for _, an := range ans {
		if an.Weight == 0 {
			continue
		}
		sub := x.filter(l, q, an.Key)
		p := big.NewRat(an.Weight, den)
		if sub.certain() {
			for j := range res {
				res[j].Add(res[j], p)
			}
			continue
		}
		r := x.rec(sub, left-1, key+"|"+strconv.Itoa(q)+":"+strconv.FormatUint(an.Key, 10))
		for j := 1; j < left; j++ {
			res[j].Add(res[j], new(big.Rat).Mul(p, r[j-1]))
		}
	}
	return res
}

// filter is the view after question q's answer key: each world weighted
// by the chance it gives that answer, those that cannot left out.
func (x *within) filter(l *wlist, q int, key uint64) *wlist {
	sub := &wlist{}
	for i, v := range l.ws {
		x.buf = x.a.Answers(x.buf[:0], x.o, q, v)
		for _, an := range x.buf {
			if an.Key == key && an.Weight > 0 {
				sub.ws = append(sub.ws, v)
				sub.wt = append(sub.wt, l.wt[i]*an.Weight)
				sub.sol = append(sub.sol, l.sol[i])
			}
		}
	}
	return sub
}

// class is the worlds of one answer to a question: their weight, and
// whether they have one solution.
type class struct {
	key   uint64
	wt    int64
	sol   string
	mixed bool
}

// choose is the question of l most likely, by l's weights, to leave one
// solution (the lowest-numbered of equal ones).
func (x *within) choose(l *wlist) int {
	bq, bm := 0, int64(-1)
	var cs []class
	for q := range x.a.Questions(x.o) {
		cs = cs[:0]
		for i, v := range l.ws {
			if l.wt[i] == 0 {
				continue
			}
			x.buf = x.a.Answers(x.buf[:0], x.o, q, v)
			for _, an := range x.buf {
				if an.Weight == 0 {
					continue
				}
				k := -1
				for j := range cs {
					if cs[j].key == an.Key {
						k = j
						break
					}
				}
				if k < 0 {
					cs = append(cs, class{key: an.Key, sol: l.sol[i]})
					k = len(cs) - 1
				}
				cs[k].wt += l.wt[i] * an.Weight
				if cs[k].sol != l.sol[i] {
					cs[k].mixed = true
				}
			}
		}
		m := int64(0)
		for _, c := range cs {
			if !c.mixed {
				m += c.wt
			}
		}
		if m > bm {
			bq, bm = q, m
		}
	}
	return bq
}
