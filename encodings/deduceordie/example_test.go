package deduceordie_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/gumshoe-dev/gumshoe/encodings/deduceordie"
	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// A 3-player game from alice's seat: every line of the log becomes one
// observation, and the reports are exact.
func Example() {
	log := `game dod
players alice bob carol
seat alice
hand alice 5S 8S 2H 4H 8H 9H 4C 5C
exposed 2C
reveal bob hearts
secret alice bob 9H..AH = 1
ask bob carol AH..9C = 8
ask alice bob 6S..AS = 2
ask carol bob AS..3H = 3
ask alice carol 5S..3C = 8
`
	g, err := deduceordie.Load(strings.NewReader(log))
	if err != nil {
		fmt.Println(err)
		return
	}
	ctx := context.Background()
	a, err := g.Analyze(ctx)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("deals left:", a.Worlds)
	m := a.MurderCards[0]
	fmt.Printf("likeliest Murder card: %s, %s\n", deduceordie.CardName(m.Card), m.P.RatString())
	for _, x := range a.Murderers {
		fmt.Printf("murderer %s: %s\n", g.Players()[x.Player], x.P.RatString())
	}
	acc := a.Accusation
	fmt.Printf("best accusation: %s with %s+%s, %s\n", g.Players()[acc.Accused], deduceordie.CardName(acc.A), deduceordie.CardName(acc.B), acc.P.RatString())
	if err := table.Why(ctx, g, "bob AH", os.Stdout); err != nil {
		fmt.Println(err)
	}
	// Output:
	// deals left: 34047
	// likeliest Murder card: 9C, 1793/34047
	// murderer bob: 12104/34047
	// murderer carol: 3802/11349
	// murderer alice: 10537/34047
	// best accusation: bob with 3H+5H, 140/11349
	// bob holds AH, because of:
	//   line 3: hand alice 5S 8S 2H 4H 8H 9H 4C 5C
	//   line 6: secret alice bob 9H..AH = 1
}

// The Murder card of an Evidence pair, and the card whose holder is the
// murderer when the Murder card is Evidence or exposed.
func ExampleMurderCard() {
	a, _ := deduceordie.ParseCard("AS")
	b, _ := deduceordie.ParseCard("9♠")
	exposed, _ := deduceordie.ParseCard("2s")
	fmt.Println(deduceordie.CardName(deduceordie.MurderCard(a, b)))
	fmt.Println(deduceordie.CardName(deduceordie.MurdererCard(a, b, exposed)))
	// Output:
	// AS
	// 3S
}

// Advice for a draw of three Interrogation cards.
func ExampleGame_Advice() {
	log := `game dod
players alice bob carol
seat alice
hand alice 5S 8S 2H 4H 8H 9H 4C 5C
exposed 2C
ask bob carol AH..9C = 8
ask alice carol 5S..3C = 8
secret alice bob 9H..AH = 1
`
	g, _ := deduceordie.Load(strings.NewReader(log))
	draw, _ := deduceordie.ParseDraw("3H 5S 5S")
	a, err := g.Advice(context.Background(), draw)
	if err != nil {
		fmt.Println(err)
		return
	}
	best := a.Questions[0]
	fmt.Printf("%s (%.3f bits)\n", g.QuestionLine(best), best.Gain)
	for _, x := range best.Answers {
		fmt.Printf("  answer %d: %s\n", x.Value, x.P.RatString())
	}
	// Output:
	// ask alice bob 5S..3H (0.764 bits)
	//   answer 7: 7/9
	//   answer 8: 2/9
}
