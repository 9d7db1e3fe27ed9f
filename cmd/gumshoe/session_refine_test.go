package main

import (
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
	tbam "github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder"
)

// waitingTerm is a terminal at which a person waits (up to a minute)
// until the session writes a notice, then types the lines of after and
// leaves.
type waitingTerm struct {
	after  []string
	noted  chan string
	notes  []string
	waited bool
}

func (r *waitingTerm) readLine(prompt, _ string) (string, error) {
	if !r.waited {
		r.waited = true
		select {
		case n := <-r.noted:
			r.notes = append(r.notes, n)
		case <-time.After(time.Minute):
		}
	}
	if len(r.after) > 0 {
		l := r.after[0]
		r.after = r.after[1:]
		return l, nil
	}
	return "", io.EOF
}

func (r *waitingTerm) interactive() bool  { return true }
func (r *waitingTerm) close() error       { return nil }
func (r *waitingTerm) notify(text string) { r.noted <- text }

// TestSessionRefinesWhileWaiting: a There's Been A Murder game whose
// tracker used to stop at its last line (seed 31 of the simulator, 8
// players), and got its estimates back only while the player sat at the
// prompt after it, now has them at every line (the tracker rebuilds its
// histories from the SAT layer's worlds when it finds none: see
// docs/encodings/theres-been-a-murder.md): no sheet the session draws
// says the estimates stopped, and there is nothing to refine while the
// player waits (no notice).
func TestSessionRefinesWhileWaiting(t *testing.T) {
	sim, err := tbam.Simulate(tbam.SimOptions{Players: 8, Seed: 31})
	if err != nil {
		t.Fatal(err)
	}
	in := &waitingTerm{after: []string{"sheet"}, noted: make(chan string, 1), waited: true}
	ps, out := newTestSession(t, "tbam", in)
	ps.loop(sim.Logs[0], false) // the log's lines, as if typed
	text := out.String()
	const stopped = "No estimates: the tracker found no hidden history"
	if strings.Contains(text, stopped) {
		t.Fatalf("a sheet says the estimates stopped:\n%s", text[max(0, len(text)-3000):])
	}
	if strings.Count(text, "Murderer:") < 2 {
		t.Fatalf("no sheet drawn after the last line:\n%s", text[max(0, len(text)-3000):])
	}
	select {
	case n := <-in.noted:
		t.Fatalf("a notice while nothing is left to refine: %q", n)
	default:
	}
	if ps.refusals != 0 {
		t.Fatalf("%d lines refused:\n%s", ps.refusals, text)
	}
}

// TestSolveRefines: solve and advise answer once, so they refine a game
// whose tracker stopped before they answer: the report and the advice
// have estimates. Seed 39 of the simulator (8 players) stopped at alice's
// play on line 15; the tracker now rebuilds its histories there from the
// SAT layer's worlds, so it has estimates at that line already.
func TestSolveRefines(t *testing.T) {
	sim, err := tbam.Simulate(tbam.SimOptions{Players: 8, Seed: 39})
	if err != nil {
		t.Fatal(err)
	}
	lines := sim.Logs[0][:15]
	g := tbam.NewGame()
	if err := table.ApplyLines(g, lines); err != nil {
		t.Fatal(err)
	}
	if adv, err := g.Advice(context.Background()); err != nil || adv.StoppedAt != 0 {
		t.Fatalf("the estimates stopped at line 15: %v %+v", err, adv)
	}
	log := "game tbam\n" + strings.Join(lines, "\n") + "\n"
	for _, tt := range []struct {
		args     []string
		stopped  string // in the output when there are no estimates
		estimate string // in the output when there are
	}{
		{[]string{"solve", "-"}, "No estimates", "% ±"},
		{[]string{"solve", "--json", "-"}, `"particles": 0,`, `"particles": `},
		{[]string{"advise", "-"}, "none weighed", "win now"},
		{[]string{"advise", "--json", "-"}, `"options": []`, `"stopped_at": 0`},
	} {
		var out, errb strings.Builder
		if code := run(tt.args, strings.NewReader(log), &out, &errb); code != exitOK {
			t.Fatalf("%v: exit %d: %s", tt.args, code, errb.String())
		}
		if strings.Contains(out.String(), tt.stopped) || !strings.Contains(out.String(), tt.estimate) {
			t.Errorf("%v: no estimates (%q, want %q):\n%s", tt.args, tt.stopped, tt.estimate, out.String())
		}
	}
}
