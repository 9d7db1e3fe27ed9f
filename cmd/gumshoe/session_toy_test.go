package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"slices"
	"sort"
	"strings"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// toyGame is a small game for testing the session without any real game:
// seven cards A-G dealt to 2 or 3 players and a one-card envelope (3 cards
// a player with 2 players, 2 with 3). Its grammar:
//
//	players NAME NAME [NAME]     first, once
//	me NAME                      the seat, once
//	NAME has CARD
//	NAME lacks CARD
//	NAME has one of CARD CARD... (at least two cards)
//
// It finds worlds by brute force, so its answers are easy to trust.
type toyGame struct {
	players []string
	me      string
	lines   []string
	obs     []toyObs // one per line; zero for setup and comments
}

// toyObs is a line's constraint: holder h has at least one of cards (has
// true) or none of them (has false). An empty cards is no constraint.
type toyObs struct {
	h     int
	cards []int
	has   bool
}

var toyCards = []string{"A", "B", "C", "D", "E", "F", "G"}

func newToy() table.Game { return &toyGame{} }

func init() {
	games = append(games, table.Definition{
		Name:    "toy",
		Aliases: []string{"toygame"},
		Title:   "Toy",
		New:     newToy,
		Setup: func(o table.Setup) ([]string, error) {
			if len(o.Players) == 0 {
				return nil, fmt.Errorf("toy needs --players")
			}
			lines := []string{"players " + strings.Join(o.Players, " ")}
			if o.Me != "" {
				lines = append(lines, "me "+o.Me)
				for _, c := range o.Hand {
					lines = append(lines, o.Me+" has "+c)
				}
			}
			return lines, nil
		},
		Questions: []table.Question{{Field: table.Players, Text: "Players, in seat order?"}, {Field: table.Me, Text: "Which one are you?"}},
		Example:   "# a toy game\ngame toy\nplayers ann bob me\nme me\nme has A\nme has B\nann lacks C\nbob has one of C D\n",
		Help:      table.Help{Lines: "Lines of Toy:\n  players NAME NAME [NAME]\n  me NAME\n  NAME has CARD\n  NAME lacks CARD\n  NAME has one of CARD CARD...\n"},
	})
}

func (g *toyGame) Name() string { return "toy" }

func (g *toyGame) Lines() []string { return g.lines }

func (g *toyGame) holders() []string { return append(slices.Clone(g.players), "env") }

func (g *toyGame) sizes() []int {
	s := make([]int, 0, 4)
	for range g.players {
		s = append(s, 6/len(g.players))
	}
	return append(s, 1)
}

// worlds calls f with every deal satisfying obs.
func (g *toyGame) worlds(obs []toyObs, f func(w []int)) {
	sizes := g.sizes()
	w := make([]int, len(toyCards))
	var rec func(c int)
	rec = func(c int) {
		if c == len(w) {
			for _, o := range obs {
				hit := false
				for _, k := range o.cards {
					hit = hit || w[k] == o.h
				}
				if len(o.cards) > 0 && hit != o.has {
					return
				}
			}
			f(w)
			return
		}
		for h := range sizes {
			if sizes[h] > 0 {
				sizes[h]--
				w[c] = h
				rec(c + 1)
				sizes[h]++
			}
		}
	}
	rec(0)
}

func (g *toyGame) consistent(obs []toyObs) bool {
	n := 0
	g.worlds(obs, func([]int) { n++ })
	return n > 0
}

// minimal drops observations from ids while ok still holds without them.
func minimal(ids []int, ok func([]int) bool) []int {
	for i := 0; i < len(ids); {
		try := slices.Delete(slices.Clone(ids), i, i+1)
		if ok(try) {
			ids = try
		} else {
			i++
		}
	}
	return ids
}

func (g *toyGame) pick(ids []int, extra ...toyObs) []toyObs {
	var out []toyObs
	for _, i := range ids {
		out = append(out, g.obs[i])
	}
	return append(out, extra...)
}

