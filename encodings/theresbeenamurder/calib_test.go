package theresbeenamurder

import (
	"flag"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/estimate"
)

var (
	calibRun     = flag.Bool("tbam.calib", false, "run TestCalibrationRun (long; not in CI): the estimates against the simulator's true locations")
	calibGames   = flag.Int("tbam.calib.games", 20, "simulated games a player count for TestCalibrationRun")
	calibFrom    = flag.Uint64("tbam.calib.from", 1, "the first seed of TestCalibrationRun's games")
	calibPlayers = flag.String("tbam.calib.players", "3-8", "the player counts of TestCalibrationRun (a range a-b or one count)")
	calibRef     = flag.Int("tbam.calib.ref", 0, "TestCalibrationRun also replays each log with this many times the particles and counts the cells more than 3 stated standard errors off (0: no reference run)")
	calibLag     = flag.Int("tbam.calib.lag", -1, "the particles' groups' lag in turns for TestCalibrationRun (-1: clusterLag's)")
	calibMiss    = flag.Bool("tbam.calib.miss", false, "TestCalibrationRun logs every cell drawn <1 where the card is, or >99 where it is not")
	calibParts   = flag.Int("tbam.calib.particles", 0, "the tracker's particles in TestCalibrationRun (0: DefaultParticles)")
	calibFast    = flag.Bool("tbam.calib.fast", false, "TestCalibrationRun counts only the lines and games without estimates (no sheet, no calibration table)")
	calibStops   = flag.Bool("tbam.calib.stops", false, "TestCalibrationRun logs every line left without estimates")
	calibAtEvent = flag.Bool("tbam.calib.atevent", false, "TestCalibrationRun sets the figures against the cards' places right after the line's event, not once the hidden events that follow it (a swap among other players) are done")
	calibDump    = flag.String("tbam.calib.dump", "", "TestCalibrationRun writes every open cell to this file, one a line: players, seed, line, card, place, drawn, P, SE, K, truly there (1/0), the reference run's P")
)

// calibCell is one open cell's estimate at one line, and whether the card
// was truly there.
type calibCell struct {
	e     estimate.Estimate
	shown float64 // what the sheet draws
	truth bool
	ref   float64 // the reference run's figure (-tbam.calib.ref), NaN without one
}

// calibStats gathers TestCalibrationRun's figures.
type calibStats struct {
	cells                     []calibCell
	games, lines              int
	linesNone, gamesNoneEnd   int
	gamesNoneAny              int
	refCells, refOff, refOff2 int
	certainLooking            int // open cells drawn "<1" or ">99"
}

// calibBuckets are the figures' buckets, in percent: [lo, hi), but the
// first is [0, 1] and the last [99, 100] (the cells drawn "1" or "<1",
// "99" or ">99").
var calibBuckets = [][2]float64{{0, 1}, {1, 5}, {5, 20}, {20, 40}, {40, 60}, {60, 80}, {80, 95}, {95, 99}, {99, 100.01}}

// inBucket reports whether figure p (percent) falls in bucket k.
func inBucket(p float64, k int) bool {
	const eps = 1e-9
	switch k {
	case 0:
		return p <= 1+eps
	case 1:
		return p > 1+eps && p < 5
	case len(calibBuckets) - 1:
		return p >= 99-eps
	case len(calibBuckets) - 2:
		return p >= 95 && p < 99-eps
	}
	return p >= calibBuckets[k][0] && p < calibBuckets[k][1]
}

// table is the calibration table: for every bucket of the figures drawn,
// the cells, their mean figure, the share truly there and its binomial
// standard error.
func (c *calibStats) table() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%-10s %8s %8s %8s %7s\n", "shown", "cells", "mean", "true", "±SE")
	for i, k := range calibBuckets {
		n, hit, sum := 0, 0, 0.0
		for _, x := range c.cells {
			p := 100 * x.shown
			if inBucket(p, i) {
				n++
				sum += p
				if x.truth {
					hit++
				}
			}
		}
		if n == 0 {
			continue
		}
		f := float64(hit) / float64(n)
		se := math.Sqrt(f * (1 - f) / float64(n))
		fmt.Fprintf(&b, "%3.0f–%-3.0f%% %8d %7.2f%% %7.2f%% %6.2f%s\n", k[0], math.Min(k[1], 100), n, sum/float64(n), 100*f, 100*se, c.refMean(i))
	}
	b.WriteString(c.byK())
	return b.String()
}

