package theresbeenamurder

import (
	"context"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/estimate"
)

// RefineBudget bounds the replays of one [Game.Refine] call: a quarter of
// a line's ResumeBudget, so that a session waiting on it answers the next
// line within a fraction of a second.
const RefineBudget = estimate.ResumeBudget / 4

// RefineLimit bounds the [Game.Refine] calls that replay after one change
// of the lines: ten lines' ResumeBudget in all (at most 3.9 s of CPU
// after a line of the benchmark's games), after which Refine reports no
// more work until a line comes.
const RefineLimit = 40

var _ table.Refiner = (*Game)(nil)

// Refine goes on with the replays of a tracker that found no hidden
// history fitting the lines (see "Stopped" in package estimate's
// trackrecover.go): up to RefineBudget replays a call and RefineLimit calls after a change of the
// lines, before the next line would; the lines must have been tracked
// (the sheet drawn) since they last changed. changed says that the estimates are
// back (the sheet shows them again); more, that the tracker is still
// stopped and may yet come back. With the estimates there, or nothing to
// track yet, it does nothing. Which histories the estimates rest on then
// depends on how many calls came before each line; every one is a replay
// of the same sampler, so the estimates stay consistent estimates of the
// same posterior. Refine is a table.Refiner: the sessions call it while
// they wait for the next line.
func (g *Game) Refine(ctx context.Context) (changed, more bool, err error) {
	if err := ctx.Err(); err != nil {
		return false, false, err
	}
	// Only a tracker that has every line and is stopped (the sheet drawn
	// after the last line tracked them) has work left here.
	if g.tr == nil || g.tr.Stop == nil || g.done < len(g.evs) || g.refines >= RefineLimit {
		return false, false, nil
	}
	g.refines++
	// The line that stopped the tracker spent its own budget; this is new
	// time.
	g.tr.Stop.Wait = false
	if err := g.tr.Resume(RefineBudget); err != nil {
		return false, g.refines < RefineLimit, nil
	}
	g.lostAt = 0
	// A copy of the game rebuilt from the same lines (the web sheet's
	// reports) finds these estimates, not a stopped tracker.
	g.cacheTracker()
	return true, false, nil
}
