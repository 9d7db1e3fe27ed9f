package table

import (
	"context"
	"encoding/json"
	"io"
	"math/big"
)

// Probability is an exact probability in JSON: the pair
//
//	"p": "3/7", "p_float": 0.42857142857142855
//
// P is the fraction in lowest terms ("0" and "1" at the ends) and PFloat
// the float64 nearest to it. Game documents embed it in the object the
// probability is about, so that the two keys sit beside that object's own.
// docs/json.md is the schema.
type Probability struct {
	P      string  `json:"p"`
	PFloat float64 `json:"p_float"`
}

// NewProbability is the JSON form of the exact probability r (nil is 0).
func NewProbability(r *big.Rat) Probability {
	return Probability{P: Fraction(r), PFloat: Float(r)}
}

// Odds is a probability that is a share of worlds, in JSON: Worlds is the
// number of worlds (deals consistent with the log) in which the thing
// holds, as a decimal string because it can exceed any integer a JSON
// reader keeps exactly, and the probability is Worlds over the document's
// "worlds".
type Odds struct {
	Worlds string `json:"worlds"`
	Probability
}

// NewOdds is the JSON form of worlds worlds with probability p (nil
// counts are 0).
func NewOdds(worlds *big.Int, p *big.Rat) Odds {
	return Odds{Worlds: Count(worlds), Probability: NewProbability(p)}
}

// Fraction is an exact ratio as a JSON string: the fraction in lowest
// terms, "a/b", or the integer "a" when the denominator is 1 (nil is "0").
// An exact ratio that is not a probability is written as the pair NAME
// (Fraction) and NAME_float (Float).
func Fraction(r *big.Rat) string {
	if r == nil {
		return "0"
	}
	return r.RatString()
}

// Float is the float64 nearest to r (nil is 0).
func Float(r *big.Rat) float64 {
	if r == nil {
		return 0
	}
	f, _ := r.Float64()
	return f
}

// Count is a count of worlds as a JSON string: its decimal digits (nil is
// "0").
func Count(n *big.Int) string {
	if n == nil {
		return "0"
	}
	return n.String()
}

// The JSON form of a [Grid]; docs/json.md ("sheet") is its schema.
type (
	gridJSON struct {
		Title     string    `json:"title"`
		Holders   []string  `json:"holders"`
		Rows      []rowJSON `json:"rows"`
		Headlines []string  `json:"headlines"`
	}
	rowJSON struct {
		Card  string     `json:"card"`
		Cells []cellJSON `json:"cells"`
	}
	cellJSON struct {
		Status string `json:"status"` // "forced", "impossible" or "open"
		Text   string `json:"text"`   // as drawn: "✓", "✗", "41", "<1", ">99", "?"
		*Probability
	}
)

// The statuses of a cell in JSON.
const (
	statusOpen       = "open"
	statusForced     = "forced"
	statusImpossible = "impossible"
)

func (g *Grid) json() gridJSON {
	s := gridJSON{Title: g.Title, Holders: g.Holders, Headlines: g.Headlines, Rows: []rowJSON{}}
	if s.Holders == nil {
		s.Holders = []string{}
	}
	if s.Headlines == nil {
		s.Headlines = []string{}
	}
	for _, r := range g.Rows {
		row := rowJSON{Card: r.Card, Cells: []cellJSON{}}
		for _, c := range r.Cells {
			row.Cells = append(row.Cells, c.json())
		}
		s.Rows = append(s.Rows, row)
	}
	return s
}

func (c Cell) json() cellJSON {
	j := cellJSON{Status: statusOpen, Text: c.Text()}
	switch c.Mark {
	case Yes:
		p := NewProbability(big.NewRat(1, 1))
		j.Status, j.Probability = statusForced, &p
	case No:
		p := NewProbability(new(big.Rat))
		j.Status, j.Probability = statusImpossible, &p
	default:
		if c.Exact != nil {
			p := NewProbability(c.Exact)
			j.Probability = &p
		}
	}
	return j
}

// MarshalJSON writes the sheet as the JSON object docs/json.md calls
// "sheet": its title, holders, rows of cells (each with its status, its
// text as drawn and its exact probability) and headlines. A cell's
// probability is left out only when it is open and its Exact is nil.
func (g *Grid) MarshalJSON() ([]byte, error) {
	return json.Marshal(g.json())
}

// SheetJSON writes g's sheet ([Game.Sheet]) as one JSON document: the
// fields of [Grid.MarshalJSON] with "schema" and "game" first.
func SheetJSON(ctx context.Context, g Game, w io.Writer) error {
	gr, err := g.Sheet(ctx)
	if err != nil {
		return err
	}
	doc := struct {
		Schema string `json:"schema"`
		Game   string `json:"game"`
		gridJSON
	}{Schema: Schema, Game: g.Name(), gridJSON: gr.json()}
	return WriteJSON(w, doc)
}
