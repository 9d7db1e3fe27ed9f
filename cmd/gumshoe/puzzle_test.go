package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	allgames "github.com/gumshoe-dev/gumshoe/encodings/games"
	"github.com/gumshoe-dev/gumshoe/solver/puzzle"
)

// TestPuzzleCommand drives "gumshoe puzzle" and compares its whole output
// to golden transcripts under testdata/puzzle-*.txt.
func TestPuzzleCommand(t *testing.T) {
	tests := []struct {
		name string
		why  string
		args []string
	}{
		{"puzzle-dod-easy", "a plain-text puzzle on stdout: sheet, answer key and worked solution on pages of their own", []string{"puzzle", "dod", "--difficulty", "easy", "--seed", "7"}},
		{"puzzle-dod-md", "the Markdown form, at 3 players", []string{"puzzle", "dod", "--players", "3", "--format", "md", "--seed", "2"}},
		{"puzzle-dod-json", "the JSON form for tools, a hard puzzle", []string{"puzzle", "dod", "--json", "--difficulty", "hard", "--seed", "3"}},
		{"puzzle-clue", "a Clue puzzle: the envelope", []string{"puzzle", "clue", "--difficulty", "easy", "--seed", "4"}},
		{"puzzle-clue-cardgame", "the Clue Card Game deck", []string{"puzzle", "clue", "--preset", "cardgame", "--players", "3", "--difficulty", "any", "--format", "md", "--seed", "2"}},
		{"puzzle-deductio", "a Deductio puzzle: an opponent's number; the default difficulty is easy for this game", []string{"puzzle", "deductio", "--seed", "5"}},
		{"puzzle-no-game", "a game must be named", []string{"puzzle"}},
		{"puzzle-unknown-game", "an unknown game is a usage error", []string{"puzzle", "chess"}},
		{"puzzle-deductio-hard", "a level the search does not find gives up with a clear message", []string{"puzzle", "deductio", "--difficulty", "hard", "--players", "2"}},
		{"puzzle-bad-difficulty", "the difficulty is easy, medium, hard or any", []string{"puzzle", "dod", "--difficulty", "nightmare"}},
		{"puzzle-bad-format", "the format is text or markdown", []string{"puzzle", "dod", "--format", "pdf"}},
		{"puzzle-bad-count", "a batch has at least one puzzle", []string{"puzzle", "dod", "--count", "0"}},
		{"puzzle-bad-players", "the game's own check of the player count", []string{"puzzle", "dod", "--players", "9"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			golden(t, tc.name+".txt", transcript(t, t.TempDir(), tc.args, "", ""))
		})
	}
}

// TestPuzzleBatchOut checks a batch written to a directory: one file a
// puzzle, the same content as the same seeds give one at a time (so the
// batch does not depend on how the workers were scheduled), and no
// progress bar when stderr is not a terminal.
func TestPuzzleBatchOut(t *testing.T) {
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	code := run([]string{"puzzle", "dod", "--count", "4", "--seed", "11", "--json", "--out", dir, "--workers", "2"}, strings.NewReader(""), &stdout, &stderr)
	require.Equal(t, exitOK, code, stderr.String())
	require.Empty(t, stderr.String(), "no progress bar when stderr is not a terminal")
	require.Contains(t, stdout.String(), "wrote 4 puzzle(s)")
	for i := range 4 {
		data, err := os.ReadFile(filepath.Join(dir, "dod-00"+itoa(i+1)+".json"))
		require.NoError(t, err)
		var page struct {
			Seed  uint64   `json:"seed"`
			Level string   `json:"level"`
			Clues []string `json:"clues"`
		}
		require.NoError(t, json.Unmarshal(data, &page))
		require.Equal(t, uint64(11+i), page.Seed)
		require.Equal(t, "medium", page.Level)

		var one, oneErr bytes.Buffer
		require.Equal(t, exitOK, run([]string{"puzzle", "dod", "--count", "1", "--seed", itoa(11 + i), "--json"}, strings.NewReader(""), &one, &oneErr))
		var single struct {
			Clues []string `json:"clues"`
		}
		require.NoError(t, json.Unmarshal(one.Bytes(), &single))
		require.Equal(t, single.Clues, page.Clues, "puzzle %d differs when made alone", i+1)
	}
}

