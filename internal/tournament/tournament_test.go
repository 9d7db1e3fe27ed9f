package tournament

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

var (
	tourGames   = flag.Int("tournament.games", 0, "games per game and player count (0: the tournament does not run)")
	tourGame    = flag.String("tournament.game", "dod,clue,deductio", "the games played: dod, clue, deductio")
	tourPlayers = flag.String("tournament.players", "3,4,5,6", "player counts (each game plays those it supports)")
	tourBudget  = flag.Duration("tournament.budget", 0, "time shared evenly by every game's player counts: no game starts after a count's share, and a game still running a minute after it is dropped, uncounted (0: no limit)")
	tourSeed    = flag.Uint64("tournament.seed", 1, "the first game's seed")
	tourWorkers = flag.Int("tournament.workers", 2, "games played at once")
	tourOut     = flag.String("tournament.out", "", "directory for tournament-GAME.svg and tournament-GAME.md (none when empty)")
)

// TestTournament plays the tournament when -tournament.games is set: for
// each game and player count, games with seeds seed + i + players·2³²; in
// game i the policies take the seats in turn starting from policy i mod 4
// (Seats), so every policy sits in every seat equally often.
func TestTournament(t *testing.T) {
	if *tourGames == 0 {
		t.Skip("-tournament.games not set")
	}
	var counts []int
	for _, f := range strings.Split(*tourPlayers, ",") {
		var n int
		if _, err := fmt.Sscan(f, &n); err != nil || n < 2 || n > 6 {
			t.Fatalf("-tournament.players: %q", f)
		}
		counts = append(counts, n)
	}
	var specs []GameSpec
	cells := 0
	for _, name := range strings.Split(*tourGame, ",") {
		i := slices.IndexFunc(Games, func(g GameSpec) bool { return g.Slug == name })
		if i < 0 {
			t.Fatalf("-tournament.game: unknown game %q", name)
		}
		specs = append(specs, Games[i])
		for _, n := range counts {
			if slices.Contains(Games[i].Counts, n) {
				cells++
			}
		}
	}
	ctx := context.Background()
	for _, spec := range specs {
		var played []int
		tab := NewTable(spec.Name)
		for _, n := range counts {
			if !slices.Contains(spec.Counts, n) {
				continue
			}
			played = append(played, n)
			var budget time.Duration
			if *tourBudget > 0 {
				budget = *tourBudget / time.Duration(cells)
			}
			runCell(ctx, t, spec, tab, n, budget)
			t.Logf("%s, %d players: %d games (%d without a winner), %d dropped unfinished at the time limit, CPU %v a game",
				spec.Name, n, tab.Games[n], tab.Draws[n], tab.Dropped[n], tab.CPUPerGame(n))
		}
		var md strings.Builder
		if err := tab.WriteMarkdown(&md, played); err != nil {
			t.Fatal(err)
		}
		t.Log("\n" + md.String())
		if *tourOut != "" {
			var svg strings.Builder
			if err := tab.WriteSVG(&svg, played); err != nil {
				t.Fatal(err)
			}
			base := filepath.Join(*tourOut, "tournament-"+spec.Slug)
			if err := os.WriteFile(base+".svg", []byte(svg.String()), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(base+".md", []byte(md.String()), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// runCell plays one game's player count, within budget (0: no limit).
func runCell(ctx context.Context, t *testing.T, spec GameSpec, tab *Table, n int, budget time.Duration) {
	var deadline time.Time
	cctx, cancel := context.WithCancel(ctx)
	defer cancel()
	if budget > 0 {
		deadline = time.Now().Add(budget)
		cctx, cancel = context.WithDeadline(ctx, deadline.Add(time.Minute))
		defer cancel()
	}
	cpu0 := processCPU()
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
				r, err := spec.Play(cctx, Seats(n, i), *tourSeed+uint64(i)+uint64(n)<<32)
				if err != nil && cctx.Err() != nil {
					mu.Lock()
					tab.Dropped[n]++
					mu.Unlock()
					return
				}
				if err != nil {
					t.Errorf("%s, %d players, game %d: %v", spec.Slug, n, i, err)
					return
				}
				mu.Lock()
				tab.Add(n, r)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	tab.CPU[n] = processCPU() - cpu0
}
