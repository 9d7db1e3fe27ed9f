package clue

import (
	"context"
	"errors"
	"fmt"
	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"io"
	"maps"
	"math"
	"math/big"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// QuestionOption is one legal question of the seat with the exact
// distribution of its answer and the expected information it gives about
// the envelope.
type QuestionOption struct {
	Cards []solver.Card
	Names []string
	// Gain is the mutual information, in bits, between the answer and the
	// envelope's content: the expected drop of the envelope's entropy.
	Gain float64
	// Outcomes are the answers with non-zero probability: who shows (""
	// when nobody can) and the card shown to the seat.
	Outcomes []Outcome
	// Leaks are each opponent's expected gain from hearing the answer
	// ([Game.LeakAdvice] only; nil otherwise), Score the ranking score
	// (Gain less the largest leak).
	Leaks []Leak
	Score float64
}

// Outcome is one answer to a question and its exact probability.
type Outcome struct {
	Shower string // "" when nobody can help
	Card   string // the card shown to the seat, "" when nobody can help
	Prob   *big.Rat
}

// Questions lists the seat's legal questions: one item of each category
// (classic Cluedo) or any two distinct items (the Card Game), in deck order.
func (g *Game) Questions() [][]solver.Card {
	if g.deck == nil {
		return nil
	}
	var out [][]solver.Card
	if g.deck.Style == AnyTwo {
		n := g.deck.NumCards()
		for a := 0; a < n; a++ {
			for b := a + 1; b < n; b++ {
				out = append(out, []solver.Card{solver.Card(a), solver.Card(b)})
			}
		}
		return out
	}
	var rec func(k, first int, cur []solver.Card)
	rec = func(k, first int, cur []solver.Card) {
		if k == len(g.deck.Categories) {
			out = append(out, slices.Clone(cur))
			return
		}
		for i := range g.deck.Categories[k].Items {
			rec(k+1, first+len(g.deck.Categories[k].Items), append(cur, solver.Card(first+i)))
		}
	}
	rec(0, 0, nil)
	return out
}

// Limits of question advice, for custom decks.
const (
	maxQuestionItems = 16      // items a question names
	maxQuestions     = 100_000 // legal questions
)

// checkAdvisable refuses decks whose questions are too many or too long to
// rank.
func (g *Game) checkAdvisable() error {
	if len(g.players) > 64 {
		return fmt.Errorf("clue: question advice handles up to 64 players, not %d", len(g.players))
	}
	if g.deck.Style == AnyTwo {
		if n := g.deck.NumCards(); n*(n-1)/2 > maxQuestions {
			return fmt.Errorf("clue: %d legal questions is more than question advice ranks (%d)", n*(n-1)/2, maxQuestions)
		}
		return nil
	}
	if len(g.deck.Categories) > maxQuestionItems {
		return fmt.Errorf("clue: questions of %d items are longer than question advice handles (%d)", len(g.deck.Categories), maxQuestionItems)
	}
	count := 1
	for _, c := range g.deck.Categories {
		count *= len(c.Items)
		if count > maxQuestions {
			return fmt.Errorf("clue: more legal questions than question advice ranks (%d)", maxQuestions)
		}
	}
	return nil
}

// ErrNoSeat is returned by advice that needs to know whose sheet this is.
var ErrNoSeat = errors.New("clue: no seat: add a seat line")

// AdviseQuestions ranks every legal question of the seat by its expected
// information gain about the envelope, best first (ties in deck order). The
// answer distribution is exact: the responders answer in seating order from
// the seat's left, the first who holds an asked card shows one, and a
// responder holding several asked cards is assumed to show each with equal
// chance.
func (g *Game) AdviseQuestions(ctx context.Context) ([]QuestionOption, error) {
	p, err := g.Problem()
	if err != nil {
		return nil, err
	}
	seat := g.seatIndex()
	if seat < 0 {
		return nil, ErrNoSeat
	}
	if err := g.checkAdvisable(); err != nil {
		return nil, err
	}
	out, err := g.questionGains(ctx, p, g.counts.Counter(p), seat, false, nil)
	if err != nil {
		return nil, err
	}
	sortByGain(out)
	return out, nil
}

// sortByGain sorts questions by gain, largest first, stably.
func sortByGain(out []QuestionOption) {
	slices.SortStableFunc(out, func(x, y QuestionOption) int {
		switch {
		case x.Gain > y.Gain+1e-12:
			return -1
		case y.Gain > x.Gain+1e-12:
			return 1
		}
		return 0
	})
}

// questionGains is the answer distribution and gain of every legal
// question the seat asks, in the order of [Game.Questions], under the
// problem p (counted by cnt): the seat's view, or an opponent's. With
// showerOnly the answer is who showed alone (what a player who does not see
// the card learns): the outcomes then name no card. When only is not nil,
// the questions of the indexes it lacks may be left out (zero values, nil
// Cards): they are computed only when the worlds are enumerated, which
// answers every question in one pass.
func (g *Game) questionGains(ctx context.Context, p *solver.Problem, cnt *solver.Counter, seat int, showerOnly bool, only map[int]bool) ([]QuestionOption, error) {
	sheet, err := solver.NewSAT(p).Sheet(ctx)
	if err != nil {
		return nil, err
	}
	a := &asker{g: g, p: p, cnt: cnt, sheet: sheet, seat: seat, showerOnly: showerOnly}
	// Questions that a symmetry of the problem maps onto each other have
	// the same answer distribution up to renaming: compute one of each.
	class := CardClasses(p, g.deck)
	type rep struct {
		q    []solver.Card
		qa   QuestionOption
		err  error
		need bool // asked for (only)
		done bool
	}
	reps := map[string]*rep{}
	var order []*rep
	keys := make([]string, 0)
	qs := g.Questions()
	for i, q := range qs {
		cq := canonical(q, class)
		k := fmt.Sprint(classesOf(cq, class))
		keys = append(keys, k)
		if reps[k] == nil {
			reps[k] = &rep{q: cq}
			order = append(order, reps[k])
		}
		reps[k].need = reps[k].need || only == nil || only[i]
	}
	// Only the questions asked for.
	order = slices.DeleteFunc(order, func(r *rep) bool { return !r.need })
	// Few worlds: one pass over them answers every question.
	// Enumerate when it is cheaper than counting: a pass costs about 1µs a
	// world plus 5ns a world and question, the counting engine about 20
	// runs of under a millisecond a question (measured on 6-player Cluedo).
	r := float64(len(order))
	limit := int(min(2e6, max(5e3, r*14000/(1+0.005*r))))
	count, err := cnt.Count(ctx)
	if err != nil {
		return nil, err
	}
	if !count.IsInt64() || count.Int64() > int64(limit) {
		limit = 0 // enumWorlds gives up at once
	} else {
		a.worlds = count.Int64()
	}
	if ws, ok := a.collect(ctx, limit); limit > 0 && ok {
		qs := make([][]solver.Card, len(order))
		for i, r := range order {
			qs[i] = r.q
		}
		for i, qa := range a.enumAdvice(ws, qs) {
			order[i].qa, order[i].done = qa, true
		}
		order = nil
	}
	// Many worlds: counting.
	work := make(chan *rep)
	var wg sync.WaitGroup
	for range max(1, min(runtime.GOMAXPROCS(0), len(order))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := range work {
				if ctx.Err() != nil {
					r.err = ctx.Err()
					continue
				}
				r.qa, r.err = a.advise(ctx, r.q)
				r.done = true
			}
		}()
	}
	for _, r := range order {
		work <- r
	}
	close(work)
	wg.Wait()
	var out []QuestionOption
	for i, q := range qs {
		r := reps[keys[i]]
		if r.err != nil {
			return nil, r.err
		}
		if !r.done {
			out = append(out, QuestionOption{})
			continue
		}
		out = append(out, rename(r.qa, canonical(q, class), g.deck.Cards()))
	}
	return out, nil
}

