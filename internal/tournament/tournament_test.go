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
	tourJournal = flag.String("tournament.journal", "", "a file each finished game is appended to; games already in it are tallied, not played again (none when empty)")
	tourRun     = flag.String("tournament.run", "", "which run the tables come from, printed above the tables and at the foot of the plot")
	tourRetally = flag.String("tournament.retally", "", "comma-separated tournament-SLUG.md files: read each back and write it and its plot again with today's intervals (TestRetally)")
)

// TestRetally writes the tables named by -tournament.retally again from
// their own tallies, with the intervals as the code computes them now, and
// their plots beside them (FILE.svg); -tournament.run, when set, replaces
// the run the file names. The game's name is that of the slug's game
// (tournament-clue-plain.md: Clue's).
func TestRetally(t *testing.T) {
	if *tourRetally == "" {
		t.Skip("-tournament.retally not set")
	}
	for _, path := range strings.Split(*tourRetally, ",") {
		slug := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(path), "tournament-"), ".md")
		name := slug
		for _, g := range Games {
			if slug == g.Slug || strings.HasPrefix(slug, g.Slug+"-") {
				name = g.Name
			}
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		tab, counts, err := ReadMarkdown(f, name)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if *tourRun != "" {
			tab.Run = *tourRun
		}
		var md, svg strings.Builder
		if err := tab.WriteMarkdown(&md, counts); err != nil {
			t.Fatal(err)
		}
		if err := tab.WriteSVG(&svg, counts); err != nil {
			t.Fatal(err)
		}
		t.Log("\n" + md.String())
		if err := os.WriteFile(path, []byte(md.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(strings.TrimSuffix(path, ".md")+".svg", []byte(svg.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

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
	var done []Entry
	var journal *os.File
	if *tourJournal != "" {
		if f, err := os.Open(*tourJournal); err == nil {
			done, err = ReadJournal(f)
			f.Close()
			if err != nil {
				t.Fatalf("%s: %v", *tourJournal, err)
			}
		} else if !os.IsNotExist(err) {
			t.Fatal(err)
		}
		f, err := os.OpenFile(*tourJournal, os.O_APPEND|os.O_CREATE|os.O_RDWR, 0o644)
		if err != nil {
			t.Fatal(err)
		}
		if err := dropCutLine(f); err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		journal = f
	}
	for _, spec := range specs {
		var played []int
		tab := NewTable(spec.Name)
		tab.Run = *tourRun
		for _, n := range counts {
			if !slices.Contains(spec.Counts, n) {
				continue
			}
			played = append(played, n)
			var budget time.Duration
			if *tourBudget > 0 {
				budget = *tourBudget / time.Duration(cells)
			}
			skip := resume(t, spec, tab, n, done)
			runCell(ctx, t, spec, tab, n, budget, skip, journal)
			t.Logf("%s, %d players: %d games (%d without a winner; %d from the journal), %d dropped unfinished at the time limit, CPU %v a game",
				spec.Name, n, tab.Games[n], tab.Draws[n], tab.Resumed[n], tab.Dropped[n], tab.CPUPerGame(n))
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

// dropCutLine truncates f after its last newline: a line cut short by a
// run that stopped while writing it (ReadJournal ignored it) would
// otherwise run into the next entry.
func dropCutLine(f *os.File) error {
	b, err := os.ReadFile(f.Name())
	if err != nil {
		return err
	}
	if keep := strings.LastIndexByte(string(b), '\n') + 1; keep < len(b) {
		return f.Truncate(int64(keep))
	}
	return nil
}

// gameSeed is the seed of game i of n players.
func gameSeed(n, i int) uint64 { return *tourSeed + uint64(i) + uint64(n)<<32 }

// resume tallies the journal's games of the cell (spec, n) that this run
// would play (the same index and seed, an index below -tournament.games),
// each once, and returns their indices.
func resume(t *testing.T, spec GameSpec, tab *Table, n int, done []Entry) map[int]bool {
	skip := map[int]bool{}
	for _, e := range done {
		if e.Game != spec.Slug || e.Players != n || e.Index < 0 || e.Index >= *tourGames || e.Seed != gameSeed(n, e.Index) || skip[e.Index] {
			continue
		}
		r, err := e.Outcome()
		if err != nil {
			t.Fatal(err) // ReadJournal checked it
		}
		skip[e.Index] = true
		tab.Add(n, r)
		tab.Resumed[n]++
	}
	return skip
}

// runCell plays one game's player count, within budget (0: no limit),
// leaving out the games in skip and appending each finished game to
// journal when it is not nil.
func runCell(ctx context.Context, t *testing.T, spec GameSpec, tab *Table, n int, budget time.Duration, skip map[int]bool, journal *os.File) {
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
				if skip[i] {
					continue
				}
				r, err := spec.Play(cctx, Seats(n, i), gameSeed(n, i))
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
				if journal != nil {
					if err := WriteEntry(journal, NewEntry(spec.Slug, n, i, gameSeed(n, i), r)); err != nil {
						t.Error(err)
					}
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	tab.CPU[n] = processCPU() - cpu0
}
