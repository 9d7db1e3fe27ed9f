package deduceordie

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"math/big"
	"slices"
	"strings"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/solver"
)

// AnswerOdds is the chance of one answer to a question.
type AnswerOdds struct {
	Value int
	Odds
}

// Question is one question the seat may ask, with the exact distribution
// of its answer and its expected information gain.
type Question struct {
	Range    Range
	Opponent int
	Secret   bool         // a Secret Interrogation
	Answers  []AnswerOdds // every possible answer, ascending
	// Gain is the expected information gain, in bits, on the joint
	// distribution of (Evidence pair, murderer): the mutual information of
	// the answer and that pair, computed from exact counts.
	Gain float64
	// Leaks are each opponent's expected gain from hearing the answer
	// ([Game.LeakAdvice] only; nil otherwise), Score the ranking score
	// (Gain less the largest leak).
	Leaks []Leak
	Score float64
}

// Advice ranks the questions of one draw of three Interrogation cards.
type Advice struct {
	Draw      [3]Card
	Entropy   float64    // bits of uncertainty left on (Evidence pair, murderer)
	Questions []Question // every legal question of the draw, best first; identical ranges asked of the same opponent are listed once
	// Secret is the best Secret Interrogation, nil when the seat has used it.
	Secret *Question
	// Leaky is set by [Game.LeakAdvice]: the first LeakWeighed questions
	// carry their leaks and are ranked by Score, and include the LeakTop
	// best; the others follow by Gain without leaks. LeakSamples worlds
	// were visited, all of them when LeakExact.
	Leaky       bool
	LeakSamples int
	LeakExact   bool
	LeakWeighed int
	LeakTop     int // the LeakOptions.Top in force
}

// DrawQuestions are the ranges a draw allows: every ordered (low, high)
// pair of two of the three cards, and both choices for two identical cards;
// ranges with the same cards are listed once, in that order.
func DrawQuestions(draw [3]Card) []Range {
	var out []Range
	seen := map[uint32]bool{}
	add := func(r Range) {
		k := mask(r.Cards())
		if !seen[k] {
			seen[k] = true
			out = append(out, r)
		}
	}
	for i := range 3 {
		for j := range 3 {
			if i == j {
				continue
			}
			if draw[i] == draw[j] {
				add(Range{draw[i], draw[i], RankChoice})
				add(Range{draw[i], draw[i], SuitChoice})
				continue
			}
			add(Range{draw[i], draw[j], Span})
		}
	}
	return out
}

// tkey is a key of an outcome (Evidence pair, murderer).
func tkey(cs []Card, h solver.Holder) int {
	k := 0
	for _, c := range cs {
		k = k*NumCards + int(c)
	}
	return k*8 + int(h) + 1
}

// ParseDraw reads three Interrogation cards, as "3H 5S 5S".
func ParseDraw(s string) ([3]Card, error) {
	var d [3]Card
	toks := tokenize(s)
	if len(toks) != 3 {
		return d, fmt.Errorf("%s; a draw is three Interrogation cards, such as 3H 5S 5S", table.Counted(len(toks), "card"))
	}
	for i, t := range toks {
		c, e := parseCard(t.s)
		if e != nil {
			e = e.at(t.col)
			return d, fmt.Errorf("column %d: %s", table.Column(s, e.Col-1), e.Error())
		}
		d[i] = c
	}
	return d, nil
}

