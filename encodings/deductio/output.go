package deductio

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/encodings/threat"
	"github.com/gumshoe-dev/gumshoe/solver"
)

// Sheet is the deduction sheet from the seat: one row a number, one column
// for each player's current number, one for the numbers everybody has seen
// (face up in the center or guessed earlier) and one for the deck.
func (g *Game) Sheet(ctx context.Context) (*table.Grid, error) {
	r, err := g.Analyze(ctx)
	if err != nil {
		return nil, err
	}
	st, tal := g.st, g.tal
	grid := &table.Grid{Title: g.title()}
	for _, p := range st.players {
		grid.Holders = append(grid.Holders, p)
	}
	grid.Holders = append(grid.Holders, seenColumn, deckColumn)
	total := tal.total
	cell := func(c int64) table.Cell {
		switch {
		case c == 0:
			return table.Cell{Mark: table.No}
		case c == total:
			return table.Cell{Mark: table.Yes}
		}
		return table.Cell{Mark: table.Maybe, P: float64(c) / float64(total), Exact: big.NewRat(c, total)}
	}
	seen := st.faceUp
	for _, gs := range st.guessed {
		seen |= SetOf(gs...)
	}
	for n := 1; n <= MaxNumber; n++ {
		row := table.Row{Card: strconv.Itoa(n)}
		for i := range st.players {
			row.Cells = append(row.Cells, cell(tal.count[st.cur(i)][n]))
		}
		if seen.Has(n) {
			row.Cells = append(row.Cells, table.Cell{Mark: table.Yes})
		} else {
			row.Cells = append(row.Cells, table.Cell{Mark: table.No})
		}
		row.Cells = append(row.Cells, cell(tal.count[st.deck][n]))
		grid.Rows = append(grid.Rows, row)
	}
	for _, s := range r.Secrets {
		if s.Known != 0 {
			continue
		}
		grid.Headlines = append(grid.Headlines, fmt.Sprintf("%s: %s", s.Player, candidateLine(s.Candidates, 5)))
	}
	if r.Best != nil {
		grid.Headlines = append(grid.Headlines, guessLine(r.Best))
	}
	if line := threat.Headline(r.Players, r.Threats); line != "" {
		grid.Headlines = append(grid.Headlines, line)
	}
	if d := r.Decision(); d != nil {
		grid.Headlines = append(grid.Headlines, d.Headline("guess", "guessing"))
	}
	return grid, nil
}

func (g *Game) title() string {
	t := fmt.Sprintf("Deductio, %d players", len(g.p.players))
	if s := g.Seat(); s != "" {
		t = fmt.Sprintf("Deductio, seat %s, %d players", s, len(g.p.players))
	}
	return t
}

// candidateLine lists the most likely candidates, at most k of them.
func candidateLine(cs []Candidate, k int) string {
	order := make([]Candidate, len(cs))
	copy(order, cs)
	// Stable selection by probability, highest first.
	for i := range order {
		for j := i + 1; j < len(order); j++ {
			if order[j].P.Cmp(order[i].P) > 0 {
				order[i], order[j] = order[j], order[i]
			}
		}
	}
	var parts []string
	for i, c := range order {
		if i == k {
			parts = append(parts, fmt.Sprintf("... (%d numbers)", len(order)))
			break
		}
		parts = append(parts, fmt.Sprintf("%d %s", c.Number, pct(c.P)))
	}
	return strings.Join(parts, ", ")
}

func guessLine(b *Guess) string {
	verb := "play a clue card"
	if b.Advised {
		verb = "guess"
	}
	s := fmt.Sprintf("Advice: %s (best guess %s %d at %s = %s; expected penalty plays %s)", verb, b.Player, b.Number, b.P.RatString(), pct(b.P), b.Penalty.RatString())
	if b.Free {
		s = fmt.Sprintf("Advice: take the free guess %s %d at %s = %s", b.Player, b.Number, b.P.RatString(), pct(b.P))
	}
	return s
}

// Report writes every report as text: each player's candidates with exact
// probabilities, forced numbers, eliminations with the lines that make
// them, what the table knows of the seat's number, and the best guess.
func (g *Game) Report(ctx context.Context, w io.Writer) error {
	r, err := g.Analyze(ctx)
	if err != nil {
		return err
	}
	return r.WriteText(w, g.title())
}

