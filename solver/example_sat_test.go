package solver_test

import (
	"context"
	"fmt"
	"log"
	"slices"
	"strings"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// table is a small game: six cards shared by Ann, Bob and an envelope of
// two, and what was seen at the table.
func table() *solver.Problem {
	cards := []string{"Plum", "Green", "Rope", "Knife", "Hall", "Study"}
	m, err := solver.NewModel(cards, []solver.HolderSpec{
		{Name: "Ann", Size: solver.Exactly(2)},
		{Name: "Bob", Size: solver.Exactly(2)},
		{Name: "Envelope", Size: solver.Exactly(2)},
	})
	if err != nil {
		panic(err)
	}
	const ann, bob, env = 0, 1, 2
	c := func(name string) solver.Card { k, _ := m.CardByName(name); return k }
	p := solver.NewProblem(m)
	add := func(label string, ks ...solver.Constraint) {
		if _, err := p.Add(solver.Observation{Label: label, Constraints: ks}); err != nil {
			panic(err)
		}
	}
	add("I am Ann and hold Plum and Hall",
		solver.Holds(c("Plum"), ann), solver.Holds(c("Hall"), ann))
	add("the envelope holds one person and one weapon",
		solver.CountOf([]solver.Lit{{Card: c("Plum"), Holder: env}, {Card: c("Green"), Holder: env}}, solver.Eq, 1),
		solver.CountOf([]solver.Lit{{Card: c("Rope"), Holder: env}, {Card: c("Knife"), Holder: env}}, solver.Eq, 1))
	add("Bob showed me Rope or Knife",
		solver.Clause([]solver.Lit{{Card: c("Rope"), Holder: bob}, {Card: c("Knife"), Holder: bob}}, nil))
	return p
}

// ExampleNewSAT asks whether the observations leave any deal, and whether
// one fact follows.
func ExampleNewSAT() {
	p := table()
	s := solver.NewSAT(p)
	green, _ := p.Model().CardByName("Green")
	ctx := context.Background()
	ok, err := s.Consistent(ctx)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("consistent:", ok)
	implied, err := s.Implies(ctx, solver.Fact{Card: green, Holder: 2, Holds: true})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("Green in the envelope:", implied)
	// Output:
	// consistent: true
	// Green in the envelope: true
}

// ExampleSAT_Sheet prints the deduction sheet: forced ✓, impossible ✗,
// open ·.
func ExampleSAT_Sheet() {
	p := table()
	m := p.Model()
	sh, err := solver.NewSAT(p).Sheet(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%-6s Ann Bob Env\n", "")
	for c := range m.NumCards() {
		var cells []string
		for h := range m.NumHolders() {
			switch sh.Status(solver.Card(c), solver.Holder(h)) {
			case solver.Forced:
				cells = append(cells, "✓")
			case solver.Impossible:
				cells = append(cells, "✗")
			default:
				cells = append(cells, "·")
			}
		}
		fmt.Printf("%-6s  %s\n", m.CardName(solver.Card(c)), strings.Join(cells, "   "))
	}
	// Output:
	//        Ann Bob Env
	// Plum    ✓   ✗   ✗
	// Green   ✗   ✗   ✓
	// Rope    ✗   ·   ·
	// Knife   ✗   ·   ·
	// Hall    ✓   ✗   ✗
	// Study   ✗   ✓   ✗
}

// ExampleSAT_Why explains a forced fact by the observations it rests on.
func ExampleSAT_Why() {
	p := table()
	s := solver.NewSAT(p)
	study, _ := p.Model().CardByName("Study")
	ids, err := s.Why(context.Background(), solver.Fact{Card: study, Holder: 1, Holds: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("Bob holds Study because:")
	for _, id := range ids {
		fmt.Println(" ", p.Observations()[id].Label)
	}
	// Output:
	// Bob holds Study because:
	//   I am Ann and hold Plum and Hall
	//   the envelope holds one person and one weapon
}

// ExampleSAT_Conflict names the observations that cannot all be true.
func ExampleSAT_Conflict() {
	p := table()
	rope, _ := p.Model().CardByName("Rope")
	knife, _ := p.Model().CardByName("Knife")
	if _, err := p.Add(solver.Observation{Label: "Bob holds neither weapon", Constraints: []solver.Constraint{
		solver.NotHolds(rope, 1), solver.NotHolds(knife, 1),
	}}); err != nil {
		fmt.Println(err)
		return
	}
	s := solver.NewSAT(p)
	ids, err := s.Conflict(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, id := range ids {
		fmt.Println(p.Observations()[id].Label)
	}
	// Output:
	// Bob showed me Rope or Knife
	// Bob holds neither weapon
}

// ExampleSAT_Worlds lists the deals that remain.
func ExampleSAT_Worlds() {
	p := table()
	m := p.Model()
	var deals []string
	for w := range solver.NewSAT(p).Worlds(context.Background()) {
		var parts []string
		for h := range m.NumHolders() {
			var cs []string
			for c, holder := range w {
				if holder == solver.Holder(h) {
					cs = append(cs, m.CardName(solver.Card(c)))
				}
			}
			parts = append(parts, m.HolderName(solver.Holder(h))+": "+strings.Join(cs, " "))
		}
		deals = append(deals, strings.Join(parts, ", "))
	}
	slices.Sort(deals)
	for _, d := range deals {
		fmt.Println(d)
	}
	// Output:
	// Ann: Plum Hall, Bob: Knife Study, Envelope: Green Rope
	// Ann: Plum Hall, Bob: Rope Study, Envelope: Green Knife
}