// refMean is, for the cells drawn in bucket k, the reference run's mean
// figure (empty without a reference run): where the estimates are
// unbiased but noisy, the cells a bucket picks are those the noise put
// there, and the reference run, with far less noise, shows where their
// figures truly lie.
func (c *calibStats) refMean(k int) string {
	n, sum := 0, 0.0
	for _, x := range c.cells {
		if inBucket(100*x.shown, k) && !math.IsNaN(x.ref) {
			n++
			sum += x.ref
		}
	}
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("   ref %6.2f%% (%d)", 100*sum/float64(n), n)
}

// calibKs are the bounds of the independent histories' classes of byK.
var calibKs = []float64{0, 10, 30, 100, 300, math.Inf(1)}

// byK is the 1–5% and the ≤ 1% buckets again, split by the number of
// independent histories K the figure rests on.
func (c *calibStats) byK() string {
	var b strings.Builder
	for _, k := range []int{0, 1} {
		for j := 0; j+1 < len(calibKs); j++ {
			n, hit, sum := 0, 0, 0.0
			for _, x := range c.cells {
				if inBucket(100*x.shown, k) && x.e.K >= calibKs[j] && x.e.K < calibKs[j+1] {
					n++
					sum += 100 * x.shown
					if x.truth {
						hit++
					}
				}
			}
			if n == 0 {
				continue
			}
			f := float64(hit) / float64(n)
			fmt.Fprintf(&b, "  bucket %3.0f–%-3.0f%% K in [%g,%g): %7d cells, mean %5.2f%%, true %5.2f%% ± %4.2f\n",
				calibBuckets[k][0], calibBuckets[k][1], calibKs[j], calibKs[j+1], n, sum/float64(n), 100*f, 100*math.Sqrt(f*(1-f)/float64(n)))
		}
	}
	return b.String()
}

// calibRange parses -tbam.calib.players.
func calibRange(t *testing.T) (lo, hi int) {
	s := *calibPlayers
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		b = a
	}
	lo, err1 := strconv.Atoi(a)
	hi, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil || lo < engine.MinPlayers || hi > engine.MaxPlayers || lo > hi {
		t.Fatalf("-tbam.calib.players %q: want a count or a range a-b within %d-%d", s, engine.MinPlayers, engine.MaxPlayers)
	}
	return lo, hi
}

// TestCalibrationRun replays one seat of simulated games at every player
// count (-tbam.calib.games a count, the seat and level turning with the
// seed) and, after every line but the first of a two-line exchange, sets
// every open cell's figure against the card's true place: the calibration
// table (figures drawn in buckets, the share truly there), the lines and
// games without estimates, and with -tbam.calib.ref k the share of cells
// more than 3 stated standard errors from a run with k times the
// particles.
//
//	go test ./encodings/theresbeenamurder -run TestCalibrationRun -tbam.calib -tbam.calib.games 100 -timeout 0 -v
func TestCalibrationRun(t *testing.T) {
	if !*calibRun {
		t.Skip("with -tbam.calib")
	}
	lo, hi := calibRange(t)
	if *calibLag >= 0 {
		defer func(l int) { estimate.ClusterLag = l }(estimate.ClusterLag)
		estimate.ClusterLag = *calibLag
	}
	for players := lo; players <= hi; players++ {
		var st calibStats
		for seed := *calibFrom; seed < *calibFrom+uint64(*calibGames); seed++ {
			calibGame(t, &st, players, seed)
		}
		t.Logf("%d players: %d games, %d lines; lines without estimates %d, games without estimates at some line %d, at their end %d; open cells drawn <1 or >99: %d of %d",
			players, st.games, st.lines, st.linesNone, st.gamesNoneAny, st.gamesNoneEnd, st.certainLooking, len(st.cells))
		if st.refCells > 0 {
			t.Logf("%d players: against %d× the particles, %d of %d cells (%.2f%%) more than 3 stated SEs off, %d (%.2f%%) more than 3 SEs of the difference",
				players, *calibRef, st.refOff, st.refCells, 100*float64(st.refOff)/float64(st.refCells), st.refOff2, 100*float64(st.refOff2)/float64(st.refCells))
		}
		t.Logf("%d players calibration:\n%s", players, st.table())
	}
}

