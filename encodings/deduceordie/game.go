package deduceordie

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/encodings/threat"
	"github.com/gumshoe-dev/gumshoe/solver"
)

// Name is the game's name in a log header: "game dod".
const Name = "dod"

// HandSize is the number of cards each player is dealt with n players
// (3 to 6), or 0 for an unsupported count.
func HandSize(n int) int {
	switch n {
	case 3:
		return 8
	case 4:
		return 6
	case 5:
		return 5
	case 6:
		return 4
	}
	return 0
}

// HasExposed reports whether a game of n players has an exposed card: every
// count but 5 leaves one card over.
func HasExposed(n int) bool { return n != 5 }

// Names of the two non-player holders of the model.
const (
	EvidenceHolder = "evidence"
	ExposedHolder  = "exposed"
)

// Game is one seat's deduction sheet for a game of Deduce or Die, built
// line by line. The zero value is not usable; use [NewGame] or [Load].
type Game struct {
	lines   []string
	players []string
	seat    int // -1 until a seat line
	model   *solver.Model
	prob    *solver.Problem
	obsLine []int // observation id -> index in lines

	handKnown  []bool
	revealed   []bool
	eliminated []bool
	secretUsed []bool
	exposed    Card // -1 until recorded (and always -1 for 5 players)
	evidence   bool // an evidence line was recorded
	over       bool

	cnt *solver.CounterCache // shared by copies of the game

	// the last figures of Threats, for the problem and options they were
	// computed for
	threatFor *solver.Problem
	threatOpt ThreatOptions
	threatFig []threat.Figure
}

var _ table.Game = (*Game)(nil)

// NewGame is an empty game awaiting its setup lines: "players ..." first,
// then "seat", "hand", "exposed", "reveal" and the turns.
func NewGame() *Game { return &Game{seat: -1, exposed: -1, cnt: &solver.CounterCache{}} }

// Load reads a whole log of Deduce or Die (its header "game dod") and
// replays it; see [table.Replay] for the errors.
func Load(r io.Reader) (*Game, error) { return table.LoadAs[*Game](Definition, r) }

// Name is "dod".
func (g *Game) Name() string { return Name }

// lineNumber is the number of the line at index i of Lines (see the
// package table for the numbering).
func (g *Game) lineNumber(i int) int { return i + 1 }

// Lines are the accepted lines, in order: line n is Lines()[n-1].
func (g *Game) Lines() []string { return slices.Clone(g.lines) }

// Players are the player names in seating order.
func (g *Game) Players() []string { return slices.Clone(g.players) }

// Seat is the index of the seat's player, or -1 when no seat line was given.
func (g *Game) Seat() int { return g.seat }

// Problem is the solver problem built so far (nil before the players
// line); it must not be modified.
func (g *Game) Problem() *solver.Problem { return g.prob }

// Over reports whether a successful accusation ended the game.
func (g *Game) Over() bool { return g.over }

func (g *Game) evidenceH() solver.Holder { return solver.Holder(len(g.players)) }
func (g *Game) exposedH() solver.Holder  { return solver.Holder(len(g.players) + 1) }

var keywords = []string{"game", "players", "seat", "hand", "exposed", "reveal", "ask", "secret", "pass", "accuse", "evidence", "wrong", "right", "rank", "suit", "not"}

// Words are the card names, player and holder names, suit names and the
// keywords of the grammar.
func (g *Game) Words() []string {
	var w []string
	for c := range Card(NumCards) {
		w = append(w, CardName(c))
	}
	w = append(w, g.players...)
	w = append(w, keywords...)
	w = append(w, "spades", "hearts", "clubs", Name)
	return w
}

// Apply parses one line and adds it: a malformed line returns a
// *table.LineError, a line that contradicts earlier ones a
// *table.ConflictError; on any error nothing changes.
func (g *Game) Apply(line string) error {
	return table.CharColumns(g.applyLine(line), line)
}

// applyLine is Apply with the columns of its errors in bytes.
func (g *Game) applyLine(line string) error {
	if strings.ContainsAny(line, "\n\r") {
		return &table.LineError{Msg: "a line cannot contain a line break"}
	}
	if table.IsComment(line) {
		g.lines = append(g.lines, line)
		return nil
	}
	toks := tokenize(table.StripComment(line))
	if len(toks) == 0 {
		g.lines = append(g.lines, line)
		return nil
	}
	cons, commit, e := g.parse(toks, line)
	if e != nil {
		return &table.LineError{Col: e.Col, Msg: e.Msg, Want: e.Want}
	}
	if cons != nil {
		if err := g.add(strings.TrimSpace(table.StripComment(line)), cons); err != nil {
			return err
		}
	}
	g.lines = append(g.lines, line)
	if commit != nil {
		commit()
	}
	return nil
}

