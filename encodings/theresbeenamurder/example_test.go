package theresbeenamurder_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder"
)

// Example reads the built-in game from bob's seat and asks why the seat
// knows where the Murderer ended.
func Example() {
	g, err := theresbeenamurder.Load(strings.NewReader(theresbeenamurder.ExampleLog))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(g.Lines()), "lines")
	if err := table.Why(context.Background(), g, "pile murderer", os.Stdout); err != nil {
		fmt.Println(err)
	}
	if err := table.Why(context.Background(), g, "not carol drunk", os.Stdout); err != nil {
		fmt.Println(err)
	}
	// Output:
	// 26 lines
	// the murderer is in the pile, because of:
	//   line 26: bob discards murderer
	// the drunk is not with carol, because of:
	//   line 12: alice plays drunk
}

// ExampleSimulate plays a seeded random game and prints the start of a
// seat's log.
func ExampleSimulate() {
	sim, err := theresbeenamurder.Simulate(theresbeenamurder.SimOptions{Players: 4, Seed: 3})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, line := range sim.Logs[1][:8] {
		fmt.Println(line)
	}
	fmt.Println(sim.End)
	// Output:
	// players alice bob carol dave
	// seat bob
	// hand maid secretary
	// alice plays swain
	// alice draws
	// alice announces drunk
	// dave takes from alice
	// dave announces drunk
	// lost: the deck ran out
}
