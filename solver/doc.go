// Package solver is gumshoe's game-agnostic core: a deck of named cards shared
// out among holders, linear constraints over the ownership indicators
// x[c,h] ("card c is held by h") grouped into labelled observations, and the
// engines that answer questions about the worlds (complete deals) that
// satisfy them.
//
// A [Model] fixes the cards, the holders and their sizes; a [Problem] adds
// observations. Engines read a Problem and answer exactly: whether any world
// remains, which facts are forced or impossible and why, which observations
// conflict, how many worlds there are and how they split over cards and
// holders.
package solver