// Advice ranks every legal question of the draw for the seat by expected
// information gain on (Evidence pair, murderer), with each answer's exact
// distribution, and finds the best Secret Interrogation if the seat has
// not used it.
func (g *Game) Advice(ctx context.Context, draw [3]Card) (*Advice, error) {
	if g.prob == nil {
		return nil, errNoPlayers
	}
	for _, c := range draw {
		if c < 0 || c >= NumCards {
			return nil, fmt.Errorf("deduceordie: card %d is not in the Motive deck", int(c))
		}
	}
	switch {
	case g.seat < 0:
		return nil, errors.New("advice is for the seat: add a seat line")
	case g.over:
		return nil, errors.New("the game is over")
	case g.eliminated[g.seat]:
		return nil, errors.New(g.players[g.seat] + " made a wrong accusation and takes no more turns")
	}
	// Exact marginals give the sheet (a count of 0 is impossible, the total
	// forced) and the scores of the Secret Interrogation ranges; the same
	// counter's graph gives the (Evidence pair, murderer) joint.
	cnt := g.cnt.Counter(g.prob)
	marg, err := cnt.Marginals(ctx)
	if err != nil {
		return nil, err
	}
	if marg.Total.Sign() == 0 {
		return nil, solver.ErrInconsistent
	}
	sheet := margStatus{marg}
	exposed, ok := g.knownExposed(sheet)
	if !ok {
		return nil, errors.New("advice needs the exposed card: add an exposed line")
	}
	pick := murdererPick(exposed)
	// The tally split builds a graph per opponent: the marginals' graph,
	// no longer needed, goes first (a later report builds it again), so
	// that the two are not held at once.
	cnt.Release()
	// Two ranges with the same open cards for d (and so the same forced
	// ones, and the same answers) are the same question: each is counted
	// once.
	type qkey struct {
		d    int
		open uint32
		lo   int
	}
	keyOf := func(r Range, d int) qkey {
		k := qkey{d: d}
		for _, c := range r.Cards() {
			switch sheet.Status(c, solver.Holder(d)) {
			case solver.Open:
				k.open |= 1 << uint(c)
			case solver.Forced:
				k.lo++
			}
		}
		return k
	}
	var (
		tallies []solver.Tally
		slot    = map[qkey]int{}
	)
	want := func(r Range, d int) {
		k := keyOf(r, d)
		if _, ok := slot[k]; !ok {
			slot[k] = len(tallies)
			tallies = append(tallies, solver.Tally{Holder: solver.Holder(d), Cards: r.Cards()})
		}
	}
	for d := range g.players {
		if d != g.seat {
			for _, r := range DrawQuestions(draw) {
				want(r, d)
			}
		}
	}
	// The Secret Interrogation: every generatable range of every opponent
	// is scored by the variance its answer would have if the cards were
	// independent (from the exact marginals); the best SecretCandidates by
	// that score are evaluated exactly, and the best of them is advised.
	type cand struct {
		r     Range
		d     int
		score float64
	}
	var cands []cand
	if !g.secretUsed[g.seat] {
		for d := range g.players {
			if d == g.seat {
				continue
			}
			seen := map[uint32]bool{}
			for _, r := range SecretRanges() {
				var eff uint32
				score := 0.0
				for _, c := range r.Cards() {
					if sheet.Status(c, solver.Holder(d)) == solver.Open {
						eff |= 1 << uint(c)
						p, _ := marg.Prob(c, solver.Holder(d)).Float64()
						score += p * (1 - p)
					}
				}
				if eff == 0 || seen[eff] {
					continue
				}
				seen[eff] = true
				cands = append(cands, cand{r, d, score})
			}
		}
		slices.SortStableFunc(cands, func(a, b cand) int { return cmp.Compare(b.score, a.score) })
		cands = cands[:min(len(cands), SecretCandidates)]
		for _, c := range cands {
			want(c.r, c.d)
		}
	}
	// One split of the joint by every answer of every question, summed
	// to entropies as it is split; the joint over every world gives the
	// entropy left.
	all, split, err := cnt.EntropyByTally(ctx, g.evidenceH(), pick, tallies)
	if err != nil {
		return nil, err
	}
	h0, total := all.Bits, all.Worlds
	adv := &Advice{Draw: draw, Entropy: h0}
	tf := bigFloat(total)
	answers := make([][]AnswerOdds, len(tallies))
	gains := make([]float64, len(tallies))
	for i, outs := range split {
		cond := 0.0
		for _, o := range outs {
			if o.Worlds.Sign() <= 0 {
				continue
			}
			answers[i] = append(answers[i], AnswerOdds{o.Value, odds(o.Worlds, total)})
			cond += bigFloat(o.Worlds) / tf * o.Bits
		}
		if len(answers[i]) > 1 {
			gains[i] = max(0, h0-cond)
		}
	}
	question := func(r Range, d int, secret bool) Question {
		i := slot[keyOf(r, d)]
		return Question{Range: r, Opponent: d, Secret: secret, Answers: answers[i], Gain: gains[i]}
	}
	for d := range g.players {
		if d == g.seat {
			continue
		}
		for _, r := range DrawQuestions(draw) {
			adv.Questions = append(adv.Questions, question(r, d, false))
		}
	}
	slices.SortStableFunc(adv.Questions, func(a, b Question) int { return cmp.Compare(b.Gain, a.Gain) })
	for _, c := range cands {
		q := question(c.r, c.d, true)
		if adv.Secret == nil || q.Gain > adv.Secret.Gain+1e-12 {
			adv.Secret = &q
		}
	}
	return adv, nil
}

