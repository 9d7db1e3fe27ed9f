package murderbythedeck

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

var (
	worthRounds   = flag.Int("mbtd.rounds", 200, "round deals BenchmarkMatches plays (each once by the fixed rule and once by each variant)")
	worthVariants = flag.String("mbtd.variants", "advice", "BenchmarkMatches: the variants played in the advice seat, comma-separated (advice, fixed, blockend, old, simple, accuse35, accuse50, accuse70, accuse90, certain, wait, nolast, noblock, keepdeath, naive, dumpdeath, hoard, mhoard)")
	worthRules    = flag.String("mbtd.rules", "", "BenchmarkMatches: the rule lines' values, e.g. \"discard sheet\" (empty: the defaults)")
	worthWorkers  = flag.Int("mbtd.workers", 2, "BenchmarkMatches: rounds played at once")
	worthFor      = flag.Duration("mbtd.for", 0, "BenchmarkMatches: stop starting deals after this long (0: play them all); the figures are of the deals played in full")
)

// tracked is a player's view of the round as a tracker: its Game, fed the
// lines of its seat's log when a decision needs it.
type tracked struct {
	seat int
	g    *Game
	// ev is the number of the round's events fed so far.
	ev int
	// slow feeds the lines with Game.Apply (each checked by the SAT
	// engine) and asks murdererOdds in full: the reference the shortcuts
	// (feed, which adds them unchecked and compiles once, and odds) are
	// tested against.
	slow bool
}

func (t *tracked) update(r *Round) error {
	var lines []string
	if t.g == nil {
		t.g = NewGame()
		t.g.SetSamples(Samples / 2)
		t.g.SetMaxSamples(Samples)
		lines = SeatLog(r.Rules, SimPlayers, t.seat, r.Deal[t.seat*HandSize:(t.seat+1)*HandSize], nil)
	}
	for ; t.ev < len(r.Events); t.ev++ {
		if l, ok := EventLine(SimPlayers, t.seat, r.Events[t.ev]); ok {
			lines = append(lines, l)
		}
	}
	if !t.slow {
		return feed(t.g, lines)
	}
	for _, l := range lines {
		if err := t.g.Apply(l); err != nil {
			return err
		}
	}
	return nil
}

// odds is each player's murderer status as the fixed rule reads it. When
// some other living player has a positive estimate, the SAT questions of
// murdererOdds (asked of the players whom every sampled world shows the
// murderer, or none does) cannot change its decision: the most likely
// player is then one of positive chance, a ✓ weighs 1 as an estimate of 1
// does, and a ✗ only takes out a player of chance 0. The estimate alone
// answers then; otherwise, or when the tracker is slow, murdererOdds does.
func (t *tracked) odds(ctx context.Context, r *Round, p int) ([Players]spadeOdds, error) {
	if t.slow {
		return t.g.murdererOdds(ctx)
	}
	est, err := t.g.Estimate(ctx)
	if err != nil {
		return [Players]spadeOdds{}, err
	}
	var out [Players]spadeOdds
	some := false
	for q := range Players {
		out[q] = spadeOdds{status: "open", p: est.SpadeP(q), se: est.SpadeSE(q)}
		if !r.Alive[q] {
			out[q].status = "dead"
		}
		some = some || (q != p && r.Alive[q] && est.SpadeP(q).Sign() > 0)
	}
	if !some {
		return t.g.murdererOdds(ctx)
	}
	return out, nil
}

// feed adds lines the simulator wrote (so legal and consistent with each
// other and with the round) to g without the SAT check Apply makes of
// each, compiling the model once at the end: the state it leaves is the
// one Apply leaves, and so is every figure the tracker gives (the
// estimate's seed is the lines' text; the SAT engine is built from the
// same problem when a question needs it).
func feed(g *Game, lines []string) error {
	if len(lines) == 0 {
		return nil
	}
	st := g.st.clone()
	key := g.key
	for _, l := range lines {
		n := len(g.lines) + 1
		if err := st.apply(n, l); err != nil {
			return fmt.Errorf("line %d %q: %w", n, l, err)
		}
		g.lines = append(g.lines, l)
		key += "\n" + fmt.Sprint(n) + "\x00" + l
	}
	cp, err := st.compile()
	if err != nil {
		return err
	}
	g.st, g.cp, g.est, g.estErr, g.an, g.key = st, cp, nil, nil, nil, key
	g.work, g.sat = nil, nil
	return nil
}

