package table_test

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/games"
	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// scriptDoc is what a script reads of the document of "gumshoe solve
// --json", written once for every game: the sheet's cells and the seat's
// best move. It is the reader docs/json.md promises: no field depends on
// the game.
type scriptDoc struct {
	Schema string `json:"schema"`
	Game   string `json:"game"`
	Lines  int    `json:"lines"`
	Sheet  struct {
		Holders []struct {
			Name string `json:"name"`
			Head string `json:"head"`
		} `json:"holders"`
		Rows []struct {
			Card  string       `json:"card"`
			Cells []scriptCell `json:"cells"`
		} `json:"rows"`
	} `json:"sheet"`
	Report struct {
		Lines    int         `json:"lines"`
		Players  []string    `json:"players"`
		Seat     *string     `json:"seat"`
		BestMove *scriptMove `json:"best_move"`
	} `json:"report"`
}

// scriptChance is a probability as a script reads it: p_float always,
// and either the exact p or the standard error of an estimate.
type scriptChance struct {
	P      *string  `json:"p"`
	PFloat *float64 `json:"p_float"`
	SE     *float64 `json:"se"`
	Exact  *bool    `json:"exact"`
}

type scriptCell struct {
	Holder string `json:"holder"`
	Status string `json:"status"`
	Text   string `json:"text"`
	scriptChance
}

type scriptMove struct {
	Kind    string   `json:"kind"`
	Move    string   `json:"move"`
	Now     bool     `json:"now"`
	Certain bool     `json:"certain"`
	Player  string   `json:"player"`
	Cards   []string `json:"cards"`
	scriptChance
}

// check reports what is wrong with c as a probability: p_float in [0, 1];
// exact (p, no se) or an estimate (se, exact false, no p).
func (c scriptChance) check() string {
	switch {
	case c.PFloat == nil:
		return "no p_float"
	case *c.PFloat < 0 || *c.PFloat > 1:
		return "p_float out of [0, 1]"
	case c.P != nil && (c.SE != nil || c.Exact != nil):
		return "exact p with se or exact"
	case c.P == nil && (c.SE == nil || c.Exact == nil || *c.Exact):
		return "neither exact nor an estimate"
	}
	return ""
}

// TestScriptReader reads the best move and every cell of every game's
// solve document with the one reader above, without a branch for any game:
// the shape is the same everywhere. It reads each game's built-in example
// and its first half (a game still going on, where a move is weighed even
// in the games whose example ends with the game).
func TestScriptReader(t *testing.T) {
	ctx := context.Background()
	moved := map[string]bool{}
	for _, d := range games.All.Definitions() {
		for _, half := range []bool{false, true} {
			l := mustLog(t, d.Example)
			if half {
				l.Lines = l.Lines[:len(l.Lines)/2]
			}
			readDocument(ctx, t, d, l, moved)
		}
	}
	for _, d := range games.All.Definitions() {
		if !moved[d.Name] {
			t.Errorf("%s: no best move read", d.Name)
		}
	}
}

// readDocument reads one solve document as a script would and checks
// what it reads; moved records the games where a best move was read.
func readDocument(ctx context.Context, t *testing.T, d table.Definition, l *table.Log, moved map[string]bool) {
	t.Helper()
	{
		g, err := table.Replay(d, l)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := table.SolveJSON(ctx, g, d.Title, &b); err != nil {
			t.Fatalf("%s: %v", d.Name, err)
		}
		var doc scriptDoc
		dec := json.NewDecoder(&b)
		if err := dec.Decode(&doc); err != nil {
			t.Fatalf("%s: %v", d.Name, err)
		}
		if doc.Schema != table.Schema || doc.Game != d.Name {
			t.Errorf("%s: schema %q game %q", d.Name, doc.Schema, doc.Game)
		}
		if n := len(g.Lines()); doc.Lines != n || doc.Report.Lines != n {
			t.Errorf("%s: lines %d and report lines %d, the log has %d", d.Name, doc.Lines, doc.Report.Lines, n)
		}
		cells := 0
		for _, r := range doc.Sheet.Rows {
			if len(r.Cells) != len(doc.Sheet.Holders) {
				t.Fatalf("%s %s: %d cells, %d holders", d.Name, r.Card, len(r.Cells), len(doc.Sheet.Holders))
			}
			for j, c := range r.Cells {
				cells++
				where := d.Name + " " + r.Card + " " + c.Holder
				if c.Holder != doc.Sheet.Holders[j].Name {
					t.Errorf("%s: cell of column %q", where, doc.Sheet.Holders[j].Name)
				}
				if c.Text == "?" {
					if c.PFloat != nil {
						t.Errorf("%s: a ? cell with p_float", where)
					}
					continue
				}
				if e := c.check(); e != "" {
					t.Errorf("%s: %s", where, e)
					continue
				}
				switch c.Status {
				case "forced":
					if *c.PFloat != 1 || c.P == nil || *c.P != "1" {
						t.Errorf("%s: forced with p %v", where, *c.PFloat)
					}
				case "impossible":
					if *c.PFloat != 0 || c.P == nil || *c.P != "0" {
						t.Errorf("%s: impossible with p %v", where, *c.PFloat)
					}
				case "open":
					if c.P != nil && (*c.P == "0" || *c.P == "1") {
						t.Errorf("%s: open with p %s", where, *c.P)
					}
				default:
					t.Errorf("%s: status %q", where, c.Status)
				}
			}
		}
		if cells == 0 {
			t.Errorf("%s: no cell read", d.Name)
		}
		m := doc.Report.BestMove
		if m == nil {
			return
		}
		moved[d.Name] = true
		if e := m.check(); e != "" {
			t.Errorf("%s best move: %s", d.Name, e)
		}
		if !strings.HasPrefix(m.Move, m.Kind+" ") {
			t.Errorf("%s best move %q is not of kind %q", d.Name, m.Move, m.Kind)
		}
		if m.Certain && (m.P == nil || *m.P != "1") {
			t.Errorf("%s best move is certain with p %v", d.Name, m.P)
		}
		if doc.Report.Seat == nil {
			t.Errorf("%s: a best move without a seat", d.Name)
		}
	}
}
