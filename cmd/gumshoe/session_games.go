package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gumshoe-dev/gumshoe/encodings/deduceordie"
	"github.com/gumshoe-dev/gumshoe/encodings/deductio"
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
	field    string // "players", "me", "hand" or "deck" (for "deck" an empty answer keeps the default)
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

func init() {
	gameDefs = append(gameDefs, gameDef{
		name:    deduceordie.Name,
		aliases: []string{"deduceordie", "deduce-or-die"},
		title:   "Deduce or Die",
		new:     func() table.Game { return deduceordie.NewGame() },
		setup:   dodSetup,
		prompts: []setupPrompt{
			{"players", "Players, in seat order (e.g. alice,bob,carol,me)?"},
			{"me", "Which one are you?"},
			{"hand", "Your cards (e.g. 8S 8H AC 2C 4C 5C)?"},
		},
		example: dodExample,
		help:    dodHelp,
	})
}

func init() {
	gameDefs = append(gameDefs, gameDef{
		name:  deductio.Name,
		title: "Deductio",
		new:   func() table.Game { return deductio.NewGame() },
		setup: deductioSetup,
		prompts: []setupPrompt{
			{"players", "Players, in seat order (e.g. alice,bob,me)?"},
			{"me", "Which one are you?"},
			{"hand", "Your Secret Number?"},
		},
		example: deductio.ExampleLog,
		help:    deductio.Help + "\n",
	})
}

// deductioSetup turns the setup flags into the players and seat lines, and
// --hand into the seat's secret number.
func deductioSetup(o setupOptions) ([]string, error) {
	if len(o.players) == 0 {
		return nil, fmt.Errorf("name the players in seat order: --players alice,bob,me")
	}
	if o.deck != "" {
		return nil, fmt.Errorf("Deductio has one deck: no --deck")
	}
	lines := []string{"players " + strings.Join(o.players, " ")}
	if o.me != "" {
		lines = append(lines, "seat "+o.me)
	}
	if len(o.hand) > 0 {
		if o.me == "" || len(o.hand) != 1 {
			return nil, fmt.Errorf("--hand is your Secret Number, with --me: --me carol --hand 12")
		}
		lines = append(lines, "secret "+o.me+" "+o.hand[0])
	}
	return lines, nil
}

// dodSetup turns the setup flags into the players, seat and hand lines.
func dodSetup(o setupOptions) ([]string, error) {
	if len(o.players) == 0 {
		return nil, fmt.Errorf("name the players in seat order: --players alice,bob,carol,me")
	}
	if o.deck != "" {
		return nil, fmt.Errorf("Deduce or Die has one deck: no --deck")
	}
	lines := []string{"players " + strings.Join(o.players, " ")}
	if o.me != "" {
		lines = append(lines, "seat "+o.me)
	}
	if len(o.hand) > 0 {
		if o.me == "" {
			return nil, fmt.Errorf("--hand needs --me: whose hand is it?")
		}
		lines = append(lines, "hand "+o.me+" "+strings.Join(o.hand, " "))
	}
	return lines, nil
}

const dodHelp = `Lines of Deduce or Die (cards as 7C, 7c or 7♣; ranges as 3H..5S, 2S rank, 2S suit):
  players NAME NAME NAME...     3 to 6 players in seat order, first of all
  seat NAME                     whose sheet this is
  hand NAME CARD...             the seat's hand: hand dave 8S 8H AC 2C 4C 5C
  exposed CARD                  the card left over (none with 5 players)
  reveal NAME SUIT              initial revelation: reveal alice clubs
  ask ASKER ANSWERER RANGE = N  an interrogation: ask bob carol 6S..8C = 3
  secret ASKER ANSWERER         a Secret Interrogation between two others
  secret ASKER ANSWERER RANGE = N   ... one you asked or answered
  pass NAME                     a turn without a question
  accuse WHO WHOM PAIR wrong    a failed accusation: accuse alice carol AC+4C wrong
  accuse WHO WHOM PAIR right    the accusation that ends the game
  evidence PAIR                 the Evidence cards, once seen: evidence 3S+7H
Advice: "advise 3H 5S 5S" ranks the questions the three Interrogation cards
allow. Facts for "why": "alice 3H", "not bob 5S", "evidence 7C".
`

// dodExample is the game "gumshoe play dod --example" plays: four players,
// from dave's seat.
const dodExample = `# A game of Deduce or Die from dave's seat.
game dod
players alice bob carol dave
seat dave
hand dave 8S 8H AC 2C 4C 5C
exposed 8C
reveal alice clubs
reveal bob hearts
reveal carol clubs
reveal dave hearts
ask bob carol 6S..8C = 3
ask carol bob 5C..7C = 1
ask dave alice 6C..9H = 3
ask alice bob 8H..9C = 1
ask bob dave AC..5S = 4
ask carol bob 8H..2H = 0
ask dave carol 3H..5C = 3
accuse alice carol AC+4C wrong
ask bob dave 9H..5S = 4
ask carol dave 9S..AH = 1
ask dave carol 4C..2H = 5
`
