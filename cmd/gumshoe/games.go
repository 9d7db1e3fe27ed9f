package main

import (
	"github.com/gumshoe-dev/gumshoe/encodings/clue"
	"github.com/gumshoe-dev/gumshoe/encodings/deduceordie"
	"github.com/gumshoe-dev/gumshoe/encodings/deductio"
	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// games is every game gumshoe knows, in the order help lists them. A new
// game is one package with a [table.Definition] and one line here.
var games = table.Games{
	deduceordie.Definition,
	clue.Definition,
	deductio.Definition,
}
