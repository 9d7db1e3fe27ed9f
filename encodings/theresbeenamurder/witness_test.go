package theresbeenamurder

import (
	"math"
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/estimate"
)

// stoppedGames are simulated games (players, seed; the seat and the level
// turn with the seed, as in TestCalibrationRun) whose seat's estimates
// stopped at some line before the rebuild from witnesses: every sampled
// history died and the replays found none within their budget (5
// players, seed 14: from line 15 and again at line 29, a Swain's draw
// revealing the Blackmailer; 7 players, seed 4: line 6, the Drunk
// announced at the deal; with -tbam.long, 8 players, seed 4: from line
// 13).
var stoppedGames = [][2]int{{5, 14}, {7, 4}}

// stoppedGamesLong are more such games, for -tbam.long.
var stoppedGamesLong = [][2]int{{8, 4}, {5, 28}, {7, 11}}

// TestEstimatesNeverStop: on the games whose estimates used to stop, the
// sheet has estimates after every accepted line, honest ones: each
// card's figures sum to 1 and rest on a positive number of independent
// histories.
func TestEstimatesNeverStop(t *testing.T) {
	games := stoppedGames
	if *tbamLong {
		games = append(games, stoppedGamesLong...)
	}
	for _, pg := range games {
		neverStops(t, pg[0], uint64(pg[1]), DefaultParticles)
	}
}

// TestWitnessRebuildAlone: with the replays that come before it turned
// off, the rebuild from the SAT layer's worlds alone keeps the estimates
// going through a game whose particles die again and again, and the
// figures it gives rest on no more independent histories than the
// worlds drawn.
func TestWitnessRebuildAlone(t *testing.T) {
	estimate.WitnessTest.Only = true
	defer func() { estimate.WitnessTest.Only = false }()
	g := neverStops(t, 5, 14, 200)
	if g.tr.Witnessed == 0 {
		t.Fatal("no rebuild from witnesses: the game no longer exercises it")
	}
	t.Logf("rebuilds from witnesses: %d", g.tr.Witnessed)
}

// neverStops replays the seat's log of a simulated game and fails at the
// first line (but the first of a two-line exchange) left without
// estimates, or, at a line where the particles were rebuilt from
// witnesses, whose figures are not honest.
func neverStops(t *testing.T, players int, seed uint64, particles int) *Game {
	t.Helper()
	sim, err := engine.Simulate(engine.SimOptions{Players: players, Seed: seed, Level: engine.Level(seed % 3)})
	if err != nil {
		t.Fatal(err)
	}
	seat := int(seed % uint64(players))
	setup := -1
	witnessed := 0
	return replayEach(t, sim, seat, particles, func(g *Game, i int) {
		if g.cfg == nil {
			return
		}
		if setup < 0 {
			setup = len(engine.SetupLines(g.cfg, sim.Players, seat, nil))
		}
		if i < setup-1 || midExchange(sim.Logs[seat], i) {
			return
		}
		if g.track() == nil {
			t.Fatalf("%d players seed %d seat %d line %d %q: no estimates (%v)", players, seed, seat, i+1, sim.Logs[seat][i], g.lostAt)
		}
		rebuilt := g.tr.Witnessed > witnessed
		witnessed = g.tr.Witnessed
		if !rebuilt {
			return // the sheet (its SAT marks) is costly: read at the rebuilds
		}
		v := g.view()
		for _, c := range g.cfg.Cards {
			sum := 0.0
			for l := range g.locations() {
				e := v.where(c, l)
				sum += e.P
				if v.mark(c, l) != table.Maybe {
					continue
				}
				if !(e.K > 0) || e.SE <= 0 {
					t.Fatalf("%d players seed %d line %d: %v at %s: %+v", players, seed, i+1, c, g.locName(l), e)
				}
				if e.K > estimate.WitnessWorlds+1e-9 {
					t.Fatalf("%d players seed %d line %d, rebuilt from witnesses: %v at %s rests on %v independent histories", players, seed, i+1, c, g.locName(l), e.K)
				}
			}
			if math.Abs(sum-1) > 1e-9 {
				t.Fatalf("%d players seed %d line %d: %v's figures sum to %v", players, seed, i+1, c, sum)
			}
		}
	})
}
