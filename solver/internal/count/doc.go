// Package count is the solver's exact counting engine, behind one plain
// input: an [Input] lists the cards, the holders' sizes, the holders each
// card may go to, every linear constraint in force and the memory budget.
// A [Counter] answers the counting queries on it (the number of worlds,
// the marginals, joints of a few cards, a holder's contents split by the
// holder of a picked card and by tallies, uniform samples), each laying out
// its own layered graph: propagation, cells of interchangeable cards, one
// layer per holder in a searched order (or the order the input gives), an
// estimate of the graph's size
// that refuses a problem beyond reach, then the states and edges, and
// backward passes in uint64 with a math/big fallback.
//
// Only package solver imports it: solver.Counter is the facade, in the
// solver's types. docs/counting.md describes the algorithms.
package count
