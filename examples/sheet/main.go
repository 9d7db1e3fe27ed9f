// Command sheet shows the solver used the way a program would use it: it
// builds a small deck, adds what one player saw at the table, and prints
// the facts that are forced and why one of them holds.
//
// The game: nine cards numbered 1 to 9, three each for Me and Ann, two for
// Bob and one face down in the middle. Questions are answered with counts,
// as in Deduce or Die: "Ann has 2 cards from 2 to 4".
//
// Run it with: go run ./examples/sheet
package main

import (
	"context"
	"fmt"
	"io"
	"log"
	"os"

	"github.com/gumshoe-dev/gumshoe/solver"
)

func main() {
	if err := run(os.Stdout); err != nil {
		log.Fatal(err)
	}
}

// run solves the game and writes the forced facts and one explanation.
func run(w io.Writer) error {
	cards := []string{"1", "2", "3", "4", "5", "6", "7", "8", "9"}
	m, err := solver.NewModel(cards, []solver.HolderSpec{
		{Name: "Me", Size: solver.Exactly(3)},
		{Name: "Ann", Size: solver.Exactly(3)},
		{Name: "Bob", Size: solver.Exactly(2)},
		{Name: "Middle", Size: solver.Exactly(1)},
	})
	if err != nil {
		return err
	}
	me, _ := m.HolderByName("Me")
	ann, _ := m.HolderByName("Ann")
	bob, _ := m.HolderByName("Bob")

	// between is "who has k cards from lo to hi".
	between := func(who solver.Holder, lo, hi, k int) solver.Constraint {
		var lits []solver.Lit
		for n := lo; n <= hi; n++ {
			c, _ := m.CardByName(fmt.Sprint(n))
			lits = append(lits, solver.Lit{Card: c, Holder: who})
		}
		return solver.CountOf(lits, solver.Eq, k)
	}
	card := func(name string) solver.Card { c, _ := m.CardByName(name); return c }

	p := solver.NewProblem(m)
	observations := []solver.Observation{
		{Label: "I hold 1, 5 and 9", Constraints: []solver.Constraint{
			solver.Holds(card("1"), me), solver.Holds(card("5"), me), solver.Holds(card("9"), me),
		}},
		{Label: "Ann has 2 cards from 2 to 4", Constraints: []solver.Constraint{between(ann, 2, 4, 2)}},
		{Label: "Bob has 1 card from 6 to 8", Constraints: []solver.Constraint{between(bob, 6, 8, 1)}},
		{Label: "Ann has 1 card from 3 to 6", Constraints: []solver.Constraint{between(ann, 3, 6, 1)}},
	}
	for _, o := range observations {
		if _, err := p.Add(o); err != nil {
			return err
		}
	}

	ctx := context.Background()
	s := solver.NewSAT(p)
	sheet, err := s.Sheet(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintln(w, "Forced:")
	var last solver.Fact
	for c := range solver.Card(m.NumCards()) {
		for h := range solver.Holder(m.NumHolders()) {
			if sheet.Status(c, h) == solver.Forced && h != me {
				fmt.Fprintf(w, "  %s holds %s\n", m.HolderName(h), m.CardName(c))
				last = solver.Fact{Card: c, Holder: h, Holds: true}
			}
		}
	}

	ids, err := s.Why(ctx, last)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "%s holds %s because:\n", m.HolderName(last.Holder), m.CardName(last.Card))
	for _, id := range ids {
		fmt.Fprintln(w, "  "+p.Observations()[id].Label)
	}
	return nil
}