// asker computes the answer distribution of the seat's questions.
type asker struct {
	g     *Game
	p     *solver.Problem
	cnt   *solver.Counter // counts p (nil: the game's counter)
	sheet *solver.Sheet
	seat  int
	// showerOnly: the answer is who showed, not the card (an onlooker's
	// answer).
	showerOnly bool
	// worlds, when above 0, is the number of worlds of p: collect sizes
	// its lists with it.
	worlds int64

	once    sync.Once
	base    []solver.ContentCount
	baseErr error
}

// counter is the counter of a.p: cnt, or the game's when cnt is nil.
func (a *asker) counter() *solver.Counter {
	if a.cnt == nil {
		return a.g.counts.Counter(a.p)
	}
	return a.cnt
}

// baseContents is the envelope distribution of the problem, computed once.
func (a *asker) baseContents(ctx context.Context) ([]solver.ContentCount, error) {
	a.once.Do(func() { a.base, a.baseErr = a.counter().Contents(ctx, a.g.envelope()) })
	return a.base, a.baseErr
}

// contents is the envelope distribution restricted to the worlds of the
// constraints.
func (a *asker) contents(ctx context.Context, cs []solver.Constraint) ([]solver.ContentCount, error) {
	q := a.p.Clone()
	if _, err := q.Add(solver.Observation{Label: "question outcome", Constraints: cs}); err != nil {
		return nil, err
	}
	return solver.NewCounter(q).Contents(ctx, a.g.envelope())
}

