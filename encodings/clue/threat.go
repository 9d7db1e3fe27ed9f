package clue

import (
	"context"
	"math/big"
	"math/rand/v2"
	"slices"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/encodings/threat"
	"github.com/gumshoe-dev/gumshoe/solver"
)

// ThreatOptions are the options of [Game.Threats]; the reports use the
// zero value (see [threat.Options]).
type ThreatOptions = threat.Options

// maxChoices is the most combinations of hidden shown cards an opponent's
// check enumerates in one world; beyond it that many are drawn at random
// (seeded by the world).
const maxChoices = 64

// Threats is what each opponent still in the game already knows, under the
// seat's view: the probability that they can name the envelope with
// certainty and how many envelopes they still have open. An opponent's
// view in a world is their hand, every public line (passes, who showed,
// accusations, the face-up cards) and the cards shown to them. A card
// shown to an opponent by a third player is not in the seat's log: in a
// world where the shower holds one of the asked cards it is that card;
// where the shower holds several, each is taken to be shown with equal
// chance, and the figure averages over those choices. With
// opt.AccuseAt, each opponent is also taken to accuse as soon as the
// envelope it finds most likely is at least that likely (an equal chance
// for each of its equally likely best envelopes), and the figures give
// its chance to accuse and to accuse the true envelope. It returns nil
// without a seat.
func (g *Game) Threats(ctx context.Context, opt ThreatOptions) ([]threat.Figure, error) {
	p, err := g.Problem()
	if err != nil {
		return nil, err
	}
	seat := g.seatIndex()
	if seat < 0 {
		return nil, nil
	}
	var opps []int
	for i, name := range g.players {
		if i != seat && !g.out[name] {
			opps = append(opps, i)
		}
	}
	return threat.Assess(ctx, p, g.counts.Counter(p), opps, g.threatCheck(p), opt)
}

// clueCheck is the per-world check of the opponents' knowledge.
type clueCheck struct {
	g      *Game
	views  *threat.Views
	hidden map[int][]Question // per opponent: questions they asked whose shown card the seat did not see
	extra  []solver.Card      // the hidden shown cards of the combination being checked
	asker  *oppAsker          // the opponents' model of their next turns
}

