package clue

import (
	"context"
	"testing"
)

// BenchmarkThreatsPrefixes times the opponents' figures (Threats with the
// sheet's options: open envelopes counted up to 2) on every prefix of the benchmark games (6-player
// classic Cluedo; -clue.games of them).
func BenchmarkThreatsPrefixes(b *testing.B) {
	sims := benchSims(b, *benchGames)
	ctx := context.Background()
	b.ResetTimer()
	for range b.N {
		report(b, sweep(b, sims, func(g *Game) error {
			_, err := g.Threats(ctx, ThreatOptions{Limit: 2})
			return err
		}))
	}
}
