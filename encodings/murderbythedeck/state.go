package murderbythedeck

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// word is a token of a line and its 1-based byte column.
type word struct {
	text string
	col  int
}

func words(line string) []word {
	var out []word
	start := -1
	for i := 0; i <= len(line); i++ {
		if i == len(line) || line[i] == ' ' || line[i] == '\t' {
			if start >= 0 {
				out = append(out, word{line[start:i], start + 1})
				start = -1
			}
		} else if start < 0 {
			start = i
		}
	}
	return out
}

func lineErr(col int, want, format string, args ...any) error {
	return &table.LineError{Col: col, Msg: fmt.Sprintf(format, args...), Want: want}
}

// The steps of a turn the next line must continue.
const (
	stStart   = iota // a turn starts
	stDrawn          // after a draw: down, lucky or discards
	stDowned         // after down: discards
	stShows          // after a judged accusation by the seat: the accused shows
	stAccDead        // the accused on death row must say dead
)

// lit is a symbolic ownership indicator: card copy and holder, by index.
type lit struct{ copy, holder int }

// term is a symbolic term.
type term struct {
	l    lit
	coef int
}

// scons is a symbolic linear constraint sum(terms) op bound; an empty
// constraint with op Ge and bound 1 never holds.
type scons struct {
	terms []term
	op    uint8 // 0 =, 1 <=, 2 >=
	bound int
}

// slot is a draw: its player, its pile (epoch), what became of the card.
type slot struct {
	player, epoch int
	down, lucky   bool
	line          int
	holder        int
	downLine      int // the line that placed its card face down
}

// copyInfo is one copy of a card: the card in one pile generation (epoch 1
// is the deal, epoch e > 1 the e-th draw pile made of the return pile).
type copyInfo struct {
	card  Card
	epoch int
}

// state is everything the lines so far tell: the referee's public state
// and the tracker's symbolic model. It is copied before each line.
type state struct {
	names   []string
	rules   Rules
	moved   bool           // a turn's line has been applied: no more rule lines
	named   [NumCards]bool // the cards some line names
	content string         // the lines' words, comments left out: the sampling seed's source
	seat    int            // -1 for a spectator
	setup   int            // 0 need players, 1 players given, 2 seat given (need hand), 3 ready

	turn, step   int
	alive        [Players]bool
	blocked      [Players]bool
	lucky        [Players]bool
	downSlot     [Players]int // pending face-down slot, -1
	downTurns    [Players]int
	handSize     [Players]int
	over         bool
	noDraw       int
	turns        int // turns played
	pile, epoch  int // cards left in the draw pile; its generation
	piles        int
	used         []Card // the return pile
	usedLine     [NumCards]int
	pileNulls    bool    // the draw pile was made of a return pile of null cards only
	seatHand     []Card  // the seat's hand now
	seatDrew     CardSet // the cards of the seat's hand it drew
	drawn        Card    // the seat's card drawn this turn
	seatDown     Card    // the seat's face-down death card
	accuser      int     // pending accusation
	accOutcome   Outcome // pending accusation's outcome
	accusedLine  int
	deadDown     []int // slots of death cards of the dead, face down
	deadDownCard []Card
	revealed     []Card // the hand of the pending accuser
	trace        []tev  // what the replay of a world needs, in order

	// the tracker's model
	copies  []copyInfo
	live    [NumCards]int // the copy index of each card in play, -1 when on the return pile
	slots   []slot
	acq     [Players][]int // holders a player's cards in hand came from (indices into holders)
	holders []string
	hEpoch  []int // epoch of each holder (0 for the suit holders)
	pileH   []int // the pile holder of each epoch (index epoch-1)
	blocks  int   // number of BLOCK suit cards
	obs     []sobs
}

// sobs is a symbolic observation: the line it comes from (1-based) and its
// constraints.
type sobs struct {
	line int
	cons []scons
}

func newState() *state {
	s := &state{seat: -1, accuser: -1}
	for p := range Players {
		s.alive[p] = true
		s.downSlot[p] = -1
		s.handSize[p] = HandSize
		s.holders = append(s.holders, fmt.Sprintf("hand%d", p))
		s.hEpoch = append(s.hEpoch, 1)
		s.acq[p] = []int{p}
	}
	s.holders = append(s.holders, "pile1")
	s.hEpoch = append(s.hEpoch, 1)
	s.pileH = []int{Players}
	for c := range Card(NumCards) {
		s.copies = append(s.copies, copyInfo{c, 1})
		s.live[c] = int(c)
	}
	s.pile, s.epoch, s.piles = NumCards-Players*HandSize, 1, 1
	return s
}