// WriteText writes the report as text under the title.
func (r *Report) WriteText(w io.Writer, title string) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n", title)
	fmt.Fprintf(&b, "face up: %s; deck: %d cards; deals: %s\n", ints(r.FaceUp), r.DeckSize, r.Worlds)
	if len(r.Players) > 0 {
		b.WriteString("correct guesses:")
		for i, p := range r.Players {
			fmt.Fprintf(&b, " %s %d", p, r.Scores[i])
		}
		fmt.Fprintf(&b, " (%d to win)", r.Needed)
		if r.Winner != "" {
			fmt.Fprintf(&b, "; %s won", r.Winner)
		}
		b.WriteString("\n")
	}
	for _, s := range r.Secrets {
		fmt.Fprintf(&b, "\n%s, number %d", s.Player, s.Index)
		if len(s.Guessed) > 0 {
			fmt.Fprintf(&b, " (earlier: %s)", ints(s.Guessed))
		}
		switch {
		case s.Known != 0:
			fmt.Fprintf(&b, ": %d (yours)\n", s.Known)
			continue
		case s.Forced != 0:
			fmt.Fprintf(&b, ": %d, forced\n", s.Forced)
		default:
			fmt.Fprintf(&b, ": %d candidates\n", len(s.Candidates))
		}
		writeCandidates(&b, s.Candidates)
		if len(s.Eliminated) > 0 {
			b.WriteString("  ruled out:")
			for i, e := range s.Eliminated {
				if i > 0 {
					b.WriteString(";")
				}
				fmt.Fprintf(&b, " %d (%s)", e.Number, lineList(e.Lines))
			}
			b.WriteString("\n")
		}
	}
	if r.Exposure != nil {
		e := r.Exposure
		fmt.Fprintf(&b, "\nwhat the table knows of your number: %d candidates", len(e.Candidates))
		if e.Known != 0 {
			for _, c := range e.Candidates {
				if c.Number == e.Known {
					fmt.Fprintf(&b, "; yours, %d, at %s = %s", e.Known, c.P.RatString(), pct(c.P))
				}
			}
		}
		b.WriteString("\n")
		writeCandidates(&b, e.Candidates)
	}
	if r.Best != nil {
		fmt.Fprintf(&b, "\n%s\n", guessLine(r.Best))
	}
	if len(r.Threats) > 0 {
		b.WriteString("\n")
		threat.WriteText(&b, r.Players, r.Threats)
	}
	if d := r.Decision(); d != nil {
		fmt.Fprintf(&b, "\n%s\n", d.Line("guess"))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func writeCandidates(b *strings.Builder, cs []Candidate) {
	for _, c := range cs {
		fmt.Fprintf(b, "  %2d  %-7s %6s\n", c.Number, c.P.RatString(), pct(c.P))
	}
}

func ints(ns []int) string {
	if len(ns) == 0 {
		return "none"
	}
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, " ")
}

func lineList(ls []int) string { return table.LineRefs(ls) }

// The JSON form of a report; docs/json.md is its schema.
type (
	jsonCandidate struct {
		Number int `json:"number"`
		table.Odds
	}
	jsonElim struct {
		Number int   `json:"number"`
		Lines  []int `json:"lines"`
	}
	jsonSecret struct {
		Player     string          `json:"player"`
		Worlds     string          `json:"worlds,omitempty"`
		Index      int             `json:"index"`
		Known      int             `json:"known,omitempty"`
		Forced     int             `json:"forced,omitempty"`
		Guessed    []int           `json:"guessed"`
		Candidates []jsonCandidate `json:"candidates"`
		Eliminated []jsonElim      `json:"eliminated,omitempty"`
	}
	jsonGuess struct {
		Player string `json:"player"`
		Number int    `json:"number"`
		table.Probability
		Penalty      string     `json:"expected_penalty_plays"`
		PenaltyFloat table.Real `json:"expected_penalty_plays_float"`
		Advised      bool       `json:"advised"`
		Free         bool       `json:"free"`
	}
	jsonScore struct {
		Player         string `json:"player"`
		CorrectGuesses int    `json:"correct_guesses"`
	}
	jsonReport struct {
		table.ReportHead
		FaceUp   []int                `json:"face_up"`
		DeckSize int                  `json:"deck_size"`
		Scores   []jsonScore          `json:"scores"`
		Needed   int                  `json:"needed_to_win"`
		Winner   string               `json:"winner,omitempty"`
		Secrets  []jsonSecret         `json:"secrets"`
		Exposure *jsonSecret          `json:"exposure,omitempty"`
		Threats  []threat.JSON        `json:"threats,omitempty"`
		Decision *threat.DecisionJSON `json:"decision,omitempty"`
	}
)

