package tournament

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"math/big"

	dod "github.com/gumshoe-dev/gumshoe/encodings/deduceordie"
	"github.com/gumshoe-dev/gumshoe/solver"
)

// PlayDoD plays one seeded game of Deduce or Die with the given policy in
// each seat. Every seat's log holds the public lines (reveals, the exposed
// card, questions, accusations) and its own hand; Secret Interrogations
// are not used. Accusations are made at the start of the accuser's turn.
func PlayDoD(ctx context.Context, seats []Policy, seed uint64) (Result, error) {
	vs := make([]Variant, len(seats))
	for s, p := range seats {
		vs[s] = PolicyVariant(p)
	}
	res, err := playDoDVariants(ctx, vs, seed)
	res.Seats = slices.Clone(seats)
	return res, err
}

// playDoDVariants is PlayDoD with each seat's decisions given separately
// (a variant's Secret rule included); the result's Seats are left empty.
func playDoDVariants(ctx context.Context, vs []Variant, seed uint64) (Result, error) {
	n := len(vs)
	res := Result{Winner: -1, Think: make([]time.Duration, n)}
	rng := rand.New(rand.NewPCG(seed, 0x746f75726e))
	d := dodDeal(rng, n)
	evidence, exposed, hands, deal := d.evidence, d.exposed, d.hands, d.holder
	names := slices.Clone(dod.PlayerNames[:n])
	games := make([]*dod.Game, n)
	all := func(line string) error {
		for p, g := range games {
			if err := g.Apply(line); err != nil {
				return fmt.Errorf("seat %d, %q: %w", p, line, err)
			}
		}
		return nil
	}
	for p := range n {
		games[p] = dod.NewGame()
		for _, l := range []string{"players " + strings.Join(names, " "), "seat " + names[p], "hand " + names[p] + " " + cardList(hands[p])} {
			if err := games[p].Apply(l); err != nil {
				return res, err
			}
		}
	}
	if exposed >= 0 {
		if err := all("exposed " + dod.CardName(exposed)); err != nil {
			return res, err
		}
	}
	for p := range n {
		if err := all(fmt.Sprintf("reveal %s %s", names[p], fewestSuit(hands[p]))); err != nil {
			return res, err
		}
	}
	inter := make([]dod.Card, 0, 2*dod.NumCards)
	out := make([]bool, n)
	usedSecret := make([]bool, n)
	left := n
	for turn, p := 0, rng.IntN(n); turn < MaxTurns; p = (p + 1) % n {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		if out[p] {
			continue
		}
		if left == 1 {
			// The last player in the game: every other accused wrongly.
			res.Winner, res.Turns = p, turn
			return res, nil
		}
		turn++
		res.Turns = turn
		g := games[p]
		start := time.Now()
		// Accuse?
		a, err := g.Analyze(ctx)
		if err != nil {
			return res, err
		}
		if x := a.Accusation; x != nil {
			accuse, err := vs[p].accuses(ctx, x.P, x.Certain, seed+uint64(turn), g.Threats)
			if err != nil {
				return res, err
			}
			if accuse {
				res.Think[p] += time.Since(start)
				right := x.A == evidence[0] && x.B == evidence[1]
				if right {
					t, ok := dod.TargetCard(x.A, x.B, exposed, func(c dod.Card) bool { return deal[c] == p })
					right = ok && deal[t] == x.Accused
				}
				verdict := "wrong"
				if right {
					verdict = "right"
				}
				if err := all(fmt.Sprintf("accuse %s %s %s+%s %s", names[p], names[x.Accused], dod.CardName(x.A), dod.CardName(x.B), verdict)); err != nil {
					return res, err
				}
				if right {
					res.Winner = p
					return res, nil
				}
				out[p] = true
				left--
				continue
			}
		}
		// Ask.
		if len(inter) < 3 {
			inter = inter[:0]
			for range 2 {
				for c := range dod.Card(dod.NumCards) {
					inter = append(inter, c)
				}
			}
			rng.Shuffle(len(inter), func(i, j int) { inter[i], inter[j] = inter[j], inter[i] })
		}
		draw := [3]dod.Card{inter[0], inter[1], inter[2]}
		inter = inter[3:]
		r, d, secret, err := dodQuestion(ctx, g, vs[p], draw, p, n, rng, seed+uint64(turn), !usedSecret[p])
		if err != nil {
			return res, err
		}
		res.Think[p] += time.Since(start)
		if !secret && !dodLegal(draw, r, d, p, n) {
			return res, fmt.Errorf("seat %d (%s) asked %s of seat %d, not a legal question of the draw %v", p, vs[p], r, d, draw)
		}
		k := 0
		for _, c := range r.Cards() {
			if deal[c] == d {
				k++
			}
		}
		if secret {
			// The draw is discarded; the asker and the answerer alone
			// learn the range and the count.
			usedSecret[p] = true
			for s, sg := range games {
				line := fmt.Sprintf("secret %s %s", names[p], names[d])
				if s == p || s == d {
					line += fmt.Sprintf(" %s = %d", r, k)
				}
				if err := sg.Apply(line); err != nil {
					return res, fmt.Errorf("seat %d, %q: %w", s, line, err)
				}
			}
			continue
		}
		if err := all(fmt.Sprintf("ask %s %s %s = %d", names[p], names[d], r, k)); err != nil {
			return res, err
		}
	}
	return res, nil
}