func (s *state) clone() *state {
	t := *s
	t.names = slices.Clone(s.names)
	t.used = slices.Clone(s.used)
	t.seatHand = slices.Clone(s.seatHand)
	t.deadDown = slices.Clone(s.deadDown)
	t.deadDownCard = slices.Clone(s.deadDownCard)
	t.revealed = slices.Clone(s.revealed)
	t.trace = slices.Clone(s.trace)
	t.copies = slices.Clone(s.copies)
	t.slots = slices.Clone(s.slots)
	for p := range Players {
		t.acq[p] = slices.Clone(s.acq[p])
	}
	t.holders = slices.Clone(s.holders)
	t.hEpoch = slices.Clone(s.hEpoch)
	t.pileH = slices.Clone(s.pileH)
	t.obs = slices.Clone(s.obs)
	return &t
}

// inHand is the symbolic "card c is in p's hand now": the literals of its
// live copy with the holders p's cards came from.
func (s *state) inHand(p int, c Card) []lit {
	cp := s.live[c]
	if cp < 0 || !s.alive[p] {
		return nil
	}
	var out []lit
	for _, h := range s.acq[p] {
		if s.hEpoch[h] == s.copies[cp].epoch {
			out = append(out, lit{cp, h})
		}
	}
	return out
}

func sum(ls []lit, coef int) []term {
	out := make([]term, 0, len(ls))
	for _, l := range ls {
		out = append(out, term{l, coef})
	}
	return out
}

// highIn is the symbolic number of identity cards in p's hand: p is the
// murderer when it is at least one.
func (s *state) highIn(p int) []lit {
	var out []lit
	for _, c := range s.rules.IDCards() {
		out = append(out, s.inHand(p, c)...)
	}
	return out
}

// deathIn are the literals "slot k holds a death card".
func (s *state) deathIn(k int) []lit {
	h := s.slotHolder(k)
	var out []lit
	for n := 1; n <= 4; n++ {
		if l, ok := s.copyAt(deathCard(n), k); ok {
			out = append(out, lit{l, h})
		}
	}
	return out
}

// copyAt is the copy of c that could be in slot k: the copy of c made for
// k's pile, if there is one.
func (s *state) copyAt(c Card, k int) (int, bool) {
	e := s.slots[k].epoch
	for i := len(s.copies) - 1; i >= 0; i-- {
		if s.copies[i].card == c && s.copies[i].epoch == e {
			return i, true
		}
	}
	return 0, false
}

// slotHolder is the holder index of slot k.
func (s *state) slotHolder(k int) int { return s.slots[k].holder }

func (s *state) add(line int, cs ...scons) {
	if len(s.obs) > 0 && s.obs[len(s.obs)-1].line == line {
		s.obs[len(s.obs)-1].cons = append(s.obs[len(s.obs)-1].cons, cs...)
		return
	}
	s.obs = append(s.obs, sobs{line: line, cons: cs})
}

// eq, le, ge build constraints.
func eq(ts []term, b int) scons { return scons{terms: ts, op: 0, bound: b} }
func le(ts []term, b int) scons { return scons{terms: ts, op: 1, bound: b} }
func ge(ts []term, b int) scons { return scons{terms: ts, op: 2, bound: b} }

// findPlayer is the index of a player's name, ignoring case and accents
// ([table.FindName]).
func (s *state) findPlayer(w word) (int, error) {
	i, err := table.FindName(s.names, w.text, false)
	if err != nil {
		return 0, lineErr(w.col, "a player: "+strings.Join(s.names, ", "), "%v", err)
	}
	if i >= 0 {
		return i, nil
	}
	return 0, lineErr(w.col, "a player: "+strings.Join(s.names, ", "), "no player %q", w.text)
}

func parseCards(ws []word, n int, what string) ([]Card, error) {
	var out []Card
	for _, w := range ws {
		c, err := ParseCard(w.text)
		if err != nil {
			return nil, lineErr(w.col, "a card such as QH", "%v", err)
		}
		if slices.Contains(out, c) {
			return nil, lineErr(w.col, "", "%s is listed twice", c)
		}
		out = append(out, c)
	}
	if n >= 0 && len(out) != n {
		col := 0
		if len(ws) > n {
			col = ws[n].col
		}
		return nil, lineErr(col, fmt.Sprintf("%d cards", n), "%s lists %d cards", what, len(out))
	}
	return out, nil
}

// apply applies the line numbered line (1-based) to s.
func (s *state) apply(line int, text string) error {
	if err := s.apply1(line, text); err != nil {
		return err
	}
	ws := words(table.StripComment(text))
	for _, w := range ws {
		if c, err := ParseCard(w.text); err == nil {
			s.named[c] = true
		}
		s.content += strings.ToLower(w.text) + " "
	}
	if len(ws) > 0 {
		s.content += "\n"
	}
	return nil
}