// CardClasses numbers the cards so that two cards share a number exactly
// when they are of one category of d and every constraint of p treats them
// alike (same allowed holders, same terms with the same coefficients, the
// same constraints on the card alone wherever they are): swapping them is
// then a symmetry of the problem. Question advice computes one question of
// each class of questions once; so does the tournament's greedy policy.
func CardClasses(p *solver.Problem, d *Deck) []int {
	m := p.Model()
	sig := make([]strings.Builder, m.NumCards())
	for c := range sig {
		fmt.Fprintf(&sig[c], "cat%d;", d.CategoryOf(c))
		for h := 0; h < m.NumHolders(); h++ {
			if !m.Allowed(solver.Card(c), solver.Holder(h)) {
				fmt.Fprintf(&sig[c], "!%d", h)
			}
		}
	}
	// A constraint on one card (a unit: "c is with h", "c is not with h")
	// is named by what it says, not where it is: swapping two cards with
	// the same units maps the set of units onto itself.
	units := make([][]string, m.NumCards())
	for i, o := range p.Observations() {
		for j, k := range o.Constraints {
			if len(k.Terms) == 1 {
				t := k.Terms[0]
				units[t.Lit.Card] = append(units[t.Lit.Card], fmt.Sprintf("|u%d*%d%v%d", t.Lit.Holder, t.Coef, k.Op, k.Bound))
				continue
			}
			for _, t := range k.Terms {
				fmt.Fprintf(&sig[t.Lit.Card], "|%d.%d:%d*%d", i, j, t.Lit.Holder, t.Coef)
			}
		}
	}
	ids := map[string]int{}
	out := make([]int, m.NumCards())
	for c := range sig {
		us := units[c]
		slices.Sort(us)
		for _, u := range slices.Compact(us) {
			sig[c].WriteString(u)
		}
		s := sig[c].String()
		id, ok := ids[s]
		if !ok {
			id = len(ids)
			ids[s] = id
		}
		out[c] = id
	}
	return out
}

// canonical orders a question's cards by class (stably), so that questions
// related by a symmetry line up card by card.
func canonical(q []solver.Card, class []int) []solver.Card {
	out := slices.Clone(q)
	slices.SortStableFunc(out, func(a, b solver.Card) int { return class[a] - class[b] })
	return out
}

func classesOf(q []solver.Card, class []int) []int {
	out := make([]int, len(q))
	for i, c := range q {
		out[i] = class[c]
	}
	return out
}

// rename is the advice of a representative question carried over to a
// question of the same classes, card for card.
func rename(qa QuestionOption, to []solver.Card, names []string) QuestionOption {
	from := qa.Cards
	out := QuestionOption{Gain: qa.Gain}
	for _, o := range qa.Outcomes {
		if o.Card != "" {
			for i, c := range from {
				if names[c] == o.Card {
					o.Card = names[to[i]]
					break
				}
			}
		}
		out.Outcomes = append(out.Outcomes, o)
	}
	// Keep the question in deck order for display.
	out.Cards = slices.Clone(to)
	slices.Sort(out.Cards)
	for _, c := range out.Cards {
		out.Names = append(out.Names, names[c])
	}
	group := map[string]int{}
	for _, o := range out.Outcomes {
		if _, ok := group[o.Shower]; !ok {
			group[o.Shower] = len(group)
		}
	}
	slices.SortStableFunc(out.Outcomes, func(x, y Outcome) int {
		if x.Shower != y.Shower {
			return group[x.Shower] - group[y.Shower]
		}
		return slices.Index(names, x.Card) - slices.Index(names, y.Card)
	})
	return out
}

