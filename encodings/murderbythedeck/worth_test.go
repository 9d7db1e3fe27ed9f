package murderbythedeck

import (
	"context"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

var (
	worthRounds   = flag.Int("mbtd.rounds", 200, "round deals BenchmarkMatches plays (each once by the fixed rule and once by each variant)")
	worthVariants = flag.String("mbtd.variants", "advice", "BenchmarkMatches: the variants played in the advice seat, comma-separated (advice, accuse50, accuse70, accuse90, certain, nolast, noblock, keepdeath, naive)")
	worthRules    = flag.String("mbtd.rules", "", "BenchmarkMatches: the rule lines' values, e.g. \"discard sheet\" (empty: the defaults)")
	worthWorkers  = flag.Int("mbtd.workers", 2, "BenchmarkMatches: rounds played at once")
	worthFor      = flag.Duration("mbtd.for", 0, "BenchmarkMatches: stop starting deals after this long (0: play them all); the figures are of the deals played in full")
)

// tracked is a player's view of the round as a tracker: its Game, fed the
// lines of its seat's log when a decision needs it.
type tracked struct {
	seat int
	g    *Game
	fed  int
}

func (t *tracked) update(r *Round) error {
	if t.g == nil {
		t.g = NewGame()
		t.g.SetSamples(Samples / 2)
		t.g.SetMaxSamples(Samples)
	}
	lines := SeatLog(r.Rules, SimPlayers, t.seat, r.Deal[t.seat*HandSize:(t.seat+1)*HandSize], r.Events)
	for ; t.fed < len(lines); t.fed++ {
		if err := t.g.Apply(lines[t.fed]); err != nil {
			return err
		}
	}
	return nil
}

// style is how a simulated player decides. The fixed rule (fixedStyle)
// plays as the advice says, by fixed rules: it collects its suit (a dealt
// death card kept until its place is needed), calls BLOCK as soon as it
// can, accuses the tracker's most likely murderer once that is right with
// a chance of one half or more, or with any chance at its last chance
// (Advice.LastChance), and, as the murderer, discards a death card it may
// whenever another living player can draw it (a kill for it). A variant
// changes one decision; old is the fixed rule of before (accuse only when
// certain, a dealt death card discarded first, the murderer keeping its
// Spades); advice takes every decision from Game.Advice.
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
}

var fixedStyle = style{name: "fixed", accuseAt: 0.5, last: true}

var styles = map[string]style{
	"advice":    {name: "advice", advice: true},
	"old":       {name: "old", accuseAt: 1, dumpDeath: true, keepDeath: true},
	"accuse35":  {name: "accuse35", accuseAt: 0.35, last: true},
	"accuse50":  {name: "accuse50", accuseAt: 0.5, last: true},
	"accuse70":  {name: "accuse70", accuseAt: 0.7, last: true},
	"accuse90":  {name: "accuse90", accuseAt: 0.9, last: true},
	"certain":   {name: "certain", accuseAt: 1},
	"nolast":    {name: "nolast", accuseAt: 0.5},
	"noblock":   {name: "noblock", accuseAt: 0.5, last: true, noBlock: true},
	"keepdeath": {name: "keepdeath", accuseAt: 0.5, last: true, keepDeath: true},
	"naive":     {name: "naive", accuseAt: 0.5, last: true, naive: true},
	"dumpdeath": {name: "dumpdeath", accuseAt: 0.5, last: true, dumpDeath: true},
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
}