func (s *state) apply1(line int, text string) error {
	ws := words(table.StripComment(text))
	if len(ws) == 0 {
		return nil
	}
	if s.over {
		return lineErr(0, "a comment", "the round is over")
	}
	head := strings.ToLower(ws[0].text)
	switch head {
	case "game":
		return lineErr(1, "", "the header \"game mbtd\" is not a line of the game")
	case "rule":
		if s.moved {
			return lineErr(1, "", "rule lines come before the first turn")
		}
		return s.rules.set(ws[1:])
	case "players":
		return s.players(ws)
	case "seat":
		if s.setup != 1 {
			return lineErr(1, "", "the seat comes once, right after the players line")
		}
		if len(ws) != 2 {
			return lineErr(0, "seat NAME", "the seat is one player")
		}
		p, err := s.findPlayer(ws[1])
		if err != nil {
			return err
		}
		s.seat, s.setup = p, 2
		return nil
	case "hand":
		if s.setup != 2 {
			return lineErr(1, "", "the hand comes once, right after the seat line")
		}
		hand, err := parseCards(ws[1:], HandSize, "a hand")
		if err != nil {
			return err
		}
		s.seatHand, s.setup = hand, 3
		var cs []scons
		for _, c := range hand {
			cs = append(cs, eq([]term{{lit{int(c), s.seat}, 1}}, 1))
		}
		s.add(line, cs...)
		return nil
	}
	if s.setup == 0 {
		return lineErr(1, "players NAME NAME NAME NAME", "the log starts with the players")
	}
	if s.setup == 2 {
		return lineErr(1, "hand CARD x7", "the seat's hand comes after the seat line")
	}
	s.setup = 3
	if len(ws) < 2 {
		return lineErr(0, "NAME draws, NAME discards CARD, ...", "a line is a player and what they do")
	}
	p, err := s.findPlayer(ws[0])
	if err != nil {
		return err
	}
	s.moved = true
	return s.move(line, p, strings.ToLower(ws[1].text), ws[1], ws[2:])
}

func (s *state) players(ws []word) error {
	if s.setup != 0 {
		return lineErr(1, "", "the players are named once, first")
	}
	if len(ws) != Players+1 {
		col := 0
		if len(ws) > Players+1 {
			col = ws[Players+1].col
		}
		return lineErr(col, "four names", "Murder By The Deck is played by %d players", Players)
	}
	reserved := []string{"players", "seat", "hand", "draws", "down", "discards", "lucky", "dead", "block", "passes", "accuses", "shows", "pile", "used", "not", "spade", "right", "wrong"}
	for i, w := range ws[1:] {
		if err := table.CheckName(w.text); err != nil {
			at := 0
			if ne, ok := err.(*table.NameError); ok {
				at = ne.At
			}
			return lineErr(w.col+at, "a name such as alice", "%v", err)
		}
		if _, e := ParseCard(w.text); e == nil || slices.Contains(reserved, strings.ToLower(w.text)) {
			return lineErr(w.col, "a name", "%q is a word of the game, not a name", w.text)
		}
		for _, v := range ws[1 : i+1] {
			if strings.EqualFold(v.text, w.text) {
				return lineErr(w.col, "different names", "%q is named twice", w.text)
			}
		}
		s.names = append(s.names, w.text)
	}
	s.setup = 1
	return nil
}

// canDraw reports whether the player whose turn it is can draw.
func (s *state) canDraw() bool { return s.rules.canDraw(s.pile, len(s.used), s.piles) }

