package clue

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/solver"
)

// Names of the two holders that are not players.
const (
	Envelope = "envelope" // the confidential envelope: one item of each category
	FaceUp   = "faceup"   // the spare cards dealt face up
)

// Game is the deduction sheet of one Clue game seen from one seat, built
// line by line from the game's text grammar (docs/encodings/clue.md). The
// zero value is not usable; start with [NewGame] or [Load].
type Game struct {
	lines []string

	deck     *Deck
	deckLine int // index in lines of the line that fixed the deck, -1 before
	players  []string
	sizes    map[string]solver.Size // per-player overrides of the deal
	deal     DealStyle              // the deal line's style, when dealSet
	dealSet  bool
	seat     string

	// Set once the setup closes, at the first observation line.
	model   *solver.Model
	prob    *solver.Problem
	obsLine []int // observation id -> index in lines

	shown   map[string]map[solver.Card]bool // asker -> my cards I showed them
	out     map[string]bool                 // players out after a wrong accusation
	history []Question                      // every question line, in order

	whyCache map[solver.Fact][]int // explanations found so far (observation ids)
	counts   *solver.CounterCache  // the counting engine, kept while the constraints count the same worlds
}

// Question is one question of the game as logged: who asked which cards,
// who passed, who showed (-1 when nobody could help) and the card shown
// when the seat saw it (-1 otherwise).
type Question struct {
	Asker  int
	Cards  []solver.Card
	Passed []int
	Shower int
	Shown  solver.Card
}

// NewGame returns an empty game awaiting its setup lines.
func NewGame() *Game {
	return &Game{deckLine: -1, sizes: map[string]solver.Size{}, shown: map[string]map[solver.Card]bool{}, out: map[string]bool{}, counts: &solver.CounterCache{}}
}

// Load reads a whole log of Clue (its header "game clue") and replays it;
// see [table.Replay] for the errors.
func Load(r io.Reader) (*Game, error) { return table.LoadAs[*Game](Definition, r) }

// Name is "clue".
func (g *Game) Name() string { return "clue" }

// Lines are the accepted lines, in order.
func (g *Game) Lines() []string { return g.lines }

// Deck is the game's deck, nil before a preset or category line.
func (g *Game) Deck() *Deck { return g.deck }

// Players are the players in seating order: each asks the next one first.
func (g *Game) Players() []string { return g.players }

// Seat is the player whose sheet this is ("" when no seat line was given).
func (g *Game) Seat() string { return g.seat }

// History is every question logged so far.
func (g *Game) History() []Question { return g.history }

// Problem is the solver problem of the game: its model (cards, players in
// seating order, then the envelope, then the face-up pile when there are
// spare cards) and one observation per accepted line (plus the deck rule
// that the envelope holds one item of each category). It is built from the
// setup when first needed; it returns an error while the setup is
// incomplete.
func (g *Game) Problem() (*solver.Problem, error) {
	if g.prob != nil {
		return g.prob, nil
	}
	return g.build()
}

// keywords are the words of the grammar, for completion.
var keywords = []string{"preset", "category", "alias", "questions", "players", "seat", "size", "deal",
	"hand", "faceup", "asks", "shows", "passes", "nobody", "accuses", "wrong", "right", "has", "lacks", "not", Envelope}

// reserved are the words that cannot name a player: the keywords and the
// other spellings the grammar accepts.
var reserved = append(slices.Clone(keywords), "game", "holds", "suggests", "none", "noone", "pass", "show", "showed", "correct")

// Words are card names, player names and keywords.
func (g *Game) Words() []string {
	var out []string
	if g.deck != nil {
		out = append(out, g.deck.Cards()...)
	}
	out = append(out, g.players...)
	out = append(out, keywords...)
	out = append(out, Presets...)
	return out
}

// Apply parses one line and adds it. Blank lines and comments are kept. A
// malformed line is refused with a *table.LineError and a line that
// contradicts earlier ones with a *table.ConflictError; either way nothing
// changes.
func (g *Game) Apply(line string) error {
	return table.CharColumns(g.applyLine(line), line)
}

// applyLine is Apply with the columns of its errors in bytes.
func (g *Game) applyLine(line string) error {
	if table.IsComment(line) {
		g.lines = append(g.lines, line)
		return nil
	}
	toks := lex(table.StripComment(line))
	head := toks[0]
	switch {
	case head.is(setupWords...):
		if g.model != nil {
			return lineErr(head.col, "the setup is closed once observations have begun", "an observation")
		}
		if err := g.applySetup(toks); err != nil {
			return err
		}
		g.lines = append(g.lines, line)
		return nil
	case head.is("game"):
		return lineErr(head.col, "the header game clue heads a log file and is not an entry", "a setup line or an observation")
	}
	return g.applyObservation(line, toks)
}

