package estimate

import "math"

// Honest figures. The particles are not independent draws of the
// posterior: after a resampling many are copies of one history, and the
// copies agree on everything that history decided. A figure on which all
// of a few histories agree is not certain, and the delta-method error of
// a weighted mean over the particles (which treats them as independent)
// says 0 for it. Three things make the figures honest.
//
//   - The particles are grouped by the deal their history descends from
//     (the root of their ancestry; a move that draws a fresh deal, a
//     rescue or a recovery starts new ones): copies of one history and
//     their descendants make one group. The
//     standard error is that of the weighted mean with the groups as the
//     independent units (a cluster-robust variance), and the number of
//     independent histories K is the groups' effective number,
//     (Σ W_c)² / Σ W_c² over the groups' weights W_c.
//   - A figure is the posterior mean of a card's place given K independent
//     draws of it and a Jeffreys prior over the card's open places: (P·K +
//     ½) / (K + L/2) for a card with L open places, P the particles' mean.
//     With all of K histories agreeing, a place is drawn at most (K + ½) /
//     (K + L/2) and at least ½ / (K + L/2): no figure looks certain unless
//     many independent histories say so.
//   - The standard error is at least the binomial error of K draws at
//     that figure, and the sheet draws an open cell ">99" or "<1" only
//     when the figure is more than two standard errors inside that range
//     (else "99" or "1").
//
// Figures are made symmetric too: players whose hands are virgin (package engine's deck.go)
// and were dealt from the same parts of the deck are interchangeable in
// every history (the model redraws those hands together with the set-up
// group), so each particle's figure for one of them is the mean over all
// of them (an exact average over their arrangements). Places the lines
// cannot tell apart thus show the same figure.

// ClusterLag is how many steps up its ancestry (turns) a particle's group
// is taken: all the way, to the deal (see above). Measured against the
// simulator, groups taken one, two or four turns back left the cells drawn
// at ≤ 1% true 5 to 8% of the time at 6 and 7 players: histories that
// parted a few turns ago still share what their common deal decided
// (docs/benchmarks.md).
var ClusterLag = math.MaxInt

// jeffreys is the prior's weight on each open place (see above).
const jeffreys = 0.5

// nowStats is what the figures need of the particles now: their weights'
// sum, their groups and the effective number of independent histories.
type nowStats struct {
	sw float64
	cl []int   // each particle's group
	nc int     // the groups
	K  float64 // the independent histories, K
}

// clusterOf is the history a particle's group is named by: clusterLag
// steps up its ancestry (the oldest known when shorter: the deal).
func clusterOf(a *anc) *anc {
	for range ClusterLag {
		if a == nil || a.up == nil {
			break
		}
		a = a.up
	}
	return a
}

// Stats groups the particles now (see above).
func (t *Tracker) Stats() *nowStats {
	ns := &nowStats{cl: make([]int, len(t.Now))}
	ids := map[*anc]int{}
	var ws []float64
	for i, p := range t.Now {
		ns.sw += p.W
		id, ok := ids[p.c]
		if !ok || p.c == nil {
			id = len(ws)
			ids[p.c] = id
			ws = append(ws, 0)
		}
		ns.cl[i] = id
		ws[id] += p.W
	}
	ns.nc = len(ws)
	var sq float64
	for _, w := range ws {
		sq += w * w
	}
	if sq > 0 {
		ns.K = ns.sw * ns.sw / sq
	}
	return ns
}

// Estimate is the figure (see above) of a place with values xs over the
// particles now, for a card with open places (at least 1).
func (ns *nowStats) Estimate(now []snap, xs []float64, open int) Estimate {
	if ns.sw == 0 {
		return Estimate{}
	}
	var sf float64
	for i, p := range now {
		sf += p.W * xs[i]
	}
	m := sf / ns.sw
	d := make([]float64, ns.nc)
	for i, p := range now {
		d[ns.cl[i]] += p.W / ns.sw * (xs[i] - m)
	}
	var v float64
	for _, x := range d {
		v += x * x
	}
	if ns.nc > 1 {
		v *= float64(ns.nc) / float64(ns.nc-1)
	}
	k := ns.K
	if open <= 1 || k <= 0 {
		return Estimate{P: m, SE: math.Sqrt(v), K: k}
	}
	p := (m*k + jeffreys) / (k + jeffreys*float64(open))
	shrink := k / (k + jeffreys*float64(open))
	v *= shrink * shrink
	v = max(v, p*(1-p)/k)
	return Estimate{P: p, SE: math.Sqrt(v), K: k}
}

// Drawn is the figure the sheet draws for an estimate: its P, but ">99"
// and "<1" only when P is more than two standard errors inside (then
// 0.99 and 0.01).
func (e Estimate) Drawn() float64 {
	switch {
	case e.P > 0.99 && e.P-2*e.SE <= 0.99:
		return 0.99
	case e.P < 0.01 && e.P+2*e.SE >= 0.01:
		return 0.01
	}
	return e.P
}