// style is how a simulated player decides. The fixed rule (fixedStyle)
// plays as the advice says, by fixed rules, but for one decision, where
// it plays as the advice did before: a BLOCKed player accuses at an even
// chance (the advice waits until it is certain, AccuseAt; variant wait
// plays that by the fixed rule). It collects its suit (a dealt
// death card kept until its place is needed), calls BLOCK as soon as it
// can unless the BLOCK would end the round before its next turn, accuses
// the tracker's most likely murderer once that is right with a chance of
// one half or more, or with any chance at its last chance
// (Advice.LastChance), and, as the murderer, discards a death card it may
// whenever another living player can draw it (a kill for it). A variant
// changes one decision; old is the fixed rule of before (accuse only when
// certain, a dealt death card discarded first, the murderer keeping its
// Spades); simple is a player by plain rules (the card drawn discarded
// unless it is a family card of its suit, BLOCK whenever allowed, accuse
// only when certain); advice takes the BLOCK and accusations from
// Game.Advice.
type style struct {
	name string
	// advice: BLOCK, accusations and discards as Game.Advice says.
	advice bool
	// accuseAt is the chance at which the most likely murderer is accused
	// (1: only when certain); last accuses at any chance when the round
	// ends before the player's next turn.
	accuseAt float64
	last     bool
	// noBlock: never call BLOCK (accuse at once instead, by the rule).
	noBlock bool
	// keepDeath: the murderer keeps its death cards (collects Spades).
	keepDeath bool
	// naive: discard the card drawn unless it is a family card of the
	// suit collected (then the first legal card not of it).
	naive bool
	// dumpDeath: a non-murderer discards a dealt death card first.
	dumpDeath bool
	// blockEnd: BLOCK whenever allowed, even when the BLOCK ends the round
	// before the player's next turn (at most one other living player
	// neither BLOCKed nor after a lucky break: docs/rules reading 27c), so
	// that the player never gets to accuse. Without it the player accuses
	// then instead, as at its last chance.
	blockEnd bool
	// hoard: a null card is discarded before a family card of another
	// suit even when only null cards are out of the hands, and by the
	// murderer before its first kill (the fixed rule before: such rounds
	// went on until the turn limit).
	hoard bool
	// mhoard: the murderer discards a null card before a family card of
	// another suit before its first kill too (hoard does as well).
	mhoard bool
}

var fixedStyle = style{name: "fixed", accuseAt: 0.5, last: true}

var styles = map[string]style{
	"fixed":     fixedStyle,
	"blockend":  {name: "blockend", accuseAt: 0.5, last: true, blockEnd: true},
	"simple":    {name: "simple", accuseAt: 1, naive: true, blockEnd: true},
	"advice":    {name: "advice", advice: true},
	"old":       {name: "old", accuseAt: 1, dumpDeath: true, keepDeath: true},
	"accuse35":  {name: "accuse35", accuseAt: 0.35, last: true},
	"accuse50":  {name: "accuse50", accuseAt: 0.5, last: true},
	"accuse70":  {name: "accuse70", accuseAt: 0.7, last: true},
	"accuse90":  {name: "accuse90", accuseAt: 0.9, last: true},
	"certain":   {name: "certain", accuseAt: 1},
	"wait":      {name: "wait", accuseAt: 1, last: true},
	"nolast":    {name: "nolast", accuseAt: 0.5},
	"noblock":   {name: "noblock", accuseAt: 0.5, last: true, noBlock: true},
	"keepdeath": {name: "keepdeath", accuseAt: 0.5, last: true, keepDeath: true},
	"naive":     {name: "naive", accuseAt: 0.5, last: true, naive: true},
	"dumpdeath": {name: "dumpdeath", accuseAt: 0.5, last: true, dumpDeath: true},
	"hoard":     {name: "hoard", accuseAt: 0.5, last: true, hoard: true},
	"mhoard":    {name: "mhoard", accuseAt: 0.5, last: true, mhoard: true},
}

// accusal is an accusation a player made: the chance its tracker gave
// the accused, and whether it was right.
type accusal struct {
	p     float64
	right bool
}

// player is a simulated player that tries to win, by its style: it
// collects the suit it holds most of (the murderer: Spades), discarding
// Spades it may, then null cards, then the suits it holds fewest of
// (rankDiscardsFor, the advice's ranking), and turns to its next best
// suit after 10 to 29 own turns without a new card of its suit (two
// players after one suit would otherwise wait forever).
type player struct {
	style
	t     tracked
	err   error
	rng   *rand.Rand
	accs  []accusal
	drawn Card
	// target is the suit collected, best the most family cards of it held
	// so far, stuck the own turns since that grew and patience how many
	// such turns the player waits before it collects its next best suit.
	target, best, stuck, patience int
	// turns counts the player's turns with a choice (Act), fullAt is the
	// first of them that started with a complete family of a suit other
	// than Spades (0: none), consults the turns its tracker was asked.
	turns, fullAt, consults int
	// failed counts the turns its tracker could not answer.
	failed int
}

func (a *player) Act(r *Round, p int, legal []Action) Action {
	a.turns++
	if suit, full := fullFamily(r.Hands[p]); full && suit != Spades && a.fullAt == 0 {
		a.fullAt = a.turns
	}
	canBlock, canAccuse := false, false
	for _, x := range legal {
		canBlock = canBlock || x.Kind == Block
		canAccuse = canAccuse || x.Kind == Accuse
	}
	if canBlock && !a.noBlock && !a.advice && (a.blockEnd || openOthers(r.Alive, r.Blocked, r.LuckyUsed, p) >= 2) {
		return Action{Kind: Block}
	}
	suit, full := fullFamily(r.Hands[p])
	if (a.advice && canBlock && !a.noBlock) || (canAccuse && full && suit != Spades) {
		if x, ok := a.decide(r, p, legal); ok {
			return x
		}
	}
	for _, x := range legal {
		if x.Kind == Draw {
			return x
		}
	}
	return legal[0]
}