func (a *player) Act(r *Round, p int, legal []Action) Action {
	canBlock, canAccuse := false, false
	for _, x := range legal {
		canBlock = canBlock || x.Kind == Block
		canAccuse = canAccuse || x.Kind == Accuse
	}
	if canBlock && !a.noBlock && !a.advice {
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
	if err := a.t.update(r); err != nil {
		a.err = err
		return Action{}, false
	}
	ctx := context.Background()
	target, chance := -1, 0.0
	if a.advice {
		adv, err := a.t.g.Advice(ctx)
		if err != nil {
			a.err = err
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
		sp, err := a.t.g.murdererOdds(ctx)
		if err != nil {
			a.err = err
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
		if target >= 0 && !(chance >= a.accuseAt || sp[target].status == "forced" || (a.last && a.t.g.st.lastChance(p))) {
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
	if a.naive {
		last := hand[len(hand)-1]
		if slices.Contains(legal, last) && !(last.IsFamily() && last.Suit() == a.target) {
			return last
		}
	}
	_, ranked := rankDiscardsFor(r.Rules, hand, NoCard, r.Drew[p], a.target)
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

// playRound plays round seed with the given styles: the deal and each
// shuffle of the return pile are drawn from the seed alone (shuffle k from
// its own stream), so two plays of one seed by different styles share the
// deal and, where the return piles agree, the draws.
func playRound(seed uint64, rules Rules, st [Players]style) (*Round, [Players]*player, error) {
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
		pol[p] = ps[p]
	}
	for turns := 0; !r.Over; turns++ {
		if turns >= DefaultMaxTurns {
			r.End = Stopped
			break
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

// roundStats are the calibration figures of rounds.
type roundStats struct {
	rounds, draws, blocks, right, wrong, accDead int
	ends                                         [Stopped + 1]int
	stuck                                        map[string]int
	scores                                       [][Players]int
}

func (s *roundStats) add(r *Round) {
	s.rounds++
	s.ends[r.End]++
	s.draws += r.Draws
	for _, e := range r.Events {
		switch {
		case e.Kind == Block:
			s.blocks++
		case e.Kind == Accuse && e.Outcome == Right:
			s.right++
		case e.Kind == Accuse && e.Outcome == Wrong:
			s.wrong++
		case e.Kind == Accuse:
			s.accDead++
		}
	}
	s.scores = append(s.scores, r.Score())
	if r.End == Stopped {
		if s.stuck == nil {
			s.stuck = map[string]int{}
		}
		s.stuck[stuckWhy(r)]++
	}
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

// BenchmarkMatches plays round deals with simulated players that try to
// win. Each deal is played once with every seat by the fixed rule (the
// calibration: rounds a match, how rounds end, draws, BLOCKs and
// accusations a round) and once for each variant, the variant in one seat
// (rotating with the deal) and the fixed rule in the others: the
// variant's worth is its seat's points less the same seat's points on the
// same deal under the fixed rule, a paired difference, with a 95%
// interval.
//
//	nice -n 10 go test ./encodings/murderbythedeck -run '^$' -bench Matches -benchtime 1x -mbtd.rounds 200 -mbtd.variants advice,keepdeath
func BenchmarkMatches(b *testing.B) {
	var rules Rules
	if *worthRules != "" {
		ws := words(*worthRules)
		for i := 0; i+1 < len(ws); i += 2 {
			if err := rules.set(ws[i : i+2]); err != nil {
				b.Fatal(err)
			}
		}
	}
	var vs []style
	for _, n := range strings.Split(*worthVariants, ",") {
		if n == "" {
			continue
		}
		v, ok := styles[n]
		if !ok {
			b.Fatalf("no variant %q", n)
		}
		vs = append(vs, v)
	}
	for b.Loop() {
		start := time.Now()
		base := make([]*Round, *worthRounds)
		diffs := make([][]float64, len(vs))
		var vstats = make([]roundStats, len(vs))
		accs := make([][]accusal, len(vs)+1)
		for i := range diffs {
			diffs[i] = make([]float64, *worthRounds)
		}
		type job struct{ k, v int }
		jobs := make(chan job)
		var mu sync.Mutex
		var wg sync.WaitGroup
		var failed error
		done := 0
		for range max(*worthWorkers, 1) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for j := range jobs {
					seat := j.k % Players
					var st [Players]style
					for p := range Players {
						st[p] = fixedStyle
					}
					if j.v >= 0 {
						st[seat] = vs[j.v]
					}
					r, ps, err := playRound(uint64(j.k), rules, st)
					mu.Lock()
					if err != nil {
						failed = err
					} else if j.v < 0 {
						base[j.k] = r
						accs[len(vs)] = append(accs[len(vs)], ps[seat].accs...)
					} else {
						diffs[j.v][j.k] = float64(r.Score()[seat])
						vstats[j.v].add(r)
						accs[j.v] = append(accs[j.v], ps[seat].accs...)
					}
					if done++; done%(50*(len(vs)+1)) == 0 {
						fmt.Fprintf(os.Stderr, "%d plays in %v\n", done, time.Since(start).Round(time.Second))
					}
					mu.Unlock()
				}
			}()
		}
		dealt := *worthRounds
		for k := range *worthRounds {
			if *worthFor > 0 && time.Since(start) > *worthFor {
				dealt = k
				break
			}
			for v := -1; v < len(vs); v++ {
				jobs <- job{k, v}
			}
		}
		close(jobs)
		wg.Wait()
		if failed != nil {
			b.Fatal(failed)
		}
		base = base[:dealt]
		var cal roundStats
		for _, r := range base {
			cal.add(r)
		}
		n := float64(cal.rounds)
		b.Logf("rules: %v; %d deals in %v", rules, cal.rounds, time.Since(start).Round(time.Second))
		ms := matches(cal.scores)
		mlen := make([]float64, len(ms))
		for i, m := range ms {
			mlen[i] = float64(m)
		}
		mm, msd := meanSD(mlen)
		slices.Sort(ms)
		if len(ms) > 0 {
			b.Logf("fixed rule: %d matches of the rounds in order: %.2f rounds a match ± %.2f (SE), median %d, range %d-%d", len(ms), mm, msd/math.Sqrt(float64(len(ms))), ms[len(ms)/2], ms[0], ms[len(ms)-1])
		}
		for e := Caught; e <= Stopped; e++ {
			b.Logf("round ends: %-62s %5d  %5.1f%%", e, cal.ends[e], 100*float64(cal.ends[e])/n)
		}
		b.Logf("draws a round %.1f; BLOCKs a round %.2f; accusations a round %.2f (right %d, wrong %d, accuser dead %d)", float64(cal.draws)/n, float64(cal.blocks)/n, float64(cal.right+cal.wrong+cal.accDead)/n, cal.right, cal.wrong, cal.accDead)
		for why, c := range cal.stuck {
			b.Logf("stopped: %d× %s", c, why)
		}
		logAccs := func(name string, as []accusal) {
			if len(as) == 0 {
				b.Logf("%s seat: no accusation", name)
				return
			}
			var pr, right float64
			for _, a := range as {
				pr += a.p
				right += b2f(a.right)
			}
			m := float64(len(as))
			b.Logf("%s seat: %d accusations, mean chance given %.3f, right %.3f ± %.3f", name, len(as), pr/m, right/m, math.Sqrt(right/m*(1-right/m)/m))
		}
		logAccs("fixed", accs[len(vs)])
		for i, v := range vs {
			d := make([]float64, len(base))
			var own, fixed float64
			for k, r := range base {
				seat := k % Players
				fixed += float64(r.Score()[seat])
				own += diffs[i][k]
				d[k] = diffs[i][k] - float64(r.Score()[seat])
			}
			mean, sd := meanSD(d)
			half := 1.96 * sd / math.Sqrt(n)
			b.Logf("variant %-9s seat's points a round %.3f vs fixed rule %.3f: %+.3f, 95%% interval [%+.3f, %+.3f] (paired, sd %.2f)", v.name, own/n, fixed/n, mean, mean-half, mean+half, sd)
			vn := float64(vstats[i].rounds)
			b.Logf("variant %-9s rounds: ends caught %.1f%% alone %.1f%% idle %.1f%% stopped %.1f%%; draws %.1f", v.name, 100*float64(vstats[i].ends[Caught])/vn, 100*float64(vstats[i].ends[Alone])/vn, 100*float64(vstats[i].ends[NoDraw])/vn, 100*float64(vstats[i].ends[Stopped])/vn, float64(vstats[i].draws)/vn)
			logAccs(v.name, accs[i])
		}
		b.ReportMetric(mm, "rounds/match")
	}
}

func meanSD(xs []float64) (float64, float64) {
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