// SecretCandidates is how many Secret Interrogation ranges [Game.Advice]
// evaluates exactly: those whose answer would vary most if the cards were
// independent.
const SecretCandidates = 6

// QuestionLine is the question as a log line without its answer, such as
// "ask me bob 3H..5S".
func (g *Game) QuestionLine(q Question) string {
	kw := "ask"
	if q.Secret {
		kw = "secret"
	}
	return fmt.Sprintf("%s %s %s %s", kw, g.players[g.seat], g.players[q.Opponent], q.Range)
}

// answersText lists the answers after a prefix of indent columns, wrapped
// so that no line is wider than 80 columns.
func answersText(as []AnswerOdds, indent int) string {
	var b strings.Builder
	col := indent
	for i, a := range as {
		part := fmt.Sprintf("%d: %s", a.Value, pct(a.P))
		if i > 0 {
			if col+2+len(part) > 80 {
				b.WriteString("\n" + strings.Repeat(" ", indent))
				col = indent
			} else {
				b.WriteString("  ")
				col += 2
			}
		}
		b.WriteString(part)
		col += len(part)
	}
	return b.String()
}

// WriteAdvice writes advice as text. With leaks ([Game.LeakAdvice]) each
// question also shows the largest expected gain of an opponent from its
// answer ("leak", with the opponent) and the score it is ranked by.
func (g *Game) WriteAdvice(w io.Writer, a *Advice) error {
	var b strings.Builder
	fmt.Fprintf(&b, "Advice for %s, draw %s %s %s\n", g.players[g.seat], CardName(a.Draw[0]), CardName(a.Draw[1]), CardName(a.Draw[2]))
	b.WriteString(g.adviceDecision(a).Text())
	fmt.Fprintf(&b, "\nAll questions: %.3f bits of uncertainty on (Evidence pair, murderer)\n", a.Entropy)
	if a.Leaky {
		how := fmt.Sprintf("sampled over %d worlds", a.LeakSamples)
		if a.LeakExact {
			how = fmt.Sprintf("exact over all %d worlds", a.LeakSamples)
		}
		fmt.Fprintf(&b, "ranked by score = gain - leak, the leak being the most an opponent learns from the answer (%s)\n", how)
		if a.LeakWeighed < len(a.Questions) {
			fmt.Fprintf(&b, "(%d of %d weighed; no other question can reach the top %d: the others follow by gain, not weighed)\n", a.LeakWeighed, len(a.Questions), min(a.LeakTop, a.LeakWeighed))
		}
		fmt.Fprintf(&b, "%7s %7s %7s  %-28s %s\n", "score", "gain", "leak", "question", "leak to")
		for _, q := range a.Questions {
			if q.Leaks == nil {
				fmt.Fprintf(&b, "%7s %7.3f %7s  %-28s %s\n", "-", q.Gain, "-", g.QuestionLine(q), "(not weighed)")
				fmt.Fprintf(&b, "%25s%s\n", "answers ", answersText(q.Answers, 25))
				continue
			}
			who, worst := "-", 0.0
			for _, l := range q.Leaks {
				if l.Gain > worst {
					who, worst = g.players[l.Opponent], l.Gain
				}
			}
			fmt.Fprintf(&b, "%7.3f %7.3f %7.3f  %-28s %s\n", q.Score, q.Gain, worst, g.QuestionLine(q), who)
			fmt.Fprintf(&b, "%25s%s\n", "answers ", answersText(q.Answers, 25))
		}
	} else {
		fmt.Fprintf(&b, "%7s  %-28s %s\n", "gain", "question", "answers")
		for _, q := range a.Questions {
			fmt.Fprintf(&b, "%7.3f  %-28s %s\n", q.Gain, g.QuestionLine(q), answersText(q.Answers, 38))
		}
	}
	if a.Secret != nil {
		fmt.Fprintf(&b, "Secret Interrogation (unused): %.3f  %s\n", a.Secret.Gain, g.QuestionLine(*a.Secret))
		fmt.Fprintf(&b, "%38s%s\n", "", answersText(a.Secret.Answers, 38))
	} else {
		fmt.Fprintf(&b, "Secret Interrogation: already used\n")
	}
	fmt.Fprintf(&b, "%7.3f  pass %s (learns nothing, tells the others nothing)\n", 0.0, g.players[g.seat])
	_, err := io.WriteString(w, b.String())
	return err
}