// move applies a player's line.
func (s *state) move(line, p int, verb string, vw word, args []word) error {
	name := s.names[p]
	expect := func(who int) error {
		if p != who {
			return lineErr(1, s.names[who]+"'s line", "it is %s's turn", s.names[who])
		}
		return nil
	}
	noArgs := func() error {
		if len(args) > 0 {
			return lineErr(args[0].col, "end of line", "%s takes nothing more", verb)
		}
		return nil
	}
	switch s.step {
	case stDrawn, stDowned:
		if err := expect(s.turn); err != nil {
			return err
		}
		switch verb {
		case "down":
			if s.step == stDowned {
				return lineErr(vw.col, "discards CARD", "%s has placed the card already", name)
			}
			if err := noArgs(); err != nil {
				return err
			}
			return s.down(line, p, vw)
		case "lucky":
			if s.step != stDrawn {
				return lineErr(vw.col, "discards CARD", "the card drawn is face down")
			}
			return s.luckyBreak(line, p, vw, args)
		case "discards":
			return s.discard(line, p, vw, args)
		}
		return lineErr(vw.col, "down, lucky or discards", "after drawing, %s places a death card face down, has a lucky break or discards", name)
	case stShows:
		q := s.accusedLine
		if p != q || verb != "shows" {
			return lineErr(1, s.names[q]+" shows CARDS", "the accused shows the accuser their hand first")
		}
		return s.shows(line, p, args)
	case stAccDead:
		q := s.accusedLine
		if p != q || verb != "dead" {
			return lineErr(1, s.names[q]+" dead CARDS", "the accused is on death row and must say so")
		}
		return s.dead(line, p, args, false)
	}
	if err := expect(s.turn); err != nil {
		return err
	}
	// The start of a turn: a player on death row counts one more turn.
	n := 0
	if s.downSlot[p] >= 0 {
		n = s.downTurns[p] + 1
	}
	if verb == "dead" {
		if n == 0 {
			return lineErr(vw.col, "", "%s has no face-down death card", name)
		}
		if err := s.countdown(line, p, n, true); err != nil {
			return err
		}
		return s.dead(line, p, args, true)
	}
	if n > 0 {
		if err := s.countdown(line, p, n, false); err != nil {
			return err
		}
		s.downTurns[p] = n
	}
	switch verb {
	case "draws":
		if s.blocked[p] {
			return lineErr(vw.col, "passes or accuses", "%s is BLOCKed and draws no more", name)
		}
		if !s.canDraw() {
			return lineErr(vw.col, "passes", "there is nothing left to draw")
		}
		return s.draw(line, p, args)
	case "passes":
		if err := noArgs(); err != nil {
			return err
		}
		if !s.blocked[p] && s.canDraw() {
			return lineErr(vw.col, "draws", "only a BLOCKed player, or one with nothing to draw, passes")
		}
		s.endTurn(false)
		return nil
	case "block":
		if err := noArgs(); err != nil {
			return err
		}
		if s.blocked[p] || s.downSlot[p] >= 0 || s.lucky[p] || s.handSize[p] != HandSize {
			return lineErr(vw.col, "", "%s cannot BLOCK now (BLOCKed already, on death row, or short of cards)", name)
		}
		if p == s.seat {
			if _, ok := fullFamily(s.seatHand); !ok {
				return lineErr(vw.col, "", "your hand is not the seven family cards of one suit")
			}
		}
		s.blocked[p] = true
		s.blockCons(line, p)
		s.endTurn(false)
		return nil
	case "accuses":
		return s.accuse(line, p, vw, args)
	}
	return lineErr(vw.col, "draws, passes, block, accuses or dead", "%q is not a move at the start of a turn", verb)
}

// countdown records that p's death card counts n turns (dead) or not.
func (s *state) countdown(line, p, n int, dead bool) error {
	k := s.downSlot[p]
	h := s.slotHolder(k)
	if dead {
		if n > 4 {
			s.add(line, ge(nil, 1))
			return nil
		}
		cp, ok := s.copyAt(deathCard(n), k)
		if !ok {
			s.add(line, ge(nil, 1))
			return nil
		}
		s.add(line, eq([]term{{lit{cp, h}, 1}}, 1))
		return nil
	}
	if n > 4 {
		s.add(line, ge(nil, 1))
		return nil
	}
	if cp, ok := s.copyAt(deathCard(n), k); ok {
		s.add(line, eq([]term{{lit{cp, h}, 1}}, 0))
	}
	return nil
}

func (s *state) draw(line, p int, args []word) error {
	if p == s.seat && len(args) != 1 {
		col := 0
		if len(args) > 1 {
			col = args[1].col
		}
		return lineErr(col, "draws CARD", "write the card you drew")
	}
	if p != s.seat && len(args) > 0 {
		return lineErr(args[0].col, "end of line", "only the seat sees the card another player draws")
	}
	var c Card = NoCard
	if p == s.seat {
		var err error
		if c, err = ParseCard(args[0].text); err != nil {
			return lineErr(args[0].col, "a card such as QH", "%v", err)
		}
	}
	if s.pile == 0 {
		s.shuffle()
	}
	if c != NoCard && s.live[c] >= 0 && s.copies[s.live[c]].epoch != s.epoch {
		return lineErr(args[0].col, "", "%s is not in the draw pile (the pile is the return pile shuffled)", c)
	}
	if c != NoCard && s.live[c] < 0 {
		return lineErr(args[0].col, "", "%s is on the return pile (line %d)", c, s.usedLine[c])
	}
	s.pile--
	k := len(s.slots)
	s.slots = append(s.slots, slot{player: p, epoch: s.epoch, line: line, holder: len(s.holders)})
	s.holders = append(s.holders, fmt.Sprintf("draw%d", k))
	s.hEpoch = append(s.hEpoch, s.epoch)
	h := len(s.holders) - 1
	s.acq[p] = append(s.acq[p], h) // in hand until placed face down or returned
	if c != NoCard {
		s.add(line, eq([]term{{lit{s.live[c], h}, 1}}, 1))
		s.drawn = c
	}
	alt := 0
	if s.downSlot[p] < 0 && !s.lucky[p] {
		alt = 1
		for q := range Players {
			if q != p && s.alive[q] {
				alt++
			}
		}
	}
	s.trace = append(s.trace, tev{kind: Draw, p: p, slot: k, alt: alt})
	s.step = stDrawn
	return nil
}

