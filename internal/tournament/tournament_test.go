package tournament

import (
	"context"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

var (
	tourGames   = flag.Int("tournament.games", 0, "games per player count (0: the tournament does not run)")
	tourPlayers = flag.String("tournament.players", "3,4,5,6", "player counts")
	tourBudget  = flag.Duration("tournament.budget", 0, "time shared evenly by the player counts: no game starts after a count's share, and a game still running a minute after it is dropped, uncounted (0: no limit)")
	tourSeed    = flag.Uint64("tournament.seed", 1, "the first game's seed")
	tourWorkers = flag.Int("tournament.workers", 2, "games played at once")
	tourOut     = flag.String("tournament.out", "", "directory for tournament-dod.svg and tournament-dod.md (none when empty)")
)

// TestTournament plays the Deduce or Die tournament when -tournament.games
// is set: at each player count, games with seeds seed, seed+1, ...; in
// game i the policies take the seats in turn starting from policy i mod 3,
// so every policy sits in every seat equally often.
func TestTournament(t *testing.T) {
	if *tourGames == 0 {
		t.Skip("-tournament.games not set")
	}
	var counts []int
	for _, f := range strings.Split(*tourPlayers, ",") {
		var n int
		if _, err := fmt.Sscan(f, &n); err != nil || n < 3 || n > 6 {
			t.Fatalf("-tournament.players: %q", f)
		}
		counts = append(counts, n)
	}
	tab := NewTable("Deduce or Die")
	ctx := context.Background()
	for _, n := range counts {
		var deadline time.Time
		cctx, cancel := context.WithCancel(ctx)
		if *tourBudget > 0 {
			deadline = time.Now().Add(*tourBudget / time.Duration(len(counts)))
			cctx, cancel = context.WithDeadline(ctx, deadline.Add(time.Minute))
		}
		dropped := 0
		var mu sync.Mutex
		next := 0
		var wg sync.WaitGroup
		for range *tourWorkers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					mu.Lock()
					i := next
					next++
					mu.Unlock()
					if i >= *tourGames || (!deadline.IsZero() && time.Now().After(deadline)) {
						return
					}
					seats := make([]Policy, n)
					for s := range seats {
						seats[s] = Policies[(i+s)%len(Policies)]
					}
					r, err := PlayDoD(cctx, seats, *tourSeed+uint64(i)+uint64(n)<<32)
					if err != nil && cctx.Err() != nil {
						mu.Lock()
						dropped++
						mu.Unlock()
						return
					}
					if err != nil {
						t.Error(err)
						return
					}
					mu.Lock()
					tab.Add(n, r)
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		cancel()
		t.Logf("%d players: %d games (%d without a winner), %d dropped unfinished at the time limit", n, tab.Games[n], tab.Draws[n], dropped)
	}
	var md strings.Builder
	if err := tab.WriteMarkdown(&md, counts); err != nil {
		t.Fatal(err)
	}
	t.Log("\n" + md.String())
	if *tourOut != "" {
		var svg strings.Builder
		if err := tab.WriteSVG(&svg, counts); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(*tourOut, "tournament-dod.svg"), []byte(svg.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(*tourOut, "tournament-dod.md"), []byte(md.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestPlayDoD plays one short game of each policy mix: it ends, the same
// seed plays the same game, and the winner is a seat.
func TestPlayDoD(t *testing.T) {
	ctx := context.Background()
	seats := []Policy{Full, Random, Advice}
	a, err := PlayDoD(ctx, seats, 3)
	if err != nil {
		t.Fatal(err)
	}
	b, err := PlayDoD(ctx, seats, 3)
	if err != nil {
		t.Fatal(err)
	}
	if a.Winner != b.Winner || a.Turns != b.Turns {
		t.Errorf("the same seed played %+v and %+v", a, b)
	}
	if a.Winner < -1 || a.Winner >= len(seats) || a.Turns == 0 {
		t.Errorf("result %+v", a)
	}
}

// TestWilson checks the interval against known values.
func TestWilson(t *testing.T) {
	for _, tc := range []struct {
		k, n   int
		lo, hi float64
	}{
		{0, 10, 0, 0.2775},
		{5, 10, 0.2366, 0.7634},
		{50, 100, 0.4038, 0.5962},
	} {
		lo, hi := Wilson(tc.k, tc.n)
		if math.Abs(lo-tc.lo) > 5e-4 || math.Abs(hi-tc.hi) > 5e-4 {
			t.Errorf("Wilson(%d, %d) = %.4f, %.4f; want %.4f, %.4f", tc.k, tc.n, lo, hi, tc.lo, tc.hi)
		}
	}
}
