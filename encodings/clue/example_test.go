package clue_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/gumshoe-dev/gumshoe/encodings/clue"
	"github.com/gumshoe-dev/gumshoe/solver"
)

// A short game of classic Cluedo from dave's seat: the envelope odds and
// the best accusation, exact.
func Example() {
	g, err := clue.Load(strings.NewReader(clue.ExampleLog))
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := g.Analyze(context.Background(), true)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Worlds, "deals are consistent with the log")
	for _, co := range r.Categories {
		for _, it := range co.Items {
			if it.Count.Sign() > 0 {
				fmt.Printf("%s: %s %s\n", co.Name, it.Item, it.Prob.RatString())
			}
		}
	}
	fmt.Printf("best accusation: %s with probability %s\n", strings.Join(r.Best.Items, " "), r.Best.Prob.RatString())
	// Output:
	// 6804 deals are consistent with the log
	// suspects: Scarlet 1
	// weapons: Candlestick 380/567
	// weapons: LeadPipe 55/378
	// weapons: Rope 209/1134
	// rooms: Kitchen 403/3402
	// rooms: Ballroom 403/3402
	// rooms: Conservatory 425/3402
	// rooms: DiningRoom 403/3402
	// rooms: BilliardRoom 403/3402
	// rooms: Lounge 65/162
	// best accusation: Scarlet Candlestick Lounge with probability 425/1701
}

// Ranking the seat's questions by the information their answer gives about
// the envelope.
func ExampleGame_AdviseQuestions() {
	g, err := clue.Load(strings.NewReader(clue.ExampleLog))
	if err != nil {
		fmt.Println(err)
		return
	}
	qs, err := g.AdviseQuestions(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	best := qs[0]
	fmt.Printf("ask %s: %.3f bits\n", strings.Join(best.Names, " "), best.Gain)
	for _, o := range best.Outcomes {
		if o.Shower == "" {
			fmt.Println("  nobody can help:", o.Prob.RatString())
			continue
		}
		fmt.Printf("  %s shows %s: %s\n", o.Shower, o.Card, o.Prob.RatString())
	}
	// Output:
	// ask Scarlet Candlestick Lounge: 1.312 bits
	//   bob shows Candlestick: 1637/6804
	//   bob shows Lounge: 3467/6804
	//   nobody can help: 425/1701
}

// The asked cards are held by players 2, 1 and 1; the responders answer in
// the order 1, 2, 3: player 1 answers first, holding the second and third
// asked cards (mask 0b110).
func ExampleAnswer() {
	k, mask := clue.Answer([]solver.Holder{2, 1, 1}, []solver.Holder{1, 2, 3})
	fmt.Printf("responder %d, mask %03b\n", k, mask)
	k, mask = clue.Answer([]solver.Holder{0, 4, 0}, []solver.Holder{1, 2, 3})
	fmt.Printf("responder %d, mask %03b\n", k, mask)
	// Output:
	// responder 0, mask 110
	// responder 3, mask 000
}
