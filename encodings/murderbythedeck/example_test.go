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
	for _, fact := range []string{"used 4S", "not dave 8D", "not carol QS"} {
		e, err := g.Explain(ctx, fact)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(e.Fact, "because of lines", e.Lines)
	}
	if _, err := g.Explain(ctx, "alice KS"); err != nil {
		fmt.Println(err)
	}
	// Output:
	// 4S is on the return pile because of lines [42]
	// 8D is not in dave's hand because of lines [7]
	// QS is not in carol's hand because of lines [24]
	// the lines so far do not force this: KS is in alice's hand
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
	// alice down
	// alice discards QS
	// bob draws 8D
	// bob discards AC
}