// calibGame replays one game into st.
func calibGame(t *testing.T, st *calibStats, players int, seed uint64) {
	o := engine.SimOptions{Players: players, Seed: seed, Level: engine.Level(seed % 3)}
	sim, err := engine.Simulate(o)
	if err != nil {
		t.Fatal(err)
	}
	states := statesAt(t, o)
	seat := int(seed % uint64(players))
	parts := *calibParts
	if parts == 0 {
		parts = DefaultParticles
	}
	g := NewGame()
	g.Particles = parts
	var ref *Game
	if *calibRef > 0 {
		ref = NewGame()
		ref.Particles = parts * *calibRef
	}
	var dump *os.File
	if *calibDump != "" {
		var err error
		if dump, err = os.OpenFile(*calibDump, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644); err != nil {
			t.Fatal(err)
		}
		defer dump.Close()
	}
	k := 0
	none := false
	st.games++
	for i, line := range sim.Logs[seat] {
		if err := g.Apply(line); err != nil {
			t.Fatalf("%d players seed %d seat %d line %d %q: %v", players, seed, seat, i+1, line, err)
		}
		if ref != nil {
			if err := ref.Apply(line); err != nil {
				t.Fatal(err)
			}
		}
		if g.cfg == nil || i < len(engine.SetupLines(g.cfg, sim.Players, seat, nil)) {
			continue
		}
		s0 := seenState(sim, states, seat, &k)
		s := settledState(sim, states, seat, k)
		if *calibAtEvent {
			s = s0
		}
		if midExchange(sim.Logs[seat], i) {
			continue
		}
		st.lines++
		if g.track() == nil {
			if *calibStops {
				t.Logf("no estimates: %d players seed %d seat %d line %d %q", players, seed, seat, i+1, line)
			}
			st.linesNone++
			if !none {
				st.gamesNoneAny++
			}
			none = true
			if i == len(sim.Logs[seat])-1 {
				st.gamesNoneEnd++
			}
			continue
		}
		if *calibFast {
			continue
		}
		v := g.view()
		var rv *view
		if ref != nil && ref.track() != nil {
			rv = ref.view()
		}
		for _, c := range g.cfg.Cards {
			for l := range g.locations() {
				if v.mark(c, l) != table.Maybe {
					continue
				}
				e := v.where(c, l)
				shown := v.shown(c, l)
				txt := table.Cell{P: shown}.Text()
				if txt == "<1" || txt == ">99" {
					st.certainLooking++
				}
				cell := calibCell{e: e, shown: shown, truth: locOf(s, c) == l, ref: math.NaN()}
				if rv != nil && rv.mark(c, l) == table.Maybe {
					cell.ref = rv.where(c, l).P
				}
				st.cells = append(st.cells, cell)
				if dump != nil {
					truth := 0
					if cell.truth {
						truth = 1
					}
					fmt.Fprintf(dump, "%d %d %d %v %s %.6f %.6f %.6f %.2f %d %.6f\n", players, seed, i+1, c, g.locName(l), shown, e.P, e.SE, e.K, truth, cell.ref)
				}
				if *calibMiss && locOf(s, c) == l && (shown < 0.01 || shown > 0.99) || *calibMiss && locOf(s, c) != l && shown > 0.99 {
					t.Logf("miss: %d players seed %d seat %d line %d %q: %v at %s %+v truly at %s", players, seed, seat, i+1, line, c, g.locName(l), e, g.locName(locOf(s, c)))
				}
				if rv != nil && rv.mark(c, l) == table.Maybe {
					r := rv.where(c, l)
					st.refCells++
					d := math.Abs(e.P - r.P)
					if d > 3*e.SE {
						st.refOff++
					}
					if d > 3*math.Hypot(e.SE, r.SE) {
						st.refOff2++
					}
				}
			}
		}
	}
}

