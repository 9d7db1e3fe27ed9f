package clue

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/gumshoe-dev/gumshoe/solver"
	"github.com/gumshoe-dev/gumshoe/solver/puzzle"
)

// This file generates Clue puzzles: one seat's view of a simulated game,
// cut to a minimal set of question lines after which the envelope is
// certain.

// PuzzleOptions steer [GeneratePuzzle].
type PuzzleOptions struct {
	Preset  string       // a preset deck (default "cluedo")
	Players int          // a player count the preset allows
	Level   puzzle.Level // the grade wanted, unless Any
	Any     bool         // accept any grade
	// Tries is how many deletion orders are tried on each simulated game
	// (0 means 4).
	Tries int
	// Attempts is how many simulated games are tried before giving up (0
	// means 300).
	Attempts int
}

// puzzleQuestions is the number of questions the simulated games play: more
// than most seats need to pin the envelope down.
const puzzleQuestions = 80

// Puzzle is a Clue exercise: the seat's hand and the face-up cards are
// given, the clues are a minimal set of question lines of the seat's log,
// and the envelope is the only one they allow.
type Puzzle struct {
	Seed     uint64
	Deck     *Deck
	Players  []string
	Seat     int
	Setup    []string // the log lines of the setup: preset, players, deal, seat, hand, faceup
	Clues    []string // the clue lines, in the order they happened
	Envelope []solver.Card
	Solution *puzzle.Solution
	Deal     solver.World // the simulated true deal

	prob   *solver.Problem
	givens []int
	clues  []int
}

// GeneratePuzzle makes a puzzle from seed, reproducibly: it simulates
// games ([Simulate], no accusations) and, for a random seat of each whose
// log pins the envelope down, asks [puzzle.Search] for a minimal set of
// question lines of the level wanted. It returns puzzle.ErrNoPuzzle when
// opt.Attempts games yield none.
func GeneratePuzzle(ctx context.Context, seed uint64, opt PuzzleOptions) (*Puzzle, error) {
	preset := opt.Preset
	if preset == "" {
		preset = PresetCluedo
	}
	tries := opt.Tries
	if tries <= 0 {
		tries = 4
	}
	attempts := opt.Attempts
	if attempts <= 0 {
		attempts = 300
	}
	deck, err := PresetDeck(preset)
	if err != nil {
		return nil, err
	}
	if err := deck.checkPlayers(opt.Players); err != nil {
		return nil, fmt.Errorf("clue: %w", err)
	}
	if !opt.Any {
		if err := PuzzleLevelPossible(opt.Players, opt.Level); err != nil {
			return nil, err
		}
		if rareLevel(deck.Name, opt.Players, opt.Level) {
			return nil, fmt.Errorf("%w: this generator does not make %s Clue puzzles with the %s deck and %d players: once a person's one-look rules are used (a hand accounted for, a shared set), the simulated games almost never leave a clue set that needs a %s, and the search would mostly run out (docs/puzzles.md)", puzzle.ErrImpossible, opt.Level, deck.Name, opt.Players, supposition(opt.Level))
		}
	}
	rng := rand.New(rand.NewPCG(seed, 0x636c7565))
	for range attempts {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		sim, err := Simulate(SimOptions{Preset: preset, Players: opt.Players, Rand: rng, Questions: puzzleQuestions})
		if err != nil {
			return nil, err
		}
		seat := rng.IntN(opt.Players)
		pz, err := candidate(sim, seat)
		if err != nil {
			return nil, err
		}
		inst := &puzzle.Instance{Problem: pz.prob, Givens: pz.givens, Clues: pz.clues, Answer: pz.answer()}
		sopt := puzzle.SearchOptions{Level: opt.Level, Any: opt.Any, Tries: tries}
		if !opt.Any && opt.Level == puzzle.Hard && pz.Deck.Style == AnyTwo {
			// The Card Game's small deck rarely needs nested suppositions
			// at the first moment the envelope is known: minimise the
			// whole log, in more orders.
			sopt.Whole, sopt.Tries = true, 4*tries
		}
		found, err := puzzle.Search(ctx, inst, rng, sopt)
		if errors.Is(err, puzzle.ErrNoPuzzle) {
			continue
		}
		if err != nil {
			return nil, err
		}
		pz.Seed = seed
		pz.Solution = found.Solution
		pz.keep(found.Clues)
		return pz, nil
	}
	return nil, fmt.Errorf("%w: none %s in %d simulated games from seed %d", puzzle.ErrNoPuzzle, levelName(opt.Level, opt.Any), attempts, seed)
}

