// Command smallclue solves a small game of Clue with the solver alone, the
// way a program that builds its own encoding would: nine cards shared by
// Me, Ann, Bob and the envelope, six observations written as constraints
// by hand. It prints the sheet (✓ forced, ✗ impossible, · open), every
// forced fact, and why one card is where it must be, as the minimal set of
// observations that forces it. The games' own packages (encodings/clue)
// do all this from a game log; this program shows the layer underneath.
//
// Run it with: go run ./examples/smallclue [-why CARD]
//
// -why picks the card explained (default Pipe); it must be a card whose
// holder is forced.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"strings"

	"github.com/gumshoe-dev/gumshoe/solver"
)

func main() {
	why := flag.String("why", "Pipe", "explain where this card is (a card whose holder is forced)")
	flag.Parse()
	if err := run(os.Stdout, *why); err != nil {
		log.Fatal(err)
	}
}

// demoCards are the nine cards of the demo game: three suspects, three
// weapons, three rooms.
var demoCards = []string{"Plum", "Green", "Scarlet", "Rope", "Knife", "Pipe", "Hall", "Study", "Kitchen"}

// demoHolders share them out: two cards each, three in the envelope.
var demoHolders = []solver.HolderSpec{
	{Name: "Me", Size: solver.Exactly(2)},
	{Name: "Ann", Size: solver.Exactly(2)},
	{Name: "Bob", Size: solver.Exactly(2)},
	{Name: "Envelope", Size: solver.Exactly(3)},
}

// demoObservation is one thing seen at the table, written the way a player
// would say it: a label and the facts it states over card and holder
// names.
type demoObservation struct {
	label string
	// build returns the observation's constraints; c and h look up a card
	// and a holder by name.
	build func(c func(string) solver.Card, h func(string) solver.Holder) []solver.Constraint
}

// demoLits is the literals "holder has card" for each card named.
func demoLits(h solver.Holder, c func(string) solver.Card, cards ...string) []solver.Lit {
	out := make([]solver.Lit, len(cards))
	for i, name := range cards {
		out[i] = solver.Lit{Card: c(name), Holder: h}
	}
	return out
}

var demoObservations = []demoObservation{
	{"I hold Plum and Rope", func(c func(string) solver.Card, h func(string) solver.Holder) []solver.Constraint {
		return []solver.Constraint{solver.Holds(c("Plum"), h("Me")), solver.Holds(c("Rope"), h("Me"))}
	}},
	{"the envelope holds one suspect, one weapon and one room", func(c func(string) solver.Card, h func(string) solver.Holder) []solver.Constraint {
		env := h("Envelope")
		return []solver.Constraint{
			solver.CountOf(demoLits(env, c, "Plum", "Green", "Scarlet"), solver.Eq, 1),
			solver.CountOf(demoLits(env, c, "Rope", "Knife", "Pipe"), solver.Eq, 1),
			solver.CountOf(demoLits(env, c, "Hall", "Study", "Kitchen"), solver.Eq, 1),
		}
	}},
	{"Ann showed me Knife when I asked about Green, Knife and Hall", func(c func(string) solver.Card, h func(string) solver.Holder) []solver.Constraint {
		return []solver.Constraint{solver.Holds(c("Knife"), h("Ann"))}
	}},
	{"Bob had nothing to show for Scarlet, Pipe and Study", func(c func(string) solver.Card, h func(string) solver.Holder) []solver.Constraint {
		bob := h("Bob")
		return []solver.Constraint{
			solver.NotHolds(c("Scarlet"), bob), solver.NotHolds(c("Pipe"), bob), solver.NotHolds(c("Study"), bob),
		}
	}},
	{"Ann showed Bob a card for Green, Pipe and Kitchen", func(c func(string) solver.Card, h func(string) solver.Holder) []solver.Constraint {
		return []solver.Constraint{solver.Clause(demoLits(h("Ann"), c, "Green", "Pipe", "Kitchen"), nil)}
	}},
	{"Bob showed Ann a card for Green, Rope and Hall", func(c func(string) solver.Card, h func(string) solver.Holder) []solver.Constraint {
		return []solver.Constraint{solver.Clause(demoLits(h("Bob"), c, "Green", "Rope", "Hall"), nil)}
	}},
}

