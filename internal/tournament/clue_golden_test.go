package tournament

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
)

var (
	clueGoldenAll    = flag.Bool("clue.golden", false, "replay every game of testdata/clue-games.txt (minutes), not only the first")
	clueGoldenUpdate = flag.Bool("clue.update", false, "play the games of testdata/clue-games.txt again and rewrite it")
	clueGoldenOnly   = flag.String("clue.only", "", "replay only the games of these seeds (comma-separated)")
)

// clueGoldenGames are the games of the golden file: how many of each
// player count, with the tournament's seeds (seed 1 + i + n·2³²) and
// seats (Seats(n, i)).
var clueGoldenGames = []struct{ players, games int }{{3, 20}, {4, 20}, {5, 10}, {6, 8}}

const clueGoldenPath = "testdata/clue-games.txt"

// clueGolden is one line of the golden file.
type clueGolden struct {
	players int
	seed    uint64
	seats   string
	winner  int
	turns   int
	moves   string // the SHA-256 of every move, as the mover logged it, in hex
}

func (g clueGolden) String() string {
	return fmt.Sprintf("%d %d %s %d %d %s", g.players, g.seed, g.seats, g.winner, g.turns, g.moves)
}

// playClueGolden plays the game of seed with the seats of game i of n
// players and sums up its moves.
func playClueGolden(ctx context.Context, n, i int) (clueGolden, error) {
	seats := Seats(n, i)
	seed := 1 + uint64(i) + uint64(n)<<32
	h := sha256.New()
	r, err := playClue(ctx, seats, seed, func(line string) { fmt.Fprintln(h, line) })
	if err != nil {
		return clueGolden{}, err
	}
	var names []string
	for _, s := range r.Seats {
		names = append(names, s.String())
	}
	return clueGolden{players: n, seed: seed, seats: strings.Join(names, ","), winner: r.Winner, turns: r.Turns, moves: hex.EncodeToString(h.Sum(nil))}, nil
}

// TestClueGolden replays seeded Clue tournament games and requires every
// move, the winner and the number of turns to be those recorded in
// testdata/clue-games.txt: the cost of a game may change, its decisions
// may not. By default it replays the first game only; -clue.golden
// replays them all (minutes of CPU), -clue.only the games of some seeds,
// and -clue.update rewrites the file after a deliberate change of play.
// A seeded game plays the same way every time (the advice adds its float
// terms in a fixed order), so any difference fails.
func TestClueGolden(t *testing.T) {
	ctx := context.Background()
	if *clueGoldenUpdate {
		var jobs [][2]int
		for _, c := range clueGoldenGames {
			for i := range c.games {
				jobs = append(jobs, [2]int{c.players, i})
			}
		}
		out := playClueGoldens(ctx, t, jobs)
		if t.Failed() {
			return
		}
		var b strings.Builder
		b.WriteString("# Seeded Clue tournament games (TestClueGolden): players, seed, seats, winner, turns, SHA-256 of the moves.\n")
		for _, g := range out {
			b.WriteString(g.String() + "\n")
		}
		if err := os.MkdirAll(filepath.Dir(clueGoldenPath), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(clueGoldenPath, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(clueGoldenPath)
	if err != nil {
		t.Fatalf("%v (run go test -run TestClueGolden -clue.update to create it)", err)
	}
	defer f.Close()
	var want []clueGolden
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		var g clueGolden
		if _, err := fmt.Sscan(line, &g.players, &g.seed, &g.seats, &g.winner, &g.turns, &g.moves); err != nil {
			t.Fatalf("%s: %q: %v", clueGoldenPath, line, err)
		}
		want = append(want, g)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(want) == 0 {
		t.Fatalf("%s has no game", clueGoldenPath)
	}
	switch {
	case *clueGoldenOnly != "":
		seeds := strings.Split(*clueGoldenOnly, ",")
		want = slices.DeleteFunc(want, func(g clueGolden) bool { return !slices.Contains(seeds, fmt.Sprint(g.seed)) })
	case !*clueGoldenAll:
		want = want[:1]
	}
	var jobs [][2]int
	for _, w := range want {
		jobs = append(jobs, [2]int{w.players, int(w.seed - 1 - uint64(w.players)<<32)})
	}
	for j, got := range playClueGoldens(ctx, t, jobs) {
		if w := want[j]; got != w {
			t.Errorf("%d players, seed %d:\n got %v\nwant %v", w.players, w.seed, got, w)
		}
	}
}

// playClueGoldens plays the games (players, index) of jobs, two at a time.
func playClueGoldens(ctx context.Context, t *testing.T, jobs [][2]int) []clueGolden {
	out := make([]clueGolden, len(jobs))
	var wg sync.WaitGroup
	next := make(chan int)
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range next {
				g, err := playClueGolden(ctx, jobs[j][0], jobs[j][1])
				if err != nil {
					t.Errorf("%d players, game %d: %v", jobs[j][0], jobs[j][1], err)
				}
				out[j] = g
			}
		}()
	}
	for j := range jobs {
		next <- j
	}
	close(next)
	wg.Wait()
	return out
}
