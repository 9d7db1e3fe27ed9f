// Command murderbythedeck plays a simulated round of Murder By The Deck and
// follows it from one seat: after every turn of another player it prints
// the estimated chance that each player is a Spade (the murderer), with its
// standard error, and at the end the sheet and the true Spades.
//
//	go run ./examples/murderbythedeck [-seed 3] [-seat 1]
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"strings"

	mbtd "github.com/gumshoe-dev/gumshoe/encodings/murderbythedeck"
)

func main() {
	seed := flag.Uint64("seed", 3, "the seed of the simulated round (seed 2 runs to the simulator's turn limit under the default readings)")
	seat := flag.Int("seat", 1, "the seat followed, 0 to 3")
	flag.Parse()
	if *seat < 0 || *seat >= mbtd.Players {
		log.Fatalf("-seat %d: the seats are 0 to %d", *seat, mbtd.Players-1)
	}
	sim, err := mbtd.Simulate(mbtd.SimOptions{Seed: *seed})
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	g := mbtd.NewGame()
	lines := sim.Logs[*seat]
	for i, line := range lines {
		if err := g.Apply(line); err != nil {
			log.Fatalf("%q: %v", line, err)
		}
		// After a player's last line of a turn (and the setup), the odds.
		if i < 2 || i+1 < len(lines) && strings.Fields(lines[i+1])[0] == strings.Fields(line)[0] {
			continue
		}
		e, err := g.Estimate(ctx)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%-32s", line)
		for p, name := range g.Players() {
			if p == *seat {
				continue
			}
			fmt.Printf("  %s %3.0f%%±%.0f", name, 100*mustFloat(e, p), 100*e.SpadeSE(p))
		}
		fmt.Println()
	}
	gr, err := g.Sheet(ctx)
	if err != nil {
		log.Fatal(err)
	}
	if err := gr.WriteText(os.Stdout); err != nil {
		log.Fatal(err)
	}
	var spades []string
	for p, name := range sim.Players {
		if sim.Round.Alive[p] && sim.Round.IsSpade(p) {
			spades = append(spades, name)
		}
	}
	fmt.Printf("The murderer at the end, in truth: %s\n", strings.Join(spades, ", "))
}

func mustFloat(e *mbtd.Estimate, p int) float64 {
	f, _ := e.SpadeP(p).Float64()
	return f
}
