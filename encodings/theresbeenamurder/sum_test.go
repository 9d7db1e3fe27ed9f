package theresbeenamurder

import (
	"math"
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
)

// TestMidExchangeSums: between the two lines of a two-line exchange (the
// seat gives, then receives), each card's figures on the sheet sum to 1.
// The tracker's histories are then at the exchange's end (the card the
// seat receives is in its hand) while the marks read the seat's hand
// before it: the histories' share at a place the marks rule out was
// dropped (3 players, seed 3, line 5 "alice gives murderer to carol": the
// soft cards summed to 0.94), and the card on its way to the seat, ✗ in
// its hand as the seat knows it and elsewhere by the SAT layer, had no
// place at all (5 players, seed 5, line 15: the Stranger summed to 0).
func TestMidExchangeSums(t *testing.T) {
	checked := 0
	for _, sl := range [][2]uint64{{3, 6}, {5, 16}} {
		seed := sl[0]
		players := 3 + int(seed%3)
		sim, err := engine.Simulate(engine.SimOptions{Players: players, Seed: seed, Level: engine.Level(seed % 3)})
		if err != nil {
			t.Fatal(err)
		}
		seat := int(seed % uint64(players))
		sim.Logs[seat] = sim.Logs[seat][:sl[1]] // to the line after the one checked
		replayEach(t, sim, seat, 200, func(g *Game, i int) {
			if g.cfg == nil || !midExchange(sim.Logs[seat], i) || g.track() == nil {
				return
			}
			checked++
			v := g.view()
			for _, c := range g.cfg.Cards {
				sum := 0.0
				for l := range g.locations() {
					sum += v.where(c, l).P
				}
				if math.Abs(sum-1) > 1e-9 {
					t.Errorf("%d players seed %d line %d %q: %v's figures sum to %v", players, seed, i+1, sim.Logs[seat][i], c, sum)
				}
			}
		})
	}
	if checked == 0 {
		t.Fatal("no line in the middle of an exchange")
	}
}
