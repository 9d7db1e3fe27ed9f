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
//   - [Solve] and [Grade]: the worked solution is an ordered chain of
//     deductions; its grade is Easy when unit propagation alone (one
//     constraint at a time, see solver.Propagator) reaches the answer, Medium
//     when propagation plus case analysis of one level (suppose a fact,
//     propagate, reach a contradiction) reaches it, and Hard when a deeper
//     argument is needed; each deeper step cites a minimal set of
//     observations found by the SAT engine.
//
// [Search] ties them together for one candidate game, and [Batch] runs many
// searches on all cores with results that do not depend on scheduling.
// Each game package builds its candidates (from its simulator) and words
// (its card and player notation) and prints its own puzzles.
package puzzle
