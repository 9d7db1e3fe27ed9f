package deductio

import (
	"context"
	"errors"
	"math/big"

	"github.com/gumshoe-dev/gumshoe/encodings/threat"
	"github.com/gumshoe-dev/gumshoe/solver"
)

// ThreatOptions are the options of [Game.Threats]; the reports use the
// zero value (see [threat.Options]).
type ThreatOptions = threat.Options

// Threats is what each opponent already knows, under the seat's view: the
// probability that they can name some other player's current Secret Number
// with certainty (a correct guess), and how many candidates they still
// have for the player they know best (the "open solutions"). An opponent's
// view in a world is every public line plus their own numbers in that
// world; what an opponent saw on top of the Secret Number deck is not in
// the seat's log, so it is left out (the figure is then a lower bound). It
// returns nil without a seat or once someone has won.
func (g *Game) Threats(ctx context.Context, opt ThreatOptions) ([]threat.Figure, error) {
	st := g.st
	if st.seat < 0 || st.winner() >= 0 || st.prob == nil {
		return nil, nil
	}
	pub, err := g.publicState()
	if err != nil {
		return nil, err
	}
	if pub.prob.Model().NumHolders() != st.prob.Model().NumHolders() {
		return nil, errors.New("deductio: the public game has other holders than the seat's")
	}
	var opps []int
	for i := range st.players {
		if i != st.seat {
			opps = append(opps, i)
		}
	}
	ck := &guessCheck{st: st, pub: pub, cache: map[string]int{}}
	return threat.Assess(ctx, st.prob, solver.NewCounter(st.prob), opps, ck, opt)
}

// guessCheck counts, for an opponent in a world, the candidates left for
// each other player's current number in the opponent's view.
type guessCheck struct {
	st, pub *state
	cache   map[string]int
}

// Open is the fewest candidates the opponent has for another player's
// current number (1: they can guess one with certainty), exactly, from the
// marginals of the opponent's view.
func (ck *guessCheck) Open(ctx context.Context, o int, w solver.World, limit int) ([]*big.Rat, error) {
	var key []byte
	var cons []solver.Constraint
	for c, h := range w {
		if int(h) < len(ck.st.owner) && ck.st.owner[h] == o {
			key = append(key, byte(c), byte(h))
			cons = append(cons, solver.Holds(solver.Card(c), h))
		}
	}
	k := string(rune(o)) + string(key)
	n, ok := ck.cache[k]
	if !ok {
		view := ck.pub.prob.Clone()
		if _, err := view.Add(solver.Observation{Label: "own numbers", Constraints: cons}); err != nil {
			return nil, err
		}
		m, err := solver.NewCounter(view).Marginals(ctx)
		if err != nil {
			return nil, err
		}
		n = MaxNumber + 1
		for j := range ck.st.players {
			if j == o {
				continue
			}
			cands := 0
			for c := range MaxNumber {
				if m.Count(solver.Card(c), ck.st.cur(j)).Sign() > 0 {
					cands++
				}
			}
			n = min(n, cands)
		}
		ck.cache[k] = n
	}
	return threat.Unit(max(n, 1), limit), nil
}
