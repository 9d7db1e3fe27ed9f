package deduceordie

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/gumshoe-dev/gumshoe/solver"
	"github.com/gumshoe-dev/gumshoe/solver/puzzle"
)

// This file generates Deduce or Die puzzles: one seat's view of a simulated
// game, cut to a minimal set of clues after which the Evidence pair and the
// murderer are certain.

// PuzzleOptions steer [GeneratePuzzle].
type PuzzleOptions struct {
	Players int          // 3 to 6
	Level   puzzle.Level // the grade wanted, unless Any
	Any     bool         // accept any grade
	// Tries is how many deletion orders are tried on each simulated game
	// (0 means 2).
	Tries int
	// Attempts is how many simulated games are tried before giving up (0
	// means 500).
	Attempts int
}

// Puzzle is a Deduce or Die exercise: the seat's hand and the exposed
// card are given, the clues are a minimal set of lines of the seat's log,
// and the answer (the Evidence pair and the murderer) is the only one they
// allow.
type Puzzle struct {
	Seed     uint64   // GeneratePuzzle's seed
	Players  []string // in seating order
	Seat     int      // the solver's seat
	Setup    []string // the log lines the seat knows from the start (players, seat, hand, exposed)
	Clues    []string // the clue lines, in the order they happened
	Hand     []Card
	Exposed  Card // -1 with 5 players
	Evidence [2]Card
	Murder   Card
	// MurdererCard is the card whose holder is the murderer: the Murder card
	// or, when it is Evidence or exposed, the next card of its suit.
	MurdererCard Card
	Murderer     int // the murderer's seat
	Solution     *puzzle.Solution
	// Deal is the simulated true deal the puzzle came from.
	Deal solver.World

	prob   *solver.Problem
	givens []int
	clues  []int
	inst   *puzzle.Instance
}

// GeneratePuzzle makes a puzzle from seed, reproducibly: it simulates
// games ([Simulate]) and, for each seat in a random order, keeps the seat's log
// up to the first accusation, then plays further random interrogations
// until the seat can name the Evidence pair and the murderer; it then asks
// [puzzle.Search] for a minimal clue set of the level wanted. It returns
// puzzle.ErrNoPuzzle when opt.Attempts games yield none.
func GeneratePuzzle(ctx context.Context, seed uint64, opt PuzzleOptions) (*Puzzle, error) {
	n := opt.Players
	if HandSize(n) == 0 {
		return nil, fmt.Errorf("deduceordie: %d players; Deduce or Die is for 3 to 6", n)
	}
	tries := opt.Tries
	if tries <= 0 {
		tries = 2
	}
	attempts := opt.Attempts
	if attempts <= 0 {
		attempts = 500
	}
	rng := rand.New(rand.NewPCG(seed, 0x70757a7a6c65))
	for range attempts {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		sim, err := Simulate(SimOptions{Players: n, Seed: rng.Uint64()})
		if err != nil {
			return nil, err
		}
		base, err := publicProblem(sim)
		if err != nil {
			return nil, err
		}
		for _, seat := range rng.Perm(n) {
			pz, err := candidate(ctx, sim, base, seat, rng, informativeShare(opt))
			if errors.Is(err, puzzle.ErrNoPuzzle) {
				continue
			}
			if err != nil {
				return nil, err
			}
			found, err := puzzle.Search(ctx, pz.inst, rng, puzzle.SearchOptions{Level: opt.Level, Any: opt.Any, Tries: tries})
			if errors.Is(err, puzzle.ErrNoPuzzle) {
				continue
			}
			if err != nil {
				return nil, err
			}
			pz.Seed = seed
			pz.Solution = found.Solution
			pz.keep(found.Clues)
			pz.addConclusions()
			return pz, nil
		}
	}
	return nil, fmt.Errorf("%w: none %s in %d simulated games from seed %d", puzzle.ErrNoPuzzle, levelName(opt.Level, opt.Any), attempts, seed)
}

