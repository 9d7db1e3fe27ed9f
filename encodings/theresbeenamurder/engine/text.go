package engine

import (
	"strings"
)

// Text writes the event as a line of a log, players named by names.
func (e Event) Text(names []string) string {
	name := func(p int) string {
		if p < 0 || p >= len(names) {
			return "nobody"
		}
		return names[p]
	}
	card := func(c Card) string {
		if c == 0 {
			return "none"
		}
		return c.String()
	}
	if e.Kind == EvChosen {
		return name(e.Q) + " takes from " + name(e.P)
	}
	w := []string{name(e.P)}
	switch e.Kind {
	case EvDraw:
		w = append(w, "draws")
		if e.Card != 0 {
			w = append(w, e.Card.String())
		}
	case EvAnnounce:
		w = append(w, "announces", "drunk")
	case EvReveal:
		w = append(w, "reveals")
		for _, c := range e.Cards {
			w = append(w, c.String())
		}
	case EvDiscard:
		w = append(w, "discards", card(e.Card))
	case EvGive:
		w = append(w, "gives", card(e.Card), "to", name(e.Q))
	case EvShow:
		w = append(w, "shows", card(e.Card), "to", name(e.Q))
	case EvSees:
		w = append(w, "sees")
		for _, c := range e.Cards {
			w = append(w, c.String())
		}
	case EvTake:
		w = append(w, "takes", card(e.Card))
	case EvBury:
		w = append(w, "buries", card(e.Card))
	case EvPlay:
		w = append(w, "plays", e.Card.String())
		if e.Card == Aristocrat {
			for _, c := range e.Cards {
				w = append(w, c.String())
			}
			break
		}
		switch e.As {
		case Detective, Socialite, Swain, Invalid:
			if e.Q >= 0 {
				w = append(w, name(e.Q))
			}
		case Cad:
			w = append(w, name(e.Q), name(e.R))
		case Doctor, Secretary, Butler:
			w = append(w, card(e.Arg))
		case Seer:
			if e.Flag {
				w = append(w, "move")
			} else {
				w = append(w, "keep")
			}
		case Hound:
			w = append(w, card(e.Arg))
			if e.Q != Unseen {
				w = append(w, name(e.Q))
			}
		case Reporter:
			w = append(w, name(e.Q), card(e.Arg))
		}
	}
	return strings.Join(w, " ")
}
