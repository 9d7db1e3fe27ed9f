package theresbeenamurder

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
)

var (
	worthGames     = flag.Int("tbam.worth.games", 20, "advised games per player count for BenchmarkAdviceWorth and TestAdviceWorthRun")
	worthRandom    = flag.Int("tbam.worth.random", 1000, "random games per player count for BenchmarkAdviceWorth and TestAdviceWorthRun")
	worthParticles = flag.Int("tbam.worth.particles", 100, "tracker particles of each seat in advised games")
	worthFrom      = flag.Uint64("tbam.worth.from", 1, "the first seed of the advised games in BenchmarkAdviceWorth")
	worthFixed     = flag.Int("tbam.worth.fixed", 1000, "games per player count with every seat playing FixedPolicy, for TestAdviceWorthRun")
	worthRun       = flag.Bool("tbam.worth.run", false, "run TestAdviceWorthRun (long; not in CI)")
	worthOut       = flag.String("tbam.worth.out", "", "TestAdviceWorthRun's results files, comma-separated: games are appended to the first (one JSON line a game); games already in any are not played again, and the table counts them all")
	worthShard     = flag.String("tbam.worth.shard", "0/1", "TestAdviceWorthRun plays only the advised seeds equal to k modulo m (k/m), to run in several processes")
	worthBudget    = flag.Duration("tbam.worth.budget", 10*time.Minute, "TestAdviceWorthRun starts no game after this much time")
)

// AdvicePolicy is a Policy under which every seat plays the advice of its
// own tracker (particles hidden histories), read from its own log (its
// plays, and its Swain's choice of who takes, after the draw); a seat
// whose tracker has lost track plays at random.
//
// The advice ranks the plays by win-now minus lose-now, and a play that
// cannot end the game at once (no card passed or discarded: mayEnd)
// scores 0 without being weighed. So when a seat has one play, or none of
// its plays can end the game at once, every play scores 0 and the advice
// is the first play, whatever the tracker holds: the seat makes it without
// bringing its tracker up to date (the tracker catches up at the seat's
// next real choice). The only difference from asking the tracker: a seat
// whose tracker would have lost track at such a moment plays its first
// play rather than a random one.
func AdvicePolicy(particles int) func(p int, log []string, plays []engine.Play) int {
	games := map[int]*Game{}
	return func(p int, log []string, plays []engine.Play) int {
		g := games[p]
		if g == nil {
			g = NewGame()
			g.Particles = particles
			games[p] = g
		}
		for _, l := range log[len(g.lines):] {
			if err := g.Apply(l); err != nil {
				panic(fmt.Sprintf("seat %d: %q: %v", p, l, err))
			}
		}
		if g.lostAt > 0 {
			return -1
		}
		last := &engine.State{Last: g.p.Last}
		real := false
		for _, o := range plays {
			real = real || mayEnd(o, last)
		}
		if len(plays) < 2 || !real {
			return 0
		}
		adv, err := g.Advice(context.Background())
		if err != nil || len(adv.Options) == 0 {
			return -1
		}
		best := adv.Options[0].Play
		for i, pl := range plays {
			if pl == best {
				return i
			}
		}
		return -1
	}
}

// FixedPolicy is a Policy of fixed rules that read nothing but the seat's
// plays: the Detective on the player who played last (who holds one card
// until their next draw: the Detective wins when it is the Murderer);
// else an Effect card other than the Confidant (playing it does nothing);
// else the first play offered (the lowest card, its first targets; for
// the Swain's choice after its draw, the first other player in seat
// order).
func FixedPolicy(players int) func(p int, log []string, plays []engine.Play) int {
	return func(p int, log []string, plays []engine.Play) int {
		prev := (p + players - 1) % players
		for i, o := range plays {
			if o.Card == engine.Detective && o.Q == prev {
				return i
			}
		}
		for i, o := range plays {
			if !o.Card.IsAction() && o.Card != engine.Confidant && o.Card != engine.Detective {
				return i
			}
		}
		for i, o := range plays {
			if o.Card != engine.Detective {
				return i
			}
		}
		return 0
	}
}

// worthGame is one game of TestAdviceWorthRun.
type worthGame struct {
	Players int     `json:"players"`
	Seed    uint64  `json:"seed"`
	Advised bool    `json:"advised"`
	Fixed   bool    `json:"fixed,omitempty"` // every seat playing FixedPolicy
	Won     bool    `json:"won"`
	Score   int     `json:"score"`
	CPUms   float64 `json:"cpu_ms"`
}

// playWorth plays one game of the measurement: every seat at random, or
// every seat following its own advice.
func playWorth(players int, seed uint64, advised bool) (worthGame, error) {
	return playWorthFixed(players, seed, advised, false)
}

// playWorthFixed is playWorth, or every seat playing FixedPolicy when
// fixed.
func playWorthFixed(players int, seed uint64, advised, fixed bool) (worthGame, error) {
	o := engine.SimOptions{Players: players, Seed: seed}
	switch {
	case advised:
		o.Policy = AdvicePolicy(*worthParticles)
	case fixed:
		o.Policy = FixedPolicy(players)
	}
	c0 := cpuTime()
	r, err := engine.Simulate(o)
	if err != nil {
		return worthGame{}, err
	}
	return worthGame{Players: players, Seed: seed, Advised: advised, Fixed: fixed, Won: r.End.Won(), Score: r.Score,
		CPUms: float64(cpuTime()-c0) / float64(time.Millisecond)}, nil
}

