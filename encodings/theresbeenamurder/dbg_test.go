package theresbeenamurder

import "testing"

func TestDbgWitness(t *testing.T) {
	players, seed := 6, uint64(86)
	sim, err := Simulate(SimOptions{Players: players, Seed: seed, Level: Level(seed % 3)})
	if err != nil {
		t.Fatal(err)
	}
	seat := int(seed % uint64(players))
	for i, l := range sim.Logs[seat][:25] {
		t.Log(i+1, l)
	}
	replayEach(t, sim, seat, DefaultParticles, func(g *Game, i int) {
		if g.cfg == nil || midExchange(sim.Logs[seat], i) {
			return
		}
		tr := g.track()
		if i < 20 || i > 25 {
			return
		}
		t.Logf("line %d %q: tracker %v witnessed %d", i+1, sim.Logs[seat][i], tr != nil, g.tr.witnessed)
	})
}
