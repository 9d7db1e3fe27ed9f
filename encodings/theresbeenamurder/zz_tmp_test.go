package theresbeenamurder

import (
	"context"
	"testing"
	"time"
)

func TestZZProfile(t *testing.T) {
	sim, _ := Simulate(SimOptions{Players: 8, Seed: 2})
	for _, hints := range []bool{false} {
		g := NewGame()
		var tot time.Duration
		for _, line := range sim.Logs[0] {
			if err := g.Apply(line); err != nil {
				t.Fatal(err)
			}
			if g.cfg == nil {
				continue
			}
			x, _ := g.exactEnc()
			fresh := x.was == nil
			var seen func() map[Card][]bool
			if hints {
				g.track()
				seen = func() map[Card][]bool { return g.seenPlaces(x) }
			}
			n0 := len(x.obsLine)
			t0, c0 := time.Now(), cpuTime()
			x.marks(context.Background(), seen)
			tot += cpuTime() - c0
			if fresh {
				t.Logf("hints %v now %d: %v cpu %v solves %d", hints, x.now, time.Since(t0), cpuTime()-c0, len(x.obsLine)-n0)
			}
		}
		t.Logf("total %v", tot)
	}
}
