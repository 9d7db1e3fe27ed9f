package clue

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// Name is the game's name in a log header: "game clue".
const Name = "clue"

// Help is the grammar in brief, for the table session's "help lines".
const Help = `Lines of Clue (items by any unique prefix, any case: pl = Plum; aliases
such as Dagger):
  preset cluedo|cardgame|cardgame-advanced   the deck (or category lines
                                             for a custom deck)
  category NAME ITEM ITEM...        a custom deck's category, in order
  alias ALIAS ITEM                  another name for an item
  questions cluedo|cardgame         one item per category, or any two items
  players NAME NAME...              seating order: each asks the next first
  seat NAME                         whose sheet this is
  deal all|faceup                   all dealt, or the spares face up
  size NAME N|LO-HI|?               a hand size other than the deal's
  hand [SEAT] ITEM...               the seat's own cards
  faceup ITEM...                    the spares (with deal faceup)
  ASKER asks ITEM ITEM [ITEM]: NAME shows [ITEM]
                                    a question; players between pass
  ASKER asks ITEM ITEM [ITEM]: nobody        nobody could help
  NAME accuses SUSPECT WEAPON ROOM wrong|right   an accusation and its outcome
  HOLDER has ITEM... / HOLDER lacks ITEM...
                                    a fact seen (HOLDER: a player, envelope,
                                    faceup)
Cluedo deals every card; the first players listed hold one more.`

// ExampleLog is a short classic Cluedo game from dave's seat.
const ExampleLog = `# Classic Cluedo from dave's seat; every card is dealt: alice and bob hold 5, carol and dave 4.
game clue
preset cluedo
players alice bob carol dave
seat dave
hand dave Plum Knife Hall Study
alice asks Scarlet Knife Study: bob passes, carol passes, dave shows Knife
bob asks Green Revolver Lounge: carol shows
carol asks Mustard Candlestick Library: dave passes, alice shows
dave asks White Wrench Ballroom: alice shows Wrench
alice asks Peacock LeadPipe Conservatory: bob shows
bob asks Scarlet Candlestick Lounge: nobody
carol accuses White Candlestick Lounge wrong
dave asks Mustard Revolver Conservatory: alice passes, bob shows Revolver
`

// SetupLines turns a table session's setup answers into lines of the
// grammar: the deck (a preset name; "cluedo" when empty), the players in
// seating order, the seat and its hand.
func SetupLines(deck string, players []string, seat string, hand []string) ([]string, error) {
	if len(players) == 0 {
		return nil, fmt.Errorf("name the players in seating order: --players alice,bob,carol,me")
	}
	if deck == "" {
		deck = PresetCluedo
	}
	d, err := PresetDeck(deck)
	if err != nil {
		return nil, err
	}
	if err := d.checkPlayers(len(players)); err != nil {
		return nil, err
	}
	lines := []string{"preset " + deck, "players " + strings.Join(players, " ")}
	if seat != "" {
		lines = append(lines, "seat "+seat)
	}
	if len(hand) > 0 {
		if seat == "" {
			return nil, fmt.Errorf("--hand needs --me: whose hand is it?")
		}
		lines = append(lines, "hand "+seat+" "+strings.Join(hand, " "))
	}
	return lines, nil
}

// ApplyDeck applies the setup lines of a deck file (category, alias,
// questions, size ...; no header, no observation) to a game that has no
// lines yet. The deck file's lines are not lines of the game: they are not
// in [Game.Lines] and no explanation names them. Errors name the deck
// file's 1-based line number.
func (g *Game) ApplyDeck(r io.Reader) error {
	if len(g.lines) > 0 {
		return errors.New("clue: a deck file comes before the log's lines")
	}
	data, err := io.ReadAll(io.LimitReader(r, table.MaxLogSize+1))
	if err != nil {
		return err
	}
	text := strings.TrimPrefix(string(data), table.BOM)
	for i, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		line = strings.TrimSuffix(line, "\r")
		if toks := lex(table.StripComment(line)); len(toks) > 0 && !toks[0].is(setupWords...) {
			return fmt.Errorf("deck file line %d: %w", i+1, lineErr(toks[0].col, "a deck file holds setup lines only", strings.Join(setupWords, ", ")))
		}
		if err := g.Apply(line); err != nil {
			return fmt.Errorf("deck file line %d: %w", i+1, err)
		}
	}
	if g.deckLine >= 0 {
		g.deckLine = -1 // fixed by the deck file, which has no line number
	}
	g.lines = g.lines[:0]
	return nil
}

// setupWords are the words that start a setup line.
var setupWords = []string{"preset", "category", "alias", "questions", "players", "seat", "size", "deal"}

// LoadWithDeck reads a deck file of setup lines ([Game.ApplyDeck]) and then
// a log of Clue that continues it, as [Load] does.
func LoadWithDeck(deck, log io.Reader) (*Game, error) {
	g := NewGame()
	if err := g.ApplyDeck(deck); err != nil {
		return nil, err
	}
	l, err := table.ReadLog(log)
	if err != nil {
		return nil, err
	}
	if err := Definition.CheckHeader(l); err != nil {
		return nil, err
	}
	if err := table.ApplyLines(g, l.Lines); err != nil {
		return nil, err
	}
	return g, nil
}