// levelName is "medium" or, with any, "of any level".
func levelName(l puzzle.Level, any bool) string {
	if any {
		return "of any level"
	}
	return l.String()
}

// maxExtraAsks bounds the interrogations played after the simulated log
// when looking for the moment the seat's answer becomes unique.
const maxExtraAsks = 60

// publicProblem is the problem of sim's public setup: the players and
// every revelation, through the game's grammar.
func publicProblem(sim *Simulation) (*solver.Problem, error) {
	g := NewGame()
	if err := g.Apply("players " + strings.Join(sim.Players, " ")); err != nil {
		return nil, err
	}
	for _, line := range sim.Logs[0] {
		if strings.HasPrefix(line, "reveal ") {
			if err := g.Apply(line); err != nil {
				return nil, fmt.Errorf("deduceordie: simulated line %q: %w", line, err)
			}
		}
	}
	return g.Problem(), nil
}

// candidate builds seat's view of sim, on base, sim's public problem: the simulated log up to its first
// accusation, then random interrogations until the answer is unique. Its
// clues are every observation but the hand and the exposed card.
func candidate(ctx context.Context, sim *Simulation, base *solver.Problem, seat int, rng *rand.Rand, informative float64) (*Puzzle, error) {
	n := len(sim.Players)
	pz := &Puzzle{
		Players:  sim.Players,
		Seat:     seat,
		Exposed:  sim.Exposed,
		Evidence: sim.Evidence,
		Murder:   sim.Murder,
		Murderer: sim.Murderer,
		Deal:     sim.Deal,
	}
	pz.MurdererCard = MurdererCard(sim.Evidence[0], sim.Evidence[1], sim.Exposed)
	for c := range Card(NumCards) {
		if sim.Deal[c] == solver.Holder(seat) {
			pz.Hand = append(pz.Hand, c)
		}
	}
	// The revelations went through the game's own grammar (publicProblem);
	// the hand, the exposed card and the interrogations, far more
	// numerous, are written here directly (Verify loads the finished log
	// through the grammar again).
	q := base.Clone()
	turn := 0
	addCount := func(line string, b int, r Range, k int) error {
		lits := make([]solver.Lit, 0, 9)
		for _, c := range r.Cards() {
			lits = append(lits, solver.Lit{Card: c, Holder: solver.Holder(b)})
		}
		_, err := q.Add(solver.Observation{Label: line, Constraints: []solver.Constraint{solver.CountOf(lits, solver.Eq, k)}})
		return err
	}
	for _, line := range sim.Logs[seat][1:] { // after "game dod"
		f := strings.Fields(line)
		switch f[0] {
		case "hand", "exposed":
			var cons []solver.Constraint
			h, from := solver.Holder(seat), 2
			if f[0] == "exposed" {
				h, from = solver.Holder(n+1), 1
			}
			for _, name := range f[from:] {
				c, err := ParseCard(name)
				if err != nil {
					return nil, fmt.Errorf("deduceordie: simulated line %q: %v", line, err)
				}
				cons = append(cons, solver.Holds(c, h))
			}
			if _, err := q.Add(solver.Observation{Label: line, Constraints: cons}); err != nil {
				return nil, err
			}
			continue
		case "ask", "secret":
			turn++
			if len(f) < 6 || f[len(f)-2] != "=" {
				continue // a Secret Interrogation the seat did not see
			}
			b := slices.Index(sim.Players, f[2])
			r, err := ParseRange(strings.Join(f[3:len(f)-2], " "))
			if err != nil || b < 0 {
				return nil, fmt.Errorf("deduceordie: simulated line %q: %v", line, err)
			}
			k, err := strconv.Atoi(f[len(f)-1])
			if err != nil {
				return nil, fmt.Errorf("deduceordie: simulated line %q: %v", line, err)
			}
			if err := addCount(line, b, r, k); err != nil {
				return nil, err
			}
			continue
		case "pass":
			turn++
			continue
		}
		if f[0] == "accuse" {
			break
		}
	}
	classify := func() {
		pz.givens, pz.clues = pz.givens[:0], pz.clues[:0]
		for id, o := range q.Observations() {
			kw, rest, _ := strings.Cut(o.Label, " ")
			switch {
			case kw == "hand" && strings.HasPrefix(rest, sim.Players[seat]+" "), kw == "exposed":
				pz.givens = append(pz.givens, id)
			case kw == "reveal", kw == "ask", kw == "secret":
				pz.clues = append(pz.clues, id)
			}
		}
	}
	pz.inst = &puzzle.Instance{Problem: q, Answer: pz.answer()}
	isUnique := func() (bool, error) {
		classify()
		pz.inst.Givens, pz.inst.Clues = pz.givens, pz.clues
		return puzzle.Unique(ctx, pz.inst)
	}
	// A second Interrogation deck, only for the extra turns.
	var deck []Card
	for extra := 0; ; extra++ {
		// Checked every few asks: Search finds the shortest prefix anyway.
		if extra%3 == 0 || extra == maxExtraAsks {
			ok, err := isUnique()
			if err != nil {
				return nil, err
			}
			if ok {
				break
			}
			if extra == maxExtraAsks {
				return nil, puzzle.ErrNoPuzzle
			}
		}
		classify()
		if len(deck) < 3 {
			for range 2 {
				for c := range Card(NumCards) {
					deck = append(deck, c)
				}
			}
			rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		}
		draw := [3]Card{deck[0], deck[1], deck[2]}
		deck = deck[3:]
		a := turn % n
		turn++
		d, r, k := randomQuestion(sim, a, draw, rng)
		if rng.Float64() < informative {
			d, r, k = informativeQuestion(q, pz.givens, pz.clues, sim, a, draw, rng)
		}
		if err := addCount(fmt.Sprintf("ask %s %s %s = %d", sim.Players[a], sim.Players[d], r, k), d, r, k); err != nil {
			return nil, err
		}
	}
	pz.prob = q
	obs := q.Observations()
	pz.Setup = []string{"players " + strings.Join(sim.Players, " "), "seat " + sim.Players[seat]}
	for _, id := range pz.givens {
		pz.Setup = append(pz.Setup, obs[id].Label)
	}
	return pz, nil
}

