package deduceordie

import (
	"fmt"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// adviceDecision is what the advice leads with: the best question by its
// score (or gain), the runner-up, and why the best is ahead.
func (g *Game) adviceDecision(a *Advice) table.Decision {
	if len(a.Questions) == 0 {
		return table.Decision{Best: table.Choice{What: "pass " + g.players[g.seat]}, Why: "the draw allows no question"}
	}
	value := func(q Question) string {
		if a.Leaky && q.Leaks == nil {
			return fmt.Sprintf("gain %.3f bits, leaks not weighed", q.Gain)
		}
		if a.Leaky {
			return fmt.Sprintf("score %.3f bits", q.Score)
		}
		return fmt.Sprintf("gain %.3f bits", q.Gain)
	}
	worst := func(q Question) (string, float64) {
		who, w := "", 0.0
		for _, l := range q.Leaks {
			if l.Gain > w {
				who, w = g.players[l.Opponent], l.Gain
			}
		}
		return who, w
	}
	best := a.Questions[0]
	d := table.Decision{Best: table.Choice{What: g.QuestionLine(best), Value: value(best)}}
	if len(a.Questions) < 2 {
		d.Why = "it is the only question the draw allows"
		return d
	}
	next := a.Questions[1]
	if a.Leaky && a.LeakTop < 2 {
		// Only the best was weighed for certain: the second weighed
		// need not be the runner-up.
		bw, bl := worst(best)
		d.Why = fmt.Sprintf("it teaches you %.3f bits and %s; no other question can reach its score", best.Gain, leakText(bw, bl))
		return d
	}
	d.RunnerUp = &table.Choice{What: g.QuestionLine(next), Value: value(next)}
	if !a.Leaky {
		d.Why = fmt.Sprintf("its answer teaches %.3f bits on (Evidence pair, murderer), the runner-up's %.3f", best.Gain, next.Gain)
		return d
	}
	bw, bl := worst(best)
	if next.Leaks == nil {
		d.Why = fmt.Sprintf("it teaches you %.3f bits and %s; no other question can reach its score", best.Gain, leakText(bw, bl))
		return d
	}
	nw, nl := worst(next)
	d.Why = fmt.Sprintf("it teaches you %.3f bits and %s; the runner-up teaches %.3f and %s", best.Gain, leakText(bw, bl), next.Gain, leakText(nw, nl))
	return d
}

// leakText says who learns the most from an answer, and how much.
func leakText(who string, l float64) string {
	if who == "" {
		return "tells nobody anything"
	}
	return fmt.Sprintf("tells %s %.3f", who, l)
}
