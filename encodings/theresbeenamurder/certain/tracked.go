package certain

import (
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
)

// Tracked is an event of the log for the tracker: whether it begins a
// turn, and its line.
type Tracked struct {
	Ev      engine.Event
	NewTurn bool
	Line    int
	Pub     *Public // the public view after the event
}