func (g *toyGame) constraintIDs() []int {
	var ids []int
	for i, o := range g.obs {
		if len(o.cards) > 0 {
			ids = append(ids, i)
		}
	}
	return ids
}

func (g *toyGame) Apply(line string) error {
	if table.IsComment(line) {
		g.lines = append(g.lines, line)
		g.obs = append(g.obs, toyObs{})
		return nil
	}
	f := strings.Fields(line)
	col := func(i int) int { // 1-based column of field i
		pos := 0
		for j := 0; j <= i && j < len(f); j++ {
			pos = strings.Index(line[pos:], f[j]) + pos
			if j < i {
				pos += len(f[j])
			}
		}
		return pos + 1
	}
	if f[0] == "players" {
		if g.players != nil {
			return &table.LineError{Msg: "the players are named already"}
		}
		if len(f) < 3 || len(f) > 4 {
			return &table.LineError{Col: col(0), Msg: "2 or 3 players", Want: "players NAME NAME [NAME]"}
		}
		g.players = f[1:]
		g.lines = append(g.lines, line)
		g.obs = append(g.obs, toyObs{})
		return nil
	}
	if g.players == nil {
		return &table.LineError{Col: 1, Msg: "name the players first", Want: "players NAME NAME [NAME]"}
	}
	if f[0] == "me" && len(f) == 2 {
		if len(f) != 2 || !slices.Contains(g.players, f[1]) {
			return &table.LineError{Col: col(1), Msg: "not a player", Want: "me NAME"}
		}
		g.me = f[1]
		g.lines = append(g.lines, line)
		g.obs = append(g.obs, toyObs{})
		return nil
	}
	h := slices.Index(g.players, f[0])
	if h < 0 {
		return &table.LineError{Col: 1, Msg: fmt.Sprintf("unknown player %q", f[0]), Want: "a player: " + strings.Join(g.players, ", ")}
	}
	if len(f) < 3 || (f[1] != "has" && f[1] != "lacks") {
		return &table.LineError{Col: col(1), Msg: "unknown form", Want: "NAME has CARD, NAME lacks CARD or NAME has one of CARD CARD..."}
	}
	o := toyObs{h: h, has: f[1] == "has"}
	cards := f[2:]
	if o.has && len(f) > 4 && f[2] == "one" && f[3] == "of" {
		cards = f[4:]
		if len(cards) < 2 {
			return &table.LineError{Col: len(line) + 1, Msg: "one of needs two cards or more", Want: "a card A-G"}
		}
	} else if len(cards) != 1 {
		return &table.LineError{Col: col(3), Msg: "one card only", Want: "end of line"}
	}
	for i, c := range cards {
		k := slices.Index(toyCards, strings.ToUpper(c))
		if k < 0 {
			return &table.LineError{Col: col(len(f) - len(cards) + i), Msg: fmt.Sprintf("unknown card %q", c), Want: "a card A-G"}
		}
		o.cards = append(o.cards, k)
	}
	ids := g.constraintIDs()
	if !g.consistent(g.pick(ids, o)) {
		core := minimal(ids, func(ids []int) bool { return !g.consistent(g.pick(ids, o)) })
		e := &table.ConflictError{}
		for _, i := range core {
			e.Lines = append(e.Lines, i+1)
			e.Texts = append(e.Texts, g.lines[i])
		}
		return e
	}
	g.lines = append(g.lines, line)
	g.obs = append(g.obs, o)
	return nil
}

// counts are the world count and per-(card, holder) counts.
func (g *toyGame) counts() (int, [][]int) {
	per := make([][]int, len(toyCards))
	for c := range per {
		per[c] = make([]int, len(g.players)+1)
	}
	total := 0
	g.worlds(g.pick(g.constraintIDs()), func(w []int) {
		total++
		for c, h := range w {
			per[c][h]++
		}
	})
	return total, per
}

