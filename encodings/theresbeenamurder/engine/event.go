package engine

import "slices"

// Kind is the kind of an [Event].
type Kind uint8

// The kinds of events.
const (
	EvDraw     Kind = iota + 1 // P draws Card (0 when the seat did not see it)
	EvAnnounce                 // P announces the Drunk
	EvReveal                   // P reveals Cards (the Blackmailer and the Detective; the Confidant or Witness and the Murderer)
	EvPlay                     // P plays Card, with its public arguments
	EvDiscard                  // P discards Card (the Detective's target)
	EvGive                     // P gives Card to Q (seen by P and Q)
	EvShow                     // P shows Card to Q (seen by P and Q)
	EvSees                     // P sees Cards (the Driver, the Secretary, the Seer; seen by P)
	EvTake                     // P takes Card (the Driver's pick; seen by P)
	EvBury                     // P puts Card at the bottom of the deck (the Nun; seen by P)
	// EvChosen is the Swain's choice, after its draw: P's Swain chooses
	// Q, who takes a card of P's hand at random (seen by all; the card
	// taken is an EvGive from P to Q, seen by P and Q). Written "Q takes
	// from P".
	EvChosen
)

// Event is one thing that happens at the table, as the engine plays it or
// as a seat saw it (cards it did not see are 0).
//
// For a play: Card is the card played; Q and R are the players it names
// (-1 for none); Arg is its public card (the Doctor's and the Secretary's
// pick, the Butler's top card, the Hound's named card, the Reporter's
// shown card; 0 for none); for the Hound, Q is the player who raised a hand
// (-1 for nobody, Unseen in another seat's log); Flag is the Seer's move to
// the top; Cards are
// the Action cards discarded with the Aristocrat.
type Event struct {
	Kind  Kind
	P     int
	Q, R  int
	Card  Card
	As    Card // for a play: the Action performed (what the Monkey copies; 0 for none)
	Arg   Card
	Flag  bool
	Cards []Card
}

// Unseen is the Hound's holder in the log of a seat that did not see it:
// only the Hound's player keeps their eyes open ("Everyone closes their
// eyes except you … Then everyone opens their eyes").
const Unseen = -2

// Public reports whether every seat sees the event (a draw is seen, its
// card only by the drawer).
func (e Event) Public() bool {
	switch e.Kind {
	case EvGive, EvShow, EvSees, EvTake, EvBury:
		return false
	}
	return true
}

// View is the event as seat sees it, and whether it sees it at all.
func (e Event) View(seat int) (Event, bool) {
	switch e.Kind {
	case EvDraw:
		if seat != e.P {
			e.Card = 0
		}
		return e, true
	case EvGive, EvShow:
		return e, seat == e.P || seat == e.Q
	case EvSees, EvTake, EvBury:
		return e, seat == e.P
	case EvPlay:
		if e.As == Hound && seat != e.P {
			e.Q = Unseen
		}
	}
	return e, true
}

// Equal reports whether two events are the same.
func (e Event) Equal(f Event) bool {
	return e.Kind == f.Kind && e.P == f.P && e.Q == f.Q && e.R == f.R && e.Card == f.Card && e.As == f.As &&
		e.Arg == f.Arg && e.Flag == f.Flag && slices.Equal(e.Cards, f.Cards)
}