// shuffle turns the return pile into the next draw pile.
func (s *state) shuffle() {
	s.trace = append(s.trace, tev{kind: Pass, p: -1})
	s.epoch++
	s.piles++
	s.pile = len(s.used)
	s.pileNulls = onlyNulls(s.used)
	for _, c := range s.used {
		s.copies = append(s.copies, copyInfo{c, s.epoch})
		s.live[c] = len(s.copies) - 1
	}
	s.used = nil
	s.holders = append(s.holders, fmt.Sprintf("pile%d", s.epoch))
	s.hEpoch = append(s.hEpoch, s.epoch)
	s.pileH = append(s.pileH, len(s.holders)-1)
}

// onlyNullsOut reports whether every card out of the hands is known to
// be a null card: the draw pile was made of a return pile of null cards
// only (face up before the shuffle), and the return pile holds only null
// cards.
func (s *state) onlyNullsOut() bool { return s.pileNulls && onlyNulls(s.used) }

// lastSlot is the slot of the card drawn this turn.
func (s *state) lastSlot() int { return len(s.slots) - 1 }

func (s *state) down(line, p int, vw word) error {
	k := s.lastSlot()
	if s.downSlot[p] >= 0 {
		return lineErr(vw.col, "lucky CARD CARD", "%s is on death row already: a second death card is a lucky break", s.names[p])
	}
	if p == s.seat {
		if !s.drawn.IsDeath() {
			return lineErr(vw.col, "discards CARD", "%s is not a death card", s.drawn)
		}
		if s.rules.IsMurderer(s.seatHand) {
			return lineErr(vw.col, "discards CARD", "the murderer keeps a death card in hand")
		}
	}
	s.add(line, eq(sum(s.deathIn(k), 1), 1), eq(sum(s.highIn(p), 1), 0))
	s.slots[k].down = true
	s.slots[k].downLine = line
	s.dropAcq(p, k)
	if p == s.seat {
		s.seatDown = s.drawn
	}
	s.trace = append(s.trace, tev{kind: Down, p: p, slot: k})
	s.downSlot[p], s.downTurns[p] = k, 0
	s.step = stDowned
	return nil
}

func (s *state) luckyBreak(line, p int, vw word, args []word) error {
	k := s.lastSlot()
	if s.downSlot[p] < 0 {
		return lineErr(vw.col, "discards CARD", "only a player on death row has a lucky break")
	}
	cs, err := parseCards(args, 2, "a lucky break")
	if err != nil {
		return err
	}
	if !cs[0].IsDeath() || !cs[1].IsDeath() || cs[1].DeathTurns() < 2 {
		return lineErr(args[0].col, "the death card drawn, then the 2, 3 or 4 of Spades held", "a lucky break shows two death cards")
	}
	if p == s.seat && cs[0] != s.drawn {
		return lineErr(args[0].col, s.drawn.String(), "you drew %s", s.drawn)
	}
	var cons []scons
	for i, c := range cs {
		slotK := k
		if i == 1 {
			slotK = s.downSlot[p]
		}
		cp, ok := s.copyAt(c, slotK)
		if !ok || s.live[c] != cp {
			cons = append(cons, ge(nil, 1))
			continue
		}
		cons = append(cons, eq([]term{{lit{cp, s.slotHolder(slotK)}, 1}}, 1))
	}
	s.add(line, cons...)
	s.slots[k].lucky = true
	s.dropAcq(p, k)
	s.slots[s.downSlot[p]].lucky = true
	s.trace = append(s.trace, tev{kind: Lucky, p: p, slot: k})
	for _, c := range cs {
		s.toUsed(c, line)
	}
	s.downSlot[p] = -1
	s.lucky[p] = true
	s.endTurn(true)
	return nil
}

// keepReason says why c may not be discarded now.
func (s *state) keepReason(c Card, drawn Card) string {
	switch {
	case s.rules.Discard == DiscardNoSpade:
		return "rule discard nospade: a Spade is never discarded"
	case s.rules.IsID(c):
		return "it makes its holder the murderer"
	case c == drawn:
		return "a Spade drawn is kept"
	case c.IsDeath():
		return "a death card you drew is kept (rule discard keepdeath)"
	}
	return "the rules keep it"
}

// toUsed puts card c on the return pile.
func (s *state) toUsed(c Card, line int) {
	s.used = append(s.used, c)
	s.live[c] = -1
	s.usedLine[c] = line
}

