package main

import (
	allgames "github.com/gumshoe-dev/gumshoe/encodings/games"
)

// games is the one game list (encodings/games.All) as the contract sees
// it: through it play, solve, why and advise reach every game. What is a
// game's own on the command line, its simulator ("gumshoe <game>
// simulate") and its puzzle generator ("gumshoe puzzle <game>"), is in the
// same list's entries; a new game is one package and one entry there.
var games = allgames.All.Definitions()

// findGame is the entry of the game list for a game's name or alias.
func findGame(name string) (allgames.Game, bool) {
	return allgames.All.Find(name)
}