func (g *Game) applySetup(toks []token) error {
	head := toks[0]
	args := toks[1:]
	end := head.col + len(head.text)
	switch {
	case head.is("preset"):
		if len(args) != 1 {
			return lineErr(end, "preset takes one name", strings.Join(Presets, ", "))
		}
		if g.deck != nil {
			return lineErr(head.col, "the deck is already set", "one preset or one set of category lines")
		}
		d, err := PresetDeck(args[0].text)
		if err != nil {
			return lineErr(args[0].col, err.Error(), strings.Join(Presets, ", "))
		}
		if g.players != nil {
			if err := d.checkPlayers(len(g.players)); err != nil {
				return lineErr(args[0].col, err.Error(), "a deck for "+strconv.Itoa(len(g.players))+" players, or a custom deck")
			}
			for _, p := range g.players {
				if d.named(p) {
					return lineErr(args[0].col, "player "+p+" has the name of a card of the "+d.Name+" deck", "player names that are not card names")
				}
			}
		}
		if err := g.checkDeal(d, g.players, g.sizes, g.dealStyleFor(d)); err != nil {
			return lineErr(args[0].col, err.Error(), "size lines that fit the deck")
		}
		g.deck = d
		g.deckLine = len(g.lines)
	case head.is("category"):
		if len(args) < 2 {
			return lineErr(end, "a category needs a name and at least one item", "category NAME ITEM...")
		}
		if g.deck != nil && g.deck.Name != "custom" {
			return lineErr(head.col, "the deck is already a preset", "no category line after a preset")
		}
		d := &Deck{Name: "custom", Aliases: map[string]string{}}
		if g.deck != nil {
			d = cloneDeck(g.deck)
		}
		cat := Category{Name: args[0].text}
		for _, c := range d.Categories {
			if strings.EqualFold(c.Name, cat.Name) {
				return lineErr(args[0].col, "category "+cat.Name+" is already defined", "a new category name")
			}
		}
		for _, t := range args[1:] {
			if err := checkName(t); err != nil {
				return err
			}
			if err := notReserved(t, "an item"); err != nil {
				return err
			}
			if slices.ContainsFunc(g.players, func(p string) bool { return strings.EqualFold(p, t.text) }) {
				return lineErr(t.col, "item "+t.text+" has the name of a player", "an item name that is not a player's")
			}
			cat.Items = append(cat.Items, t.text)
		}
		d.Categories = append(d.Categories, cat)
		if err := d.validate(); err != nil {
			return lineErr(args[1].col, err.Error(), "distinct item names")
		}
		if g.deck == nil {
			g.deckLine = len(g.lines)
		}
		g.deck = d
	case head.is("alias"):
		if g.deck == nil {
			return lineErr(head.col, "no deck yet", "a preset or category line first")
		}
		if len(args) != 2 {
			return lineErr(end, "alias takes an alias and an item", "alias ALIAS ITEM")
		}
		i, err := g.deck.Lookup(args[1].text)
		if err != nil {
			return lineErr(args[1].col, err.Error(), "an item of the deck")
		}
		if _, err := g.deck.Lookup(args[0].text); err == nil && !strings.EqualFold(g.deck.Cards()[i], args[0].text) {
			if j, _ := g.deck.Lookup(args[0].text); j != i {
				return lineErr(args[0].col, "alias "+args[0].text+" already names a card", "a new alias")
			}
		}
		if err := notReserved(args[0], "an alias"); err != nil {
			return err
		}
		if slices.ContainsFunc(g.players, func(p string) bool { return strings.EqualFold(p, args[0].text) }) {
			return lineErr(args[0].col, "alias "+args[0].text+" is the name of a player", "an alias that is not a player's name")
		}
		d := cloneDeck(g.deck)
		d.Aliases[strings.ToLower(args[0].text)] = d.Cards()[i]
		g.deck = d
	case head.is("questions"):
		if len(args) != 1 {
			return lineErr(end, "questions takes one style", "cluedo or cardgame")
		}
		if g.deck == nil {
			return lineErr(head.col, "no deck yet", "a preset or category line first")
		}
		d := cloneDeck(g.deck)
		switch {
		case args[0].is("cluedo", "one-per-category", "3"):
			d.Style = OnePerCategory
		case args[0].is("cardgame", "any-two", "2"):
			d.Style = AnyTwo
		default:
			return lineErr(args[0].col, "no question style "+args[0].text, "cluedo or cardgame")
		}
		g.deck = d
	case head.is("players"):
		if g.players != nil {
			return lineErr(head.col, "the players are already set", "one players line")
		}
		if len(args) < 2 {
			return lineErr(end, "a game needs at least two players", "players NAME NAME...")
		}
		var names []string
		for _, t := range args {
			if err := g.checkPlayerName(t); err != nil {
				return err
			}
			if slices.ContainsFunc(names, func(n string) bool { return strings.EqualFold(n, t.text) }) {
				return lineErr(t.col, "player "+t.text+" is listed twice", "distinct player names")
			}
			names = append(names, t.text)
		}
		if g.deck != nil {
			if err := g.deck.checkPlayers(len(names)); err != nil {
				last := args[len(args)-1]
				col := last.col + len(last.text)
				if g.deck.MaxPlayers > 0 && len(names) > g.deck.MaxPlayers {
					col = args[g.deck.MaxPlayers].col
				}
				return lineErr(col, err.Error(), g.deck.playerRangeText()+", or a custom deck")
			}
		}
		g.players = names
	case head.is("seat"):
		if len(args) != 1 {
			return lineErr(end, "seat takes one player", "seat NAME")
		}
		p, err := g.player(args[0])
		if err != nil {
			return err
		}
		g.seat = g.players[p]
	case head.is("size"):
		if len(args) != 2 {
			return lineErr(end, "size takes a player and a hand size", "size NAME N, size NAME LO-HI or size NAME ?")
		}
		p, err := g.player(args[0])
		if err != nil {
			return err
		}
		s, err := parseSize(args[1])
		if err != nil {
			return err
		}
		sizes := maps.Clone(g.sizes)
		sizes[g.players[p]] = s
		if g.deck != nil && g.deck.Name != "custom" {
			if err := g.checkDeal(g.deck, g.players, sizes, g.dealStyle()); err != nil {
				return lineErr(args[1].col, err.Error(), "a size that fits the deck")
			}
		}
		g.sizes = sizes
	case head.is("deal"):
		if len(args) != 1 {
			return lineErr(end, "deal takes one style", "deal all or deal faceup")
		}
		if g.dealSet {
			return lineErr(head.col, "the deal is already set", "one deal line")
		}
		var style DealStyle
		switch {
		case args[0].is("all"):
			style = DealAll
		case args[0].is("faceup", "face-up", "even"):
			style = FaceUpSpares
		default:
			return lineErr(args[0].col, "no deal style "+args[0].text, "all (every card dealt) or faceup (equal hands, spare cards face up)")
		}
		if g.deck != nil && g.deck.Name != "custom" {
			if err := g.checkDeal(g.deck, g.players, g.sizes, style); err != nil {
				return lineErr(args[0].col, err.Error(), "size lines that fit this deal")
			}
		}
		g.deal, g.dealSet = style, true
	}
	return nil
}