func (s *state) discard(line, p int, vw word, args []word) error {
	cs, err := parseCards(args, 1, "a discard")
	if err != nil {
		return err
	}
	c := cs[0]
	k := s.lastSlot()
	if s.live[c] < 0 {
		return lineErr(args[0].col, "", "%s is on the return pile (line %d)", c, s.usedLine[c])
	}
	var cons []scons
	if s.step == stDrawn {
		// No face-down card and no lucky break: the card drawn was no death
		// card, or the player is a Spade (not on death row).
		if s.downSlot[p] >= 0 {
			cons = append(cons, eq(sum(s.deathIn(k), 1), 0))
		} else {
			cons = append(cons, le(append(sum(s.deathIn(k), 1), sum(s.highIn(p), -1)...), 0))
		}
	}
	if p == s.seat {
		hand := s.seatHand
		if s.step == stDrawn {
			hand = append(slices.Clone(hand), s.drawn)
			if s.drawn.IsDeath() && (s.downSlot[p] >= 0 || !s.rules.IsMurderer(s.seatHand)) {
				return lineErr(vw.col, "down or lucky", "you drew %s, a death card", s.drawn)
			}
		}
		if !slices.Contains(hand, c) {
			return lineErr(args[0].col, "a card of your hand", "%s is not in your hand", c)
		}
		drawn := NoCard
		if s.step == stDrawn {
			drawn = s.drawn
		}
		drew := s.seatDrew
		if drawn != NoCard {
			drew = drew.With(drawn)
		}
		if !slices.Contains(s.rules.LegalDiscards(hand, drawn, drew), c) {
			return lineErr(args[0].col, "a card you may discard", "%s may not be discarded (%s)", c, s.keepReason(c, drawn))
		}
		s.seatHand = slices.DeleteFunc(hand, func(x Card) bool { return x == c })
		s.seatDrew = drew.Without(c)
	}
	if p != s.seat && s.rules.Discard != DiscardNoSpade {
		if s.rules.IsID(c) {
			return lineErr(args[0].col, "a card you may discard", "%s may not be discarded (%s)", c, s.keepReason(c, NoCard))
		}
		cons = append(cons, eq(sum(s.inHand(p, c), 1), 1))
		if s.step == stDrawn && keptIfDrawn(c) {
			// A Spade drawn this turn is kept: c was not the card drawn.
			if cp, ok := s.copyAt(c, k); ok && s.live[c] == cp {
				cons = append(cons, eq([]term{{lit{cp, s.slotHolder(k)}, 1}}, 0))
			}
		}
		if s.rules.Discard == DiscardKeepDeath && c.IsDeath() {
			// A death card drawn is kept: c was dealt to p, not drawn.
			var drawnIn []term
			for _, l := range s.inHand(p, c) {
				if l.holder != p {
					drawnIn = append(drawnIn, term{l, 1})
				}
			}
			if len(drawnIn) > 0 {
				cons = append(cons, eq(drawnIn, 0))
			}
		}
	}
	if p != s.seat && s.rules.Discard == DiscardNoSpade {
		cons = append(cons, eq(sum(s.inHand(p, c), 1), 1))
		if c.IsSpade() {
			var ts []term
			for x := range Card(NumCards) {
				if !x.IsSpade() {
					ts = append(ts, sum(s.inHand(p, x), 1)...)
				}
			}
			cons = append(cons, eq(ts, 0))
		}
	}
	s.add(line, cons...)
	s.trace = append(s.trace, tev{kind: Discard, p: p, card: c})
	s.toUsed(c, line)
	if s.step == stDowned {
		s.handSize[p]--
	}
	s.endTurn(true)
	return nil
}

// blockCons records that p's hand is the seven family cards of one suit,
// with a BLOCK card: one of four holders, one a suit.
func (s *state) blockCons(line, p int) {
	b := s.blocks
	s.blocks++
	s.copies = append(s.copies, copyInfo{NoCard, -b - 1})
	cp := len(s.copies) - 1
	var cons []scons
	var nulls []term
	for x := range Card(NumCards) {
		if !x.IsFamily() {
			nulls = append(nulls, sum(s.inHand(p, x), 1)...)
		}
	}
	cons = append(cons, eq(nulls, 0))
	for suit := range 4 {
		s.holders = append(s.holders, fmt.Sprintf("block%d%c", b, suitNames[suit]))
		s.hEpoch = append(s.hEpoch, -b-1)
		ts := []term{{lit{cp, len(s.holders) - 1}, 7}}
		for _, x := range Family(suit) {
			ts = append(ts, sum(s.inHand(p, x), -1)...)
		}
		cons = append(cons, le(ts, 0))
	}
	s.add(line, cons...)
}

