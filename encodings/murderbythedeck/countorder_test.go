package murderbythedeck

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// The tracker gives the exact counter a layer order (compiled.order, see
// state.countOrder). These tests check that the order changes no count and
// counts positions of long rounds that the counter's own order refused.

var (
	countOrderRounds = flag.String("mbtd.countorder", "", "TestCountOrderRounds: rounds played by the fixed rule in every seat, as seed:seat pairs, comma-separated (e.g. \"16:0,35:3,27:3\"); each line of the seat's log is counted with and without the tracker's layer order")
	countOrderDump   = flag.String("mbtd.countdump", "", "TestCountOrderRounds: a directory the problems the counter's own order refused are written to (JSON), for the solver's -count.probe")
	countOrderEvery  = flag.Int("mbtd.countdumpevery", 100, "TestCountOrderRounds: of the problems the counter's own order refused, every how many -mbtd.countdump writes (from the first)")
	countOrderOwn    = flag.Bool("mbtd.ownorder", false, "TestCountOrderRounds: the rounds' players count in the counter's own order, as they did before the tracker gave it one (their play depends on what their trackers could count)")
	countOrderLogs   = flag.Bool("mbtd.countorderlogs", false, "TestCountOrderPositions: write its seat logs to testdata/ again from the rounds they come from")
)

// countOrderCase is a seat's log of a round played by the fixed rule in
// every seat, and lines (1-based, the position after them) to count at.
type countOrderCase struct {
	seed  uint64
	seat  int
	lines []int
}

// countOrderCases are positions of two rounds: early ones the counter's
// own order counts, and the first ones it refused ("problem too large to
// count exactly") before the tracker gave it an order.
var countOrderCases = []countOrderCase{
	{16, 0, []int{40, 120, 168, 169, 175}},
	{27, 3, []int{80, 160, 164}},
}

func (c countOrderCase) file() string {
	return filepath.Join("testdata", fmt.Sprintf("countorder-s%d-p%d.log", c.seed, c.seat))
}

// fixedSeatLog is the log of seat in round seed played by the fixed rule
// in every seat.
func fixedSeatLog(t testing.TB, seed uint64, seat int) []string {
	st := [Players]style{fixedStyle, fixedStyle, fixedStyle, fixedStyle}
	r, _, err := playRound(seed, Rules{}, st, playOpts{})
	if err != nil {
		t.Fatal(err)
	}
	return SeatLog(Rules{}, SimPlayers, seat, r.Deal[seat*HandSize:(seat+1)*HandSize], r.Events)
}

