package table

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/big"
	"strings"
)

// Real is a float in JSON, always written with a decimal point ("0.0",
// "1.0", "0.25", "1.5e-7" as it is and "1e-7" as "1.0e-7"), so
// that no JSON reader takes a probability or a standard error for an
// integer. NaN and infinities are not JSON: they are written as null.
type Real float64

// MarshalJSON writes r as encoding/json writes a float64, with ".0" added
// where that has no decimal point.
func (r Real) MarshalJSON() ([]byte, error) {
	f := float64(r)
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return []byte("null"), nil
	}
	b, err := json.Marshal(f)
	if err != nil {
		return nil, err
	}
	s := string(b)
	if strings.ContainsRune(s, '.') {
		return b, nil
	}
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		return []byte(s[:i] + ".0" + s[i:]), nil
	}
	return []byte(s + ".0"), nil
}

// RealPtr is a pointer to Real(f), for optional fields.
func RealPtr(f float64) *Real {
	r := Real(f)
	return &r
}

// Chance is a probability in JSON that is either exact or an estimate:
//
//	exact:    "p": "3/7", "p_float": 0.42857142857142855
//	estimate: "p_float": 0.43, "se": 0.012, "exact": false
//
// An exact probability is the pair of [Probability]; an estimate is never
// written as a fraction: its float, its standard error "se" and "exact":
// false. A reader takes "p_float" in both cases, and "exact" absent means
// exact. docs/json.md is the schema.
type Chance struct {
	P      string `json:"p,omitempty"`
	PFloat Real   `json:"p_float"`
	SE     *Real  `json:"se,omitempty"`
	Exact  *bool  `json:"exact,omitempty"`
}

// ExactChance is the exact probability r (nil is 0) as a [Chance].
func ExactChance(r *big.Rat) Chance {
	return Chance{P: Fraction(r), PFloat: Real(Float(r))}
}

// EstimatedChance is an estimated probability p with standard error se.
func EstimatedChance(p, se float64) Chance {
	no := false
	return Chance{PFloat: Real(p), SE: RealPtr(se), Exact: &no}
}

// Probability is an exact probability in JSON: the pair
//
//	"p": "3/7", "p_float": 0.42857142857142855
//
// P is the fraction in lowest terms ("0" and "1" at the ends) and PFloat
// the float64 nearest to it. Game documents embed it in the object the
// probability is about, so that the two keys sit beside that object's own.
// docs/json.md is the schema.
type Probability struct {
	P      string `json:"p"`
	PFloat Real   `json:"p_float"`
}

// NewProbability is the JSON form of the exact probability r (nil is 0).
func NewProbability(r *big.Rat) Probability {
	return Probability{P: Fraction(r), PFloat: Real(Float(r))}
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
		Title     string       `json:"title"`
		Holders   []holderJSON `json:"holders"`
		Rows      []rowJSON    `json:"rows"`
		Headlines []string     `json:"headlines"`
	}
	holderJSON struct {
		Name string `json:"name"` // the holder's full name, as cells name it
		Head string `json:"head"` // the column head, perhaps abbreviated
	}
	rowJSON struct {
		Card  string     `json:"card"`
		Cells []cellJSON `json:"cells"`
	}
	cellJSON struct {
		Holder string `json:"holder"` // the holder's full name
		Status string `json:"status"` // "forced", "impossible" or "open"
		Text   string `json:"text"`   // as drawn: "✓", "✗", "41", "<1", ">99", "?"
		*Chance
	}
)

// The statuses of a cell in JSON.
const (
	statusOpen       = "open"
	statusForced     = "forced"
	statusImpossible = "impossible"
)

// Name is the full name of holder column i: Names[i] when the game gives
// it, else the column head.
func (g *Grid) Name(i int) string {
	if i < len(g.Names) && g.Names[i] != "" {
		return g.Names[i]
	}
	if i < len(g.Holders) {
		return g.Holders[i]
	}
	return ""
}

func (g *Grid) json() gridJSON {
	s := gridJSON{Title: g.Title, Holders: []holderJSON{}, Headlines: g.Headlines, Rows: []rowJSON{}}
	for i, h := range g.Holders {
		s.Holders = append(s.Holders, holderJSON{Name: g.Name(i), Head: h})
	}
	if s.Headlines == nil {
		s.Headlines = []string{}
	}
	for _, r := range g.Rows {
		row := rowJSON{Card: r.Card, Cells: []cellJSON{}}
		for i, c := range r.Cells {
			j := c.json()
			j.Holder = g.Name(i)
			row.Cells = append(row.Cells, j)
		}
		s.Rows = append(s.Rows, row)
	}
	return s
}

