package deductio

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

// This file generates Deductio puzzles: from one seat's view of a simulated
// game, the face-up numbers and the opponents' clue cards about their first
// Secret Numbers, cut to a minimal set of clue lines after which one
// opponent's number is certain.

// PuzzleOptions steer [GeneratePuzzle].
type PuzzleOptions struct {
	Players int          // 2 to 4
	Level   puzzle.Level // the grade wanted, unless Any
	Any     bool         // accept any grade
	// Tries is how many deletion orders are tried on each simulated game
	// (0 means 4).
	Tries int
	// Attempts is how many simulated games are tried before giving up (0
	// means 200).
	Attempts int
}

// Puzzle is a Deductio exercise: the seat's own number and the face-up
// numbers are given, the clues are a minimal set of the opponents' clue
// lines (cards played, rows rejected, wrong guesses), and the target
// opponent's number is the only one they allow.
type Puzzle struct {
	Seed    uint64
	Players []string
	Seat    int
	Target  int // the opponent whose number is asked
	Number  int // the target's number
	// Lines are the puzzle's log after the header: the setup, then the
	// face-up lines (given) and the clue lines in the order they happened.
	Lines    []string
	Clues    []string // the clue lines alone
	Solution *puzzle.Solution

	prob   *solver.Problem
	givens []int
	clues  []int
	truth  map[string][]int
}