// decide asks the player's tracker (or advice) whether to BLOCK or whom to
// accuse now.
func (a *player) decide(r *Round, p int, legal []Action) (Action, bool) {
	a.t.seat = p
	a.consults++
	if err := a.t.update(r); err != nil {
		a.err = err
		return Action{}, false
	}
	ctx := context.Background()
	target, chance := -1, 0.0
	if a.advice {
		adv, err := a.t.g.Advice(ctx)
		if err != nil {
			// No estimate (a model too large to sample): no accusation.
			a.failed++
			return Action{}, false
		}
		if adv.Block {
			return Action{Kind: Block}, true
		}
		if adv.AccuseNow {
			target = slices.Index(SimPlayers, adv.Accusations[0].Player)
			chance = ratFloat(adv.Accusations[0].P)
		}
	} else {
		sp, err := a.t.odds(ctx, r, p)
		if err != nil {
			// No estimate (a model too large to sample): no accusation.
			a.failed++
			return Action{}, false
		}
		for q := range Players {
			if q == p || !r.Alive[q] || sp[q].status == "impossible" || sp[q].status == "dead" {
				continue
			}
			f := 1.0
			if sp[q].status != "forced" {
				f = ratFloat(sp[q].p)
			}
			if target < 0 || f > chance {
				target, chance = q, f
			}
		}
		// The last chance: the round ends before the player's next turn,
		// or would, were the player to BLOCK as it does.
		last := a.t.g.st.lastChance(p) || (!a.noBlock && !r.Blocked[p] && openOthers(r.Alive, r.Blocked, r.LuckyUsed, p) <= 1)
		if target >= 0 && !(chance >= a.accuseAt || sp[target].status == "forced" || (a.last && last)) {
			target = -1
		}
	}
	for _, x := range legal {
		if x.Kind == Accuse && x.Target == target {
			a.accs = append(a.accs, accusal{p: chance, right: r.IsSpade(target)})
			return x, true
		}
	}
	return Action{}, false
}

func (a *player) Discard(r *Round, p int, legal []Card) Card {
	hand := r.Hands[p]
	count := familyCounts(hand)
	switch {
	case r.Rules.IsMurderer(hand):
		a.target = Spades
	case a.target == Spades || a.patience == 0:
		a.target, a.patience = -1, 10+a.rng.IntN(20)
		for s := range 3 {
			if a.target < 0 || count[s] > count[a.target] {
				a.target = s
			}
		}
		a.best, a.stuck = count[a.target], 0
	case count[a.target] > a.best:
		a.best, a.stuck = count[a.target], 0
	default:
		if a.stuck++; a.stuck > a.patience {
			next := -1
			for s := range 3 {
				if s != a.target && (next < 0 || count[s] > count[next]) {
					next = s
				}
			}
			a.target, a.best, a.stuck = next, count[next], 0
		}
	}
	// The murderer puts other families' cards back in play before its
	// first kill (rankDiscardsFor's release), unless it hoards.
	release := r.Kills == 0 && !a.hoard && !a.mhoard
	if a.naive {
		last := hand[len(hand)-1]
		if slices.Contains(legal, last) && !(last.IsFamily() && last.Suit() == a.target) {
			return last
		}
	}
	_, ranked := rankDiscardsFor(r.Rules, hand, NoCard, r.Drew[p], a.target, !a.hoard && r.onlyNullsOut(), release)
	if a.dumpDeath && a.target != Spades {
		slices.SortStableFunc(ranked, func(x, y DiscardOption) int { return b2i(!x.Card.IsDeath()) - b2i(!y.Card.IsDeath()) })
	}
	if a.keepDeath && a.target == Spades {
		// The murderer keeps its Spades, death cards included.
		slices.SortStableFunc(ranked, func(x, y DiscardOption) int { return b2i(x.Card.IsSpade()) - b2i(y.Card.IsSpade()) })
	} else if a.target == Spades && !othersDraw(r, p) {
		// Nobody left to draw a death card: keep it toward the Spades.
		slices.SortStableFunc(ranked, func(x, y DiscardOption) int { return b2i(x.Card.IsDeath()) - b2i(y.Card.IsDeath()) })
	}
	for _, o := range ranked {
		if slices.Contains(legal, o.Card) {
			return o.Card
		}
	}
	return legal[0]
}

// othersDraw reports whether a living player other than p is not BLOCKed
// (and so may draw a death card p discards).
func othersDraw(r *Round, p int) bool {
	for q := range Players {
		if q != p && r.Alive[q] && !r.Blocked[q] {
			return true
		}
	}
	return false
}

// errAbandoned is playRound's error when it was told to stop mid-round.
var errAbandoned = errors.New("round abandoned: out of time")

// playOpts are playRound's options besides the deal and the styles.
type playOpts struct {
	// slow plays the trackers without their shortcuts (tracked.slow).
	slow bool
	// stop, when not nil, is asked before each turn; true abandons the
	// round (errAbandoned).
	stop func() bool
}

