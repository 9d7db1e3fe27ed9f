// Command clue is a small program that keeps a Clue sheet the way a player
// at the table would: it sets up a 4-player game of classic Cluedo, logs a
// few questions line by line, and prints the exact envelope odds, the best
// accusation and the three most informative questions to ask next.
//
//	go run ./examples/clue
package main

import (
	"context"
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/gumshoe-dev/gumshoe/encodings/clue"
)

func main() {
	ctx := context.Background()
	g := clue.NewGame()
	for _, line := range []string{
		"preset cluedo",
		"players alice bob carol dave",
		"seat dave",
		"hand dave Plum Knife Hall Study", // every card is dealt: alice and bob hold 5, carol and dave 4
		"alice asks Scarlet Knife Study: bob passes, carol passes, dave shows Knife",
		"bob asks Green Revolver Lounge: carol shows",
		"dave asks White Wrench Ballroom: alice shows Wrench",
		"bob asks Scarlet Candlestick Lounge: nobody",
	} {
		if err := g.Apply(line); err != nil {
			log.Fatalf("%s: %v", line, err)
		}
	}
	// A line that contradicts the log is refused, naming the lines it
	// contradicts, and changes nothing.
	if err := g.Apply("carol has Scarlet"); err != nil {
		fmt.Println("refused \"carol has Scarlet\":", err)
	}
	r, err := g.Analyze(ctx, true)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("\n%s deals remain.\n", r.Worlds)
	for _, co := range r.Categories {
		fmt.Printf("%-9s", co.Name+":")
		for _, it := range co.Items {
			if it.Count.Sign() > 0 {
				fmt.Printf(" %s %s", it.Item, it.Prob.RatString())
			}
		}
		fmt.Println()
	}
	fmt.Printf("Best accusation: %s (probability %s)\n\n", strings.Join(r.Best.Items, " "), r.Best.Prob.RatString())
	qs, err := g.AdviseQuestions(ctx)
	if err != nil {
		log.Fatal(err)
	}
	if err := clue.WriteQuestions(os.Stdout, qs, 3); err != nil {
		log.Fatal(err)
	}
}