func (a *asker) advise(ctx context.Context, q []solver.Card) (QuestionOption, error) {
	g := a.g
	n := len(g.players)
	qa := QuestionOption{Cards: q}
	for _, c := range q {
		qa.Names = append(qa.Names, g.deck.Cards()[c])
	}
	var resp []solver.Holder
	for k := 1; k < n; k++ {
		resp = append(resp, solver.Holder((a.seat+k)%n))
	}
	// weight makes the 1/|S| shares integers.
	weight := int64(1)
	for i := 2; i <= len(q); i++ {
		weight = lcm(weight, int64(i))
	}
	type outcome struct{ shower, card int }
	joint := map[string]map[outcome]*big.Int{} // envelope key -> outcome -> weighted count
	// The answers that occur in some world, from the joint distribution of
	// the asked cards' holders: each is an event "the responders before the
	// k-th hold none of the asked cards, the k-th holds exactly the subset
	// mask" (k == len(resp) for nobody).
	occurs := map[[2]int]bool{}
	if !a.showerOnly {
		hj, err := a.counter().Joint(ctx, q)
		if err != nil {
			return qa, err
		}
		for _, jc := range hj {
			k, mask := Answer(jc.Holders, resp)
			occurs[[2]int{k, mask}] = true
		}
	}
	type event struct {
		cs    []solver.Constraint
		outs  []outcome
		share int64
		res   []solver.ContentCount
	}
	var events []*event
	var none []solver.Constraint
	for k, r := range resp {
		if a.showerOnly {
			// An onlooker's answer: r shows, whichever card.
			// Every responder's event is counted (one with no world
			// counts nothing), without the joint distribution that finds
			// which occur.
			lits := make([]solver.Lit, len(q))
			for i, c := range q {
				lits[i] = solver.Lit{Card: c, Holder: r}
			}
			events = append(events, &event{cs: append(slices.Clone(none), solver.CountOf(lits, solver.Ge, 1)), outs: []outcome{{k, -1}}, share: weight})
			for _, c := range q {
				none = append(none, solver.NotHolds(c, r))
			}
			continue
		}
		for mask := 1; mask < 1<<len(q); mask++ {
			if !occurs[[2]int{k, mask}] {
				continue
			}
			cs := slices.Clone(none)
			ev := &event{}
			for i, c := range q {
				if mask&(1<<i) != 0 {
					cs = append(cs, solver.Holds(c, r))
					card := int(c)
					if a.showerOnly {
						card = -1
					}
					ev.outs = append(ev.outs, outcome{k, card})
				} else {
					cs = append(cs, solver.NotHolds(c, r))
				}
			}
			ev.cs, ev.share = cs, weight/int64(len(ev.outs))
			events = append(events, ev)
		}
		for _, c := range q {
			none = append(none, solver.NotHolds(c, r))
		}
	}
	if a.showerOnly || occurs[[2]int{len(resp), 0}] {
		events = append(events, &event{cs: none, outs: []outcome{{-1, -1}}, share: weight})
	}
	// The events split the worlds: the last one's envelope distribution is
	// the whole distribution minus the others'.
	rest := map[string]*big.Int{}
	cards := map[string][]solver.Card{}
	base, err := a.baseContents(ctx)
	if err != nil {
		return qa, err
	}
	for _, cc := range base {
		k := cardsKey(cc.Cards)
		rest[k] = new(big.Int).Set(cc.Count)
		cards[k] = cc.Cards
	}
	for i, ev := range events {
		if i == len(events)-1 {
			for k, v := range rest {
				if v.Sign() > 0 {
					ev.res = append(ev.res, solver.ContentCount{Cards: cards[k], Count: v})
				}
			}
			break
		}
		if ev.res, err = a.contents(ctx, ev.cs); err != nil {
			return qa, err
		}
		for _, cc := range ev.res {
			k := cardsKey(cc.Cards)
			rest[k].Sub(rest[k], cc.Count)
		}
	}
	for _, ev := range events {
		for _, cc := range ev.res {
			key := cardsKey(cc.Cards)
			if joint[key] == nil {
				joint[key] = map[outcome]*big.Int{}
			}
			for _, o := range ev.outs {
				v := joint[key][o]
				if v == nil {
					v = new(big.Int)
					joint[key][o] = v
				}
				v.Add(v, new(big.Int).Mul(cc.Count, big.NewInt(ev.share)))
			}
		}
	}
	// Mutual information of the envelope and the outcome.
	total := new(big.Int)
	pe := map[string]*big.Int{}
	po := map[outcome]*big.Int{}
	for e, row := range joint {
		pe[e] = new(big.Int)
		for o, v := range row {
			total.Add(total, v)
			pe[e].Add(pe[e], v)
			if po[o] == nil {
				po[o] = new(big.Int)
			}
			po[o].Add(po[o], v)
		}
	}
	if total.Sign() == 0 {
		return qa, nil
	}
	tf := bigFloat(total)
	byOutcome := func(x, y outcome) int {
		if x.shower != y.shower {
			if x.shower < 0 {
				return 1
			}
			if y.shower < 0 {
				return -1
			}
			return x.shower - y.shower
		}
		return x.card - y.card
	}
	// The terms are added in a fixed order (envelopes, then outcomes,
	// sorted), so that the float sum, and the ranking of questions whose
	// gains are close, is the same from run to run.
	gain := 0.0
	for _, e := range slices.Sorted(maps.Keys(joint)) {
		row := joint[e]
		ef := bigFloat(pe[e])
		for _, o := range slices.SortedFunc(maps.Keys(row), byOutcome) {
			v := row[o]
			if v.Sign() == 0 {
				continue
			}
			vf := bigFloat(v)
			gain += vf / tf * math.Log2(vf*tf/(ef*bigFloat(po[o])))
		}
	}
	qa.Gain = max(gain, 0)
	outs := slices.SortedFunc(maps.Keys(po), byOutcome)
	for _, o := range outs {
		oc := Outcome{Prob: new(big.Rat).SetFrac(po[o], total)}
		if o.shower >= 0 {
			oc.Shower = g.players[resp[o.shower]]
			if o.card >= 0 {
				oc.Card = g.deck.Cards()[o.card]
			}
		}
		qa.Outcomes = append(qa.Outcomes, oc)
	}
	return qa, nil
}

