// Package tournament measures playing strength: seeded simulated games of
// Deduce or Die, Clue (classic Cluedo) and Deductio in which every seat
// plays a policy and sees only its own log (the game's table.Game built
// line by line from what that seat saw), with win rates, their 95%
// confidence intervals, the mean turns to win, the CPU time of a game and
// each policy's deciding time per game and player count, and an SVG plot
// of the rates per game.
//
// The policies (docs/strategy.md):
//
//   - random: a uniformly random legal move (question, or Deductio clue
//     card);
//   - greedy: the move that settles the most cells of the seat's sheet
//     (card × holder cells known ✓ or ✗) in expectation, exactly, over the
//     answer's distribution under the seat's view ([ExpectedSettled]);
//   - advice: gumshoe's current advice;
//   - full: the advice with leaks where the game has it (Deduce or Die's
//     LeakAdvice; Clue and Deductio take theirs through [ClueFullAdvice]
//     and [DeductioFullAdvice]), and "accuse now" when accusing beats
//     waiting (threat.Decide, as the session says it).
//
// Every policy accuses (Deductio: guesses) when its best accusation is
// certain. The runner is TestTournament, off unless -tournament.games is
// set (see docs/benchmarks.md for the command).
package tournament