// informativeShare is how often the extra interrogations are the ones
// that tell the seat most by propagation rather than random ones: clue
// sets a seat reads one at a time make easier puzzles. The grade is still
// measured, never assumed from this.
func informativeShare(opt PuzzleOptions) float64 {
	switch {
	case opt.Any:
		return 0.5
	case opt.Level == puzzle.Easy:
		return 1
	case opt.Level == puzzle.Medium:
		return 0.9
	}
	return 0
}

// answerOf is how many cards of r player d holds in the deal.
func answerOf(sim *Simulation, d int, r Range) int {
	k := 0
	for _, c := range r.Cards() {
		if sim.Deal[c] == solver.Holder(d) {
			k++
		}
	}
	return k
}

// randomQuestion is a random legal question of asker a from the draw.
func randomQuestion(sim *Simulation, a int, draw [3]Card, rng *rand.Rand) (int, Range, int) {
	n := len(sim.Players)
	d := (a + 1 + rng.IntN(n-1)) % n
	qs := DrawQuestions(draw)
	r := qs[rng.IntN(len(qs))]
	return d, r, answerOf(sim, d, r)
}

// informativeQuestion is the legal question of asker a from the draw whose
// answer, read on its own against what propagation already fixed for the
// seat (whose problem is q), fixes the most ownership facts: an answer of
// none, or of every open card, names cards outright. Ties are broken at
// random.
func informativeQuestion(q *solver.Problem, givens, clues []int, sim *Simulation, a int, draw [3]Card, rng *rand.Rand) (int, Range, int) {
	n := len(sim.Players)
	base := solver.NewPropagator(q, append(slices.Clone(givens), clues...)).Run(nil)
	best, bestD, bestR, bestK, ties := -1, 0, Range{}, 0, 0
	for _, r := range DrawQuestions(draw) {
		cards := r.Cards()
		for d := range n {
			if d == a {
				continue
			}
			k := answerOf(sim, d, r)
			known, open := 0, 0
			for _, c := range cards {
				switch base.Status(c, solver.Holder(d)) {
				case solver.Forced:
					known++
				case solver.Open:
					open++
				}
			}
			score := 0
			if k == known || k == known+open {
				score = open
			}
			switch {
			case score > best:
				best, bestD, bestR, bestK, ties = score, d, r, k, 1
			case score == best:
				ties++
				if rng.IntN(ties) == 0 {
					bestD, bestR, bestK = d, r, k
				}
			}
		}
	}
	return bestD, bestR, bestK
}

