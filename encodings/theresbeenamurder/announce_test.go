package theresbeenamurder

import (
	"strings"
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
)

// TestAnnouncedDealKeepsHistories: a Drunk announced at the deal ("You
// must announce that you have this card when it enters your hand") or a
// Blackmailer revealed with the Detective ("If you also have the
// Detective, reveal both cards to the table") used to leave only the
// set-ups that happened to deal those cards to those players: at 7
// players, seed 4, after dave's reveal and frank's announcement, none of
// 500, and the figures then rested on 16 histories rebuilt from the SAT
// layer's worlds for the rest of the game (cells 3 stated standard errors
// from a run with 40 times the particles: 2.2% of those of five 7-player
// games). The set-ups are now drawn with what the set-up's lines pin, and
// the figures rest on as many independent histories as there are
// particles. On a small game the figures after an announcement agree with
// rejection sampling of the simulator's games.
func TestAnnouncedDealKeepsHistories(t *testing.T) {
	o := engine.SimOptions{Players: 7, Seed: 4, Level: engine.Veteran}
	sim, err := engine.Simulate(o)
	if err != nil {
		t.Fatal(err)
	}
	seat := 4
	setup := len(engine.SetupLines(sim.Config, sim.Players, seat, nil))
	prefix := sim.Logs[seat][:setup+2]
	if !strings.Contains(prefix[setup], "reveals detective blackmailer") || !strings.Contains(prefix[setup+1], "announces drunk") {
		t.Fatalf("the set-up of 7 players, seed 4, changed: %q", prefix[setup:])
	}
	g := NewGame()
	g.Particles = 500
	for _, l := range prefix {
		if err := g.Apply(l); err != nil {
			t.Fatal(l, err)
		}
	}
	if g.track() == nil {
		t.Fatalf("no history for %q", prefix)
	}
	v, k := g.view(), 0.0
	for _, c := range g.cfg.Cards {
		for l := range g.locations() {
			k = max(k, v.where(c, l).K)
		}
	}
	if k < 400 {
		t.Errorf("after %q the figures rest on %.1f independent histories of 500", prefix[setup:], k)
	}
	if testing.Short() {
		return
	}
	cfg := &engine.Config{Players: 3, Cards: []engine.Card{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 13, 14}, Removed: 1}
	for seed := uint64(1); seed < 200; seed++ {
		sim, err := engine.Simulate(engine.SimOptions{Config: cfg, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		setup := len(engine.SetupLines(cfg, sim.Players, 0, nil))
		if len(sim.Logs[0]) <= setup+1 || !strings.Contains(sim.Logs[0][setup], "announces drunk") {
			continue
		}
		prefix := sim.Logs[0][:setup+2]
		g := NewGame()
		g.Particles = 2000
		for _, l := range prefix {
			if err := g.Apply(l); err != nil {
				t.Fatal(l, err)
			}
		}
		if g.track() == nil {
			t.Fatalf("seed %d: no history for %q", seed, prefix)
		}
		counts, kept := rejectionCounts(cfg, prefix, 1000, 3_000_000)
		if kept < 500 {
			t.Fatalf("seed %d: only %d games kept", seed, kept)
		}
		checkAgainstRejection(t, g, cfg, counts, kept)
		return
	}
	t.Fatal("no seed below 200 has a Drunk announced at the deal")
}