func guessJSON(b *Guess) *jsonGuess {
	return &jsonGuess{Player: b.Player, Number: b.Number, Probability: table.NewProbability(b.P),
		Penalty: table.Fraction(b.Penalty), PenaltyFloat: table.Real(table.Float(b.Penalty)), Advised: b.Advised, Free: b.Free}
}

func toJSONSecret(s Secret) jsonSecret {
	j := jsonSecret{Player: s.Player, Index: s.Index, Known: s.Known, Forced: s.Forced, Guessed: s.Guessed, Candidates: []jsonCandidate{}}
	if j.Guessed == nil {
		j.Guessed = []int{}
	}
	for _, c := range s.Candidates {
		j.Candidates = append(j.Candidates, jsonCandidate{Number: c.Number, Odds: table.NewOdds(c.Worlds, c.P)})
	}
	for _, e := range s.Eliminated {
		j.Eliminated = append(j.Eliminated, jsonElim{Number: e.Number, Lines: e.Lines})
	}
	return j
}

// MarshalJSON writes the report in the schema of docs/json.md, with
// "lines" 0: [Game.ReportJSON] writes the log's count.
func (r *Report) MarshalJSON() ([]byte, error) {
	return json.Marshal(r.json(0))
}

func (r *Report) json(lines int) jsonReport {
	var best *table.BestMove
	if b := r.Best; b != nil {
		best = &table.BestMove{Kind: "guess", Move: fmt.Sprintf("guess %s %d", b.Player, b.Number), Now: b.Advised,
			Certain: b.P.Cmp(big.NewRat(1, 1)) == 0, Player: b.Player, Cards: []string{strconv.Itoa(b.Number)}, Chance: table.ExactChance(b.P)}
	}
	j := jsonReport{ReportHead: table.NewReportHead(Name, lines, r.Players, r.Seat, r.Worlds, best), FaceUp: r.FaceUp, DeckSize: r.DeckSize, Secrets: []jsonSecret{},
		Scores: []jsonScore{}, Needed: r.Needed, Winner: r.Winner, Threats: threat.JSONOf(r.Players, r.Threats)}
	for i, p := range r.Players {
		j.Scores = append(j.Scores, jsonScore{Player: p, CorrectGuesses: r.Scores[i]})
	}
	if j.FaceUp == nil {
		j.FaceUp = []int{}
	}
	for _, s := range r.Secrets {
		j.Secrets = append(j.Secrets, toJSONSecret(s))
	}
	if r.Exposure != nil {
		e := toJSONSecret(*r.Exposure)
		// The exposure is counted in the public view: its candidates'
		// worlds are a share of its own total, stated beside them.
		total := new(big.Int)
		for _, c := range r.Exposure.Candidates {
			if c.Worlds != nil {
				total.Add(total, c.Worlds)
			}
		}
		e.Worlds = total.String()
		j.Exposure = &e
	}
	if d := r.Decision(); d != nil {
		j.Decision = d.JSON()
	}
	return j
}

// ReportJSON writes every report as one JSON document (see docs/json.md
// for the schema).
func (g *Game) ReportJSON(ctx context.Context, w io.Writer) error {
	r, err := g.Analyze(ctx)
	if err != nil {
		return err
	}
	return table.WriteJSON(w, r.json(len(g.Lines())))
}

// Explain explains a fact about a player's current number: "alice 7"
// (alice's number is 7) or "not alice 7", by a minimal set of lines
// forcing it. The player may be written as the sheet heads it ("alic"; see
// [table.MatchName]).
func (g *Game) Explain(ctx context.Context, fact string) (*table.Explanation, error) {
	e, err := g.explain(ctx, fact)
	return e, table.CharColumns(err, fact)
}