// TestSymmetricOpening: at the opening, the other players' hands are
// virgin and, when dealt from the same parts of the deck, no line tells
// them apart: the sheet gives them the same figures, exactly (3 players
// at master level used to read "carol 33% ±2.1, bob 27% ±2.0" for the
// Murderer). At 8 players the hands dealt from the top part share their
// figures, as do those dealt across it.
func TestSymmetricOpening(t *testing.T) {
	for _, players := range []int{3, 8} {
		sim, err := engine.Simulate(engine.SimOptions{Players: players, Seed: 5, Level: engine.Master})
		if err != nil {
			t.Fatal(err)
		}
		g := NewGame()
		for _, line := range sim.Logs[0][:len(engine.SetupLines(sim.Config, sim.Players, 0, nil))] {
			if err := g.Apply(line); err != nil {
				t.Fatal(err)
			}
		}
		v := g.view()
		s := g.tr.State()
		class, _ := places(s, g.locations())
		pairs := 0
		for q := 1; q < players; q++ {
			for r := q + 1; r < players; r++ {
				if class[q] != class[r] {
					continue
				}
				pairs++
				for _, c := range g.cfg.Cards {
					if a, b := v.where(c, q), v.where(c, r); a != b {
						t.Errorf("%d players: %v with %s %v, with %s %v", players, c, sim.Players[q], a, sim.Players[r], b)
					}
				}
			}
		}
		if pairs == 0 {
			t.Errorf("%d players: no two interchangeable hands at the opening", players)
		}
	}
}

// TestDrawnHonest: over a simulated game at 3 and at 8 players, from one
// seat, no open cell is drawn ">99" or "<1" unless its figure is more than
// two standard errors inside that range, every figure rests on a positive
// number of independent histories, and each card's figures sum to 1.
func TestDrawnHonest(t *testing.T) {
	for _, players := range []int{3, 8} {
		sim, err := engine.Simulate(engine.SimOptions{Players: players, Seed: 2, Level: engine.Veteran})
		if err != nil {
			t.Fatal(err)
		}
		replayEach(t, sim, 1, 200, func(g *Game, i int) {
			if g.cfg == nil || g.track() == nil || midExchange(sim.Logs[1], i) {
				return
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
					txt := table.Cell{P: e.Drawn()}.Text()
					open := 0
					for r := range g.locations() {
						if v.mark(c, r) == table.Maybe {
							open++
						}
					}
					if open == 1 {
						continue // the figure is the only place left: 1
					}
					if (txt == ">99" && e.P-2*e.SE <= 0.99) || (txt == "<1" && e.P+2*e.SE >= 0.01) {
						t.Fatalf("%d players line %d: %v at %s drawn %s for %+v", players, i+1, c, g.locName(l), txt, e)
					}
					if !(e.K > 0) || e.SE <= 0 {
						t.Fatalf("%d players line %d: %v at %s: %+v", players, i+1, c, g.locName(l), e)
					}
				}
				if math.Abs(sum-1) > 1e-9 {
					t.Fatalf("%d players line %d: %v's figures sum to %v", players, i+1, c, sum)
				}
			}
		})
	}
}