// add appends an observation after checking it keeps a world.
func (g *Game) add(label string, cons []solver.Constraint) error {
	p := g.prob.Clone()
	id, err := p.Add(solver.Observation{Label: label, Constraints: cons})
	if err != nil {
		return &table.LineError{Msg: err.Error()}
	}
	s := solver.NewSAT(p)
	ok, err := s.Consistent(context.Background())
	if err != nil {
		return &table.LineError{Msg: "cannot check consistency: " + err.Error()}
	}
	if !ok {
		ids, err := s.Conflict(context.Background())
		if err != nil {
			return &table.LineError{Msg: "cannot check consistency: " + err.Error()}
		}
		var nums []int
		for _, i := range ids {
			if i != id {
				nums = append(nums, g.lineNumber(g.obsLine[i]))
			}
		}
		ce := table.NewConflict(g.lines, nums)
		if len(nums) == 0 {
			ce.Rule = "no deal of the 27 Motive cards fits it: the rules fix each hand's size, the two Evidence cards and the exposed card"
		}
		return ce
	}
	g.prob = p
	g.obsLine = append(g.obsLine, len(g.lines))
	return nil
}

// parse reads one entry. It returns the constraints of its observation
// (nil for none) and the change of bookkeeping to make once it is accepted.
func (g *Game) parse(toks []token, line string) ([]solver.Constraint, func(), *lineErr) {
	kw := strings.ToLower(toks[0].s)
	switch kw {
	case "game":
		return nil, nil, &lineErr{toks[0].col, "the header game dod heads a log file and is not an entry", "an entry such as players, ask or accuse"}
	case "players":
		return g.parsePlayers(toks)
	}
	if g.players == nil {
		return nil, nil, &lineErr{toks[0].col, fmt.Sprintf("%q before the players line", toks[0].s), "players NAME NAME NAME ..."}
	}
	switch kw {
	case "seat":
		return g.parseSeat(toks)
	case "hand":
		return g.parseHand(toks)
	case "exposed":
		return g.parseExposed(toks)
	case "evidence":
		return g.parseEvidence(toks)
	case "reveal":
		return g.parseReveal(toks)
	case "ask":
		return g.parseAsk(toks)
	case "secret":
		return g.parseSecret(toks)
	case "pass":
		return g.parsePass(toks)
	case "accuse":
		return g.parseAccuse(toks)
	}
	return nil, nil, &lineErr{toks[0].col, fmt.Sprintf("unknown entry %q", toks[0].s), "one of seat, hand, exposed, reveal, ask, secret, pass, accuse, evidence"}
}

func noMore(toks []token, i int) *lineErr {
	if i < len(toks) {
		return &lineErr{toks[i].col, fmt.Sprintf("unexpected %q", toks[i].s), "end of line"}
	}
	return nil
}

func missing(toks []token, want string) *lineErr {
	return &lineErr{toks[len(toks)-1].end() + 2, "the line ends early", want}
}

// validName reports whether s can name a player: a name ([table.CheckName])
// that is not a card.
func validName(s string) bool {
	if table.CheckName(s) != nil {
		return false
	}
	_, isCard := rankOf(s[:len(s)-1])
	if _, isSuit := ParseSuit(s[len(s)-1:]); isCard && isSuit {
		return false
	}
	return true
}

