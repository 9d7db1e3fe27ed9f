package theresbeenamurder

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/estimate"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/notation"
)

// Option is one play weighed: the estimated chances that it wins or loses
// the game at once, with their standard errors.
type Option struct {
	Play      engine.Play
	Win, Lose estimate.Estimate
}

// Score is win-now minus lose-now.
func (o Option) Score() float64 { return o.Win.P - o.Lose.P }

// Advice is the advice for the seat: its plays ranked by win-now minus
// lose-now, and the deck warning.
type Advice struct {
	Hand   []engine.Card
	MyTurn bool // the seat is to play now (its draw done)
	// Taker: the seat's Swain, its draw done, is to choose the player who
	// takes a card of its hand at random; Options are that choice (the
	// card played with each other player), weighed with the drawn card
	// in hand.
	Taker   bool
	Options []Option
	// StoppedAt is the line after which the tracker found no hidden
	// history, so that no play is weighed (0 while it has estimates).
	StoppedAt int
	Warning   string
}

// swainChoosing reports whether the seat's Swain (or the Monkey copying
// it) is to choose now the player who takes from its hand: the play and
// its draw written (and what the draw set off), no choice yet.
func (g *Game) swainChoosing() bool {
	t := &g.turn
	return g.cfg != nil && g.pub.End == engine.Playing && g.cur == g.p.Seat && g.played && g.lastPlay == engine.Swain &&
		!t.chosen && t.short == 0 && (t.swainDrew || t.deck == 0)
}

// takeOutcomes is outcomes for the Swain's choice of o.Q, its draw done:
// the chances that the random take wins and loses the game at once.
func takeOutcomes(s0 *engine.State, p int, o engine.Play, rng *rand.Rand) (win, lose float64) {
	return walkOutcomes(s0, p, o, rng, func(s *engine.State, a *outcomeAgent) { s.SwainTake(a, p); s.CheckDead() })
}

// outcomes plays o for p from s along every path of the choices that
// follow (other players' and chance's uniform, the seat's own later
// choices uniform too; shuffles drawn) and returns the chances that the
// game is won and lost by the end of the play.
func outcomes(s0 *engine.State, p int, o engine.Play, rng *rand.Rand) (win, lose float64) {
	return walkOutcomes(s0, p, o, rng, func(s *engine.State, a *outcomeAgent) { s.PlayCard(a, p, o.Card) })
}

// walkOutcomes runs play from s0 along every path of the choices a
// makes and returns the chances that the game is won and lost by its
// end.
func walkOutcomes(s0 *engine.State, p int, o engine.Play, rng *rand.Rand, play func(*engine.State, *outcomeAgent)) (win, lose float64) {
	a := &outcomeAgent{p: p, o: o}
	seed := rng.Uint64()
	for {
		a.depth, a.w = 0, 1
		a.rng = rand.New(rand.NewPCG(seed, 3))
		s := s0.Clone()
		play(s, a)
		if s.End.Won() {
			win += a.w
		} else if s.Over() {
			lose += a.w
		}
		a.path, a.ns = a.path[:a.depth], a.ns[:a.depth]
		for len(a.path) > 0 && a.path[len(a.path)-1]+1 >= a.ns[len(a.ns)-1] {
			a.path, a.ns = a.path[:len(a.path)-1], a.ns[:len(a.ns)-1]
		}
		if len(a.path) == 0 {
			return win, lose
		}
		a.path[len(a.path)-1]++
	}
}

// mayEnd reports whether play o can end the game at once: an Action that
// passes or discards cards of hands or of the deck (what the Monkey
// copies, for the Monkey), or the Aristocrat's discard. Other plays leave
// the win-now and lose-now chances at 0 without weighing them.
func mayEnd(o engine.Play, s *engine.State) bool {
	eff := o.Card
	if eff == engine.Monkey {
		eff = s.Last
	}
	switch eff {
	case engine.Detective, engine.Cad, engine.Socialite, engine.Swain, engine.Gossip, engine.Invalid, engine.Secretary, engine.Aristocrat:
		return true
	}
	return false
}

// outcomeAgent walks every path of the choices of one play, the play's own
// named players fixed.
type outcomeAgent struct {
	p     int
	o     engine.Play
	path  []int
	ns    []int
	depth int
	w     float64
	rng   *rand.Rand
}

func (a *outcomeAgent) Choose(s *engine.State, d engine.Decision, actor int, opts []int) int {
	if actor == a.p && (d == engine.DTarget || d == engine.DPair || d == engine.DTaker) {
		want := a.o.Q
		if d == engine.DPair {
			want = a.o.Q*16 + a.o.R
		}
		if i := slices.Index(opts, want); i >= 0 {
			return i
		}
	}
	if a.depth == len(a.path) {
		a.path = append(a.path, 0)
		a.ns = append(a.ns, len(opts))
	}
	c := a.path[a.depth]
	a.depth++
	a.w /= float64(len(opts))
	return c
}

func (a *outcomeAgent) Shuffle(cs []engine.Card) {
	a.rng.Shuffle(len(cs), func(i, j int) { cs[i], cs[j] = cs[j], cs[i] })
}

func (a *outcomeAgent) Emit(*engine.State, engine.Event) {}

func (a *outcomeAgent) Look(*engine.State, int, int, engine.Site) {}
func (a *outcomeAgent) Consult(*engine.State, int)                {}
func (a *outcomeAgent) Reveal(*engine.State, int)                 {}

