// Command deductio plays a simulated game of Deductio and follows it from
// the first seat: after every line it prints the most likely number of each
// opponent, and at the end the full report.
//
//	go run ./examples/deductio [-players 3] [-seed 1]
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"

	"github.com/gumshoe-dev/gumshoe/encodings/deductio"
)

func main() {
	players := flag.Int("players", 3, "number of players, 2 to 4")
	seed := flag.Uint64("seed", 1, "the seed of the simulated game")
	flag.Parse()

	sim, err := deductio.Simulate(deductio.SimOptions{Players: *players, Seed: *seed})
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	g := deductio.NewGame()
	for _, line := range sim.Logs[0] {
		if err := g.Apply(line); err != nil {
			log.Fatalf("%q: %v", line, err)
		}
		r, err := g.Analyze(ctx)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%-40s", line)
		for _, s := range r.Secrets {
			if s.Known != 0 || len(s.Candidates) == 0 {
				continue
			}
			top := s.Candidates[0]
			for _, c := range s.Candidates {
				if c.P.Cmp(top.P) > 0 {
					top = c
				}
			}
			fmt.Printf("  %s: %d at %s", s.Player, top.Number, top.P.RatString())
		}
		fmt.Println()
	}
	fmt.Println()
	if err := g.Report(ctx, os.Stdout); err != nil {
		log.Fatal(err)
	}
}