func (g *Game) parsePlayers(toks []token) ([]solver.Constraint, func(), *lineErr) {
	if g.players != nil {
		return nil, nil, &lineErr{toks[0].col, "the players were already given", "one players line"}
	}
	names := toks[1:]
	if len(names) < 3 || len(names) > 6 {
		return nil, nil, &lineErr{toks[0].col, fmt.Sprintf("%d players; Deduce or Die is for 3 to 6", len(names)), "3 to 6 player names"}
	}
	var ps []string
	for _, t := range names {
		low := strings.ToLower(t.s)
		if !validName(t.s) || slices.Contains(keywords, low) || low == EvidenceHolder || low == ExposedHolder {
			return nil, nil, &lineErr{t.col, fmt.Sprintf("%q cannot be a player name", t.s), "a name of letters, digits, _ - ' or . that is neither a keyword nor a card"}
		}
		for _, q := range ps {
			if strings.EqualFold(q, t.s) {
				return nil, nil, &lineErr{t.col, fmt.Sprintf("player %q is named twice", t.s), "different names"}
			}
		}
		ps = append(ps, t.s)
	}
	n := len(ps)
	cards := make([]string, NumCards)
	for c := range cards {
		cards[c] = CardName(Card(c))
	}
	var hs []solver.HolderSpec
	for _, p := range ps {
		hs = append(hs, solver.HolderSpec{Name: p, Size: solver.Exactly(HandSize(n))})
	}
	hs = append(hs, solver.HolderSpec{Name: EvidenceHolder, Size: solver.Exactly(2)})
	if HasExposed(n) {
		hs = append(hs, solver.HolderSpec{Name: ExposedHolder, Size: solver.Exactly(1)})
	}
	m, err := solver.NewModel(cards, hs)
	if err != nil {
		return nil, nil, &lineErr{0, err.Error(), ""}
	}
	return nil, func() {
		g.players = ps
		g.model = m
		g.prob = solver.NewProblem(m)
		g.handKnown = make([]bool, n)
		g.revealed = make([]bool, n)
		g.eliminated = make([]bool, n)
		g.secretUsed = make([]bool, n)
	}, nil
}

// player reads a player name, ignoring case and accents
// ([table.FindName]).
func (g *Game) player(toks []token, i int, want string) (int, *lineErr) {
	if i >= len(toks) {
		return 0, missing(toks, want)
	}
	k, err := table.FindName(g.players, toks[i].s, false)
	if err != nil {
		return 0, &lineErr{toks[i].col, err.Error(), "one of " + strings.Join(g.players, ", ")}
	}
	if k >= 0 {
		return k, nil
	}
	return 0, &lineErr{toks[i].col, fmt.Sprintf("no player %q", toks[i].s), "one of " + strings.Join(g.players, ", ")}
}

func (g *Game) card(toks []token, i int) (Card, *lineErr) {
	if i >= len(toks) {
		return 0, missing(toks, "a card such as 7C")
	}
	c, e := parseCard(toks[i].s)
	if e != nil {
		return 0, e.at(toks[i].col)
	}
	return c, nil
}

func (g *Game) parseSeat(toks []token) ([]solver.Constraint, func(), *lineErr) {
	if g.seat >= 0 {
		return nil, nil, &lineErr{toks[0].col, "the seat was already given", "one seat line"}
	}
	p, e := g.player(toks, 1, "the seat's player name")
	if e != nil {
		return nil, nil, e
	}
	if e := noMore(toks, 2); e != nil {
		return nil, nil, e
	}
	return nil, func() { g.seat = p }, nil
}

// cardList reads distinct cards from toks[i:].
func (g *Game) cardList(toks []token, i int) ([]Card, *lineErr) {
	var cs []Card
	for ; i < len(toks); i++ {
		c, e := g.card(toks, i)
		if e != nil {
			return nil, e
		}
		if slices.Contains(cs, c) {
			return nil, &lineErr{toks[i].col, CardName(c) + " is listed twice", "different cards"}
		}
		cs = append(cs, c)
	}
	return cs, nil
}

func (g *Game) parseHand(toks []token) ([]solver.Constraint, func(), *lineErr) {
	p, e := g.player(toks, 1, "a player name")
	if e != nil {
		return nil, nil, e
	}
	if g.handKnown[p] {
		return nil, nil, &lineErr{toks[1].col, g.players[p] + "'s hand was already given", "one hand line a player"}
	}
	cs, e := g.cardList(toks, 2)
	if e != nil {
		return nil, nil, e
	}
	if k := HandSize(len(g.players)); len(cs) != k {
		col := toks[len(toks)-1].end() + 2
		if len(cs) > k {
			col = toks[2+k].col
		}
		return nil, nil, &lineErr{col, fmt.Sprintf("%s; a hand has %d with %d players", table.Counted(len(cs), "card"), k, len(g.players)), table.Counted(k, "card")}
	}
	var cons []solver.Constraint
	for _, c := range cs {
		cons = append(cons, solver.Holds(c, solver.Holder(p)))
	}
	return cons, func() { g.handKnown[p] = true }, nil
}