// PuzzleLevelPossible says why no Clue puzzle of the level can be made
// with n players, or nil. With two players (the advanced Card Game) only
// easy puzzles can be made: every question is answered by one of the two,
// so when you ask you see the card shown or learn that the other holds
// none of the three, and when the other asks you answer yourself, which
// tells you nothing; each line fixes cards outright, and the envelope
// follows one line at a time (docs/puzzles.md).
func PuzzleLevelPossible(n int, level puzzle.Level) error {
	if n == 2 && level != puzzle.Easy {
		return fmt.Errorf("%w: with 2 players every Clue puzzle is easy; a %s one cannot be made: every line you see names where cards are, so one line at a time always settles the envelope", puzzle.ErrImpossible, level)
	}
	return nil
}

// rareLevel reports the levels the generator refuses at once: those for
// which the seed-1 search of the tests found no puzzle in 300 simulated
// games once the rules a person applies in one look were added to the
// solver (docs/puzzles.md, "Levels that are made").
func rareLevel(deck string, players int, level puzzle.Level) bool {
	switch {
	case deck == PresetCluedo:
		return players == 3 && level == puzzle.Hard
	case deck == PresetCardGame && level == puzzle.Hard:
		return true
	case deck == PresetCardGame && level == puzzle.Medium:
		return players == 3
	case deck == PresetCardGameAdvanced && level == puzzle.Hard:
		return players >= 3
	case deck == PresetCardGameAdvanced && level == puzzle.Medium:
		return players == 3
	}
	return false
}

// supposition is what a level needs: "supposition" (medium) or "supposition
// inside another" (hard).
func supposition(l puzzle.Level) string {
	if l == puzzle.Hard {
		return "supposition inside another"
	}
	return "supposition"
}

// levelName is "medium" or, with any, "of any level".
func levelName(l puzzle.Level, any bool) string {
	if any {
		return "of any level"
	}
	return l.String()
}

// candidate loads seat's log of sim. The deck rule, the hand and the
// face-up cards are given; every question and accusation line is a clue.
func candidate(sim *Simulation, seat int) (*Puzzle, error) {
	lines := sim.Log(seat)
	g, err := Load(strings.NewReader(strings.Join(lines, "\n") + "\n"))
	if err != nil {
		return nil, fmt.Errorf("clue: simulated log: %w", err)
	}
	p, err := g.Problem()
	if err != nil {
		return nil, err
	}
	pz := &Puzzle{Deck: sim.Deck, Players: sim.Players, Seat: seat, Deal: sim.Deal, prob: p}
	n := len(sim.Players)
	for c, h := range sim.Deal {
		if h == solver.Holder(n) {
			pz.Envelope = append(pz.Envelope, solver.Card(c))
		}
	}
	for id, o := range p.Observations() {
		kw, _, _ := strings.Cut(o.Label, " ")
		switch {
		case id == 0 || kw == "hand" || kw == "faceup":
			pz.givens = append(pz.givens, id)
		default:
			pz.clues = append(pz.clues, id)
		}
	}
	for _, l := range lines[1:] {
		kw, _, _ := strings.Cut(l, " ")
		switch kw {
		case "preset", "players", "deal", "seat", "hand", "faceup":
			pz.Setup = append(pz.Setup, l)
		}
	}
	return pz, nil
}

// answer is every envelope card in the envelope.
func (pz *Puzzle) answer() []solver.Fact {
	env := solver.Holder(len(pz.Players))
	var out []solver.Fact
	for _, c := range pz.Envelope {
		out = append(out, solver.Fact{Card: c, Holder: env, Holds: true})
	}
	return out
}

func (pz *Puzzle) keep(ids []int) {
	pz.clues = slices.Clone(ids)
	pz.Clues = puzzle.Labels(pz.prob, ids)
}