// dealStyle is the game's deal: the deal line's, else the deck's rule.
func (g *Game) dealStyle() DealStyle { return g.dealStyleFor(g.deck) }

// dealStyleFor is the deal with deck d: the deal line's, else d's rule.
func (g *Game) dealStyleFor(d *Deck) DealStyle {
	if g.dealSet || d == nil {
		return g.deal
	}
	return d.Deal
}

// checkDeal says why the players and sizes cannot be dealt from deck d in
// that style, or nil; it is nil while the deck or the players are unknown.
func (g *Game) checkDeal(d *Deck, players []string, sizes map[string]solver.Size, style DealStyle) error {
	if d == nil || len(players) < 2 {
		return nil
	}
	_, _, _, err := handSizes(d, players, sizes, style)
	return err
}

// handSizes are the hand sizes of the players in seating order and the
// size of the face-up pile (face is false when the deal has none), for deck
// d dealt in style with the given size lines.
//
// FaceUpSpares: a player without a size line holds the even share, the
// cards dealt divided by the number of players, rounded down; the face-up
// pile holds what the hands leave. DealAll: there is no face-up pile; the
// players without a size line share what the size lines leave, as evenly
// as possible, the first of them in seating order one card more (when the
// size lines leave a range of cards, each holds from the lowest to the
// highest even share of it).
func handSizes(d *Deck, players []string, sizes map[string]solver.Size, style DealStyle) (hands []solver.Size, pile solver.Size, face bool, err error) {
	deal := d.NumCards() - len(d.Categories)
	if deal < 0 {
		return nil, pile, false, fmt.Errorf("the deck is too small")
	}
	n := len(players)
	hands = make([]solver.Size, n)
	var unsized []int
	lo, hi := 0, 0 // the least and the most cards the hands take
	for i, p := range players {
		s, ok := sizes[p]
		if !ok {
			unsized = append(unsized, i)
			continue
		}
		if s.Min > deal {
			return nil, pile, false, fmt.Errorf("%s cannot hold %d cards: the %s deck deals %d", p, s.Min, d.Name, deal)
		}
		s.Max = min(s.Max, deal)
		hands[i] = s
		lo += s.Min
		hi += s.Max
	}
	if style == FaceUpSpares {
		share := deal / n
		for _, i := range unsized {
			hands[i] = solver.Exactly(share)
			lo += share
			hi += share
		}
		if lo > deal {
			return nil, pile, false, fmt.Errorf("the hand sizes add up to more than the %d cards dealt (%s)", deal, atLeast(lo, hi))
		}
		if deal-lo > 0 {
			return hands, solver.Between(max(deal-hi, 0), deal-lo), true, nil
		}
		return hands, pile, false, nil
	}
	if lo > deal {
		return nil, pile, false, fmt.Errorf("the hand sizes add up to more than the %d cards dealt (%s)", deal, atLeast(lo, hi))
	}
	k := len(unsized)
	if k == 0 {
		if hi < deal {
			return nil, pile, false, fmt.Errorf("the hand sizes add up to fewer than the %d cards dealt (%s), and every card is dealt", deal, atMost(lo, hi))
		}
		return hands, pile, false, nil
	}
	rlo, rhi := max(deal-hi, 0), deal-lo
	for j, i := range unsized {
		if rlo == rhi {
			s := rlo / k
			if j < rlo%k {
				s++
			}
			hands[i] = solver.Exactly(s)
		} else {
			hands[i] = solver.Between(rlo/k, (rhi+k-1)/k)
		}
	}
	return hands, pile, false, nil
}

