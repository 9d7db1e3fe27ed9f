package web

import (
	"context"
	"testing"
	"time"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder"
)

// refinesOnce is a game whose estimates change once while no one sends a
// line, as a There's Been A Murder tracker's did when it had stopped and
// resumed between lines (the tracker now rebuilds its histories at the
// line itself, so no simulated log stops any more): the web sheet's refine
// path, apart from when a real tracker has work left.
type refinesOnce struct {
	table.Game
	refined bool
}

func (r *refinesOnce) Refine(ctx context.Context) (changed, more bool, err error) {
	if r.refined {
		return false, false, nil
	}
	r.refined = true
	return true, false, nil
}

// TestRefineWhileWaiting: a game whose estimates change while no one
// sends a line (table.Refiner) has its sheet drawn again, and every page
// watching it is sent the new state, with a note saying why.
func TestRefineWhileWaiting(t *testing.T) {
	sim, err := theresbeenamurder.Simulate(theresbeenamurder.SimOptions{Players: 8, Seed: 31})
	if err != nil {
		t.Fatal(err)
	}
	lines := sim.Logs[0]
	def := theresbeenamurder.Definition
	newGame := def.New
	def.New = func() table.Game { return &refinesOnce{Game: newGame()} }
	s, hs := newTestServerOf(t, "", table.Games{def})
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
			if st.Version == 1 {
				continue // the state the lines gave
			}
			if st.Version != 2 || st.Note != refinedNote {
				t.Fatalf("the state after a refine: version %d, note %q", st.Version, st.Note)
			}
			if len(st.Sheet.Headlines) == 0 {
				t.Fatal("the sheet drawn again has no headlines")
			}
			return
		case <-deadline:
			t.Fatal("the estimates never came back")
		}
	}
}
