package notation

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
)

// Word is one word of a line and its 1-based byte column.
type Word struct {
	Text string
	Col  int
}

// Words splits a line into its words, with their columns.
func Words(line string) []Word {
	var ws []Word
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
			ws = append(ws, Word{line[i:j], i + 1})
		}
		i = j
	}
	return ws
}

// EntryKind is the kind of a line.
type EntryKind uint8

// The kinds of lines: a comment or blank line, the set-up lines, an event.
const (
	KindComment EntryKind = iota
	KindPlayers
	KindSeat
	KindLevel
	KindCards
	KindRemoved
	KindHand
	KindEvent
)

// Entry is a parsed line: its kind and what it says (the names of a
// players line, the player of a seat line, the level, the cards of a
// cards or hand line, the count of a removed line, the event).
type Entry struct {
	Kind    EntryKind
	Names   []string
	Player  int
	Level   engine.Level
	Cards   []engine.Card
	Removed int
	Ev      engine.Event
	// Cols are the columns of an event line's words, then the column
	// just past its end; of a hand line, the column where each card's
	// name starts.
	Cols []int
}

// keywords are the words of the grammar, which cannot be names.
var keywords = []string{"players", "seat", "level", "cards", "removed", "hand", "draws", "announces",
	"reveals", "plays", "discards", "gives", "shows", "sees", "takes", "buries", "to", "none", "nobody",
	"move", "keep", "not", "pile", "deck", "removed", "game", "from"}

// Parser reads lines in the context of the game so far: the players, the
// seat, and the last Action card played (what the Monkey's line names).
type Parser struct {
	Players []string
	Seat    int
	Last    engine.Card
	Cards   []engine.Card // the game's cards once the set-up is complete
}

// ErrorAt is the error of a line at column col: what was wanted there
// and what is wrong.
func ErrorAt(col int, want, format string, args ...any) *table.LineError {
	return &table.LineError{Col: col, Msg: fmt.Sprintf(format, args...), Want: want}
}

// player reads a player's name, ignoring case and accents
// ([table.FindName]); a word naming two players once accents are dropped
// is an error naming both.
func (p *Parser) player(w Word) (int, error) {
	i, err := table.FindName(p.Players, w.Text, false)
	if err != nil {
		return -1, ErrorAt(w.Col, "a player: "+strings.Join(p.Players, ", "), "%v", err)
	}
	if i < 0 {
		return -1, ErrorAt(w.Col, "a player: "+strings.Join(p.Players, ", "), "%q is not a player", w.Text)
	}
	return i, nil
}

// Card reads a card of the game (any card before the set-up is complete).
func (p *Parser) Card(w Word) (engine.Card, error) {
	c, err := engine.ParseCard(w.Text)
	if err != nil {
		return 0, ErrorAt(w.Col, "a card such as detective or 2", "%v", err)
	}
	if p.Cards != nil && !engine.Has(p.Cards, c) {
		return 0, ErrorAt(w.Col, "a card of this game", "the %v is not in this game", c)
	}
	return c, nil
}

// cardOrNone reads a card or "none" (0).
func (p *Parser) cardOrNone(w Word) (engine.Card, error) {
	if strings.EqualFold(w.Text, "none") {
		return 0, nil
	}
	return p.Card(w)
}

