package notation

import (
	"strings"

	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
)

func args0col(ws []Word) int { return ws[1].Col }

// playArgs reads the public arguments of a play, by the Action performed.
func (p *Parser) playArgs(e *engine.Event, args []Word, need func(int, string) error) error {
	var err error
	switch e.As {
	case engine.Detective, engine.Invalid, engine.Swain:
		if e.As == engine.Swain && len(args) == 0 {
			return nil // the Swain's player chooses after its draw (takes from)
		}
		if err := need(1, "a player"); err != nil {
			return err
		}
		e.Q, err = p.player(args[0])
		if err == nil && e.As != engine.Detective && e.Q == e.P {
			return ErrorAt(args[0].Col, "another player", "the %v names another player", e.As)
		}
	case engine.Socialite:
		if len(args) == 0 {
			return nil // with no card to swap, the Socialite does nothing
		}
		if err := need(1, "a player"); err != nil {
			return err
		}
		e.Q, err = p.player(args[0])
		if err == nil && e.Q == e.P {
			return ErrorAt(args[0].Col, "another player", "the Socialite names another player")
		}
	case engine.Cad:
		if err := need(2, "two other players"); err != nil {
			return err
		}
		if e.Q, err = p.player(args[0]); err != nil {
			return err
		}
		if e.R, err = p.player(args[1]); err != nil {
			return err
		}
		if e.Q == e.P || e.R == e.P || e.Q == e.R {
			return ErrorAt(args[0].Col, "two other players", "the Cad names two players other than its player")
		}
		if e.Q > e.R {
			e.Q, e.R = e.R, e.Q
		}
	case engine.Doctor, engine.Secretary, engine.Butler:
		if err := need(1, "a card or none"); err != nil {
			return err
		}
		e.Arg, err = p.cardOrNone(args[0])
	case engine.Seer:
		if err := need(1, "move or keep"); err != nil {
			return err
		}
		switch strings.ToLower(args[0].Text) {
		case "move":
			e.Flag = true
		case "keep":
		default:
			return ErrorAt(args[0].Col, "move or keep", "%q: the Seer moves the bottom card or keeps it", args[0].Text)
		}
	case engine.Hound:
		if e.P != p.Seat {
			// Only the Hound's player sees the raised hand.
			if len(args) > 1 {
				return ErrorAt(args[1].Col, "the end of the line", "only %s sees who raises a hand for the Hound: write %s plays hound CARD", p.Players[e.P], p.Players[e.P])
			}
			if err := need(1, "the card named"); err != nil {
				return err
			}
			e.Q = engine.Unseen
			e.Arg, err = p.Card(args[0])
			return err
		}
		if err := need(2, "a card and who raised a hand (or nobody)"); err != nil {
			return err
		}
		if e.Arg, err = p.Card(args[0]); err != nil {
			return err
		}
		if strings.EqualFold(args[1].Text, "nobody") {
			e.Q = -1
		} else {
			e.Q, err = p.player(args[1])
		}
	case engine.Reporter:
		if err := need(2, "a neighbour and the card shown (or none)"); err != nil {
			return err
		}
		if e.Q, err = p.player(args[0]); err != nil {
			return err
		}
		n := len(p.Players)
		if e.Q != (e.P+1)%n && e.Q != (e.P+n-1)%n {
			return ErrorAt(args[0].Col, "a neighbour", "the Reporter names a player on the left or right")
		}
		e.Arg, err = p.cardOrNone(args[1])
	default:
		return need(0, "")
	}
	return err
}
