package deductio

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"os"
	"path/filepath"
	"testing"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// update rewrites the golden files of testdata:
//
//	go test ./encodings/deductio -run Golden -update
var update = flag.Bool("update", false, "rewrite the golden files")

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the output:\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

// TestGolden writes every report of testdata/example.log: the text report,
// the JSON report, the sheet, the advice and an explanation that needs the
// SAT engine (a number ruled out because another player must have it).
func TestGolden(t *testing.T) {
	f, err := os.Open("testdata/example.log")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := Load(f)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	var b bytes.Buffer
	if err := g.Report(ctx, &b); err != nil {
		t.Fatal(err)
	}
	golden(t, "example.report.golden", b.Bytes())

	b.Reset()
	if err := g.ReportJSON(ctx, &b); err != nil {
		t.Fatal(err)
	}
	if !json.Valid(b.Bytes()) {
		t.Error("the JSON report is not valid JSON")
	}
	golden(t, "example.json.golden", b.Bytes())

	b.Reset()
	grid, err := g.Sheet(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := grid.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	golden(t, "example.sheet.golden", b.Bytes())

	b.Reset()
	if err := g.Advise(ctx, "", &b); err != nil {
		t.Fatal(err)
	}
	if err := g.Advise(ctx, "free odd 1-5 faceup-1", &b); err != nil {
		t.Fatal(err)
	}
	golden(t, "example.advise.golden", b.Bytes())

	b.Reset()
	for _, fact := range []string{"not alice 13", "bob 13", "not alice 12", "alice 7", "not carol 5"} {
		if err := table.Why(ctx, g, fact, &b); err != nil {
			// A fact the lines do not force is an error, written into
			// the golden file so that which facts are forced is checked.
			fmt.Fprintf(&b, "error: %v\n", err)
		}
	}
	golden(t, "example.why.golden", b.Bytes())
}

// TestEliminationsMinimal checks every elimination of the reports of
// simulated games: its lines imply it, and no line of it can be left out.
func TestEliminationsMinimal(t *testing.T) {
	ctx := context.Background()
	checked := 0
	for seed := range uint64(4) {
		sim, err := Simulate(SimOptions{Players: 3, Seed: 500 + seed})
		if err != nil {
			t.Fatal(err)
		}
		replay(t, sim.Logs[0], func(g *Game, i int) {
			if i%5 != 0 {
				return
			}
			r, err := g.Analyze(ctx)
			if err != nil {
				t.Fatal(err)
			}
			st := g.st
			for pi, s := range r.Secrets {
				for _, e := range s.Eliminated {
					f := solver.Fact{Card: cardOf(e.Number), Holder: st.cur(pi), Holds: false}
					ids := make([]int, len(e.Lines))
					for k, ln := range e.Lines {
						ids[k] = st.lineObs[ln-1]
						if ids[k] < 0 {
							t.Fatalf("line %d: elimination %d of %s names line %d, which has no facts", i+1, e.Number, s.Player, ln)
						}
					}
					if !implied(t, st.prob.Subset(ids), f) {
						t.Fatalf("line %d: lines %v do not rule out %d for %s", i+1, e.Lines, e.Number, s.Player)
					}
					for k := range ids {
						rest := append(append([]int{}, ids[:k]...), ids[k+1:]...)
						if implied(t, st.prob.Subset(rest), f) {
							t.Fatalf("line %d: lines %v rule out %d for %s without line %d", i+1, e.Lines, e.Number, s.Player, e.Lines[k])
						}
					}
					checked++
				}
			}
		})
	}
	t.Logf("%d eliminations checked", checked)
}

// implied reports whether p implies f, failing the test when the engine
// cannot tell.
func implied(t *testing.T, p *solver.Problem, f solver.Fact) bool {
	t.Helper()
	ok, err := solver.NewSAT(p).Implies(context.Background(), f)
	if err != nil {
		t.Fatal(err)
	}
	return ok
}
