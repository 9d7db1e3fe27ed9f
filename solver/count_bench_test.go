package solver

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/gumshoe-dev/gumshoe/solver/internal/count"
)

// BenchmarkCountStages splits the counting work on every observation
// prefix of -dod.games generated Deduce or Die games per player count into
// its two stages: laying out the graph (compile, with the default holder
// order) and the backward pass with per-card counts (what the marginals
// need). It reports the process CPU time of each stage over all prefixes,
// and the edges laid out:
//
//	go test ./solver -run '^$' -bench 'CountStages/players=6' -benchtime 1x -dod.games 30
func BenchmarkCountStages(b *testing.B) {
	ctx := context.Background()
	for _, players := range []int{3, 4, 5, 6} {
		b.Run(fmt.Sprintf("players=%d", players), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(uint64(players), 99))
			var ps []*Problem
			for range *dodGames {
				g := newDodGame(rng, players)
				for k := 0; k <= len(g.obs); k++ {
					ps = append(ps, g.prefix(k))
				}
			}
			b.ResetTimer()
			var build, pass time.Duration
			edges := 0
			for b.Loop() {
				build, pass, edges = 0, 0, 0
				for _, p := range ps {
					c0 := cpuTime()
					g, err := count.Compile(ctx, countInput(p, 0))
					if err != nil {
						b.Fatal(err)
					}
					c1 := cpuTime()
					build += c1 - c0
					if g.Infeasible() {
						continue
					}
					edges += g.Edges()
					if _, err := g.Pass(ctx); err != nil {
						b.Fatal(err)
					}
					pass += cpuTime() - c1
				}
			}
			b.ReportMetric(build.Seconds(), "build-cpu-s")
			b.ReportMetric(pass.Seconds(), "pass-cpu-s")
			b.ReportMetric(float64(edges)/1e6, "Medges")
			b.ReportMetric(float64(len(ps)), "prefixes")
		})
	}
}