func (s *state) accuse(line, p int, vw word, args []word) error {
	if s.downSlot[p] >= 0 {
		return lineErr(vw.col, "draws", "a player on death row cannot accuse")
	}
	if len(args) < 2 {
		return lineErr(0, "accuses NAME right|wrong|dead CARDS", "name the accused, the outcome and your hand")
	}
	q, err := s.findPlayer(args[0])
	if err != nil {
		return err
	}
	if q == p || !s.alive[q] {
		return lineErr(args[0].col, "another living player", "%s cannot be accused", s.names[q])
	}
	var o Outcome
	for k, v := range outcomeNames {
		if strings.EqualFold(v, args[1].text) {
			o = k
		}
	}
	if o == 0 {
		return lineErr(args[1].col, "right, wrong or dead", "%q is not an outcome", args[1].text)
	}
	hand, err := parseCards(args[2:], s.handSize[p], "the accuser's hand")
	if err != nil {
		return err
	}
	suit, ok := fullFamily(hand)
	if !ok {
		return lineErr(args[2].col, "the seven family cards of one suit", "only a player holding all their family cards may accuse")
	}
	if (suit == Spades) != (o == AccuserDie) {
		return lineErr(args[1].col, "", "an accuser dies unjudged exactly when their hand holds Spades")
	}
	if p == s.seat && !sameCards(hand, s.seatHand) {
		return lineErr(args[2].col, cardList(s.seatHand), "that is not your hand")
	}
	var cons []scons
	if p != s.seat {
		for _, c := range hand {
			if s.live[c] < 0 {
				return lineErr(args[2].col, "", "%s is on the return pile (line %d)", c, s.usedLine[c])
			}
			cons = append(cons, eq(sum(s.inHand(p, c), 1), 1))
		}
	}
	switch o {
	case Right:
		cons = append(cons, ge(sum(s.highIn(q), 1), 1))
	case Wrong:
		cons = append(cons, eq(sum(s.highIn(q), 1), 0))
	}
	s.add(line, cons...)
	if o == AccuserDie {
		s.kill(p, hand, line)
		s.endTurn(false)
		return nil
	}
	s.accuser, s.accOutcome, s.accusedLine, s.revealed = p, o, q, hand
	s.afterAccusal()
	return nil
}

func sameCards(a, b []Card) bool {
	x, y := slices.Clone(a), slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}

// afterAccusal moves on through the steps of a judged accusation.
func (s *state) afterAccusal() {
	q := s.accusedLine
	switch {
	case s.step != stShows && s.step != stAccDead && s.accuser == s.seat:
		s.step = stShows
		return
	case s.step != stAccDead && s.downSlot[q] >= 0:
		s.step = stAccDead
		return
	}
	p := s.accuser
	s.accuser = -1
	if s.accOutcome == Right {
		s.over = true
		s.step = stStart
		return
	}
	hand := s.handOf(p)
	s.kill(p, hand, 0)
	s.endTurn(false)
}

// handOf is what the tracker knows of p's hand when p's hand was just
// revealed: the seat's hand for the seat; for another accuser, their
// revealed hand is on the accusation line, kept in revealed.
func (s *state) handOf(p int) []Card {
	if p == s.seat {
		return s.seatHand
	}
	return s.revealed
}

func (s *state) shows(line, q int, args []word) error {
	hand, err := parseCards(args, s.handSize[q], "the accused's hand")
	if err != nil {
		return err
	}
	var cons []scons
	for _, c := range hand {
		if s.live[c] < 0 {
			return lineErr(args[0].col, "", "%s is on the return pile (line %d)", c, s.usedLine[c])
		}
		cons = append(cons, eq(sum(s.inHand(q, c), 1), 1))
	}
	s.add(line, cons...)
	s.step = stShows
	s.afterAccusal()
	return nil
}

// dead applies "p dead CARDS": the hand goes to the return pile.
func (s *state) dead(line, p int, args []word, turn bool) error {
	hand, err := parseCards(args, s.handSize[p], "a dead player's hand")
	if err != nil {
		return err
	}
	if p == s.seat && !sameCards(hand, s.seatHand) {
		return lineErr(1, cardList(s.seatHand), "that is not your hand")
	}
	var cons []scons
	if p != s.seat {
		for _, c := range hand {
			if s.live[c] < 0 {
				return lineErr(args[0].col, "", "%s is on the return pile (line %d)", c, s.usedLine[c])
			}
			cons = append(cons, eq(sum(s.inHand(p, c), 1), 1))
		}
	}
	s.add(line, cons...)
	k := s.downSlot[p]
	s.deadDown = append(s.deadDown, k)
	card := NoCard
	if turn {
		card = deathCard(s.downTurns[p] + 1)
	}
	s.deadDownCard = append(s.deadDownCard, card)
	s.downSlot[p] = -1
	s.kill(p, hand, line)
	if turn {
		s.endTurn(false)
		return nil
	}
	s.step = stAccDead
	s.afterAccusal()
	return nil
}

