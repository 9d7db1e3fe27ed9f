// Package theresbeenamurder is There's Been A Murder (log header "game
// tbam"), the cooperative game in which the players pass, swap, show and
// draw cards until the Detective catches the Murderer, from one seat.
//
// The rules engine, package engine ([engine.State], [engine.LegalPlays],
// [engine.Choosable]), plays all 24 cards for 3 to 8 players, with the
// difficulty levels and the variants ([engine.Config],
// [engine.DefaultCards]); [Simulate] plays seeded random legal games and
// writes each seat's log. docs/rules/theres-been-a-murder.md lists every
// reading of the rules chosen.
//
// A [Game] reads a seat's log line by line (the notation is in [Help] and
// docs/encodings/theres-been-a-murder.md) and implements the game
// contract of package table. What the seat knows for certain (its own
// hand, the pile) is exact, with the line that says so. Everything else is
// estimated by sequential importance sampling over hidden histories with
// exact move likelihoods (every other player's choice uniform among the
// legal ones), each estimate with its standard error ([Game.Where]); cards
// no rule tells apart are interchangeable, which the sampler uses.
// [Game.Advice] ranks the seat's plays by the chance that they win the
// game at once minus the chance that they lose it at once.
package theresbeenamurder
