package theresbeenamurder

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// applyAll applies a log's lines to a new game.
func applyAll(t *testing.T, log string) *Game {
	t.Helper()
	g := NewGame()
	g.Particles = 50
	for _, l := range strings.Split(strings.TrimSpace(log), "\n") {
		if err := g.Apply(l); err != nil {
			t.Fatalf("%q: %v", l, err)
		}
	}
	return g
}

// gossipLog: me gives my only card, the Witness, to lou in lou's Gossip;
// lou's own card went on to kim, so the Witness is lou's only card.
const gossipLog = `
players me lou kim ola
seat me
hand witness butler
me plays butler maid
lou plays gossip
me gives witness to lou`

// TestExactMidTurn: certain facts are certain at the line that makes
// them, in the middle of a turn: the Witness I gave lou in a Gossip is
// with lou (✓) at my give's line, and `why` names that line; a play other
// than the Monkey says its player did not hold it (✗ at once); and a fact
// about a card the Doctor took out of the pile names the Doctor's line.
func TestExactMidTurn(t *testing.T) {
	g := applyAll(t, gossipLog)
	lou := 1
	if m := g.mark(Witness, lou); m != table.Yes {
		t.Fatalf("the Witness with lou after my give: %v, want ✓", m)
	}
	ex, err := g.Explain(context.Background(), "lou witness")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(ex.Lines, 6) { // "me gives witness to lou" (lines counted from the players line)
		t.Fatalf("why lou witness: lines %v, without the give (line 6)", ex.Lines)
	}

	g = applyAll(t, gossipLog+"\nola gives doctor to me\nkim plays cad lou ola")
	kim := 2
	if m := g.mark(Monkey, kim); m != table.No {
		t.Fatalf("kim's Monkey after kim plays the Cad: %v, want ✗", m)
	}

	g = applyAll(t, `
players me lou kim ola
seat me
hand cad doctor
me plays cad lou ola
lou plays witness
kim plays confidant
ola plays stranger
me draws secretary
me plays doctor cad`)
	ex, err = g.Explain(context.Background(), "not pile cad")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(ex.Lines, 9) {
		t.Fatalf("why not pile cad: lines %v, without the Doctor's (line 9)", ex.Lines)
	}
}

// turnOneGossips are 8-player games at master level whose first turn is
// a Gossip, with a seat that passes and receives in it (2 the third
// player, 3 the fourth): the first line of the second turn once cost the
// SAT layer's marks 12 to 20 s of CPU (the sizes told every hand passed
// one card only by counting around the table).
var turnOneGossips = []struct {
	seed uint64
	seat int
}{{76, 3}, {90, 2}, {136, 2}, {146, 2}, {161, 2}}

// BenchmarkTurnOneGossip replays the logs of turnOneGossips line by line,
// each line's update followed by the whole sheet (the tracker's estimates
// and the SAT layer's marks), and reports the median and the largest
// process CPU time of one line (apply and sheet), and the largest for the
// first line of the second turn.
//
//	go test ./encodings/theresbeenamurder -run '^$' -bench TurnOneGossip -benchtime 1x
func BenchmarkTurnOneGossip(b *testing.B) {
	for b.Loop() {
		var cpus []time.Duration
		var turn2 time.Duration
		for _, tg := range turnOneGossips {
			sim, err := Simulate(SimOptions{Players: 8, Level: Master, Seed: tg.seed})
			if err != nil {
				b.Fatal(err)
			}
			g := NewGame()
			plays := 0
			for _, line := range sim.Logs[tg.seat] {
				cpu0 := cpuTime()
				if err := g.Apply(line); err != nil {
					b.Fatal(err)
				}
				if g.cfg != nil {
					g.view()
				}
				d := cpuTime() - cpu0
				cpus = append(cpus, d)
				if strings.Contains(line, " plays ") {
					plays++
					if plays == 2 {
						turn2 = max(turn2, d)
					}
				}
			}
		}
		slices.Sort(cpus)
		b.ReportMetric(float64(cpus[len(cpus)/2].Microseconds())/1000, "median-cpu-ms")
		b.ReportMetric(float64(cpus[len(cpus)-1].Microseconds())/1000, "max-cpu-ms")
		b.ReportMetric(float64(turn2.Microseconds())/1000, "turn2-max-cpu-ms")
		b.ReportMetric(float64(len(cpus)), "lines")
	}
}
