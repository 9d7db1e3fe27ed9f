package theresbeenamurder

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/gumshoe-dev/gumshoe/encodings/table"

	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
)

// word is one word of a line and its 1-based byte column.
type word struct {
	s   string
	col int
}

func words(line string) []word {
	var ws []word
	i := 0
	for i < len(line) {
		for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
			i++
		}
		j := i
		for j < len(line) && line[j] != ' ' && line[j] != '\t' {
			j++
		}
		if j > i {
			ws = append(ws, word{line[i:j], i + 1})
		}
		i = j
	}
	return ws
}

// entryKind is the kind of a line.
type entryKind uint8

const (
	kComment entryKind = iota
	kPlayers
	kSeat
	kLevel
	kCards
	kRemoved
	kHand
	kEvent
)

// entry is a parsed line.
type entry struct {
	kind    entryKind
	names   []string
	player  int
	level   engine.Level
	cards   []engine.Card
	removed int
	ev      engine.Event
	// cols are the columns of an event line's words, then the column
	// just past its end.
	cols []int
}

// keywords are the words of the grammar, which cannot be names.
var keywords = []string{"players", "seat", "level", "cards", "removed", "hand", "draws", "announces",
	"reveals", "plays", "discards", "gives", "shows", "sees", "takes", "buries", "to", "none", "nobody",
	"move", "keep", "not", "pile", "deck", "removed", "game", "from"}

// parser reads lines in the context of the game so far: the players, the
// seat, and the last Action card played (what the Monkey's line names).
type parser struct {
	players []string
	seat    int
	last    engine.Card
	cards   []engine.Card // the game's cards once the set-up is complete
}

func lineErr(col int, want, format string, args ...any) *table.LineError {
	return &table.LineError{Col: col, Msg: fmt.Sprintf(format, args...), Want: want}
}

func (p *parser) player(w word) (int, error) {
	i := table.MatchName(p.players, w.s)
	if i < 0 || !strings.EqualFold(p.players[i], w.s) {
		return -1, lineErr(w.col, "a player: "+strings.Join(p.players, ", "), "%q is not a player", w.s)
	}
	return i, nil
}

func (p *parser) card(w word) (engine.Card, error) {
	c, err := engine.ParseCard(w.s)
	if err != nil {
		return 0, lineErr(w.col, "a card such as detective or 2", "%v", err)
	}
	if p.cards != nil && !engine.Has(p.cards, c) {
		return 0, lineErr(w.col, "a card of this game", "the %v is not in this game", c)
	}
	return c, nil
}

// cardOrNone reads a card or "none" (0).
func (p *parser) cardOrNone(w word) (engine.Card, error) {
	if strings.EqualFold(w.s, "none") {
		return 0, nil
	}
	return p.card(w)
}

