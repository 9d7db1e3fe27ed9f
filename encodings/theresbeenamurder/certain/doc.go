// Package certain is There's Been A Murder's certain layer: what a seat's
// lines prove, and why. An [Encoding] is a time-indexed encoding for the
// solver's SAT engine: card c at place p after time point t (the deal,
// then the end of the set-up and of every turn), the places being the
// hands, the deck's top card, the rest of the deck, the removed cards and
// the pile. It is built once for a game and kept in step with its lines
// ([Encoding.Sync]); it answers whether the lines are consistent (with a
// minimal set of conflicting lines when not), the sheet's ✓ and ✗
// ([Encoding.Marks]) and a minimal set of lines behind each
// ([Encoding.Why]).
//
// Its parts, by stage:
//
//   - encoding.go: the model, its places and time points, building it
//     ([NewEncoding]), keeping it in step with the lines and committing;
//   - constraints.go: the rules as constraints: the places' sizes, the
//     deal, a turn's structure and each line's content;
//   - steps.go: the per-turn steps: a turn's moves in the order they
//     happen, composed into the relation "a card at a may be at b" (a
//     [Graph]);
//   - deckorder.go: what the lines tell of the deck's order;
//   - quick.go and swap.go: worlds found without a search (the last
//     world extended; cards traded);
//   - marks.go and why.go: the sheet's marks and their explanations;
//   - public.go and tracked.go: what the seat knows from the lines alone,
//     and an accepted line ([Tracked], [Segment]).
//
// It imports package engine for the cards and the events, and the solver;
// it knows nothing of the estimator or of the game's face (package
// theresbeenamurder, which owns the Game and calls it).
package certain
