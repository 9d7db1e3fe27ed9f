package theresbeenamurder

import (
	"fmt"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// decision is what the advice leads with: the best play, the runner-up,
// and why (their chances to win and to lose at once); nil with no play.
func (g *Game) decision(adv *Advice) *table.Decision {
	if len(adv.Options) == 0 {
		return nil
	}
	value := func(o Option) string {
		return fmt.Sprintf("win now %s, lose now %s", pct(o.Win), pct(o.Lose))
	}
	best := adv.Options[0]
	d := &table.Decision{Best: table.Choice{What: best.Play.Text(g.p.Players), Value: value(best)}}
	if len(adv.Options) == 1 {
		d.Why = "it is your only play"
		return d
	}
	next := adv.Options[1]
	d.RunnerUp = &table.Choice{What: next.Play.Text(g.p.Players), Value: value(next)}
	d.Why = "plays are ranked by the chance to win now less the chance to lose now (estimates ± one standard error)"
	return d
}