// atLeast is "N" when lo == hi, else "at least N".
func atLeast(lo, hi int) string {
	if lo == hi {
		return strconv.Itoa(lo)
	}
	return "at least " + strconv.Itoa(lo)
}

// atMost is "N" when lo == hi, else "at most N".
func atMost(lo, hi int) string {
	if lo == hi {
		return strconv.Itoa(hi)
	}
	return "at most " + strconv.Itoa(hi)
}

func cloneDeck(d *Deck) *Deck {
	c := *d
	c.Categories = slices.Clone(d.Categories)
	for i := range c.Categories {
		c.Categories[i].Items = slices.Clone(c.Categories[i].Items)
	}
	c.Aliases = map[string]string{}
	for k, v := range d.Aliases {
		c.Aliases[k] = v
	}
	return &c
}

// checkName checks the name of an item or category.
func checkName(t token) error {
	if strings.ContainsAny(t.text, ":#") || t.text == "" {
		return lineErr(t.col, "a name cannot contain ':' or '#'", "a plain name")
	}
	return nil
}

// checkPlayerName checks a player's name: a name ([table.CheckName]) that
// is not a word of the grammar and not the name or alias of a card.
func (g *Game) checkPlayerName(t token) error {
	var ne *table.NameError
	if err := table.CheckName(t.text); errors.As(err, &ne) {
		return lineErr(t.col+ne.At, ne.Msg, "a player name: letters, digits and _ - ' .")
	}
	if slices.ContainsFunc(reserved, func(k string) bool { return t.is(k) }) || t.is(FaceUp) {
		return lineErr(t.col, t.text+" is a word of the grammar", "a player name")
	}
	if g.deck != nil && g.deck.named(t.text) {
		return lineErr(t.col, t.text+" is a card of the "+g.deck.Name+" deck", "a player name that is not a card name")
	}
	return nil
}

func parseSize(t token) (solver.Size, error) {
	want := "a hand size: N, LO-HI or ?"
	if t.text == "?" {
		return solver.Size{Min: 0, Max: 1 << 10}, nil
	}
	lo, hi, ranged := strings.Cut(t.text, "-")
	a, err := strconv.Atoi(lo)
	if err != nil || a < 0 || a > 1<<10 {
		return solver.Size{}, lineErr(t.col, "bad hand size "+t.text, want)
	}
	if !ranged {
		return solver.Exactly(a), nil
	}
	b, err := strconv.Atoi(hi)
	if err != nil || b < a || b > 1<<10 {
		return solver.Size{}, lineErr(t.col, "bad hand size "+t.text, want)
	}
	return solver.Between(a, b), nil
}

// player finds a player by name, ignoring case and accents
// ([table.FindName]).
func (g *Game) player(t token) (int, error) {
	if g.players == nil {
		return -1, lineErr(t.col, "no players yet", "a players line first")
	}
	i, err := table.FindName(g.players, t.text, false)
	switch {
	case err != nil:
		return -1, lineErr(t.col, err.Error(), "one of "+strings.Join(g.players, ", "))
	case i < 0:
		return -1, lineErr(t.col, "no player "+t.text, "one of "+strings.Join(g.players, ", "))
	}
	return i, nil
}

// holder finds a player, the envelope or the face-up pile by name.
func (g *Game) holder(m *solver.Model, t token) (solver.Holder, error) {
	if t.is(Envelope) {
		h, _ := m.HolderByName(Envelope)
		return h, nil
	}
	if t.is(FaceUp) {
		if h, ok := m.HolderByName(FaceUp); ok {
			return h, nil
		}
		if g.dealStyle() == DealAll {
			return -1, lineErr(t.col, "this deal has no face-up cards: every card is dealt", `a player or the envelope ("deal faceup" in the setup puts the spare cards face up)`)
		}
		return -1, lineErr(t.col, "this deal has no face-up cards: the cards share evenly", "a player or the envelope")
	}
	p, err := g.player(t)
	if err != nil {
		err.(*table.LineError).Want = "a player, envelope or faceup"
		return -1, err
	}
	return solver.Holder(p), nil
}

