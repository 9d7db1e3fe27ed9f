package murderbythedeck_test

import (
	"context"
	"fmt"
	"strings"

	mbtd "github.com/gumshoe-dev/gumshoe/encodings/murderbythedeck"
)

// Example loads bob's log of a round, asks why a fact holds, and reads the
// advice on what to discard.
func Example() {
	ctx := context.Background()
	g, err := mbtd.Load(strings.NewReader(mbtd.ExampleLog))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, fact := range []string{"down 4S", "not alice 6S", "not carol 2S"} {
		e, err := g.Explain(ctx, fact)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(e.Fact, "because of lines", e.Lines)
	}
	if _, err := g.Explain(ctx, "alice QS"); err != nil {
		fmt.Println(err)
	}
	// Output:
	// 4S is face down before a player because of lines [14 15]
	// 6S is not in alice's hand because of lines [3]
	// 2S is not in carol's hand because of lines [3]
	// the lines so far do not force this: QS is in alice's hand
}

// ExampleSimulate plays a seeded random round and prints the first lines
// of bob's log.
func ExampleSimulate() {
	sim, err := mbtd.Simulate(mbtd.SimOptions{Seed: 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, l := range sim.Logs[1][:8] {
		fmt.Println(l)
	}
	// Output:
	// players alice bob carol dave
	// seat bob
	// hand 2S 6S AC 3C QD 4H 3D
	// alice draws
	// alice discards 2H
	// bob draws 8D
	// bob discards 4H
	// carol draws
}