func (g *toyGame) Sheet(context.Context) (*table.Grid, error) {
	if g.players == nil {
		return nil, fmt.Errorf("name the players first")
	}
	total, per := g.counts()
	grid := &table.Grid{
		Title:   fmt.Sprintf("Toy, seat %s, %d players", g.me, len(g.players)),
		Holders: g.holders(),
	}
	env := len(g.players)
	var head []string
	for c, name := range toyCards {
		r := table.Row{Card: name}
		for h := range grid.Holders {
			cell := table.Cell{P: float64(per[c][h]) / float64(total)}
			switch per[c][h] {
			case 0:
				cell.Mark = table.No
			case total:
				cell.Mark = table.Yes
			}
			r.Cells = append(r.Cells, cell)
		}
		grid.Rows = append(grid.Rows, r)
		if per[c][env] > 0 {
			head = append(head, fmt.Sprintf("%s %s", name, big.NewRat(int64(per[c][env]), int64(total)).RatString()))
		}
	}
	grid.Headlines = []string{"Envelope: " + strings.Join(head, ", ")}
	return grid, nil
}

func (g *toyGame) Report(ctx context.Context, w io.Writer) error {
	grid, err := g.Sheet(ctx)
	if err != nil {
		return err
	}
	total, _ := g.counts()
	fmt.Fprintf(w, "%d deals left\n%s\n", total, grid.Headlines[0])
	return nil
}

func (g *toyGame) ReportJSON(ctx context.Context, w io.Writer) error {
	if g.players == nil {
		return fmt.Errorf("name the players first")
	}
	total, per := g.counts()
	env := map[string]string{}
	for c, name := range toyCards {
		if n := per[c][len(g.players)]; n > 0 {
			env[name] = big.NewRat(int64(n), int64(total)).RatString()
		}
	}
	return json.NewEncoder(w).Encode(map[string]any{"deals": total, "envelope": env})
}

func (g *toyGame) Explain(_ context.Context, fact string) (*table.Explanation, error) {
	f := strings.Fields(fact)
	neg := len(f) == 3 && f[0] == "not"
	if neg {
		f = f[1:]
	}
	if len(f) != 2 {
		return nil, &table.LineError{Msg: "a fact is NAME CARD or not NAME CARD"}
	}
	h := slices.Index(g.holders(), f[0])
	c := slices.Index(toyCards, strings.ToUpper(f[1]))
	if h < 0 || c < 0 {
		return nil, &table.LineError{Msg: "unknown player or card"}
	}
	// The fact holds in every world when its negation has none.
	contrary := toyObs{h: h, cards: []int{c}, has: neg}
	implied := func(ids []int) bool { return !g.consistent(g.pick(ids, contrary)) }
	ids := g.constraintIDs()
	if !implied(ids) {
		return nil, fmt.Errorf("%s is not forced yet", fact)
	}
	core := minimal(ids, implied)
	sort.Ints(core)
	e := &table.Explanation{Fact: fact}
	for _, i := range core {
		e.Lines = append(e.Lines, i+1)
	}
	return e, nil
}

func (g *toyGame) Advise(_ context.Context, args string, w io.Writer) error {
	if args != "" {
		return fmt.Errorf("toy advice takes no arguments")
	}
	_, err := fmt.Fprintln(w, "Ask about the card with the most even odds.")
	return err
}

func (g *toyGame) AdviseJSON(_ context.Context, args string, w io.Writer) error {
	if args != "" {
		return fmt.Errorf("toy advice takes no arguments")
	}
	return table.WriteJSON(w, map[string]string{"schema": table.Schema, "game": "toy", "advice": "Ask about the card with the most even odds."})
}

func (g *toyGame) Words() []string {
	return append(append([]string{"players", "me", "has", "lacks", "one", "of"}, g.players...), toyCards...)
}