// card finds a card by a tolerant name.
func (g *Game) card(t token) (solver.Card, error) {
	i, err := g.deck.Lookup(t.text)
	if err != nil {
		return -1, lineErr(t.col, err.Error(), "an item of the "+g.deck.Name+" deck")
	}
	return solver.Card(i), nil
}

// build makes the model and the problem of the setup so far, with the deck
// rule as observation 0.
func (g *Game) build() (*solver.Problem, error) {
	if g.deck == nil {
		return nil, lineErr(0, "no deck yet", "a preset or category lines before observations")
	}
	if len(g.players) < 2 {
		return nil, lineErr(0, "no players yet", "a players line before observations")
	}
	d := g.deck
	if err := d.checkPlayers(len(g.players)); err != nil {
		return nil, lineErr(0, err.Error(), "a players line that fits the deck")
	}
	cats := len(d.Categories)
	hands, pile, face, err := handSizes(d, g.players, g.sizes, g.dealStyle())
	if err != nil {
		return nil, lineErr(0, err.Error(), "size lines that fit the deck")
	}
	holders := make([]solver.HolderSpec, 0, len(g.players)+2)
	for i, p := range g.players {
		holders = append(holders, solver.HolderSpec{Name: p, Size: hands[i]})
	}
	holders = append(holders, solver.HolderSpec{Name: Envelope, Size: solver.Exactly(cats)})
	if face {
		holders = append(holders, solver.HolderSpec{Name: FaceUp, Size: pile})
	}
	m, err := solver.NewModel(d.Cards(), holders)
	if err != nil {
		return nil, lineErr(0, err.Error(), "hand sizes that add up to the deck")
	}
	p := solver.NewProblem(m)
	env := solver.Holder(len(g.players))
	rule := solver.Observation{Label: "deck: the envelope holds one item of each category"}
	c := 0
	for _, cat := range d.Categories {
		lits := make([]solver.Lit, len(cat.Items))
		for i := range cat.Items {
			lits[i] = solver.Lit{Card: solver.Card(c), Holder: env}
			c++
		}
		rule.Constraints = append(rule.Constraints, solver.CountOf(lits, solver.Eq, 1))
	}
	if _, err := p.Add(rule); err != nil {
		return nil, err
	}
	return p, nil
}

// envelope is the envelope's holder index.
func (g *Game) envelope() solver.Holder { return solver.Holder(len(g.players)) }

// seatIndex is the seat's player index, -1 when no seat is set.
func (g *Game) seatIndex() int { return slices.Index(g.players, g.seat) }

// pending is what an observation line will change once accepted.
type pending struct {
	obs      solver.Observation
	question *Question
	shownTo  string // the asker I showed card to
	shown    solver.Card
	out      string // a player out after a wrong accusation
}

func (g *Game) applyObservation(line string, toks []token) error {
	prob := g.prob
	obsLine := g.obsLine
	fresh := prob == nil
	if fresh {
		p, err := g.build()
		if le, ok := err.(*table.LineError); ok && le.Col == 0 {
			// The setup is incomplete or does not fit: the error is
			// found at this line, the first observation.
			le.Col = toks[0].col
		}
		if err != nil {
			return err
		}
		prob = p
		obsLine = []int{g.deckLine}
		// The deck rule can only conflict with the sizes; check it alone.
		if ok, err := solver.NewSAT(prob).Consistent(context.Background()); err != nil {
			return err
		} else if !ok {
			return lineErr(toks[0].col, "the hand sizes cannot be dealt with one item of each category in the envelope", "other sizes")
		}
	}
	pd, err := g.parseObservation(prob.Model(), toks)
	if err != nil {
		return err
	}
	pd.obs.Label = strings.TrimSpace(line)
	next := prob.Clone()
	id, err := next.Add(pd.obs)
	if err != nil {
		return lineErr(toks[0].col, err.Error(), "")
	}
	sat := solver.NewSAT(next)
	ok, err := sat.Consistent(context.Background())
	if err != nil {
		return err
	}
	if !ok {
		ids, err := sat.Conflict(context.Background())
		if err != nil {
			return err
		}
		earlier := slices.DeleteFunc(ids, func(i int) bool { return i == id })
		nums := lineNumbers(obsLine, earlier)
		ce := table.NewConflict(g.lines, nums)
		if len(nums) == 0 {
			ce.Rule = g.ruleBroken(toks)
		}
		return ce
	}
	if fresh {
		g.model = prob.Model()
	}
	g.prob = next
	g.obsLine = append(obsLine, len(g.lines))
	g.lines = append(g.lines, line)
	if pd.question != nil {
		g.history = append(g.history, *pd.question)
	}
	if pd.shownTo != "" {
		if g.shown[pd.shownTo] == nil {
			g.shown[pd.shownTo] = map[solver.Card]bool{}
		}
		g.shown[pd.shownTo][pd.shown] = true
	}
	if pd.out != "" {
		g.out[pd.out] = true
	}
	return nil
}

