package threat

import (
	"context"
	"math/big"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// Views is the [Game] of a game where an opponent's view in a world is a
// problem they know whatever the world, plus what the world shows them
// (their own cards), and a solution is a key with the constraints that rule
// it out. Its counts are exact: the neighbourhood of the world (every swap
// of two cards' holders the opponent's view admits) is read first, then
// the SAT engine is asked for a world of the opponent's view with none of
// the solutions found so far, until the limit is reached or no such world
// exists. Views caches each opponent's answer by the key of what they see.
// The zero value is not usable; fill in Known, Seen, Solution and Not
// (and Solutions for [Views.Best]).
type Views struct {
	// Known is the problem opponent o knows whatever the world: the
	// public lines, and the lines o took part in, as the seat recorded
	// them.
	Known func(o int) *solver.Problem
	// Seen is what opponent o sees of world w besides Known (their own
	// cards, the cards shown to them): a key naming it, and its
	// constraints.
	Seen func(o int, w solver.World) (key string, cons []solver.Constraint)
	// Solution is a key naming opponent o's solution in world w.
	Solution func(o int, w solver.World) string
	// Not are constraints that hold exactly in the worlds of o's view
	// whose solution is not the one of world w.
	Not func(o int, w solver.World) []solver.Constraint
	// Pivots, when set, are the cards whose swaps are tried first in the
	// neighbourhood of w (those that decide the solution), so that other
	// solutions are met early.
	Pivots func(o int, w solver.World) []solver.Card
	// Solutions, when set, are the solutions of view, opponent o's view
	// in world w (what Known and Seen give), each named as Solution
	// names it, with the number of worlds of view that have it, those
	// with none left out: what [Views.Best] reads. It may read of w only
	// what Seen does (the answer is kept for every world with o's view).
	Solutions func(ctx context.Context, o int, w solver.World, view *solver.Problem) ([]SolutionCount, error)

	known  map[int]*solver.Problem
	bests  map[string]best // each view's best accusations
	cache  map[string]int
	worlds map[string]viewWorlds // each view's worlds
	best   map[string]int        // the opponent's choices of question (Within)
}

// Open is the exact number of solutions open to opponent o in world w, up
// to limit, as a distribution of one class.
func (v *Views) Open(ctx context.Context, o int, w solver.World, limit int) ([]*big.Rat, error) {
	n, err := v.Count(ctx, o, w, limit)
	if err != nil {
		return nil, err
	}
	return Unit(n, limit), nil
}

// view is opponent o's view in world w, and a key naming it.
func (v *Views) view(o int, w solver.World) (string, *solver.Problem, error) {
	if v.known == nil {
		v.known = make(map[int]*solver.Problem)
		v.cache = make(map[string]int)
	}
	seenKey, seen := v.Seen(o, w)
	ck := string(rune(o)) + "\x00" + seenKey
	kp, ok := v.known[o]
	if !ok {
		kp = v.Known(o)
		v.known[o] = kp
	}
	view := kp.Clone()
	if _, err := view.Add(solver.Observation{Label: "seen", Constraints: seen}); err != nil {
		return "", nil, err
	}
	return ck, view, nil
}

// Next is [Within] for opponent o in world w: the probability that o is
// certain within 1 to turns of its turns, asking as a says. ok is false,
// and nothing is computed, when o's view has more than maxWorlds worlds.
func (v *Views) Next(ctx context.Context, o int, w solver.World, a Asker, turns, maxWorlds int) (p []*big.Rat, ok bool, err error) {
	ck, view, err := v.view(o, w)
	if err != nil {
		return nil, false, err
	}
	if v.worlds == nil {
		v.worlds = make(map[string]viewWorlds)
		v.best = make(map[string]int)
	}
	vw, seen := v.worlds[ck]
	if !seen || (!vw.all && len(vw.ws) <= maxWorlds) {
		vw = viewWorlds{all: true}
		// The count first: a view with too many worlds is not listed.
		n, err := solver.NewCounter(view).Count(ctx)
		if err != nil {
			return nil, false, err
		}
		if !n.IsInt64() || n.Int64() > int64(maxWorlds) {
			v.worlds[ck] = viewWorlds{ws: make([]solver.World, maxWorlds+1)}
			return nil, false, nil
		}
		for x := range solver.NewSAT(view).Worlds(ctx) {
			vw.ws = append(vw.ws, x)
			if len(vw.ws) > maxWorlds {
				vw.all = false
				break
			}
		}
		if err := ctx.Err(); err != nil {
			return nil, false, err
		}
		v.worlds[ck] = vw
	}
	ws := vw.ws
	if !vw.all {
		return nil, false, nil
	}
	return Within(ws, func(x solver.World) string { return v.Solution(o, x) }, a, o, w, turns, v.best, ck), true, nil
}

// Count is the number of solutions open to opponent o in world w, counted
// up to limit.
func (v *Views) Count(ctx context.Context, o int, w solver.World, limit int) (int, error) {
	ck, view, err := v.view(o, w)
	if err != nil {
		return 0, err
	}
	if n, ok := v.cache[ck]; ok && n >= 1 {
		return min(n, limit), nil
	}
	found := make(map[string]solver.World)
	add := func(w solver.World) {
		k := v.Solution(o, w)
		if _, ok := found[k]; !ok {
			found[k] = append(solver.World(nil), w...)
		}
	}
	add(w)
	// The neighbourhood: every swap of two cards' holders, the pivots'
	// first.
	x := append(solver.World(nil), w...)
	try := func(a, b int) {
		if x[a] == x[b] {
			return
		}
		x[a], x[b] = x[b], x[a]
		if bad, deal := view.Check(x); deal && bad == nil {
			add(x)
		}
		x[a], x[b] = x[b], x[a]
	}
	var pivots []solver.Card
	if v.Pivots != nil {
		pivots = v.Pivots(o, w)
	}
	isPivot := make([]bool, len(x))
	for _, a := range pivots {
		isPivot[a] = true
		for b := 0; b < len(x) && len(found) < limit; b++ {
			if !isPivot[b] || int(b) > int(a) {
				try(int(a), b)
			}
		}
	}
	for a := 0; a < len(x) && len(found) < limit; a++ {
		for b := a + 1; b < len(x) && len(found) < limit; b++ {
			if !isPivot[a] && !isPivot[b] {
				try(a, b)
			}
		}
	}
	for len(found) < limit {
		q := view.Clone()
		for _, y := range found {
			if _, err := q.Add(solver.Observation{Label: "not", Constraints: v.Not(o, y)}); err != nil {
				return 0, err
			}
		}
		var next solver.World
		for y := range solver.NewSAT(q).Worlds(ctx) {
			next = y
			break
		}
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		if next == nil {
			break
		}
		add(next)
	}
	n := len(found)
	v.cache[ck] = n
	return min(n, limit), nil
}

// viewWorlds are a view's worlds: all of them, or the first few when all
// is false.
type viewWorlds struct {
	ws  []solver.World
	all bool
}