// explain is Explain with the columns of its errors in bytes.
func (g *Game) explain(ctx context.Context, fact string) (*table.Explanation, error) {
	ws := splitWords(fact)
	holds := true
	if len(ws) > 0 && strings.EqualFold(ws[0].s, "not") {
		holds, ws = false, ws[1:]
	}
	if len(ws) != 2 {
		return nil, lineErr(0, "a fact such as \"alice 7\" or \"not alice 7\"", "cannot read the fact %q", fact)
	}
	// A name, or a column head of the sheet: a player, "seen" or "deck".
	heads := append(slices.Clone(g.p.players), seenColumn, deckColumn)
	i, err := table.FindName(heads, ws[0].s, true)
	if err != nil {
		return nil, lineErr(ws[0].col, "one of "+strings.Join(heads, ", "), "%v", err)
	}
	if i < 0 {
		return nil, lineErr(ws[0].col, "one of "+strings.Join(heads, ", "), "no player %q", ws[0].s)
	}
	n, err := parseNum(ws[1])
	if err != nil {
		return nil, err
	}
	if heads[i] == seenColumn {
		return g.explainSeen(n, holds)
	}
	var text string
	var f solver.Fact
	if heads[i] == deckColumn {
		text = fmt.Sprintf("%d is in the Secret Number deck", n)
		if !holds {
			text = fmt.Sprintf("%d is not in the Secret Number deck", n)
		}
		f = solver.Fact{Card: cardOf(n), Holder: g.st.deck, Holds: holds}
	} else {
		text = fmt.Sprintf("%s's number is %d", g.p.players[i], n)
		if !holds {
			text = fmt.Sprintf("%s's number is not %d", g.p.players[i], n)
		}
		f = solver.Fact{Card: cardOf(n), Holder: g.st.cur(i), Holds: holds}
	}
	var sat *solver.SAT
	lines, err := g.why(ctx, g.st, &sat, f)
	if err == solver.ErrNotImplied {
		return nil, fmt.Errorf("the lines so far do not force this: %s", text)
	}
	if err != nil {
		return nil, err
	}
	return &table.Explanation{Fact: text, Lines: lines}, nil
}

// The sheet's columns beside the players': the numbers everybody has seen
// and the Secret Number deck.
const (
	seenColumn = "seen"
	deckColumn = "deck"
)

// explainSeen explains the sheet's "seen" column: a number is seen from
// the line that turned it face up or guessed it right; a number not seen
// has simply not been shown by any line, which no line forces.
func (g *Game) explainSeen(n int, holds bool) (*table.Explanation, error) {
	at, seen := g.st.seenAt[n]
	switch {
	case holds && seen:
		return &table.Explanation{Fact: fmt.Sprintf("%d has been seen by everybody", n), Lines: []int{at + 1}}, nil
	case holds:
		return nil, fmt.Errorf("the lines so far do not force this: %d has been seen by everybody", n)
	case seen:
		return nil, fmt.Errorf("the lines so far do not force this: %d has not been seen (line %d shows it)", n, at+1)
	}
	return &table.Explanation{Fact: fmt.Sprintf("%d has not been seen: no line turned it face up or guessed it", n)}, nil
}

// Advise writes which guess to make now, or to play a clue card instead,
// and which of the face-up clue cards to play. args are optional: "free"
// when the seat has a free guess, and the three face-up clue cards (the
// last row line otherwise).
func (g *Game) Advise(ctx context.Context, args string, w io.Writer) error {
	free, row, err := parseAdviseArgs(args)
	if err != nil {
		return err
	}
	a, err := g.Advice(ctx, free, row)
	if err != nil {
		return err
	}
	var b strings.Builder
	if a.Best != nil {
		b.WriteString(guessLine(a.Best))
		b.WriteString("\n")
	} else {
		b.WriteString("No opponent's number is open to a guess.\n")
	}
	if a.ClueErr != nil {
		fmt.Fprintf(&b, "Clue cards: %v\n", a.ClueErr)
	}
	if a.Clue != nil {
		a.Clue.writeText(&b)
	}
	_, err = io.WriteString(w, b.String())
	return err
}

// AdviseJSON is [Game.Advise] as one JSON document: the best guess (null
// when no number is open to one) and the clue-card advice (null, with
// clue_error saying why, when there is none).
func (g *Game) AdviseJSON(ctx context.Context, args string, w io.Writer) error {
	free, row, err := parseAdviseArgs(args)
	if err != nil {
		return err
	}
	adv, err := g.Advice(ctx, free, row)
	if err != nil {
		return err
	}
	doc := jsonAdvice{Schema: table.Schema, Game: Name}
	if b := adv.Best; b != nil {
		doc.Best = guessJSON(b)
	}
	if adv.ClueErr != nil {
		doc.ClueError = adv.ClueErr.Error()
	}
	if a := adv.Clue; a != nil {
		ja := &jsonClueAdvice{Number: a.Number, Play: a.Play, Options: []jsonClueOption{}}
		if a.Rejected != nil {
			p := table.Fraction(a.Rejected)
			ja.Rejected, ja.RejectedFloat = &p, table.RealPtr(table.Float(a.Rejected))
		}
		for _, o := range a.Options {
			jo := jsonClueOption{Clue: o.Clue.String(), True: o.True, Probability: table.NewProbability(o.Mass), Left: o.Left,
				TheirBest: table.Fraction(o.TheirBest), TheirBestFloat: table.Real(table.Float(o.TheirBest))}
			if !math.IsInf(o.Bits, 1) {
				jo.Bits = table.RealPtr(o.Bits)
			}
			if o.Ranked {
				jo.Gain, jo.Score, jo.Leaks = table.RealPtr(o.Gain), table.RealPtr(o.Score), []jsonLeak{}
				for _, l := range o.Leaks {
					jo.Leaks = append(jo.Leaks, jsonLeak{l.Opponent, table.Real(l.Gain)})
				}
			}
			ja.Options = append(ja.Options, jo)
		}
		doc.Clue = ja
	}
	return table.WriteJSON(w, doc)
}