func (g *Game) parseExposed(toks []token) ([]solver.Constraint, func(), *lineErr) {
	if !HasExposed(len(g.players)) {
		return nil, nil, &lineErr{toks[0].col, "no card is exposed with 5 players", "no exposed line"}
	}
	if g.exposed >= 0 {
		return nil, nil, &lineErr{toks[0].col, "the exposed card was already given", "one exposed line"}
	}
	c, e := g.card(toks, 1)
	if e != nil {
		return nil, nil, e
	}
	if e := noMore(toks, 2); e != nil {
		return nil, nil, e
	}
	return []solver.Constraint{solver.Holds(c, g.exposedH())}, func() { g.exposed = c }, nil
}

// pair reads "AS+3H" (or "AS 3H" when loose is true) at toks[i].
func (g *Game) pair(toks []token, i int, loose bool) (Card, Card, int, *lineErr) {
	const want = "an Evidence pair such as AS+3H"
	if i >= len(toks) {
		return 0, 0, i, missing(toks, want)
	}
	t := toks[i]
	a, b, ok := strings.Cut(t.s, "+")
	if !ok {
		if !loose {
			return 0, 0, i, &lineErr{t.col, fmt.Sprintf("%q is not a pair", t.s), want}
		}
		ca, e := g.card(toks, i)
		if e != nil {
			return 0, 0, i, e
		}
		cb, e := g.card(toks, i+1)
		if e != nil {
			return 0, 0, i, e
		}
		if ca == cb {
			return 0, 0, i, &lineErr{toks[i+1].col, "the Evidence pair names one card twice", "two different cards"}
		}
		return ca, cb, i + 2, nil
	}
	ca, e := parseCard(a)
	if e != nil {
		return 0, 0, i, e.at(t.col)
	}
	cb, e := parseCard(b)
	if e != nil {
		return 0, 0, i, e.at(t.col + len(a) + 1)
	}
	if ca == cb {
		return 0, 0, i, &lineErr{t.col, "the Evidence pair names one card twice", "two different cards"}
	}
	return ca, cb, i + 1, nil
}

func (g *Game) parseEvidence(toks []token) ([]solver.Constraint, func(), *lineErr) {
	if g.evidence {
		return nil, nil, &lineErr{toks[0].col, "the Evidence was already given", "one evidence line"}
	}
	a, b, n, e := g.pair(toks, 1, true)
	if e != nil {
		return nil, nil, e
	}
	if e := noMore(toks, n); e != nil {
		return nil, nil, e
	}
	return []solver.Constraint{solver.Holds(a, g.evidenceH()), solver.Holds(b, g.evidenceH())}, func() { g.evidence = true }, nil
}

func (g *Game) parseReveal(toks []token) ([]solver.Constraint, func(), *lineErr) {
	p, e := g.player(toks, 1, "a player name")
	if e != nil {
		return nil, nil, e
	}
	if g.revealed[p] {
		return nil, nil, &lineErr{toks[1].col, g.players[p] + " already revealed a suit", "one reveal line a player"}
	}
	if len(toks) < 3 {
		return nil, nil, missing(toks, "a suit: spades, hearts or clubs")
	}
	s, ok := ParseSuit(toks[2].s)
	if !ok {
		return nil, nil, &lineErr{toks[2].col, fmt.Sprintf("%q is not a suit of the Motive deck", toks[2].s), "a suit: spades, hearts or clubs"}
	}
	if e := noMore(toks, 3); e != nil {
		return nil, nil, e
	}
	return Reveal(solver.Holder(p), s), func() { g.revealed[p] = true }, nil
}

// Reveal is the constraints of "player h has no fewer cards of suit s
// than of any other suit": for each other suit t, count(s) - count(t) <= 0.
func Reveal(h solver.Holder, s Suit) []solver.Constraint {
	var cons []solver.Constraint
	for t := Spades; t <= Clubs; t++ {
		if t == s {
			continue
		}
		var terms []solver.Term
		for k := 1; k <= 9; k++ {
			terms = append(terms, solver.Term{Coef: 1, Lit: solver.Lit{Card: MakeCard(k, s), Holder: h}})
			terms = append(terms, solver.Term{Coef: -1, Lit: solver.Lit{Card: MakeCard(k, t), Holder: h}})
		}
		cons = append(cons, solver.Constraint{Terms: terms, Op: solver.Le, Bound: 0})
	}
	return cons
}