func (p *parser) parse(line string) (entry, error) {
	ws := words(table.StripComment(line))
	if len(ws) == 0 {
		return entry{kind: kComment}, nil
	}
	head := strings.ToLower(ws[0].s)
	args := ws[1:]
	need := func(n int, want string) error {
		if len(args) < n {
			return lineErr(len(strings.TrimRight(table.StripComment(line), " \t"))+1, want, "the line ends too soon")
		}
		if len(args) > n {
			return lineErr(args[n].col, "the end of the line", "unexpected %q", args[n].s)
		}
		return nil
	}
	switch head {
	case "game":
		return entry{}, lineErr(1, "a line of the game", "the header is not a line of the game")
	case "players":
		if p.players != nil {
			return entry{}, lineErr(1, "", "the players are already set")
		}
		if len(args) < engine.MinPlayers || len(args) > engine.MaxPlayers {
			return entry{}, lineErr(1, "3 to 8 names", "%d players; the game takes %d to %d", len(args), engine.MinPlayers, engine.MaxPlayers)
		}
		var names []string
		for _, a := range args {
			if err := table.CheckName(a.s); err != nil {
				at := 0
				if ne, ok := err.(*table.NameError); ok {
					at = ne.At
				}
				return entry{}, lineErr(a.col+at, "a name", "%v", err)
			}
			if engine.IsCardWord(a.s) || isKeyword(a.s) {
				return entry{}, lineErr(a.col, "a name that is not a card or keyword", "%q is a word of the notation", a.s)
			}
			for _, n := range names {
				if strings.EqualFold(n, a.s) {
					return entry{}, lineErr(a.col, "", "%q is named twice", a.s)
				}
			}
			names = append(names, a.s)
		}
		return entry{kind: kPlayers, names: names}, nil
	}
	if p.players == nil {
		return entry{}, lineErr(ws[0].col, "players NAME NAME NAME ...", "the first line names the players")
	}
	switch head {
	case "seat":
		if p.seat >= 0 {
			return entry{}, lineErr(1, "", "the seat is already set")
		}
		if err := need(1, "a player"); err != nil {
			return entry{}, err
		}
		i, err := p.player(args[0])
		return entry{kind: kSeat, player: i}, err
	case "level", "cards", "removed", "hand":
		if p.seat < 0 {
			return entry{}, lineErr(1, "seat NAME", "the seat comes before the rest of the set-up")
		}
		if p.cards != nil {
			return entry{}, lineErr(1, "", "the set-up is complete (the hand is given)")
		}
	}
	switch head {
	case "level":
		if err := need(1, "novice, veteran or master"); err != nil {
			return entry{}, err
		}
		l, err := engine.ParseLevel(args[0].s)
		if err != nil {
			return entry{}, lineErr(args[0].col, "novice, veteran or master", "%v", err)
		}
		return entry{kind: kLevel, level: l}, nil
	case "cards":
		var cs []engine.Card
		for _, a := range args {
			lo, hi, ok := strings.Cut(a.s, "-")
			if !ok {
				hi = lo
			}
			x, err1 := engine.ParseCard(lo)
			y, err2 := engine.ParseCard(hi)
			if err1 != nil || err2 != nil || y < x {
				return entry{}, lineErr(a.col, "a card or a range such as 1-18", "%q is not a card or range", a.s)
			}
			for c := x; c <= y; c++ {
				if !engine.Has(cs, c) {
					cs = append(cs, c)
				}
			}
		}
		if len(cs) == 0 {
			return entry{}, need(1, "the cards of the game")
		}
		return entry{kind: kCards, cards: engine.SortedCards(cs)}, nil
	case "removed":
		if err := need(1, "a number"); err != nil {
			return entry{}, err
		}
		n, err := strconv.Atoi(args[0].s)
		if err != nil || n < 0 || n > 10 {
			return entry{}, lineErr(args[0].col, "a number of cards from 0 to 10", "%q is not a number of cards", args[0].s)
		}
		return entry{kind: kRemoved, removed: n}, nil
	case "hand":
		var raw []string
		for _, a := range args {
			raw = append(raw, a.s)
		}
		if cs, err := engine.ParseCards(raw); err == nil && len(cs) == 2 && len(args) != 2 && cs[0] != cs[1] {
			// written as people write it: "hand The Gossip, The Witness"
			return entry{kind: kHand, cards: cs}, nil
		}
		for i := range args {
			args[i].s = strings.TrimRight(args[i].s, ",;")
		}
		if err := need(2, "two cards"); err != nil {
			return entry{}, err
		}
		var cs []engine.Card
		for _, a := range args {
			c, err := engine.ParseCard(a.s)
			if err != nil {
				return entry{}, lineErr(a.col, "a card such as detective or 2", "%v", err)
			}
			cs = append(cs, c)
		}
		if cs[0] == cs[1] {
			return entry{}, lineErr(args[1].col, "another card", "the same card twice")
		}
		return entry{kind: kHand, cards: cs}, nil
	}
	if p.cards == nil {
		return entry{}, lineErr(1, "players, seat, level, cards, removed or hand", "the set-up ends with the hand line")
	}
	// P verb ...
	who, err := p.player(ws[0])
	if err != nil {
		return entry{}, lineErr(1, "a player, or a set-up line", "%q is not a player or a keyword", ws[0].s)
	}
	if len(args) == 0 {
		return entry{}, need(1, "a verb: draws, plays, discards, gives, shows, sees, takes, buries, announces, reveals")
	}
	verb := strings.ToLower(args[0].s)
	args = args[1:]
	need = func(n int, want string) error {
		if len(args) < n {
			return lineErr(len(strings.TrimRight(table.StripComment(line), " \t"))+1, want, "the line ends too soon")
		}
		if len(args) > n {
			return lineErr(args[n].col, "the end of the line", "unexpected %q", args[n].s)
		}
		return nil
	}
	e := engine.Event{P: who, Q: -1, R: -1}
	me := who == p.seat
	onlyMe := func(what string) error {
		if !me {
			return lineErr(ws[1].col, "a line the seat can see", "only %s's own %s is seen", p.players[who], what)
		}
		return nil
	}
	switch verb {
	case "draws":
		e.Kind = engine.EvDraw
		if me {
			if err := need(1, "the card you drew"); err != nil {
				return entry{}, err
			}
			if e.Card, err = p.card(args[0]); err != nil {
				return entry{}, err
			}
		} else if err := need(0, ""); err != nil {
			return entry{}, lineErr(args[0].col, "the end of the line", "%s's draw is not seen", p.players[who])
		}
	case "announces":
		e.Kind, e.Card = engine.EvAnnounce, engine.Drunk
		if err := need(1, "drunk"); err != nil {
			return entry{}, err
		}
		if c, err := p.card(args[0]); err != nil || c != engine.Drunk {
			return entry{}, lineErr(args[0].col, "drunk", "only the Drunk is announced")
		}
	case "reveals":
		e.Kind = engine.EvReveal
		if err := need(2, "two cards"); err != nil {
			return entry{}, err
		}
		var cs []engine.Card
		for _, a := range args {
			c, err := p.card(a)
			if err != nil {
				return entry{}, err
			}
			cs = append(cs, c)
		}
		cs = engine.SortedCards(cs)
		switch {
		case cs[0] == engine.Detective && cs[1] == engine.Blackmailer, cs[0] == engine.Murderer && (cs[1] == engine.Confidant || cs[1] == engine.Witness):
		default:
			return entry{}, lineErr(args[0].col, "detective blackmailer, murderer confidant or murderer witness", "these cards are not revealed together")
		}
		e.Cards = cs
	case "discards":
		e.Kind = engine.EvDiscard
		if err := need(1, "a card"); err != nil {
			return entry{}, err
		}
		if e.Card, err = p.card(args[0]); err != nil {
			return entry{}, err
		}
	case "gives", "shows":
		e.Kind = engine.EvGive
		if verb == "shows" {
			e.Kind = engine.EvShow
		}
		if err := need(3, "CARD to PLAYER"); err != nil {
			return entry{}, err
		}
		if e.Card, err = p.card(args[0]); err != nil {
			return entry{}, err
		}
		if !strings.EqualFold(args[1].s, "to") {
			return entry{}, lineErr(args[1].col, "to", "%q where \"to\" belongs", args[1].s)
		}
		if e.Q, err = p.player(args[2]); err != nil {
			return entry{}, err
		}
		if e.Q == who {
			return entry{}, lineErr(args[2].col, "another player", "a player does not %s to themselves", strings.TrimSuffix(verb, "s"))
		}
		if !me && e.Q != p.seat {
			return entry{}, lineErr(1, "a line the seat can see", "%s's card to %s is not seen", p.players[who], p.players[e.Q])
		}
	case "sees":
		e.Kind = engine.EvSees
		if err := onlyMe("look"); err != nil {
			return entry{}, err
		}
		if len(args) == 0 {
			return entry{}, need(1, "the cards seen")
		}
		for _, a := range args {
			c, err := p.card(a)
			if err != nil {
				return entry{}, err
			}
			e.Cards = append(e.Cards, c)
		}
	case "takes", "buries":
		if verb == "takes" && len(args) > 0 && strings.EqualFold(args[0].s, "from") {
			// The Swain's choice: Q takes from P (a card at random).
			if err := need(2, "from PLAYER"); err != nil {
				return entry{}, err
			}
			from, err := p.player(args[1])
			if err != nil {
				return entry{}, err
			}
			if from == who {
				return entry{}, lineErr(args[1].col, "another player", "the Swain chooses another player to take from its hand")
			}
			e.Kind, e.P, e.Q = engine.EvChosen, from, who
			break
		}
		e.Kind = engine.EvTake
		if verb == "buries" {
			e.Kind = engine.EvBury
		}
		if err := onlyMe("pick"); err != nil {
			return entry{}, err
		}
		if err := need(1, "a card"); err != nil {
			return entry{}, err
		}
		if e.Card, err = p.card(args[0]); err != nil {
			return entry{}, err
		}
	case "plays":
		e.Kind = engine.EvPlay
		if len(args) == 0 {
			return entry{}, need(1, "a card")
		}
		if e.Card, err = p.card(args[0]); err != nil {
			return entry{}, err
		}
		args = args[1:]
		if e.Card == engine.Aristocrat {
			for _, a := range args {
				c, err := p.card(a)
				if err != nil {
					return entry{}, err
				}
				if !c.IsAction() {
					return entry{}, lineErr(a.col, "an Action card", "the Aristocrat discards Action cards only")
				}
				e.Cards = append(e.Cards, c)
			}
			e.Cards = engine.SortedCards(e.Cards)
			break
		}
		as := e.Card
		if as == engine.Monkey {
			as = p.last
		}
		if as.IsAction() {
			e.As = as
		}
		if err := p.playArgs(&e, args, need); err != nil {
			return entry{}, err
		}
	default:
		return entry{}, lineErr(args0col(ws), "draws, plays, discards, gives, shows, sees, takes, buries, announces or reveals", "%q is not a verb of the game", verb)
	}
	cols := make([]int, 0, len(ws)+1)
	for _, w := range ws {
		cols = append(cols, w.col)
	}
	cols = append(cols, len(strings.TrimRight(table.StripComment(line), " \t"))+1)
	return entry{kind: kEvent, ev: e, cols: cols}, nil
}

