// Package estimate is There's Been A Murder's estimator: where the cards
// are, from one seat, by sequential importance sampling over hidden
// histories ([Tracker]). Each particle is a complete state of the game
// (package engine's State) consistent with what the seat saw; a turn is
// replayed from each particle through the rules engine along the choices
// the seat could not see, each weighed by its exact probability under the
// model (every other player's choice uniform among the legal ones); the
// particles are then resampled. Every figure comes with its standard
// error ([Estimate]).
//
// Its parts, by stage:
//
//   - track.go: the particles, the per-line and per-turn steps,
//     resampling and the estimates;
//   - replay.go, replayhands.go, replaydeck.go: the agent that replays the
//     seat's lines through the engine: the choices, the hands it reads,
//     the deck positions it reads;
//   - deal.go, deckgroups.go, soft.go: sampling the deal and redrawing the
//     cards no line tells apart (the deck's exchangeable groups, the
//     untouched hands, the cards no line names yet);
//   - move.go: resample-move steps and the rescue of a collapsed sample;
//   - trackrecover.go: recovery when no particle fits a line: replays
//     from a checkpoint, stops and their resumption;
//   - ahead.go and witness.go: the lookahead and the rebuilt histories,
//     both from the certain layer (package certain: its move relations and
//     its worlds, given through a [WitnessFunc]);
//   - honest.go: the standard errors, by clusters of related particles.
//
// It imports packages engine and certain, never the game's face (package
// theresbeenamurder).
package estimate