type jsonAdvice struct {
	Schema    string          `json:"schema"`
	Game      string          `json:"game"`
	Best      *jsonGuess      `json:"best"`
	Clue      *jsonClueAdvice `json:"clue"`
	ClueError string          `json:"clue_error,omitempty"`
}

type jsonClueAdvice struct {
	Number        int              `json:"number"`
	Options       []jsonClueOption `json:"options"`
	Play          int              `json:"play"`
	Rejected      *string          `json:"rejected,omitempty"`
	RejectedFloat *table.Real      `json:"rejected_float,omitempty"`
}

type jsonClueOption struct {
	Clue string `json:"clue"`
	True bool   `json:"true"`
	table.Probability
	Bits           *table.Real `json:"bits"` // null: infinite
	Left           int         `json:"left"`
	TheirBest      string      `json:"their_best"`
	TheirBestFloat table.Real  `json:"their_best_float"`
	Gain           *table.Real `json:"gain,omitempty"`
	Leaks          []jsonLeak  `json:"leaks,omitempty"`
	Score          *table.Real `json:"score,omitempty"`
}

type jsonLeak struct {
	Player string     `json:"player"`
	Gain   table.Real `json:"gain"`
}

// parseAdviseArgs reads the arguments of advise: "free" and the face-up
// clue cards, in any order.
func parseAdviseArgs(args string) (free bool, row []Clue, err error) {
	for _, wd := range splitWords(args) {
		if strings.EqualFold(wd.s, "free") {
			free = true
			continue
		}
		c, err := parseClueWord(wd)
		if err != nil {
			return false, nil, err
		}
		row = append(row, c)
	}
	return free, row, nil
}

func (a *ClueChoice) writeText(b *strings.Builder) {
	fmt.Fprintf(b, "Clue cards for your number %d (what each tells the table):\n", a.Number)
	for i, o := range a.Options {
		mark := "  "
		if i == a.Play {
			mark = "->"
		}
		truth := "true "
		if !o.True {
			truth = "false"
		}
		bits := "inf"
		if !math.IsInf(o.Bits, 1) {
			bits = fmt.Sprintf("%.2f", o.Bits)
		}
		fmt.Fprintf(b, "%s %-12s %s  table expected it %s = %s, %s bits; %d numbers left, their best guess %s\n",
			mark, o.Clue, truth, o.Mass.RatString(), pct(o.Mass), bits, o.Left, pct(o.TheirBest))
		if o.Ranked {
			who, worst := "-", 0.0
			for _, l := range o.Leaks {
				if l.Gain > worst {
					who, worst = l.Opponent, l.Gain
				}
			}
			fmt.Fprintf(b, "   %-12s score %.3f = you learn %.3f - leak %.3f bits (to %s)\n", "", o.Score, o.Gain, worst, who)
		}
	}
	switch {
	case a.Play >= 0 && a.Options[a.Play].Ranked:
		fmt.Fprintf(b, "Play %s: the best score (what you learn from its ability, less the most an opponent learns from the play, exact).\n", a.Options[a.Play].Clue)
	case a.Play >= 0:
		fmt.Fprintf(b, "Play %s: it tells the table least.\n", a.Options[a.Play].Clue)
	default:
		fmt.Fprintf(b, "No card is true of %d: take all three horizontally (the table expected that at %s).\n", a.Number, a.Rejected.RatString())
	}
}

// Decision weighs the best guess now against waiting, counting as threats
// only the opponents one correct guess short of winning (nil without a
// best guess or the opponents' figures). A wrong guess costs two clue
// plays rather than the game, so "guess now" is also advised whenever the
// best guess is (the report's Advised).
func (r *Report) Decision() *threat.Decision {
	if r.Best == nil || len(r.Threats) == 0 {
		return nil
	}
	d := threat.Decide(r.Best.P, r.Threats, func(o int) bool { return r.Scores[o] >= r.Needed-1 })
	d.Now = d.Now || r.Best.Advised
	return &d
}
