package deductio

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// kind is the type of a log line.
type kind uint8

const (
	kComment kind = iota // '#' comment or blank line
	kPlayers             // players alice bob me
	kSeat                // seat me
	kSecret              // secret me 7
	kFaceUp              // faceup 3 11 17
	kRow                 // row even >=7 not:9,19
	kPlays               // alice plays even
	kRejects             // alice rejects odd >=7 3-9
	kDenies              // alice denies even
	kGuess               // bob guesses alice 7 wrong
	kLooks               // alice looks 2; me looks 4 15
)

// entry is one parsed line.
type entry struct {
	kind   kind
	text   string
	names  []string // kPlayers
	player int      // the acting player (kSeat, kSecret, kPlays, kRejects, kDenies, kGuess, kLooks)
	target int      // kGuess: the player whose number is guessed
	nums   []int    // kSecret, kFaceUp, kGuess (one number), kLooks by the seat
	count  int      // kLooks: how many cards were looked at
	right  bool     // kGuess
	clues  []Clue   // kRow, kPlays, kRejects, kDenies
}

// word is a whitespace-separated token and its 1-based byte column.
type word struct {
	s   string
	col int
}

func splitWords(line string) []word {
	var ws []word
	start := -1
	for i, r := range line {
		if unicode.IsSpace(r) {
			if start >= 0 {
				ws = append(ws, word{line[start:i], start + 1})
				start = -1
			}
		} else if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		ws = append(ws, word{line[start:], start + 1})
	}
	return ws
}

// keywords may not be player names.
var keywords = []string{"players", "seat", "secret", "faceup", "row", "plays", "rejects", "denies", "guesses", "looks", "right", "wrong", "game", "not", "free"}

func isKeyword(s string) bool {
	for _, k := range keywords {
		if strings.EqualFold(s, k) {
			return true
		}
	}
	return false
}

// lineErr builds a *table.LineError.
func lineErr(col int, want, format string, args ...any) *table.LineError {
	return &table.LineError{Col: col, Msg: fmt.Sprintf(format, args...), Want: want}
}

// parser holds what parsing needs to know of the game so far.
type parser struct {
	players []string
	seat    int  // -1 when no seat
	faceUp  bool // a faceup line was given
}

// countCol is the column of a line of words ws whose count is wrong when
// it should have at least lo and at most hi words: the first word too many,
// or the place just after the last word when one is missing.
func countCol(ws []word, lo, hi int) int {
	switch {
	case len(ws) > hi:
		return ws[hi].col
	case len(ws) < lo && len(ws) > 0:
		last := ws[len(ws)-1]
		return last.col + len(last.s) + 1
	}
	return 1
}

// playerIndex reads a player name, ignoring case and accents
// ([table.FindName]).
func (p *parser) playerIndex(w word) (int, error) {
	i, err := table.FindName(p.players, w.s, false)
	if err != nil {
		return -1, lineErr(w.col, "one of "+strings.Join(p.players, ", "), "%v", err)
	}
	if i >= 0 {
		return i, nil
	}
	if len(p.players) == 0 {
		return -1, lineErr(w.col, "a players line first, such as \"players alice bob me\"", "no players yet")
	}
	return -1, lineErr(w.col, "one of "+strings.Join(p.players, ", "), "no player %q", w.s)
}

func parseNum(w word) (int, error) {
	n, err := strconv.Atoi(w.s)
	if err != nil || w.s[0] == '+' || w.s[0] == '-' {
		return 0, lineErr(w.col, "a Secret Number 1-20", "%q is not a number", w.s)
	}
	if n < 1 || n > MaxNumber {
		return 0, lineErr(w.col, "a Secret Number 1-20", "no %d among the Secret Numbers", n)
	}
	return n, nil
}

func parseClueWord(w word) (Clue, error) {
	c, err := ParseClue(w.s)
	if err != nil {
		ce := err.(*ClueError)
		return Clue{}, &table.LineError{Col: w.col + ce.Off, Msg: ce.Msg, Want: ce.Want}
	}
	return c, nil
}

// validName reports whether s can name a player: a name
// ([table.CheckName]) that is not a keyword.
func validName(s string) bool {
	return table.CheckName(s) == nil && !isKeyword(s)
}