// dodDealt is a shuffled deal of n players: the Evidence pair (lower card
// first), each seat's hand sorted, the exposed card (-1 without one) and
// the holder of every card (seats, n for the Evidence, n+1 for the exposed
// card).
type dodDealt struct {
	evidence [2]dod.Card
	hands    [][]dod.Card
	exposed  dod.Card
	holder   []int
}

// dodDeal shuffles the deck with rng and deals it: the Evidence pair
// first, then each hand, the exposed card last.
func dodDeal(rng *rand.Rand, n int) dodDealt {
	deck := make([]dod.Card, dod.NumCards)
	for i := range deck {
		deck[i] = dod.Card(i)
	}
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	hs := dod.HandSize(n)
	d := dodDealt{
		evidence: [2]dod.Card{min(deck[0], deck[1]), max(deck[0], deck[1])},
		hands:    make([][]dod.Card, n),
		exposed:  -1,
		holder:   make([]int, dod.NumCards),
	}
	d.holder[deck[0]], d.holder[deck[1]] = n, n
	for p := range n {
		d.hands[p] = slices.Clone(deck[2+p*hs : 2+(p+1)*hs])
		slices.Sort(d.hands[p])
		for _, c := range d.hands[p] {
			d.holder[c] = p
		}
	}
	if dod.HasExposed(n) {
		d.exposed = deck[dod.NumCards-1]
		d.holder[d.exposed] = n + 1
	}
	return d
}

func cardList(cs []dod.Card) string {
	var s []string
	for _, c := range cs {
		s = append(s, dod.CardName(c))
	}
	return strings.Join(s, " ")
}

// fewestSuit is the suit with fewest cards in the hand (the first of equal
// ones, spades before hearts before clubs).
func fewestSuit(hand []dod.Card) string {
	var count [3]int
	for _, c := range hand {
		count[dod.SuitOf(c)]++
	}
	best := 0
	for s := 1; s < 3; s++ {
		if count[s] < count[best] {
			best = s
		}
	}
	return [...]string{"spades", "hearts", "clubs"}[best]
}

