// Package deductio keeps the deduction sheet for Deductio, the game of
// secret numbers and clue cards (rules as implemented:
// docs/rules/deductio.md; the text forms: docs/encodings/deductio.md; the
// JSON schema: docs/json.md).
//
// The Secret Numbers 1 to 20 are the cards of a [solver.Model]; its holders
// are every number a player ever had (one holder each, size 1: a correct
// guess closes a player's number and opens a new one), each group of
// numbers turned face up, and the Secret Number deck (the rest). Every line
// of a game log becomes one observation: a clue card placed vertically rules
// out the numbers it is false of, cards taken horizontally the numbers they
// are true of, a wrong guess its number, a correct guess pins it, and a look
// at the top of the deck places the numbers seen there.
//
// A [Game] reads the log line by line ([Game.Apply], [Load]) and refuses a
// contradicting line with the minimal set of earlier lines it contradicts.
// [Game.Analyze] gives, for every player, each candidate number with its
// exact probability (the numbers dealt uniformly at random, conditioned on
// everything the seat knows, jointly across players), the forced numbers and
// the lines that rule out each other number; [Game.AdviseClue] weighs the
// face-up clue cards by what they would tell the table; [Simulate] plays
// random legal games and writes each seat's log.
package deductio
