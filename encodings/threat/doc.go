// Package threat measures what each opponent already knows in a race game.
//
// Under the seat's view of a game every world (a complete deal, and the
// hidden choices the game models) is equally likely. In a world w an
// opponent's view is their own hand and everything they saw: the public
// lines, the answers given to them, the secret interrogations they took
// part in, the cards shown to them. That view is fixed by w, so "the
// opponent can name the solution with certainty" is a property of w, and
// its probability under the seat's view is well defined; so is the number
// of solutions the opponent still has open.
//
// [Assess] computes, for each opponent, that probability and the
// distribution of open solutions (counted up to a limit: the last class is
// "limit or more"). When the seat's view admits few worlds (at most
// [Options.ExactWorlds]) every world is visited and the figures are exact
// ratios. Otherwise [Options.Samples] worlds are drawn uniformly with the
// counter's sampler, each checked exactly, and the standard error of the
// estimate is given beside it.
//
// A game supplies the per-world check as a [Game]; [Views] is the check for
// games where an opponent's view is a problem (the constraints the opponent
// knows) plus their own cards in the world, and a solution is a key with
// the constraints that rule it out: it walks the neighbourhood of the world
// first (two cards swapped) and asks the SAT engine only for what the walk
// does not settle, so every count it returns is exact.
package threat