// cardsKey names a list of cards.
func cardsKey(cs []solver.Card) string {
	b := make([]byte, 0, 2*len(cs))
	for _, c := range cs {
		b = append(b, byte(c), byte(c>>8))
	}
	return string(b)
}

func lcm(a, b int64) int64 {
	x, y := a, b
	for y != 0 {
		x, y = y, x%y
	}
	return a / x * b
}

func bigFloat(x *big.Int) float64 {
	f, _ := new(big.Float).SetInt(x).Float64()
	return f
}

// ShowChoice is the seat's choice of card to show an asker.
type ShowChoice struct {
	Asker string
	// Cards are the seat's cards among those asked, least leaking first;
	// empty when the seat must pass.
	Cards []ShowOption
}

// ShowOption is one card the seat may show and what showing it leaks.
type ShowOption struct {
	Card string
	// SeenByAsker is true when the seat showed this card to the asker
	// before: showing it again tells the asker nothing new.
	SeenByAsker bool
	// SeenBy counts the other players the seat has shown the card to.
	SeenBy int
	// Leak is the information, in bits, the asker gets about the envelope
	// from seeing the card: in the asker's view (their hand, the public
	// lines, the cards shown to them), the entropy of the envelope knowing
	// that the seat holds one of the asked cards, less its entropy knowing
	// the card; averaged over the seat's worlds, each fixing the asker's
	// view ([ShowOptions]: exact over few worlds, else sampled, LeakSE its
	// standard error).
	Leak   float64
	LeakSE float64
}

// ShowOptions tune the exact leaks of [Game.AdviseShow]: every world of
// the seat's view is visited when there are at most Samples of them
// (default 64), else Samples are drawn uniformly with Seed.
type ShowOptions struct {
	Samples int
	Seed    uint64
}

// AdviseShow says which card to show when asker asks the seat about cards.
func (g *Game) AdviseShow(ctx context.Context, askerName string, cards []solver.Card) (*ShowChoice, error) {
	p, err := g.Problem()
	if err != nil {
		return nil, err
	}
	seat := g.seatIndex()
	if seat < 0 {
		return nil, ErrNoSeat
	}
	asker := slices.IndexFunc(g.players, func(n string) bool { return strings.EqualFold(n, askerName) })
	if asker < 0 {
		return nil, fmt.Errorf("clue: no player %q", askerName)
	}
	sheet, err := solver.NewSAT(p).Sheet(ctx)
	if err != nil {
		return nil, err
	}
	sa := &ShowChoice{Asker: g.players[asker]}
	var mine []solver.Card
	for _, c := range cards {
		if sheet.Status(c, solver.Holder(seat)) == solver.Forced {
			mine = append(mine, c)
		}
	}
	leaks, ses, err := g.showLeaks(ctx, p, asker, seat, cards, mine, ShowOptions{})
	if err != nil {
		return nil, err
	}
	for i, c := range mine {
		o := ShowOption{Card: g.deck.Cards()[c], SeenByAsker: g.shown[g.players[asker]][c], Leak: leaks[i], LeakSE: ses[i]}
		for who, set := range g.shown {
			if who != g.players[asker] && set[c] {
				o.SeenBy++
			}
		}
		sa.Cards = append(sa.Cards, o)
	}
	slices.SortStableFunc(sa.Cards, func(x, y ShowOption) int {
		switch {
		case x.SeenByAsker != y.SeenByAsker:
			if x.SeenByAsker {
				return -1
			}
			return 1
		case x.Leak < y.Leak-1e-12:
			return -1
		case y.Leak < x.Leak-1e-12:
			return 1
		}
		return y.SeenBy - x.SeenBy
	})
	return sa, nil
}

// topQuestions is how many questions the text advice lists.
const topQuestions = 10

// Advice is what the advise command answers: the seat's questions ranked,
// or which card to show an asker. Exactly one of Questions and Show is not
// nil.
type Advice struct {
	// Questions are every legal question of the seat, most informative
	// first (empty, not nil, when there is none).
	Questions []QuestionOption
	// Show is which card to show an asker.
	Show *ShowChoice
	// Leak is set when the questions carry their leaks and are ranked by
	// score ([Game.LeakAdvice]).
	Leak *LeakInfo
}

