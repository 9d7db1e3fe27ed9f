// Package deduceordie keeps the deduction sheet for Deduce or Die: the
// Motive deck (A-9 of Spades, Hearts and Clubs), the deal for 3 to 6
// players, the Murder card and murderer rules, the Interrogation ranges,
// and every observation a player makes at the table (initial revelations,
// interrogations, secret interrogations, passes and accusations), each one a
// line of text in the grammar documented in docs/rules/deduce-or-die.md.
//
// A [Game] is built line by line with [Game.Apply] (or all at once with
// [Load]); it turns each line into one solver observation labelled with the
// line, refuses lines that contradict earlier ones (naming a minimal set of
// them), and answers exactly: the sheet of every card and holder, the
// Evidence-pair, Murder-card and murderer distributions, the seat's best
// accusation ([Game.Analyze]), the advice for a draw of three Interrogation
// cards ([Game.Advise]) and why a fact is forced ([Game.Why]).
//
// [Simulate] deals and plays seeded random legal games and writes every
// seat's log, for tests, benchmarks and examples.
package deduceordie