// answer is the facts that pin the answer down: both Evidence cards are
// Evidence and the murderer holds the murderer's card.
func (pz *Puzzle) answer() []solver.Fact {
	ev := solver.Holder(len(pz.Players))
	return []solver.Fact{
		{Card: pz.Evidence[0], Holder: ev, Holds: true},
		{Card: pz.Evidence[1], Holder: ev, Holds: true},
		{Card: pz.MurdererCard, Holder: solver.Holder(pz.Murderer), Holds: true},
	}
}

// addConclusions ends the worked solution with the steps from the
// Evidence pair to the Murder card and from the Murder card to the
// murderer, rules of the game that are not about who holds which card.
func (pz *Puzzle) addConclusions() {
	sol := pz.Solution
	ans := pz.answer()
	var ev []puzzle.Cited
	for _, f := range ans[:2] {
		c, ok := sol.CiteFact(f)
		if !ok {
			return
		}
		ev = append(ev, c)
	}
	sol.AddConclusion("murder-card "+CardName(pz.Murder), ev)
	held, ok := sol.CiteFact(ans[2])
	if !ok {
		// Known from the start: the seat is the murderer.
		held = puzzle.Cited{Fact: ans[2]}
		for _, id := range pz.givens {
			for _, k := range pz.prob.Observations()[id].Constraints {
				for _, t := range k.Terms {
					if t.Lit.Card == ans[2].Card && t.Lit.Holder == ans[2].Holder {
						held.Givens = append(held.Givens, id)
					}
				}
			}
		}
		held.Givens = slices.Compact(held.Givens)
	}
	sol.AddConclusion("murderer "+pz.Players[pz.Murderer]+" "+CardName(pz.MurdererCard), append(slices.Clone(ev), held))
}

// checkConclusion is the check of the worked solution's conclusions
// ([puzzle.Instance.Conclude]): the Murder card claimed is the one the two
// Evidence cards cited make, and the murderer claimed holds, by a fact
// cited, the card the rules name from the Evidence pair and the exposed
// card.
func (pz *Puzzle) checkConclusion(claim string, cited []solver.Fact) error {
	ev := solver.Holder(len(pz.Players))
	var pair []Card
	var held []solver.Fact
	for _, f := range cited {
		switch {
		case f.Holds && f.Holder == ev:
			pair = append(pair, f.Card)
		case f.Holds:
			held = append(held, f)
		}
	}
	if len(pair) != 2 {
		return fmt.Errorf("%q does not cite the two Evidence cards", claim)
	}
	kind, rest, _ := strings.Cut(claim, " ")
	switch kind {
	case "murder-card":
		if want := CardName(MurderCard(pair[0], pair[1])); rest != want {
			return fmt.Errorf("the Evidence cards %s and %s make the Murder card %s, not %s", CardName(pair[0]), CardName(pair[1]), want, rest)
		}
		return nil
	case "murderer":
		who, card, _ := strings.Cut(rest, " ")
		mc := MurdererCard(pair[0], pair[1], pz.Exposed)
		if card != CardName(mc) {
			return fmt.Errorf("the murderer holds %s, not %s", CardName(mc), card)
		}
		for _, f := range held {
			if f.Card == mc && int(f.Holder) < len(pz.Players) && pz.Players[f.Holder] == who {
				return nil
			}
		}
		return fmt.Errorf("no fact cited says %s holds %s", who, card)
	}
	return fmt.Errorf("unknown conclusion %q", claim)
}