func (g *Game) parseObservation(m *solver.Model, toks []token) (*pending, error) {
	head := toks[0]
	switch {
	case head.is("hand"):
		// A hand line is the seat's own hand; what is seen of another
		// player's hand is a has line.
		args := toks[1:]
		seat := g.seatIndex()
		if len(args) > 0 {
			if p, err := g.player(args[0]); err == nil {
				name := g.players[p]
				if seat < 0 {
					return nil, lineErr(args[0].col, "a hand line is the seat's own hand, and there is no seat line yet", fmt.Sprintf(`"seat %s" in the setup, or "%s has ITEM..." for cards seen`, name, name))
				}
				if p != seat {
					return nil, lineErr(args[0].col, fmt.Sprintf("%s is not the seat: a hand line is %s's own hand", name, g.seat), fmt.Sprintf(`"%s has ITEM..." for cards seen in %s's hand`, name, name))
				}
				args = args[1:]
			}
		}
		if seat < 0 {
			return nil, lineErr(head.col, "whose hand? no seat line yet", `"seat NAME" in the setup first`)
		}
		return g.holdsAll(m, solver.Holder(seat), args, head, true)
	case head.is("faceup") && !(len(toks) > 1 && toks[1].is("has", "holds", "lacks")):
		h, err := g.holder(m, token{FaceUp, head.col})
		if err != nil {
			return nil, err
		}
		return g.holdsAll(m, h, toks[1:], head, true)
	}
	if _, err := g.player(head); err != nil && !head.is(Envelope, FaceUp) {
		if len(toks) > 1 && toks[1].is("has", "holds", "lacks", "asks", "suggests", "accuses") {
			return nil, err
		}
		return nil, lineErr(head.col, "unknown line "+head.text, "a keyword (hand, faceup) or a player name")
	}
	if len(toks) < 2 {
		return nil, lineErr(head.col+len(head.text), "incomplete line", "a verb: asks, accuses, has or lacks")
	}
	verb := toks[1]
	switch {
	case verb.is("has", "holds"):
		h, err := g.holder(m, head)
		if err != nil {
			return nil, err
		}
		return g.holdsAll(m, h, toks[2:], verb, true)
	case verb.is("lacks"):
		h, err := g.holder(m, head)
		if err != nil {
			return nil, err
		}
		return g.holdsAll(m, h, toks[2:], verb, false)
	case verb.is("asks", "suggests"):
		return g.parseAsk(toks)
	case verb.is("accuses"):
		return g.parseAccuse(toks)
	}
	return nil, lineErr(verb.col, "unknown verb "+verb.text, "asks, accuses, has or lacks")
}

// holdsAll is the observation "h holds (or lacks) every card listed"; after
// is the token before the cards (hand, faceup or the verb). A holder
// cannot hold more cards than its size.
func (g *Game) holdsAll(m *solver.Model, h solver.Holder, args []token, after token, holds bool) (*pending, error) {
	if len(args) == 0 {
		return nil, lineErr(after.col+len(after.text), "no card listed", "one or more cards")
	}
	var obs solver.Observation
	seen := map[solver.Card]bool{}
	for _, t := range args {
		c, err := g.card(t)
		if err != nil {
			return nil, err
		}
		if seen[c] {
			return nil, lineErr(t.col, "card "+g.deck.Cards()[c]+" is listed twice", "distinct cards")
		}
		seen[c] = true
		if holds {
			obs.Constraints = append(obs.Constraints, solver.Holds(c, h))
		} else {
			obs.Constraints = append(obs.Constraints, solver.NotHolds(c, h))
		}
	}
	if size := m.HolderSize(h); holds && len(args) > size.Max {
		return nil, g.tooMany(m, h, args, after)
	}
	return &pending{obs: obs}, nil
}

// tooMany is the error for a line that gives holder h more cards than its
// size, at the first card too many.
func (g *Game) tooMany(m *solver.Model, h solver.Holder, args []token, after token) error {
	size := m.HolderSize(h)
	has := strconv.Itoa(size.Max)
	if size.Min != size.Max {
		has = "at most " + has
	}
	col := args[size.Max].col
	name := m.HolderName(h)
	switch {
	case after.is("hand"):
		return lineErr(col, fmt.Sprintf("%s's hand holds %d cards but %s has %s", name, len(args), name, has),
			fmt.Sprintf("at most %d cards (a size line in the setup, if %s was dealt more)", size.Max, name))
	case int(h) < len(g.players):
		return lineErr(col, fmt.Sprintf("%d cards listed but %s has %s", len(args), name, has),
			fmt.Sprintf("at most %d cards (a size line in the setup, if %s was dealt more)", size.Max, name))
	case name == Envelope:
		return lineErr(col, fmt.Sprintf("%d cards listed but the envelope has %s", len(args), has), "one item of each category at most")
	}
	return lineErr(col, fmt.Sprintf("%d cards listed but the face-up pile has %s", len(args), has), fmt.Sprintf("at most %d cards", size.Max))
}

