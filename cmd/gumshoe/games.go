package main

import (
	"context"
	"io"
	"strings"

	"github.com/spf13/pflag"

	"github.com/gumshoe-dev/gumshoe/encodings/clue"
	"github.com/gumshoe-dev/gumshoe/encodings/deduceordie"
	"github.com/gumshoe-dev/gumshoe/encodings/deductio"
	"github.com/gumshoe-dev/gumshoe/encodings/murderbythedeck"
	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder"
	"github.com/gumshoe-dev/gumshoe/solver/puzzle"
)

// gameTable is every game gumshoe knows, in the order help lists them: its
// [table.Definition] (through which play, solve, why and advise reach it)
// and what is truly its own on the command line: its simulator ("gumshoe
// <game> simulate") and its puzzle generator ("gumshoe puzzle <game>"). A
// new game is one package and one line here.
var gameTable = []cliGame{
	{deduceordie.Definition, simulateDod, dodPuzzles},
	{clue.Definition, simulateClue, cluePuzzles},
	{deductio.Definition, simulateDeductio, deductioPuzzles},
	{murderbythedeck.Definition, simulateMbtd, nil},
	{theresbeenamurder.Definition, simulateTbam, nil},
}

// games is the game table as the contract sees it.
var games = definitions(gameTable)

// cliGame is one game on the command line.
type cliGame struct {
	def table.Definition
	// simulate is "gumshoe <game> simulate": its synopsis, help and run.
	simulate simulator
	// puzzles generates the game's puzzles; nil when it has none.
	puzzles *puzzleGame
}

// simulator is a game's "simulate" subcommand.
type simulator struct {
	summary string // one line: what it prints
	usage   string // the flags' synopsis
	help    string // what it prints, with an example
	// run parses args (flags only) into fs and prints the simulated log.
	run func(fs *pflag.FlagSet, args []string, stdout, stderr io.Writer) int
}

// puzzleGame is one game the puzzle command can generate for.
type puzzleGame struct {
	players    int    // the default player count
	minPlayers int    // the fewest players it takes
	maxPlayers int    // the most players it takes
	level      string // the default difficulty
	// make generates a puzzle from seed, verifies it, and lays it out.
	make func(ctx context.Context, seed uint64, o puzzleOpts, title string) (*puzzle.Page, error)
}

func definitions(gs []cliGame) table.Games {
	var defs table.Games
	for _, g := range gs {
		defs = append(defs, g.def)
	}
	return defs
}

// findGame is the entry of gameTable for a game's name or alias.
func findGame(name string) (cliGame, bool) {
	d, ok := games.Find(name)
	if !ok {
		return cliGame{}, false
	}
	for _, g := range gameTable {
		if g.def.Name == d.Name {
			return g, true
		}
	}
	return cliGame{}, false
}

// seatOf is the index of the player named seat (case-insensitive) among
// players, or a usage error naming the players.
func seatOf(fs *pflag.FlagSet, players []string, seat string) (int, int, bool) {
	for i, p := range players {
		if strings.EqualFold(p, seat) {
			return i, 0, true
		}
	}
	return -1, usageError(fs, "--seat: no seat %q (the players are %s)", seat, strings.Join(players, ", ")), false
}

// writeSimLog prints a simulated log: its header lines (the "game" line
// and a comment saying how it was made), then lines, one a line.
func writeSimLog(fs *pflag.FlagSet, stdout io.Writer, header string, lines []string) int {
	var b strings.Builder
	b.WriteString(header)
	for _, l := range lines {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	_, err := io.WriteString(stdout, b.String())
	return exitWith(fs, err)
}