// playRound plays round seed with the given styles: the deal and each
// shuffle of the return pile are drawn from the seed alone (shuffle k from
// its own stream), so two plays of one seed by different styles share the
// deal and, where the return piles agree, the draws.
func playRound(seed uint64, rules Rules, st [Players]style, o playOpts) (*Round, [Players]*player, error) {
	rng := rand.New(rand.NewPCG(seed, 0x6d627464))
	deck := make([]Card, NumCards)
	for i := range deck {
		deck[i] = Card(i)
	}
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	r, err := NewRound(deck)
	if err != nil {
		return nil, [Players]*player{}, err
	}
	r.Rules = rules
	r.Shuffle = func(cs []Card) {
		slices.Sort(cs)
		sr := rand.New(rand.NewPCG(seed, uint64(r.Piles)))
		sr.Shuffle(len(cs), func(i, j int) { cs[i], cs[j] = cs[j], cs[i] })
	}
	var pol [Players]Policy
	var ps [Players]*player
	for p := range Players {
		ps[p] = &player{style: st[p], rng: rand.New(rand.NewPCG(seed, uint64(100+p)))}
		ps[p].t.slow = o.slow
		pol[p] = ps[p]
	}
	for turns := 0; !r.Over; turns++ {
		if turns >= DefaultMaxTurns {
			r.End = Stopped
			break
		}
		if o.stop != nil && o.stop() {
			return nil, ps, errAbandoned
		}
		if err := r.Play(pol); err != nil {
			return nil, ps, err
		}
		for _, x := range ps {
			if x.err != nil {
				return nil, ps, x.err
			}
		}
	}
	return r, ps, nil
}

// playResult is what BenchmarkMatches keeps of one play of a deal: one
// line of its journal.
type playResult struct {
	Rules string `json:"rules"`
	// Base is the style of the other seats (and of every seat in the play
	// each variant is paired with).
	Base    string `json:"base"`
	Deal    int    `json:"deal"`
	Variant string `json:"variant"` // "" for the fixed rule in every seat
	// Seat is the variant's seat (the deal modulo 4, also for the fixed
	// rule's play of the deal).
	Seat  int          `json:"seat"`
	Score [Players]int `json:"score"`
	End   End          `json:"end"`
	// Turns are the round's turns, Draws its cards drawn; Blocks, Right,
	// Wrong and AccDead count its BLOCKs and its accusations by outcome;
	// Kills the players killed by death cards.
	Turns, Draws, Blocks, Right, Wrong, AccDead, Kills int
	// Accs are the accusations of the variant's seat: the chance its
	// tracker gave the accused, and whether it was right.
	Accs []accRec `json:"accs,omitempty"`
	// OwnTurns are each player's turns with a choice; FullAt the first of
	// them that began with a complete family of a suit other than Spades
	// (0: never).
	OwnTurns, FullAt [Players]int
	// FirstDown is the own turn (of its drawer) at which the first death
	// card was placed face down, 0 when none was; FirstDeadTurn the
	// round's turn of the first death by a death card, 0 when none.
	FirstDown, FirstDeadTurn int
	// Consults counts the turns a tracker was asked (all seats), Failed
	// those it could not answer (no estimate: the player accused nobody).
	Consults, Failed int
	// Stuck says who was alive, and how, in a round stopped at the turn
	// limit.
	Stuck string `json:"stuck,omitempty"`
	// Ms is the play's wall time in milliseconds (the machine's load
	// included).
	Ms int64 `json:"ms"`
}

// accRec is an accusation in the journal.
type accRec struct {
	P     float64 `json:"p"`
	Right bool    `json:"right"`
}

// newResult records round r as played by ps.
func newResult(rules Rules, base string, k int, variant string, r *Round, ps [Players]*player, d time.Duration) *playResult {
	seat := k % Players
	x := &playResult{Rules: rules.String(), Base: base, Deal: k, Variant: variant, Seat: seat, Score: r.Score(), End: r.End, Draws: r.Draws, Kills: r.Kills, Ms: d.Milliseconds()}
	var own [Players]int
	for _, e := range r.Events {
		switch e.Kind {
		case Draw, Pass, Block, Accuse, Dead:
			x.Turns++
			if e.Kind != Dead {
				own[e.P]++
			}
		}
		switch {
		case e.Kind == Block:
			x.Blocks++
		case e.Kind == Accuse && e.Outcome == Right:
			x.Right++
		case e.Kind == Accuse && e.Outcome == Wrong:
			x.Wrong++
		case e.Kind == Accuse:
			x.AccDead++
		case e.Kind == Down && x.FirstDown == 0:
			x.FirstDown = own[e.P]
		case e.Kind == Dead && x.FirstDeadTurn == 0 && r.DeadDown[e.P] != NoCard:
			x.FirstDeadTurn = x.Turns
		}
	}
	for p, a := range ps {
		x.OwnTurns[p], x.FullAt[p] = a.turns, a.fullAt
		x.Consults += a.consults
		x.Failed += a.failed
	}
	for _, a := range ps[seat].accs {
		x.Accs = append(x.Accs, accRec{a.p, a.right})
	}
	if r.End == Stopped {
		x.Stuck = stuckWhy(r)
	}
	return x
}