func args0col(ws []word) int { return ws[1].col }

func isKeyword(s string) bool {
	for _, k := range keywords {
		if strings.EqualFold(k, s) {
			return true
		}
	}
	return false
}

// playArgs reads the public arguments of a play, by the Action performed.
func (p *parser) playArgs(e *engine.Event, args []word, need func(int, string) error) error {
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
			return lineErr(args[0].col, "another player", "the %v names another player", e.As)
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
			return lineErr(args[0].col, "another player", "the Socialite names another player")
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
			return lineErr(args[0].col, "two other players", "the Cad names two players other than its player")
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
		switch strings.ToLower(args[0].s) {
		case "move":
			e.Flag = true
		case "keep":
		default:
			return lineErr(args[0].col, "move or keep", "%q: the Seer moves the bottom card or keeps it", args[0].s)
		}
	case engine.Hound:
		if e.P != p.seat {
			// Only the Hound's player sees the raised hand.
			if len(args) > 1 {
				return lineErr(args[1].col, "the end of the line", "only %s sees who raises a hand for the Hound: write %s plays hound CARD", p.players[e.P], p.players[e.P])
			}
			if err := need(1, "the card named"); err != nil {
				return err
			}
			e.Q = engine.Unseen
			e.Arg, err = p.card(args[0])
			return err
		}
		if err := need(2, "a card and who raised a hand (or nobody)"); err != nil {
			return err
		}
		if e.Arg, err = p.card(args[0]); err != nil {
			return err
		}
		if strings.EqualFold(args[1].s, "nobody") {
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
		n := len(p.players)
		if e.Q != (e.P+1)%n && e.Q != (e.P+n-1)%n {
			return lineErr(args[0].col, "a neighbour", "the Reporter names a player on the left or right")
		}
		e.Arg, err = p.cardOrNone(args[1])
	default:
		return need(0, "")
	}
	return err
}