// Log is the puzzle as a Clue log: the header, the setup lines and the
// clue lines.
func (pz *Puzzle) Log() string {
	return puzzle.Log("clue", pz.Setup, pz.Clues)
}

// Verify checks the puzzle from scratch: its log loads, the envelope agrees
// with the true deal, the answer is unique and the clue set minimal (asked
// of the SAT engine, through [puzzle.Minimal]), and every step of the worked
// solution follows from what it cites ([puzzle.CheckSteps]).
func (pz *Puzzle) Verify(ctx context.Context) error {
	g, err := Load(strings.NewReader(pz.Log()))
	if err != nil {
		return fmt.Errorf("clue: puzzle log: %w", err)
	}
	p, err := g.Problem()
	if err != nil {
		return err
	}
	obs := p.Observations()
	in := &puzzle.Instance{Problem: p, Answer: pz.answer()}
	for id := range obs {
		if id < len(obs)-len(pz.Clues) {
			in.Givens = append(in.Givens, id)
		} else {
			in.Clues = append(in.Clues, id)
		}
	}
	for _, f := range in.Answer {
		if pz.Deal[f.Card] != f.Holder {
			return fmt.Errorf("clue: the envelope disagrees with the deal at %s", pz.Deck.Cards()[f.Card])
		}
	}
	if len(in.Answer) != len(pz.Deck.Categories) {
		return errors.New("clue: the envelope does not hold one item of each category")
	}
	if err := puzzle.Minimal(ctx, in); err != nil {
		return err
	}
	return puzzle.CheckSteps(ctx, &puzzle.Instance{Problem: pz.prob, Givens: pz.givens, Clues: pz.clues, Answer: pz.answer()}, pz.Solution)
}

// words puts solution steps into Clue's terms.
type words struct {
	puzzle.DefaultWords
	n    int // players
	deck *Deck
}

// Count states one kind of the envelope rule: "the envelope holds one card
// of each kind, so exactly one of the 9 rooms".
func (w words) Count(id int, k solver.Constraint) string {
	if id != 0 || w.deck == nil || len(k.Terms) == 0 || int(k.Terms[0].Lit.Holder) != w.n {
		return ""
	}
	m := w.Problem.Model()
	first := m.CardName(k.Terms[0].Lit.Card)
	for _, cat := range w.deck.Categories {
		if slices.Contains(cat.Items, first) && len(cat.Items) == len(k.Terms) {
			return fmt.Sprintf("the envelope holds one card of each kind, so exactly one of the %d %s", len(cat.Items), cat.Name)
		}
	}
	return ""
}

// Facts words facts about one holder in the game's terms.
func (w words) Facts(fs []solver.Fact) string {
	if len(fs) == 0 {
		return ""
	}
	m := w.Problem.Model()
	names := make([]string, len(fs))
	for i, f := range fs {
		names[i] = m.CardName(f.Card)
	}
	h, yes := int(fs[0].Holder), fs[0].Holds
	where := "in the envelope"
	if h == w.n+1 {
		where = "face up"
	}
	switch {
	case h < w.n:
		return w.DefaultWords.Facts(fs)
	case yes && len(fs) == 1:
		return names[0] + " is " + where
	case yes:
		return puzzle.List(names, "and") + " are " + where
	case len(fs) == 1:
		return names[0] + " is not " + where
	}
	return "none of " + puzzle.List(names, "or") + " is " + where
}

// Place names a holder in the game's terms.
func (w words) Place(h solver.Holder) string {
	switch int(h) {
	case w.n:
		return "the envelope"
	case w.n + 1:
		return "the face-up cards"
	}
	return w.DefaultWords.Place(h)
}

// Rule states a rule of the model in the game's terms.
func (w words) Rule(r solver.Rule) string {
	switch {
	case r.Kind == solver.RuleHolderSize && r.Index == w.n:
		return "the envelope holds one card of each kind"
	case r.Kind == solver.RuleOneHolder:
		return "every card is in exactly one place"
	}
	return w.DefaultWords.Rule(r)
}

