// Package tournament measures playing strength: seeded simulated games of
// Deduce or Die in which every seat plays a policy and sees only its own
// log (a deduceordie.Game built line by line from what that seat saw),
// with win rates, their 95% confidence intervals and the mean turns to
// win per policy and player count, and an SVG plot of the rates.
//
// The policies (docs/strategy.md):
//
//   - random: a uniformly random legal question of the draw;
//   - advice: gumshoe's question advice (the most expected information on
//     the Evidence pair and the murderer);
//   - full: the same advice, and "accuse now" when accusing beats waiting
//     (threat.Decide).
//
// Every policy accuses when its best accusation is certain; only full also
// accuses on the decision rule. The runner is TestTournament, off unless
// -tournament.games is set (see docs/benchmarks.md for the command).
package tournament
