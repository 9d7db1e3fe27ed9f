package clue

import (
	"fmt"
	"strings"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// questionsDecision is what the ranked questions lead with: the best
// question and its score (or gain), the runner-up, and why the best is
// ahead.
func questionsDecision(qs []QuestionOption, leaky bool) table.Decision {
	if len(qs) == 0 {
		return table.Decision{Best: table.Choice{What: "no question"}, Why: "you have no legal question"}
	}
	value := func(q QuestionOption) string {
		if leaky {
			return fmt.Sprintf("score %.3f bits", q.Score)
		}
		return fmt.Sprintf("gain %.3f bits", q.Gain)
	}
	ask := func(q QuestionOption) string { return "ask " + strings.Join(q.Names, " ") }
	best := qs[0]
	d := table.Decision{Best: table.Choice{What: ask(best), Value: value(best)}}
	if len(qs) < 2 {
		d.Why = "it is your only legal question"
		return d
	}
	next := qs[1]
	d.RunnerUp = &table.Choice{What: ask(next), Value: value(next)}
	if !leaky {
		d.Why = fmt.Sprintf("its answer teaches %.3f bits about the envelope, the runner-up's %.3f", best.Gain, next.Gain)
		return d
	}
	leak := func(q QuestionOption) string {
		who, l := q.MaxLeak()
		if who == "" {
			return "tells nobody anything"
		}
		return fmt.Sprintf("tells %s %.3f", who, l)
	}
	d.Why = fmt.Sprintf("it teaches you %.3f bits about the envelope and %s; the runner-up teaches %.3f and %s", best.Gain, leak(best), next.Gain, leak(next))
	return d
}
