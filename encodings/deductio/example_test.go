package deductio_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/gumshoe-dev/gumshoe/encodings/deductio"
)

// A three-player game from carol's seat: the candidates for each opponent
// with their exact probabilities (alice's 15 is less likely than her 7 or 9
// because bob may have 15 too: the numbers are dealt jointly), and the
// advice.
func Example() {
	log := `game deductio
players alice bob carol
seat carol
secret carol 12
faceup 3 11 17
alice plays >=7
bob rejects even single faceup+1
alice plays odd
bob guesses alice 13 wrong
bob plays 10-20
alice plays 5-15
row even >=7 not:9,19
`
	g, err := deductio.Load(strings.NewReader(log))
	if err != nil {
		fmt.Println(err)
		return
	}
	ctx := context.Background()
	r, err := g.Analyze(ctx)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range r.Secrets {
		if s.Known != 0 {
			continue
		}
		fmt.Printf("%s:", s.Player)
		for _, c := range s.Candidates {
			fmt.Printf(" %d (%s)", c.Number, c.P.RatString())
		}
		fmt.Println()
	}
	if err := g.Advise(ctx, "", os.Stdout); err != nil {
		fmt.Println(err)
	}
	// Output:
	// alice: 7 (3/8) 9 (3/8) 15 (1/4)
	// bob: 13 (3/8) 15 (1/4) 19 (3/8)
	// Advice: play a clue card (best guess alice 7 at 3/8 = 37.5%; expected penalty plays 5/4)
	// Clue cards for your number 12 (what each tells the table):
	//    even         true   table expected it 2/3 = 66.7%, 0.58 bits; 10 numbers left, their best guess 10.0%
	//                 score -0.585 = you learn 0.000 - leak 0.585 bits (to alice)
	//    >=7          true   table expected it 2/3 = 66.7%, 0.58 bits; 12 numbers left, their best guess 10.0%
	//                 score -0.585 = you learn 0.000 - leak 0.585 bits (to alice)
	// -> not:9,19     true   table expected it 11/12 = 91.7%, 0.13 bits; 15 numbers left, their best guess 7.3%
	//                 score -0.126 = you learn 0.000 - leak 0.126 bits (to alice)
	// Play not:9,19: the best score (what you learn from its ability, less the most an opponent learns from the play, exact).
}

// Clue cards are written as one word each; Numbers says which Secret
// Numbers a card is true of, given the face-up numbers.
func ExampleParseClue() {
	faceUp := deductio.SetOf(3, 11, 17)
	for _, w := range []string{"5-12", "not:9,19", "≥15/look2", "faceup+1"} {
		c, err := deductio.ParseClue(w)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%-10s %s\n", c, c.Numbers(faceUp))
	}
	_, err := deductio.ParseClue("5-25")
	fmt.Println(err)
	// Output:
	// 5-12       5-12
	// not:9,19   1-8,10-18,20
	// >=15/look2 15-20
	// faceup+1   4,12,18
	// no 25 among the Secret Numbers (expected a number 1-20)
}

// A simulated game is a function of its seed; every seat's log replays.
func ExampleSimulate() {
	sim, err := deductio.Simulate(deductio.SimOptions{Players: 4, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	g := deductio.NewGame()
	for _, line := range sim.Logs[2] {
		if err := g.Apply(line); err != nil {
			fmt.Println(err)
			return
		}
	}
	fmt.Println(g.Seat(), len(g.Lines()) > 0, sim.Winner != "")
	// Output:
	// carol true true
}