// TestAdviceWorthRun measures what the advice is worth (run with
// -tbam.worth.run; not in CI): at each table size from 3 to 8, games of
// seeds 1 to -tbam.worth.random with every seat at random and of seeds 1
// to -tbam.worth.games with every seat following its own advice
// (AdvicePolicy, -tbam.worth.particles particles). The advised games go
// seed by seed, every table size in turn, so that a run cut short leaves
// the sizes with counts one apart. Each game is appended to
// -tbam.worth.out as it ends, and games already there are skipped: a run
// can be stopped and resumed. No game starts after -tbam.worth.budget.
// With -tbam.worth.shard k/m it plays only the advised seeds equal to k
// modulo m (and the random games only for k = 0), so that m processes
// writing m files share the work; the table reads every file named.
// It logs the table of docs/benchmarks.md from everything in the file.
func TestAdviceWorthRun(t *testing.T) {
	if !*worthRun {
		t.Skip("run with -tbam.worth.run")
	}
	if *worthOut == "" {
		t.Fatal("-tbam.worth.out names the results file")
	}
	files := strings.Split(*worthOut, ",")
	var k, m uint64
	if _, err := fmt.Sscanf(*worthShard, "%d/%d", &k, &m); err != nil || m == 0 || k >= m {
		t.Fatalf("-tbam.worth.shard %q: want k/m with k < m", *worthShard)
	}
	var games []worthGame
	for _, name := range files {
		gs, err := readWorth(name)
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, gs...)
	}
	done := map[worthGame]bool{}
	for _, g := range games {
		done[worthGame{Players: g.Players, Seed: g.Seed, Advised: g.Advised, Fixed: g.Fixed}] = true
	}
	f, err := os.OpenFile(files[0], os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	start := time.Now()
	var playFixed func(players int, seed uint64, advised, fixed bool) bool
	play := func(players int, seed uint64, advised bool) bool {
		return playFixed(players, seed, advised, false)
	}
	playFixed = func(players int, seed uint64, advised, fixed bool) bool {
		if done[worthGame{Players: players, Seed: seed, Advised: advised, Fixed: fixed}] {
			return true
		}
		if time.Since(start) > *worthBudget {
			return false
		}
		g, err := playWorthFixed(players, seed, advised, fixed)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(g)
		if _, err := f.Write(append(b, '\n')); err != nil {
			t.Fatal(err)
		}
		games = append(games, g)
		return true
	}
	if k == 0 {
		for players := engine.MinPlayers; players <= engine.MaxPlayers; players++ {
			for seed := range uint64(*worthRandom) {
				play(players, seed+1, false)
			}
			for seed := range uint64(*worthFixed) {
				playFixed(players, seed+1, false, true)
			}
		}
	}
run:
	for seed := range uint64(*worthGames) {
		if (seed+1)%m != k {
			continue
		}
		for players := engine.MinPlayers; players <= engine.MaxPlayers; players++ {
			if !play(players, seed+1, true) {
				break run
			}
		}
	}
	t.Log("\n" + worthTable(games) + "\n" + pairedTable(games))
}

// pairedTable is the Markdown table of the paired comparisons: at each
// table size, over the seeds played both ways (the same deal: a seed
// deals the same cards whatever the policy), the mean per-game difference
// of the win (1 or 0) and of the score, advised minus fixed and advised
// minus random, with the 95% interval of the mean difference (normal, from
// the per-game differences' standard deviation).
func pairedTable(games []worthGame) string {
	type key struct {
		players int
		seed    uint64
		kind    int // 0 random, 1 advised, 2 fixed
	}
	by := map[key]worthGame{}
	for _, g := range games {
		k := boolIndex(g.Advised)
		if g.Fixed {
			k = 2
		}
		by[key{g.Players, g.Seed, k}] = g
	}
	won := func(g worthGame) float64 {
		if g.Won {
			return 1
		}
		return 0
	}
	diff := func(players, other int, f func(worthGame) float64, pct bool) (string, int) {
		var d []float64
		for k, a := range by {
			if k.players != players || k.kind != 1 {
				continue
			}
			if b, ok := by[key{players, k.seed, other}]; ok {
				d = append(d, f(a)-f(b))
			}
		}
		if len(d) < 2 {
			return "—", len(d)
		}
		var m, v float64
		for _, x := range d {
			m += x
		}
		m /= float64(len(d))
		for _, x := range d {
			v += (x - m) * (x - m)
		}
		h := 1.959964 * math.Sqrt(v/float64(len(d)-1)/float64(len(d)))
		if pct {
			return fmt.Sprintf("%+.1f pts (%+.1f to %+.1f)", 100*m, 100*(m-h), 100*(m+h)), len(d)
		}
		return fmt.Sprintf("%+.2f (%+.2f to %+.2f)", m, m-h, m+h), len(d)
	}
	score := func(g worthGame) float64 { return float64(g.Score) }
	s := "| players | paired seeds | won: advised − fixed (95% CI) | score: advised − fixed (95% CI) | won: advised − random (95% CI) | score: advised − random (95% CI) |\n|---|---|---|---|---|---|\n"
	for p := engine.MinPlayers; p <= engine.MaxPlayers; p++ {
		wf, n := diff(p, 2, won, true)
		sf, _ := diff(p, 2, score, false)
		wr, _ := diff(p, 0, won, true)
		sr, _ := diff(p, 0, score, false)
		s += fmt.Sprintf("| %d | %d | %s | %s | %s | %s |\n", p, n, wf, sf, wr, sr)
	}
	return s
}

