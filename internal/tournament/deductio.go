package tournament

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/gumshoe-dev/gumshoe/encodings/deductio"
	"github.com/gumshoe-dev/gumshoe/encodings/threat"
	"github.com/gumshoe-dev/gumshoe/solver"
)

// DeductioAdvice is the advice of the advice policy in Deductio: the
// session's guess advice, and the clue card of [deductio.Game.AdviseClue]
// alone (the true card that tells the table least, by its public figures),
// without the leak-aware score.
var DeductioAdvice = func(ctx context.Context, g *deductio.Game, free bool, row []deductio.Clue) (*deductio.Advice, error) {
	a, err := g.Advice(ctx, free, row)
	if err != nil || a.Clue == nil {
		return a, err
	}
	a.Clue, err = g.AdviseClue(ctx, row)
	return a, err
}

// DeductioFullAdvice is the advice of the full policy in Deductio: the
// clue card of the best leak-aware score ([deductio.Game.Advice]).
var DeductioFullAdvice = func(ctx context.Context, g *deductio.Game, free bool, row []deductio.Clue) (*deductio.Advice, error) {
	return g.Advice(ctx, free, row)
}

// PlayDeductio plays one seeded game of Deductio (deductio.Play: the
// simulator's deal, decks and rules) with a policy in each seat. Every
// policy guesses when its best guess is certain and makes its best guess
// on a free guess; full also guesses when the session says "guess now"
// (the best guess is at least 1/2 likely, or beats waiting by
// threat.Decide with the opponents one guess short of winning as threats). The clue card played: random, a uniformly random true
// card of the row; greedy, the true card whose ability settles the most
// cells of the seat's sheet in expectation (only Look abilities settle any
// of the seat's own cells; the first of equal ones); advice and full, the
// advised card (the true card that tells the table least).
func PlayDeductio(ctx context.Context, seats []Policy, seed uint64) (Result, error) {
	res := newResult(seats)
	rng := rand.New(rand.NewPCG(seed, 0x7464656475))
	ps := make([]deductio.Player, len(seats))
	for i, pol := range seats {
		ps[i] = &deductioSeat{pol: pol, seat: i, rng: rng, seed: seed, think: &res.Think[i]}
	}
	sim, err := deductio.Play(ctx, deductio.SimOptions{Players: len(seats), Seed: seed, MaxTurns: MaxTurns}, ps)
	if err != nil {
		return res, err
	}
	res.Turns = sim.Turns
	res.Winner = slices.Index(sim.Players, sim.Winner)
	return res, nil
}

// deductioSeat is one seat's policy.
type deductioSeat struct {
	pol   Policy
	seat  int
	rng   *rand.Rand
	seed  uint64
	turn  uint64
	think *time.Duration
}

func (s *deductioSeat) since(start time.Time) { *s.think += time.Since(start) }

func (s *deductioSeat) advice(ctx context.Context, g *deductio.Game, free bool, row []deductio.Clue) (*deductio.Advice, error) {
	if s.pol == Full {
		return DeductioFullAdvice(ctx, g, free, row)
	}
	return DeductioAdvice(ctx, g, free, row)
}

// Guess guesses when the best guess is certain, on a free guess, or (full)
// when guessing beats waiting.
func (s *deductioSeat) Guess(ctx context.Context, g *deductio.Game, free bool) (int, int, bool, error) {
	defer s.since(time.Now())
	a, err := s.advice(ctx, g, free, nil)
	if err != nil {
		return 0, 0, false, err
	}
	b := a.Best
	if b == nil {
		return 0, 0, false, nil
	}
	t := slices.Index(g.Players(), b.Player)
	if t < 0 {
		return 0, 0, false, fmt.Errorf("deductio: best guess of unknown player %q", b.Player)
	}
	ok := free || b.P.Cmp(big.NewRat(1, 1)) == 0
	if !ok && s.pol == Full {
		s.turn++
		figs, err := g.Threats(ctx, threat.Options{Seed: s.seed + s.turn, Limit: 2})
		if err != nil {
			return 0, 0, false, err
		}
		// The session's rule (the report's decision): only opponents one
		// correct guess short of winning are threats, and guessing is
		// also advised when the best guess is (P at least 1/2).
		scores, need := g.Scores(), g.Needed()
		ok = b.Advised || threat.Decide(b.P, figs, func(o int) bool { return scores[o] >= need-1 }).Now
	}
	return t, b.Number, ok, nil
}