// keep narrows the clues to the ids given.
func (pz *Puzzle) keep(ids []int) {
	pz.clues = slices.Clone(ids)
	pz.Clues = puzzle.Labels(pz.prob, ids)
}

// Log is the puzzle as a Deduce or Die log: the header, the setup lines
// and the clue lines. Loading it gives the seat's sheet at the moment the
// puzzle asks about.
func (pz *Puzzle) Log() string {
	return puzzle.Log("dod", pz.Setup, pz.Clues)
}

// Verify checks the puzzle from scratch: its log loads, the answer agrees
// with the true deal, the answer is unique and the clue set minimal
// (asked of the SAT engine, through [puzzle.Minimal]), and every step of
// the worked solution follows from what it cites ([puzzle.CheckSteps]).
func (pz *Puzzle) Verify(ctx context.Context) error {
	g, err := Load(strings.NewReader(pz.Log()))
	if err != nil {
		return fmt.Errorf("deduceordie: puzzle log: %w", err)
	}
	p := g.Problem()
	obs := p.Observations()
	in := &puzzle.Instance{Problem: p, Answer: pz.answer()}
	for id := range obs {
		if id < len(obs)-len(pz.Clues) {
			in.Givens = append(in.Givens, id)
		} else {
			in.Clues = append(in.Clues, id)
		}
	}
	if len(in.Clues) != len(pz.Clues) {
		return errors.New("deduceordie: puzzle log: every clue line must be an observation")
	}
	for _, f := range in.Answer {
		if (pz.Deal[f.Card] == f.Holder) != f.Holds {
			return fmt.Errorf("deduceordie: the answer disagrees with the deal at %s", CardName(f.Card))
		}
	}
	if MurderCard(pz.Evidence[0], pz.Evidence[1]) != pz.Murder {
		return errors.New("deduceordie: the Murder card disagrees with the Evidence pair")
	}
	if err := puzzle.Minimal(ctx, in); err != nil {
		return err
	}
	return puzzle.CheckSteps(ctx, &puzzle.Instance{Problem: pz.prob, Givens: pz.givens, Clues: pz.clues, Answer: pz.answer(), Conclude: pz.checkConclusion}, pz.Solution)
}

// words puts solution steps into Deduce or Die's terms.
type words struct {
	puzzle.DefaultWords
	n      int  // players
	murder Card // the Murder card, for the conclusions
}

// Conclusion states a conclusion of the worked solution with the rule
// that gives it.
func (w words) Conclusion(claim string) string {
	kind, rest, _ := strings.Cut(claim, " ")
	switch kind {
	case "murder-card":
		return fmt.Sprintf("the Murder card is %s: its rank is the sum of the two Evidence cards' ranks (less nine when the sum is over nine), and its suit is theirs when they share one, the third suit when they do not", rest)
	case "murderer":
		who, card, _ := strings.Cut(rest, " ")
		if card == CardName(w.murder) {
			return fmt.Sprintf("the murderer is %s: the player who holds the Murder card, %s, is the murderer", who, card)
		}
		return fmt.Sprintf("the murderer is %s: the Murder card %s is an Evidence card or the exposed card, so the murderer is the player who holds the next higher card of its suit that is neither, %s", who, CardName(w.murder), card)
	}
	return claim
}

