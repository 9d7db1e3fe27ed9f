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
//
// # Package plan
//
// The game is five packages, each one concept, listed from the top; each
// imports only packages listed below it (and the shared solver and table):
//
//	theresbeenamurder  the game's face: Game (the table contract), the
//	                   lines' checks against the rules, the sheet, the
//	                   reports, the advice, and the glue that hands the
//	                   certain layer's worlds to the estimator
//	estimate           the estimator: the particle tracker (sampling, the
//	                   per-line steps, resampling, recovery) and its
//	                   standard errors; imports certain and engine
//	certain            the certain layer: the time-indexed SAT encoding
//	                   (building, the per-turn steps, the deck's order), the
//	                   sheet's marks and why; imports engine
//	notation           a log's lines to entries (the parser); imports engine
//	engine             the rules engine and the simulator: cards, card sets,
//	                   the deal, events and their text, the state, the legal
//	                   plays, every card's effect, Simulate; imports only the
//	                   standard library
//
// The simulator and any policy use package engine only; the estimator
// replays a seat's lines through the same engine and never re-derives a
// rule. The files of this package: game.go and gametracker.go (the Game,
// its lines and its tracker), lines.go and linecheck.go (a line's checks
// and what it teaches), sat.go and witnesses.go (the certain layer's
// glue), view.go and report.go (the sheet and the reports), advise.go and
// decision.go (the advice), refine.go, definition.go, example.go and
// simulate.go (the engine's names callers use most: Simulate, Level).
package theresbeenamurder