// Clue picks the card to play.
func (s *deductioSeat) Clue(ctx context.Context, g *deductio.Game, row []deductio.Clue) (int, error) {
	defer s.since(time.Now())
	switch s.pol {
	case Random:
		var ok []int
		for i, c := range row {
			if c.True(g.Number(), g.FaceUp()) {
				ok = append(ok, i)
			}
		}
		if len(ok) == 0 {
			return -1, nil
		}
		return ok[s.rng.IntN(len(ok))], nil
	case Greedy:
		return deductioGreedy(ctx, g, row)
	}
	a, err := s.advice(ctx, g, false, row)
	if err != nil {
		return 0, err
	}
	if a.Clue == nil {
		return 0, fmt.Errorf("deductio: no clue advice: %w", a.ClueErr)
	}
	return a.Clue.Play, nil
}

// deductioGreedy is the true card of the row whose play settles the most
// cells of the seat's sheet in expectation. Playing a card tells the seat
// nothing; a Look ability shows it the top one or two numbers of the deck,
// each set of numbers with the chance that it is on top (every world of the
// seat's view equally likely, the deck's order uniform), and the cells
// then settled are counted exactly.
func deductioGreedy(ctx context.Context, g *deductio.Game, row []deductio.Clue) (int, error) {
	me, up := g.Number(), g.FaceUp()
	best, bi := (*big.Rat)(nil), -1
	memo := map[int]*big.Rat{}
	for i, c := range row {
		if !c.True(me, up) {
			continue
		}
		k := 0
		switch c.Ability {
		case deductio.Look1:
			k = 1
		case deductio.Look2:
			k = 2
		}
		e, ok := memo[k]
		if !ok {
			var err error
			if e, err = deductioLook(ctx, g, k); err != nil {
				return 0, err
			}
			memo[k] = e
		}
		if best == nil || e.Cmp(best) > 0 {
			best, bi = e, i
		}
	}
	return bi, nil
}

// deductioLook is the expected number of settled cells of the seat's sheet
// after seeing the top k numbers of the deck (k = 0: the cells settled now).
func deductioLook(ctx context.Context, g *deductio.Game, k int) (*big.Rat, error) {
	p := g.Problem()
	m := p.Model()
	deck, ok := m.HolderByName("deck")
	if !ok {
		return nil, fmt.Errorf("deductio: no deck holder")
	}
	if k == 0 || g.DeckSize() < k {
		return ExpectedSettled(ctx, p, []Event{{Answers: []int{0}, Weight: 1}})
	}
	base, err := solver.NewCounter(p).Marginals(ctx)
	if err != nil {
		return nil, err
	}
	var in []solver.Card
	for c := range m.NumCards() {
		if base.Count(solver.Card(c), deck).Sign() > 0 {
			in = append(in, solver.Card(c))
		}
	}
	var events []Event
	for i, a := range in {
		if k == 1 {
			events = append(events, Event{Constraints: []solver.Constraint{solver.Holds(a, deck)}, Answers: []int{i}, Weight: 1})
			continue
		}
		for j := i + 1; j < len(in); j++ {
			events = append(events, Event{Constraints: []solver.Constraint{solver.Holds(a, deck), solver.Holds(in[j], deck)}, Answers: []int{i*len(in) + j}, Weight: 1})
		}
	}
	return ExpectedSettled(ctx, p, events)
}
