package theresbeenamurder

import (
	"context"
	"flag"
	"fmt"
	"testing"
)

var (
	worthGames     = flag.Int("tbam.worth.games", 20, "advised games per player count for BenchmarkAdviceWorth")
	worthRandom    = flag.Int("tbam.worth.random", 1000, "random games per player count for BenchmarkAdviceWorth")
	worthParticles = flag.Int("tbam.worth.particles", 100, "tracker particles of each seat in BenchmarkAdviceWorth")
	worthFrom      = flag.Uint64("tbam.worth.from", 1, "the first seed of the advised games in BenchmarkAdviceWorth")
)

// AdvicePolicy is a Policy under which every seat plays the advice of its
// own tracker (particles hidden histories), read from its own log; a seat
// whose tracker has lost track plays at random.
func AdvicePolicy(particles int) func(p int, log []string, plays []Play) int {
	games := map[int]*Game{}
	return func(p int, log []string, plays []Play) int {
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

// BenchmarkAdviceWorth plays, at each table size, -tbam.worth.random
// games with every seat at random and -tbam.worth.games games with every
// seat following its own advice, and prints the win rates and mean scores
// (the score of a lost game is 0) as a Markdown table, a row at a time.
// Seeds run from 1 (the advised games' from -tbam.worth.from), so the
// first deals are the same for both.
func BenchmarkAdviceWorth(b *testing.B) {
	for b.Loop() {
		fmt.Printf("| players | random games | random: won | random: mean score | advised games | advice: won | advice: mean score |\n|---|---|---|---|---|---|---|\n")
		for players := MinPlayers; players <= MaxPlayers; players++ {
			var rw, rs, aw, as int
			for seed := range uint64(*worthRandom) {
				r, err := Simulate(SimOptions{Players: players, Seed: seed + 1})
				if err != nil {
					b.Fatal(err)
				}
				if r.End.Won() {
					rw++
				}
				rs += r.Score
			}
			for seed := range uint64(*worthGames) {
				a, err := Simulate(SimOptions{Players: players, Seed: seed + *worthFrom, Policy: AdvicePolicy(*worthParticles)})
				if err != nil {
					b.Fatal(err)
				}
				if a.End.Won() {
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