// active checks that player p may still take turns.
func (g *Game) active(toks []token, i, p int) *lineErr {
	if g.over {
		return &lineErr{toks[0].col, "the game is over: an accusation succeeded", "no more turns"}
	}
	if g.eliminated[p] {
		return &lineErr{toks[i].col, g.players[p] + " made a wrong accusation and takes no more turns", "a player still in the game"}
	}
	return nil
}

// answer reads "= K" at toks[i], for a range of size cards: K is at most
// the hand size and the range's size.
func (g *Game) answer(toks []token, i, size int) (int, *lineErr) {
	const want = "= and the answer, such as = 2"
	if i >= len(toks) {
		return 0, missing(toks, want)
	}
	if toks[i].s != "=" {
		return 0, &lineErr{toks[i].col, fmt.Sprintf("unexpected %q", toks[i].s), want}
	}
	if i+1 >= len(toks) {
		return 0, missing(toks, "the answer, a number")
	}
	k, err := strconv.Atoi(toks[i+1].s)
	most := min(HandSize(len(g.players)), size)
	if err != nil || k < 0 || k > most {
		return 0, &lineErr{toks[i+1].col, fmt.Sprintf("%q is not an answer", toks[i+1].s), fmt.Sprintf("a number from 0 to %d", most)}
	}
	if e := noMore(toks, i+2); e != nil {
		return 0, e
	}
	return k, nil
}

// question reads "A B RANGE = K" from toks[1:].
func (g *Game) question(toks []token) (a, b int, r Range, k int, e *lineErr) {
	if a, e = g.player(toks, 1, "the asker's name"); e != nil {
		return
	}
	if e = g.active(toks, 1, a); e != nil {
		return
	}
	if b, e = g.player(toks, 2, "the answerer's name"); e != nil {
		return
	}
	if a == b {
		e = &lineErr{toks[2].col, "a player cannot question themself", "an opponent's name"}
		return
	}
	var n int
	if r, n, e = parseRange(toks, 3); e != nil {
		return
	}
	k, e = g.answer(toks, n, len(r.Cards()))
	return
}

func rangeCount(r Range, p int, k int) solver.Constraint {
	var lits []solver.Lit
	for _, c := range r.Cards() {
		lits = append(lits, solver.Lit{Card: c, Holder: solver.Holder(p)})
	}
	return solver.CountOf(lits, solver.Eq, k)
}

func (g *Game) parseAsk(toks []token) ([]solver.Constraint, func(), *lineErr) {
	_, b, r, k, e := g.question(toks)
	if e != nil {
		return nil, nil, e
	}
	return []solver.Constraint{rangeCount(r, b, k)}, nil, nil
}

func (g *Game) parseSecret(toks []token) ([]solver.Constraint, func(), *lineErr) {
	a, e := g.player(toks, 1, "the asker's name")
	if e != nil {
		return nil, nil, e
	}
	if e := g.active(toks, 1, a); e != nil {
		return nil, nil, e
	}
	if g.secretUsed[a] {
		return nil, nil, &lineErr{toks[1].col, g.players[a] + " already made their Secret Interrogation", "one secret line a player"}
	}
	commit := func() { g.secretUsed[a] = true }
	b, e := g.player(toks, 2, "the answerer's name")
	if e != nil {
		return nil, nil, e
	}
	if a == b {
		return nil, nil, &lineErr{toks[2].col, "a player cannot question themself", "an opponent's name"}
	}
	if len(toks) == 3 {
		return nil, commit, nil
	}
	if g.seat >= 0 && g.seat != a && g.seat != b {
		return nil, nil, &lineErr{toks[3].col, "only the asker and the answerer learn a Secret Interrogation", "end of line: secret " + toks[1].s + " " + toks[2].s}
	}
	_, _, r, k, e := g.question(toks)
	if e != nil {
		return nil, nil, e
	}
	return []solver.Constraint{rangeCount(r, b, k)}, commit, nil
}

func (g *Game) parsePass(toks []token) ([]solver.Constraint, func(), *lineErr) {
	p, e := g.player(toks, 1, "a player name")
	if e != nil {
		return nil, nil, e
	}
	if e := g.active(toks, 1, p); e != nil {
		return nil, nil, e
	}
	if e := noMore(toks, 2); e != nil {
		return nil, nil, e
	}
	return nil, nil, nil
}