// kill removes p from the round, their hand to the return pile.
func (s *state) kill(p int, hand []Card, line int) {
	for _, c := range hand {
		if s.live[c] >= 0 {
			s.toUsed(c, line)
		}
	}
	s.alive[p] = false
	s.blocked[p] = false
	s.handSize[p] = 0
	s.trace = append(s.trace, tev{kind: Dead, p: p})
	if p == s.seat {
		s.seatHand = nil
		s.seatDrew = 0
	}
}

// lastChance reports whether the round ends before p's next turn unless
// somebody accuses: no living player but p may draw in a way that counts
// (every other one BLOCKed or after a lucky break, or all but one and p
// BLOCKed; docs/rules reading 27c).
func (s *state) lastChance(p int) bool {
	open := s.openOthers(p)
	return open == 0 || (open == 1 && s.blocked[p])
}

// openOthers is the number of living players other than p who are neither
// BLOCKed nor after a lucky break: the others whose draws keep the round
// going (docs/rules reading 27c). When it is at most one, a BLOCK by p
// ends the round before p's next turn unless somebody accuses.
func (s *state) openOthers(p int) int {
	return openOthers(s.alive, s.blocked, s.lucky, p)
}

// openOthers is state.openOthers for a round's flags.
func openOthers(alive, blocked, lucky [Players]bool, p int) int {
	open := 0
	for q := range Players {
		if q != p && alive[q] && !blocked[q] && !lucky[q] {
			open++
		}
	}
	return open
}

// endTurn passes the turn to the next living player, or ends the round.
func (s *state) endTurn(drew bool) {
	s.step = stStart
	s.noDraw = idleAfter(s.noDraw, drew, loneDrawer(s.alive, s.blocked, s.lucky, s.turn))
	s.turns++
	living := 0
	for _, a := range s.alive {
		if a {
			living++
		}
	}
	if living < 2 || s.noDraw >= living || (s.rules.MaxTurns > 0 && s.turns >= s.rules.MaxTurns) {
		s.over = true
		return
	}
	for i := 1; i <= Players; i++ {
		q := (s.turn + i) % Players
		if s.alive[q] {
			s.turn = q
			return
		}
	}
}

// tev is one step of the replay of a world: a draw into slot (alt: the
// actions besides drawing that a complete family would have allowed, 0
// when none), a card placed face down, a lucky break, a discard, a death,
// or (p = -1) a shuffle of the return pile.
type tev struct {
	kind Kind
	p    int
	slot int
	card Card
	alt  int
}

// dropAcq takes slot k out of the holders p's hand came from: its card was
// placed face down or returned.
func (s *state) dropAcq(p, k int) {
	h := s.slotHolder(k)
	s.acq[p] = slices.DeleteFunc(s.acq[p], func(x int) bool { return x == h })
}

// publicReasons are the earlier lines that make line impossible through
// the public structure of the round rather than through constraints: the
// lines that put on the return pile the cards it needs (a card named, a
// suit's family cards for a BLOCK, the identity cards for a right
// accusation), and the line that placed a face-down card it counts.
func (s *state) publicReasons(line string) []int {
	ws := words(table.StripComment(line))
	if len(ws) < 2 {
		return nil
	}
	p, err := s.findPlayer(ws[0])
	if err != nil {
		return nil
	}
	var out []int
	used := func(c Card) {
		if s.live[c] < 0 && s.usedLine[c] > 0 {
			out = append(out, s.usedLine[c])
		}
	}
	for _, w := range ws[2:] {
		if c, err := ParseCard(w.text); err == nil {
			used(c)
		}
	}
	switch strings.ToLower(ws[1].text) {
	case "block":
		for suit := range 4 {
			for _, c := range Family(suit) {
				if s.live[c] < 0 {
					used(c)
					break
				}
			}
		}
	case "accuses":
		if len(ws) > 3 && strings.EqualFold(ws[3].text, "right") {
			for _, c := range s.rules.IDCards() {
				used(c)
			}
		}
	}
	if k := s.downSlot[p]; k >= 0 && s.slots[k].downLine > 0 {
		if v := strings.ToLower(ws[1].text); v == "dead" || v == "lucky" || len(out) == 0 {
			out = append(out, s.slots[k].downLine)
		}
	}
	if len(out) == 0 {
		// Nothing public to blame: the hand line and every line of the
		// player's own that the structure rests on are unknown; name the
		// line that made the last change to the return pile or the piles.
		last := 0
		for _, l := range s.usedLine {
			last = max(last, l)
		}
		if last > 0 {
			out = append(out, last)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}