// Facts words facts about one holder in the game's terms.
func (w words) Facts(fs []solver.Fact) string {
	if len(fs) == 0 {
		return ""
	}
	names := make([]string, len(fs))
	for i, f := range fs {
		names[i] = CardName(f.Card)
	}
	h, yes := int(fs[0].Holder), fs[0].Holds
	switch {
	case h < w.n && !yes && len(fs) > 1:
		return w.Place(fs[0].Holder) + " holds " + noneOf(fs)
	case h < w.n:
		return w.DefaultWords.Facts(fs)
	case h == w.n && yes && len(fs) == 1:
		return names[0] + " is an Evidence card"
	case h == w.n && yes:
		return puzzle.List(names, "and") + " are Evidence cards"
	case h == w.n && len(fs) == 1:
		return names[0] + " is not an Evidence card"
	case h == w.n:
		return "none of " + puzzle.List(names, "or") + " is an Evidence card"
	case yes:
		return names[0] + " is the exposed card"
	case len(fs) == 1:
		return names[0] + " is not the exposed card"
	}
	return "none of " + puzzle.List(names, "or") + " is the exposed card"
}

// noneOf words cards a holder lacks, runs of three or more ranks of one
// suit as a range: "no Hearts from 3 to 5", "none of 3H or 7S", "no Hearts
// from 3 to 5, nor 7S".
func noneOf(fs []solver.Fact) string {
	var bySuit [3][]int
	for _, f := range fs {
		bySuit[SuitOf(f.Card)] = append(bySuit[SuitOf(f.Card)], Rank(f.Card))
	}
	var runs, single []string
	for s, ranks := range bySuit {
		slices.Sort(ranks)
		for i := 0; i < len(ranks); {
			j := i
			for j+1 < len(ranks) && ranks[j+1] == ranks[j]+1 {
				j++
			}
			if j-i >= 2 {
				runs = append(runs, fmt.Sprintf("%s from %s to %s", suitTitle(Suit(s)), rankName(ranks[i]), rankName(ranks[j])))
			} else {
				for k := i; k <= j; k++ {
					single = append(single, CardName(MakeCard(ranks[k], Suit(s))))
				}
			}
			i = j + 1
		}
	}
	for i := range runs {
		runs[i] = "no " + runs[i]
	}
	switch {
	case len(runs) == 0 && len(single) == 1:
		return "no " + single[0]
	case len(runs) == 0:
		return "none of " + puzzle.List(single, "or")
	case len(single) == 0:
		return puzzle.List(runs, "and")
	}
	return strings.Join(runs, ", ") + ", nor " + puzzle.List(single, "or")
}

func suitTitle(s Suit) string {
	n := s.Name()
	return strings.ToUpper(n[:1]) + n[1:]
}

func rankName(r int) string {
	if r == 1 {
		return "Ace"
	}
	return strconv.Itoa(r)
}

// Says states what a revelation says: "bob holds no more Clubs than
// Spades or Hearts".
func (w words) Says(id int) string {
	obs := w.Problem.Observations()
	if id < 0 || id >= len(obs) {
		return ""
	}
	f := strings.Fields(obs[id].Label)
	if len(f) != 3 || f[0] != "reveal" {
		return ""
	}
	var others []string
	for s := range Suit(3) {
		if !strings.EqualFold(s.Name(), f[2]) {
			others = append(others, suitTitle(s))
		}
	}
	if len(others) != 2 {
		return ""
	}
	return fmt.Sprintf("%s holds no more %s than %s", f[1], strings.ToUpper(f[2][:1])+f[2][1:], puzzle.List(others, "or"))
}

// Place names a holder in the game's terms.
func (w words) Place(h solver.Holder) string {
	switch int(h) {
	case w.n:
		return "the Evidence"
	case w.n + 1:
		return "the exposed card"
	}
	return w.DefaultWords.Place(h)
}

// Rule states a rule of the model in the game's terms.
func (w words) Rule(r solver.Rule) string {
	switch {
	case r.Kind == solver.RuleHolderSize && r.Index == w.n:
		return "there are two Evidence cards"
	case r.Kind == solver.RuleHolderSize && r.Index == w.n+1:
		return "there is one exposed card"
	case r.Kind == solver.RuleOneHolder:
		return "every card is in exactly one place"
	}
	return w.DefaultWords.Rule(r)
}

