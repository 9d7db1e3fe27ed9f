// Package clue keeps the deduction sheet of the Clue family of games: classic
// Cluedo, the Clue Card Game (basic and advanced) and custom decks.
//
// A [Game] is built line by line from the game's text grammar, setup
// included ("preset cluedo", "players alice bob me", "seat me",
// "hand me Plum Rope Hall", "alice asks Plum Knife Hall: bob shows"); each
// accepted observation line becomes one solver observation labelled with its
// text, so explanations and conflicts name lines. Reports are exact: the
// sheet of every card and holder (players, the envelope, the face-up pile),
// per-category envelope odds, the joint envelope distribution and the best
// accusation, all from exact world counts; question advice ranks every legal
// question by the expected information it gives about the envelope, and
// showing advice picks the card that leaks least. A simulator plays seeded
// random legal games for tests and benchmarks.
//
// docs/rules/clue.md lists the rule readings chosen; docs/encodings/clue.md
// the grammar; docs/json.md the JSON schema.
package clue
