// Command deduceordie plays a simulated 3-player game of Deduce or Die and
// keeps the first seat's sheet with gumshoe, the way a player at the table
// would: line by line, then the sheet, the reports and the advice for one
// draw.
//
//	go run ./examples/deduceordie [-seed N] [-players N]
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"

	"github.com/gumshoe-dev/gumshoe/encodings/deduceordie"
)

func main() {
	seed := flag.Uint64("seed", 3, "the simulated game's seed")
	players := flag.Int("players", 3, "number of players, 3 to 6 (more players count more slowly)")
	flag.Parse()

	sim, err := deduceordie.Simulate(deduceordie.SimOptions{Players: *players, Seed: *seed})
	if err != nil {
		log.Fatal(err)
	}
	// Feed the seat's log line by line, as the table session does. The
	// header "game dod" belongs to the log file, not to the game.
	g := deduceordie.NewGame()
	for _, line := range sim.Logs[0][1:] {
		if err := g.Apply(line); err != nil {
			log.Fatalf("%s: %v", line, err)
		}
		fmt.Println(line)
	}
	fmt.Println()

	ctx := context.Background()
	sheet, err := g.Sheet(ctx)
	if err != nil {
		log.Fatal(err)
	}
	if err := sheet.WriteText(os.Stdout); err != nil {
		log.Fatal(err)
	}
	fmt.Println()
	if err := g.Report(ctx, os.Stdout); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("\nThe truth: Evidence %s+%s, Murder card %s, murderer %s.\n\n",
		deduceordie.CardName(sim.Evidence[0]), deduceordie.CardName(sim.Evidence[1]),
		deduceordie.CardName(sim.Murder), sim.Players[sim.Murderer])

	draw, _ := deduceordie.ParseDraw("3H 5S 5S")
	a, err := g.Advice(ctx, draw)
	if err != nil {
		fmt.Println("no advice:", err)
		return
	}
	if err := g.WriteAdvice(os.Stdout, a); err != nil {
		log.Fatal(err)
	}
}