func (g *Game) parseAccuse(toks []token) ([]solver.Constraint, func(), *lineErr) {
	a, e := g.player(toks, 1, "the accuser's name")
	if e != nil {
		return nil, nil, e
	}
	if e := g.active(toks, 1, a); e != nil {
		return nil, nil, e
	}
	d, e := g.player(toks, 2, "the accused player's name")
	if e != nil {
		return nil, nil, e
	}
	if a == d {
		return nil, nil, &lineErr{toks[2].col, "a player cannot accuse themself", "another player's name"}
	}
	x, y, n, e := g.pair(toks, 3, false)
	if e != nil {
		return nil, nil, e
	}
	if n >= len(toks) {
		return nil, nil, missing(toks, "wrong or right")
	}
	right := false
	switch strings.ToLower(toks[n].s) {
	case "wrong":
	case "right":
		right = true
	default:
		return nil, nil, &lineErr{toks[n].col, fmt.Sprintf("%q is neither wrong nor right", toks[n].s), "wrong or right"}
	}
	if e := noMore(toks, n+1); e != nil {
		return nil, nil, e
	}
	if HasExposed(len(g.players)) && g.exposed < 0 {
		return nil, nil, &lineErr{toks[0].col, "an accusation needs the exposed card, which is not recorded yet", "an exposed line before the first accusation"}
	}
	if right {
		return AccusationRight(x, y, g.exposed, solver.Holder(a), solver.Holder(d), g.evidenceH()), func() { g.over = true }, nil
	}
	return AccusationWrong(x, y, g.exposed, solver.Holder(a), solver.Holder(d), g.evidenceH()), func() { g.eliminated[a] = true }, nil
}

// accuserChain is the chain of an accusation with pair x, y: the cards
// from the Murder card upwards in its suit, without the pair and the
// exposed card. The accuser's target is the first of them not in the
// accuser's hand.
func accuserChain(x, y, exposed Card) []Card {
	return chain(nil, MurderCard(x, y), func(c Card) bool { return c == x || c == y || c == exposed })
}

// AccusationWrong is the constraints of "accuser a, naming the Evidence
// pair x, y, accused d wrongly", with evidence the Evidence holder and
// exposed the exposed card (-1 for none): pure clauses, one for each
// possible target c_j of the chain c_1, c_2, ... (see accuserChain):
// not (x, y Evidence and c_1..c_{j-1} with a and c_j with d). When every
// chain card is with a, no target exists and the accusation fails anyway.
func AccusationWrong(x, y, exposed Card, a, d, evidence solver.Holder) []solver.Constraint {
	ch := accuserChain(x, y, exposed)
	base := []solver.Lit{{Card: x, Holder: evidence}, {Card: y, Holder: evidence}}
	var cons []solver.Constraint
	for j, c := range ch {
		neg := slices.Clone(base)
		for _, p := range ch[:j] {
			neg = append(neg, solver.Lit{Card: p, Holder: a})
		}
		neg = append(neg, solver.Lit{Card: c, Holder: d})
		cons = append(cons, solver.Clause(nil, neg))
	}
	return cons
}

// AccusationRight is the constraints of a successful accusation: x and y
// are the Evidence, the chain does not run out in a's hand, and the first
// chain card not with a is with d.
func AccusationRight(x, y, exposed Card, a, d, evidence solver.Holder) []solver.Constraint {
	ch := accuserChain(x, y, exposed)
	cons := []solver.Constraint{solver.Holds(x, evidence), solver.Holds(y, evidence)}
	var all []solver.Lit
	for j, c := range ch {
		var neg []solver.Lit
		for _, p := range ch[:j] {
			neg = append(neg, solver.Lit{Card: p, Holder: a})
		}
		pos := []solver.Lit{{Card: c, Holder: a}, {Card: c, Holder: d}}
		cons = append(cons, solver.Clause(pos, neg))
		all = append(all, solver.Lit{Card: c, Holder: a})
	}
	cons = append(cons, solver.Clause(nil, all))
	return cons
}

// Ready reports whether the lines make a game that can be reported on:
// the players given ([table.Ready]).
func (g *Game) Ready() error {
	if g.model == nil {
		return errNoPlayers
	}
	return nil
}
