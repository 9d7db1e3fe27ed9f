// Command theresbeenamurder plays a simulated game of There's Been A
// Murder and follows it from the first seat: after every line it prints
// where the Murderer is likely to be, and before each of the seat's plays
// the best play by the advice (win now − lose now).
//
//	go run ./examples/theresbeenamurder [-players 4] [-seed 1]
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"strings"

	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder"
)

func main() {
	players := flag.Int("players", 4, "number of players, 3 to 8")
	seed := flag.Uint64("seed", 1, "the seed of the simulated game")
	flag.Parse()

	sim, err := theresbeenamurder.Simulate(theresbeenamurder.SimOptions{Players: *players, Seed: *seed})
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	g := theresbeenamurder.NewGame()
	me := sim.Players[0]
	for _, line := range sim.Logs[0] {
		if strings.HasPrefix(line, me+" plays ") {
			if adv, err := g.Advice(ctx); err == nil && len(adv.Options) > 0 {
				o := adv.Options[0]
				fmt.Printf("  advice: play %s (win now %.0f%%, lose now %.0f%%)\n",
					o.Play.Text(sim.Players), 100*o.Win.P, 100*o.Lose.P)
			}
		}
		if err := g.Apply(line); err != nil {
			log.Fatalf("%q: %v", line, err)
		}
		fmt.Printf("%-40s", line)
		if g.Config() != nil {
			fmt.Printf(" murderer: %s", g.MurdererText())
		}
		fmt.Println()
	}
	fmt.Println(sim.End)
}