// stuckWhy describes a stopped round: who is alive and how.
func stuckWhy(r *Round) string {
	var parts []string
	for p := range Players {
		switch {
		case !r.Alive[p]:
		case r.IsSpade(p):
			n := 0
			for _, c := range r.Hands[p] {
				if c.IsDeath() {
					n++
				}
			}
			parts = append(parts, fmt.Sprintf("murderer(%d death, blocked %v)", n, r.Blocked[p]))
		case r.Blocked[p]:
			parts = append(parts, "blocked")
		case r.LuckyUsed[p]:
			parts = append(parts, "lucky")
		default:
			parts = append(parts, "drawing")
		}
	}
	slices.Sort(parts)
	return strings.Join(parts, " ")
}

// matches groups the rounds, in order, into matches (until a player has
// 16 points): the number of rounds of each complete match.
func matches(scores [][Players]int) []int {
	var out []int
	var tot [Players]int
	k := 0
	for _, sc := range scores {
		k++
		done := false
		for p := range Players {
			tot[p] += sc[p]
			done = done || tot[p] >= 16
		}
		if done {
			out = append(out, k)
			k, tot = 0, [Players]int{}
		}
	}
	return out
}

// tally is the results of BenchmarkMatches so far, by deal.
type tally struct {
	// base is the style name of the plays variants are paired with.
	base     string
	variants []string
	plays    map[int]*playResult
	vars     []map[int]*playResult
}

func newTally(base string, variants []string) *tally {
	t := &tally{base: base, variants: variants, plays: map[int]*playResult{}}
	for range variants {
		t.vars = append(t.vars, map[int]*playResult{})
	}
	return t
}

// add records x; false when it is not of this tally's variants.
func (t *tally) add(x *playResult) bool {
	if x.Variant == "" {
		t.plays[x.Deal] = x
		return true
	}
	if i := slices.Index(t.variants, x.Variant); i >= 0 {
		t.vars[i][x.Deal] = x
		return true
	}
	return false
}

// has reports whether the play of deal k by variant v (-1: the fixed
// rule) is recorded.
func (t *tally) has(k, v int) bool {
	if v < 0 {
		return t.plays[k] != nil
	}
	return t.vars[v][k] != nil
}

// complete are the deals from first on, n of them, played by the base
// style and by every variant, in order.
func (t *tally) complete(first, n int) []int {
	var ks []int
	for k := first; k < first+n; k++ {
		ok := t.plays[k] != nil
		for v := range t.vars {
			ok = ok && t.vars[v][k] != nil
		}
		if ok {
			ks = append(ks, k)
		}
	}
	return ks
}

// paired is variant v's paired differences over deals ks: its seat's
// points less the same seat's points under the fixed rule; with the mean
// and the half-width of its 95% interval.
func (t *tally) paired(v int, ks []int) (d []float64, mean, half float64) {
	for _, k := range ks {
		b, x := t.plays[k], t.vars[v][k]
		d = append(d, float64(x.Score[x.Seat]-b.Score[b.Seat]))
	}
	mean, sd := meanSD(d)
	return d, mean, 1.96 * sd / math.Sqrt(float64(max(len(d), 1)))
}

// endShares are the shares of the rounds' ends.
func endShares(xs []*playResult) string {
	var n [Stopped + 1]int
	for _, x := range xs {
		n[x.End]++
	}
	m := float64(max(len(xs), 1))
	return fmt.Sprintf("caught %.1f%% alone %.1f%% idle %.1f%% stopped %.1f%%", 100*float64(n[Caught])/m, 100*float64(n[Alone])/m, 100*float64(n[NoDraw])/m, 100*float64(n[Stopped])/m)
}

// progress is one line of the tallies so far.
func (t *tally) progress(first, n int, elapsed time.Duration, plays int) string {
	ks := t.complete(first, n)
	var xs []*playResult
	draws, blocks, accs := 0, 0, 0
	for _, k := range ks {
		x := t.plays[k]
		xs = append(xs, x)
		draws += x.Draws
		blocks += x.Blocks
		accs += x.Right + x.Wrong + x.AccDead
	}
	m := float64(max(len(ks), 1))
	s := fmt.Sprintf("%v: %d plays, %d deals complete; %s: %s; draws %.1f, BLOCKs %.2f, accusations %.2f a round", elapsed.Round(time.Second), plays, len(ks), t.base, endShares(xs), float64(draws)/m, float64(blocks)/m, float64(accs)/m)
	if len(ks) > 1 {
		for v, name := range t.variants {
			_, mean, half := t.paired(v, ks)
			s += fmt.Sprintf("; %s %+.3f [%+.3f, %+.3f]", name, mean, mean-half, mean+half)
		}
	}
	return s
}

