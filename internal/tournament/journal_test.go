package tournament

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestJournalRoundTrip(t *testing.T) {
	games := []Result{
		{Seats: []Policy{Full, Random, Greedy}, Winner: 0, Turns: 17, Think: []time.Duration{3 * time.Second, time.Millisecond, 0}},
		{Seats: []Policy{Advice, Full, Random, Greedy}, Winner: -1, Turns: MaxTurns, Think: []time.Duration{1, 2, 3, 4}},
	}
	var b strings.Builder
	for i, r := range games {
		require.NoError(t, WriteEntry(&b, NewEntry("clue", len(r.Seats), i, uint64(100+i), r)))
	}
	got, err := ReadJournal(strings.NewReader(b.String()))
	require.NoError(t, err)
	require.Len(t, got, len(games))
	for i, e := range got {
		assert.Equal(t, "clue", e.Game)
		assert.Equal(t, len(games[i].Seats), e.Players)
		assert.Equal(t, i, e.Index)
		assert.Equal(t, uint64(100+i), e.Seed)
		r, err := e.Outcome()
		require.NoError(t, err)
		assert.Equal(t, games[i], r)
	}
}

func TestReadJournal(t *testing.T) {
	good := `{"game":"dod","players":3,"index":0,"seed":5,"result":{"seats":["full","random","greedy"],"winner":2,"turns":9,"think_ns":[1,2,3]}}`
	for _, tc := range []struct {
		name, text string
		n          int    // entries read
		err        string // part of the error, "" for none
	}{
		{"empty", "", 0, ""},
		{"one", good + "\n", 1, ""},
		{"blank lines", "\n" + good + "\n\n" + good + "\n", 2, ""},
		{"last line cut short", good + "\n" + good[:40], 1, ""},
		{"cut line not last", good[:40] + "\n" + good + "\n", 0, "journal line 1"},
		{"unknown policy", strings.Replace(good, `"random"`, `"clever"`, 1), 0, `unknown policy "clever"`},
		{"seats and players differ", strings.Replace(good, `"players":3`, `"players":4`, 1), 0, "3 seats for 4 players"},
		{"winner out of range", strings.Replace(good, `"winner":2`, `"winner":3`, 1), 0, "winner 3 of 3 seats"},
		{"wrong type", strings.Replace(good, `"turns":9`, `"turns":"9"`, 1), 0, "journal line 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ReadJournal(strings.NewReader(tc.text))
			if tc.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.err)
				return
			}
			require.NoError(t, err)
			assert.Len(t, got, tc.n)
		})
	}
}

func TestCPUPerGameLeavesOutResumed(t *testing.T) {
	tab := NewTable("x")
	r := Result{Seats: []Policy{Random, Greedy}, Winner: 0, Think: make([]time.Duration, 2)}
	for range 4 {
		tab.Add(2, r)
	}
	tab.Resumed[2] = 3
	tab.CPU[2] = 6 * time.Second
	assert.Equal(t, 6*time.Second, tab.CPUPerGame(2))
	tab.Resumed[2] = 4
	assert.Equal(t, time.Duration(0), tab.CPUPerGame(2))
	var md strings.Builder
	require.NoError(t, tab.WriteMarkdown(&md, []int{2}))
	assert.Contains(t, md.String(), "| 2 | 4 | 0 | 0 | – | – |", "no game played by this run: no CPU figure")
	tab.Resumed[2] = 3
	md.Reset()
	require.NoError(t, tab.WriteMarkdown(&md, []int{2}))
	assert.Contains(t, md.String(), "| 2 | 4 | 0 | 0 | 6s | 1.7 h |")
}