// settledState is the game's state at the moment a seat's figures
// describe after a line: once the passes among other players that follow
// the line's event unseen (a Socialite's, Cad's or Invalid's swap between
// others, which the sheet moves at its play line) are done; k is the index
// of the first event after the line's. Other unseen events (a Driver's
// take, a draw's card) are not: the sheet shows the moment before them.
// When the passes lead to one the seat takes part in (the Gossip), the
// swap is still to come for the seat, and the state is the one right
// after the line's event: the engine makes a swap's moves at once, before
// it tells them.
func settledState(sim *Simulation, states []*engine.State, seat int, k int) *engine.State {
	n := k
	for n < len(sim.Events) && sim.Events[n].Kind == engine.EvGive {
		if _, ok := sim.Events[n].View(seat); ok {
			return states[k-1]
		}
		n++
	}
	return states[n-1]
}

var (
	rejectAt   = flag.String("tbam.reject", "", "TestRejectionRun's position: players,seed,lines (the seat and level of TestCalibrationRun's game of that seed, its log cut after that many lines)")
	rejectKept = flag.Int("tbam.reject.kept", 2000, "the games TestRejectionRun keeps")
	rejectMax  = flag.Uint64("tbam.reject.max", 50_000_000, "the games TestRejectionRun plays at most")
)

// TestRejectionRun sets the tracker's figures (with -tbam.calib.particles,
// or 5,000 particles) at one position of TestCalibrationRun's games
// against rejection sampling: random games played until the seat's log
// starts with the same lines, whose cards' places are counted; the counts'
// shares are the exact figures within their binomial error, with no
// sampler in between. It prints every card and place either puts above 0.
//
//	go test ./encodings/theresbeenamurder -run TestRejectionRun -tbam.reject 3,29,5 -timeout 0 -v
func TestRejectionRun(t *testing.T) {
	if *rejectAt == "" {
		t.Skip("with -tbam.reject players,seed,lines")
	}
	var players, lines int
	var seed uint64
	if _, err := fmt.Sscanf(*rejectAt, "%d,%d,%d", &players, &seed, &lines); err != nil {
		t.Fatalf("-tbam.reject %q: want players,seed,lines: %v", *rejectAt, err)
	}
	sim, err := Simulate(SimOptions{Players: players, Seed: seed, Level: Level(seed % 3)})
	if err != nil {
		t.Fatal(err)
	}
	seat := int(seed % uint64(players))
	if lines > len(sim.Logs[seat]) {
		t.Fatalf("the log has %d lines", len(sim.Logs[seat]))
	}
	prefix := sim.Logs[seat][:lines]
	cfg, nloc := sim.Config, players+3
	counts := make([][]int, engine.NumCards+1)
	for c := range counts {
		counts[c] = make([]int, nloc)
	}
	kept := 0
	for s := uint64(0); kept < *rejectKept && s < *rejectMax; s++ {
		if st := runPrefix(cfg, s, seat, prefix); st != nil {
			kept++
			for _, c := range cfg.Cards {
				counts[c][locOf(st, c)]++
			}
		}
	}
	if kept == 0 {
		t.Fatalf("no game of %d starts with %q", *rejectMax, prefix)
	}
	g := NewGame()
	g.Particles = 5000
	if *calibParts > 0 {
		g.Particles = *calibParts
	}
	for _, l := range prefix {
		if err := g.Apply(l); err != nil {
			t.Fatal(err)
		}
	}
	if g.track() == nil {
		t.Fatal("no estimates")
	}
	v := g.view()
	var b strings.Builder
	for _, c := range cfg.Cards {
		for l := range nloc {
			f := float64(counts[c][l]) / float64(kept)
			e := v.where(c, l)
			if f == 0 && e.P < 1e-9 {
				continue
			}
			fmt.Fprintf(&b, "%-12v %-8s rejection %.4f ±%.4f  tracker %.4f ±%.4f (K %.0f)\n", c, g.locName(l), f, math.Sqrt(f*(1-f)/float64(kept)), e.P, e.SE, e.K)
		}
	}
	t.Logf("%q: %d games kept\n%s", prefix, kept, b.String())
}