// GeneratePuzzle makes a puzzle from seed, reproducibly: it simulates games
// ([Simulate]) and, for a random seat and target opponent of each, keeps the
// seat's log of what bears on the opponents' first numbers (the face-up
// numbers, their clue cards and the wrong guesses at them, up to the first
// correct guess of each), and asks [puzzle.Search] for a minimal clue set
// of the level wanted after which the target's number is certain. It
// returns puzzle.ErrNoPuzzle when opt.Attempts games yield none.
func GeneratePuzzle(ctx context.Context, seed uint64, opt PuzzleOptions) (*Puzzle, error) {
	if opt.Players < 2 || opt.Players > 4 {
		return nil, fmt.Errorf("deductio: %d players; Deductio is for 2 to 4", opt.Players)
	}
	if !opt.Any {
		if err := PuzzleLevelPossible(opt.Players, opt.Level); err != nil {
			return nil, err
		}
	}
	tries := opt.Tries
	if tries <= 0 {
		tries = 4
	}
	attempts := opt.Attempts
	if attempts <= 0 {
		attempts = 200
	}
	rng := rand.New(rand.NewPCG(seed, 0x6e756d62))
	for range attempts {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		sim, err := Simulate(SimOptions{Players: opt.Players, Seed: rng.Uint64()})
		if err != nil {
			return nil, err
		}
		seat := rng.IntN(opt.Players)
		target := (seat + 1 + rng.IntN(opt.Players-1)) % opt.Players
		pz, err := candidate(sim, seat, target)
		if errors.Is(err, puzzle.ErrNoPuzzle) {
			continue
		}
		if err != nil {
			return nil, err
		}
		inst := &puzzle.Instance{Problem: pz.prob, Givens: pz.givens, Clues: pz.clues, Answer: pz.answer()}
		found, err := puzzle.Search(ctx, inst, rng, puzzle.SearchOptions{Level: opt.Level, Any: opt.Any, Tries: tries})
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

// PuzzleLevelPossible says why no Deductio puzzle of the level can be made
// at n players, or nil. Only easy puzzles can be made: every Deductio clue
// (a clue card played or rejected, a wrong guess) tells which numbers one
// player's number can be, so the target's number is unique only when each
// other number its clues allow is taken by another opponent: one left a
// single number, or two left the same two numbers. One line at a time
// settles both: an opponent with one number left holds it, and the
// target loses it; when two opponents share two numbers, every free number
// that no opponent can hold is in the Secret Number deck, which it then
// fills, so the target's number has no place left but the target. No
// supposition is ever needed (docs/puzzles.md).
func PuzzleLevelPossible(n int, level puzzle.Level) error {
	if level == puzzle.Easy {
		return nil
	}
	return fmt.Errorf("%w: every Deductio puzzle is easy; a %s one cannot be made at %d players (or any other count): each clue speaks of one player's number, and one line at a time always settles the answer", puzzle.ErrImpossible, level, n)
}

// levelName is "medium" or, with any, "of any level".
func levelName(l puzzle.Level, any bool) string {
	if any {
		return "of any level"
	}
	return l.String()
}

// candidate filters seat's log of sim: the players and seat lines, the
// seat's first number, the face-up lines, and every opponent's clue lines
// about their first number (up to its correct guess). It returns
// puzzle.ErrNoPuzzle when the target's first number never shows in it.
func candidate(sim *Simulation, seat, target int) (*Puzzle, error) {
	names := sim.Players
	pz := &Puzzle{Players: names, Seat: seat, Target: target, truth: sim.Truth}
	t, ok := sim.Truth[names[target]+"#1"]
	if !ok || len(t) != 1 {
		return nil, puzzle.ErrNoPuzzle
	}
	pz.Number = t[0]
	guessed := make([]bool, len(names)) // first number guessed: later lines are about another
	secret := false
	var lines []string
	for _, line := range sim.Logs[seat] {
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		switch {
		case f[0] == "players", f[0] == "seat", f[0] == "faceup":
			lines = append(lines, line)
		case f[0] == "secret":
			if !secret && f[1] == names[seat] {
				lines = append(lines, line)
				secret = true
			}
		case f[1] == "plays" || f[1] == "rejects" || f[1] == "denies":
			p := slices.Index(names, f[0])
			if p >= 0 && p != seat && !guessed[p] {
				lines = append(lines, line)
			}
		case f[1] == "guesses" && len(f) == 5:
			p := slices.Index(names, f[2])
			if p < 0 || p == seat || guessed[p] {
				continue
			}
			if f[4] == "right" {
				guessed[p] = true
				continue
			}
			lines = append(lines, line)
		}
	}
	g, err := Load(strings.NewReader("game deductio\n" + strings.Join(lines, "\n") + "\n"))
	if err != nil {
		return nil, fmt.Errorf("deductio: puzzle log: %w", err)
	}
	pz.prob = g.Problem()
	pz.Lines = lines
	for id, o := range pz.prob.Observations() {
		kw, _, _ := strings.Cut(o.Label, " ")
		switch kw {
		case "secret", "faceup", "players", "seat":
			pz.givens = append(pz.givens, id)
		default:
			pz.clues = append(pz.clues, id)
		}
	}
	return pz, nil
}

// answer is the target's first number held by the target.
func (pz *Puzzle) answer() []solver.Fact {
	h, _ := pz.prob.Model().HolderByName(pz.Players[pz.Target] + "#1")
	return []solver.Fact{{Card: cardOf(pz.Number), Holder: h, Holds: true}}
}

// keep narrows the clues to ids and the lines to the setup, the face-up
// lines and those clues.
func (pz *Puzzle) keep(ids []int) {
	pz.clues = slices.Clone(ids)
	obs := pz.prob.Observations()
	kept := map[string]int{}
	pz.Clues = nil
	for _, id := range ids {
		kept[obs[id].Label]++
		pz.Clues = append(pz.Clues, obs[id].Label)
	}
	var lines []string
	for _, l := range pz.Lines {
		kw, _, _ := strings.Cut(l, " ")
		switch {
		case kw == "players" || kw == "seat" || kw == "secret" || kw == "faceup":
			lines = append(lines, l)
		case kept[strings.TrimSpace(l)] > 0:
			kept[strings.TrimSpace(l)]--
			lines = append(lines, l)
		}
	}
	pz.Lines = lines
}

// Log is the puzzle as a Deductio log, header included.
func (pz *Puzzle) Log() string {
	return "game deductio\n" + strings.Join(pz.Lines, "\n") + "\n"
}

// Verify checks the puzzle from scratch: its log loads, the target's number
// is the simulated one, the answer is unique and the clue set minimal (asked
// of the SAT engine, through [puzzle.Minimal]), and every step of the worked
// solution follows from what it cites ([puzzle.CheckSteps]).
func (pz *Puzzle) Verify(ctx context.Context) error {
	g, err := Load(strings.NewReader(pz.Log()))
	if err != nil {
		return fmt.Errorf("deductio: puzzle log: %w", err)
	}
	p := g.Problem()
	h, ok := p.Model().HolderByName(pz.Players[pz.Target] + "#1")
	if !ok {
		return errors.New("deductio: the puzzle log has no target number")
	}
	if t := pz.truth[pz.Players[pz.Target]+"#1"]; len(t) != 1 || t[0] != pz.Number {
		return errors.New("deductio: the answer disagrees with the simulated game")
	}
	in := &puzzle.Instance{Problem: p, Answer: []solver.Fact{{Card: cardOf(pz.Number), Holder: h, Holds: true}}}
	for id, o := range p.Observations() {
		kw, _, _ := strings.Cut(o.Label, " ")
		switch kw {
		case "secret", "faceup", "players", "seat":
			in.Givens = append(in.Givens, id)
		default:
			in.Clues = append(in.Clues, id)
		}
	}
	if len(in.Clues) != len(pz.Clues) {
		return errors.New("deductio: puzzle log: every clue line must be an observation")
	}
	if err := puzzle.Minimal(ctx, in); err != nil {
		return err
	}
	return puzzle.CheckSteps(ctx, &puzzle.Instance{Problem: pz.prob, Givens: pz.givens, Clues: pz.clues, Answer: pz.answer()}, pz.Solution)
}

// words puts solution steps into Deductio's terms.
type words struct {
	puzzle.DefaultWords
}

// Facts words facts about one holder in the game's terms.
func (w words) Facts(fs []solver.Fact) string {
	if len(fs) == 0 {
		return ""
	}
	m := w.Problem.Model()
	nums := make([]string, len(fs))
	for i, f := range fs {
		nums[i] = strconv.Itoa(numberOf(f.Card))
	}
	h := m.HolderName(fs[0].Holder)
	yes := fs[0].Holds
	if name, k, ok := strings.Cut(h, "#"); ok {
		who := name + "'s number"
		if k != "1" {
			who += " #" + k
		}
		switch {
		case yes:
			return who + " is " + nums[0]
		case len(nums) == 1:
			return who + " is not " + nums[0]
		}
		return who + " is none of " + puzzle.List(nums, "or")
	}
	where := "in the Secret Number deck"
	if strings.HasPrefix(h, "faceup") {
		where = "face up"
	}
	switch {
	case yes && len(nums) == 1:
		return nums[0] + " is " + where
	case yes:
		return puzzle.List(nums, "and") + " are " + where
	case len(nums) == 1:
		return nums[0] + " is not " + where
	}
	return "none of " + puzzle.List(nums, "or") + " is " + where
}

// Place names a holder in the game's terms.
func (w words) Place(h solver.Holder) string {
	name := w.Problem.Model().HolderName(h)
	switch {
	case name == "deck":
		return "the Secret Number deck"
	case strings.HasPrefix(name, "faceup"):
		return "the face-up numbers"
	}
	if p, k, ok := strings.Cut(name, "#"); ok {
		if k == "1" {
			return p
		}
		return p + " (number #" + k + ")"
	}
	return name
}

// Rule states a rule of the model in the game's terms.
func (w words) Rule(r solver.Rule) string {
	m := w.Problem.Model()
	switch r.Kind {
	case solver.RuleOneHolder:
		return "every number is in exactly one place"
	case solver.RuleHolderSize:
		h := m.HolderName(solver.Holder(r.Index))
		if name, _, ok := strings.Cut(h, "#"); ok {
			return name + " has one number"
		}
	}
	return w.DefaultWords.Rule(r)
}

// Page lays the puzzle out for print under the given title.
func (pz *Puzzle) Page(title string) *puzzle.Page {
	lines := pz.lineNumbers()
	w := words{DefaultWords: puzzle.DefaultWords{Problem: pz.prob, Lines: lines}}
	me, them := pz.Players[pz.Seat], pz.Players[pz.Target]
	var own string
	var seen []string
	var seenLines []int
	for i, l := range pz.Lines {
		f := strings.Fields(l)
		switch f[0] {
		case "secret":
			own = f[len(f)-1]
		case "players", "seat":
		default:
			seen = append(seen, l)
			seenLines = append(seenLines, i+1)
		}
	}
	setup := []string{
		fmt.Sprintf("Deductio with %d players: %s. Secret Numbers run from 1 to 20, each player has one, all different; face-up numbers are nobody's.", len(pz.Players), strings.Join(pz.Players, ", ")),
		fmt.Sprintf("You are %s. Your number is %s.", me, own),
	}
	var rows []string
	for n := 1; n <= MaxNumber; n++ {
		rows = append(rows, strconv.Itoa(n))
	}
	var cols []string
	for _, p := range pz.Players {
		cols = append(cols, p)
	}
	cols = append(cols, "Up")
	return &puzzle.Page{
		Game:         Name,
		Title:        title,
		Grade:        pz.Solution.Grade.String(),
		Level:        pz.Solution.Grade.Level.String(),
		Seed:         pz.Seed,
		Setup:        setup,
		Clues:        seen,
		ClueLines:    seenLines,
		Notation:     deductioNotation,
		Question:     fmt.Sprintf("What is %s's Secret Number?", them),
		Answer:       []string{fmt.Sprintf("%s's number is %d.", them, pz.Number)},
		Key:          map[string]any{"player": them, "number": pz.Number},
		SheetColumns: cols,
		SheetRows:    rows,
		Solution:     pz.Solution.Lines(pz.prob, w),
		Steps:        pz.Solution.PageSteps(pz.prob, w),
		Log:          pz.Log(),
	}
}

// lineNumbers are the line numbers in the puzzle's log (the header is
// line 0) of the observations kept (the setup, the face-up lines and the
// clues), by id: observations and lines are both in the order of the
// game, so they pair off in order.
func (pz *Puzzle) lineNumbers() map[int]int {
	keep := map[int]bool{}
	for _, id := range pz.givens {
		keep[id] = true
	}
	for _, id := range pz.clues {
		keep[id] = true
	}
	lines := map[int]int{}
	next := 0
	for id, o := range pz.prob.Observations() {
		if !keep[id] {
			continue
		}
		for next < len(pz.Lines) && strings.TrimSpace(pz.Lines[next]) != o.Label {
			next++
		}
		if next < len(pz.Lines) {
			lines[id] = next + 1
			next++
		}
	}
	return lines
}

var deductioNotation = []string{
	"“faceup N ...”: numbers turned face up (nobody's); these lines are given, the others are the clues.",
	"“P plays CLUE”: true of P's number; “P rejects C1 C2 C3”: each false of it; “A guesses P N wrong”: P's number is not N.",
	"Clues: 5-12 (in the range), even, odd, not:9,19 / not:5-12 (none of), single (1-9), double (10-20), >=7, <=7, faceup+1 / faceup-1 (1 more / less than a number face up when played).",
}
