package tournament

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"
)

// Entry is one finished game as a journal keeps it: enough to tally it
// again ([Table.Add]) and to know it need not be played again.
type Entry struct {
	Game    string  `json:"game"`    // the game's slug
	Players int     `json:"players"` // the player count
	Index   int     `json:"index"`   // the game's number in its cell (which policy sits first)
	Seed    uint64  `json:"seed"`    // the game's seed
	Result  journal `json:"result"`
}

// journal is a Result in the journal's form: policies by name, think
// times in nanoseconds.
type journal struct {
	Seats   []string `json:"seats"`
	Winner  int      `json:"winner"`
	Turns   int      `json:"turns"`
	ThinkNS []int64  `json:"think_ns"`
}

// NewEntry is the journal entry of game index of the cell (game, players),
// played with seed.
func NewEntry(game string, players, index int, seed uint64, r Result) Entry {
	e := Entry{Game: game, Players: players, Index: index, Seed: seed,
		Result: journal{Winner: r.Winner, Turns: r.Turns}}
	for _, p := range r.Seats {
		e.Result.Seats = append(e.Result.Seats, p.String())
	}
	for _, d := range r.Think {
		e.Result.ThinkNS = append(e.Result.ThinkNS, int64(d))
	}
	return e
}

// Outcome is the entry's game result, or an error when the entry does not
// describe a game the tournament could have played.
func (e Entry) Outcome() (Result, error) {
	r := Result{Winner: e.Result.Winner, Turns: e.Result.Turns}
	if len(e.Result.Seats) != e.Players || e.Players < 2 {
		return r, fmt.Errorf("%d seats for %d players", len(e.Result.Seats), e.Players)
	}
	if r.Winner < -1 || r.Winner >= e.Players {
		return r, fmt.Errorf("winner %d of %d seats", r.Winner, e.Players)
	}
	if len(e.Result.ThinkNS) > e.Players {
		return r, fmt.Errorf("%d think times for %d seats", len(e.Result.ThinkNS), e.Players)
	}
	for _, name := range e.Result.Seats {
		p, ok := policyNamed(name)
		if !ok {
			return r, fmt.Errorf("unknown policy %q", name)
		}
		r.Seats = append(r.Seats, p)
	}
	for _, ns := range e.Result.ThinkNS {
		r.Think = append(r.Think, time.Duration(ns))
	}
	return r, nil
}

// policyNamed is the policy whose String is name.
func policyNamed(name string) (Policy, bool) {
	for _, p := range Policies {
		if p.String() == name {
			return p, true
		}
	}
	return 0, false
}

// ReadJournal reads a journal: one JSON entry a line. A last line cut
// short (a run stopped while writing it) is ignored; any other bad line is
// an error naming its number (from 1).
func ReadJournal(r io.Reader) ([]Entry, error) {
	var out []Entry
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	var bad error
	for n := 1; sc.Scan(); n++ {
		if bad != nil {
			return nil, bad // a bad line that was not the last
		}
		if len(sc.Bytes()) == 0 {
			continue
		}
		var e Entry
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			bad = fmt.Errorf("journal line %d: %w", n, err)
			continue
		}
		if _, err := e.Outcome(); err != nil {
			return nil, fmt.Errorf("journal line %d: %w", n, err)
		}
		out = append(out, e)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	var syn *json.SyntaxError
	if bad != nil && !errors.As(bad, &syn) {
		return nil, bad
	}
	return out, nil
}

// WriteEntry appends e to w as one line.
func WriteEntry(w io.Writer, e Entry) error {
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}