func (g *Game) threatCheck(p *solver.Problem) *clueCheck {
	env := g.envelope()
	ck := &clueCheck{g: g, hidden: map[int][]Question{}}
	// Each observation's question, by the order of the history.
	question := make(map[int]Question)
	k := 0
	for id := range p.Observations() {
		if id == 0 {
			continue // the deck rule
		}
		toks := lex(table.StripComment(g.lines[g.obsLine[id]]))
		if len(toks) > 1 && toks[1].is("asks", "suggests") && k < len(g.history) {
			q := g.history[k]
			question[id] = q
			if q.Shower >= 0 && q.Shown < 0 {
				ck.hidden[q.Asker] = append(ck.hidden[q.Asker], q)
			}
			k++
		}
	}
	known := func(o int) *solver.Problem {
		kp := solver.NewProblem(p.Model())
		for id, ob := range p.Observations() {
			if id == 0 {
				kp.Add(ob)
				continue
			}
			toks := lex(table.StripComment(g.lines[g.obsLine[id]]))
			head := toks[0]
			switch {
			case head.is("hand"):
				continue // the seat's own hand
			case head.is("faceup") && !(len(toks) > 1 && toks[1].is("has", "holds", "lacks")):
				kp.Add(ob)
				continue
			}
			if len(toks) > 1 && toks[1].is("has", "holds", "lacks") {
				continue // what the seat saw
			}
			q, ok := question[id]
			if !ok || q.Asker == o || q.Shower == o {
				kp.Add(ob) // an accusation, or a question o asked or answered
				continue
			}
			kp.Add(solver.Observation{Label: ob.Label, Constraints: publicPart(q)})
		}
		return kp
	}
	ck.views = &threat.Views{
		Known: known,
		Seen: func(o int, w solver.World) (string, []solver.Constraint) {
			var key []byte
			var cons []solver.Constraint
			for c, h := range w {
				if int(h) == o {
					key = append(key, byte(c))
					cons = append(cons, solver.Holds(solver.Card(c), h))
				}
			}
			key = append(key, 0xff)
			for _, c := range ck.extra {
				key = append(key, byte(c))
				cons = append(cons, solver.Holds(c, w[c]))
			}
			return string(key), cons
		},
		Solution: func(o int, w solver.World) string {
			var key []byte
			for c, h := range w {
				if h == env {
					key = append(key, byte(c))
				}
			}
			return string(key)
		},
		Not: func(o int, w solver.World) []solver.Constraint {
			var lits []solver.Lit
			for c, h := range w {
				if h == env {
					lits = append(lits, solver.Lit{Card: solver.Card(c), Holder: env})
				}
			}
			return []solver.Constraint{solver.Clause(nil, lits)}
		},
		Solutions: func(ctx context.Context, o int, _ solver.World, view *solver.Problem) ([]threat.SolutionCount, error) {
			cs, err := solver.NewCounter(view).Contents(ctx, env)
			if err != nil {
				return nil, err
			}
			out := make([]threat.SolutionCount, len(cs))
			for i, c := range cs {
				key := make([]byte, len(c.Cards))
				for k, card := range c.Cards {
					key[k] = byte(card)
				}
				out[i] = threat.SolutionCount{Key: string(key), Count: c.Count}
			}
			return out, nil
		},
		Pivots: func(o int, w solver.World) []solver.Card {
			var cs []solver.Card
			for c, h := range w {
				if h == env {
					cs = append(cs, solver.Card(c))
				}
			}
			return cs
		},
	}
	return ck
}

// publicPart is what a question tells the players who neither asked nor
// answered it: who passed, and that the shower holds one of the cards.
func publicPart(q Question) []solver.Constraint {
	var cons []solver.Constraint
	for _, p := range q.Passed {
		for _, c := range q.Cards {
			cons = append(cons, solver.NotHolds(c, solver.Holder(p)))
		}
	}
	if q.Shower >= 0 {
		lits := make([]solver.Lit, len(q.Cards))
		for k, c := range q.Cards {
			lits[k] = solver.Lit{Card: c, Holder: solver.Holder(q.Shower)}
		}
		cons = append(cons, solver.CountOf(lits, solver.Ge, 1))
	}
	return cons
}

// combos are the combinations of the cards shown to o out of the seat's
// sight in world w, each equally likely (at most maxChoices; beyond that,
// maxChoices drawn at random, seeded by the world).
func (ck *clueCheck) combos(o int, w solver.World) [][]solver.Card {
	var options [][]solver.Card
	total := 1
	for _, q := range ck.hidden[o] {
		var s []solver.Card
		for _, c := range q.Cards {
			if int(w[c]) == q.Shower {
				s = append(s, c)
			}
		}
		options = append(options, s)
		total *= len(s)
		if total > maxChoices {
			total = maxChoices + 1
		}
	}
	var combos [][]solver.Card
	if total <= maxChoices {
		combos = [][]solver.Card{nil}
		for _, s := range options {
			var next [][]solver.Card
			for _, cb := range combos {
				for _, c := range s {
					next = append(next, append(slices.Clone(cb), c))
				}
			}
			combos = next
		}
		return combos
	}
	seed := uint64(0)
	for _, h := range w {
		seed = seed*31 + uint64(h)
	}
	rng := rand.New(rand.NewPCG(seed, uint64(o)))
	for range maxChoices {
		var cb []solver.Card
		for _, s := range options {
			cb = append(cb, s[rng.IntN(len(s))])
		}
		combos = append(combos, cb)
	}
	return combos
}

