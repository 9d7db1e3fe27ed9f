package solver_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// clueTable is a small Clue-like game: nine cards (three suspects, three
// weapons, three rooms) shared by Ann, Bob, Cat and an envelope holding one
// card of each kind; Ann (the seat) knows her hand and that Bob showed her
// the Rope or the Hall.
func clueTable() *solver.Problem {
	cards := []string{"Plum", "Green", "White", "Rope", "Knife", "Pipe", "Hall", "Study", "Lounge"}
	m, err := solver.NewModel(cards, []solver.HolderSpec{
		{Name: "Ann", Size: solver.Exactly(2)},
		{Name: "Bob", Size: solver.Exactly(2)},
		{Name: "Cat", Size: solver.Exactly(2)},
		{Name: "Envelope", Size: solver.Exactly(3)},
	})
	if err != nil {
		panic(err)
	}
	const ann, bob, env = 0, 1, 3
	p := solver.NewProblem(m)
	add := func(label string, ks ...solver.Constraint) {
		if _, err := p.Add(solver.Observation{Label: label, Constraints: ks}); err != nil {
			panic(err)
		}
	}
	var kinds []solver.Constraint
	for k := 0; k < 3; k++ {
		lits := []solver.Lit{{Card: solver.Card(3 * k), Holder: env}, {Card: solver.Card(3*k + 1), Holder: env}, {Card: solver.Card(3*k + 2), Holder: env}}
		kinds = append(kinds, solver.CountOf(lits, solver.Eq, 1))
	}
	add("the envelope holds one card of each kind", kinds...)
	add("Ann holds Plum and Knife", solver.Holds(0, ann), solver.Holds(4, ann))
	add("Bob showed Ann the Rope or the Hall", solver.Clause([]solver.Lit{{Card: 3, Holder: bob}, {Card: 6, Holder: bob}}, nil))
	return p
}

// ExampleNewCounter counts the deals left and the chance of each card being
// in the envelope, as exact ratios.
func ExampleNewCounter() {
	ctx := context.Background()
	p := clueTable()
	m := p.Model()
	c := solver.NewCounter(p)
	n, _ := c.Count(ctx)
	fmt.Println("worlds:", n)
	marg, _ := c.Marginals(ctx)
	for k := 0; k < m.NumCards(); k++ {
		fmt.Printf("%s in the envelope: %v\n", m.CardName(solver.Card(k)), marg.Prob(solver.Card(k), 3))
	}
	// Output:
	// worlds: 38
	// Plum in the envelope: 0/1
	// Green in the envelope: 1/2
	// White in the envelope: 1/2
	// Rope in the envelope: 6/19
	// Knife in the envelope: 0/1
	// Pipe in the envelope: 13/19
	// Hall in the envelope: 3/19
	// Study in the envelope: 8/19
	// Lounge in the envelope: 8/19
}

// ExampleCounter_Contents lists the possible envelopes with their number of
// worlds.
func ExampleCounter_Contents() {
	ctx := context.Background()
	p := clueTable()
	m := p.Model()
	env, _ := solver.NewCounter(p).Contents(ctx, 3)
	for _, o := range env {
		var names []string
		for _, k := range o.Cards {
			names = append(names, m.CardName(k))
		}
		fmt.Println(strings.Join(names, " "), o.Count)
	}
	// Output:
	// Green Rope Study 3
	// Green Rope Lounge 3
	// Green Pipe Hall 3
	// Green Pipe Study 5
	// Green Pipe Lounge 5
	// White Rope Study 3
	// White Rope Lounge 3
	// White Pipe Hall 3
	// White Pipe Study 5
	// White Pipe Lounge 5
}

// ExampleCounter_ContentsAndHolder splits every possible envelope by who
// holds a card that depends on it (here: the room after the envelope's room,
// in deck order, wrapping), in one pass.
func ExampleCounter_ContentsAndHolder() {
	ctx := context.Background()
	p := clueTable()
	m := p.Model()
	next := func(env []solver.Card) (solver.Card, bool) {
		for _, k := range env {
			if k >= 6 {
				return 6 + (k-6+1)%3, true
			}
		}
		return 0, false
	}
	out, _ := solver.NewCounter(p).ContentsAndHolder(ctx, 3, next)
	for _, o := range out[:4] {
		var names []string
		for _, k := range o.Cards {
			names = append(names, m.CardName(k))
		}
		fmt.Println(strings.Join(names, " "), "- next room with", m.HolderName(o.Holder)+":", o.Count)
	}
	// Output:
	// Green Rope Study - next room with Bob: 1
	// Green Rope Study - next room with Cat: 2
	// Green Rope Lounge - next room with Bob: 3
	// Green Pipe Hall - next room with Bob: 1
}

// ExampleCounter_Joint gives the joint distribution of the holders of two
// cards.
func ExampleCounter_Joint() {
	ctx := context.Background()
	p := clueTable()
	m := p.Model()
	j, _ := solver.NewCounter(p).Joint(ctx, []solver.Card{3, 6}) // Rope, Hall
	for _, o := range j {
		fmt.Println("Rope:", m.HolderName(o.Holders[0]), "Hall:", m.HolderName(o.Holders[1]), o.Count)
	}
	// Output:
	// Rope: Bob Hall: Bob 4
	// Rope: Bob Hall: Cat 8
	// Rope: Bob Hall: Envelope 6
	// Rope: Cat Hall: Bob 8
	// Rope: Envelope Hall: Bob 12
}

// ExampleCounter_Sample draws deals uniformly at random among the worlds.
func ExampleCounter_Sample() {
	ctx := context.Background()
	p := clueTable()
	c := solver.NewCounter(p)
	rng := rand.New(rand.NewPCG(1, 2))
	ok := true
	for i := 0; i < 100; i++ {
		w, err := c.Sample(ctx, rng)
		if err != nil {
			panic(err)
		}
		violated, deal := p.Check(w)
		ok = ok && deal && violated == nil
	}
	fmt.Println("every sample is a world:", ok)
	// Output:
	// every sample is a world: true
}

// ExampleSumMarginals counts the Clue table in two parts, by whether Bob
// holds the Rope, and adds the parts' marginals: the result is the whole
// table's.
func ExampleSumMarginals() {
	ctx := context.Background()
	const bob, env = 1, 3
	var parts []*solver.Marginals
	for _, k := range []solver.Constraint{solver.Holds(3, bob), solver.NotHolds(3, bob)} {
		p := clueTable()
		if _, err := p.Add(solver.Observation{Label: "part", Constraints: []solver.Constraint{k}}); err != nil {
			panic(err)
		}
		m, _ := solver.NewCounter(p).Marginals(ctx)
		fmt.Println("part:", m.Total, "worlds")
		parts = append(parts, m)
	}
	sum, _ := solver.SumMarginals(parts...)
	whole, _ := solver.NewCounter(clueTable()).Marginals(ctx)
	fmt.Println("sum:", sum.Total, "worlds; Hall in the envelope:", sum.Prob(6, env))
	fmt.Println("whole:", whole.Total, "worlds; Hall in the envelope:", whole.Prob(6, env))
	// Output:
	// part: 18 worlds
	// part: 20 worlds
	// sum: 38 worlds; Hall in the envelope: 3/19
	// whole: 38 worlds; Hall in the envelope: 3/19
}