// dodQuestion is the question the seat's variant asks with this draw, and
// whether it is the seat's Secret Interrogation (only when canSecret).
func dodQuestion(ctx context.Context, g *dod.Game, v Variant, draw [3]dod.Card, p, n int, rng *rand.Rand, seed uint64, canSecret bool) (dod.Range, int, bool, error) {
	switch v.Ask {
	case Random:
		rs := dod.DrawQuestions(draw)
		return rs[rng.IntN(len(rs))], (p + 1 + rng.IntN(n-1)) % n, false, nil
	case Greedy:
		r, d, err := dodGreedy(ctx, g, draw, p, n)
		return r, d, false, err
	}
	var adv *dod.Advice
	var err error
	if v.Ask == Full {
		// Only the best question and its score are used: Top 1 weighs
		// no more than it takes to know them (the same as weighing all).
		adv, err = g.LeakAdvice(ctx, draw, dod.LeakOptions{Seed: seed, Top: 1, Samples: v.LeakSamples})
	} else {
		adv, err = g.Advice(ctx, draw)
	}
	if err != nil {
		return dod.Range{}, 0, false, err
	}
	if len(adv.Questions) == 0 {
		return dod.Range{}, 0, false, fmt.Errorf("seat %d: no question to ask", p)
	}
	q := adv.Questions[0]
	if canSecret && adv.Secret != nil {
		use := false
		switch v.Secret {
		case SecretFirst:
			use = true
		case SecretAdvice:
			// The Secret Interrogation leaks nothing: its gain against
			// the best question's score (its gain less the most it
			// tells an opponent; the gain itself without leaks).
			best := q.Gain
			if adv.Leaky {
				best = q.Score
			}
			use = adv.Secret.Gain > best+1e-12
		}
		if use {
			return adv.Secret.Range, adv.Secret.Opponent, true, nil
		}
	}
	return q.Range, q.Opponent, false, nil
}

// dodGreedy is the question of the draw whose answer settles the most
// cells of the seat's sheet in expectation (the first of equal ones:
// ranges in DrawQuestions order, opponents from the seat's left). Every
// question is a tally (how many of the range's cards the opponent holds).
// The expectation is computed one of two ways, whichever is cheaper for
// the position (both exact, TestDoDSettledTwoWays): with many worlds, by
// counting the cells of the problem given each answer
// (dodSettledByConditioning); with fewer, by listing each holder's
// contents split by every tally's value (dodSettledByListing).
func dodGreedy(ctx context.Context, g *dod.Game, draw [3]dod.Card, p, n int) (dod.Range, int, error) {
	prob := g.Problem()
	var qs []dodAsk
	for _, r := range dod.DrawQuestions(draw) {
		for k := 1; k < n; k++ {
			qs = append(qs, dodAsk{r, (p + k) % n})
		}
	}
	if len(qs) == 0 {
		return dod.Range{}, 0, fmt.Errorf("seat %d: no question to ask", p)
	}
	cnt := solver.NewCounter(prob)
	base, err := cnt.Marginals(ctx)
	if err != nil {
		return dod.Range{}, 0, err
	}
	var es []*big.Rat
	if base.Total.BitLen() > dodListingBits {
		es, err = dodSettledByConditioning(ctx, prob, qs)
	} else {
		es, err = dodSettledByListing(ctx, prob.Model(), cnt, base, qs)
	}
	if err != nil {
		return dod.Range{}, 0, err
	}
	bi := -1
	for i, e := range es {
		if e != nil && (bi < 0 || e.Cmp(es[bi]) > 0) {
			bi = i
		}
	}
	if bi < 0 {
		return dod.Range{}, 0, fmt.Errorf("seat %d: no question to ask", p)
	}
	return qs[bi].r, qs[bi].d, nil
}

// dodListingBits is where dodGreedy changes method: positions with more
// than 2^22 worlds are counted answer by answer; in measured 4- to
// 6-player positions, listing the contents took 2 to 45 times longer
// there, and up to 3 times less below it.
const dodListingBits = 22

// dodAsk is one question: the range asked of opponent d.
type dodAsk struct {
	r dod.Range
	d int
}

// tally is the question as a count of the opponent's cards.
func (q dodAsk) tally() solver.Tally {
	var cards []solver.Card
	for _, c := range q.r.Cards() {
		cards = append(cards, solver.Card(c))
	}
	return solver.Tally{Holder: solver.Holder(q.d), Cards: cards}
}

// settledCells is the number of cells (card, holder) the marginals settle:
// the card is with the holder in no world or in every world.
func settledCells(m *solver.Model, mg *solver.Marginals) int {
	s := 0
	for c := range m.NumCards() {
		for h := range m.NumHolders() {
			if x := mg.Count(solver.Card(c), solver.Holder(h)); x.Sign() == 0 || x.Cmp(mg.Total) == 0 {
				s++
			}
		}
	}
	return s
}

