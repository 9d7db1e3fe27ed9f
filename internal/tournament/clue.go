package tournament

import (
	"context"
	"fmt"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/gumshoe-dev/gumshoe/encodings/clue"
	"github.com/gumshoe-dev/gumshoe/solver"
)

// ClueAdvice is the question ranking of the advice policy in Clue.
var ClueAdvice = func(ctx context.Context, g *clue.Game) ([]clue.QuestionOption, error) {
	return g.AdviseQuestions(ctx)
}

// ClueFullAdvice is the question ranking of the full policy in Clue: the
// advice with leaks as the session gives it ([clue.Game.LeakAdvice] with
// [clue.SessionLeakLimit]), ranked by gain less the largest leak.
var ClueFullAdvice = func(ctx context.Context, g *clue.Game) ([]clue.QuestionOption, error) {
	a, err := g.LeakAdvice(ctx, clue.LeakOptions{Limit: clue.SessionLeakLimit})
	if err != nil {
		return nil, err
	}
	return a.Questions, nil
}

// PlayClue plays one seeded game of classic Cluedo (the simulator's deal of
// the preset "cluedo": one suspect, weapon and room in the envelope, the
// rest dealt round the table). On their turn a player first accuses when
// their best accusation is certain (full: also when accusing beats waiting,
// threat.Decide), else asks a question of one suspect, weapon and room; the
// responders answer in seating order from the asker's left, the first who
// holds an asked card shows one (chosen uniformly at random among those
// they hold). The asker and the shower see the card; the others see who
// showed. A wrong accuser is out but still shows cards; the last player in
// wins.
func PlayClue(ctx context.Context, seats []Policy, seed uint64) (Result, error) {
	return playClue(ctx, seats, seed, nil)
}

// playClue is PlayClue; trace, when not nil, is called with every move as
// the mover logs it (accusations, and questions with the card shown).
func playClue(ctx context.Context, seats []Policy, seed uint64, trace func(line string)) (Result, error) {
	vs := make([]Variant, len(seats))
	for s, p := range seats {
		vs[s] = PolicyVariant(p)
	}
	res, err := playClueVariants(ctx, vs, seed, trace)
	res.Seats = slices.Clone(seats)
	return res, err
}