// TestCountOrderPositions counts positions of long rounds with the
// tracker's layer order and with the counter's own: the counts must be the
// same, where the counter's own order is refused too (counted then
// without a memory budget, which its real graph does not need), and the
// tracker's order must count every position within the default budget.
// Samples drawn with it must be worlds of the problem.
func TestCountOrderPositions(t *testing.T) {
	ctx := context.Background()
	for _, c := range countOrderCases {
		if *countOrderLogs {
			lines := fixedSeatLog(t, c.seed, c.seat)
			last := slices.Max(c.lines)
			if err := os.WriteFile(c.file(), []byte(strings.Join(lines[:last], "\n")+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		b, err := os.ReadFile(c.file())
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
		g := NewGame()
		for i, l := range lines {
			if err := g.Apply(l); err != nil {
				t.Fatalf("%s:%d: %v", c.file(), i+1, err)
			}
			if !slices.Contains(c.lines, i+1) {
				continue
			}
			start := time.Now()
			cnt := g.cp.counter()
			got, err := cnt.Count(ctx)
			if err != nil {
				t.Fatalf("seed %d seat %d line %d: the tracker's order: %v", c.seed, c.seat, i+1, err)
			}
			took := time.Since(start)
			want, err := solver.NewCounter(g.cp.prob).Count(ctx)
			own := "counts it"
			if err != nil {
				own = "refused it"
				want, err = solver.NewCounter(g.cp.prob, solver.WithMemoryBudget(-1)).Count(ctx)
				if err != nil {
					t.Fatalf("seed %d seat %d line %d: the counter's own order without a budget: %v", c.seed, c.seat, i+1, err)
				}
			}
			if got.Cmp(want) != 0 {
				t.Errorf("seed %d seat %d line %d: %v worlds in the tracker's order, %v in the counter's own", c.seed, c.seat, i+1, got, want)
			}
			rng := rand.New(rand.NewPCG(c.seed, uint64(i)))
			for range 3 {
				w, err := cnt.Sample(ctx, rng)
				if err != nil {
					t.Fatalf("seed %d seat %d line %d: sample: %v", c.seed, c.seat, i+1, err)
				}
				if v, deal := g.cp.prob.Check(w); !deal || v != nil {
					t.Fatalf("seed %d seat %d line %d: a sample breaks observations %v (a deal: %v)", c.seed, c.seat, i+1, v, deal)
				}
			}
			t.Logf("seed %d seat %d line %d: %v worlds, counted in %v in the tracker's order; the counter's own order %s", c.seed, c.seat, i+1, got, took.Round(time.Millisecond), own)
		}
	}
}

// TestCountOrderRounds counts every line of the -mbtd.countorder rounds in
// the tracker's layer order and in the counter's own, and says how many
// each refused and how long a count (and a first sample) took. It is a
// measurement, run by hand (docs/benchmarks.md):
//
//	nice -n 10 go test ./encodings/murderbythedeck -run TestCountOrderRounds -v -timeout 60m -mbtd.countorder 16:0,35:3,27:3
//	nice -n 10 go test ./encodings/murderbythedeck -run TestCountOrderRounds -v -timeout 60m -mbtd.countorder 16:0,35:3,27:3 -mbtd.ownorder
func TestCountOrderRounds(t *testing.T) {
	if *countOrderRounds == "" {
		t.Skip("-mbtd.countorder not set")
	}
	ctx := context.Background()
	for _, spec := range strings.Split(*countOrderRounds, ",") {
		var seed uint64
		var seat int
		if _, err := fmt.Sscanf(spec, "%d:%d", &seed, &seat); err != nil {
			t.Fatalf("-mbtd.countorder %q: %v", spec, err)
		}
		ownOrder = *countOrderOwn
		lines := fixedSeatLog(t, seed, seat)
		ownOrder = false
		g := NewGame()
		var ownRefused, hintRefused, differ, firstRefused int
		var hintCPU, ownCPU []time.Duration
		for i, l := range lines {
			if err := g.Apply(l); err != nil {
				t.Fatal(err)
			}
			cpu := cpuTime()
			cnt := g.cp.counter()
			got, err := cnt.Count(ctx)
			if err == nil {
				_, err = cnt.Sample(ctx, rand.New(rand.NewPCG(seed, uint64(i))))
			}
			hintCPU = append(hintCPU, cpuTime()-cpu)
			if err != nil {
				hintRefused++
				t.Logf("seed %d seat %d line %d: the tracker's order: %v", seed, seat, i+1, err)
			}
			cpu = cpuTime()
			want, err2 := solver.NewCounter(g.cp.prob).Count(ctx)
			ownCPU = append(ownCPU, cpuTime()-cpu)
			if err2 != nil {
				ownRefused++
				if firstRefused == 0 {
					firstRefused = i + 1
				}
				if *countOrderDump != "" && (ownRefused-1)%max(*countOrderEvery, 1) == 0 {
					dumpCountProblem(t, g.cp.prob, filepath.Join(*countOrderDump, fmt.Sprintf("s%d-p%d-l%d.json", seed, seat, i+1)))
				}
			} else if err == nil && got.Cmp(want) != 0 {
				differ++
				t.Errorf("seed %d seat %d line %d: %v worlds in the tracker's order, %v in the counter's own", seed, seat, i+1, got, want)
			}
		}
		med := func(ds []time.Duration) (time.Duration, time.Duration) {
			s := slices.Sorted(slices.Values(ds))
			return s[len(s)/2], s[len(s)-1]
		}
		hm, hx := med(hintCPU)
		om, ox := med(ownCPU)
		first := "none"
		if firstRefused > 0 {
			first = fmt.Sprintf("the first at line %d", firstRefused)
		}
		t.Logf("seed %d seat %d: %d lines; the counter's own order refused %d (%s), CPU median %v, largest %v (a count); the tracker's order refused %d, CPU median %v, largest %v (a count and a sample); counts that differ: %d",
			seed, seat, len(lines), ownRefused, first, om.Round(time.Millisecond), ox.Round(time.Millisecond), hintRefused, hm.Round(time.Millisecond), hx.Round(time.Millisecond), differ)
	}
}

// dumpCountProblem writes p as the JSON the solver's -count.probe reads.
func dumpCountProblem(t *testing.T, p *solver.Problem, file string) {
	type term struct{ Coef, Card, Holder int }
	type con struct {
		Terms []term
		Op    int
		Bound int
	}
	var d struct {
		Name     string
		Cards    int
		Min, Max []int
		Names    []string
		Allowed  [][]bool
		Cons     []con
	}
	m := p.Model()
	d.Name, d.Cards = strings.TrimSuffix(filepath.Base(file), ".json"), m.NumCards()
	for h := range m.NumHolders() {
		s := m.HolderSize(solver.Holder(h))
		d.Min, d.Max = append(d.Min, s.Min), append(d.Max, s.Max)
		d.Names = append(d.Names, m.HolderName(solver.Holder(h)))
	}
	for c := range m.NumCards() {
		row := make([]bool, m.NumHolders())
		for h := range row {
			row[h] = m.Allowed(solver.Card(c), solver.Holder(h))
		}
		d.Allowed = append(d.Allowed, row)
	}
	for _, o := range p.Observations() {
		for _, k := range o.Constraints {
			dc := con{Op: int(k.Op), Bound: k.Bound}
			for _, x := range k.Terms {
				dc.Terms = append(dc.Terms, term{x.Coef, int(x.Lit.Card), int(x.Lit.Holder)})
			}
			d.Cons = append(d.Cons, dc)
		}
	}
	b, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