// demoProblem builds the demo game.
func demoProblem() (*solver.Problem, error) {
	m, err := solver.NewModel(demoCards, demoHolders)
	if err != nil {
		return nil, err
	}
	card := func(name string) solver.Card {
		c, ok := m.CardByName(name)
		if !ok {
			panic("smallclue: unknown card " + name) // the built-in game is fixed
		}
		return c
	}
	holder := func(name string) solver.Holder {
		h, ok := m.HolderByName(name)
		if !ok {
			panic("smallclue: unknown holder " + name)
		}
		return h
	}
	p := solver.NewProblem(m)
	for _, o := range demoObservations {
		if _, err := p.Add(solver.Observation{Label: o.label, Constraints: o.build(card, holder)}); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// run solves the game and writes the sheet, the forced facts and why the
// card named why is where it is.
func run(w io.Writer, why string) error {
	p, err := demoProblem()
	if err != nil {
		return err
	}
	m := p.Model()
	card, ok := demoCard(m, why)
	if !ok {
		return fmt.Errorf("unknown card %q (cards: %s)", why, strings.Join(demoCards, ", "))
	}
	ctx := context.Background()
	s := solver.NewSAT(p)
	sheet, err := s.Sheet(ctx)
	if err != nil {
		return err
	}

	var b strings.Builder
	fmt.Fprintf(&b, "A small game of Clue: %d cards; Me, Ann and Bob hold 2 each, the envelope 3.\n\n", m.NumCards())
	b.WriteString("Observations:\n")
	for i, o := range p.Observations() {
		fmt.Fprintf(&b, "  %d. %s\n", i+1, o.Label)
	}
	b.WriteString("\nSheet (✓ forced, ✗ impossible, · open):\n")
	writeDemoSheet(&b, m, sheet)

	b.WriteString("\nForced:\n")
	holderOf := make(map[solver.Card]solver.Holder)
	for c := range solver.Card(m.NumCards()) {
		for h := range solver.Holder(m.NumHolders()) {
			if sheet.Status(c, h) == solver.Forced {
				holderOf[c] = h
				fmt.Fprintf(&b, "  %s holds %s\n", m.HolderName(h), m.CardName(c))
			}
		}
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return err
	}
	b.Reset()

	h, forced := holderOf[card]
	if !forced {
		return fmt.Errorf("%s is still open: nothing forces its holder", m.CardName(card))
	}
	ids, err := s.Why(ctx, solver.Fact{Card: card, Holder: h, Holds: true})
	if err != nil {
		return err
	}
	fmt.Fprintf(&b, "\nWhy must %s hold %s? Because of:\n", m.HolderName(h), m.CardName(card))
	if len(ids) == 0 {
		b.WriteString("  the deal alone forces it\n")
	}
	for _, id := range ids {
		fmt.Fprintf(&b, "  %d. %s\n", id+1, p.Observations()[id].Label)
	}
	_, err = io.WriteString(w, b.String())
	return err
}

// demoCard finds a card by name, ignoring case.
func demoCard(m *solver.Model, name string) (solver.Card, bool) {
	for c := range solver.Card(m.NumCards()) {
		if strings.EqualFold(m.CardName(c), name) {
			return c, true
		}
	}
	return 0, false
}

// writeDemoSheet draws the sheet: one row a card, one column a holder
// (its name cut to three letters).
func writeDemoSheet(b *strings.Builder, m *solver.Model, sheet *solver.Sheet) {
	row := fmt.Sprintf("  %-8s", "")
	for h := range solver.Holder(m.NumHolders()) {
		row += fmt.Sprintf(" %-4s", demoAbbrev(m.HolderName(h), 3))
	}
	b.WriteString(strings.TrimRight(row, " ") + "\n")
	for c := range solver.Card(m.NumCards()) {
		row := fmt.Sprintf("  %-8s", m.CardName(c))
		for h := range solver.Holder(m.NumHolders()) {
			mark := "·"
			switch sheet.Status(c, h) {
			case solver.Forced:
				mark = "✓"
			case solver.Impossible:
				mark = "✗"
			}
			row += fmt.Sprintf(" %-4s", mark)
		}
		b.WriteString(strings.TrimRight(row, " ") + "\n")
	}
}

// demoAbbrev cuts s to n runes.
func demoAbbrev(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n])
}