// Observation names an observation; the deck rule in words.
func (w words) Observation(id int) string {
	if id == 0 {
		return "the envelope rule (one card of each kind)"
	}
	return w.DefaultWords.Observation(id)
}

// Page lays the puzzle out for print under the given title.
func (pz *Puzzle) Page(title string) *puzzle.Page {
	n := len(pz.Players)
	m := pz.prob.Model()
	lines, clueLines := pz.lineNumbers()
	w := words{DefaultWords: puzzle.DefaultWords{Problem: pz.prob, Lines: lines}, n: n, deck: pz.Deck}
	var hand, face []string
	for c, h := range pz.Deal {
		switch int(h) {
		case pz.Seat:
			hand = append(hand, m.CardName(solver.Card(c)))
		case n + 1:
			face = append(face, m.CardName(solver.Card(c)))
		}
	}
	var kinds []string
	for _, cat := range pz.Deck.Categories {
		kinds = append(kinds, fmt.Sprintf("%d %s", len(cat.Items), cat.Name))
	}
	setup := []string{
		fmt.Sprintf("Clue (%s deck: %s) with %d players: %s. The envelope holds one card of each kind.", pz.Deck.Name, puzzle.List(kinds, "and"), n, strings.Join(pz.Players, ", ")),
		fmt.Sprintf("You are %s. Your hand: %s.", pz.Players[pz.Seat], strings.Join(hand, " ")),
	}
	if len(face) > 0 {
		setup = append(setup, fmt.Sprintf("Face up for everyone: %s.", strings.Join(face, " ")))
	}
	var sizes []string
	even := true
	for p := range n {
		s := m.HolderSize(solver.Holder(p))
		even = even && s == m.HolderSize(0)
		sizes = append(sizes, fmt.Sprintf("%s %s", pz.Players[p], s))
	}
	if !even {
		setup = append(setup, fmt.Sprintf("Every card is dealt; hand sizes: %s.", strings.Join(sizes, ", ")))
	}
	cols := slices.Clone(pz.Players)
	cols = append(cols, "Env")
	if m.NumHolders() > n+1 {
		cols = append(cols, "Up")
	}
	var rows []string
	for c := range m.NumCards() {
		rows = append(rows, m.CardName(solver.Card(c)))
	}
	var env []string
	for _, c := range pz.Envelope {
		env = append(env, m.CardName(c))
	}
	return &puzzle.Page{
		Game:         "clue",
		Title:        title,
		Grade:        pz.Solution.Grade.String(),
		Level:        pz.Solution.Grade.Level.String(),
		Seed:         pz.Seed,
		Setup:        setup,
		Clues:        pz.Clues,
		ClueLines:    clueLines,
		Notation:     clueNotation,
		Question:     "Which cards are in the envelope?",
		Answer:       []string{fmt.Sprintf("The envelope holds %s.", puzzle.List(env, "and"))},
		Key:          map[string]any{"envelope": env},
		SheetColumns: cols,
		SheetRows:    rows,
		Solution:     pz.Solution.Lines(pz.prob, w),
		Steps:        pz.Solution.PageSteps(pz.prob, w),
		Log:          pz.Log(),
	}
}

// lineNumbers are the line numbers in the puzzle's log (the header is
// line 0) of the given and clue observations, by id, and of the clue
// lines in order. A given is the setup line of the same text; the deck's
// rule, which no one line states, has none.
func (pz *Puzzle) lineNumbers() (map[int]int, []int) {
	obs := pz.prob.Observations()
	lines := map[int]int{}
	for _, id := range pz.givens {
		if i := slices.Index(pz.Setup, obs[id].Label); i >= 0 {
			lines[id] = i + 1
		}
	}
	var clueLines []int
	for k, id := range pz.clues {
		lines[id] = len(pz.Setup) + 1 + k
		clueLines = append(clueLines, len(pz.Setup)+1+k)
	}
	return lines, clueLines
}

var clueNotation = []string{
	"“A asks X Y Z: B shows”: the players after A, in seating order, up to B hold none of X, Y, Z; B holds at least one and showed A one (named when you asked or showed it).",
	"“A asks X Y Z: nobody”: no other player holds any of them.",
}
