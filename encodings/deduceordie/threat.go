package deduceordie

import (
	"context"
	"fmt"
	"math/big"
	"strings"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/encodings/threat"
	"github.com/gumshoe-dev/gumshoe/solver"
)

// ThreatOptions are the options of [Game.Threats]: the sheet and the
// reports use the zero value (every world visited up to 256 of them,
// otherwise 200 uniform samples drawn with seed 0, open solutions counted
// up to 4).
type ThreatOptions = threat.Options

// Threats is what each opponent still in the game already knows, under the
// seat's view: the probability that they can name a winning accusation
// (the Evidence pair and the player to accuse) with certainty, and how many
// such accusations they still have open. An opponent's view in a world is
// their hand and every line they saw: the public lines and the Secret
// Interrogations they took part in as the seat recorded them (a Secret
// Interrogation between two opponents, whose range the seat never learns,
// is left out, so the figure is a lower bound when there is one). With
// opt.AccuseAt, each opponent is also taken to accuse as soon as the
// accusation it finds most likely is at least that likely (an equal chance
// for each of its equally likely best accusations), and the figures give
// its chance to accuse and to accuse and win. It needs a seat and the
// exposed card; without them, or when the game is over, it returns nil.
func (g *Game) Threats(ctx context.Context, opt ThreatOptions) ([]threat.Figure, error) {
	if g.prob == nil {
		return nil, errNoPlayers
	}
	if g.seat < 0 || g.over {
		return nil, nil
	}
	exposed, ok := g.exposedCard()
	if !ok {
		return nil, nil
	}
	if g.threatFor == g.prob && g.threatOpt == opt {
		return g.threatFig, nil
	}
	var opps []int
	for p := range g.players {
		if p != g.seat && !g.eliminated[p] {
			opps = append(opps, p)
		}
	}
	figs, err := threat.Assess(ctx, g.prob, g.cnt.Counter(g.prob), opps, &dodCheck{g.views(exposed), newOppAsker(len(g.players))}, opt)
	if err != nil {
		return nil, err
	}
	g.threatFor, g.threatOpt, g.threatFig = g.prob, opt, figs
	return figs, nil
}

// exposedCard is the exposed card as recorded (-1 with 5 players), and
// false when it is not recorded yet.
func (g *Game) exposedCard() (Card, bool) {
	if !HasExposed(len(g.players)) {
		return -1, true
	}
	return g.exposed, g.exposed >= 0
}

// visibleTo reports whether player o saw observation id: every line but
// another player's hand, the Evidence (which the seat sees after its own
// wrong accusation, or everyone when the game is over) and a Secret
// Interrogation o took no part in.
func (g *Game) visibleTo(o, id int) bool {
	toks := tokenize(table.StripComment(g.lines[g.obsLine[id]]))
	if len(toks) < 2 {
		return true
	}
	who := func(i int) int {
		if i >= len(toks) {
			return -1
		}
		p, e := g.player(toks, i, "")
		if e != nil {
			return -1
		}
		return p
	}
	switch strings.ToLower(toks[0].s) {
	case "hand":
		return who(1) == o
	case "secret":
		return who(1) == o || who(2) == o
	case "evidence":
		return false
	}
	return true
}