// report writes the figures of the complete deals of the n from first on.
func (t *tally) report(logf func(string, ...any), first, n int) {
	ks := t.complete(first, n)
	if len(ks) == 0 {
		logf("no deal complete")
		return
	}
	var base []*playResult
	for _, k := range ks {
		base = append(base, t.plays[k])
	}
	m := float64(len(base))
	logf("%d deals complete (of %d asked, from deal %d on)", len(ks), n, first)
	var scores [][Players]int
	for _, x := range base {
		scores = append(scores, x.Score)
	}
	ms := matches(scores)
	mlen := make([]float64, len(ms))
	for i, v := range ms {
		mlen[i] = float64(v)
	}
	mm, msd := meanSD(mlen)
	slices.Sort(ms)
	if len(ms) > 0 {
		logf("%s in every seat: %d matches of the rounds in order: %.2f rounds a match ± %.2f (SE), median %d, range %d-%d", t.base, len(ms), mm, msd/math.Sqrt(float64(len(ms))), ms[len(ms)/2], ms[0], ms[len(ms)-1])
	}
	var ends [Stopped + 1]int
	var draws, turns, blocks, right, wrong, accDead, kills, consults, failed, anyFull, fullN, players, downN, deadN int
	var fullTurns, downTurns, deadTurns, ownTurns []float64
	stuck := map[string]int{}
	for _, x := range base {
		ends[x.End]++
		draws += x.Draws
		turns += x.Turns
		blocks += x.Blocks
		right += x.Right
		wrong += x.Wrong
		accDead += x.AccDead
		kills += x.Kills
		consults += x.Consults
		failed += x.Failed
		any := false
		for p := range Players {
			players++
			ownTurns = append(ownTurns, float64(x.OwnTurns[p]))
			if x.FullAt[p] > 0 {
				any = true
				fullN++
				fullTurns = append(fullTurns, float64(x.FullAt[p]))
			}
		}
		if any {
			anyFull++
		}
		if x.FirstDown > 0 {
			downN++
			downTurns = append(downTurns, float64(x.FirstDown))
		}
		if x.FirstDeadTurn > 0 {
			deadN++
			deadTurns = append(deadTurns, float64(x.FirstDeadTurn))
		}
		if x.Stuck != "" {
			stuck[x.Stuck]++
		}
	}
	for e := Caught; e <= Stopped; e++ {
		logf("round ends: %-62s %5d  %5.1f%%", e, ends[e], 100*float64(ends[e])/m)
	}
	logf("a round: %.1f turns, %.1f draws, %.2f BLOCKs, %.2f accusations (right %d, wrong %d, accuser dead %d), %.2f players killed by death cards; trackers asked %.2f times (%d times in all no answer)", float64(turns)/m, float64(draws)/m, float64(blocks)/m, float64(right+wrong+accDead)/m, right, wrong, accDead, float64(kills)/m, float64(consults)/m, failed)
	logf("families: some player began a turn with a complete family of Hearts, Diamonds or Clubs in %d rounds (%.1f%%); %d of %d players (%.1f%%), at their own turn %s", anyFull, 100*float64(anyFull)/m, fullN, players, 100*float64(fullN)/float64(players), quartiles(fullTurns))
	logf("own turns a player had in a round: %s", quartiles(ownTurns))
	logf("death cards: the first placed face down in %d rounds (%.1f%%), at its drawer's own turn %s; the first death by one in %d rounds (%.1f%%), at the round's turn %s", downN, 100*float64(downN)/m, quartiles(downTurns), deadN, 100*float64(deadN)/m, quartiles(deadTurns))
	for why, c := range stuck {
		logf("stopped: %d× %s", c, why)
	}
	logAccs := func(name string, as []accRec) {
		if len(as) == 0 {
			logf("%s seat: no accusation", name)
			return
		}
		var pr, right float64
		for _, a := range as {
			pr += a.P
			right += b2f(a.Right)
		}
		n := float64(len(as))
		logf("%s seat: %d accusations, mean chance given %.3f, right %.3f ± %.3f", name, len(as), pr/n, right/n, math.Sqrt(right/n*(1-right/n)/n))
	}
	var as []accRec
	var fixed float64
	for _, x := range base {
		as = append(as, x.Accs...)
		fixed += float64(x.Score[x.Seat])
	}
	logAccs(t.base, as)
	for v, name := range t.variants {
		d, mean, half := t.paired(v, ks)
		_, sd := meanSD(d)
		var own float64
		var vx []*playResult
		as = nil
		differ := 0
		for i, k := range ks {
			x := t.vars[v][k]
			own += float64(x.Score[x.Seat])
			vx = append(vx, x)
			as = append(as, x.Accs...)
			if d[i] != 0 || x.Turns != t.plays[k].Turns || x.Draws != t.plays[k].Draws {
				differ++
			}
		}
		logf("variant %-9s seat's points a round %.3f vs %s %.3f: %+.3f, 95%% interval [%+.3f, %+.3f] (paired, sd %.2f, %d deals, %d played differently)", name, own/m, t.base, fixed/m, mean, mean-half, mean+half, sd, len(ks), differ)
		draws := 0
		for _, x := range vx {
			draws += x.Draws
		}
		logf("variant %-9s rounds: ends %s; draws %.1f", name, endShares(vx), float64(draws)/m)
		logAccs(name, as)
	}
}

