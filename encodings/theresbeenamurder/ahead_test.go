package theresbeenamurder

import (
	"fmt"
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/certain"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/estimate"
)

// aheadOf is the look-ahead of a game's lines as the tracker would build
// it when its particles die at the last line: the closed turns and the
// open one, with the cards named before each.
func aheadOf(g *Game) *estimate.Lookahead { return aheadOfFrom(g, -1) }

// aheadOfFrom is aheadOf looking ahead at the lines of the closed turns
// from turn from on too (aheadFrom; -1: the open turn's alone).
func aheadOfFrom(g *Game, from int) *estimate.Lookahead {
	segs := g.segments()
	t := &estimate.Tracker{Cfg: g.cfg, Seat: g.p.Seat, Hand: g.hand}
	hard := estimate.Special
	for _, c := range g.hand {
		hard.Add(c)
	}
	for i, s := range segs {
		var obs []engine.Event
		for _, e := range s.Evs {
			obs = append(obs, e.Ev)
		}
		if i == len(segs)-1 {
			t.Obs, t.Hard = obs, hard
			break
		}
		t.Hist = append(t.Hist, estimate.Checkpoint{Obs: obs, Hard: hard})
		for _, e := range obs {
			estimate.Mentions(&hard, e)
		}
	}
	if from < 0 {
		return t.Ahead()
	}
	return t.AheadFrom(from, true)
}

// TestAheadSound: the look-ahead (ahead.go) never drops the true
// history. Over simulated games at every table size and level (two seats
// of one game a player count; every seat of three games with
// -tbam.long), after every line, every card the look-ahead constrains at
// a time point (the deal's end, each turn's start) is, in the real game,
// at one of the places it allows (its exact place, not the looser pools
// of a sampled state). It fails when a line's card is pinned to the wrong
// place (try the Reporter's card in the reporter's hand) or a turn's
// moves are left out.
func TestAheadSound(t *testing.T) {
	checked := 0
	for players := engine.MinPlayers; players <= engine.MaxPlayers; players++ {
		for _, seed := range sweepSeeds(players, 3) {
			o := engine.SimOptions{Players: players, Seed: 200 + seed, Level: engine.Level(seed % 3)}
			sim, states := simulateStates(t, o)
			for _, seat := range sweepSeats(players, seed) {
				g := NewGame()
				g.Particles = 20
				for i, line := range sim.Logs[seat] {
					if err := g.Apply(line); err != nil {
						t.Fatalf("line %d %q: %v", i+1, line, err)
					}
					if g.cfg == nil {
						continue
					}
					for _, look := range []*estimate.Lookahead{aheadOf(g), aheadOfFrom(g, 0)} {
						if look == nil {
							continue
						}
						x := &certain.Encoding{N: players, Places: players + certain.PlExtra}
						for k, need := range look.Need {
							for c, m := range need {
								if m == 0 {
									continue
								}
								checked++
								at := certain.TruePlace(x, states[k], engine.Card(c))
								if m&(1<<at) == 0 {
									t.Fatalf("%d players seed %d seat %d, line %d %q: at time point %d the %v is at place %d, the look-ahead allows %b",
										players, o.Seed, seat, i+1, line, k, engine.Card(c), at, m)
								}
							}
						}
						// Each place set of some[k] holds, in the real game, a
						// card soft at time point k (the card a later line
						// names first).
						for k, some := range look.Some {
							for _, m := range some {
								checked++
								var at estimate.PlaceMask
								for _, c := range g.cfg.Cards {
									if look.Soft[k].Has(c) {
										at |= 1 << certain.TruePlace(x, states[k], c)
									}
								}
								if at&m == 0 {
									t.Fatalf("%d players seed %d seat %d, line %d %q: at time point %d no soft card (%b) is at the places %b",
										players, o.Seed, seat, i+1, line, k, at, m)
								}
							}
						}
					}
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("nothing checked")
	}
	t.Log(fmt.Sprint(checked, " constraints checked"))
}

// TestAheadKeepsPosterior runs the tracker with the look-ahead replay
// made far more frequent than in play: after every line, the particles
// are rebuilt by a replay of every closed turn from the deal that looks
// ahead at the open turn's lines (ahead.go), and the estimates are
// compared with rejection sampling within 3 standard errors on a small
// game, as TestMoveKeepsPosterior does for the moves. The look-ahead
// must have dropped paths (it is exercised, not idle). It fails when ψ
// drops a history that fits (try pinning the card a player plays to the
// deck: the tracker then finds no history) or when the twisted replay
// weighs the histories it keeps by more than the turns' likelihoods
// (try counting each kept path twice when some were dropped: 14 estimates
// out of bounds).
func TestAheadKeepsPosterior(t *testing.T) {
	if testing.Short() {
		t.Skip("rejection sampling takes a while")
	}
	cards := []engine.Card{1, 2, 3, 4, 5, 6, 7, 9, 10, 13, 14}
	cfg := &engine.Config{Players: 3, Cards: cards, Removed: 1}
	const seed, lines = 19, 2
	sim, err := engine.Simulate(engine.SimOptions{Config: cfg, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	n := len(engine.SetupLines(cfg, sim.Players, 0, nil)) + lines
	prefix := sim.Logs[0][:n]
	counts, kept := rejectionCounts(cfg, prefix, 2000, 40_000_000)
	if kept < 1500 {
		t.Fatalf("only %d games kept", kept)
	}
	estimate.AheadTest.Always, estimate.AheadTest.Lag = true, 1000
	estimate.AheadTest.Replays, estimate.AheadTest.Failed = 0, 0
	defer func() { estimate.AheadTest.Always = false }()
	g := NewGame()
	g.Particles = 6000
	for _, l := range prefix {
		if err := g.Apply(l); err != nil {
			t.Fatal(l, err)
		}
	}
	if g.track() == nil {
		t.Fatalf("the tracker found no history for %q", prefix)
	}
	if estimate.AheadTest.Replays == 0 || estimate.AheadTest.Failed > 0 || g.tr.Cut == 0 {
		t.Fatalf("%d look-ahead replays, %d failed, %d paths dropped", estimate.AheadTest.Replays, estimate.AheadTest.Failed, g.tr.Cut)
	}
	checkAgainstRejection(t, g, cfg, counts, kept)
	t.Logf("%q: %d games kept; %d look-ahead replays, %d paths dropped", prefix, kept, estimate.AheadTest.Replays, g.tr.Cut)
}
