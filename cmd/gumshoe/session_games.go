package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// gameDef is one game the table session can play: how to make a fresh game,
// how the setup flags of "gumshoe play" become lines of its grammar, and a
// built-in example game for "gumshoe play <game> --example".
type gameDef struct {
	name    string   // as in a log header: "dod"
	aliases []string // other names accepted on the command line
	title   string   // "Deduce or Die"
	new     func() table.Game
	// setup turns the setup flags into the game's first lines; nil when the
	// game takes its setup as typed lines only.
	setup func(o setupOptions) ([]string, error)
	// prompts are the setup questions asked when a session starts at a
	// terminal with no setup flags, in order; empty when there are none.
	prompts []setupPrompt
	example string // a complete log, played line by line by --example
	help    string // the game's grammar, for "help lines"
}

// setupOptions are the setup flags of "gumshoe play".
type setupOptions struct {
	players []string // in seat order
	me      string   // the seat's player
	hand    []string // the seat's cards
	deck    string   // a deck or preset name, for games that have several
}

// setupPrompt is one setup question: the option it fills and its text.
type setupPrompt struct {
	field    string // "players", "me", "hand" or "deck"
	question string
}

// gameDefs is every game the session knows, in the order "help" lists them.
var gameDefs []gameDef

// findGame finds a game by name or alias, ignoring case.
func findGame(name string) (gameDef, bool) {
	n := strings.ToLower(name)
	for _, d := range gameDefs {
		if d.name == n || slices.Contains(d.aliases, n) {
			return d, true
		}
	}
	return gameDef{}, false
}

// gameNames lists the names of the known games, for messages.
func gameNames() string {
	var names []string
	for _, d := range gameDefs {
		names = append(names, d.name)
	}
	if len(names) == 0 {
		return "(none yet)"
	}
	return strings.Join(names, ", ")
}

// unknownGame is the error for a game name not in gameDefs.
func unknownGame(name string) error {
	return fmt.Errorf("unknown game %q; the games are: %s", name, gameNames())
}