func (c Cell) json() cellJSON {
	j := cellJSON{Status: statusOpen, Text: c.Text()}
	var ch Chance
	switch {
	case c.Mark == Yes:
		j.Status, ch = statusForced, ExactChance(big.NewRat(1, 1))
	case c.Mark == No:
		j.Status, ch = statusImpossible, ExactChance(nil)
	case c.Exact != nil:
		ch = ExactChance(c.Exact)
	case c.NoEstimate:
		return j
	default:
		ch = EstimatedChance(c.P, c.SE)
	}
	j.Chance = &ch
	return j
}

// MarshalJSON writes the sheet as the JSON object docs/json.md calls
// "sheet": its title, holders (full name and column head), rows of cells
// (each with its holder, its status, its text as drawn and its
// probability: exact, or an estimate with its standard error) and
// headlines. A cell's probability is left out only when it is drawn "?"
// ([Cell.NoEstimate]).
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

// ReportHead is the fields every game's report document starts with, in
// every game the same (docs/json.md, "Rules of every report"). Game
// packages embed it first in their report document and fill it with
// [NewReportHead].
type ReportHead struct {
	Schema string `json:"schema"`
	Game   string `json:"game"`
	// Lines is the number of lines of the log after its header.
	Lines int `json:"lines"`
	// Players are the players in seat order.
	Players []string `json:"players"`
	// Seat is the seat's player; null when the log has none (a spectator).
	Seat *string `json:"seat"`
	// Worlds is the number of deals consistent with the log, in a game
	// that counts them exactly; absent in a game that estimates.
	Worlds string `json:"worlds,omitempty"`
	// BestMove is the seat's best move; null when there is none.
	BestMove *BestMove `json:"best_move"`
}

// NewReportHead is the head of the report of game (its name) after lines
// lines: seat "" is no seat, worlds nil leaves "worlds" out, best nil is
// no best move.
func NewReportHead(game string, lines int, players []string, seat string, worlds *big.Int, best *BestMove) ReportHead {
	h := ReportHead{Schema: Schema, Game: game, Lines: lines, Players: players, BestMove: best}
	if h.Players == nil {
		h.Players = []string{}
	}
	if seat != "" {
		h.Seat = &seat
	}
	if worlds != nil {
		h.Worlds = Count(worlds)
	}
	return h
}

// BestMove is the seat's best move in every game's report, in one shape:
// what to do, the chance that it is right (or wins), and whether to make it
// now.
type BestMove struct {
	// Kind is the move's kind: "accuse" (Deduce or Die, Clue, Murder By
	// The Deck), "guess" (Deductio) or "play" (There's Been A Murder).
	Kind string `json:"kind"`
	// Move is the move in words, as a player would say it at the table
	// ("accuse bob with 3H+5S").
	Move string `json:"move"`
	// Now is true when the move is advised now (to accuse or guess now
	// rather than wait).
	Now bool `json:"now"`
	// Certain is true when the move cannot fail.
	Certain bool `json:"certain"`
	// Player is the player the move names (the accused, whose number is
	// guessed, the target of a play); absent when it names none.
	Player string `json:"player,omitempty"`
	// Cards are the cards the move names (an Evidence pair, an envelope,
	// a number, the card played), in the game's notation.
	Cards []string `json:"cards"`
	// The probability that the move is right (an accusation or a guess) or
	// wins the game at once (a play): exact, or an estimate.
	Chance
}

// SolveJSON writes the document of "gumshoe solve --json": "schema",
// "game", the game's full name "title", "lines" (the lines of the log after
// its header), the "sheet" once ([Grid.MarshalJSON]) and the game's report
// document under "report" ([Game.ReportJSON]). docs/json.md ("solve") is
// its schema.
func SolveJSON(ctx context.Context, g Game, title string, w io.Writer) error {
	gr, err := g.Sheet(ctx)
	if err != nil {
		return err
	}
	var rep bytes.Buffer
	if err := g.ReportJSON(ctx, &rep); err != nil {
		return err
	}
	if !json.Valid(rep.Bytes()) {
		return fmt.Errorf("the game's report is not valid JSON")
	}
	doc := struct {
		Schema string          `json:"schema"`
		Game   string          `json:"game"`
		Title  string          `json:"title"`
		Lines  int             `json:"lines"`
		Sheet  gridJSON        `json:"sheet"`
		Report json.RawMessage `json:"report"`
	}{Schema: Schema, Game: g.Name(), Title: title, Lines: len(g.Lines()), Sheet: gr.json(), Report: bytes.TrimSpace(rep.Bytes())}
	return WriteJSON(w, doc)
}