// Page lays the puzzle out for print under the given title.
func (pz *Puzzle) Page(title string) *puzzle.Page {
	n := len(pz.Players)
	lines, clueLines := pz.lineNumbers()
	w := words{DefaultWords: puzzle.DefaultWords{Problem: pz.prob, Lines: lines}, n: n, murder: pz.Murder}
	me := pz.Players[pz.Seat]
	setup := []string{
		fmt.Sprintf("Deduce or Die with %d players: %s. Each holds %d cards; two cards are the Evidence.", n, strings.Join(pz.Players, ", "), HandSize(n)),
		fmt.Sprintf("You are %s. Your hand: %s.", me, cardList(pz.Hand)),
	}
	if pz.Exposed >= 0 {
		setup = append(setup, fmt.Sprintf("The exposed card is %s.", CardName(pz.Exposed)))
	}
	cols := slices.Clone(pz.Players)
	cols = append(cols, "Evid")
	if pz.Exposed >= 0 {
		cols = append(cols, "Exp")
	}
	rows := make([]string, NumCards)
	for c := range rows {
		rows[c] = CardName(Card(c))
	}
	answer := []string{
		fmt.Sprintf("The Evidence cards are %s and %s.", CardName(pz.Evidence[0]), CardName(pz.Evidence[1])),
		fmt.Sprintf("The Murder card is %s.", CardName(pz.Murder)),
	}
	who := pz.Players[pz.Murderer]
	if pz.Murderer == pz.Seat {
		who += " (you)"
	}
	if pz.MurdererCard == pz.Murder {
		answer = append(answer, fmt.Sprintf("The murderer is %s, who holds %s.", who, CardName(pz.Murder)))
	} else {
		answer = append(answer, fmt.Sprintf("The murderer is %s, who holds %s, the next card of the suit that is neither Evidence nor exposed.", who, CardName(pz.MurdererCard)))
	}
	return &puzzle.Page{
		Game:      Name,
		Title:     title,
		Grade:     pz.Solution.Grade.String(),
		Level:     pz.Solution.Grade.Level.String(),
		Seed:      pz.Seed,
		Setup:     setup,
		Clues:     pz.Clues,
		ClueLines: clueLines,
		Notation:  dodNotation,
		Question:  "Which two cards are the Evidence, and who is the murderer?",
		Answer:    answer,
		Key: map[string]any{
			"evidence":      []string{CardName(pz.Evidence[0]), CardName(pz.Evidence[1])},
			"murder_card":   CardName(pz.Murder),
			"murderer_card": CardName(pz.MurdererCard),
			"murderer":      pz.Players[pz.Murderer],
		},
		SheetColumns: cols,
		SheetRows:    rows,
		Solution:     pz.Solution.Lines(pz.prob, w),
		Steps:        pz.Solution.PageSteps(pz.prob, w),
		Log:          pz.Log(),
	}
}

// lineNumbers are the line numbers in the puzzle's log (the header is
// line 0) of the given and clue observations, by id, and of the clue
// lines in order.
func (pz *Puzzle) lineNumbers() (map[int]int, []int) {
	lines := map[int]int{}
	first := len(pz.Setup) - len(pz.givens) + 1 // after "players" and "seat"
	for k, id := range pz.givens {
		lines[id] = first + k
	}
	var clueLines []int
	for k, id := range pz.clues {
		lines[id] = len(pz.Setup) + 1 + k
		clueLines = append(clueLines, len(pz.Setup)+1+k)
	}
	return lines, clueLines
}

var dodNotation = []string{
	"“reveal P SUIT”: SUIT is a suit P holds fewest of (P chose among ties).",
	"“ask A B LOW..HIGH = K”: A asked B, who holds K cards of the range.",
	"A range of one suit runs from LOW up to HIGH in that suit, 9 wrapping to A; of two suits, those ranks in all three suits.",
	"“2S rank” is the three Twos, “2S suit” the nine Spades.",
	"“secret A B RANGE = K”: a Secret Interrogation you took part in.",
}
