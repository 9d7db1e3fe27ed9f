package table

import "context"

// Refiner is implemented by a game whose figures can get better with more
// work after the lines are in: an estimator that found no sample fitting
// the lines, say, and can go on looking. The sessions (the terminal's and
// the web sheet's) call Refine while they wait for the next change, so
// that work a line's update had no time for is done while the players
// think.
//
// Refine does one piece of that work, bounded (about as long as one
// line's update at most; a ctx already done is its error). It reports
// whether the sheet changed (changed: draw it again) and whether another
// call may still change it (more); a game with nothing left to do returns
// false, false, nil at once. A game bounds the work it does after one
// change of its lines, so that a session that keeps calling while more is
// true ends. Refine never changes the lines, their facts or their
// conflicts: only figures the game already calls estimates, which stay
// estimates of the same lines (they may come out differently than with no
// wait). A session never calls Refine at the same time as another method
// of the game.
type Refiner interface {
	Refine(ctx context.Context) (changed, more bool, err error)
}

// RefineAll calls g's Refine, when g is a [Refiner], until it has no more
// to do or ctx is done, and reports whether the sheet changed. A command
// that answers once and exits (a report of a saved log) uses it: no next
// line is coming, so the time is the answer's.
func RefineAll(ctx context.Context, g Game) (changed bool, err error) {
	r, ok := g.(Refiner)
	if !ok {
		return false, nil
	}
	for {
		c, more, err := r.Refine(ctx)
		changed = changed || c
		if err != nil || !more {
			return changed, err
		}
	}
}