// readWorth reads a results file (none yet: no games).
func readWorth(path string) ([]worthGame, error) {
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []worthGame
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var g worthGame
		if err := json.Unmarshal(sc.Bytes(), &g); err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		out = append(out, g)
	}
	return out, sc.Err()
}

// worthTable is the Markdown table of the games: per table size, the games
// played each way, the win rate with its 95% confidence interval (Wilson
// score interval), the mean score (a lost game scores 0) and the mean CPU
// time of an advised game.
func worthTable(games []worthGame) string {
	type acc struct {
		n, won, score int
		cpu           float64
	}
	var by [engine.MaxPlayers + 1][3]acc
	for _, g := range games {
		i := boolIndex(g.Advised)
		if g.Fixed {
			i = 2
		}
		a := &by[g.Players][i]
		a.n++
		if g.Won {
			a.won++
		}
		a.score += g.Score
		a.cpu += g.CPUms
	}
	rate := func(a acc) string {
		if a.n == 0 {
			return "—"
		}
		lo, hi := wilson(a.won, a.n)
		return fmt.Sprintf("%.1f%% (%.1f–%.1f)", 100*float64(a.won)/float64(a.n), 100*lo, 100*hi)
	}
	mean := func(a acc) string {
		if a.n == 0 {
			return "—"
		}
		return fmt.Sprintf("%.2f", float64(a.score)/float64(a.n))
	}
	s := "| players | random games | random: won (95% CI) | random: mean score | fixed games | fixed: won (95% CI) | fixed: mean score | advised games | advised: won (95% CI) | advised: mean score | CPU per advised game |\n|---|---|---|---|---|---|---|---|---|---|---|\n"
	for p := engine.MinPlayers; p <= engine.MaxPlayers; p++ {
		r, a, f := by[p][0], by[p][1], by[p][2]
		cpu := "—"
		if a.n > 0 {
			cpu = fmt.Sprintf("%.1f s", a.cpu/float64(a.n)/1000)
		}
		s += fmt.Sprintf("| %d | %d | %s | %s | %d | %s | %s | %d | %s | %s | %s |\n", p, r.n, rate(r), mean(r), f.n, rate(f), mean(f), a.n, rate(a), mean(a), cpu)
	}
	return s
}

// wilson is the 95% Wilson score interval of a proportion of k in n.
func wilson(k, n int) (lo, hi float64) {
	const z = 1.959964
	p, m := float64(k)/float64(n), float64(n)
	c := (p + z*z/(2*m)) / (1 + z*z/m)
	h := z / (1 + z*z/m) * math.Sqrt(p*(1-p)/m+z*z/(4*m*m))
	return max(0, c-h), min(1, c+h)
}

func boolIndex(b bool) int {
	if b {
		return 1
	}
	return 0
}

// BenchmarkAdviceWorth plays, at each table size, -tbam.worth.random
// games with every seat at random and -tbam.worth.games games with every
// seat following its own advice, and prints the win rates and mean scores
// (the score of a lost game is 0) as a Markdown table, a row at a time.
// Seeds run from 1 (the advised games' from -tbam.worth.from), so the
// first deals are the same for both. TestAdviceWorthRun is the same
// measurement, resumable and with a time budget.
func BenchmarkAdviceWorth(b *testing.B) {
	for b.Loop() {
		fmt.Printf("| players | random games | random: won | random: mean score | advised games | advice: won | advice: mean score |\n|---|---|---|---|---|---|---|\n")
		for players := engine.MinPlayers; players <= engine.MaxPlayers; players++ {
			var rw, rs, aw, as int
			for seed := range uint64(*worthRandom) {
				r, err := playWorth(players, seed+1, false)
				if err != nil {
					b.Fatal(err)
				}
				if r.Won {
					rw++
				}
				rs += r.Score
			}
			for seed := range uint64(*worthGames) {
				a, err := playWorth(players, seed+*worthFrom, true)
				if err != nil {
					b.Fatal(err)
				}
				if a.Won {
					aw++
				}
				as += a.Score
			}
			nr, na := float64(max(1, *worthRandom)), float64(max(1, *worthGames))
			fmt.Printf("| %d | %d | %.1f%% | %.2f | %d | %.1f%% | %.2f |\n", players, *worthRandom,
				100*float64(rw)/nr, float64(rs)/nr, *worthGames, 100*float64(aw)/na, float64(as)/na)
		}
	}
}