// parse reads one line. It checks everything that needs only the players
// and the seat; the rest (consistency) is the solver's.
func (p *parser) parse(line string) (entry, error) {
	e := entry{text: line}
	if table.IsComment(line) {
		return e, nil
	}
	ws := splitWords(table.StripComment(line))
	head := ws[0]
	const setupWant = "players, seat, secret, faceup, row, or a player name"
	switch strings.ToLower(head.s) {
	case "game":
		return e, lineErr(head.col, "", "the game header belongs at the top of a log file, not among its lines")
	case "players":
		if len(p.players) > 0 {
			return e, lineErr(head.col, "", "the players are already set")
		}
		names := ws[1:]
		if len(names) < 2 || len(names) > 4 {
			return e, lineErr(countCol(ws, 3, 5), "2 to 4 player names", "Deductio is for 2 to 4 players, not %d", len(names))
		}
		for i, n := range names {
			if !validName(n.s) {
				return e, lineErr(n.col, "a name of letters, digits, _ - ' or . that is not a keyword", "%q cannot name a player", n.s)
			}
			for _, m := range names[:i] {
				if strings.EqualFold(m.s, n.s) {
					return e, lineErr(n.col, "", "player %q is named twice", n.s)
				}
			}
			e.names = append(e.names, n.s)
		}
		e.kind = kPlayers
		return e, nil
	case "seat":
		e.kind = kSeat
		if p.seat >= 0 {
			return e, lineErr(head.col, "", "the seat is already set")
		}
		if len(ws) != 2 {
			return e, lineErr(countCol(ws, 2, 2), "seat NAME", "a seat line names one player")
		}
		i, err := p.playerIndex(ws[1])
		e.player = i
		return e, err
	case "secret":
		e.kind = kSecret
		if len(ws) != 3 {
			return e, lineErr(countCol(ws, 3, 3), "secret NAME N", "a secret line names the seat's player and a number")
		}
		i, err := p.playerIndex(ws[1])
		if err != nil {
			return e, err
		}
		if i != p.seat {
			return e, lineErr(ws[1].col, "the seat's player", "only the seat's own Secret Number is known privately; %s is not the seat", p.players[i])
		}
		n, err := parseNum(ws[2])
		e.player, e.nums = i, []int{n}
		return e, err
	case "faceup":
		e.kind = kFaceUp
		if len(p.players) == 0 {
			return e, lineErr(head.col, "a players line first", "face-up numbers before the players")
		}
		if len(ws) < 2 {
			return e, lineErr(countCol(ws, 2, 2), "faceup N...", "a faceup line lists the numbers turned face up")
		}
		for _, w := range ws[1:] {
			n, err := parseNum(w)
			if err != nil {
				return e, err
			}
			for _, m := range e.nums {
				if m == n {
					return e, lineErr(w.col, "", "%d is listed twice", n)
				}
			}
			e.nums = append(e.nums, n)
		}
		return e, nil
	case "row":
		e.kind = kRow
		if len(ws) < 2 || len(ws) > 4 {
			return e, lineErr(countCol(ws, 2, 4), "row CLUE CLUE CLUE", "the row of face-up clue cards has 1 to 3 cards")
		}
		for _, w := range ws[1:] {
			c, err := parseClueWord(w)
			if err != nil {
				return e, err
			}
			e.clues = append(e.clues, c)
		}
		return e, nil
	}
	// NAME verb ...
	if len(p.players) == 0 {
		return e, lineErr(head.col, setupWant, "unknown line %q", head.s)
	}
	i, err := p.playerIndex(head)
	if err != nil {
		return e, lineErr(head.col, setupWant, "no player or keyword %q", head.s)
	}
	e.player = i
	if len(ws) < 2 {
		return e, lineErr(countCol(ws, 2, 2), "plays, rejects, denies, guesses or looks after the player", "incomplete line")
	}
	verb := ws[1]
	args := ws[2:]
	switch strings.ToLower(verb.s) {
	case "plays", "denies":
		e.kind = kPlays
		if strings.EqualFold(verb.s, "denies") {
			e.kind = kDenies
		}
		if len(args) != 1 {
			return e, lineErr(countCol(ws, 3, 3), "NAME "+strings.ToLower(verb.s)+" CLUE", "one clue card expected")
		}
		c, err := parseClueWord(args[0])
		e.clues = []Clue{c}
		if err == nil && e.kind == kPlays && c.FaceUpRelative() && !p.faceUp {
			// A card played vertically is true of the player's number;
			// faceup+1 and faceup-1 are true of nothing while no number
			// is face up.
			return e, lineErr(args[0].col, "a faceup line before it",
				"%s is true only of a number next to a face-up Secret Number, and no number is face up yet (no faceup line)", c)
		}
		return e, err
	case "rejects":
		e.kind = kRejects
		if len(args) < 1 || len(args) > 3 {
			return e, lineErr(countCol(ws, 3, 5), "NAME rejects CLUE CLUE CLUE", "1 to 3 clue cards are taken horizontally")
		}
		for _, w := range args {
			c, err := parseClueWord(w)
			if err != nil {
				return e, err
			}
			e.clues = append(e.clues, c)
		}
		return e, nil
	case "guesses":
		e.kind = kGuess
		if len(args) != 3 {
			return e, lineErr(countCol(ws, 5, 5), "NAME guesses NAME N right|wrong", "a guess names a player, a number and the answer")
		}
		t, err := p.playerIndex(args[0])
		if err != nil {
			return e, err
		}
		if t == i {
			return e, lineErr(args[0].col, "another player", "a player guesses another player's number")
		}
		n, err := parseNum(args[1])
		if err != nil {
			return e, err
		}
		switch strings.ToLower(args[2].s) {
		case "right", "correct", "yes":
			e.right = true
		case "wrong", "incorrect", "no":
		default:
			return e, lineErr(args[2].col, "right or wrong", "unknown answer %q", args[2].s)
		}
		e.target, e.nums = t, []int{n}
		return e, nil
	case "looks":
		e.kind = kLooks
		if i == p.seat {
			if len(args) < 1 || len(args) > 2 {
				return e, lineErr(countCol(ws, 3, 4), p.players[i]+" looks N [N]", "the seat lists the 1 or 2 numbers seen on top of the deck")
			}
			for _, w := range args {
				n, err := parseNum(w)
				if err != nil {
					return e, err
				}
				for _, m := range e.nums {
					if m == n {
						return e, lineErr(w.col, "", "%d is listed twice", n)
					}
				}
				e.nums = append(e.nums, n)
			}
			e.count = len(e.nums)
			return e, nil
		}
		if len(args) != 1 {
			return e, lineErr(countCol(ws, 3, 3), "NAME looks 1 or NAME looks 2", "another player's look says only how many cards were seen")
		}
		if args[0].s != "1" && args[0].s != "2" {
			return e, lineErr(args[0].col, "NAME looks 1 or NAME looks 2", "another player looks at 1 or 2 cards, not %q", args[0].s)
		}
		e.count = int(args[0].s[0] - '0')
		return e, nil
	}
	return e, lineErr(verb.col, "plays, rejects, denies, guesses or looks", "unknown action %q", verb.s)
}