// quartiles is "median M (quartiles Q1-Q3)" of xs.
func quartiles(xs []float64) string {
	if len(xs) == 0 {
		return "-"
	}
	xs = slices.Clone(xs)
	slices.Sort(xs)
	return fmt.Sprintf("median %.0f (quartiles %.0f-%.0f)", xs[len(xs)/2], xs[len(xs)/4], xs[len(xs)*3/4])
}

var (
	worthJournal = flag.String("mbtd.journal", "", "BenchmarkMatches: a file each finished play is appended to (JSON lines); the plays it holds already are not played again")
	worthEvery   = flag.Duration("mbtd.every", time.Minute, "BenchmarkMatches: a progress line with the tallies so far this often (0: none)")
	worthGrace   = flag.Duration("mbtd.grace", 10*time.Minute, "BenchmarkMatches: with -mbtd.for, how long plays under way may go on after it before they are abandoned")
	worthFirst   = flag.Int("mbtd.first", 0, "BenchmarkMatches: the first deal played (deals are numbered from 0; other runs may take others)")
	worthBase    = flag.String("mbtd.base", "fixed", "BenchmarkMatches: the style of the seats around the variant's, and of the play each variant is paired with")
	worthSlow    = flag.Bool("mbtd.slow", false, "BenchmarkMatches: play the players' trackers without their shortcuts (each line checked by Game.Apply, murdererOdds in full)")
)

// readJournal adds the plays of the journal at path to t (those of rules
// and of t's variants); a missing file is an empty journal.
func readJournal(path, rules, base string, t *tally) (int, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	n := 0
	for i, l := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(l) == "" {
			continue
		}
		var x playResult
		if err := json.Unmarshal([]byte(l), &x); err != nil {
			return n, fmt.Errorf("%s:%d: %v", path, i+1, err)
		}
		if x.Base == "" {
			x.Base = "fixed"
		}
		if x.Rules == rules && x.Base == base && t.add(&x) {
			n++
		}
	}
	return n, nil
}

// BenchmarkMatches plays round deals with simulated players that try to
// win. Each deal is played once with every seat by the fixed rule (the
// calibration: rounds a match, how rounds end, draws, BLOCKs and
// accusations a round, how soon families are complete and death cards
// drawn) and once for each variant, the variant in one seat (rotating with
// the deal) and the fixed rule in the others: the variant's worth is its
// seat's points less the same seat's points on the same deal under the
// fixed rule, a paired difference, with a 95% interval. The figures are of
// the deals played by the fixed rule and every variant in full.
//
// For long runs: -mbtd.every prints the tallies so far; -mbtd.for stops
// starting deals and, -mbtd.grace later, abandons the plays under way;
// -mbtd.journal keeps every finished play in a file, from which a later
// run (the same flags) takes the plays already made and reports them with
// its own.
//
//	nice -n 10 go test ./encodings/murderbythedeck -run '^$' -bench Matches -benchtime 1x -timeout 0 -mbtd.rounds 200 -mbtd.variants advice,keepdeath -mbtd.for 30m -mbtd.journal /tmp/mbtd.jsonl
func BenchmarkMatches(b *testing.B) {
	rules := flagRules(b, *worthRules)
	var vs []style
	var names []string
	for _, n := range strings.Split(*worthVariants, ",") {
		if n == "" {
			continue
		}
		v, ok := styles[n]
		if !ok {
			b.Fatalf("no variant %q", n)
		}
		vs = append(vs, v)
		names = append(names, n)
	}
	base, ok := styles[*worthBase]
	if !ok {
		b.Fatalf("no style %q", *worthBase)
	}
	for b.Loop() {
		start := time.Now()
		t := newTally(*worthBase, names)
		if *worthJournal != "" {
			n, err := readJournal(*worthJournal, rules.String(), *worthBase, t)
			if err != nil {
				b.Fatal(err)
			}
			b.Logf("%d plays from %s", n, *worthJournal)
		}
		var journal *os.File
		if *worthJournal != "" {
			f, err := os.OpenFile(*worthJournal, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
			if err != nil {
				b.Fatal(err)
			}
			defer f.Close()
			journal = f
		}
		var abandon atomic.Bool
		stop := func() bool { return abandon.Load() }
		type job struct{ k, v int }
		jobs := make(chan job)
		var mu sync.Mutex
		var wg sync.WaitGroup
		var failed error
		plays := 0
		for range max(*worthWorkers, 1) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for j := range jobs {
					seat := j.k % Players
					var st [Players]style
					for p := range Players {
						st[p] = base
					}
					name := ""
					if j.v >= 0 {
						st[seat], name = vs[j.v], names[j.v]
					}
					t0 := time.Now()
					r, ps, err := playRound(uint64(j.k), rules, st, playOpts{slow: *worthSlow, stop: stop})
					mu.Lock()
					switch {
					case errors.Is(err, errAbandoned):
					case err != nil:
						failed = err
					default:
						x := newResult(rules, *worthBase, j.k, name, r, ps, time.Since(t0))
						t.add(x)
						plays++
						if journal != nil {
							data, _ := json.Marshal(x)
							if _, err := journal.Write(append(data, '\n')); err != nil {
								failed = err
							}
						}
					}
					mu.Unlock()
				}
			}()
		}
		quit := make(chan struct{})
		if *worthEvery > 0 {
			go func() {
				tick := time.NewTicker(*worthEvery)
				defer tick.Stop()
				for {
					select {
					case <-quit:
						return
					case <-tick.C:
						mu.Lock()
						fmt.Fprintln(os.Stderr, t.progress(*worthFirst, *worthRounds, time.Since(start), plays))
						mu.Unlock()
					}
				}
			}()
		}
		var timer *time.Timer
	deals:
		for k := *worthFirst; k < *worthFirst+*worthRounds; k++ {
			for v := -1; v < len(vs); v++ {
				if *worthFor > 0 && time.Since(start) > *worthFor {
					break deals
				}
				mu.Lock()
				done := t.has(k, v)
				mu.Unlock()
				if !done {
					jobs <- job{k, v}
				}
			}
		}
		if *worthFor > 0 {
			timer = time.AfterFunc(max(*worthFor+*worthGrace-time.Since(start), 0), func() { abandon.Store(true) })
		}
		close(jobs)
		wg.Wait()
		close(quit)
		if timer != nil {
			timer.Stop()
		}
		if failed != nil {
			b.Fatal(failed)
		}
		b.Logf("rules: %v; the other seats: %s; %d plays in %v (trackers without shortcuts: %v)", rules, *worthBase, plays, time.Since(start).Round(time.Second), *worthSlow)
		t.report(b.Logf, *worthFirst, *worthRounds)
	}
}

