package web

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder"
)

// TestRefineWhileWaiting: a There's Been A Murder game whose tracker
// stops at its last line (seed 31 of the simulator, 8 players) gets its
// estimates back while no one sends a line, and every page watching it is
// sent the sheet drawn again, with a note saying why.
func TestRefineWhileWaiting(t *testing.T) {
	sim, err := theresbeenamurder.Simulate(theresbeenamurder.SimOptions{Players: 8, Seed: 31})
	if err != nil {
		t.Fatal(err)
	}
	lines := sim.Logs[0]
	const stopped = "No estimates"
	g := theresbeenamurder.NewGame()
	if err := table.ApplyLines(g, lines); err != nil {
		t.Fatal(err)
	}
	if grid, err := g.Sheet(context.Background()); err != nil || !strings.Contains(strings.Join(grid.Headlines, " "), stopped) {
		t.Fatalf("the test needs a game whose tracker stops at its last line: %v", err)
	}

	s, hs := newTestServer(t, "")
	id, err := s.Start(theresbeenamurder.Name, lines, "", true)
	if err != nil {
		t.Fatal(err)
	}
	type state struct {
		Version int    `json:"version"`
		Note    string `json:"note"`
		Sheet   struct {
			Headlines []string `json:"headlines"`
		} `json:"sheet"`
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	states := watch[state](t, ctx, hs.URL, id)
	deadline := time.After(time.Minute) // a hang, not a measure of speed
	for {
		select {
		case st, ok := <-states:
			if !ok {
				t.Fatal("the event stream ended")
			}
			headlines := strings.Join(st.Sheet.Headlines, " ")
			if strings.Contains(headlines, stopped) {
				if st.Version != 1 {
					t.Fatalf("version %d still without estimates: %s", st.Version, headlines)
				}
				continue
			}
			// Version 1 is the state the lines gave, without estimates.
			if st.Version < 2 || st.Note != refinedNote {
				t.Fatalf("a state with estimates: version %d, note %q", st.Version, st.Note)
			}
			return
		case <-deadline:
			t.Fatal("the estimates never came back")
		}
	}
}