// parseCards reads the cards of a question or accusation, stopping at a
// colon or at the end, and checks their shape.
func (g *Game) parseCards(toks []token, i int, accusation bool) ([]solver.Card, int, error) {
	var cards []solver.Card
	var cols []int
	for i < len(toks) && toks[i].text != ":" && !toks[i].is("wrong", "right", "correct") {
		c, err := g.card(toks[i])
		if err != nil {
			return nil, i, err
		}
		cards = append(cards, c)
		cols = append(cols, toks[i].col)
		i++
	}
	endCol := 0
	if i < len(toks) {
		endCol = toks[i].col
	} else if len(toks) > 0 {
		last := toks[len(toks)-1]
		endCol = last.col + len(last.text)
	}
	style := g.deck.Style
	if accusation {
		style = OnePerCategory
	}
	switch style {
	case AnyTwo:
		if len(cards) != 2 {
			return nil, i, lineErr(endCol, fmt.Sprintf("a question names two items, not %d", len(cards)), "two items")
		}
		if cards[0] == cards[1] {
			return nil, i, lineErr(cols[1], "the two items are the same", "two different items")
		}
	default:
		n := len(g.deck.Categories)
		if len(cards) != n {
			names := make([]string, n)
			for k, c := range g.deck.Categories {
				names[k] = strings.TrimSuffix(c.Name, "s")
			}
			return nil, i, lineErr(endCol, fmt.Sprintf("%d items named, not %d", len(cards), n), "one "+strings.Join(names, ", one "))
		}
		for k, c := range cards {
			if cat := g.deck.CategoryOf(int(c)); cat != k {
				return nil, i, lineErr(cols[k], fmt.Sprintf("%s is one of the %s", g.deck.Cards()[c], g.deck.Categories[cat].Name), "one of the "+g.deck.Categories[k].Name)
			}
		}
	}
	return cards, i, nil
}

func (g *Game) parseAsk(toks []token) (*pending, error) {
	asker, err := g.player(toks[0])
	if err != nil {
		return nil, err
	}
	if g.out[g.players[asker]] {
		return nil, lineErr(toks[0].col, g.players[asker]+" made a wrong accusation and can no longer ask", "a player still in the game")
	}
	cards, i, err := g.parseCards(toks, 2, false)
	if err != nil {
		return nil, err
	}
	if i >= len(toks) || toks[i].text != ":" {
		col := toks[len(toks)-1].col + len(toks[len(toks)-1].text)
		if i < len(toks) {
			col = toks[i].col
		}
		return nil, lineErr(col, "no answer", `": NAME shows [CARD]" or ": nobody"`)
	}
	i++
	n := len(g.players)
	var responders []int
	for k := 1; k < n; k++ {
		responders = append(responders, (asker+k)%n)
	}
	q := &Question{Asker: asker, Cards: cards, Shower: -1, Shown: -1}
	pd := &pending{question: q}
	ri := 0
answer:
	for {
		if i >= len(toks) {
			last := toks[len(toks)-1]
			return nil, lineErr(last.col+len(last.text), "the answer is incomplete", `"NAME shows [CARD]" or "nobody"`)
		}
		t := toks[i]
		if t.is("nobody", "none", "noone") {
			if i+1 < len(toks) {
				return nil, lineErr(toks[i+1].col, "unexpected "+toks[i+1].text, "the end of the line")
			}
			q.Passed = append(q.Passed, responders[ri:]...)
			break answer
		}
		p, err := g.player(t)
		if err != nil {
			err.(*table.LineError).Want = "the next player to answer, or nobody"
			return nil, err
		}
		if p == asker {
			return nil, lineErr(t.col, g.players[p]+" is the asker", "a player answering")
		}
		if i+1 >= len(toks) {
			return nil, lineErr(t.col+len(t.text), "what did "+t.text+" do?", "passes or shows")
		}
		act := toks[i+1]
		j := slices.Index(responders, p)
		if j < ri {
			return nil, lineErr(t.col, g.players[p]+" is out of turn", "the players in seating order after "+g.players[asker])
		}
		switch {
		case act.is("passes", "pass"):
			if j != ri {
				return nil, lineErr(t.col, g.players[p]+" is out of turn", g.players[responders[ri]]+" next")
			}
			q.Passed = append(q.Passed, p)
			ri++
			i += 2
			if ri == len(responders) {
				if i < len(toks) {
					return nil, lineErr(toks[i].col, "everyone has answered", "the end of the line")
				}
				break answer
			}
			continue
		case act.is("shows", "show", "showed"):
			q.Passed = append(q.Passed, responders[ri:j]...)
			q.Shower = p
			i += 2
			if i < len(toks) {
				c, err := g.card(toks[i])
				if err != nil {
					return nil, err
				}
				if !slices.Contains(cards, c) {
					return nil, lineErr(toks[i].col, g.deck.Cards()[c]+" was not asked", "one of the asked items")
				}
				q.Shown = c
				i++
				if i < len(toks) {
					return nil, lineErr(toks[i].col, "unexpected "+toks[i].text, "the end of the line")
				}
			}
		default:
			return nil, lineErr(act.col, "unknown answer "+act.text, "passes or shows")
		}
		break answer
	}
	for _, p := range q.Passed {
		for _, c := range cards {
			pd.obs.Constraints = append(pd.obs.Constraints, solver.NotHolds(c, solver.Holder(p)))
		}
	}
	if q.Shower >= 0 {
		h := solver.Holder(q.Shower)
		if q.Shown >= 0 {
			pd.obs.Constraints = append(pd.obs.Constraints, solver.Holds(q.Shown, h))
			if g.players[q.Shower] == g.seat {
				pd.shownTo, pd.shown = g.players[asker], q.Shown
			}
		} else {
			lits := make([]solver.Lit, len(cards))
			for k, c := range cards {
				lits[k] = solver.Lit{Card: c, Holder: h}
			}
			pd.obs.Constraints = append(pd.obs.Constraints, solver.CountOf(lits, solver.Ge, 1))
		}
	}
	return pd, nil
}

