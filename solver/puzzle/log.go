package puzzle

import (
	"strings"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// Labels are the labels of the observations of p with the given ids, in
// the order given: a clue set as the log lines it came from.
func Labels(p *solver.Problem, ids []int) []string {
	obs := p.Observations()
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		out = append(out, obs[id].Label)
	}
	return out
}

// Log writes a game log: the header "game <name>", then each line of each
// group in turn, one a line.
func Log(game string, groups ...[]string) string {
	var b strings.Builder
	b.WriteString("game ")
	b.WriteString(game)
	b.WriteByte('\n')
	for _, g := range groups {
		for _, l := range g {
			b.WriteString(l)
			b.WriteByte('\n')
		}
	}
	return b.String()
}