// playClueVariants is PlayClue with each seat's decisions given
// separately; the result's Seats are left empty.
func playClueVariants(ctx context.Context, vs []Variant, seed uint64, trace func(line string)) (Result, error) {
	n := len(vs)
	res := Result{Winner: -1, Think: make([]time.Duration, n)}
	sim, err := clue.Simulate(clue.SimOptions{Preset: clue.PresetCluedo, Players: n, Seed: seed, Questions: -1})
	if err != nil {
		return res, err
	}
	if len(sim.Events) != 0 {
		return res, fmt.Errorf("clue: the simulator played %d events, want the deal only", len(sim.Events))
	}
	rng := rand.New(rand.NewPCG(seed, 0x636c756574))
	deck := sim.Deck
	names := deck.Cards()
	env := solver.Holder(n)
	games := make([]*clue.Game, n)
	for p := range n {
		games[p] = clue.NewGame()
		for _, l := range sim.Log(p)[1:] {
			if err := games[p].Apply(l); err != nil {
				return res, fmt.Errorf("seat %d, %q: %w", p, l, err)
			}
		}
	}
	apply := func(line func(seat int) string) error {
		for s, g := range games {
			if err := g.Apply(line(s)); err != nil {
				return fmt.Errorf("seat %d, %q: %w", s, line(s), err)
			}
		}
		return nil
	}
	cardNames := func(cs []solver.Card) string {
		var s []string
		for _, c := range cs {
			s = append(s, names[c])
		}
		return strings.Join(s, " ")
	}
	out := make([]bool, n)
	left := n
	for turn, p := 0, rng.IntN(n); turn < MaxTurns; p = (p + 1) % n {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		if out[p] {
			continue
		}
		if left == 1 {
			res.Winner, res.Turns = p, turn
			return res, nil
		}
		turn++
		res.Turns = turn
		g := games[p]
		start := time.Now()
		best, prob, err := clueBest(ctx, g, env)
		if err != nil {
			return res, err
		}
		accuse, err := vs[p].accuses(ctx, prob, prob.Cmp(big.NewRat(1, 1)) == 0, seed+uint64(turn), g.Threats)
		if err != nil {
			return res, err
		}
		if accuse {
			res.Think[p] += time.Since(start)
			right := true
			for _, c := range best {
				right = right && sim.Deal[c] == env
			}
			verdict := "wrong"
			if right {
				verdict = "right"
			}
			line := fmt.Sprintf("%s accuses %s %s", sim.Players[p], cardNames(best), verdict)
			if trace != nil {
				trace(line)
			}
			if err := apply(func(int) string { return line }); err != nil {
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
		q, err := clueQuestion(ctx, g, vs[p].Ask, p, rng)
		if err != nil {
			return res, err
		}
		res.Think[p] += time.Since(start)
		if !slices.ContainsFunc(g.Questions(), func(x []solver.Card) bool { return slices.Equal(x, slices.Sorted(slices.Values(q))) }) {
			return res, fmt.Errorf("seat %d (%s) asked %s, not a legal question", p, vs[p].Ask, cardNames(q))
		}
		shower, shown := -1, solver.Card(-1)
		for k := 1; k < n && shower < 0; k++ {
			r := (p + k) % n
			var have []solver.Card
			for _, c := range q {
				if sim.Deal[c] == solver.Holder(r) {
					have = append(have, c)
				}
			}
			if len(have) > 0 {
				shower, shown = r, have[rng.IntN(len(have))] // drawn even when not used: the games stay paired
				if len(have) > 1 && vs[r].Show {
					t0 := time.Now()
					sa, err := games[r].AdviseShow(ctx, sim.Players[p], q)
					if err != nil {
						return res, err
					}
					res.Think[r] += time.Since(t0)
					if len(sa.Cards) == 0 {
						return res, fmt.Errorf("seat %d holds %s but the show advice offers none", r, cardNames(have))
					}
					c := slices.Index(names, sa.Cards[0].Card)
					if c < 0 || !slices.Contains(have, solver.Card(c)) {
						return res, fmt.Errorf("seat %d was advised to show %s, not one of %s", r, sa.Cards[0].Card, cardNames(have))
					}
					shown = solver.Card(c)
				}
			}
		}
		ask := fmt.Sprintf("%s asks %s: ", sim.Players[p], cardNames(q))
		if trace != nil {
			switch {
			case shower < 0:
				trace(ask + "nobody")
			default:
				trace(ask + sim.Players[shower] + " shows " + names[shown])
			}
		}
		if err := apply(func(s int) string {
			switch {
			case shower < 0:
				return ask + "nobody"
			case s == p || s == shower:
				return ask + sim.Players[shower] + " shows " + names[shown]
			}
			return ask + sim.Players[shower] + " shows"
		}); err != nil {
			return res, err
		}
	}
	return res, nil
}

// clueBest is the seat's most likely envelope (the first of equally likely
// ones in the counter's order) and its exact probability.
func clueBest(ctx context.Context, g *clue.Game, env solver.Holder) ([]solver.Card, *big.Rat, error) {
	p, err := g.Problem()
	if err != nil {
		return nil, nil, err
	}
	cs, err := solver.NewCounter(p).Contents(ctx, env)
	if err != nil {
		return nil, nil, err
	}
	total := new(big.Int)
	var best solver.ContentCount
	for _, c := range cs {
		total.Add(total, c.Count)
		if best.Count == nil || c.Count.Cmp(best.Count) > 0 {
			best = c
		}
	}
	if best.Count == nil {
		return nil, nil, fmt.Errorf("clue: no envelope is possible")
	}
	return best.Cards, new(big.Rat).SetFrac(best.Count, total), nil
}

// clueQuestion is the question the seat's policy asks.
func clueQuestion(ctx context.Context, g *clue.Game, pol Policy, p int, rng *rand.Rand) ([]solver.Card, error) {
	switch pol {
	case Random:
		qs := g.Questions()
		return qs[rng.IntN(len(qs))], nil
	case Greedy:
		return clueGreedy(ctx, g, p)
	}
	rank := ClueAdvice
	if pol == Full {
		rank = ClueFullAdvice
	}
	qs, err := rank(ctx, g)
	if err != nil {
		return nil, err
	}
	if len(qs) == 0 {
		return nil, fmt.Errorf("clue: seat %d has no question to ask", p)
	}
	return qs[0].Cards, nil
}

// clueGreedy is the question whose answer settles the most cells of the
// seat's sheet in expectation (the first of equal ones in the order of
// Game.Questions). Questions that a symmetry of the problem maps onto each
// other (cards of one category that every constraint treats alike) settle
// as many cells and are computed once. The figures are exact, those of
// ExpectedSettled over clueEvents: by counting (clueSettledByAnswers), or,
// when the seat's view has few worlds, from one pass over them
// (clueSettledByWorlds).
func clueGreedy(ctx context.Context, g *clue.Game, seat int) ([]solver.Card, error) {
	prob, err := g.Problem()
	if err != nil {
		return nil, err
	}
	n := len(g.Players())
	class := clue.CardClasses(prob, g.Deck())
	cnt := solver.NewCounter(prob)
	memo := map[string]*big.Rat{}
	qs := g.Questions()
	var reps [][]solver.Card
	seen := map[string]bool{}
	for _, q := range qs {
		if key := classKey(q, class); !seen[key] {
			seen[key] = true
			reps = append(reps, q)
		}
	}
	worlds, err := cnt.Count(ctx)
	if err != nil {
		return nil, err
	}
	if worlds.IsInt64() && worlds.Int64() <= greedyEnumLimit {
		es, ok, err := clueSettledByWorlds(ctx, prob, reps, seat, n, greedyEnumLimit)
		if err != nil {
			return nil, err
		}
		if ok {
			for i, q := range reps {
				memo[classKey(q, class)] = es[i]
			}
		}
	}
	var best *big.Rat
	var bq []solver.Card
	for _, q := range qs {
		key := classKey(q, class)
		e, ok := memo[key]
		if !ok {
			if e, err = clueSettledByAnswers(ctx, prob, cnt, q, seat, n); err != nil {
				return nil, err
			}
			memo[key] = e
		}
		if best == nil || e.Cmp(best) > 0 {
			best, bq = e, q
		}
	}
	if bq == nil {
		return nil, fmt.Errorf("clue: seat %d has no question to ask", seat)
	}
	return bq, nil
}

// clueSettledByAnswers is ExpectedSettled of the events of q
// (clueEvents) with one count of the marginals per answer instead of one
// per event: a cell is settled after an answer when it is settled over
// the union of the answer's events (no world of them, or every world, has
// the card with the holder), and that union is "the responders before the
// k-th hold none of the asked cards and the k-th holds card i" (nobody:
// "no responder holds one"); the answer's weight, the events' counts times
// their weights, comes from the joint distribution of the asked cards'
// holders.
func clueSettledByAnswers(ctx context.Context, p *solver.Problem, cnt *solver.Counter, q []solver.Card, seat, n int) (*big.Rat, error) {
	var resp []solver.Holder
	for k := 1; k < n; k++ {
		resp = append(resp, solver.Holder((seat+k)%n))
	}
	jc, err := cnt.Joint(ctx, q)
	if err != nil {
		return nil, err
	}
	weight := int64(1)
	for i := 2; i <= len(q); i++ {
		weight *= int64(i)
	}
	// The weight of each answer: 0 nobody, 1+k*len(q)+i the k-th
	// responder shows card i.
	totals := make([]*big.Int, 1+len(resp)*len(q))
	for i := range totals {
		totals[i] = new(big.Int)
	}
	tmp := new(big.Int)
	for _, x := range jc {
		k, mask := clue.Answer(x.Holders, resp)
		if k == len(resp) {
			totals[0].Add(totals[0], tmp.Mul(x.Count, big.NewInt(weight)))
			continue
		}
		share := big.NewInt(weight / int64(bits.OnesCount(uint(mask))))
		for i := range q {
			if mask&(1<<i) != 0 {
				a := totals[1+k*len(q)+i]
				a.Add(a, tmp.Mul(x.Count, share))
			}
		}
	}
	m := p.Model()
	nc, nh := m.NumCards(), m.NumHolders()
	num, den := new(big.Int), new(big.Int)
	settledIn := func(cons []solver.Constraint) (int, error) {
		pa := p.Clone()
		if _, err := pa.Add(solver.Observation{Label: "answer", Constraints: cons}); err != nil {
			return 0, err
		}
		mg, err := solver.NewCounter(pa).Marginals(ctx)
		if err != nil {
			return 0, err
		}
		settled := 0
		for c := range nc {
			for h := range nh {
				if x := mg.Count(solver.Card(c), solver.Holder(h)); x.Sign() == 0 || x.Cmp(mg.Total) == 0 {
					settled++
				}
			}
		}
		return settled, nil
	}
	var none []solver.Constraint
	for k, r := range resp {
		for i, c := range q {
			t := totals[1+k*len(q)+i]
			if t.Sign() == 0 {
				continue
			}
			settled, err := settledIn(append(slices.Clone(none), solver.Holds(c, r)))
			if err != nil {
				return nil, err
			}
			num.Add(num, tmp.Mul(t, big.NewInt(int64(settled))))
			den.Add(den, t)
		}
		for _, c := range q {
			none = append(none, solver.NotHolds(c, r))
		}
	}
	if t := totals[0]; t.Sign() != 0 {
		settled, err := settledIn(none)
		if err != nil {
			return nil, err
		}
		num.Add(num, tmp.Mul(t, big.NewInt(int64(settled))))
		den.Add(den, t)
	}
	if den.Sign() == 0 {
		return new(big.Rat), nil
	}
	return new(big.Rat).SetFrac(num, den), nil
}

// greedyEnumLimit is the most worlds of the seat's view for which the
// greedy policy visits the worlds rather than counting: a world costs
// about a microsecond plus a few nanoseconds a question, an answer's
// count about a millisecond.
const greedyEnumLimit = 100_000

// clueSettledByWorlds is ExpectedSettled of each question of qs asked by
// the seat, from one pass over the worlds of p: the same exact figures as
// clueEvents and ExpectedSettled. A cell is settled after an answer when
// the card has the one holder in every world of the answer (every cell of
// its row is settled) or when no world of the answer gives it that holder;
// an answer's weight is its worlds', each world's shared equally among the
// cards the responder may show (the events' weights). It returns false,
// and no figures, when p has more than limit worlds.
func clueSettledByWorlds(ctx context.Context, p *solver.Problem, qs [][]solver.Card, seat, n, limit int) ([]*big.Rat, bool, error) {
	m := p.Model()
	nc, nh := m.NumCards(), m.NumHolders()
	words := (nc*nh + 63) / 64
	// rank[h] is h's place among the responders, n-1 for none.
	rank := make([]int, nh)
	for h := range rank {
		rank[h] = n - 1
	}
	for k := 1; k < n; k++ {
		rank[(seat+k)%n] = k - 1
	}
	// Answer a of question qi (0: nobody; 1+k*len(q)+i: the k-th
	// responder shows card i) at off[qi]+a: its weight, and the cells
	// that some world of the answer has.
	off := make([]int, len(qs)+1)
	weight := make([]int64, len(qs))
	for qi, q := range qs {
		off[qi+1] = off[qi] + 1 + (n-1)*len(q)
		weight[qi] = 1
		for i := 2; i <= len(q); i++ {
			weight[qi] *= int64(i)
		}
	}
	total := make([]int64, off[len(qs)])
	cells := make([]uint64, off[len(qs)]*words)
	bits := make([]uint64, words)
	var set [64]int
	ok, err := clue.EachWorld(ctx, p, limit, func(w solver.World) {
		clear(bits)
		for c, h := range w {
			b := c*nh + int(h)
			bits[b/64] |= 1 << (b % 64)
		}
		for qi, q := range qs {
			first, ns := n-1, 0
			for i, c := range q {
				switch r := rank[w[c]]; {
				case r < first:
					first, ns = r, 1
					set[0] = i
				case r == first && r < n-1:
					set[ns] = i
					ns++
				}
			}
			if first == n-1 {
				j := off[qi]
				total[j] += weight[qi]
				acc := cells[j*words : (j+1)*words]
				for k, b := range bits {
					acc[k] |= b
				}
				continue
			}
			share := weight[qi] / int64(ns)
			for _, i := range set[:ns] {
				j := off[qi] + 1 + first*len(q) + i
				total[j] += share
				acc := cells[j*words : (j+1)*words]
				for k, b := range bits {
					acc[k] |= b
				}
			}
		}
	})
	if err != nil || !ok {
		return nil, false, err
	}
	out := make([]*big.Rat, len(qs))
	for qi := range qs {
		num, den := new(big.Int), new(big.Int)
		for j := off[qi]; j < off[qi+1]; j++ {
			if total[j] == 0 {
				continue
			}
			settled := 0
			for c := range nc {
				held := 0
				for h := range nh {
					if b := c*nh + h; cells[j*words+b/64]&(1<<(b%64)) != 0 {
						held++
					}
				}
				if held == 1 {
					settled += nh
				} else {
					settled += nh - held
				}
			}
			t := big.NewInt(total[j])
			num.Add(num, new(big.Int).Mul(t, big.NewInt(int64(settled))))
			den.Add(den, t)
		}
		out[qi] = new(big.Rat)
		if den.Sign() != 0 {
			out[qi].SetFrac(num, den)
		}
	}
	return out, true, nil
}

// clueEvents are the outcomes of the seat's question q that occur in some
// world: "the responders before the k-th hold none of the asked cards and
// the k-th holds exactly the subset mask" (the seat hears each card of the
// mask with equal chance), and "nobody holds one". With ExpectedSettled
// they define the greedy policy's figure, which the policy computes in
// cheaper ways (TestClueSettledByWorlds checks them against it).
func clueEvents(ctx context.Context, cnt *solver.Counter, q []solver.Card, seat, n int) ([]Event, error) {
	var resp []solver.Holder
	for k := 1; k < n; k++ {
		resp = append(resp, solver.Holder((seat+k)%n))
	}
	jc, err := cnt.Joint(ctx, q)
	if err != nil {
		return nil, err
	}
	occurs := map[[2]int]bool{}
	for _, x := range jc {
		k, mask := clue.Answer(x.Holders, resp)
		occurs[[2]int{k, mask}] = true
	}
	weight := int64(1)
	for i := 2; i <= len(q); i++ {
		weight *= int64(i)
	}
	var events []Event
	var none []solver.Constraint
	for k, r := range resp {
		for mask := 1; mask < 1<<len(q); mask++ {
			if !occurs[[2]int{k, mask}] {
				continue
			}
			cs := slices.Clone(none)
			var ans []int
			for i, c := range q {
				if mask&(1<<i) != 0 {
					cs = append(cs, solver.Holds(c, r))
					ans = append(ans, 1+k*len(q)+i)
				} else {
					cs = append(cs, solver.NotHolds(c, r))
				}
			}
			events = append(events, Event{Constraints: cs, Answers: ans, Weight: weight / int64(len(ans))})
		}
		for _, c := range q {
			none = append(none, solver.NotHolds(c, r))
		}
	}
	if occurs[[2]int{len(resp), 0}] {
		events = append(events, Event{Constraints: none, Answers: []int{0}, Weight: weight})
	}
	return events, nil
}

// classKey is the classes of a question's cards, sorted: questions with
// one key are mapped onto each other by a symmetry.
func classKey(q []solver.Card, class []int) string {
	cs := make([]int, len(q))
	for i, c := range q {
		cs[i] = class[c]
	}
	slices.Sort(cs)
	return fmt.Sprint(cs)
}
