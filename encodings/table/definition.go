package table

import (
	"fmt"
	"slices"
	"strings"
)

// Definition is what a game package tells the tools about its game: its
// names, how to make a fresh game, its help, a built-in example and its
// setup questions. Each game package exports one; the command-line tool
// keeps them in one [Games] table.
type Definition struct {
	// Name is the game's name in a log header ("dod"); lower case, one word.
	Name string
	// Aliases are other names accepted wherever a game is named
	// ("deduce-or-die"), lower case.
	Aliases []string
	// Title is the game's name for people ("Deduce or Die").
	Title string
	// New returns a fresh, empty game.
	New func() Game
	// Help is the game's own part of the help.
	Help Help
	// Example is a complete log of a game ("game dod" and its lines), played
	// by the tools' example commands.
	Example string
	// Questions are the setup questions asked, in order, when a game starts
	// at a terminal with no setup given; empty when the game has none.
	Questions []Question
	// Setup turns setup answers into the game's first lines. It is called
	// after each answer with the answers so far (later fields empty), so
	// that a wrong answer is refused at once; it returns an error naming
	// what is wrong with the answers given. Nil when the game takes its
	// setup as lines only.
	Setup func(Setup) ([]string, error)
}

// Help is a game's own help text: each field is plain text that reads well
// at 80 columns (lines of at most 78 characters).
type Help struct {
	// Lines are the forms of the game's lines, one a line, with examples.
	Lines string
	// Why says which facts "why" explains, with examples in the game's
	// notation ("alice 3H", "not bob 5S").
	Why string
	// Odds says what the game's reports show.
	Odds string
	// Advise says what "advise" takes and what it answers.
	Advise string
}

// Setup holds setup answers: the players in seat order, the seat's player,
// the seat's hand, and the deck or preset for games that have several.
type Setup struct {
	Players []string
	Me      string
	Hand    []string
	Deck    string
}

// Field names one answer of a [Setup].
type Field uint8

// The fields of a Setup.
const (
	Players Field = iota + 1
	Me
	Hand
	Deck // optional: an empty answer keeps the game's default
)

// Question is one setup question: the field its answer fills and the text
// asked.
type Question struct {
	Field Field
	Text  string
	// Prompt, when set, is the text asked given the answers so far (the
	// later fields empty), for a question whose example depends on them: a
	// hand the seat can be dealt, say. An empty result, or a nil Prompt,
	// asks Text, which then gives its examples as patterns ("CARD CARD")
	// rather than as answers some set-ups refuse.
	Prompt func(Setup) string
}

// Ask is the text of question q given the answers so far: q.Prompt's when
// it gives one, else q.Text.
func (q Question) Ask(answers Setup) string {
	if q.Prompt != nil {
		if s := q.Prompt(answers); s != "" {
			return s
		}
	}
	return q.Text
}

// Games is a table of games, in the order they are listed.
type Games []Definition

// Find returns the game named name (its name or an alias, in any case).
func (gs Games) Find(name string) (Definition, bool) {
	n := strings.ToLower(strings.TrimSpace(name))
	for _, d := range gs {
		if d.Name == n || slices.Contains(d.Aliases, n) {
			return d, true
		}
	}
	return Definition{}, false
}

// Names lists the games' names, comma-separated.
func (gs Games) Names() string {
	var names []string
	for _, d := range gs {
		names = append(names, d.Name)
	}
	return strings.Join(names, ", ")
}

// UnknownGameError is a game name that is not in a [Games] table.
type UnknownGameError struct {
	Name  string
	Known string // the games there are, comma-separated
}

// Error names the game and the games there are.
func (e *UnknownGameError) Error() string {
	return fmt.Sprintf("unknown game %q; the games are: %s", e.Name, e.Known)
}

// Lookup is [Games.Find] with an *UnknownGameError when there is no such
// game.
func (gs Games) Lookup(name string) (Definition, error) {
	d, ok := gs.Find(name)
	if !ok {
		return Definition{}, &UnknownGameError{Name: name, Known: gs.Names()}
	}
	return d, nil
}

// CardGroup is a kind of card and its cards, as a setup question lists
// them ("suspects: Scarlet Mustard ...").
type CardGroup struct {
	Kind  string // "suspects", "spades"; "" when the game has one kind
	Cards []string
}

// CardLister is implemented by a game that names its cards grouped by
// kind once its first lines (the deck, the players) are in: the setup
// question for a hand lists them, and Tab completes them.
type CardLister interface {
	CardGroups() []CardGroup
}
