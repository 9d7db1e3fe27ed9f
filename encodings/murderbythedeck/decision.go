package murderbythedeck

import (
	"fmt"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// decision is what the advice leads with: whom to accuse when the seat
// may, else which card to discard; the runner-up and why.
func (a *Advice) decision() *table.Decision {
	chance := func(o AccuseOption) string {
		switch o.Status {
		case "forced":
			return "certainly the murderer"
		case "impossible":
			return "never the murderer"
		}
		return "the murderer at " + pct(o.P, o.SE)
	}
	if a.Block {
		d := &table.Decision{Best: table.Choice{What: "call BLOCK"}, Why: "a BLOCKed player cannot be killed, and may accuse on any later turn"}
		if len(a.Accusations) > 0 {
			best := a.Accusations[0]
			d.RunnerUp = &table.Choice{What: "accuse " + best.Player, Value: chance(best)}
		}
		return d
	}
	if a.CanAccuse && len(a.Accusations) > 0 {
		best := a.Accusations[0]
		d := &table.Decision{Best: table.Choice{What: "accuse " + best.Player, Value: chance(best)}}
		if len(a.Accusations) > 1 {
			next := a.Accusations[1]
			d.RunnerUp = &table.Choice{What: "accuse " + next.Player, Value: chance(next)}
			d.Why = fmt.Sprintf("%s is the likelier murderer; a wrong accusation kills you", best.Player)
		} else {
			d.Why = "the only other living player"
		}
		return d
	}
	if len(a.Discards) == 0 {
		return nil
	}
	best := a.Discards[0]
	d := &table.Decision{Best: table.Choice{What: "discard " + best.Card.String()}, Why: best.Card.String() + ": " + best.Why}
	if len(a.Discards) > 1 {
		next := a.Discards[1]
		d.RunnerUp = &table.Choice{What: "discard " + next.Card.String()}
		d.Why += "; " + next.Card.String() + ": " + next.Why
	}
	return d
}