// Advice weighs the seat's plays now: for each, the chance that it wins
// the game at once and that it loses it at once, over the tracker's
// hidden histories; ranked by win minus lose, best first.
func (g *Game) Advice(ctx context.Context) (*Advice, error) {
	if g.cfg == nil {
		return nil, fmt.Errorf("the set-up is not complete")
	}
	seat := g.p.Seat
	adv := &Advice{Hand: g.myHand(), Warning: g.deckWarning()}
	if g.pub.End != engine.Playing {
		return adv, nil
	}
	adv.MyTurn = g.cur == seat && !g.played
	adv.Taker = g.swainChoosing()
	adv.MyTurn = adv.MyTurn || adv.Taker
	if g.track() == nil {
		adv.StoppedAt = g.lostAt
		return adv, nil
	}
	s := g.tr.State()
	plays := s.Plays(seat)
	if adv.Taker {
		plays = plays[:0]
		for _, q := range s.Others(seat) {
			plays = append(plays, engine.Play{Card: g.play.Card, Q: q, R: -1})
		}
	}
	rng := rand.New(rand.NewPCG(uint64(len(g.lines)), 5))
	for _, o := range plays {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		var sw float64
		ws := make([]float64, len(g.tr.Now))
		wins := make([]float64, len(g.tr.Now))
		loses := make([]float64, len(g.tr.Now))
		quiet := !mayEnd(o, s)
		for i, p := range g.tr.Now {
			ws[i] = p.W
			sw += p.W
			switch {
			case adv.Taker:
				wins[i], loses[i] = takeOutcomes(p.S, seat, o, rng)
			case !quiet:
				wins[i], loses[i] = outcomes(p.S, seat, o, rng)
			}
		}
		adv.Options = append(adv.Options, Option{Play: o, Win: weighted(ws, wins, sw), Lose: weighted(ws, loses, sw)})
	}
	slices.SortStableFunc(adv.Options, func(a, b Option) int {
		switch {
		case a.Score() > b.Score():
			return -1
		case a.Score() < b.Score():
			return 1
		}
		return 0
	})
	return adv, nil
}

// weighted is the weighted mean of xs and its standard error.
func weighted(ws, xs []float64, sw float64) estimate.Estimate {
	if sw == 0 {
		return estimate.Estimate{}
	}
	var m float64
	for i := range ws {
		m += ws[i] * xs[i]
	}
	m /= sw
	var v float64
	for i := range ws {
		d := ws[i] / sw * (xs[i] - m)
		v += d * d
	}
	return estimate.Estimate{P: m, SE: math.Sqrt(v)}
}

// Advise writes the advice as text; it takes no arguments.
func (g *Game) Advise(ctx context.Context, args string, w io.Writer) error {
	if strings.TrimSpace(args) != "" {
		return notation.ErrorAt(1, "no arguments", "advice takes no arguments")
	}
	adv, err := g.Advice(ctx)
	if err != nil {
		return err
	}
	var b strings.Builder
	if d := g.decision(adv); d != nil {
		b.WriteString(d.Text() + "\n")
	}
	over := g.pub.End != engine.Playing
	if !adv.MyTurn && !over {
		b.WriteString("Not your play yet: the plays below are weighed as if you played now.\n")
	}
	if adv.Taker {
		fmt.Fprintf(&b, "Your Swain's choice, best first: who takes a card of your hand at random\n(win now − lose now; estimates ± one standard error):\n")
	} else {
		fmt.Fprintf(&b, "Your plays, best first (win now − lose now; estimates ± one standard error):\n")
	}
	for _, o := range adv.Options {
		fmt.Fprintf(&b, "  %-22s win now %-12s lose now %s\n", o.Play.Text(g.p.Players), pct(o.Win), pct(o.Lose))
	}
	switch {
	case len(adv.Options) > 0:
	case over:
		b.WriteString("  no play (the game is over)\n")
	case adv.StoppedAt > 0:
		fmt.Fprintf(&b, "  none weighed: no estimates since line %d (no sampled hidden history fits it)\n", adv.StoppedAt)
	default:
		b.WriteString("  no play\n")
	}
	if adv.Warning != "" {
		b.WriteString(adv.Warning + "\n")
	}
	_, err = io.WriteString(w, b.String())
	return err
}

// AdviseJSON writes the advice as one JSON document.
func (g *Game) AdviseJSON(ctx context.Context, args string, w io.Writer) error {
	if strings.TrimSpace(args) != "" {
		return notation.ErrorAt(1, "no arguments", "advice takes no arguments")
	}
	adv, err := g.Advice(ctx)
	if err != nil {
		return err
	}
	type optJSON struct {
		Play  string       `json:"play"`
		Card  string       `json:"card"`
		Win   estimateJSON `json:"win"`
		Lose  estimateJSON `json:"lose"`
		Score table.Real   `json:"score"`
	}
	doc := struct {
		Schema    string    `json:"schema"`
		Game      string    `json:"game"`
		Hand      []string  `json:"hand"`
		MyTurn    bool      `json:"my_turn"`
		Options   []optJSON `json:"options"`
		StoppedAt int       `json:"stopped_at"`
		Warning   string    `json:"warning"`
	}{Schema: table.Schema, Game: Name, Hand: []string{}, MyTurn: adv.MyTurn, Options: []optJSON{}, StoppedAt: adv.StoppedAt,
		Warning: adv.Warning}
	for _, c := range adv.Hand {
		doc.Hand = append(doc.Hand, c.String())
	}
	for _, o := range adv.Options {
		doc.Options = append(doc.Options, optJSON{o.Play.Text(g.p.Players), o.Play.Card.String(),
			chanceJSON(o.Win), chanceJSON(o.Lose), table.Real(o.Score())})
	}
	return table.WriteJSON(w, doc)
}