// Advice computes the advice args ask for: the ranked questions (with no
// arguments or "ask"), or which card to show ("show ASKER CARD CARD
// [CARD]").
func (g *Game) Advice(ctx context.Context, args string) (*Advice, error) {
	toks := lex(args)
	switch {
	case len(toks) == 0 || (len(toks) == 1 && toks[0].is("ask", "question", "questions")):
		return g.LeakAdvice(ctx, LeakOptions{Limit: SessionLeakLimit})
	case toks[0].is("show"):
		if len(toks) < 3 {
			return nil, lineErr(0, "show needs the asker and the asked cards", "show ASKER CARD CARD [CARD]")
		}
		if g.deck == nil {
			return nil, lineErr(0, "no deck yet", "a preset line first")
		}
		// The asker and the cards are checked as in the line "ASKER asks
		// CARDS: SEAT shows".
		asker, err := g.player(toks[1])
		if err != nil {
			return nil, err
		}
		if g.players[asker] == g.seat {
			return nil, lineErr(toks[1].col, g.seat+" is your seat: you are not asked to show to yourself", "the player asking you")
		}
		if g.out[g.players[asker]] {
			return nil, lineErr(toks[1].col, g.players[asker]+" made a wrong accusation and can no longer ask", "a player still in the game")
		}
		cards, i, err := g.parseCards(toks, 2, false)
		if err != nil {
			return nil, err
		}
		if i < len(toks) {
			return nil, lineErr(toks[i].col, "unexpected "+toks[i].text, "the end of the line")
		}
		sa, err := g.AdviseShow(ctx, toks[1].text, cards)
		if err != nil {
			return nil, err
		}
		return &Advice{Show: sa}, nil
	}
	return nil, lineErr(toks[0].col, "unknown advice "+toks[0].text, `nothing, "ask", or "show ASKER CARD..."`)
}

// Advise writes advice. With no arguments (or "ask") it ranks the seat's
// questions; "show ASKER CARD CARD [CARD]" says which card to show.
func (g *Game) Advise(ctx context.Context, args string, w io.Writer) error {
	a, err := g.Advice(ctx, args)
	if err != nil {
		return err
	}
	qs, sa := a.Questions, a.Show
	if sa == nil {
		if _, err := io.WriteString(w, questionsDecision(qs, a.Leak != nil).Text()+"\n"); err != nil {
			return err
		}
		if a.Leak != nil {
			return WriteLeakQuestions(w, qs, *a.Leak, topQuestions)
		}
		return WriteQuestions(w, qs, topQuestions)
	}
	var b strings.Builder
	sa.writeText(&b)
	_, err = io.WriteString(w, b.String())
	return err
}

// AdviseJSON is [Game.Advise] as one JSON document: "questions", every
// legal question ranked, or "show", the cards the seat may show.
func (g *Game) AdviseJSON(ctx context.Context, args string, w io.Writer) error {
	a, err := g.Advice(ctx, args)
	if err != nil {
		return err
	}
	qs, sa := a.Questions, a.Show
	type outcomeJSON struct {
		Shower string `json:"shower"`
		Card   string `json:"card"`
		table.Probability
	}
	type leakJSON struct {
		Player string     `json:"player"`
		Gain   table.Real `json:"gain"`
		SE     table.Real `json:"se"`
	}
	type questionJSON struct {
		Cards    []string      `json:"cards"`
		Gain     table.Real    `json:"gain"`
		Leaks    []leakJSON    `json:"leaks,omitempty"`
		Score    *table.Real   `json:"score,omitempty"`
		Outcomes []outcomeJSON `json:"outcomes"`
	}
	type leakInfoJSON struct {
		Samples int  `json:"samples"`
		Exact   bool `json:"exact"`
		Weighed int  `json:"weighed"`
		Capped  bool `json:"capped"`
	}
	type showJSON struct {
		Card        string     `json:"card"`
		SeenByAsker bool       `json:"seen_by_asker"`
		SeenBy      int        `json:"seen_by"`
		Leak        table.Real `json:"leak"`
		LeakSE      table.Real `json:"leak_se"`
	}
	doc := struct {
		Schema    string          `json:"schema"`
		Game      string          `json:"game"`
		Questions *[]questionJSON `json:"questions,omitempty"`
		Leak      *leakInfoJSON   `json:"leak,omitempty"`
		Asker     string          `json:"asker,omitempty"`
		Show      []showJSON      `json:"show,omitempty"`
	}{Schema: table.Schema, Game: Name}
	if qs != nil {
		jqs := []questionJSON{}
		for _, q := range qs {
			jq := questionJSON{Cards: q.Names, Gain: table.Real(q.Gain), Outcomes: []outcomeJSON{}}
			if q.Leaks != nil {
				jq.Score = table.RealPtr(q.Score)
				jq.Leaks = []leakJSON{}
				for _, l := range q.Leaks {
					jq.Leaks = append(jq.Leaks, leakJSON{l.Opponent, table.Real(l.Gain), table.Real(l.StdErr)})
				}
			}
			for _, o := range q.Outcomes {
				jq.Outcomes = append(jq.Outcomes, outcomeJSON{Shower: o.Shower, Card: o.Card, Probability: table.NewProbability(o.Prob)})
			}
			jqs = append(jqs, jq)
		}
		doc.Questions = &jqs
		if a.Leak != nil {
			doc.Leak = &leakInfoJSON{a.Leak.Samples, a.Leak.Exact, a.Leak.Weighed, a.Leak.Capped}
		}
	}
	if sa != nil {
		doc.Asker, doc.Show = sa.Asker, []showJSON{}
		for _, o := range sa.Cards {
			doc.Show = append(doc.Show, showJSON{Card: o.Card, SeenByAsker: o.SeenByAsker, SeenBy: o.SeenBy, Leak: table.Real(o.Leak), LeakSE: table.Real(o.LeakSE)})
		}
	}
	return table.WriteJSON(w, doc)
}

