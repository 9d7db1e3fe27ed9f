// Package puzzle holds the game-agnostic side of puzzle generation: a
// puzzle is a set of given observations (what a seat knows from the start,
// such as its own hand), a set of clue observations, and an answer written
// as facts ("card c is held by h") that pin down the question asked (the
// Evidence pair and the murderer, the envelope, an opponent's number).
//
// Three measurements make a puzzle:
//
//   - [Unique]: the answer is unique when every world (complete deal) that
//     satisfies the givens and the clues satisfies every answer fact.
//     Propagation settles the easy cases; the SAT engine settles the rest.
//   - [Minimize] and [Minimal]: the clue set is minimal when dropping any
//     one clue leaves a world with another answer. Minimize finds such a set
//     by deletion (try to drop each clue in turn, keep it out when the answer
//     stays unique); by monotonicity every clue it keeps is needed in the
//     final set.
//   - [Solve]: one solver grades the puzzle and writes its worked solution,
//     so the two cannot disagree. Each [Step] is a rule of the game or a
//     line of the log applied to facts already established (one constraint
//     at a time, see solver.Propagator), or a supposition written out as
//     nested steps that end in a Contradiction, itself a rule broken. The
//     [Grade] is read off the solution: Easy when there is no supposition,
//     Medium when no supposition is nested in another, Hard otherwise; with
//     the number of steps and the widest step.
//   - [CheckSteps]: every step is verified mechanically by a SAT engine of
//     its own: it follows from exactly the line and the facts it cites.
//
// [Search] ties them together for one candidate game, and [Batch] runs many
// searches on all cores with results that do not depend on scheduling.
// Each game package builds its candidates (from its simulator) and words
// (its card and player notation) and prints its own puzzles.
package puzzle