func meanSD(xs []float64) (float64, float64) {
	if len(xs) == 0 {
		return 0, 0
	}
	var s, s2 float64
	for _, x := range xs {
		s += x
	}
	m := s / float64(len(xs))
	for _, x := range xs {
		s2 += (x - m) * (x - m)
	}
	return m, math.Sqrt(s2 / float64(max(len(xs)-1, 1)))
}

// TestShortcutsSameLog plays deals with the simulated players' trackers
// with their shortcuts (lines fed unchecked and compiled once; the
// murderer's odds from the estimate alone when it settles the decision)
// and without: every decision, and so the whole round, must be the same.
// The deals are short ones where players ask their trackers (a complete
// family, BLOCKs, accusations); -mbtd.long adds longer ones (a minute).
func TestShortcutsSameLog(t *testing.T) {
	type play struct {
		deal    uint64
		variant string
	}
	plays := []play{{45, "certain"}, {72, "certain"}, {7, "advice"}, {85, "advice"}}
	if *longChecks {
		plays = append(plays, play{67, "certain"}, play{198, "advice"}, play{5, "certain"}, play{39, "certain"}, play{4, "certain"})
	}
	consults := 0
	for _, c := range plays {
		var st [Players]style
		for p := range Players {
			st[p] = fixedStyle
		}
		st[c.deal%Players] = styles[c.variant]
		t0 := time.Now()
		fast, fps, err := playRound(c.deal, Rules{}, st, playOpts{})
		if err != nil {
			t.Fatal(err)
		}
		tf, t0 := time.Since(t0), time.Now()
		slow, sps, err := playRound(c.deal, Rules{}, st, playOpts{slow: true})
		if err != nil {
			t.Fatal(err)
		}
		ts := time.Since(t0)
		for p := range Players {
			if fps[p].consults != sps[p].consults {
				t.Errorf("deal %d, %s: player %d asked its tracker %d times with the shortcuts, %d without", c.deal, c.variant, p, fps[p].consults, sps[p].consults)
			}
			consults += fps[p].consults
		}
		t.Logf("deal %d, %s: %d events; %v with the shortcuts, %v without", c.deal, c.variant, len(fast.Events), tf, ts)
		fl, sl := eventLines(fast.Events), eventLines(slow.Events)
		if !reflect.DeepEqual(fast.Events, slow.Events) {
			n := 0
			for n < min(len(fl), len(sl)) && fl[n] == sl[n] {
				n++
			}
			t.Errorf("deal %d, %s: the rounds differ from event line %d (%d and %d lines)", c.deal, c.variant, n+1, len(fl), len(sl))
		}
		if fast.End != slow.End || fast.Score() != slow.Score() {
			t.Errorf("deal %d, %s: ends %v %v and %v %v", c.deal, c.variant, fast.End, fast.Score(), slow.End, slow.Score())
		}
	}
	if consults < 4 {
		t.Errorf("the trackers were asked %d times in all: the deals no longer test the shortcuts", consults)
	}
}

// eventLines are the lines of events as a spectator sees them.
func eventLines(es []Event) []string {
	var out []string
	for _, e := range es {
		if l, ok := EventLine(SimPlayers, -1, e); ok {
			out = append(out, l)
		}
	}
	return out
}

// flagRules are the readings a test flag names ("discard keepdeath",
// "piles 3 turns 500"): the words of rule lines without "rule", in pairs.
func flagRules(tb testing.TB, s string) Rules {
	tb.Helper()
	var rules Rules
	ws := words(s)
	for i := 0; i+1 < len(ws); i += 2 {
		if err := rules.set(ws[i : i+2]); err != nil {
			tb.Fatal(err)
		}
	}
	return rules
}
