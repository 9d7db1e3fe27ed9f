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
// tracker stops at its last line (seed 31 of the simulator, 8 players)
// gets its estimates back while the player sits at the prompt after it;
// the
// session says so, and the sheet drawn next shows them.
func TestSessionRefinesWhileWaiting(t *testing.T) {
	sim, err := tbam.Simulate(tbam.SimOptions{Players: 8, Seed: 31})
	if err != nil {
		t.Fatal(err)
	}
	in := &waitingTerm{after: []string{"sheet"}, noted: make(chan string, 1)}
	ps, out := newTestSession(t, "tbam", in)
	ps.loop(sim.Logs[0], false) // the log's lines, as if typed
	text := out.String()
	// The Murderer's headline starts each sheet's headlines: the one
	// drawn after the last line, then the one "sheet" drew.
	const stopped = "No estimates: the tracker found no hidden history"
	last := strings.LastIndex(text, "Murderer:")
	before := strings.LastIndex(text[:max(last, 0)], "Murderer:")
	if before < 0 || !strings.Contains(text[before:last], stopped) {
		t.Fatalf("the sheet after the last line does not say the estimates stopped: the test needs a game whose tracker stops at its end:\n%s", text[max(0, len(text)-3000):])
	}
	if len(in.notes) != 1 || !strings.Contains(in.notes[0], refineNotice) {
		t.Fatalf("notices while waiting: %q, want the refine notice", in.notes)
	}
	if strings.Contains(text[last:], stopped) {
		t.Fatalf("the sheet drawn after the notice has no estimates:\n%s", text[before:])
	}
	if ps.refusals != 0 {
		t.Fatalf("%d lines refused:\n%s", ps.refusals, text)
	}
}

// TestSolveRefines: solve and advise answer once, so they refine a game
// whose tracker stopped (seed 39 of the simulator, 8 players, stopped at
// alice's play on line 15) before they answer: the report and the advice
// have estimates.
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
	if adv, err := g.Advice(context.Background()); err != nil || adv.StoppedAt != 15 {
		t.Fatalf("the test needs a game whose tracker stopped at line 15: %v %+v", err, adv)
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