// TestPuzzleOutFile checks --out with a file name: the one puzzle is
// written to that file (it once made a folder named p.html); a folder
// name, existing or not, still takes one file a puzzle; a file name with
// another form's ending, or with --count above 1, is refused.
func TestPuzzleOutFile(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "p.html")
	var stdout, stderr bytes.Buffer
	require.Equal(t, exitOK, run([]string{"puzzle", "deductio", "--format", "html", "--out", file}, strings.NewReader(""), &stdout, &stderr), stderr.String())
	fi, err := os.Stat(file)
	require.NoError(t, err)
	require.False(t, fi.IsDir(), "--out p.html writes a file")
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	require.Contains(t, string(data), "<!DOCTYPE html>")

	folder := filepath.Join(dir, "more")
	require.Equal(t, exitOK, run([]string{"puzzle", "deductio", "--out", folder}, strings.NewReader(""), &stdout, &stderr), stderr.String())
	_, err = os.Stat(filepath.Join(folder, "deductio-001.txt"))
	require.NoError(t, err, "a name without a puzzle ending is a folder")

	for _, args := range [][]string{
		{"puzzle", "deductio", "--out", filepath.Join(dir, "q.html")},
		{"puzzle", "deductio", "--count", "2", "--out", filepath.Join(dir, "q.txt")},
	} {
		stderr.Reset()
		require.Equal(t, exitUsage, run(args, strings.NewReader(""), &stdout, &stderr), "%v", args)
		require.Contains(t, stderr.String(), "--out")
		_, err := os.Stat(args[len(args)-1])
		require.True(t, os.IsNotExist(err), "nothing is written when refused")
	}
}

// TestPuzzleLogSolves re-solves puzzles of every game and level from
// their text form with "gumshoe solve": the log a puzzle carries in its
// JSON form loads, and on the sheet "solve --json" prints, every part of
// the answer key is certain (the answer is unique on the same path a
// player's log takes). Levels a game cannot make are left out (their
// message is pinned by a golden).
func TestPuzzleLogSolves(t *testing.T) {
	tests := []struct {
		game   string
		levels []string
	}{
		{"dod", []string{"easy", "medium", "hard"}},
		{"clue", []string{"easy", "medium", "hard"}},
		{"deductio", []string{"easy"}},
	}
	for _, tc := range tests {
		for _, level := range tc.levels {
			t.Run(tc.game+"/"+level, func(t *testing.T) {
				var out, errOut bytes.Buffer
				require.Equal(t, exitOK, run([]string{"puzzle", tc.game, "--difficulty", level, "--seed", "3", "--json"}, strings.NewReader(""), &out, &errOut), errOut.String())
				var page struct {
					Log   string         `json:"log"`
					Level string         `json:"level"`
					Key   map[string]any `json:"key"`
				}
				require.NoError(t, json.Unmarshal(out.Bytes(), &page))
				require.Equal(t, level, page.Level)
				require.True(t, strings.HasPrefix(page.Log, "game "+tc.game+"\n"))
				var solved, solveErr bytes.Buffer
				code := run([]string{"solve", "--json", "-"}, strings.NewReader(page.Log), &solved, &solveErr)
				require.Equal(t, exitOK, code, solveErr.String())
				var doc struct {
					Sheet struct {
						Holders []struct {
							Name string `json:"name"`
						} `json:"holders"`
						Rows []struct {
							Card  string `json:"card"`
							Cells []struct {
								Status string `json:"status"`
							} `json:"cells"`
						} `json:"rows"`
					} `json:"sheet"`
				}
				require.NoError(t, json.Unmarshal(solved.Bytes(), &doc))
				forced := func(card, holder string) {
					t.Helper()
					col := -1
					for i, h := range doc.Sheet.Holders {
						if h.Name == holder {
							col = i
						}
					}
					require.GreaterOrEqual(t, col, 0, "no column %q in %v", holder, doc.Sheet.Holders)
					for _, r := range doc.Sheet.Rows {
						if r.Card == card {
							require.Equal(t, "forced", r.Cells[col].Status, "%s with %s", card, holder)
							return
						}
					}
					t.Fatalf("no row %q", card)
				}
				switch tc.game {
				case "dod":
					for _, c := range page.Key["evidence"].([]any) {
						forced(c.(string), "evidence")
					}
					forced(page.Key["murderer_card"].(string), page.Key["murderer"].(string))
				case "clue":
					for _, c := range page.Key["envelope"].([]any) {
						forced(c.(string), "envelope")
					}
				case "deductio":
					forced(fmt.Sprint(page.Key["number"]), page.Key["player"].(string))
				}
			})
		}
	}
}