// views is the per-world check of opponents' knowledge.
func (g *Game) views(exposed Card) *threat.Views {
	ev := g.evidenceH()
	return &threat.Views{
		Known: func(o int) *solver.Problem {
			var ids []int
			for id := range g.prob.Observations() {
				if g.visibleTo(o, id) {
					ids = append(ids, id)
				}
			}
			return g.prob.Subset(ids)
		},
		Seen: func(o int, w solver.World) (string, []solver.Constraint) {
			var key []byte
			var cons []solver.Constraint
			for c, h := range w {
				if int(h) == o {
					key = append(key, byte(c))
					cons = append(cons, solver.Holds(Card(c), solver.Holder(o)))
				}
			}
			return string(key), cons
		},
		Solution: func(o int, w solver.World) string {
			pair, t, ok := accusationOf(w, o, exposed, ev)
			if !ok {
				return CardName(pair[0]) + "+" + CardName(pair[1])
			}
			return fmt.Sprintf("%s+%s>%d", CardName(pair[0]), CardName(pair[1]), w[t])
		},
		Not: func(o int, w solver.World) []solver.Constraint {
			pair, t, ok := accusationOf(w, o, exposed, ev)
			if !ok {
				// No accusation with this pair can succeed; o's hand
				// fixed, the pair alone is the solution.
				return []solver.Constraint{solver.Clause(nil, []solver.Lit{{Card: pair[0], Holder: ev}, {Card: pair[1], Holder: ev}})}
			}
			return AccusationWrong(pair[0], pair[1], exposed, solver.Holder(o), w[t], ev)
		},
		Solutions: func(ctx context.Context, o int, w solver.World, view *solver.Problem) ([]threat.SolutionCount, error) {
			var hand []Card
			for c, h := range w {
				if int(h) == o {
					hand = append(hand, Card(c))
				}
			}
			pick := targetPick(exposed, hand)
			jc, err := solver.NewCounter(view).ContentsAndHolder(ctx, ev, pick)
			if err != nil {
				return nil, err
			}
			out := make([]threat.SolutionCount, 0, len(jc))
			for _, x := range jc {
				if len(x.Cards) != 2 {
					return nil, fmt.Errorf("deduceordie: an Evidence of %d cards", len(x.Cards))
				}
				key := CardName(x.Cards[0]) + "+" + CardName(x.Cards[1])
				_, ok := pick(x.Cards)
				if ok {
					key += fmt.Sprintf(">%d", x.Holder)
				}
				out = append(out, threat.SolutionCount{Key: key, Count: x.Count, NoWin: !ok})
			}
			return out, nil
		},
		Pivots: func(o int, w solver.World) []solver.Card {
			pair, t, ok := accusationOf(w, o, exposed, ev)
			if !ok {
				return pair[:]
			}
			return []solver.Card{pair[0], pair[1], t}
		},
	}
}

// accusationOf is the Evidence pair of world w and the target card of
// player o's accusation in it; ok is false when no accusation with the pair
// can succeed (every card of the chain is in o's hand).
func accusationOf(w solver.World, o int, exposed Card, ev solver.Holder) (pair [2]Card, t Card, ok bool) {
	n := 0
	for c, h := range w {
		if h == ev && n < 2 {
			pair[n] = Card(c)
			n++
		}
	}
	t, ok = TargetCard(pair[0], pair[1], exposed, func(c Card) bool { return int(w[c]) == o })
	return pair, t, ok
}

// threatLine is the sheet's headline of the opponents' knowledge.
func (g *Game) threatLine(figs []threat.Figure) string {
	return threat.Headline(g.players, figs)
}

// dodCheck is the per-world check of opponents' knowledge, with their
// next turns.
type dodCheck struct {
	*threat.Views
	asker *oppAsker
}

// Accusations is opponent o's best accusation in world w: the Evidence
// pair and accused player it finds most likely, counted exactly over every
// deal o cannot tell from w, and the share of its equally likely best
// accusations that win in w. A pair with which no accusation of o can
// succeed (every card o could name is in its hand) is never o's
// accusation. o's view is fixed by w: one accusation, of weight 1.
func (d *dodCheck) Accusations(ctx context.Context, o int, w solver.World) ([]threat.Accusation, error) {
	best, right, err := d.Views.Best(ctx, o, w)
	if err != nil {
		return nil, err
	}
	return []threat.Accusation{{Weight: big.NewRat(1, 1), Best: best, Right: right}}, nil
}

// Next is [threat.Within] for opponent o in world w.
func (d *dodCheck) Next(ctx context.Context, o int, w solver.World, turns, maxWorlds int) ([]*big.Rat, bool, error) {
	return d.Views.Next(ctx, o, w, d.asker, turns, maxWorlds)
}

// oppAsker is the opponents' model of [threat.Within] in Deduce or Die: at
// its turn an opponent may ask any range a draw or its Secret
// Interrogation could give (SecretRanges) of any other player, as if the
// draw always allowed its choice, and hears how many of the range's cards
// that player holds.
type oppAsker struct {
	ranges [][]Card
	n      int
}

func newOppAsker(n int) *oppAsker {
	a := &oppAsker{n: n}
	for _, r := range SecretRanges() {
		a.ranges = append(a.ranges, r.Cards())
	}
	return a
}

func (a *oppAsker) Questions(o int) int { return len(a.ranges) * (a.n - 1) }

func (a *oppAsker) Denom() int64 { return 1 }

// Answers: question q is range q/(n-1) asked of the (q mod (n-1)+1)th
// player after o; its key is the count.
func (a *oppAsker) Answers(dst []threat.Answer, o, q int, v solver.World) []threat.Answer {
	d := (o + 1 + q%(a.n-1)) % a.n
	k := 0
	for _, c := range a.ranges[q/(a.n-1)] {
		if int(v[c]) == d {
			k++
		}
	}
	return append(dst, threat.Answer{Key: uint64(k), Weight: 1})
}
