package deductio

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"
)

// BenchmarkClueLeaks times the advice with the leak-aware clue cards
// ([Game.Advice] with the last row line, as advise gives it) at every line
// of 20 simulated games of 2, 3 and 4 players, from the first seat, where
// the seat's number is known and a row is logged, and reports the median,
// 90th percentile and largest time of one advice.
//
//	go test ./encodings/deductio -run '^$' -bench ClueLeaks -benchtime 1x
func BenchmarkClueLeaks(b *testing.B) {
	ctx := context.Background()
	for _, players := range []int{2, 3, 4} {
		b.Run(fmt.Sprintf("%dp", players), func(b *testing.B) {
			var logs [][]string
			for seed := range uint64(20) {
				sim, err := Simulate(SimOptions{Players: players, Seed: seed})
				if err != nil {
					b.Fatal(err)
				}
				logs = append(logs, sim.Logs[0])
			}
			var times []time.Duration
			for b.Loop() {
				times = times[:0]
				for _, lines := range logs {
					g := NewGame()
					for _, l := range lines {
						if err := g.Apply(l); err != nil {
							b.Fatal(err)
						}
						st := g.st
						if st.seat < 0 || st.current[st.seat] == 0 || len(st.row) == 0 || st.winner() >= 0 {
							continue
						}
						start := time.Now()
						if _, err := g.Advice(ctx, false, nil); err != nil {
							b.Fatal(err)
						}
						times = append(times, time.Since(start))
					}
				}
			}
			slices.Sort(times)
			b.ReportMetric(float64(len(times)), "advices")
			b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "median-ms")
			b.ReportMetric(float64(times[len(times)*9/10].Microseconds())/1000, "p90-ms")
			b.ReportMetric(float64(times[len(times)-1].Microseconds())/1000, "max-ms")
		})
	}
}