// Parse reads one line: a set-up line, an event (checked against the
// grammar and the players, not against the rules) or a comment.
func (p *Parser) Parse(line string) (Entry, error) {
	ws := Words(table.StripComment(line))
	if len(ws) == 0 {
		return Entry{Kind: KindComment}, nil
	}
	head := strings.ToLower(ws[0].Text)
	args := ws[1:]
	need := func(n int, want string) error {
		if len(args) < n {
			return ErrorAt(len(strings.TrimRight(table.StripComment(line), " \t"))+1, want, "the line ends too soon")
		}
		if len(args) > n {
			return ErrorAt(args[n].Col, "the end of the line", "unexpected %q", args[n].Text)
		}
		return nil
	}
	switch head {
	case "game":
		return Entry{}, ErrorAt(1, "a line of the game", "the header is not a line of the game")
	case "players":
		if p.Players != nil {
			return Entry{}, ErrorAt(1, "", "the players are already set")
		}
		if len(args) < engine.MinPlayers || len(args) > engine.MaxPlayers {
			return Entry{}, ErrorAt(1, "3 to 8 names", "%d players; the game takes %d to %d", len(args), engine.MinPlayers, engine.MaxPlayers)
		}
		var names []string
		for _, a := range args {
			if err := table.CheckName(a.Text); err != nil {
				at := 0
				if ne, ok := err.(*table.NameError); ok {
					at = ne.At
				}
				return Entry{}, ErrorAt(a.Col+at, "a name", "%v", err)
			}
			if engine.IsCardWord(a.Text) || isKeyword(a.Text) {
				return Entry{}, ErrorAt(a.Col, "a name that is not a card or keyword", "%q is a word of the notation", a.Text)
			}
			for _, n := range names {
				if strings.EqualFold(n, a.Text) {
					return Entry{}, ErrorAt(a.Col, "", "%q is named twice", a.Text)
				}
			}
			names = append(names, a.Text)
		}
		return Entry{Kind: KindPlayers, Names: names}, nil
	}
	if p.Players == nil {
		return Entry{}, ErrorAt(ws[0].Col, "players NAME NAME NAME ...", "the first line names the players")
	}
	switch head {
	case "seat":
		if p.Seat >= 0 {
			return Entry{}, ErrorAt(1, "", "the seat is already set")
		}
		if err := need(1, "a player"); err != nil {
			return Entry{}, err
		}
		i, err := p.player(args[0])
		return Entry{Kind: KindSeat, Player: i}, err
	case "level", "cards", "removed", "hand":
		if p.Seat < 0 {
			return Entry{}, ErrorAt(1, "seat NAME", "the seat comes before the rest of the set-up")
		}
		if p.Cards != nil {
			return Entry{}, ErrorAt(1, "", "the set-up is complete (the hand is given)")
		}
	}
	switch head {
	case "level":
		if err := need(1, "novice, veteran or master"); err != nil {
			return Entry{}, err
		}
		l, err := engine.ParseLevel(args[0].Text)
		if err != nil {
			return Entry{}, ErrorAt(args[0].Col, "novice, veteran or master", "%v", err)
		}
		return Entry{Kind: KindLevel, Level: l}, nil
	case "cards":
		var cs []engine.Card
		for _, a := range args {
			lo, hi, ok := strings.Cut(a.Text, "-")
			if !ok {
				hi = lo
			}
			x, err1 := engine.ParseCard(lo)
			y, err2 := engine.ParseCard(hi)
			if err1 != nil || err2 != nil || y < x {
				return Entry{}, ErrorAt(a.Col, "a card or a range such as 1-18", "%q is not a card or range", a.Text)
			}
			for c := x; c <= y; c++ {
				if !engine.Has(cs, c) {
					cs = append(cs, c)
				}
			}
		}
		if len(cs) == 0 {
			return Entry{}, need(1, "the cards of the game")
		}
		return Entry{Kind: KindCards, Cards: engine.SortedCards(cs)}, nil
	case "removed":
		if err := need(1, "a number"); err != nil {
			return Entry{}, err
		}
		n, err := strconv.Atoi(args[0].Text)
		if err != nil || n < 0 || n > 10 {
			return Entry{}, ErrorAt(args[0].Col, "a number of cards from 0 to 10", "%q is not a number of cards", args[0].Text)
		}
		return Entry{Kind: KindRemoved, Removed: n}, nil
	case "hand":
		var raw []string
		for _, a := range args {
			raw = append(raw, a.Text)
		}
		if cs, at, err := engine.ParseCardsAt(raw); err == nil && len(cs) == 2 && len(args) != 2 && cs[0] != cs[1] {
			// written as people write it: "hand The Gossip, The Witness"
			cols := make([]int, len(cs))
			for i, a := range at {
				cols[i] = args[a.Word].Col + a.Rune
			}
			return Entry{Kind: KindHand, Cards: cs, Cols: cols}, nil
		}
		for i := range args {
			args[i].Text = strings.TrimRight(args[i].Text, ",;")
		}
		if err := need(2, "two cards"); err != nil {
			return Entry{}, err
		}
		var cs []engine.Card
		for _, a := range args {
			c, err := engine.ParseCard(a.Text)
			if err != nil {
				return Entry{}, ErrorAt(a.Col, "a card such as detective or 2", "%v", err)
			}
			cs = append(cs, c)
		}
		if cs[0] == cs[1] {
			return Entry{}, ErrorAt(args[1].Col, "another card", "the same card twice")
		}
		return Entry{Kind: KindHand, Cards: cs, Cols: []int{args[0].Col, args[1].Col}}, nil
	}
	if p.Cards == nil {
		return Entry{}, ErrorAt(1, "players, seat, level, cards, removed or hand", "the set-up ends with the hand line")
	}
	// P verb ...
	who, err := p.player(ws[0])
	if err != nil {
		return Entry{}, ErrorAt(1, "a player, or a set-up line", "%q is not a player or a keyword", ws[0].Text)
	}
	if len(args) == 0 {
		return Entry{}, need(1, "a verb: draws, plays, discards, gives, shows, sees, takes, buries, announces, reveals")
	}
	verb := strings.ToLower(args[0].Text)
	args = args[1:]
	need = func(n int, want string) error {
		if len(args) < n {
			return ErrorAt(len(strings.TrimRight(table.StripComment(line), " \t"))+1, want, "the line ends too soon")
		}
		if len(args) > n {
			return ErrorAt(args[n].Col, "the end of the line", "unexpected %q", args[n].Text)
		}
		return nil
	}
	e := engine.Event{P: who, Q: -1, R: -1}
	me := who == p.Seat
	onlyMe := func(what string) error {
		if !me {
			return ErrorAt(ws[1].Col, "a line the seat can see", "only %s's own %s is seen", p.Players[who], what)
		}
		return nil
	}
	switch verb {
	case "draws":
		e.Kind = engine.EvDraw
		if me {
			if err := need(1, "the card you drew"); err != nil {
				return Entry{}, err
			}
			if e.Card, err = p.Card(args[0]); err != nil {
				return Entry{}, err
			}
		} else if err := need(0, ""); err != nil {
			return Entry{}, ErrorAt(args[0].Col, "the end of the line", "%s's draw is not seen", p.Players[who])
		}
	case "announces":
		e.Kind, e.Card = engine.EvAnnounce, engine.Drunk
		if err := need(1, "drunk"); err != nil {
			return Entry{}, err
		}
		if c, err := p.Card(args[0]); err != nil || c != engine.Drunk {
			return Entry{}, ErrorAt(args[0].Col, "drunk", "only the Drunk is announced")
		}
	case "reveals":
		e.Kind = engine.EvReveal
		if err := need(2, "two cards"); err != nil {
			return Entry{}, err
		}
		var cs []engine.Card
		for _, a := range args {
			c, err := p.Card(a)
			if err != nil {
				return Entry{}, err
			}
			cs = append(cs, c)
		}
		cs = engine.SortedCards(cs)
		switch {
		case cs[0] == engine.Detective && cs[1] == engine.Blackmailer, cs[0] == engine.Murderer && (cs[1] == engine.Confidant || cs[1] == engine.Witness):
		default:
			return Entry{}, ErrorAt(args[0].Col, "detective blackmailer, murderer confidant or murderer witness", "these cards are not revealed together")
		}
		e.Cards = cs
	case "discards":
		e.Kind = engine.EvDiscard
		if err := need(1, "a card"); err != nil {
			return Entry{}, err
		}
		if e.Card, err = p.Card(args[0]); err != nil {
			return Entry{}, err
		}
	case "gives", "shows":
		e.Kind = engine.EvGive
		if verb == "shows" {
			e.Kind = engine.EvShow
		}
		if err := need(3, "CARD to PLAYER"); err != nil {
			return Entry{}, err
		}
		if e.Card, err = p.Card(args[0]); err != nil {
			return Entry{}, err
		}
		if !strings.EqualFold(args[1].Text, "to") {
			return Entry{}, ErrorAt(args[1].Col, "to", "%q where \"to\" belongs", args[1].Text)
		}
		if e.Q, err = p.player(args[2]); err != nil {
			return Entry{}, err
		}
		if e.Q == who {
			return Entry{}, ErrorAt(args[2].Col, "another player", "a player does not %s to themselves", strings.TrimSuffix(verb, "s"))
		}
		if !me && e.Q != p.Seat {
			return Entry{}, ErrorAt(1, "a line the seat can see", "%s's card to %s is not seen", p.Players[who], p.Players[e.Q])
		}
	case "sees":
		e.Kind = engine.EvSees
		if err := onlyMe("look"); err != nil {
			return Entry{}, err
		}
		if len(args) == 0 {
			return Entry{}, need(1, "the cards seen")
		}
		for _, a := range args {
			c, err := p.Card(a)
			if err != nil {
				return Entry{}, err
			}
			e.Cards = append(e.Cards, c)
		}
	case "takes", "buries":
		if verb == "takes" && len(args) > 0 && strings.EqualFold(args[0].Text, "from") {
			// The Swain's choice: Q takes from P (a card at random).
			if err := need(2, "from PLAYER"); err != nil {
				return Entry{}, err
			}
			from, err := p.player(args[1])
			if err != nil {
				return Entry{}, err
			}
			if from == who {
				return Entry{}, ErrorAt(args[1].Col, "another player", "the Swain chooses another player to take from its hand")
			}
			e.Kind, e.P, e.Q = engine.EvChosen, from, who
			break
		}
		e.Kind = engine.EvTake
		if verb == "buries" {
			e.Kind = engine.EvBury
		}
		if err := onlyMe("pick"); err != nil {
			return Entry{}, err
		}
		if err := need(1, "a card"); err != nil {
			return Entry{}, err
		}
		if e.Card, err = p.Card(args[0]); err != nil {
			return Entry{}, err
		}
	case "plays":
		e.Kind = engine.EvPlay
		if len(args) == 0 {
			return Entry{}, need(1, "a card")
		}
		if e.Card, err = p.Card(args[0]); err != nil {
			return Entry{}, err
		}
		args = args[1:]
		if e.Card == engine.Aristocrat {
			for _, a := range args {
				c, err := p.Card(a)
				if err != nil {
					return Entry{}, err
				}
				if !c.IsAction() {
					return Entry{}, ErrorAt(a.Col, "an Action card", "the Aristocrat discards Action cards only")
				}
				e.Cards = append(e.Cards, c)
			}
			e.Cards = engine.SortedCards(e.Cards)
			break
		}
		as := e.Card
		if as == engine.Monkey {
			as = p.Last
		}
		if as.IsAction() {
			e.As = as
		}
		if err := p.playArgs(&e, args, need); err != nil {
			return Entry{}, err
		}
	default:
		return Entry{}, ErrorAt(args0col(ws), "draws, plays, discards, gives, shows, sees, takes, buries, announces or reveals", "%q is not a verb of the game", verb)
	}
	cols := make([]int, 0, len(ws)+1)
	for _, w := range ws {
		cols = append(cols, w.Col)
	}
	cols = append(cols, len(strings.TrimRight(table.StripComment(line), " \t"))+1)
	return Entry{Kind: KindEvent, Ev: e, Cols: cols}, nil
}

func isKeyword(s string) bool {
	for _, k := range keywords {
		if strings.EqualFold(k, s) {
			return true
		}
	}
	return false
}
