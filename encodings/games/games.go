// Package games is the list of every game gumshoe plays, each as its
// [table.Definition]: the one place a new game is added so that the
// command line, the web sheet and the tests that cover every game find it.
package games

import (
	"github.com/gumshoe-dev/gumshoe/encodings/clue"
	"github.com/gumshoe-dev/gumshoe/encodings/deduceordie"
	"github.com/gumshoe-dev/gumshoe/encodings/deductio"
	"github.com/gumshoe-dev/gumshoe/encodings/murderbythedeck"
	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder"
)

// All is every game, in the order help lists them.
var All = table.Games{
	deduceordie.Definition,
	clue.Definition,
	deductio.Definition,
	murderbythedeck.Definition,
	theresbeenamurder.Definition,
}