// WriteQuestions writes ranked questions as text, the top ones with the
// distribution of their answers.
func WriteQuestions(w io.Writer, qs []QuestionOption, top int) error {
	var b strings.Builder
	fmt.Fprintf(&b, "Questions by expected information about the envelope (%d legal; a responder holding several asked cards is assumed to show each with equal chance):\n", len(qs))
	for i, q := range qs {
		if i == top {
			fmt.Fprintf(&b, "  ... %d more\n", len(qs)-i)
			break
		}
		fmt.Fprintf(&b, "  %2d. %-36s %.3f bits\n", i+1, strings.Join(q.Names, " "), q.Gain)
		for _, o := range q.Outcomes {
			what := "nobody can help"
			if o.Shower != "" {
				what = o.Shower + " shows " + o.Card
			}
			fmt.Fprintf(&b, "        %-30s %s\n", what, percent(o.Prob))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteLeakQuestions writes questions ranked by [Game.LeakAdvice] as text:
// the top ones with their score, the seat's gain, the largest leak and to
// whom, and the distribution of their answers.
func WriteLeakQuestions(w io.Writer, qs []QuestionOption, info LeakInfo, top int) error {
	var b strings.Builder
	how := fmt.Sprintf("sampled over %d worlds", info.Samples)
	if info.Exact {
		how = fmt.Sprintf("exact over all %d worlds", info.Samples)
	}
	fmt.Fprintf(&b, "Questions by score = gain - leak (%d legal; leaks %s):\n", len(qs), how)
	switch {
	case info.Capped:
		fmt.Fprintf(&b, "(the %d of highest gain weighed; the others follow by gain alone)\n", info.Weighed)
	case info.Weighed < len(qs):
		fmt.Fprintf(&b, "(%d weighed by decreasing gain: no other can reach the top %d)\n", info.Weighed, top)
	}
	b.WriteString("gain: what you expect to learn about the envelope, in bits; leak: the most an\nopponent expects to learn from hearing who passed and who showed (a responder\nholding several asked cards is assumed to show each with equal chance)\n")
	fmt.Fprintf(&b, "  %3s %-36s %7s %7s %7s  %s\n", "", "question", "score", "gain", "leak", "leak to")
	for i, q := range qs {
		if i == top {
			fmt.Fprintf(&b, "  ... %d more\n", len(qs)-i)
			break
		}
		who, worst := q.MaxLeak()
		if who == "" {
			who = "-"
		}
		fmt.Fprintf(&b, "  %2d. %-36s %7.3f %7.3f %7.3f  %s\n", i+1, strings.Join(q.Names, " "), q.Score, q.Gain, worst, who)
		for _, o := range q.Outcomes {
			what := "nobody can help"
			if o.Shower != "" {
				what = o.Shower + " shows " + o.Card
			}
			fmt.Fprintf(&b, "        %-30s %s\n", what, percent(o.Prob))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func (sa *ShowChoice) writeText(b *strings.Builder) {
	switch len(sa.Cards) {
	case 0:
		fmt.Fprintf(b, "You hold none of the asked cards: pass.\n")
		return
	case 1:
		fmt.Fprintf(b, "Show %s to %s: it is your only matching card.\n", sa.Cards[0].Card, sa.Asker)
		return
	}
	fmt.Fprintf(b, "Show %s to %s. Your matching cards, least leaking first:\n", sa.Cards[0].Card, sa.Asker)
	for _, o := range sa.Cards {
		note := fmt.Sprintf("leaks %.3f bits", o.Leak)
		if o.LeakSE > 0 {
			note += fmt.Sprintf(" ±%.3f", o.LeakSE)
		}
		if o.SeenByAsker {
			note = "already seen by " + sa.Asker + ": leaks nothing"
		}
		fmt.Fprintf(b, "  %-14s %s (shown to %s)\n", o.Card, note, table.Counted(o.SeenBy, "other player"))
	}
}

// showLeaks is, for each card of mine, what asker learns about the
// envelope by seeing it (see [ShowOption.Leak]), with its standard error.
func (g *Game) showLeaks(ctx context.Context, p *solver.Problem, asker, seat int, asked, mine []solver.Card, opt ShowOptions) ([]float64, []float64, error) {
	if opt.Samples <= 0 {
		opt.Samples = 64
	}
	cnt := g.counts.Counter(p)
	n, err := cnt.Count(ctx)
	if err != nil {
		return nil, nil, err
	}
	var worlds []solver.World
	exact := n.IsInt64() && n.Int64() <= int64(opt.Samples)
	if exact {
		for w := range solver.NewSAT(p).Worlds(ctx) {
			worlds = append(worlds, w)
		}
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
	} else {
		rng := rand.New(rand.NewPCG(opt.Seed, 0x73686f77))
		for range opt.Samples {
			w, err := cnt.Sample(ctx, rng)
			if err != nil {
				return nil, nil, err
			}
			worlds = append(worlds, w)
		}
	}
	ck := g.threatCheck(p)
	known := ck.views.Known(asker)
	// "The seat holds one of the asked cards": what the asker knows
	// before seeing the card.
	lits := make([]solver.Lit, len(asked))
	for k, c := range asked {
		lits[k] = solver.Lit{Card: c, Holder: solver.Holder(seat)}
	}
	some := solver.CountOf(lits, solver.Ge, 1)
	env := g.envelope()
	entropy := func(q *solver.Problem) (float64, error) {
		cc, err := solver.NewCounter(q).Contents(ctx, env)
		if err != nil {
			return 0, err
		}
		var total float64
		var fs []float64
		for _, x := range cc {
			f := bigFloat(x.Count)
			fs = append(fs, f)
			total += f
		}
		h := 0.0
		for _, f := range fs {
			if f > 0 {
				h -= f / total * math.Log2(f/total)
			}
		}
		return h, nil
	}
	per := make([][]float64, len(mine))
	cache := map[string][]float64{}
	for _, w := range worlds {
		// The asker's view in w, averaged over the cards shown to them out
		// of the seat's sight.
		combos := ck.combos(asker, w)
		sum := make([]float64, len(mine))
		for _, cb := range combos {
			ck.extra = cb
			key, seen := ck.views.Seen(asker, w)
			ls, ok := cache[key]
			if !ok {
				base := known.Clone()
				if _, err := base.Add(solver.Observation{Label: "seen", Constraints: append(slices.Clone(seen), some)}); err != nil {
					return nil, nil, err
				}
				h0, err := entropy(base)
				if err != nil {
					return nil, nil, err
				}
				for _, c := range mine {
					q := base.Clone()
					if _, err := q.Add(solver.Observation{Label: "shown", Constraints: []solver.Constraint{solver.Holds(c, solver.Holder(seat))}}); err != nil {
						return nil, nil, err
					}
					h1, err := entropy(q)
					if err != nil {
						return nil, nil, err
					}
					ls = append(ls, max(h0-h1, 0))
				}
				cache[key] = ls
			}
			for i := range mine {
				sum[i] += ls[i] / float64(len(combos))
			}
		}
		ck.extra = nil
		for i := range mine {
			per[i] = append(per[i], sum[i])
		}
	}
	leaks := make([]float64, len(mine))
	ses := make([]float64, len(mine))
	for i, xs := range per {
		m := 0.0
		for _, x := range xs {
			m += x
		}
		m /= float64(len(xs))
		leaks[i] = m
		if !exact && len(xs) > 1 {
			v := 0.0
			for _, x := range xs {
				v += (x - m) * (x - m)
			}
			ses[i] = math.Sqrt(v / float64(len(xs)-1) / float64(len(xs)))
		}
	}
	return leaks, ses, nil
}

// Answer is who answers a question whose asked cards are held by holders
// (in the question's order): k is the index in responders (in the order
// they answer) of the first who holds one of them, len(responders) when
// none does, and mask the set of asked cards it holds (bit i for
// holders[i]), 0 for none.
func Answer(holders, responders []solver.Holder) (k, mask int) {
	k = len(responders)
	for i, h := range holders {
		r := slices.Index(responders, h)
		switch {
		case r < 0:
		case r < k:
			k, mask = r, 1<<i
		case r == k:
			mask |= 1 << i
		}
	}
	return k, mask
}
