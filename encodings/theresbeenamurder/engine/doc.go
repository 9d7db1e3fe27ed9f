// Package engine is the rules engine of There's Been A Murder: the cards
// ([Card], [CardSet]), the levels and card sets for 3 to 8 players
// ([Config], [DefaultCards]), the events of a game ([Event], with its
// one-line text form), the state of a game ([State]) and its rules: the
// legal plays ([LegalPlays], [Choosable], [State.Plays]), the turn and
// every card's effect ([State.PlayTurn]), and the simulator ([Simulate])
// that plays seeded random legal games, with or without a policy, and
// writes each seat's log.
//
// The engine knows nothing of tracking, of the notation's parser or of
// the SAT layer: it imports only the standard library. Every choice the
// rules leave to a player is asked of an [Agent], which also hears every
// event and, through its Look, Consult and Reveal hooks, which deck
// position or hand the rules are about to read: the simulator's agent
// draws uniformly, the estimator's (in package theresbeenamurder)
// replays a seat's log. The state keeps, beside the cards, the
// exchangeability bookkeeping the estimator relies on (the deck's groups
// Grp and Top, the untouched hands Virgin, OffHands), which the rules keep
// up to date as cards move and read only to know when to call the hooks.
//
// docs/rules/theres-been-a-murder.md lists every reading of the rules
// chosen.
package engine
