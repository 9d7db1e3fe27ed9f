// Package games is the one list of every game gumshoe plays: each game's
// [table.Definition] (the contract through which play, solve, why, advise
// and the web sheet reach it) and what tools built on it need besides, its
// simulator and its puzzle generator. A new game is one package and one
// entry of [All]; the command line, the web sheet and the tests that cover
// every game all read this list.
package games

import (
	"github.com/gumshoe-dev/gumshoe/encodings/clue"
	"github.com/gumshoe-dev/gumshoe/encodings/deduceordie"
	"github.com/gumshoe-dev/gumshoe/encodings/deductio"
	"github.com/gumshoe-dev/gumshoe/encodings/murderbythedeck"
	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder"
)

// Game is one game gumshoe plays.
type Game struct {
	// Definition is the game's table contract: its names, set-up and
	// logs.
	table.Definition
	// Simulator plays seeded random games and prints a seat's log
	// ("gumshoe <game> simulate").
	Simulator Simulator
	// Puzzles generates the game's puzzles ("gumshoe puzzle <game>"); nil
	// when the game has none.
	Puzzles *Puzzles
}

// List is a list of games, in the order help lists them.
type List []Game

// All is every game, in the order help lists them.
var All = List{
	{deduceordie.Definition, dodSimulator, dodPuzzles},
	{clue.Definition, clueSimulator, cluePuzzles},
	{deductio.Definition, deductioSimulator, deductioPuzzles},
	{murderbythedeck.Definition, mbtdSimulator, nil},
	{theresbeenamurder.Definition, tbamSimulator, nil},
}

// Definitions is the list as the table contract sees it: every game's
// Definition, in the same order.
func (l List) Definitions() table.Games {
	defs := make(table.Games, len(l))
	for i, g := range l {
		defs[i] = g.Definition
	}
	return defs
}

// Find is the game named name or one of its aliases, ignoring case (as
// [table.Games.Find] reads names).
func (l List) Find(name string) (Game, bool) {
	d, ok := l.Definitions().Find(name)
	if !ok {
		return Game{}, false
	}
	for _, g := range l {
		if g.Name == d.Name {
			return g, true
		}
	}
	return Game{}, false
}

// WithPuzzles is the games that have a puzzle generator, in order.
func (l List) WithPuzzles() List {
	var out List
	for _, g := range l {
		if g.Puzzles != nil {
			out = append(out, g)
		}
	}
	return out
}