func (g *Game) parseAccuse(toks []token) (*pending, error) {
	who, err := g.player(toks[0])
	if err != nil {
		return nil, err
	}
	if g.out[g.players[who]] {
		return nil, lineErr(toks[0].col, g.players[who]+" made a wrong accusation already", "a player still in the game")
	}
	cards, i, err := g.parseCards(toks, 2, true)
	if err != nil {
		return nil, err
	}
	if i >= len(toks) || !toks[i].is("wrong", "right", "correct") || i+1 != len(toks) {
		col := toks[len(toks)-1].col + len(toks[len(toks)-1].text)
		if i < len(toks) {
			col = toks[i].col
		}
		return nil, lineErr(col, "the accusation has no outcome", "wrong or right at the end")
	}
	env := g.envelope()
	pd := &pending{}
	if toks[i].is("wrong") {
		lits := make([]solver.Lit, len(cards))
		for k, c := range cards {
			lits[k] = solver.Lit{Card: c, Holder: env}
		}
		pd.obs.Constraints = append(pd.obs.Constraints, solver.Clause(nil, lits))
		pd.out = g.players[who]
	} else {
		for _, c := range cards {
			pd.obs.Constraints = append(pd.obs.Constraints, solver.Holds(c, env))
		}
	}
	return pd, nil
}

// Ready reports whether the lines make a game that can be reported on:
// a deck (a preset or category lines) and the players, fitting it
// ([table.Ready]).
func (g *Game) Ready() error {
	_, err := g.Problem()
	return err
}

// ruleBroken says in words which rule of the deal makes a line impossible
// on its own: the last player it names who holds no card (with the
// reason), or else the deal's rules with the hand sizes they give.
func (g *Game) ruleBroken(toks []token) string {
	hands, pile, face, err := handSizes(g.deck, g.players, g.sizes, g.dealStyle())
	if err != nil {
		return err.Error()
	}
	// The last player named is the one the line says holds a card (the
	// shower after the asker, the holder of a has line).
	for k := len(toks) - 1; k >= 0; k-- {
		t := toks[k]
		i, _ := table.FindName(g.players, t.text, false)
		if i < 0 || hands[i].Max > 0 {
			continue
		}
		switch {
		case face && pile.Min == pile.Max:
			return fmt.Sprintf("%s holds no cards: the %s face up", g.players[i], cardCount(pile.Min, "spare"))
		case face:
			return fmt.Sprintf("%s holds no cards: the spares are face up", g.players[i])
		}
		return fmt.Sprintf("%s holds no cards (the hand sizes)", g.players[i])
	}
	var parts []string
	for i, h := range hands {
		sz := fmt.Sprint(h.Min)
		if h.Max != h.Min {
			sz = fmt.Sprintf("%d-%d", h.Min, h.Max)
		}
		parts = append(parts, g.players[i]+" "+sz)
	}
	return fmt.Sprintf("no deal fits it: the envelope holds one item of each category and the hands hold %s cards", strings.Join(parts, ", "))
}

// cardCount is "1 spare card is" or "N spare cards are".
func cardCount(n int, kind string) string {
	if n == 1 {
		return "1 " + kind + " card is"
	}
	return fmt.Sprintf("%d %s cards are", n, kind)
}

// notReserved refuses t as the name of what (an item, an alias) when it is
// a word of the grammar: a line could then not be read one way only
// ("nobody shows" with an item named nobody).
func notReserved(t token, what string) error {
	if !slices.ContainsFunc(reserved, func(r string) bool { return strings.EqualFold(r, t.text) }) {
		return nil
	}
	return lineErr(t.col, fmt.Sprintf("%q is a word of the grammar and cannot name %s", t.text, what),
		what+" name that is none of the reserved words: "+strings.Join(reserved, ", "))
}
