// Package murderbythedeck is Murder By The Deck (log header "game mbtd"):
// its rules (docs/rules/murder-by-the-deck.md), a seeded simulator of random
// legal rounds, the notation of a seat's log, and a tracker that keeps, from
// one seat, where every card may be, which facts are forced and why, the
// probability that each player is a Spade (the murderer) and the odds of
// every card's location, and advice (accusations, the risk of the next draw,
// which card to discard).
//
// Cards move during a round, so the tracker's worlds are the deal and the
// order of every draw pile; the hidden choices of the other players
// (discards, turn actions) are modelled as uniform among the legal ones.
// Possible and forced facts, explanations and conflicts are exact (the
// solver's SAT engine); probabilities are a self-normalised importance
// sampling estimate over worlds drawn exactly uniformly by the solver's
// counter, weighted by the exact likelihood of the observed choices, shown
// with their standard errors (docs/encodings/murder-by-the-deck.md).
package murderbythedeck