// dodSettledByConditioning is, for each question, the expected number of
// settled cells after its answer: for every answer v, the problem with
// "the opponent holds v of the range's cards" added is counted cell by
// cell (one marginals pass), and the settled cells are weighted by its
// worlds. A nil entry is a question no world answers (none: every world
// answers every question).
func dodSettledByConditioning(ctx context.Context, prob *solver.Problem, qs []dodAsk) ([]*big.Rat, error) {
	m := prob.Model()
	out := make([]*big.Rat, len(qs))
	for i, q := range qs {
		t := q.tally()
		lits := make([]solver.Lit, len(t.Cards))
		for j, c := range t.Cards {
			lits[j] = solver.Lit{Card: c, Holder: t.Holder}
		}
		num, den := new(big.Int), new(big.Int)
		for v := 0; v <= len(lits); v++ {
			given := prob.Clone()
			if _, err := given.Add(solver.Observation{Label: "answer", Constraints: []solver.Constraint{solver.CountOf(lits, solver.Eq, v)}}); err != nil {
				return nil, err
			}
			mg, err := solver.NewCounter(given).Marginals(ctx)
			if err != nil {
				return nil, err
			}
			if mg.Total.Sign() == 0 {
				continue
			}
			num.Add(num, new(big.Int).Mul(mg.Total, big.NewInt(int64(settledCells(m, mg)))))
			den.Add(den, mg.Total)
		}
		if den.Sign() > 0 {
			out[i] = new(big.Rat).SetFrac(num, den)
		}
	}
	return out, nil
}

// dodSettledByListing is dodSettledByConditioning's figure another way:
// the content distribution of each holder with an open cell, split by the
// value of every tally, gives every cell's count under every answer in
// one pass a holder. A settled cell stays settled whatever the answer.
func dodSettledByListing(ctx context.Context, m *solver.Model, cnt *solver.Counter, base *solver.Marginals, qs []dodAsk) ([]*big.Rat, error) {
	tallies := make([]solver.Tally, len(qs))
	for i, q := range qs {
		tallies[i] = q.tally()
	}
	// settled[i][v] counts the settled cells under value v of tally i;
	// total[i][v] is its number of worlds.
	settled := make([]map[int]int, len(qs))
	total := make([]map[int]*big.Int, len(qs))
	for i := range qs {
		settled[i], total[i] = map[int]int{}, map[int]*big.Int{}
	}
	fixed := 0 // cells settled already
	for h := range m.NumHolders() {
		var open []solver.Card
		for c := range m.NumCards() {
			if x := base.Count(solver.Card(c), solver.Holder(h)); x.Sign() == 0 || x.Cmp(base.Total) == 0 {
				fixed++
			} else {
				open = append(open, solver.Card(c))
			}
		}
		if len(open) == 0 {
			continue
		}
		outs, err := cnt.ContentsAndHolderByTally(ctx, solver.Holder(h), nil, tallies)
		if err != nil {
			return nil, err
		}
		for i, byValue := range outs {
			for _, o := range byValue {
				sum := new(big.Int)
				counts := map[solver.Card]*big.Int{}
				for _, x := range o.Joint {
					sum.Add(sum, x.Count)
					for _, c := range x.Cards {
						if counts[c] == nil {
							counts[c] = new(big.Int)
						}
						counts[c].Add(counts[c], x.Count)
					}
				}
				total[i][o.Value] = sum
				for _, c := range open {
					if x := counts[c]; x == nil || x.Cmp(sum) == 0 {
						settled[i][o.Value]++
					}
				}
			}
		}
	}
	out := make([]*big.Rat, len(qs))
	for i := range qs {
		num, den := new(big.Int), new(big.Int)
		for v, t := range total[i] {
			num.Add(num, new(big.Int).Mul(t, big.NewInt(int64(fixed+settled[i][v]))))
			den.Add(den, t)
		}
		if den.Sign() > 0 {
			out[i] = new(big.Rat).SetFrac(num, den)
		}
	}
	return out, nil
}

// dodLegal reports whether asking opponent d about r is a legal question
// of seat p with the draw.
func dodLegal(draw [3]dod.Card, r dod.Range, d, p, n int) bool {
	if d < 0 || d >= n || d == p {
		return false
	}
	return slices.ContainsFunc(dod.DrawQuestions(draw), func(x dod.Range) bool { return slices.Equal(x.Cards(), r.Cards()) })
}