// Open averages the exact count of open envelopes over the choices of the
// cards shown to o that the seat did not see.
func (ck *clueCheck) Open(ctx context.Context, o int, w solver.World, limit int) ([]*big.Rat, error) {
	combos := ck.combos(o, w)
	dist := make([]*big.Rat, limit)
	for i := range dist {
		dist[i] = new(big.Rat)
	}
	share := big.NewRat(1, int64(len(combos)))
	for _, cb := range combos {
		ck.extra = cb
		n, err := ck.views.Count(ctx, o, w, limit)
		if err != nil {
			return nil, err
		}
		dist[n-1].Add(dist[n-1], share)
	}
	ck.extra = nil
	return dist, nil
}

// Accusations are opponent o's best accusations in world w, one for each
// choice of the cards shown to o out of the seat's sight (as Open): the
// envelope o finds most likely, counted exactly over every deal o cannot
// tell from w, and the share of o's equally likely best envelopes that are
// w's.
func (ck *clueCheck) Accusations(ctx context.Context, o int, w solver.World) ([]threat.Accusation, error) {
	combos := ck.combos(o, w)
	share := big.NewRat(1, int64(len(combos)))
	defer func() { ck.extra = nil }()
	out := make([]threat.Accusation, 0, len(combos))
	for _, cb := range combos {
		ck.extra = cb
		best, right, err := ck.views.Best(ctx, o, w)
		if err != nil {
			return nil, err
		}
		out = append(out, threat.Accusation{Weight: share, Best: best, Right: right})
	}
	return out, nil
}

// oppAsker is the opponents' model of [threat.Within] in Clue: an opponent
// may ask any legal question; the players after it in turn are asked in
// order, and the first who holds one of the cards shows one of them, each
// of those it holds with equal chance, to the asker alone.
type oppAsker struct {
	qs    [][]solver.Card
	n     int // players
	denom int64
}

func newOppAsker(g *Game) *oppAsker {
	a := &oppAsker{qs: g.Questions(), n: len(g.players), denom: 1}
	most := 1
	for _, q := range a.qs {
		most = max(most, len(q))
	}
	for m := 2; m <= most; m++ {
		a.denom = lcm(a.denom, int64(m))
	}
	return a
}

func (a *oppAsker) Questions(o int) int { return len(a.qs) }

func (a *oppAsker) Denom() int64 { return a.denom }

// Answers: key 0 when nobody shows, else the shower (r+1) and the card.
func (a *oppAsker) Answers(dst []threat.Answer, o, q int, v solver.World) []threat.Answer {
	cs := a.qs[q]
	for k := 1; k < a.n; k++ {
		r := (o + k) % a.n
		m := 0
		for _, c := range cs {
			if int(v[c]) == r {
				m++
			}
		}
		if m == 0 {
			continue
		}
		for _, c := range cs {
			if int(v[c]) == r {
				dst = append(dst, threat.Answer{Key: uint64(r+1)<<32 | uint64(c), Weight: a.denom / int64(m)})
			}
		}
		return dst
	}
	return append(dst, threat.Answer{Key: 0, Weight: a.denom})
}

// Next is [threat.Within] for opponent o in world w, averaged over the
// choices of the cards shown to o out of the seat's sight (as Open).
func (ck *clueCheck) Next(ctx context.Context, o int, w solver.World, turns, maxWorlds int) ([]*big.Rat, bool, error) {
	if ck.asker == nil {
		ck.asker = newOppAsker(ck.g)
	}
	combos := ck.combos(o, w)
	out := make([]*big.Rat, turns)
	for k := range out {
		out[k] = new(big.Rat)
	}
	share := big.NewRat(1, int64(len(combos)))
	defer func() { ck.extra = nil }()
	for _, cb := range combos {
		ck.extra = cb
		p, ok, err := ck.views.Next(ctx, o, w, ck.asker, turns, maxWorlds)
		if err != nil || !ok {
			return nil, ok, err
		}
		for k := range out {
			out[k].Add(out[k], new(big.Rat).Mul(p[k], share))
		}
	}
	return out, true, nil
}
