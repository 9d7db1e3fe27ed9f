// Package solver is gumshoe's game-agnostic core: a deck of named cards shared
// out among holders, linear constraints over the ownership indicators
// x[c,h] ("card c is held by h") grouped into labelled observations, and the
// engines that answer questions about the worlds (complete deals) that
// satisfy them.
//
// A [Model] fixes the cards, the holders and their sizes; a [Problem] adds
// observations. Two engines read a Problem and answer exactly:
//
//   - [SAT], on the gini SAT solver: whether any world remains ([SAT.Consistent]),
//     which facts are forced or impossible ([SAT.Sheet]), a minimal set of
//     observations that implies a fact ([SAT.Why]) or that conflict
//     ([SAT.Conflict]), and every world of a small problem ([SAT.Worlds]);
//     the ...Under forms ([SAT.ConsistentUnder], [SAT.ImpliesUnder]) ask
//     of a chosen set of observations, so that one
//     engine serves a problem whose observations change (a superseded one
//     is left out, or retired for good: [SAT.Retire]; a settled part is
//     committed: [SAT.Commit]); [Growing] is a leaner engine for a problem
//     whose model grows between questions (cards, holders and observations
//     added, holder sizes changed): it encodes only what is new, and
//     answers whether a world remains, with or without a further
//     constraint ([Growing.Consistent], [Growing.ConsistentWith],
//     [Growing.Possible]);
//   - [Counter], exact counting by structure: the number of worlds
//     ([Counter.Count]), every marginal in one pass ([Counter.Marginals]),
//     joint distributions of a few cards or of a small holder's content
//     ([Counter.Joint], [Counter.Contents], [Counter.ContentsAndHolder]) and
//     exactly uniform sampling ([Counter.Sample]). It counts in parts when
//     that is cheaper, refuses a problem beyond its memory budget with
//     [ErrTooLarge] ([WithMemoryBudget]), takes its layer order from a
//     caller that knows a better one ([WithOrder]), and a [CounterCache]
//     keeps one while the problems asked about count the same worlds.
//
// [Propagator] replays unit propagation one constraint at a time with the
// reasons for each step, for graded puzzles and worked solutions.
//
// The counting engine itself is the internal package solver/internal/count;
// the game-agnostic side of puzzles is solver/puzzle. docs/solver.md and
// docs/counting.md describe the encodings and algorithms.
package solver