// TestPuzzleCountKeeps checks that a batch keeps the puzzles it found when
// a seed yields none (it once exited with nothing written) and says how
// many it could not make, and which seeds.
func TestPuzzleCountKeeps(t *testing.T) {
	g, ok := findGame("deductio")
	require.True(t, ok)
	saved := *g.Puzzles
	t.Cleanup(func() { *g.Puzzles = saved })
	g.Puzzles.Make = func(ctx context.Context, seed uint64, o allgames.PuzzleOptions, title string) (*puzzle.Page, error) {
		if seed == 2 {
			return nil, fmt.Errorf("%w: none easy in 300 simulated games from seed 2", puzzle.ErrNoPuzzle)
		}
		return saved.Make(ctx, seed, o, title)
	}
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	code := run([]string{"puzzle", "deductio", "--count", "3", "--seed", "1", "--out", dir, "--workers", "1"}, strings.NewReader(""), &stdout, &stderr)
	require.Equal(t, exitOK, code, stderr.String())
	require.Contains(t, stdout.String(), "wrote 2 puzzle(s)")
	require.Contains(t, stderr.String(), "made 2 of 3")
	require.Contains(t, stderr.String(), "could not make 1 (seed 2)")
	for _, f := range []string{"deductio-001.txt", "deductio-003.txt"} {
		_, err := os.Stat(filepath.Join(dir, f))
		require.NoError(t, err)
	}
	_, err := os.Stat(filepath.Join(dir, "deductio-002.txt"))
	require.True(t, os.IsNotExist(err))
}

// TestPuzzleMinClues makes the puzzles of any level of seeds 100 and 105
// (once single-clue puzzles) for every game and checks that none has fewer
// clues than its level's minimum (docs/puzzles.md).
func TestPuzzleMinClues(t *testing.T) {
	for _, game := range []string{"dod", "clue", "deductio"} {
		for _, seed := range []string{"100", "105"} {
			var stdout, stderr bytes.Buffer
			require.Equal(t, exitOK, run([]string{"puzzle", game, "--difficulty", "any", "--seed", seed, "--json"}, strings.NewReader(""), &stdout, &stderr), stderr.String())
			var page struct {
				Level string   `json:"level"`
				Clues []string `json:"clues"`
			}
			require.NoError(t, json.Unmarshal(stdout.Bytes(), &page))
			l, err := puzzle.ParseLevel(page.Level)
			require.NoError(t, err)
			clues := len(page.Clues)
			if game == "deductio" {
				clues = 0 // face-up lines are shown among the clues but are given
				for _, c := range page.Clues {
					if !strings.HasPrefix(c, "faceup") {
						clues++
					}
				}
			}
			require.GreaterOrEqual(t, clues, puzzle.DefaultMinClues[l], "%s seed %s: %s with %d clues", game, seed, page.Level, clues)
		}
	}
}