// Advise writes the advice for a draw given as "3H 5S 5S".
func (g *Game) Advise(ctx context.Context, args string, w io.Writer) error {
	a, err := g.adviceFor(ctx, args)
	if err != nil {
		return err
	}
	return g.WriteAdvice(w, a)
}

// AdviseJSON is [Game.Advise] as one JSON document.
func (g *Game) AdviseJSON(ctx context.Context, args string, w io.Writer) error {
	a, err := g.adviceFor(ctx, args)
	if err != nil {
		return err
	}
	return g.WriteAdviceJSON(w, a)
}

// adviceFor is the advice for the draw args names.
func (g *Game) adviceFor(ctx context.Context, args string) (*Advice, error) {
	d, err := ParseDraw(args)
	if err != nil {
		return nil, err
	}
	return g.LeakAdvice(ctx, d, LeakOptions{})
}

type jsonAnswer struct {
	Value int `json:"value"`
	table.Odds
}

type jsonQuestion struct {
	Line    string       `json:"line"`
	Range   string       `json:"range"`
	Cards   []string     `json:"cards"`
	Player  string       `json:"player"`
	Secret  bool         `json:"secret"`
	Gain    table.Real   `json:"gain"`
	Leaks   []jsonLeak   `json:"leaks,omitempty"`
	Score   *table.Real  `json:"score,omitempty"`
	Answers []jsonAnswer `json:"answers"`
}

type jsonLeak struct {
	Player string     `json:"player"`
	Gain   table.Real `json:"gain"`
	SE     table.Real `json:"se"`
}

type jsonAdvice struct {
	Schema    string         `json:"schema"`
	Game      string         `json:"game"`
	Seat      string         `json:"seat"`
	Draw      []string       `json:"draw"`
	Worlds    string         `json:"worlds"`
	Entropy   table.Real     `json:"entropy"`
	Questions []jsonQuestion `json:"questions"`
	Secret    *jsonQuestion  `json:"secret"`
	Leak      *jsonLeakInfo  `json:"leak,omitempty"`
}

type jsonLeakInfo struct {
	Samples int  `json:"samples"`
	Exact   bool `json:"exact"`
	Weighed int  `json:"weighed"`
	Top     int  `json:"top"`
}

func (g *Game) jsonQuestion(q Question) jsonQuestion {
	j := jsonQuestion{Line: g.QuestionLine(q), Range: q.Range.String(), Player: g.players[q.Opponent], Secret: q.Secret, Gain: table.Real(q.Gain), Cards: []string{}, Answers: []jsonAnswer{}}
	for _, c := range q.Range.Cards() {
		j.Cards = append(j.Cards, CardName(c))
	}
	for _, a := range q.Answers {
		j.Answers = append(j.Answers, jsonAnswer{a.Value, jprob(a.Odds)})
	}
	if q.Leaks != nil || q.Secret && q.Score != 0 {
		j.Score = table.RealPtr(q.Score)
	}
	for _, l := range q.Leaks {
		j.Leaks = append(j.Leaks, jsonLeak{g.players[l.Opponent], table.Real(l.Gain), table.Real(l.StdErr)})
	}
	return j
}

// WriteAdviceJSON writes advice as one JSON document (schema in
// docs/json.md).
func (g *Game) WriteAdviceJSON(w io.Writer, a *Advice) error {
	j := jsonAdvice{Schema: table.Schema, Game: Name, Seat: g.players[g.seat], Entropy: table.Real(a.Entropy), Questions: []jsonQuestion{}}
	for _, c := range a.Draw {
		j.Draw = append(j.Draw, CardName(c))
	}
	for _, q := range a.Questions {
		j.Questions = append(j.Questions, g.jsonQuestion(q))
	}
	// The total the answers' worlds are counted over: the answers of any
	// one question share out every world.
	total := new(big.Int)
	qs := a.Questions
	if a.Secret != nil {
		qs = append(qs[:len(qs):len(qs)], *a.Secret)
	}
	if len(qs) > 0 {
		for _, x := range qs[0].Answers {
			if x.Count != nil {
				total.Add(total, x.Count)
			}
		}
	}
	j.Worlds = total.String()
	if a.Secret != nil {
		s := g.jsonQuestion(*a.Secret)
		j.Secret = &s
	}
	if a.Leaky {
		j.Leak = &jsonLeakInfo{Samples: a.LeakSamples, Exact: a.LeakExact, Weighed: a.LeakWeighed, Top: a.LeakTop}
	}
	return table.WriteJSON(w, j)
}
